from django.apps import AppConfig


class TrackerConfig(AppConfig):
    """The card-game companion: each game's records, play screens and history on one core."""

    name = "tracker"
    verbose_name = "Card-game companion"

    def ready(self):
        # Each game registers itself with the core (tracker.core.games) when its module loads.
        from tracker.card_rpg import game  # noqa: F401

        __import__("tracker.barcadia.game")  # after Card RPG: "Your games" lists it second
