from django.apps import AppConfig


class TrackerConfig(AppConfig):
    """The Card RPG companion: characters, play and history."""

    name = "tracker"
    verbose_name = "Card RPG tracker"
