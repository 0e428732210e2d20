"""Use cases on Card RPG characters: the core's services (tracker.core.services) in the game's words.

Each is one transaction with the core's guarantees (locked row, version check, append-only log,
nothing written on a refusal). What is Card RPG's own lives here: a character is created by its
create_character action, and who deals (the app's virtual table or real cards) is chosen for a
whole session.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import IO, Any

from django.db import transaction
from django.utils.translation import gettext

from tracker.card_rpg import app_deals, undo_guide
from tracker.card_rpg.game import _FIGHT_FIELDS, _SESSION_FIELDS, GAME, NAME_MAX_LENGTH, latest
from tracker.card_rpg.models import Character
from tracker.card_rpg.projections import FightRecord, SessionRecord
from tracker.core import services as core
from tracker.core.services import (
    KEEP_VIRTUAL_DECK,
    AlreadyApplied,
    ImportRefused,
    UndoError,
    VersionConflict,
    VirtualDeckState,
)
from tracker.rules.card_rpg import VirtualDeck, initial_state, legal_action_types
from tracker.rules.card_rpg import apply as engine_apply


class VirtualDeckSwitchError(Exception):
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


# --- creating and playing --------------------------------------------------------------------


def character_create(
    *,
    owner,
    name: str,
    class_card: str,
    str_dice: Sequence[int],
    hp_dice: Sequence[int],
    ruleset: dict | Any | None = None,
    virtual_deck: dict | None = None,
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
        game=GAME, owner=owner, actions=[action], name=name, virtual_deck=virtual_deck
    )


def character_apply(
    *,
    character_id: int,
    owner,
    action: dict,
    expected_version: int,
    virtual_deck: VirtualDeckState = KEEP_VIRTUAL_DECK,
    character: Character | None = None,
) -> Character:
    """Apply one action: append it to the log and update the state and every projection.

    Raises VersionConflict if the character is no longer at `expected_version`, and the
    engine's RuleError if the rules refuse the action; either way nothing is written.
    `virtual_deck` is the virtual table after this action (None when the player deals real
    cards); left out, the character keeps the one it has. `character` is the character as
    the screen read it, if it did (then it is not read again).
    """
    return core.record_apply(
        game=GAME,
        record_id=character_id,
        owner=owner,
        action=action,
        expected_version=expected_version,
        virtual_deck=virtual_deck,
        record=character,
    )


@transaction.atomic
def character_tap(
    *,
    character_id: int,
    owner,
    action: dict,
    expected_version: int,
    character: Character | None = None,
    dealt: VirtualDeck | None = None,
    tap: str = "",
    asked: str = "",
) -> Character:
    """One tap of the play screen: `action`, then at the app's table every step the app takes
    by itself after it (tracker.card_rpg.app_deals), all in this one transaction.

    `dealt`: the app's table after it filled in `action` itself (the deal button). `character`:
    as the screen read it (then it is not read again). `tap` and `asked`: as core.record_apply
    takes them. Raises AlreadyApplied, VersionConflict or the engine's RuleError, writing
    nothing. The character comes back with `steps`, the Steps the tap wrote; in a duel each
    step goes over both duellists' logs (T-37) and `steps` is empty: the screen reads the log.
    """
    from tracker.card_rpg import table_services

    mine = character or character_get(character_id=character_id, owner=owner)
    # A screen out of date is said before the engine looks at a tap meant for another state;
    # one drawn before a change that asks nothing new goes ahead on the state now.
    version = core.record_check_tap(
        game=GAME, record=mine, expected_version=expected_version, tap=tap, asked=asked
    )
    table = dealt
    if table is None and mine.virtual_deck is not None:
        table = VirtualDeck.from_dict(mine.virtual_deck)
    first_table = dealt.to_dict() if dealt is not None else KEEP_VIRTUAL_DECK
    actions, afters = app_deals.with_app_steps(
        mine.state, action, table, first_table, from_table=dealt is not None
    )
    if mine.state.get("duel") is not None:
        done = table_services.duel_apply(
            character_id=character_id,
            actions=[one for one, _table in actions],
            expected_version=version,
            opponent_version=None,
        )
        done.actor.steps = []
        return done.actor
    return core.record_apply(
        game=GAME,
        record_id=character_id,
        owner=owner,
        actions=actions,
        afters=afters,  # the rules ran on this very state above: not run again
        expected_version=version,
        record=mine,  # read for the screen: the write proves it is still current
        tap=tap,
    )


class DealRefused(Exception):
    """The app has nothing to deal now, or does not deal for this character (nothing written)."""


def _dealing_table(character: Character, expected_version: int, tap: str) -> VirtualDeck:
    """The app's table of a deal tap drawn at `expected_version` (a stale screen's deal would
    not be what it showed: AlreadyApplied or VersionConflict)."""
    core.record_check_tap(game=GAME, record=character, expected_version=expected_version, tap=tap)
    if not character.virtual_deck:
        raise DealRefused(gettext("Switch on “the app deals for me” first."))
    return VirtualDeck.from_dict(character.virtual_deck)


def character_top_card(*, character: Character, expected_version: int, tap: str = "") -> str:
    """The top card of the app's draw pile, turned to be bought or discarded (S-13): shown
    first, the player then buys or discards it. Nothing is written."""
    table = _dealing_table(character, expected_version, tap)
    state = character.state
    top = table.top_card(state) if "buy_top" in legal_action_types(state) else None
    if top is None:
        raise DealRefused(gettext("There is no card to buy now (S-13)."))
    return top


@transaction.atomic
def character_deal(
    *, character_id: int, owner, expected_version: int, character: Character, tap: str = ""
) -> Character:
    """At the app's table: the app fills in the card or dice the game waits for, as a tap
    (character_tap, with the steps that follow by themselves)."""
    table = _dealing_table(character, expected_version, tap)
    action = table.next_action(character.state)
    if action is None:
        raise DealRefused(gettext("There is nothing for the app to deal right now."))
    return character_tap(
        character_id=character_id,
        owner=owner,
        action=action,
        expected_version=expected_version,
        character=character,
        dealt=table,
        tap=tap,
    )


def character_set_virtual_deck(
    *, character_id: int, owner, virtual_deck: dict | None, expected_version: int
) -> Character:
    """Switch the virtual table ("the app deals for me") on (a table's dict) or off (None).

    The table is recorded with the newest log entry too, so undoing back to this point later
    brings back this table.
    """
    return core.record_set_virtual_deck(
        game=GAME,
        record_id=character_id,
        owner=owner,
        virtual_deck=virtual_deck,
        expected_version=expected_version,
        guard=_between_sessions,
    )


def _between_sessions(character: Character) -> None:
    if character.state.get("session") is not None:
        # The app's cards could never match the ones on the table, nor the other way round.
        raise VirtualDeckSwitchError(
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


class UndoNeedsRebuild(UndoError):
    """An undo past a session end with real cards, not confirmed yet: the real table must be
    rebuilt first (`guide` says how). Nothing was written."""

    def __init__(self, guide: undo_guide.UndoGuide):
        super().__init__(guide.crossing["text"])
        self.guide = guide


@transaction.atomic
def character_undo_tap(
    *,
    character_id: int,
    owner,
    expected_version: int,
    character: Character | None = None,
    tap: str = "",
    rebuild: bool = False,
) -> Character:
    """Take back the player's last tap (the undo button): at the app's table with the steps
    the app took by itself after it; past a session end with real cards only once `rebuild`
    confirms that the table is rebuilt (else UndoNeedsRebuild).

    An undo goes back from the screen it was tapped on, or not at all (AlreadyApplied,
    VersionConflict). The character comes back with `undo_action`: the action taken back.
    """
    mine = character or character_get(character_id=character_id, owner=owner)
    core.record_check_tap(game=GAME, record=mine, expected_version=expected_version, tap=tap)
    plan = undo_guide.undo_plan(mine)
    if plan.guide is not None and plan.guide.needs_confirmation and not rebuild:
        raise UndoNeedsRebuild(plan.guide)
    done = character_undo(
        character_id=character_id,
        owner=owner,
        steps=plan.steps,
        expected_version=expected_version,
        character=mine,
        tap=tap,
    )
    done.undo_action = plan.action
    return done


@transaction.atomic
def character_undo_to(
    *, character_id: int, owner, seq: int, expected_version: int, rebuild: bool = False
) -> Character:
    """Go back to just after the log entry `seq` ("undo to here"); later actions are dropped.

    Past a session end with real cards (the deck was gathered and shuffled since) only once
    `rebuild` confirms that the table is rebuilt, else UndoNeedsRebuild; a page out of date is
    a VersionConflict first.
    """
    if not rebuild:
        mine = character_get(character_id=character_id, owner=owner)
        core.record_check_tap(game=GAME, record=mine, expected_version=expected_version)
        guide = undo_guide.guide(mine, seq) if 1 <= seq < mine.last_seq else None
        if guide is not None and guide.needs_confirmation:
            raise UndoNeedsRebuild(guide)
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
    "KEEP_VIRTUAL_DECK",
    "NAME_MAX_LENGTH",
    "AlreadyApplied",
    "DealRefused",
    "VirtualDeckSwitchError",
    "UndoError",
    "UndoNeedsRebuild",
    "VersionConflict",
    "character_apply",
    "character_create",
    "character_deal",
    "character_delete",
    "character_export",
    "character_get",
    "character_import",
    "character_rebuild",
    "character_rename",
    "character_set_virtual_deck",
    "character_tap",
    "character_top_card",
    "character_undo",
    "character_undo_tap",
    "character_undo_to",
    "history_records",
    "running_fight",
    "running_session",
]
