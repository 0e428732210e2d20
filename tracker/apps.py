from django.apps import AppConfig


class TrackerConfig(AppConfig):
    """The card-game companion: each game's records, play screens and history on one core."""

    name = "tracker"
    verbose_name = "Card-game companion"

    def ready(self):
        # Each game registers itself with the core (tracker.core.games) when its module loads,
        # in the order "Your games" shows them.
        import importlib

        for game in ("card_rpg", "barbarian_vince", "barcadia"):
            importlib.import_module(f"tracker.{game}.game")

        _keep_names_whole()


def _keep_names_whole() -> None:
    """Each record and seat loaded while a page is drawn says the names it holds, so that a page
    in Chinese keeps each name on one line (tracker.core.i18n.kept_whole): every page that shows
    a name has loaded its record or seat, whatever screen, list or strip draws it."""
    from django.apps import apps
    from django.db.models.signals import post_init

    from tracker.core import games
    from tracker.core.i18n import names_shown
    from tracker.core.models import Seat

    # Only what the query loaded is read: a deferred field read here would cost a query.
    def record_loaded(game):
        def said(sender, instance, **kwargs):
            fields = instance.__dict__
            names_shown([fields.get("name") or ""])
            if isinstance(fields.get("state"), dict):
                names_shown(game.names_in_state(fields["state"]))

        return said

    def seat_loaded(sender, instance, **kwargs):
        names_shown([instance.__dict__.get("name") or ""])

    for game in games.all_games():
        post_init.connect(record_loaded(game), sender=game.record_model, weak=False)
    for model in apps.get_models():
        if issubclass(model, Seat):
            post_init.connect(seat_loaded, sender=model, weak=False)
