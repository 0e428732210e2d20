from django.apps import AppConfig


class TrackerConfig(AppConfig):
    """The card-game companion: each game's records, play screens and history on one core."""

    name = "tracker"
    verbose_name = "Card-game companion"

    def ready(self):
        # Each game registers itself with the core (tracker.core.games) when its module loads.
        from tracker.barbarian_vince import game as _barbarian_vince  # noqa: F401
        from tracker.card_rpg import game  # noqa: F401
