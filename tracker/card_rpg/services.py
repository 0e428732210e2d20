"""Use cases on Card RPG characters: the core's services (tracker.core.services) in the game's words.

Each is one transaction with the core's guarantees (locked row, version check, append-only log,
nothing written on a refusal). What is Card RPG's own lives here: a character is created by its
create_character action, and who deals (the app's virtual table or real cards) is chosen for a
whole session.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import IO, Any

from django.utils.translation import gettext

from tracker.card_rpg.game import _FIGHT_FIELDS, _SESSION_FIELDS, GAME, NAME_MAX_LENGTH, latest
from tracker.card_rpg.models import Character
from tracker.card_rpg.projections import FightRecord, SessionRecord
from tracker.core import services as core
from tracker.core.services import (
    KEEP_TABLE_STATE,
    ImportRefused,
    TableState,
    UndoError,
    VersionConflict,
)
from tracker.rules import apply as engine_apply
from tracker.rules import initial_state


class TableSwitchError(Exception):
    """Who deals (the app's virtual table or real cards) is chosen for a whole session."""


# --- reading ---------------------------------------------------------------------------------


def character_get(*, character_id: int, owner) -> Character:
    """The owner's character with its current state (one query; Character.DoesNotExist if not theirs)."""
    return core.record_get(game=GAME, record_id=character_id, owner=owner)


def running_session(character: Character) -> SessionRecord | None:
    """The session running now, with its counters as they stand (None between sessions)."""
    session = latest(character.projection).session
    return session if session is not None and session.running else None


def running_fight(character: Character) -> FightRecord | None:
    """The fight running now, with its counters as they stand (None between fights)."""
    fight = latest(character.projection).fight
    return fight if fight is not None and fight.running else None


def history_records(character: Character) -> tuple[list[SessionRecord], list[FightRecord]]:
    """Every session and fight as the history shows them, oldest first (two queries).

    The rows of finished ones, and the running session and fight from the character's
    projection, where they live until they end.
    """
    sessions = [
        SessionRecord(**{name: getattr(row, name) for name in _SESSION_FIELDS})
        for row in character.play_sessions.order_by("number")
    ]
    fights = [
        FightRecord(
            session_number=int(row.session_id.rsplit(":", 1)[1]),
            **{name: getattr(row, name) for name in _FIGHT_FIELDS},
        )
        for row in character.fights.order_by("number")
    ]
    for fight in fights:
        fight.loot = list(fight.loot)
    session_now, fight_now = running_session(character), running_fight(character)
    if session_now is not None:
        sessions.append(session_now)
    if fight_now is not None:
        fights.append(fight_now)
    return sessions, fights


def character_state_at(*, character: Character, seq: int) -> dict:
    """The engine state just after log entry `seq` (replayed from the snapshot before it)."""
    state, _projection, _table = core.record_state_at(game=GAME, record=character, seq=seq)
    return state


# --- creating and playing --------------------------------------------------------------------


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
    name = GAME.check_name(state["character"]["name"])
    return core.record_create(
        game=GAME, owner=owner, actions=[action], name=name, table_state=table_state
    )


def character_apply(
    *,
    character_id: int,
    owner,
    action: dict,
    expected_version: int,
    table_state: TableState = KEEP_TABLE_STATE,
    character: Character | None = None,
) -> Character:
    """Apply one action: append it to the log and update the state and every projection.

    Raises VersionConflict if the character is no longer at `expected_version`, and the
    engine's RuleError if the rules refuse the action; either way nothing is written.
    `table_state` is the virtual table after this action (None when the player deals real
    cards); left out, the character keeps the one it has. `character` is the character as
    the screen read it, if it did (then it is not read again).
    """
    return core.record_apply(
        game=GAME,
        record_id=character_id,
        owner=owner,
        action=action,
        expected_version=expected_version,
        table_state=table_state,
        record=character,
    )


def character_apply_many(
    *,
    character_id: int,
    owner,
    actions: Sequence[tuple[dict, TableState]],
    expected_version: int,
    character: Character | None = None,
    afters: Sequence[dict] | None = None,
    tap: str = "",
    asked: str = "",
) -> Character:
    """Apply several actions in a row in one transaction (the app's own steps after a tap).

    `afters`: the state after each action, when the caller ran the rules on `character`'s
    state already (they are not run again). `tap` and `asked`: as core.record_apply takes them.
    """
    return core.record_apply(
        game=GAME,
        record_id=character_id,
        owner=owner,
        actions=actions,
        afters=afters,
        expected_version=expected_version,
        record=character,
        tap=tap,
        asked=asked,
    )


def character_set_table(
    *, character_id: int, owner, table_state: dict | None, expected_version: int
) -> Character:
    """Switch the virtual table ("the app deals for me") on (a table's dict) or off (None).

    The table is recorded with the newest log entry too, so undoing back to this point later
    brings back this table.
    """
    return core.record_set_table(
        game=GAME,
        record_id=character_id,
        owner=owner,
        table_state=table_state,
        expected_version=expected_version,
        guard=_between_sessions,
    )


def _between_sessions(character: Character) -> None:
    if character.state.get("session") is not None:
        # The app's cards could never match the ones on the table, nor the other way round.
        raise TableSwitchError(
            gettext(
                "Who deals is chosen for a whole session: switch it once this session has ended."
            )
        )


# --- undo ------------------------------------------------------------------------------------


def character_undo(
    *,
    character_id: int,
    owner,
    steps: int = 1,
    expected_version: int,
    character: Character | None = None,
    tap: str = "",
) -> Character:
    """Take back the last `steps` actions, as if they had never been played.

    When the log ends with a step over two characters (a robbery, a duel's step at a table),
    one undo takes that whole step back from both logs (T-37).
    """
    from tracker.card_rpg import table_services

    mine = character or character_get(character_id=character_id, owner=owner)
    # Read with the character where the view asked (table_screen.with_table_facts); the version
    # checked below proves the log has not moved since.
    shared = getattr(mine, "ends_shared_step", None)
    if shared is None:
        shared = table_services.last_shared_step(mine) is not None
    if shared:
        done = table_services.duel_undo(
            character_id=character_id, expected_version=expected_version
        )
        return done.actor if done.actor.pk == character_id else done.other
    return core.record_undo(
        game=GAME,
        record_id=character_id,
        owner=owner,
        steps=steps,
        expected_version=expected_version,
        record=character,
        tap=tap,
    )


def character_undo_to(*, character_id: int, owner, seq: int, expected_version: int) -> Character:
    """Go back to just after the log entry `seq` ("undo to here"); later actions are dropped."""
    return core.record_undo_to(
        game=GAME, record_id=character_id, owner=owner, seq=seq, expected_version=expected_version
    )


# --- name and deletion -----------------------------------------------------------------------


def character_rename(*, character_id: int, owner, name: str, expected_version: int) -> Character:
    """Give the character a new name."""
    return core.record_rename(
        game=GAME,
        record_id=character_id,
        owner=owner,
        name=name,
        expected_version=expected_version,
    )


def character_delete(*, character_id: int, owner, expected_version: int) -> None:
    """Delete the character with its whole log and history."""
    core.record_delete(
        game=GAME, record_id=character_id, owner=owner, expected_version=expected_version
    )


# --- export, import and rebuilding -----------------------------------------------------------


def character_export(*, character: Character) -> str:
    """The character's log as a cardrpg-log file (rules/actions.md), with its name and rules."""
    return core.record_export(game=GAME, record=character)


def character_import(
    *,
    owner,
    text: str | bytes | IO,
    name: str | None = None,
    share: float = 1.0,
    still_wanted: Callable[[], bool] | None = None,
) -> Character:
    """Create a new character from a Card RPG log file, after replaying every action in it.

    `text` is the file's text, its bytes, or an open (uploaded) file. `name` overrides the
    file's top-level name, which overrides the name in its create_character action.

    Raises ValueError for a file that is not a Card RPG log (or holds no action) and the
    engine's ReplayError, naming the refused action, for a log the rules refuse (RuleError
    for a bad name); nothing is written. The character comes back with `earlier_imports`: the
    owner's characters imported from the very same file before. `still_wanted`: as for
    record_import_write (ImportAbandoned, nothing kept, when the uploader is gone).
    """
    prepared = core.record_import_prepare(text=text, name=name, share=share)
    if prepared.game is not GAME:
        raise ImportRefused(
            gettext(
                "this file is a %(game)s log, not a Card RPG character's: import it from Your games"
            )
            % {"game": prepared.game.title}
        )
    earlier = core.earlier_imports(game=GAME, owner=owner, digest=prepared.digest)
    character = core.record_import_write(prepared=prepared, owner=owner, still_wanted=still_wanted)
    # The owner's characters imported from the same file before (a re-import is said so).
    character.earlier_imports = earlier
    return character


def character_rebuild(*, character_id: int, owner) -> Character:
    """Replay the whole log and rewrite every snapshot and projection (repairs, rules fixes)."""
    return core.record_rebuild(game=GAME, record_id=character_id, owner=owner)


__all__ = [
    "KEEP_TABLE_STATE",
    "NAME_MAX_LENGTH",
    "TableSwitchError",
    "UndoError",
    "VersionConflict",
    "character_apply",
    "character_apply_many",
    "character_create",
    "character_delete",
    "character_export",
    "character_get",
    "character_import",
    "character_rebuild",
    "character_rename",
    "character_set_table",
    "character_undo",
    "character_undo_to",
    "character_state_at",
    "history_records",
    "running_fight",
    "running_session",
]
