"""The games the app serves, as the core sees them: an engine, models and a few hooks.

A game plugs in by describing itself with a `Game` and calling `register` (each game's
``game.py`` does, imported by ``tracker.apps``). The core's services, files, backups, seats and
home page work on any registered game through this description alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

CARD_RPG = "card-rpg"


class Engine(Protocol):
    """A game's pure rules engine (tracker/rules/<game>/)."""

    def initial_state(self) -> dict: ...

    def apply(self, state: dict, action: dict) -> dict: ...


class Projector:
    """What a game keeps beside its log for history pages: columns of its record and rows.

    The default keeps nothing. A game's projector folds each action into `projection` (a JSON
    value stored with the record and with each snapshot), so an action never needs to read
    other rows, and writes its rows only when something they show has changed.
    """

    def start(self) -> dict:
        """The projection before the first action."""
        return {}

    def step(self, projection: dict, before: dict, action: dict, after: dict, *, seq: int, at):
        """The projection once action `seq` has taken effect (pure: never change the given)."""
        return projection

    def fold(self, projection: dict, before: dict, action: dict, after: dict, *, seq: int, at):
        """As `step`, for a replay that owns `projection` and gives it up: a game whose
        projection grows (a long turn) may change it where it stands, so each action costs the
        same however much it holds. The value returned keeps, unchanged by later folds, what
        `write_all` reads of it; the rest may change with the next fold (the core writes a
        snapshot out as soon as it is made). The default is `step`."""
        return self.step(projection, before, action, after, seq=seq, at=at)

    def written(self, projection: dict) -> dict:
        """What `write_all` reads of one entry's projection: a replay keeps only this for each
        entry (and the whole projection for the last), so its memory follows what the rows
        need, not the projection's size times the log's length. The default: all of it."""
        return projection

    def record_fields(self, state: dict, projection: dict) -> dict[str, Any]:
        """Columns of the record row that mirror the state (written with every action)."""
        return {}

    def write(self, record, entry, old: dict, new: dict) -> None:
        """Rows to write for one new action (inside its transaction)."""

    def rewind(self, record, keep: int, old: dict, new: dict) -> None:
        """Rows to mend after the log was cut back to entry `keep` (old: the projection before)."""

    def write_all(self, record, entries: list, projections: list[dict]) -> None:
        """Rows for a whole log written at once (import, restore, rebuild)."""


@dataclass(frozen=True)
class Game:
    """One game as the core sees it."""

    id: str  # the log file's "game" key ("card-rpg" when a file has none)
    title: str  # "Card RPG – Advanced"
    noun: str  # what one record is called: "character", "adventure", "table"
    engine: Engine
    record_model: type
    entry_model: type
    entry_fk: str  # the entry's foreign key to its record
    projector: Projector = field(default_factory=Projector)
    seat_model: type | None = None
    # The name a log's state gives its record (None: the file must name it).
    name_in_state: Callable[[dict], str | None] = lambda state: None
    # The names of players a state holds besides the record's own (a table's heroes): a page
    # in Chinese keeps each on one line (tracker.core.i18n.names_shown).
    names_in_state: Callable[[dict], Iterable[str]] = lambda state: ()
    # Checks a name as the game's rules would (returns it trimmed, or raises RuleError).
    check_name: Callable[[str], str] = lambda name: name
    # Where the record's main screen is, and what it waits for now (for "Your games").
    url: Callable[[Any], str] = lambda record: "/"
    waiting_for: Callable[[Any], str] = lambda record: ""
    new_url: str = ""  # the URL name of the page that starts a new record
    new_label: str = ""  # its button: "New character"
    # "Your games": the section's heading and the template drawing its records (`records`).
    home_heading: str = ""
    home_template: str = ""
    # The action a log begins with (e.g. create_character).
    first_action: str = ""
    # An exported log's file name ends so (".cardrpg.json"); `file_fallback` names a file whose
    # record's name leaves nothing to name it by.
    file_suffix: str = ".json"
    file_fallback: Any = "record"
    # Top-level fields an export adds beside "game" and "name" (e.g. Card RPG's ruleset).
    export_extra: Callable[[Any], dict] = lambda record: {}
    # Loads a stored virtual table as the play screen would, for the state it goes with, and
    # raises if it can't be used (a restore refuses such an archive).
    check_virtual_deck: Callable[[Any, dict], None] = lambda table, state: _no_virtual_deck(table)
    # The action that renames a record in its log (None: a rename changes only the record's
    # name). With one, a rename is logged like any action, and undo takes it back.
    rename_action: Callable[[str], dict] | None = None
    # What a screen drawn from `record` asks the player (`seat`: the players a phone acts
    # for, at a shared table): a JSON value. A tap drawn at an older version is still applied
    # when this is the same now (the record moved on in something the tap does not act on).
    asked: Callable[[Any, Any], Any] = lambda record, seat: asked_of_whole_state(record)
    # What else a screen of the record of this id shows that other records hold (Card RPG's
    # table strip: the characters at its table, and the table), by (kind, id) with each one's
    # version now: its live stream tells of their changes too. A kind is a game's id, or one
    # of `also_followed` (model by kind: tables whose `version` the live listeners hear).
    nearby: Callable[[int], dict[tuple[str, int], int]] = lambda record_id: {}
    # Who else may follow record `record_id` besides its owner and its seats' holders
    # (tracker.core.seats): (its version, who follows) or None. Card RPG: a guest's phone
    # playing its seat's character.
    may_follow: Callable[[Any, int], tuple[int, str] | None] = lambda request, record_id: None
    also_followed: dict[str, type] = field(default_factory=dict)


def asked_of_whole_state(record, drop: tuple[str, ...] = ("actions",)) -> dict:
    """Everything a record's state holds but the counters in `drop`, and whether the app deals:
    for a game played alone, any change but those leaves a screen drawn before out of date."""
    state = {key: value for key, value in record.state.items() if key not in drop}
    return {"state": state, "table": record.virtual_deck is not None}


def _no_virtual_deck(table) -> None:
    if table is not None:
        raise ValueError("this game has no virtual table")


_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make `game` known to the core (its id must be new)."""
    if game.id in _GAMES and _GAMES[game.id] is not game:
        raise ValueError(f"a game with id {game.id!r} is registered already")
    _GAMES[game.id] = game
    return game


def unregister(game_id: str) -> None:
    """Forget a game (for tests that register a game of their own)."""
    _GAMES.pop(game_id, None)


def get(game_id: str) -> Game:
    """The registered game with this id (KeyError if none)."""
    return _GAMES[game_id]


def all_games() -> list[Game]:
    """Every registered game, in the order they were registered."""
    return list(_GAMES.values())


def ids() -> list[str]:
    """The ids of every registered game."""
    return list(_GAMES)


def iso(at: datetime | None) -> str | None:
    """A datetime as the ISO text projections keep in JSON."""
    return at.isoformat() if at is not None else None
