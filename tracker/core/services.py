"""Use cases on any game's record, each one database transaction (docs/persistence.md).

Every write locks the record's row, checks the version the caller's screen showed, lets the
game's engine apply the action, appends it to the log and brings the record (and the game's
projected rows) up to date before the transaction commits — or writes nothing at all.

An action costs the same at any length of log: the current state is stored on the record, the
game's projection is folded forward from the one stored beside it, and only every
SNAPSHOT_EVERY-th entry keeps a whole state. Undo reads the snapshot at or before the point it
goes back to and replays at most SNAPSHOT_EVERY - 1 actions from there.

Slow work never happens inside a write transaction: an import parses, checks and replays the
whole file first, and only then opens a short transaction that writes the result in bulk.
"""

from __future__ import annotations

import enum
import hashlib
import json
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import IO, Any, Literal

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Case, Subquery, TextField, Value, When
from django.utils import timezone
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy

from tracker.core import games
from tracker.core.games import Game
from tracker.core.i18n import listing
from tracker.core.models import (
    SNAPSHOT_EVERY,
    JSONText,
    is_snapshot_seq,
    json_text,
    keeps_snapshot,
    snapshot_spacing,
)
from tracker.rules import log as logfile
from tracker.rules.errors import ReplayError, RuleError

DEFAULT_MAX_LOG_ACTIONS = 20_000
# An import made from a web page replays its file at this share of a processor (pausing in
# between), so the players at the table beside it keep their pace; the command line does not.
WEB_IMPORT_SHARE = 0.5
PACE_EVERY = 250


class VersionConflict(Exception):
    """Another screen changed the record first; nothing was written.

    `record` is the record as it is now (its `state`, `version`, `table_state`), so the screen
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


# What each game calls one record (Game.noun), for the messages below that name it.
RECORD_NOUNS = (
    pgettext_lazy("what one record of a game is called", "character"),
    pgettext_lazy("what one record of a game is called", "adventure"),
    pgettext_lazy("what one record of a game is called", "table"),
)


def _noun(game: Game) -> str:
    """The game's word for one record, in the player's language."""
    return pgettext("what one record of a game is called", game.noun)


class _Keep(enum.Enum):
    TABLE_STATE = "keep"


# Pass as `table_state` to keep the virtual table the record already has.
KEEP_TABLE_STATE = _Keep.TABLE_STATE
TableState = dict | None | Literal[_Keep.TABLE_STATE]


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


# --- reading ---------------------------------------------------------------------------------


def record_get(*, game: Game, record_id: int, owner):
    """The owner's record with its current state (one query; DoesNotExist if not theirs)."""
    return game.record_model.objects.get(pk=record_id, owner=owner)


def record_steps(*, game: Game, record, first: int, last: int) -> list[Step]:
    """The actions `first`…`last` of the log with the state before and after each (one query).

    The states are replayed from the nearest snapshot, so this costs at most SNAPSHOT_EVERY - 1
    actions more than the span asked for, however long the log.
    """
    first = max(1, first)
    last = min(last, record.last_seq)
    if first > last:
        return []
    rows = _entries(game, record, max(1, first - 1), last)
    return [step for step, _projection, _table in _replayed(game, rows) if step.seq >= first]


def record_tail(*, game: Game, record, count: int) -> list[tuple[Step, dict | None]]:
    """The last `count` Steps of the log, each with the virtual table after it (one query)."""
    last = record.last_seq
    first = max(1, last - count + 1)
    rows = _entries(game, record, max(1, first - 1), last)
    return [
        (step, table) for step, _projection, table in _replayed(game, rows) if step.seq >= first
    ]


def record_state_at(*, game: Game, record, seq: int) -> tuple[dict, dict, dict | None]:
    """The state, projection and virtual table just after log entry `seq` (one query)."""
    rows = _entries(game, record, seq, seq)
    *_, (step, projection, table) = _replayed(game, rows)
    return step.after, projection, table


def record_check_tap(
    *, game: Game, record, expected_version: int, tap: str = "", asked: str = "", seat=None
) -> int:
    """The version a tap drawn at `expected_version` goes ahead at on `record` as read now:
    the same, or the record's own when it moved on in nothing the tap's screen asked.

    Raises AlreadyApplied for a tap written already, VersionConflict for a screen out of date.
    A screen that previews the tap before writing it asks this first; the write checks again.
    """
    return _version_to_write(game, record, expected_version, tap=tap, asked=asked, seat=seat)


# --- creating and playing --------------------------------------------------------------------


@transaction.atomic
def record_create(
    *, game: Game, owner, actions: Sequence[dict], name: str, table_state: dict | None = None
):
    """Start a new record by applying its first action(s), e.g. create_character."""
    if not actions:
        raise ValueError("a record starts with at least one action")
    steps, projections, snapshots = _replay(game, actions, timezone.now(), tables=table_state)
    record = game.record_model(
        owner=owner,
        name=name,
        state=steps[-1].after,
        projection=projections[-1],
        table_state=table_state,
        version=1,
        last_seq=len(steps),
        **game.projector.record_fields(steps[-1].after, projections[-1]),
    )
    record.save(force_insert=True)
    entries = _store_log(
        game, record, steps, projections, [table_state] * len(steps), snapshots=snapshots
    )
    game.projector.write_all(record, entries, projections)
    return record


def record_apply(
    *,
    game: Game,
    record_id: int,
    owner,
    action: dict | None = None,
    actions: Sequence[tuple[dict, TableState]] | None = None,
    expected_version: int,
    table_state: TableState = KEEP_TABLE_STATE,
    record=None,
    afters: Sequence[dict] | None = None,
    tap: str = "",
    asked: str = "",
    seat: Any = None,
):
    """Apply one action (or several in a row): append to the log, update state and projection.

    Raises VersionConflict if the record is no longer at `expected_version`, and the engine's
    RuleError if the rules refuse an action; either way nothing is written. `table_state` is
    the virtual table after the action (left out, the record keeps the one it has); `actions`
    gives several (action, table state) pairs, applied in order in the same transaction.
    `record` is the record as the caller read it for its screen: then it is not read again,
    and the write itself proves nobody wrote in between (docs/persistence.md, "Versions").
    `afters`, with `record`: the state after each action, when the caller has just run the
    rules on `record.state` (its screen's preview of the tap): they are not run again. The
    record comes back with `steps`: the Steps just applied.

    `tap` is the id the phone gave this tap: the same tap sent again (its answer was lost) is
    refused with AlreadyApplied, not applied twice. `asked` is the fingerprint (asked_of) of
    what the screen asked when it was drawn, for `seat`: a tap drawn at an older version is
    applied all the same when the record still asks that (docs/persistence.md, "Versions").
    """
    if actions is None:
        actions = [(action, table_state)]
    if record is None:
        return _apply_locked(game, record_id, owner, actions, expected_version, tap, asked, seat)
    _check_owner(game, record, record_id, owner)
    fresh = _version_to_write(game, record, expected_version, tap=tap, asked=asked, seat=seat)
    work = _applied(game, record, actions, afters)
    try:
        with transaction.atomic():
            _write_applied(game, record, work, fresh, tap=tap)
    except (IntegrityError, _Stale) as error:
        _conflict_or_raise(game, record_id, owner, fresh, error, tap=tap)
    return record


@transaction.atomic
def _apply_locked(
    game: Game, record_id: int, owner, actions, expected_version: int, tap="", asked="", seat=None
):
    record = _lock(game, record_id, owner)
    fresh = _version_to_write(game, record, expected_version, tap=tap, asked=asked, seat=seat)
    _write_applied(game, record, _applied(game, record, actions), fresh, tap=tap)
    return record


@dataclass
class _Applied:
    steps: list[Step]
    projections: list[dict]
    tables: list


def _applied(game: Game, record, actions, afters: Sequence[dict] | None = None) -> _Applied:
    """The steps the actions make from the record's state (pure: the engine, no database).

    `afters`, if given, are the states the engine made of these actions from this state.
    """
    if afters is not None and len(afters) != len(actions):
        raise ValueError("one state after each action")
    state, projection, table = record.state, record.projection, record.table_state
    now = timezone.now()
    work = _Applied([], [], [])
    for index, (one, one_table) in enumerate(actions):
        seq = record.last_seq + 1 + index
        after = game.engine.apply(state, one) if afters is None else afters[index]
        work.steps.append(Step(seq, one, state, after, now))
        projection = game.projector.step(projection, state, one, after, seq=seq, at=now)
        work.projections.append(projection)
        table = table if one_table is KEEP_TABLE_STATE else one_table
        work.tables.append(table)
        state = after
    return work


def _write_applied(
    game: Game, record, work: _Applied, expected_version: int, *, tap: str = ""
) -> None:
    """Append the entries, the game's rows and the record's new state (in the caller's
    transaction)."""
    old_projection, old_table = record.projection, record.table_state
    entries = _store_log(
        game, record, work.steps, work.projections, work.tables, previous_table=old_table, tap=tap
    )
    for entry, previous, current in zip(
        entries, [old_projection, *work.projections[:-1]], work.projections, strict=True
    ):
        game.projector.write(record, entry, previous, current)
    record.last_seq = work.steps[-1].seq
    _store_state(
        game,
        record,
        work.steps[-1].after,
        work.projections[-1],
        work.tables[-1],
        expected_version=expected_version,
        tap=tap,
    )
    record.steps = work.steps


@transaction.atomic
def record_set_table(
    *,
    game: Game,
    record_id: int,
    owner,
    table_state,
    expected_version: int,
    guard: Callable[[Any], None] | None = None,
):
    """Switch the app's virtual table on (its state) or off (None) from now on.

    The table is recorded with the newest log entry too, so undoing back to this point later
    brings this table back. `guard` may refuse the switch (by raising) once the record is locked.
    """
    record = _lock(game, record_id, owner, expected_version)
    if guard is not None:
        guard(record)
    changes: dict[str, Any] = {"table_state": table_state, "table_changed": True}
    if is_snapshot_seq(record.last_seq):
        # The entry's snapshot, if it keeps one (keeps_snapshot), gets the table too: in the
        # same one statement.
        text = _snapshot_text(record.state, record.projection, table_state)
        changes["snapshot"] = Case(
            When(snapshot__isnull=True, then=Value(None, output_field=TextField())),
            default=Value(str(text), output_field=TextField()),
        )
    game.entry_model.objects.filter(**{game.entry_fk: record, "seq": record.last_seq}).update(
        **changes
    )
    record.table_state = table_state
    record.version += 1
    record.save(update_fields=["table_state", "version", "updated_at"])
    return record


# --- undo ------------------------------------------------------------------------------------


def record_undo(
    *,
    game: Game,
    record_id: int,
    owner,
    steps: int = 1,
    expected_version: int,
    record=None,
    tap: str = "",
):
    """Take back the last `steps` actions, as if they had never been played.

    The record comes back with `undone`: the Steps taken back, oldest first (None for a long
    span), and `steps`: the Step that now ends the log. `record`, as for record_apply, is the
    record as the caller read it (then it is not read again). An undo is applied only at the
    version its screen showed; the same undo sent again (`tap`) is refused with AlreadyApplied.
    """
    if record is None:
        return _undo_locked(game, record_id, owner, steps, expected_version, tap)
    _check_owner(game, record, record_id, owner)
    _version_to_write(game, record, expected_version, tap=tap)
    try:
        with transaction.atomic():
            _undo(game, record, steps, expected_version, tap)
    except _Stale as error:
        _conflict_or_raise(game, record_id, owner, expected_version, error, tap=tap)
    return record


@transaction.atomic
def _undo_locked(game: Game, record_id: int, owner, steps, expected_version: int, tap: str = ""):
    record = _lock(game, record_id, owner)
    _version_to_write(game, record, expected_version, tap=tap)
    _undo(game, record, steps, expected_version, tap)
    return record


def _undo(game: Game, record, steps, expected_version: int, tap: str = "") -> None:
    if type(steps) is not int or steps < 1:
        raise UndoError(
            gettext("undo takes back one action or more, not %(steps)s") % {"steps": repr(steps)}
        )
    undoable = record.last_seq - 1
    if steps > undoable:
        if undoable == 0:
            raise UndoError(
                gettext("there is nothing to undo: the %(noun)s has only been created")
                % {"noun": _noun(game)}
            )
        raise UndoError(
            ngettext(
                "only %(count)s action can be undone; the %(noun)s's creation can't be "
                "(delete the %(noun)s instead)",
                "only %(count)s actions can be undone; the %(noun)s's creation can't be "
                "(delete the %(noun)s instead)",
                undoable,
            )
            % {"count": undoable, "noun": _noun(game)}
        )
    _truncate(game, record, record.last_seq - steps, expected_version, tap)


@transaction.atomic
def record_undo_to(*, game: Game, record_id: int, owner, seq: int, expected_version: int):
    """Go back to just after the log entry `seq` ("undo to here"); later actions are dropped."""
    record = _lock(game, record_id, owner, expected_version)
    if type(seq) is not int or not 1 <= seq <= record.last_seq:
        raise UndoError(
            gettext(
                "there is no action %(seq)s to go back to: the log runs from 1 (the %(noun)s's "
                "creation) to %(last)s"
            )
            % {"seq": repr(seq), "noun": _noun(game), "last": record.last_seq}
        )
    if seq < record.last_seq:
        _truncate(game, record, seq, expected_version)
    else:
        record.undone = []
    return record


# Undo tells what it took back only when that is a short span (a screen's worth of words).
UNDONE_TOLD = 20
# ...and gives the Steps that now end the log, as many as one tap can write.
TAIL = 8


def _truncate(game: Game, record, keep: int, expected_version: int, tap: str = "") -> None:
    """Cut the log back to entry `keep` and bring the record and projection back to that point."""
    last = record.last_seq
    told = last - keep <= UNDONE_TOLD
    # One read: from the snapshot at or before the entry before `keep` (so the step that now
    # ends the log is known with its own before-state) to the end if the undone are told.
    rows = _entries(game, record, max(1, keep - TAIL), last if told else keep)
    replayed = _replayed(game, rows, hold=keep)
    at_keep = next(item for item in replayed if item[0].seq == keep)
    step, projection, table = at_keep
    game.entry_model.objects.filter(**{game.entry_fk: record, "seq__gt": keep}).delete()
    old_projection = record.projection
    record.last_seq = keep
    game.projector.rewind(record, keep, old_projection, projection)
    _name_after_undo(game, record, step.after)
    _store_state(
        game, record, step.after, projection, table, expected_version=expected_version, tap=tap
    )
    record.undone = [item[0] for item in replayed if item[0].seq > keep] if told else None
    # The Steps that now end the log (up to TAIL of them), so a screen can name the next undo
    # — a whole tap of several entries — without reading the log again.
    first = replayed[0][0].seq
    record.steps = [
        item[0]
        for item in replayed
        if keep - TAIL < item[0].seq <= keep and (item[0].seq > first or item[0].seq == 1)
    ]


def _name_after_undo(game: Game, record, state: dict) -> None:
    """A game that logs its renames takes a rename back with the rest of an undo."""
    if game.rename_action is None:
        return
    old, new = game.name_in_state(record.state), game.name_in_state(state)
    if new and new != old:
        record.name = new


# --- name and deletion -----------------------------------------------------------------------


@transaction.atomic
def record_rename(*, game: Game, record_id: int, owner, name: str, expected_version: int):
    """Give the record a new name; the game's own name rule decides what is accepted.

    A game with a `rename_action` logs the rename (one more action, undoable like any other,
    so the game's own messages and exports use the new name; the same name again logs
    nothing); otherwise only the record's name changes and the version moves on.
    """
    record = _lock(game, record_id, owner, expected_version)
    name = game.check_name(name)
    if game.rename_action is not None:
        if name == record.name:
            record.steps = []
            return record  # nothing to log
        record.name = name
        work = _applied(game, record, [(game.rename_action(name), KEEP_TABLE_STATE)])
        _write_applied(game, record, work, expected_version)
        return record
    record.name = name
    record.version += 1
    record.save(update_fields=["name", "version", "updated_at"])
    return record


@transaction.atomic
def record_delete(*, game: Game, record_id: int, owner, expected_version: int) -> None:
    """Delete the record with its whole log and history."""
    record = _lock(game, record_id, owner, expected_version)
    record.delete()


# --- files -----------------------------------------------------------------------------------


def record_export(*, game: Game, record) -> str:
    """The record's log as a cardrpg-log file naming its game, with its current name."""
    actions = (
        game.entry_model.objects.filter(**{game.entry_fk: record})
        .order_by("seq")
        .values_list("action", flat=True)
    )
    extra = {"game": game.id, "name": record.name, **game.export_extra(record)}
    return logfile.dump_log(actions.iterator(chunk_size=2000), **extra) + "\n"


@dataclass
class PreparedImport:
    """A log file read, checked and replayed: everything `record_import_write` needs."""

    game: Game
    name: str
    steps: list[Step]
    projections: list[dict]
    digest: str
    # The log entries, and their column values ready for the database (see _prepared_rows).
    entries: list = field(default_factory=list)
    values: list = field(default_factory=list)


def record_import_prepare(
    *, text: str | bytes | IO, name: str | None = None, share: float = 1.0
) -> PreparedImport:
    """Read, check and replay a log file with no transaction open (the slow part of an import).

    Raises ImportRefused (or ValueError) for a file that is not a log this app reads, and the
    engine's ReplayError naming the refused action; nothing is written either way.
    """
    if hasattr(text, "read"):
        text = text.read()
    raw = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    document = logfile.load_document(raw, max_actions=max_log_actions())
    game_id = document.get("game", games.CARD_RPG)
    try:
        game = games.get(game_id)
    except KeyError:
        known = listing(games.ids())
        raise ImportRefused(
            gettext(
                "this file is a log of %(game)s, a game this app does not know "
                "(it knows: %(known)s)"
            )
            % {"game": repr(game_id), "known": known}
        ) from None
    actions = document["actions"]
    if not actions:
        raise ImportRefused(
            gettext("the log holds no actions: a %(noun)s's log starts with its first")
            % {"noun": _noun(game)}
        )
    steps, projections, snapshots = _replay(
        game, actions, timezone.now(), share=share, keep_state=_no_states
    )
    if name is None:
        given = document.get("name")
        name = given if isinstance(given, str) else game.name_in_state(steps[-1].after)
    if name is None:
        raise ImportRefused(
            gettext("the file names no %(noun)s: give it a name") % {"noun": _noun(game)}
        )
    name = game.check_name(name)
    entries = _entry_rows(game, steps, projections, [None] * len(steps), snapshots=snapshots)
    values = _prepared_rows(game, entries) if len(entries) > MANY_ENTRIES else []
    digest = hashlib.sha256(raw).hexdigest()
    return PreparedImport(game, name, steps, projections, digest, entries, values)


class ImportAbandoned(Exception):
    """The uploader stopped waiting before the import was written: nothing was kept."""


@transaction.atomic
def record_import_write(
    *, prepared: PreparedImport, owner, still_wanted: Callable[[], bool] | None = None
):
    """Write a prepared import as a new record of `owner` (a short transaction: bulk inserts).

    `still_wanted`, asked once everything is written and before the transaction commits: when
    it says the uploader is gone (the web page's connection closed, or its time ran out), the
    transaction is rolled back and ImportAbandoned raised — an answer that never reaches the
    uploader leaves no record behind.
    """
    game, steps, projections = prepared.game, prepared.steps, prepared.projections
    now = timezone.now()
    record = game.record_model(
        owner=owner,
        name=prepared.name,
        state=steps[-1].after,
        projection=projections[-1],
        table_state=None,
        version=1,
        last_seq=len(steps),
        imported_at=now,
        import_digest=prepared.digest,
        **game.projector.record_fields(steps[-1].after, projections[-1]),
    )
    record.save(force_insert=True)
    _insert_entries(game, record, prepared.entries, prepared.values)
    game.projector.write_all(record, prepared.entries, projections)
    if still_wanted is not None and not still_wanted():
        raise ImportAbandoned(f"{record.name}: the uploader stopped waiting; nothing was kept")
    return record


def record_import(*, owner, text: str | bytes | IO, name: str | None = None):
    """Create a new record from a cardrpg-log file of any game: checked first, then written."""
    prepared = record_import_prepare(text=text, name=name)
    return record_import_write(prepared=prepared, owner=owner)


def earlier_imports(*, game: Game, owner, digest: str) -> list:
    """The owner's records imported from a file with this digest (a re-import is told so)."""
    if not digest:
        return []
    return list(game.record_model.objects.filter(owner=owner, import_digest=digest))


@transaction.atomic
def record_rebuild(*, game: Game, record_id: int, owner):
    """Replay the whole log with the engine and rewrite snapshots, state and projections.

    For repairs (e.g. after a rules fix): the log's actions are the truth, everything else is
    derived again. Raises ReplayError, writing nothing, if the engine now refuses an action.
    The version is bumped so open screens reload.
    """
    record = game.record_model.objects.select_for_update().get(pk=record_id, owner=owner)
    rows = list(
        game.entry_model.objects.filter(**{game.entry_fk: record})
        .order_by("seq")
        .only("pk", "seq", "action", "created_at", "table_state", "table_changed")
    )
    tables, table = [], None
    for row in rows:
        if row.table_changed:
            table = row.table_state
        tables.append(table)
    steps, projections, snapshots = _replay(
        game,
        [row.action for row in rows],
        [row.created_at for row in rows],
        tables=tables,
        keep_state=_no_states,
    )
    for row in rows:
        row.snapshot = snapshots.get(row.seq)
    game.entry_model.objects.bulk_update(rows, ["snapshot"], batch_size=500)
    game.projector.rewind(record, 0, record.projection, game.projector.start())
    game.projector.write_all(record, rows, projections)
    _store_state(game, record, steps[-1].after, projections[-1], record.table_state)
    return record


# --- internals -------------------------------------------------------------------------------


def _lock(game: Game, record_id: int, owner, expected_version: int | None = None):
    """The owner's record, locked for this transaction (at the version the caller saw, if
    `expected_version` is given).

    PostgreSQL: the row lock makes a second writer wait for the first to commit, then read the
    new version. SQLite: the IMMEDIATE transaction (settings) already holds the write lock.
    """
    record = game.record_model.objects.select_for_update().get(pk=record_id, owner=owner)
    if expected_version is not None and record.version != expected_version:
        raise VersionConflict(record, expected_version)
    return record


class _Stale(Exception):
    """The record's version moved between the caller's read and this write."""


def _check_owner(game: Game, record, record_id: int, owner) -> None:
    """The record the caller read is the one asked for, and its owner's."""
    if record.pk != record_id or record.owner_id != getattr(owner, "pk", owner):
        raise game.record_model.DoesNotExist("not this owner's record")


def asked_of(game: Game, record, seat: Any = None) -> str:
    """A short fingerprint of what a screen drawn from `record` now asks (`seat`'s part)."""
    value = json.dumps(
        game.asked(record, seat), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(value.encode("utf-8")).hexdigest()[:16]


def _tap_written(game: Game, record, tap: str) -> bool:
    """Whether the tap with this id was written already (the newest write, or a log entry)."""
    if not tap:
        return False
    if record.last_tap == tap:
        return True
    return game.entry_model.objects.filter(**{game.entry_fk: record, "tap": tap}).exists()


def _version_to_write(
    game: Game, record, expected_version: int, *, tap: str = "", asked: str = "", seat=None
) -> int:
    """The version a write goes ahead at: the one its screen showed, or the record's own when
    it moved on in nothing the screen asked (`asked` still the same for `seat`).

    A tap written already raises AlreadyApplied; any other change, VersionConflict.
    """
    if record.version == expected_version:
        if tap and record.last_tap == tap:
            # The newest write was this very tap, sent again as of the version it made.
            raise AlreadyApplied(record)
        return expected_version
    if _tap_written(game, record, tap):
        raise AlreadyApplied(record)
    if asked and record.version > expected_version and asked_of(game, record, seat) == asked:
        return record.version
    raise VersionConflict(record, expected_version)


def _conflict_or_raise(
    game: Game, record_id: int, owner, expected_version: int, error, *, tap: str = ""
) -> None:
    """Another screen wrote first (a VersionConflict with the record as it is now; the same
    tap sent twice at once: AlreadyApplied), or `error`."""
    current = game.record_model.objects.get(pk=record_id, owner=owner)
    if current.version != expected_version:
        if _tap_written(game, current, tap):
            raise AlreadyApplied(current) from None
        raise VersionConflict(current, expected_version) from None
    raise error


def _store_state(
    game: Game,
    record,
    state: dict,
    projection: dict,
    table,
    *,
    expected_version: int | None = None,
    tap: str | None = None,
) -> None:
    """Write the record's row once: state, projection, mirrored columns and a new version.

    With `expected_version`, the write happens only if the row is still at that version (one
    statement either way): else _Stale, and the caller's transaction writes nothing.
    """
    columns = game.projector.record_fields(state, projection)
    version = record.version + 1
    now = timezone.now()
    values = {
        **columns,
        "state": state,
        "projection": projection,
        "table_state": table,
        "version": version,
        "last_seq": record.last_seq,
        "name": record.name,  # a logged rename, or an undo taking one back, changes it too
        "updated_at": now,
    }
    if tap is not None:
        values["last_tap"] = tap
    rows = game.record_model.objects.filter(pk=record.pk)
    if expected_version is not None:
        rows = rows.filter(version=expected_version)
    if rows.update(**values) != 1:
        raise _Stale(f"{record.name} changed while this was written")
    for key, value in values.items():
        setattr(record, key, value)


def _action_type(action: dict) -> str:
    return str(action.get("type"))[:40]


def _snapshot_text(state: dict, projection: dict, table) -> JSONText:
    """A log entry's snapshot, written out at once (a replay goes on changing what it holds)."""
    return json_text({"state": state, "projection": projection, "table": table})


def _replay(
    game: Game,
    actions: Sequence[dict],
    at: datetime | Sequence[datetime],
    *,
    share: float = 1.0,
    tables: Any = None,
    keep_state: Callable[[int], bool] | None = None,
) -> tuple[list[Step], list[dict], dict[int, JSONText]]:
    """Every Step of a log from the empty start, the projection after each, and the snapshots
    its entries keep (by seq: keeps_snapshot), written out as they were made.

    The projection is folded (Projector.fold): each action costs the same however big it has
    grown, and a projection that the next fold changes is written out first where a snapshot
    keeps it. A snapshot is only written out where it may be kept: where the spacing of the
    last one's size allows (snapshot_spacing), so a big state costs no more to write out than
    to keep. `tables`: the virtual table after each action (a list), or one for all of them.

    `share` below 1 paces the work: after each stretch of actions it rests so that it takes
    at most that share of one processor (a long import beside players at the table).

    `keep_state`: given, only the Steps of the indexes it accepts (and the last) keep their
    states; the others have `before` and `after` None. With it, the projections are what
    Projector.written keeps of each (the last whole): a long log's replay holds its actions
    and what its rows need, not a state and a projection per action.
    """
    steps: list[Step] = []
    projections: list[dict] = []
    snapshots: dict[int, JSONText] = {}
    times = at if isinstance(at, list | tuple) else None
    table_of = tables if isinstance(tables, list | tuple) else None
    state, projection = game.engine.initial_state(), game.projector.start()
    fold, written = game.projector.fold, game.projector.written
    size = 0  # of the last snapshot written out
    stretch = time.perf_counter()
    for index, action in enumerate(actions):
        if share < 1.0 and index % PACE_EVERY == PACE_EVERY - 1:
            worked = time.perf_counter() - stretch
            time.sleep(worked * (1.0 - share) / share)
            stretch = time.perf_counter()
        when = times[index] if times is not None else at
        try:
            after = game.engine.apply(state, action)
        except RuleError as error:
            raise ReplayError(index, action, error) from error
        seq = index + 1
        last_before = state
        if keep_state is None or keep_state(index):
            steps.append(Step(seq, action, state, after, when))
        else:
            steps.append(Step(seq, action, None, None, when))  # type: ignore[arg-type]
        projection = fold(projection, state, action, after, seq=seq, at=when)
        projections.append(projection if keep_state is None else written(projection))
        if seq == 1 or seq % snapshot_spacing(size) == 0:
            table = table_of[index] if table_of is not None else tables
            text = _snapshot_text(after, projection, table)
            size = len(text)
            if keeps_snapshot(seq, size):
                snapshots[seq] = text
        state = after
    if keep_state is not None and steps:
        last = steps[-1]
        steps[-1] = Step(last.seq, last.action, last_before, state, last.at)
        projections[-1] = projection
    return steps, projections, snapshots


def _no_states(index: int) -> bool:
    """For _replay: keep no state but the last one's."""
    return False


def _store_log(
    game: Game,
    record,
    steps: list[Step],
    projections: list[dict],
    tables: list,
    *,
    previous_table: Any = KEEP_TABLE_STATE,
    tap: str = "",
    snapshots: dict[int, JSONText] | None = None,
) -> list:
    """Insert log entries for `steps`, snapshots only where they are due (the first entry
    keeps the id of the tap that wrote them)."""
    rows = _entry_rows(
        game, steps, projections, tables, previous_table=previous_table, snapshots=snapshots
    )
    if tap and rows:
        rows[0].tap = tap
    _insert_entries(game, record, rows)
    return rows


def _entry_rows(
    game: Game,
    steps: list[Step],
    projections: list[dict],
    tables: list,
    *,
    previous_table: Any = KEEP_TABLE_STATE,
    snapshots: dict[int, JSONText] | None = None,
) -> list:
    """The log entries for `steps` (not saved, their record not set yet), with the snapshots
    a replay wrote out (`snapshots`), or else each one that is due (keeps_snapshot): the
    projections given are then each the one after its step, never changed since."""
    rows = []
    last_table = previous_table
    for step, projection, table in zip(steps, projections, tables, strict=True):
        changed = step.seq == 1 or table != last_table
        if snapshots is not None:
            snapshot = snapshots.get(step.seq)
        elif is_snapshot_seq(step.seq):
            snapshot = _snapshot_text(step.after, projection, table)
            if not keeps_snapshot(step.seq, len(snapshot)):
                snapshot = None
        else:
            snapshot = None
        rows.append(
            game.entry_model(
                seq=step.seq,
                action=step.action,
                action_type=_action_type(step.action),
                snapshot=snapshot,
                table_state=table if changed else None,
                table_changed=changed,
                created_at=step.at,
            )
        )
        last_table = table
    return rows


# Above this many entries they are inserted as prepared values (_insert_many), not as models.
MANY_ENTRIES = 50


def _insert_entries(game: Game, record, rows: list, values: list | None = None) -> None:
    """Insert entries for `record`: one statement for a few, prepared batches for many."""
    for row in rows:
        setattr(row, game.entry_fk, record)
    if len(rows) == 1:
        rows[0].save(force_insert=True)
    elif len(rows) <= MANY_ENTRIES:
        game.entry_model.objects.bulk_create(rows)
    else:
        _insert_many(game, record, values or _prepared_rows(game, rows))


# Columns of a log entry, in the order _prepared_rows gives their values.
_ENTRY_COLUMNS = (
    "seq",
    "action",
    "action_type",
    "snapshot",
    "table_state",
    "table_changed",
    "created_at",
)


def _prepared_rows(game: Game, rows: list) -> list[list]:
    """Each entry's column values as the database takes them, the record's id still to fill.

    Done before the writing transaction when it can be (an import prepares them with the
    replay): converting thousands of JSON values is slow, a batch insert of ready values is not.
    """
    connection = transaction.get_connection()
    fields = [game.entry_model._meta.get_field(name) for name in _ENTRY_COLUMNS]
    return [
        [
            None,
            *(field.get_db_prep_save(getattr(row, field.attname), connection) for field in fields),
        ]
        for row in rows
    ]


def _insert_many(game: Game, record, values: list[list], chunk: int = 2000) -> None:
    """Insert prepared entries for `record` in a few statements (executemany, in chunks)."""
    model = game.entry_model
    connection = transaction.get_connection()
    quote = connection.ops.quote_name
    fk = model._meta.get_field(game.entry_fk).column
    columns = [fk, *(model._meta.get_field(name).column for name in _ENTRY_COLUMNS)]
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(map(quote, columns))}) "
        f"VALUES ({', '.join(['%s'] * len(columns))})"
    )
    for row in values:
        row[0] = record.pk
    with connection.cursor() as cursor:
        for start in range(0, len(values), chunk):
            cursor.executemany(sql, values[start : start + chunk])


def insert_rows(model, rows: list, chunk: int = 2000) -> None:
    """Insert many new rows of `model` in a few statements (executemany), for bulk writes
    (imports, restores) where Django's bulk_create spends longer building its SQL than the
    database spends inserting. The rows get no primary key back."""
    if not rows:
        return
    connection = transaction.get_connection()
    quote = connection.ops.quote_name
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)} "
        f"({', '.join(quote(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )
    for row in rows:
        for f in fields:
            if getattr(f, "auto_now_add", False) or getattr(f, "auto_now", False):
                f.pre_save(row, add=True)
    values = [
        [f.get_db_prep_save(getattr(row, f.attname), connection) for f in fields] for row in rows
    ]
    with connection.cursor() as cursor:
        for start in range(0, len(values), chunk):
            cursor.executemany(sql, values[start : start + chunk])


def _entries(game: Game, record, first: int, last: int) -> list[tuple]:
    """Log entries from the newest one at or before `first` that keeps a snapshot, to `last`,
    as (seq, action, snapshot, table_state, table_changed, at) — one query."""
    entries = game.entry_model.objects.filter(**{game.entry_fk: record})
    kept = (
        game.entry_model.objects.filter(
            **{game.entry_fk: record, "seq__lte": first}, snapshot__isnull=False
        )
        .order_by("-seq")
        .values("seq")[:1]
    )
    return list(
        entries.filter(seq__gte=Subquery(kept), seq__lte=last)
        .order_by("seq")
        .values_list("seq", "action", "snapshot", "table_state", "table_changed", "created_at")
    )


def _replayed(game: Game, rows: list[tuple], *, hold: int | None = None) -> list[tuple]:
    """Replay entries that start at a snapshot: (Step, projection, table) for each.

    The first row's Step has the snapshot as both its before and after (its own before-state is
    not known without going further back), unless it is the log's first entry; every later one
    is replayed exactly. The projections are folded (Projector.fold): only the last one, and
    the one after entry `hold`, are whole; the others keep what `write_all` reads.
    """
    if not rows or rows[0][2] is None:
        raise ValueError("a replay must start at a log entry that keeps a snapshot")
    out = []
    seq, action, snapshot, _table, _changed, at = rows[0]
    state, projection, table = snapshot["state"], snapshot["projection"], snapshot.get("table")
    first_before = game.engine.initial_state() if seq == 1 else state
    out.append((Step(seq, action, first_before, state, at), projection, table))
    fold = game.projector.fold
    for seq, action, _kept, table_here, changed, at in rows[1:]:
        after = game.engine.apply(state, action)
        if out[-1][0].seq == hold:
            # The projection the caller holds on to is left as it is: the fold goes on with a
            # copy of it.
            projection = json.loads(json_text(projection))
        projection = fold(projection, state, action, after, seq=seq, at=at)
        if changed:
            table = table_here
        out.append((Step(seq, action, state, after, at), projection, table))
        state = after
    return out


def file_digest(data: bytes) -> str:
    """The SHA-256 of a file's bytes (how a re-import of the same file is recognised)."""
    return hashlib.sha256(data).hexdigest()


def steps_json(steps: Iterable[Step]) -> str:
    """The actions of some steps as JSON (for messages that quote them)."""
    return json.dumps([step.action for step in steps], ensure_ascii=False)


__all__ = [
    "KEEP_TABLE_STATE",
    "AlreadyApplied",
    "SNAPSHOT_EVERY",
    "ImportAbandoned",
    "ImportRefused",
    "PreparedImport",
    "Step",
    "UndoError",
    "VersionConflict",
    "asked_of",
    "earlier_imports",
    "max_log_actions",
    "record_apply",
    "record_check_tap",
    "record_create",
    "record_delete",
    "record_export",
    "record_get",
    "record_import",
    "record_import_prepare",
    "record_import_write",
    "record_rebuild",
    "record_rename",
    "record_set_table",
    "record_state_at",
    "record_steps",
    "record_tail",
    "record_undo",
    "record_undo_to",
]
