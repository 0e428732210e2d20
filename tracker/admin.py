"""The admin: each game registers its own read-only views of its records."""

from tracker.card_rpg import admin as card_rpg_admin  # noqa: F401  (registers its models)
