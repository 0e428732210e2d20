"""The replay machinery: a log replayed from its start or from a snapshot, and its entries
written in bulk (what every write, undo, import and restore runs on)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Subquery

from tracker.core.games import Game
from tracker.core.models import (
    JSONText,
    is_snapshot_seq,
    json_text,
    keeps_snapshot,
    snapshot_spacing,
)
from tracker.core.services.common import KEEP_VIRTUAL_DECK, Step
from tracker.rules.errors import ReplayError, RuleError

PACE_EVERY = 250


def _action_type(action: dict) -> str:
    return str(action.get("type"))[:40]


def snapshot_text(state: dict, projection: dict, table) -> JSONText:
    """A log entry's snapshot, written out at once (a replay goes on changing what it holds)."""
    return json_text({"state": state, "projection": projection, "table": table})


def log_replay(
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
            text = snapshot_text(after, projection, table)
            size = len(text)
            if keeps_snapshot(seq, size):
                snapshots[seq] = text
        state = after
    if keep_state is not None and steps:
        last = steps[-1]
        steps[-1] = Step(last.seq, last.action, last_before, state, last.at)
        projections[-1] = projection
    return steps, projections, snapshots


def no_states(index: int) -> bool:
    """For log_replay: keep no state but the last one's."""
    return False


def log_store(
    game: Game,
    record,
    steps: list[Step],
    projections: list[dict],
    tables: list,
    *,
    previous_table: Any = KEEP_VIRTUAL_DECK,
    tap: str = "",
    snapshots: dict[int, JSONText] | None = None,
) -> list:
    """Insert log entries for `steps`, snapshots only where they are due (the first entry
    keeps the id of the tap that wrote them)."""
    rows = entry_rows(
        game, steps, projections, tables, previous_table=previous_table, snapshots=snapshots
    )
    if tap and rows:
        rows[0].tap = tap
    entries_insert(game, record, rows)
    return rows


def entry_rows(
    game: Game,
    steps: list[Step],
    projections: list[dict],
    tables: list,
    *,
    previous_table: Any = KEEP_VIRTUAL_DECK,
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
            snapshot = snapshot_text(step.after, projection, table)
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
                virtual_deck=table if changed else None,
                virtual_deck_changed=changed,
                created_at=step.at,
            )
        )
        last_table = table
    return rows


# Above this many entries they are inserted as prepared values (_insert_many), not as models.
MANY_ENTRIES = 50


def entries_insert(game: Game, record, rows: list, values: list | None = None) -> None:
    """Insert entries for `record`: one statement for a few, prepared batches for many."""
    for row in rows:
        setattr(row, game.entry_fk, record)
    if len(rows) == 1:
        rows[0].save(force_insert=True)
    elif len(rows) <= MANY_ENTRIES:
        game.entry_model.objects.bulk_create(rows)
    else:
        _insert_many(game, record, values or prepared_rows(game, rows))


# Columns of a log entry, in the order prepared_rows gives their values.
_ENTRY_COLUMNS = (
    "seq",
    "action",
    "action_type",
    "snapshot",
    "virtual_deck",
    "virtual_deck_changed",
    "created_at",
)


def prepared_rows(game: Game, rows: list) -> list[list]:
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


def entries_read(game: Game, record, first: int, last: int) -> list[tuple]:
    """Log entries from the newest one at or before `first` that keeps a snapshot, to `last`,
    as (seq, action, snapshot, virtual_deck, virtual_deck_changed, at) — one query."""
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
        .values_list(
            "seq", "action", "snapshot", "virtual_deck", "virtual_deck_changed", "created_at"
        )
    )


def entries_replay(game: Game, rows: list[tuple], *, hold: int | None = None) -> list[tuple]:
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
