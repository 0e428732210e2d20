"""Backups: every character of every player in one archive file, and restoring it.

The archive is JSON Lines (gzip-compressed when its name ends in ``.gz``). The first line is a
header; each further line is one character and is itself a ``cardrpg-log`` file
(rules/actions.md) — ``format``, ``version``, ``name``, ``ruleset``, ``actions`` — with what
the log alone can't give back: the owner's user name, the version and times of the
character, and for each action the time it was played and the virtual table after it
(``entries``, one per action). Nothing else is stored: states, sessions, fights and the
inventory are derived again by replaying the log, exactly as an action derives them.

Restoring checks the whole file first — every line well formed, every log replayed by the
engine without a refusal — and only then writes, in one transaction: all or nothing.
See docs/reliability.md ("Backups").
"""

from __future__ import annotations

import contextlib
import gzip
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from tracker.card_rpg import projections, services
from tracker.card_rpg.models import ActionLogEntry, Character
from tracker.rules import ReplayError, RuleError, initial_state, load_log
from tracker.rules import apply as engine_apply

BACKUP_FORMAT = "cardrpg-backup"
BACKUP_VERSION = 1
BACKUP_END = "cardrpg-backup-end"


class BackupError(Exception):
    """The archive can't be restored (ill-formed, a refused action, characters in the way).

    Nothing was written.
    """


@dataclass
class CharacterBackup:
    """One character of an archive, checked: its log replayed, the state after each action."""

    line: int
    owner: str
    name: str
    version: int
    created_at: datetime
    updated_at: datetime
    actions: list[dict]
    entries: list[dict]
    states: list[dict]


# --- writing ---------------------------------------------------------------------------------


def _open(path: Path, mode: str, *, gz: bool | None = None) -> IO[str]:
    """A text stream of the file, gzip-compressed when its name ends in .gz (or `gz`)."""
    if path.suffix == ".gz" if gz is None else gz:
        return io.TextIOWrapper(gzip.open(path, mode + "b"), encoding="utf-8")
    return path.open(mode, encoding="utf-8")


def character_record(*, character: Character) -> dict | None:
    """One character as an archive line: a cardrpg-log file plus owner, times and tables.

    None if the character was deleted while the backup ran.
    """
    rows = character.log_entries.order_by("seq").values_list(
        "seq", "action", "table_state", "created_at"
    )
    actions, entries = [], []
    for seq, action, table_state, created_at in rows.iterator(chunk_size=2000):
        actions.append(action)
        entries.append({"seq": seq, "at": created_at.isoformat(), "table_state": table_state})
    if not actions:
        return None
    return {
        "format": "cardrpg-log",
        "version": 1,
        "owner": character.owner.get_username(),
        "name": character.name,
        "ruleset": character.ruleset,
        "character_version": character.version,
        "created_at": character.created_at.isoformat(),
        "updated_at": character.updated_at.isoformat(),
        # The virtual table in use is the newest entry's (entries[-1]["table_state"]).
        "entries": entries,
        "actions": actions,
    }


def backup_write(*, path: Path | str) -> int:
    """Write every character of every player to the archive at `path`; return how many.

    Players may go on playing meanwhile. On PostgreSQL the whole archive is one moment (a
    repeatable-read transaction); on SQLite each character is read in its own short
    transaction — one long one would hold the database's write lock (IMMEDIATE transactions)
    and make players' actions fail with "database is locked".
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
        ids = list(Character.objects.order_by("pk").values_list("pk", flat=True))
        for pk in ids:
            with transaction.atomic():
                character = Character.objects.select_related("owner").filter(pk=pk).first()
                record = character and character_record(character=character)
            if record is None:
                continue  # deleted since the list was read
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
            count += 1
        # The last line says how many came before it: a cut-off file is refused on restore.
        out.write(json.dumps({"format": BACKUP_END, "characters": count}) + "\n")
    # Only a complete archive takes the name: a crash mid-write never leaves half a backup
    # where the last good one was.
    partial.replace(path)
    return count


@contextlib.contextmanager
def _nothing():
    yield


# --- reading and checking --------------------------------------------------------------------


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    try:
        with _open(path, "r") as stream:
            for number, line in enumerate(stream, start=1):
                if line.strip():
                    yield number, line
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        raise BackupError(f"cannot read {path}: {exc}") from None


def _when(value, where: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise BackupError(f"{where}: {value!r} is not a date and time") from None
    if timezone.is_naive(moment):
        raise BackupError(f"{where}: {value!r} has no time zone")
    return moment


def _check_character(line: int, text: str) -> CharacterBackup:
    """One archive line, replayed by the engine; BackupError naming what is wrong."""
    where = f"line {line}"
    try:
        actions = load_log(text)
    except ValueError as exc:
        # load_log also refuses what no database column can hold (NUL, lone surrogates).
        raise BackupError(f"{where}: {exc}") from None
    record = json.loads(text)
    owner, name = record.get("owner"), record.get("name")
    User = get_user_model()
    longest = User._meta.get_field(User.USERNAME_FIELD).max_length
    if not isinstance(owner, str) or not owner.strip() or len(owner) > longest:
        raise BackupError(f"{where}: no owner user name (or one over {longest} characters)")
    if not isinstance(name, str):
        raise BackupError(f"{where}: no character name")
    where = f"line {line} ({owner}'s {name!r})"
    entries = record.get("entries")
    if not isinstance(entries, list) or len(entries) != len(actions) or not actions:
        raise BackupError(f"{where}: needs one entry per action, and at least one action")
    for seq, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or entry.get("seq") != seq:
            raise BackupError(f"{where}: entry {seq} is out of order or ill-formed")
        entry["at"] = _when(entry.get("at"), f"{where}, action {seq}")
        if not isinstance(entry.get("table_state"), dict | None):
            raise BackupError(f"{where}, action {seq}: the virtual table is not an object")
    version = record.get("character_version")
    if type(version) is not int or version < 1:
        raise BackupError(f"{where}: the character's version must be a whole number from 1")
    try:
        states = services._replay_states(actions)
    except ReplayError as exc:
        action = json.dumps(exc.action, ensure_ascii=False)
        raise BackupError(
            f"{where}: action {exc.index + 1} was refused — {exc.error}\naction: {action}"
        ) from None
    try:
        # The name rule, exactly as a rename or an import applies it (S-03).
        name = engine_apply(initial_state(), {**actions[0], "name": name})["character"]["name"]
        services._check_name_length(name)
    except RuleError as exc:
        raise BackupError(f"{where}: {exc}") from None
    return CharacterBackup(
        line=line,
        owner=owner,
        name=name,
        version=version,
        created_at=_when(record.get("created_at"), where),
        updated_at=_when(record.get("updated_at"), where),
        actions=actions,
        entries=entries,
        states=states,
    )


def backup_check(*, path: Path | str) -> list[CharacterBackup]:
    """Read and check the whole archive at `path` without writing anything."""
    path = Path(path)
    lines = _lines(path)
    try:
        number, first = next(lines)
    except StopIteration:
        raise BackupError(f"{path} is empty: not a {BACKUP_FORMAT} file") from None
    try:
        header = json.loads(first)
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("format") != BACKUP_FORMAT:
        raise BackupError(f"{path} is not a {BACKUP_FORMAT} file (line {number})")
    if header.get("version") != BACKUP_VERSION:
        raise BackupError(f"{path}: unsupported backup version {header.get('version')!r}")
    characters, end = [], None
    for number, text in lines:
        if end is not None:
            raise BackupError(f"{path}: line {number} comes after the end of the backup")
        try:
            record = json.loads(text)
        except json.JSONDecodeError:
            record = None
        if isinstance(record, dict) and record.get("format") == BACKUP_END:
            end = record
        else:
            characters.append(_check_character(number, text))
    if end is None or end.get("characters") != len(characters):
        raise BackupError(
            f"{path} is incomplete: it was cut off before its end line, or its end line does "
            f"not count {len(characters)} characters"
        )
    return characters


# --- restoring -------------------------------------------------------------------------------


@transaction.atomic
def backup_restore(*, path: Path | str, replace: bool = False) -> list[Character]:
    """Restore every character of the archive at `path`, or nothing (BackupError).

    Into a database without characters; with `replace`, every character already there is
    deleted first (in the same transaction, so a refused archive keeps them). Owners are
    matched by user name; a missing one is created without a usable password (an admin sets
    one: ``manage.py changepassword NAME``).
    """
    checked = backup_check(path=path)
    existing = Character.objects.select_for_update()
    if existing.exists():
        if not replace:
            raise BackupError(
                f"the database already holds {existing.count()} character(s): restore into an "
                "empty database, or pass --replace to delete them first"
            )
        Character.objects.all().delete()
    users = _owners({backup.owner for backup in checked})
    return [_restore_one(backup, users[backup.owner]) for backup in checked]


def _owners(names: set[str]) -> dict:
    User = get_user_model()
    field = User.USERNAME_FIELD
    users = {user.get_username(): user for user in User.objects.filter(**{f"{field}__in": names})}
    for name in sorted(names - users.keys()):
        user = User(**{field: name})
        user.set_unusable_password()
        user.save()
        users[name] = user
    return users


def _restore_one(backup: CharacterBackup, owner) -> Character:
    final = backup.states[-1]
    character = Character.objects.create(
        owner=owner,
        name=backup.name,
        state=final,
        table_state=backup.entries[-1]["table_state"],
        version=backup.version,
        last_seq=len(backup.actions),
        **projections.character_fields(final),
    )
    rows = zip(backup.actions, backup.states, backup.entries, strict=True)
    ActionLogEntry.objects.bulk_create(
        [
            ActionLogEntry(
                character=character,
                seq=entry["seq"],
                action=action,
                action_type=services._action_type(action),
                state_after=state,
                table_state=entry["table_state"],
                created_at=entry["at"],
            )
            for action, state, entry in rows
        ],
        batch_size=500,
    )
    steps = projections.log_steps(
        initial_state(),
        [
            (action, state, entry["seq"], entry["at"])
            for action, state, entry in zip(
                backup.actions, backup.states, backup.entries, strict=True
            )
        ],
    )
    services._write_records(character, projections.fold(steps), {}, {})
    services._project_inventory(character, [], projections.inventory(final))
    # auto_now(_add) would stamp today: update() keeps the character's own times.
    Character.objects.filter(pk=character.pk).update(
        created_at=backup.created_at, updated_at=backup.updated_at
    )
    character.created_at, character.updated_at = backup.created_at, backup.updated_at
    return character
