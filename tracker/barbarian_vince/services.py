"""Use cases on Barbarian Vince adventures: the core's services in the game's own words.

Each write is one transaction with the core's guarantees (locked row, version check,
append-only log, nothing written on a refusal). What is the game's own lives here: an adventure
begins with its begin_adventure action (its name and table rules), and a card the player
entered in an earlier adventure can be entered again from their card memory.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Q

from tracker.barbarian_vince.game import GAME, check_name
from tracker.barbarian_vince.models import Adventure, AdventureTurn, RememberedCard
from tracker.core import services as core
from tracker.core.services import AlreadyApplied, UndoError, VersionConflict
from tracker.rules.barbarian_vince import apply as engine_apply
from tracker.rules.barbarian_vince import initial_state

# How many remembered cards a search offers at once.
RECALL_LIMIT = 8


# --- reading ---------------------------------------------------------------------------------


def adventure_get(*, adventure_id: int, owner) -> Adventure:
    """The owner's adventure with its state (one query; Adventure.DoesNotExist if not theirs)."""
    return core.record_get(game=GAME, record_id=adventure_id, owner=owner)


def running_turn(adventure: Adventure) -> dict | None:
    """The turn being played (or the last one, once the adventure is over), from the projection."""
    return (adventure.projection or {}).get("turn")


def finished_turns(adventure: Adventure):
    """The rows of the turns that have ended in the log as it stands, newest first."""
    return AdventureTurn.objects.filter(adventure=adventure).order_by("-number")


def remembered_cards(*, owner, text: str = "", exclude: Sequence[str] = ()) -> list:
    """The owner's remembered cards whose id or name contains `text` (one query, a few)."""
    rows = RememberedCard.objects.filter(owner=owner)
    text = text.strip()
    if text:
        rows = rows.filter(Q(card_id__icontains=text) | Q(name__icontains=text))
    if exclude:
        rows = rows.exclude(card_id__in=list(exclude))
    return list(rows.order_by("card_id")[:RECALL_LIMIT])


def state_at(*, adventure: Adventure, seq: int) -> dict:
    """The engine state just after log entry `seq` (replayed from the snapshot before it)."""
    state, _projection, _table = core.record_state_at(game=GAME, record=adventure, seq=seq)
    return state


def steps(*, adventure: Adventure, first: int, last: int) -> list[core.Step]:
    """Log entries first…last with the states around each (one query, from a snapshot)."""
    return core.record_steps(game=GAME, record=adventure, first=first, last=last)


# --- creating and playing --------------------------------------------------------------------


def adventure_create(*, owner, name: str, ruleset: dict | None = None) -> Adventure:
    """Begin an adventure: its begin_adventure action with its name and table rules."""
    action: dict = {"type": "begin_adventure", "name": name}
    if ruleset:
        action["ruleset"] = dict(ruleset)
    state = engine_apply(initial_state(), action)  # refuses a bad name or ruleset first
    return core.record_create(
        game=GAME, owner=owner, actions=[action], name=check_name(state["name"])
    )


def adventure_apply(
    *,
    adventure_id: int,
    owner,
    action: dict,
    expected_version: int,
    tap: str = "",
    asked: str = "",
) -> Adventure:
    """Apply one action; VersionConflict or the engine's RuleError write nothing (`tap`,
    `asked`: as core.record_apply takes them)."""
    return core.record_apply(
        game=GAME,
        record_id=adventure_id,
        owner=owner,
        action=action,
        expected_version=expected_version,
        tap=tap,
        asked=asked,
    )


def card_recall(*, adventure_id: int, owner, card_id: str, expected_version: int) -> Adventure:
    """Enter a card from the owner's card memory in the adventure's catalogue (register_card).

    Raises RememberedCard.DoesNotExist when the owner remembers no such card.
    """
    remembered = RememberedCard.objects.get(owner=owner, card_id=card_id)
    action = {"type": "register_card", **remembered.fields}
    return adventure_apply(
        adventure_id=adventure_id, owner=owner, action=action, expected_version=expected_version
    )


# --- undo ------------------------------------------------------------------------------------


def adventure_undo(
    *, adventure_id: int, owner, steps: int = 1, expected_version: int, tap: str = ""
):
    """Take back the last `steps` actions; the adventure comes back with `undone` (Steps)."""
    return core.record_undo(
        game=GAME,
        record_id=adventure_id,
        owner=owner,
        steps=steps,
        expected_version=expected_version,
        tap=tap,
    )


def adventure_undo_to(*, adventure_id: int, owner, seq: int, expected_version: int):
    """Go back to just after log entry `seq`; later actions are dropped."""
    return core.record_undo_to(
        game=GAME, record_id=adventure_id, owner=owner, seq=seq, expected_version=expected_version
    )


# --- name, deletion and files ----------------------------------------------------------------


def adventure_delete(*, adventure_id: int, owner, expected_version: int) -> None:
    """Delete the adventure with its whole log and history (the card memory stays)."""
    core.record_delete(
        game=GAME, record_id=adventure_id, owner=owner, expected_version=expected_version
    )


def adventure_export(*, adventure: Adventure) -> str:
    """The adventure's log as a cardrpg-log file with `"game": "barbarian-vince"`."""
    return core.record_export(game=GAME, record=adventure)


__all__ = [
    "RECALL_LIMIT",
    "AlreadyApplied",
    "UndoError",
    "VersionConflict",
    "adventure_apply",
    "adventure_create",
    "adventure_delete",
    "adventure_export",
    "adventure_get",
    "adventure_undo",
    "adventure_undo_to",
    "card_recall",
    "finished_turns",
    "remembered_cards",
    "running_turn",
    "state_at",
    "steps",
]
