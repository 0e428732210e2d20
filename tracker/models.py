"""Every model of the app, gathered so Django registers them: the core's and each game's."""

from tracker.barcadia.models import Table, TableEvent, TableLogEntry, TableSeat  # noqa: F401
from tracker.card_rpg.models import (
    ActionLogEntry,
    Character,
    Fight,
    FightOutcome,
    MonsterKind,
    Phase,
    PlaySession,
    SessionEnding,
)

__all__ = [
    "ActionLogEntry",
    "Character",
    "Fight",
    "FightOutcome",
    "MonsterKind",
    "Phase",
    "PlaySession",
    "SessionEnding",
]
