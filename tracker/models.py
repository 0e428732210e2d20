"""Every model of the app, gathered so Django registers them: the core's and each game's."""

from tracker.barbarian_vince.models import (
    Adventure,
    AdventureLogEntry,
    AdventureTurn,
    RememberedCard,
)
from tracker.barcadia.models import (  # noqa: F401
    Table,
    TableEvent,
    TableLogEntry,
    TableSeat,
    TileBoxFace,
)
from tracker.card_rpg.models import (
    ActionLogEntry,
    Character,
    Fight,
    FightOutcome,
    MonsterKind,
    Phase,
    PlaySession,
    RpgSeat,
    RpgTable,
    SessionEnding,
    SharedStep,
)
from tracker.core.models import Preferences

__all__ = [
    "Preferences",
    "ActionLogEntry",
    "Adventure",
    "AdventureLogEntry",
    "AdventureTurn",
    "RememberedCard",
    "Character",
    "Fight",
    "FightOutcome",
    "MonsterKind",
    "Phase",
    "PlaySession",
    "RpgSeat",
    "RpgTable",
    "SharedStep",
    "SessionEnding",
]
