"""Reading a record: its log's steps and states for the history pages, and whether a tap
drawn at an older version may still go ahead."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from tracker.core.games import Game
from tracker.core.services.common import AlreadyApplied, Step, VersionConflict
from tracker.core.services.replay import entries_read, entries_replay


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
    rows = entries_read(game, record, max(1, first - 1), last)
    return [step for step, _projection, _table in entries_replay(game, rows) if step.seq >= first]


def record_tail(*, game: Game, record, count: int) -> list[tuple[Step, dict | None]]:
    """The last `count` Steps of the log, each with the virtual table after it (one query)."""
    last = record.last_seq
    first = max(1, last - count + 1)
    rows = entries_read(game, record, max(1, first - 1), last)
    return [
        (step, table)
        for step, _projection, table in entries_replay(game, rows)
        if step.seq >= first
    ]


def record_state_at(*, game: Game, record, seq: int) -> tuple[dict, dict, dict | None]:
    """The state, projection and virtual table just after log entry `seq` (one query)."""
    rows = entries_read(game, record, seq, seq)
    *_, (step, projection, table) = entries_replay(game, rows)
    return step.after, projection, table


def record_check_tap(
    *, game: Game, record, expected_version: int, tap: str = "", asked: str = "", seat=None
) -> int:
    """The version a tap drawn at `expected_version` goes ahead at on `record` as read now:
    the same, or the record's own when it moved on in nothing the tap's screen asked.

    Raises AlreadyApplied for a tap written already, VersionConflict for a screen out of date.
    A screen that previews the tap before writing it asks this first; the write checks again.
    """
    return version_to_write(game, record, expected_version, tap=tap, asked=asked, seat=seat)


def earlier_imports(*, game: Game, owner, digest: str) -> list:
    """The owner's records imported from a file with this digest (a re-import is told so)."""
    if not digest:
        return []
    return list(game.record_model.objects.filter(owner=owner, import_digest=digest))


def asked_of(game: Game, record, seat: Any = None) -> str:
    """A short fingerprint of what a screen drawn from `record` now asks (`seat`'s part)."""
    value = json.dumps(
        game.asked(record, seat), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(value.encode("utf-8")).hexdigest()[:16]


def tap_written(game: Game, record, tap: str) -> bool:
    """Whether the tap with this id was written already (the newest write, or a log entry)."""
    if not tap:
        return False
    if record.last_tap == tap:
        return True
    return game.entry_model.objects.filter(**{game.entry_fk: record, "tap": tap}).exists()


def version_to_write(
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
    if tap_written(game, record, tap):
        raise AlreadyApplied(record)
    if asked and record.version > expected_version and asked_of(game, record, seat) == asked:
        return record.version
    raise VersionConflict(record, expected_version)
