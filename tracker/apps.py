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
