"""What every use case on a record shares: its refusals, its Step and the limits of a log."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from django.conf import settings
from django.utils.translation import gettext, pgettext, pgettext_lazy

from tracker.core.games import Game

DEFAULT_MAX_LOG_ACTIONS = 20_000


class VersionConflict(Exception):
    """Another screen changed the record first; nothing was written.

    `record` is the record as it is now (its `state`, `version`, `virtual_deck`), so the screen
    can redraw itself from it: "this changed on another screen — here is where it stands".
    """

    def __init__(self, record, expected_version: int):
        self.record = record
        self.expected_version = expected_version
        super().__init__(
            gettext(
                "%(name)s changed on another screen: this screen showed version "
                "%(expected)s, it is at version %(version)s"
            )
            % {"name": record.name, "expected": expected_version, "version": record.version}
        )

    @property
    def current_version(self) -> int:
        return self.record.version

    @property
    def state(self) -> dict:
        return self.record.state


class AlreadyApplied(Exception):
    """The same tap was written before (its answer never reached the phone): nothing is
    written again. `record` is the record as it is now, for the answer that tap should have had.
    """

    def __init__(self, record):
        self.record = record
        super().__init__(f"{record.name}: this tap was saved already")


class UndoError(Exception):
    """An undo that can't be done: nothing to undo, or it would undo the record's creation."""


class ImportRefused(ValueError):
    """A log file refused before anything was written (too large, wrong game, no actions)."""


# What each game calls one record (Game.noun), for the messages that name it.
RECORD_NOUNS = (
    pgettext_lazy("what one record of a game is called", "character"),
    pgettext_lazy("what one record of a game is called", "adventure"),
    pgettext_lazy("what one record of a game is called", "table"),
)


def noun(game: Game) -> str:
    """The game's word for one record, in the player's language."""
    return pgettext("what one record of a game is called", game.noun)


class Keep(enum.Enum):
    VIRTUAL_DECK = "keep"


# Pass as `virtual_deck` to keep the virtual table the record already has.
KEEP_VIRTUAL_DECK = Keep.VIRTUAL_DECK
VirtualDeckState = dict | None | Literal[Keep.VIRTUAL_DECK]


@dataclass(frozen=True)
class Step:
    """One action of a log with the states around it (as replayed or just applied)."""

    seq: int
    action: dict
    before: dict
    after: dict
    at: datetime | None = None


def max_log_actions() -> int:
    """The most actions a log file (or one record of an archive) may hold."""
    return int(getattr(settings, "CARDRPG_MAX_LOG_ACTIONS", DEFAULT_MAX_LOG_ACTIONS))
