"""Backups: every record of every game and player in one archive file, and restoring it.

The archive is JSON Lines (gzip-compressed when its name ends in ``.gz``). The first line is a
header; each further line is one record and is itself a ``cardrpg-log`` file naming its game
(a line without ``game`` is a Card RPG character, as archives written before games were named)
with what the log alone can't give back: the owner's user name, the version and times of the
record, and for each action the time it was played (``entries``, one per action, with the
virtual table where it changed). Nothing else is stored: states, projections and history rows
are derived again by replaying the log, exactly as an action derives them.

Restoring never holds the database while it works: it streams the archive once with no
transaction open — every line bounded in length, every log checked and replayed by its game's
engine, every virtual table loaded as the play screen would — spooling what it prepared to a
temporary file, and only then writes it all in one short transaction: all or nothing.
See docs/reliability.md ("Backups").
"""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import pickle
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from tracker.accounts.forms import signup_username
from tracker.core import games
from tracker.core import services as core
from tracker.core.services.replay import log_replay, log_store
from tracker.rules import log as logfile
from tracker.rules.errors import ReplayError, RuleError

BACKUP_FORMAT = "cardrpg-backup"
BACKUP_VERSION = 1
BACKUP_END = "cardrpg-backup-end"
# The longest line an archive may hold: one record of the most actions a log may have, with
# room to spare. Longer lines are refused as they are read, never held whole in memory.
MAX_LINE_CHARACTERS = 64 * 1024 * 1024
# The most an archive may hold once decompressed, in MiB of text (CARDRPG_MAX_BACKUP_MB): a gzip
# expands up to a thousand times, and reading stops at this bound, never past it.
DEFAULT_MAX_BACKUP_MB = 1024
# An archive this app writes has no blank line at all: a few are forgiven (a hand-edited file),
# more are refused at once — a 2 MB gzip of 2 GiB of blank lines is not read to its end.
MAX_BLANK_LINES = 100


def max_backup_characters() -> int:
    """The most characters an archive may hold, decompressed (docs/reliability.md)."""
    return int(getattr(settings, "CARDRPG_MAX_BACKUP_MB", DEFAULT_MAX_BACKUP_MB)) * 1024 * 1024


class BackupError(Exception):
    """The archive can't be restored (ill-formed, a refused action, records in the way).

    Nothing was written.
    """


@dataclass
class RecordBackup:
    """One record of an archive, checked: its log replayed, ready to be written."""

    line: int
    game_id: str
    owner: str
    name: str
    version: int
    created_at: datetime
    updated_at: datetime
    steps: list
    projections: list[dict]
    tables: list
    table_now: dict | None
    # The snapshots its entries keep, written out as the replay made them (by seq).
    snapshots: dict


# --- writing ---------------------------------------------------------------------------------


def _open(path: Path, mode: str, *, gz: bool | None = None) -> IO[str]:
    """A text stream of the file, gzip-compressed when its name ends in .gz (or `gz`)."""
    if path.suffix == ".gz" if gz is None else gz:
        return io.TextIOWrapper(gzip.open(path, mode + "b"), encoding="utf-8")
    return path.open(mode, encoding="utf-8")


def record_line(*, game: games.Game, record) -> dict | None:
    """One record as an archive line: a cardrpg-log file plus owner, times and tables.

    None if the record was deleted while the backup ran.
    """
    rows = (
        game.entry_model.objects.filter(**{game.entry_fk: record})
        .order_by("seq")
        .values_list("seq", "action", "virtual_deck", "virtual_deck_changed", "created_at")
    )
    actions, entries = [], []
    for seq, action, virtual_deck, changed, created_at in rows.iterator(chunk_size=2000):
        actions.append(action)
        entry = {"seq": seq, "at": created_at.isoformat()}
        if changed:
            entry["table_state"] = virtual_deck
        entries.append(entry)
    if not actions:
        return None
    return {
        "format": logfile.LOG_FORMAT,
        "version": logfile.LOG_VERSION,
        "game": game.id,
        "owner": record.owner.get_username(),
        "name": record.name,
        **game.export_extra(record),
        "record_version": record.version,
        "created_at": record.created_at.isoformat(),
        "updated_at": record.updated_at.isoformat(),
        # The virtual table in use now (each entry names it where it changed).
        "table_state": record.virtual_deck,
        "entries": entries,
        "actions": actions,
    }


def backup_write(*, path: Path | str) -> int:
    """Write every record of every game and player to the archive at `path`; return how many.

    Players may go on playing meanwhile. On PostgreSQL the whole archive is one moment (a
    repeatable-read transaction); on SQLite each record is read in its own short transaction —
    one long one would hold the database's write lock (IMMEDIATE transactions) and make
    players' actions fail with "database is locked".
    """
    path = Path(path)
    partial = path.with_name(path.name + ".partial")
    connection = transaction.get_connection()
    snapshot = connection.vendor == "postgresql" and not connection.in_atomic_block
    count = 0
    with (
        _open(partial, "w", gz=path.suffix == ".gz") as out,
        transaction.atomic(durable=False) if snapshot else _nothing(),
    ):
        if snapshot:
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        header = {
            "format": BACKUP_FORMAT,
            "version": BACKUP_VERSION,
            "written_at": timezone.now().isoformat(),
        }
        out.write(json.dumps(header) + "\n")
        for game in games.all_games():
            model = game.record_model
            for pk in list(model.objects.order_by("pk").values_list("pk", flat=True)):
                with transaction.atomic():
                    record = model.objects.select_related("owner").filter(pk=pk).first()
                    line = record and record_line(game=game, record=record)
                if line is None:
                    continue  # deleted since the list was read
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
                count += 1
        # The last line says how many came before it: a cut-off file is refused on restore.
        out.write(json.dumps({"format": BACKUP_END, "records": count}) + "\n")
    # Only a complete archive takes the name: a crash mid-write never leaves half a backup
    # where the last good one was.
    partial.replace(path)
    return count


@contextlib.contextmanager
def _nothing():
    yield


# --- reading and checking --------------------------------------------------------------------


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """The archive's lines that hold something, numbered; BackupError past any of the bounds
    (a line's length, the whole text's, the blank lines'), found while reading, never after."""
    limit = max_backup_characters()
    try:
        with _open(path, "r") as stream:
            number = read = blank = 0
            while True:
                line = stream.readline(min(MAX_LINE_CHARACTERS, limit - read) + 1)
                if not line:
                    return
                number += 1
                read += len(line)
                if read > limit:
                    raise BackupError(
                        f"{path} holds more than {limit:,} characters once decompressed "
                        f"(CARDRPG_MAX_BACKUP_MB is {limit // (1024 * 1024):,}): refused at "
                        f"line {number}"
                    )
                if len(line) > MAX_LINE_CHARACTERS:
                    raise BackupError(
                        f"{path}: line {number} is longer than {MAX_LINE_CHARACTERS:,} "
                        "characters: not an archive this app wrote"
                    )
                if line.strip():
                    yield number, line
                    continue
                blank += 1
                if blank > MAX_BLANK_LINES:
                    raise BackupError(
                        f"{path}: more than {MAX_BLANK_LINES} blank lines (line {number}): "
                        "not an archive this app wrote"
                    )
    except (OSError, EOFError, UnicodeDecodeError, gzip.BadGzipFile) as exc:
        raise BackupError(f"cannot read {path}: {exc}") from None


def _when(value, where: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise BackupError(f"{where}: {value!r} is not a date and time") from None
    if timezone.is_naive(moment):
        raise BackupError(f"{where}: {value!r} has no time zone")
    return moment


def _check_record(line: int, text: str) -> RecordBackup:
    """One archive line, replayed by its game's engine; BackupError naming what is wrong."""
    where = f"line {line}"
    try:
        document = logfile.load_document(text, max_actions=core.max_log_actions())
    except ValueError as exc:
        raise BackupError(f"{where}: {exc}") from None
    try:
        game = games.get(document["game"])
    except KeyError:
        raise BackupError(
            f"{where}: a log of {document['game']!r}, a game this app does not know"
        ) from None
    actions = document["actions"]
    owner, name = document.get("owner"), document.get("name")
    User = get_user_model()
    longest = User._meta.get_field(User.USERNAME_FIELD).max_length
    if not isinstance(owner, str) or not owner.strip() or len(owner) > longest:
        raise BackupError(f"{where}: no owner user name (or one over {longest} characters)")
    _check_owner(where, owner)
    if not isinstance(name, str):
        raise BackupError(f"{where}: no {game.noun} name")
    where = f"line {line} ({owner}'s {game.noun} {name[:60]!r})"
    entries = document.get("entries")
    if not isinstance(entries, list) or len(entries) != len(actions) or not actions:
        raise BackupError(f"{where}: needs one entry per action, and at least one action")
    times, tables, table = [], [], None
    for seq, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or entry.get("seq") != seq:
            raise BackupError(f"{where}: entry {seq} is out of order or ill-formed")
        times.append(_when(entry.get("at"), f"{where}, action {seq}"))
        if "table_state" in entry:
            table = entry["table_state"]
        tables.append(table)
    version = document.get("record_version", document.get("character_version"))
    if type(version) is not int or version < 1:
        raise BackupError(f"{where}: the version must be a whole number from 1")
    try:
        steps, projections, snapshots = log_replay(
            game, actions, times, tables=tables, keep_state=_table_changed(tables)
        )
    except ReplayError as exc:
        action = json.dumps(exc.action, ensure_ascii=False)[:500]
        raise BackupError(
            f"{where}: action {exc.index + 1} was refused — {exc.error}\naction: {action}"
        ) from None
    try:
        name = game.check_name(name)
    except RuleError as exc:
        raise BackupError(f"{where}: {exc}") from None
    table_now = document.get("table_state", tables[-1])
    # A virtual table is loaded and asked what it would deal, as the play screen does: one
    # that can't be read would answer every play page of this record with an error.
    for state, candidate in ((steps[-1].after, table_now), *_table_changes(steps, tables)):
        try:
            game.check_virtual_deck(candidate, state)
        except Exception as exc:  # any failure of a table's code is a bad table
            raise BackupError(
                f"{where}: its virtual table can't be used ({type(exc).__name__}: {exc})"
            ) from None
    return RecordBackup(
        line=line,
        game_id=game.id,
        owner=owner,
        name=name,
        version=version,
        created_at=_when(document.get("created_at"), where),
        updated_at=_when(document.get("updated_at"), where),
        steps=steps,
        projections=projections,
        tables=tables,
        table_now=table_now,
        snapshots=snapshots,
    )


def _check_owner(where: str, owner: str) -> None:
    """The owner's user name passes sign-up's rule, so restore never creates an account that
    sign-up would have refused (spaces, control characters, text-direction overrides, a name
    sign-up would have stored otherwise)."""
    try:
        stored = signup_username(owner)
    except ValidationError as exc:
        reason = " ".join(exc.messages)
        raise BackupError(
            f"{where}: the owner's user name {owner!r} is one sign-up refuses: {reason}"
        ) from None
    if stored != owner:
        raise BackupError(
            f"{where}: the owner's user name {owner!r} is one sign-up refuses: it would be "
            f"kept as {stored!r}"
        )


def _table_changed(tables: list):
    """For the replay: keep the state only where the virtual table changed (to check it)."""

    def keep(index: int) -> bool:
        return index == 0 or tables[index] != tables[index - 1]

    return keep


def _table_changes(steps: list, tables: list) -> Iterator[tuple[dict, object]]:
    """(state, table) wherever the table changed, to check each table the log kept."""
    previous = object()
    for step, table in zip(steps, tables, strict=True):
        if table != previous:
            yield step.after, table
        previous = table


def _checked(path: Path) -> Iterator[RecordBackup]:
    """Stream the archive, checking the header, every record and the end line."""
    lines = _lines(path)
    try:
        number, first = next(lines)
    except StopIteration:
        raise BackupError(f"{path} is empty: not a {BACKUP_FORMAT} file") from None
    try:
        header = json.loads(first)
    except (json.JSONDecodeError, RecursionError):
        header = None
    if not isinstance(header, dict) or header.get("format") != BACKUP_FORMAT:
        raise BackupError(f"{path} is not a {BACKUP_FORMAT} file (line {number})")
    if header.get("version") != BACKUP_VERSION:
        raise BackupError(f"{path}: unsupported backup version {header.get('version')!r}")
    count, end = 0, None
    owners: dict[str, str] = {}  # each owner's user name by its letters in one case
    for number, text in lines:
        if end is not None:
            raise BackupError(f"{path}: line {number} comes after the end of the backup")
        if '"format": "' + BACKUP_END in text or '"format":"' + BACKUP_END in text:
            try:
                end = json.loads(text)
            except (json.JSONDecodeError, RecursionError):
                raise BackupError(f"{path}: line {number} is not JSON") from None
            continue
        record = _check_record(number, text)
        other = owners.setdefault(record.owner.casefold(), record.owner)
        if other != record.owner:
            raise BackupError(
                f"line {number}: the owner's user name {record.owner!r} differs from "
                f"{other!r}, another owner's, only in letter case: sign-up refuses such a "
                "second name"
            )
        yield record
        count += 1
    told = None if end is None else end.get("records", end.get("characters"))
    if told != count:
        raise BackupError(
            f"{path} is incomplete: it was cut off before its end line, or its end line does "
            f"not count {count} records"
        )


def backup_check(*, path: Path | str) -> dict[str, int]:
    """Read and check the whole archive at `path` without writing anything.

    Returns how many records of each game it holds (by the game's noun: "character": 3).
    """
    counts: dict[str, int] = {}
    for record in _checked(Path(path)):
        noun = games.get(record.game_id).noun
        counts[noun] = counts.get(noun, 0) + 1
    return counts


# --- restoring -------------------------------------------------------------------------------


def backup_restore(*, path: Path | str, replace: bool = False) -> list:
    """Restore every record of the archive at `path`, or nothing (BackupError).

    Into a database without records; with `replace`, every record already there is deleted
    first (in the same transaction, so a refused archive keeps them). Owners are matched by
    user name; a missing one is created without a usable password (an admin sets one:
    ``manage.py changepassword NAME``).
    """
    path = Path(path)
    if not replace:
        _refuse_if_not_empty()
    with tempfile.TemporaryFile() as spool:
        owners: set[str] = set()
        count = 0
        for backup in _checked(path):
            pickle.dump(backup, spool, protocol=pickle.HIGHEST_PROTOCOL)
            owners.add(backup.owner)
            count += 1
        spool.seek(0)
        return _write(spool, count, owners, replace)


def _refuse_if_not_empty() -> None:
    held = sum(game.record_model.objects.count() for game in games.all_games())
    if held:
        raise BackupError(
            f"the database already holds {held} record(s): restore into an empty database, "
            "or pass --replace to delete them first"
        )


@transaction.atomic
def _write(spool, count: int, owners: set[str], replace: bool) -> list:
    if replace:
        for game in games.all_games():
            game.record_model.objects.all().delete()
    else:
        _refuse_if_not_empty()  # again, now that the write lock is held
    users = _owners(owners)
    restored = []
    for _ in range(count):
        backup: RecordBackup = pickle.load(spool)
        restored.append(_restore_one(backup, users[backup.owner]))
    return restored


def _owners(names: set[str]) -> dict:
    User = get_user_model()
    field = User.USERNAME_FIELD
    users = {user.get_username(): user for user in User.objects.filter(**{f"{field}__in": names})}
    for name in sorted(names - users.keys()):
        # Sign-up refuses a name an account has already in another letter case.
        other = User.objects.filter(**{f"{field}__iexact": name}).first()
        if other is not None:
            raise BackupError(
                f"the owner's user name {name!r} differs from the account "
                f"{other.get_username()!r} already here only in letter case: sign-up refuses "
                "such a second name (rename one of them first)"
            )
        user = User(**{field: name})
        user.set_unusable_password()
        user.save()
        users[name] = user
    return users


def _restore_one(backup: RecordBackup, owner):
    game = games.get(backup.game_id)
    final, projection = backup.steps[-1].after, backup.projections[-1]
    record = game.record_model(
        owner=owner,
        name=backup.name,
        state=final,
        projection=projection,
        virtual_deck=backup.table_now,
        version=backup.version,
        last_seq=len(backup.steps),
        **game.projector.record_fields(final, projection),
    )
    record.save(force_insert=True)
    entries = log_store(
        game,
        record,
        backup.steps,
        backup.projections,
        backup.tables,
        snapshots=backup.snapshots,
    )
    game.projector.write_all(record, entries, backup.projections)
    # auto_now(_add) would stamp today: update() keeps the record's own times.
    game.record_model.objects.filter(pk=record.pk).update(
        created_at=backup.created_at, updated_at=backup.updated_at
    )
    record.created_at, record.updated_at = backup.created_at, backup.updated_at
    return record
