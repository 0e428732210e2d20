"""The admin: each game registers its own read-only views of its records (on the core's base,
tracker/core/admin.py)."""

from tracker.barbarian_vince import admin as barbarian_vince_admin  # noqa: F401  (registers)
from tracker.barcadia import admin as barcadia_admin  # noqa: F401  (registers)
from tracker.card_rpg import admin as card_rpg_admin  # noqa: F401  (registers its models)
