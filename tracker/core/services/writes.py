"""Every write on a record, one transaction each: create, apply, the virtual table, undo,
rename, delete and rebuild."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Case, TextField, Value, When
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from tracker.core.games import Game
from tracker.core.models import is_snapshot_seq
from tracker.core.services.common import (
    KEEP_VIRTUAL_DECK,
    AlreadyApplied,
    Step,
    UndoError,
    VersionConflict,
    VirtualDeckState,
    noun,
)
from tracker.core.services.readers import tap_written, version_to_write
from tracker.core.services.replay import (
    entries_read,
    entries_replay,
    log_replay,
    log_store,
    no_states,
    snapshot_text,
)


@transaction.atomic
def record_create(
    *, game: Game, owner, actions: Sequence[dict], name: str, virtual_deck: dict | None = None
):
    """Start a new record by applying its first action(s), e.g. create_character."""
    if not actions:
        raise ValueError("a record starts with at least one action")
    steps, projections, snapshots = log_replay(game, actions, timezone.now(), tables=virtual_deck)
    record = game.record_model(
        owner=owner,
        name=name,
        state=steps[-1].after,
        projection=projections[-1],
        virtual_deck=virtual_deck,
        version=1,
        last_seq=len(steps),
        **game.projector.record_fields(steps[-1].after, projections[-1]),
    )
    record.save(force_insert=True)
    entries = log_store(
        game, record, steps, projections, [virtual_deck] * len(steps), snapshots=snapshots
    )
    game.projector.write_all(record, entries, projections)
    return record


def record_apply(
    *,
    game: Game,
    record_id: int,
    owner,
    action: dict | None = None,
    actions: Sequence[tuple[dict, VirtualDeckState]] | None = None,
    expected_version: int,
    virtual_deck: VirtualDeckState = KEEP_VIRTUAL_DECK,
    record=None,
    afters: Sequence[dict] | None = None,
    tap: str = "",
    asked: str = "",
    seat: Any = None,
):
    """Apply one action (or several in a row): append to the log, update state and projection.

    Raises VersionConflict if the record is no longer at `expected_version`, and the engine's
    RuleError if the rules refuse an action; either way nothing is written. `virtual_deck` is
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
        actions = [(action, virtual_deck)]
    if record is None:
        return _apply_locked(game, record_id, owner, actions, expected_version, tap, asked, seat)
    _check_owner(game, record, record_id, owner)
    fresh = version_to_write(game, record, expected_version, tap=tap, asked=asked, seat=seat)
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
    fresh = version_to_write(game, record, expected_version, tap=tap, asked=asked, seat=seat)
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
    state, projection, table = record.state, record.projection, record.virtual_deck
    now = timezone.now()
    work = _Applied([], [], [])
    for index, (one, one_table) in enumerate(actions):
        seq = record.last_seq + 1 + index
        after = game.engine.apply(state, one) if afters is None else afters[index]
        work.steps.append(Step(seq, one, state, after, now))
        projection = game.projector.step(projection, state, one, after, seq=seq, at=now)
        work.projections.append(projection)
        table = table if one_table is KEEP_VIRTUAL_DECK else one_table
        work.tables.append(table)
        state = after
    return work


def _write_applied(
    game: Game, record, work: _Applied, expected_version: int, *, tap: str = ""
) -> None:
    """Append the entries, the game's rows and the record's new state (in the caller's
    transaction)."""
    old_projection, old_table = record.projection, record.virtual_deck
    entries = log_store(
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
def record_set_virtual_deck(
    *,
    game: Game,
    record_id: int,
    owner,
    virtual_deck,
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
    changes: dict[str, Any] = {"virtual_deck": virtual_deck, "virtual_deck_changed": True}
    if is_snapshot_seq(record.last_seq):
        # The entry's snapshot, if it keeps one (keeps_snapshot), gets the table too: in the
        # same one statement.
        text = snapshot_text(record.state, record.projection, virtual_deck)
        changes["snapshot"] = Case(
            When(snapshot__isnull=True, then=Value(None, output_field=TextField())),
            default=Value(str(text), output_field=TextField()),
        )
    game.entry_model.objects.filter(**{game.entry_fk: record, "seq": record.last_seq}).update(
        **changes
    )
    record.virtual_deck = virtual_deck
    record.version += 1
    record.save(update_fields=["virtual_deck", "version", "updated_at"])
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
    version_to_write(game, record, expected_version, tap=tap)
    try:
        with transaction.atomic():
            _undo(game, record, steps, expected_version, tap)
    except _Stale as error:
        _conflict_or_raise(game, record_id, owner, expected_version, error, tap=tap)
    return record


@transaction.atomic
def _undo_locked(game: Game, record_id: int, owner, steps, expected_version: int, tap: str = ""):
    record = _lock(game, record_id, owner)
    version_to_write(game, record, expected_version, tap=tap)
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
                % {"noun": noun(game)}
            )
        raise UndoError(
            ngettext(
                "only %(count)s action can be undone; the %(noun)s's creation can't be "
                "(delete the %(noun)s instead)",
                "only %(count)s actions can be undone; the %(noun)s's creation can't be "
                "(delete the %(noun)s instead)",
                undoable,
            )
            % {"count": undoable, "noun": noun(game)}
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
            % {"seq": repr(seq), "noun": noun(game), "last": record.last_seq}
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
    rows = entries_read(game, record, max(1, keep - TAIL), last if told else keep)
    replayed = entries_replay(game, rows, hold=keep)
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
        work = _applied(game, record, [(game.rename_action(name), KEEP_VIRTUAL_DECK)])
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
        .only("pk", "seq", "action", "created_at", "virtual_deck", "virtual_deck_changed")
    )
    tables, table = [], None
    for row in rows:
        if row.virtual_deck_changed:
            table = row.virtual_deck
        tables.append(table)
    steps, projections, snapshots = log_replay(
        game,
        [row.action for row in rows],
        [row.created_at for row in rows],
        tables=tables,
        keep_state=no_states,
    )
    for row in rows:
        row.snapshot = snapshots.get(row.seq)
    game.entry_model.objects.bulk_update(rows, ["snapshot"], batch_size=500)
    game.projector.rewind(record, 0, record.projection, game.projector.start())
    game.projector.write_all(record, rows, projections)
    _store_state(game, record, steps[-1].after, projections[-1], record.virtual_deck)
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


def _conflict_or_raise(
    game: Game, record_id: int, owner, expected_version: int, error, *, tap: str = ""
) -> None:
    """Another screen wrote first (a VersionConflict with the record as it is now; the same
    tap sent twice at once: AlreadyApplied), or `error`."""
    current = game.record_model.objects.get(pk=record_id, owner=owner)
    if current.version != expected_version:
        if tap_written(game, current, tap):
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
        "virtual_deck": table,
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
