"""Use cases on characters, each one database transaction (docs/persistence.md).

Every write locks the character's row, checks the version the caller's screen showed, lets the
rules engine apply the action, appends it to the log and brings the projected rows up to date
before the transaction commits — or writes nothing at all. The cost of an action does not
depend on the length of the log: the current state is stored on the character, and undo reads
the state kept with the last remaining log entry.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import IO, Any, Literal

from django.db import transaction
from django.utils import timezone

from tracker.card_rpg import projections
from tracker.card_rpg.models import ActionLogEntry, Character, Fight, InventoryCard, PlaySession
from tracker.card_rpg.projections import FightRecord, Latest, SessionRecord
from tracker.rules import RuleError, dump_log, initial_state, load_log
from tracker.rules import apply as engine_apply
from tracker.rules.log import replay as replay_with

NAME_MAX_LENGTH = Character._meta.get_field("name").max_length


class VersionConflict(Exception):
    """Another screen changed the character first; nothing was written.

    `character` is the character as it is now (its `state`, `version` and `table_state`), so
    the screen can redraw itself from it: "this changed on another screen — reloaded".
    """

    def __init__(self, character: Character, expected_version: int):
        self.character = character
        self.expected_version = expected_version
        super().__init__(
            f"{character.name} changed on another screen: this screen showed version "
            f"{expected_version}, the character is at version {character.version}"
        )

    @property
    def current_version(self) -> int:
        return self.character.version

    @property
    def state(self) -> dict:
        return self.character.state


class UndoError(Exception):
    """An undo that can't be done: nothing to undo, or it would undo the character's creation."""


class TableSwitchError(Exception):
    """Who deals (the app's virtual table or real cards) is chosen for a whole session."""


class _Keep(enum.Enum):
    TABLE_STATE = "keep"


# Pass as `table_state` to keep the virtual table the character already has.
KEEP_TABLE_STATE = _Keep.TABLE_STATE
TableState = dict | None | Literal[_Keep.TABLE_STATE]

_CHARACTER_PROJECTED = [
    *projections.CHARACTER_COUNTERS,
    "class_card",
    "ruleset",
    "phase",
]
_SESSION_FIELDS = [f.name for f in dataclasses.fields(SessionRecord)]
_FIGHT_FIELDS = [f.name for f in dataclasses.fields(FightRecord) if f.name != "session_number"]


# --- reading ---------------------------------------------------------------------------------


def character_get(*, character_id: int, owner) -> Character:
    """The owner's character with its current state (one query; Character.DoesNotExist if not theirs)."""
    return Character.objects.get(pk=character_id, owner=owner)


# --- creating and playing --------------------------------------------------------------------


@transaction.atomic
def character_create(
    *,
    owner,
    name: str,
    class_card: str,
    str_dice: Sequence[int],
    hp_dice: Sequence[int],
    ruleset: dict | Any | None = None,
    table_state: dict | None = None,
) -> Character:
    """Create a character by applying its create_character action (S-04 … S-06, T-02)."""
    action: dict[str, Any] = {
        "type": "create_character",
        "name": name,
        "class": class_card,
        "str_dice": list(str_dice),
        "hp_dice": list(hp_dice),
    }
    if ruleset is not None:
        action["ruleset"] = ruleset.to_dict() if hasattr(ruleset, "to_dict") else ruleset
    state = engine_apply(initial_state(), action)
    _check_name_length(state["character"]["name"])
    now = timezone.now()
    character = Character.objects.create(
        owner=owner,
        name=state["character"]["name"],
        state=state,
        table_state=table_state,
        version=1,
        last_seq=1,
        **projections.character_fields(state),
    )
    ActionLogEntry.objects.create(
        character=character,
        seq=1,
        action=action,
        action_type=action["type"],
        state_after=state,
        table_state=table_state,
        created_at=now,
    )
    return character


@transaction.atomic
def character_apply(
    *,
    character_id: int,
    owner,
    action: dict,
    expected_version: int,
    table_state: TableState = KEEP_TABLE_STATE,
) -> Character:
    """Apply one action: append it to the log and update the state and every projection.

    Raises VersionConflict if the character is no longer at `expected_version`, and the
    engine's RuleError if the rules refuse the action; either way nothing is written.
    `table_state` is the virtual table after this action (None when the player deals real
    cards); left out, the character keeps the one it has.
    """
    character = _lock(character_id, owner, expected_version)
    before = character.state
    after = engine_apply(before, action)
    if table_state is KEEP_TABLE_STATE:
        table_state = character.table_state
    now = timezone.now()
    seq = character.last_seq + 1
    ActionLogEntry.objects.create(
        character=character,
        seq=seq,
        action=action,
        action_type=_action_type(action),
        state_after=after,
        table_state=table_state,
        created_at=now,
    )
    _project_step(character, before, action, after, seq=seq, at=now)
    _project_inventory(character, projections.inventory(before), projections.inventory(after))
    character.last_seq = seq
    _store_state(character, after, table_state)
    return character


@transaction.atomic
def character_set_table(
    *, character_id: int, owner, table_state: dict | None, expected_version: int
) -> Character:
    """Switch the virtual table ("the app deals for me") on (a table's dict) or off (None).

    The table is recorded with the newest log entry too, so undoing back to this point later
    brings back this table.
    """
    character = _lock(character_id, owner, expected_version)
    if character.state.get("session") is not None:
        # The app's cards could never match the ones on the table, nor the other way round.
        raise TableSwitchError(
            "Who deals is chosen for a whole session: switch it once this session has ended."
        )
    character.log_entries.filter(seq=character.last_seq).update(table_state=table_state)
    character.table_state = table_state
    character.version += 1
    character.save(update_fields=["table_state", "version", "updated_at"])
    return character


# --- undo ------------------------------------------------------------------------------------


@transaction.atomic
def character_undo(*, character_id: int, owner, steps: int = 1, expected_version: int) -> Character:
    """Take back the last `steps` actions, as if they had never been played."""
    character = _lock(character_id, owner, expected_version)
    if type(steps) is not int or steps < 1:
        raise UndoError(f"undo takes back one action or more, not {steps!r}")
    undoable = character.last_seq - 1
    if steps > undoable:
        if undoable == 0:
            raise UndoError("there is nothing to undo: the character has only been created")
        raise UndoError(
            f"only {undoable} action{'s' if undoable != 1 else ''} can be undone; the "
            "character's creation can't be (delete the character instead)"
        )
    _truncate(character, character.last_seq - steps)
    return character


@transaction.atomic
def character_undo_to(*, character_id: int, owner, seq: int, expected_version: int) -> Character:
    """Go back to just after the log entry `seq` ("undo to here"); later actions are dropped."""
    character = _lock(character_id, owner, expected_version)
    if type(seq) is not int or not 1 <= seq <= character.last_seq:
        raise UndoError(
            f"there is no action {seq!r} to go back to: the log runs from 1 (the character's "
            f"creation) to {character.last_seq}"
        )
    if seq < character.last_seq:
        _truncate(character, seq)
    return character


def _truncate(character: Character, keep: int) -> None:
    """Delete the log after entry `keep` and bring every projection back to that point."""
    entry = character.log_entries.only("state_after", "table_state").get(seq=keep)
    character.log_entries.filter(seq__gt=keep).delete()
    character.fights.filter(started_seq__gt=keep).delete()
    character.play_sessions.filter(started_seq__gt=keep).delete()
    # Only the session running at `keep` (and its fights) can have been changed by the
    # actions taken back; it is folded again from its own start, which costs one session's
    # actions, never the whole log.
    session = character.play_sessions.order_by("-number").first()
    if session is not None and (session.ended_seq is None or session.ended_seq > keep):
        entries = character.log_entries.filter(
            seq__gte=session.started_seq - 1, seq__lte=keep
        ).order_by("seq")
        entries = list(entries.values_list("action", "state_after", "seq", "created_at"))
        start_state = entries[0][1]
        latest = Latest(
            session=_session_record(
                character.play_sessions.filter(number=session.number - 1).first()
            ),
            fight=_fight_record(
                character.fights.filter(session__number__lt=session.number)
                .select_related("session")
                .order_by("-number")
                .first()
            ),
        )
        records = projections.fold(projections.log_steps(start_state, entries[1:]), latest)
        existing_fights = {fight.number: fight for fight in session.fights.all()}
        _write_records(character, records, {session.number: session}, existing_fights)
    old_inventory = projections.inventory(character.state)
    _project_inventory(character, old_inventory, projections.inventory(entry.state_after))
    character.last_seq = keep
    _store_state(character, entry.state_after, entry.table_state)


# --- name and deletion -----------------------------------------------------------------------


def character_name_check(*, character: Character, name: str) -> str:
    """The name as it would be stored (trimmed), or the engine's RuleError for a bad one (S-03)."""
    creation = character.log_entries.only("action").get(seq=1).action
    # The engine's own name rule decides, exactly as it did at creation.
    state = engine_apply(initial_state(), {**creation, "name": name})
    name = state["character"]["name"]
    _check_name_length(name)
    return name


@transaction.atomic
def character_rename(*, character_id: int, owner, name: str, expected_version: int) -> Character:
    """Give the character a new name (the log keeps the name it was created with)."""
    character = _lock(character_id, owner, expected_version)
    character.name = character_name_check(character=character, name=name)
    character.version += 1
    character.save(update_fields=["name", "version", "updated_at"])
    return character


@transaction.atomic
def character_delete(*, character_id: int, owner, expected_version: int) -> None:
    """Delete the character with its whole log and history."""
    character = _lock(character_id, owner, expected_version)
    character.delete()


# --- export, import and rebuilding -----------------------------------------------------------


def character_export(*, character: Character) -> str:
    """The character's log as a cardrpg-log file (rules/actions.md), with its name and rules."""
    actions = character.log_entries.order_by("seq").values_list("action", flat=True)
    return dump_log(actions, name=character.name, ruleset=character.ruleset) + "\n"


@transaction.atomic
def character_import(*, owner, text: str | bytes | IO, name: str | None = None) -> Character:
    """Create a new character from a cardrpg-log file, after replaying every action in it.

    `text` is the file's text, its bytes, or an open (uploaded) file. `name` overrides the
    file's top-level name, which overrides the name in its create_character action.

    Raises ValueError for a file that is not a log (or holds no action) and the engine's
    ReplayError, naming the refused action, for a log the rules refuse (RuleError for a bad
    name); nothing is written.
    """
    if hasattr(text, "read"):
        text = text.read()
    actions = load_log(text)
    if not actions:
        raise ValueError("the log holds no actions: a character's log starts with create_character")
    states = _replay_states(actions)
    if name is None:
        name = _file_name(text)
    if name is not None:
        # The name from the file's top level (a renamed character) must pass the name rule too.
        name = engine_apply(initial_state(), {**actions[0], "name": name})["character"]["name"]
    else:
        name = states[0]["character"]["name"]
    _check_name_length(name)
    final = states[-1]
    character = Character.objects.create(
        owner=owner,
        name=name,
        state=final,
        table_state=None,
        version=1,
        last_seq=len(actions),
        **projections.character_fields(final),
    )
    now = timezone.now()
    _store_log(character, actions, states, now)
    return character


@transaction.atomic
def character_rebuild(*, character_id: int, owner) -> Character:
    """Replay the whole log with the engine and rewrite every stored state and projection.

    For repairs (e.g. after a rules fix): the log's actions are the truth, everything else is
    derived again. Raises ReplayError, writing nothing, if the engine now refuses an action.
    The version is bumped so open screens reload.
    """
    character = Character.objects.select_for_update().get(pk=character_id, owner=owner)
    entries = list(character.log_entries.order_by("seq").only("seq", "action", "created_at"))
    actions = [entry.action for entry in entries]
    states = _replay_states(actions)
    for entry, state in zip(entries, states, strict=True):
        entry.state_after = state
    ActionLogEntry.objects.bulk_update(entries, ["state_after"], batch_size=500)
    steps = projections.log_steps(
        initial_state(),
        [(e.action, s, e.seq, e.created_at) for e, s in zip(entries, states, strict=True)],
    )
    records = projections.fold(steps)
    sessions = {row.number: row for row in character.play_sessions.all()}
    fights = {row.number: row for row in character.fights.all()}
    _write_records(character, records, sessions, fights)
    _project_inventory(character, None, projections.inventory(states[-1]))
    _store_state(character, states[-1], character.table_state)
    return character


def _store_log(character: Character, actions: list[dict], states: list[dict], at: datetime):
    """Write a whole replayed log and its projections for a character that has none yet."""
    ActionLogEntry.objects.bulk_create(
        [
            ActionLogEntry(
                character=character,
                seq=seq,
                action=action,
                action_type=_action_type(action),
                state_after=state,
                table_state=None,
                created_at=at,
            )
            for seq, (action, state) in enumerate(zip(actions, states, strict=True), start=1)
        ],
        batch_size=500,
    )
    steps = projections.log_steps(
        initial_state(),
        [
            (action, state, seq, at)
            for seq, (action, state) in enumerate(zip(actions, states, strict=True), start=1)
        ],
    )
    _write_records(character, projections.fold(steps), {}, {})
    _project_inventory(character, [], projections.inventory(states[-1]))


# --- internals -------------------------------------------------------------------------------


def _lock(character_id: int, owner, expected_version: int) -> Character:
    """The owner's character, locked for this transaction, at the version the caller saw.

    PostgreSQL: the row lock makes a second writer wait for the first to commit, then read the
    new version. SQLite: the IMMEDIATE transaction (settings) already holds the write lock.
    """
    character = Character.objects.select_for_update().get(pk=character_id, owner=owner)
    if character.version != expected_version:
        raise VersionConflict(character, expected_version)
    return character


def _store_state(character: Character, state: dict, table_state: dict | None) -> None:
    character.state = state
    character.table_state = table_state
    for key, value in projections.character_fields(state).items():
        setattr(character, key, value)
    character.version += 1
    character.save(
        update_fields=[
            *_CHARACTER_PROJECTED,
            "state",
            "table_state",
            "version",
            "last_seq",
            "updated_at",
        ]
    )


def _check_name_length(name: str) -> None:
    if len(name) > NAME_MAX_LENGTH:
        raise RuleError("S-03", f"a name has at most {NAME_MAX_LENGTH} characters")


def _action_type(action: dict) -> str:
    return str(action.get("type"))[:40]


def _replay_states(actions: list[dict]) -> list[dict]:
    """The state after each action; ReplayError at the first refusal."""
    states: list[dict] = []

    def collect(state: dict, action: dict) -> dict:
        new = engine_apply(state, action)
        states.append(new)
        return new

    replay_with(collect, initial_state(), actions)
    return states


def _file_name(text: str | bytes) -> str | None:
    """The top-level "name" of a log file (written by character_export), if it has one."""
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode("utf-8-sig")
    name = json.loads(text).get("name")
    return name if isinstance(name, str) else None


def _project_step(
    character: Character, before: dict, action: dict, after: dict, *, seq: int, at: datetime
) -> None:
    """Bring the newest session and fight rows up to date with one new action."""
    session = character.play_sessions.order_by("-number").first()
    # Between fights no fight row can change; a new fight needs the number of the last one.
    fight = None
    if before.get("fight") or after.get("fight") or action.get("type") == "reveal_monster":
        fight = character.fights.select_related("session").order_by("-number").first()
    latest = Latest(_session_record(session), _fight_record(fight))
    new = projections.step(before, action, after, seq=seq, at=at, latest=latest)
    records = [
        record
        for record, old in ((new.session, latest.session), (new.fight, latest.fight))
        if record is not None and record != old
    ]
    sessions = {session.number: session} if session else {}
    fights = {fight.number: fight} if fight else {}
    _write_records(character, records, sessions, fights, prune=False)


def _write_records(
    character: Character,
    records: Iterable[SessionRecord | FightRecord],
    sessions: dict[int, PlaySession],
    fights: dict[int, Fight],
    *,
    prune: bool = True,
) -> None:
    """Make the rows match the records: update what changed, insert what is new.

    `sessions` and `fights` are the existing rows the records may update, by number; with
    `prune`, those of them no record names are deleted.
    """
    records = list(records)
    given_sessions, given_fights = dict(sessions), dict(fights)
    session_records = [r for r in records if isinstance(r, SessionRecord)]
    fight_records = [r for r in records if isinstance(r, FightRecord)]
    new_sessions = []
    for record in session_records:
        row = sessions.get(record.number)
        if row is None:
            row = PlaySession(character=character, **_fields(record, _SESSION_FIELDS))
            new_sessions.append(row)
            sessions[record.number] = row
        else:
            _update_row(row, record, _SESSION_FIELDS)
    _insert(PlaySession, new_sessions)
    # Fights may belong to sessions no record touched (rebuild keeps unchanged rows).
    missing = {r.session_number for r in fight_records} - sessions.keys()
    if missing:
        sessions.update(
            {row.number: row for row in character.play_sessions.filter(number__in=missing)}
        )
    new_fights = []
    for record in fight_records:
        row = fights.get(record.number)
        if row is None:
            row = Fight(
                character=character,
                session=sessions[record.session_number],
                **_fields(record, _FIGHT_FIELDS),
            )
            new_fights.append(row)
        else:
            _update_row(row, record, _FIGHT_FIELDS)
    _insert(Fight, new_fights)
    if prune:
        kept = {r.number for r in fight_records}
        stale = [row.pk for number, row in given_fights.items() if number not in kept]
        if stale:
            Fight.objects.filter(pk__in=stale).delete()
        kept = {r.number for r in session_records}
        stale = [row.pk for number, row in given_sessions.items() if number not in kept]
        if stale:
            PlaySession.objects.filter(pk__in=stale).delete()


def _insert(model, rows: list) -> None:
    if len(rows) == 1:
        rows[0].save(force_insert=True)
    elif rows:
        model.objects.bulk_create(rows, batch_size=500)


def _update_row(row, record, names: list[str]) -> None:
    changed = [name for name in names if getattr(row, name) != getattr(record, name)]
    if changed:
        for name in changed:
            setattr(row, name, getattr(record, name))
        row.save(update_fields=changed)


def _fields(record, names: list[str]) -> dict[str, Any]:
    values = {name: getattr(record, name) for name in names}
    if "loot" in values:
        values["loot"] = list(values["loot"])
    return values


def _session_record(row: PlaySession | None) -> SessionRecord | None:
    if row is None:
        return None
    return SessionRecord(**{name: getattr(row, name) for name in _SESSION_FIELDS})


def _fight_record(row: Fight | None) -> FightRecord | None:
    if row is None:
        return None
    values = {name: getattr(row, name) for name in _FIGHT_FIELDS}
    values["loot"] = list(values["loot"])
    return FightRecord(session_number=row.session.number, **values)


def _project_inventory(character: Character, old: list[str] | None, new: list[str]) -> None:
    """Rewrite the inventory rows from the first position that changed (None: all of them)."""
    if old is None:
        first = 0
    else:
        if old == new:
            return
        first = next(
            (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
            min(len(old), len(new)),
        )
    character.inventory.filter(position__gte=first).delete()
    rows = [
        InventoryCard(character=character, position=position, card=card)
        for position, card in enumerate(new[first:], start=first)
    ]
    if rows:
        InventoryCard.objects.bulk_create(rows)


__all__ = [
    "KEEP_TABLE_STATE",
    "UndoError",
    "VersionConflict",
    "character_apply",
    "character_create",
    "character_delete",
    "character_export",
    "character_get",
    "character_import",
    "character_name_check",
    "character_rebuild",
    "character_rename",
    "character_set_table",
    "character_undo",
    "character_undo_to",
]
