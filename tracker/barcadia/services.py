"""Use cases on Heroes of Barcadia tables: the core's services (tracker.core.services) in the game's
words.

Each write is one transaction with the core's guarantees (locked row, version check, append-only
log, nothing written on a refusal). What is Barcadia's own lives here: a table is created by its
`set_up_table` action together with one seat per hero, and the host may let their phone act for
every hero ("pass one phone around").
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from tracker.barcadia import roll_parts, tile_box
from tracker.barcadia.game import GAME
from tracker.barcadia.models import Table, TableEvent
from tracker.core import seats
from tracker.core import services as core
from tracker.core.i18n import listing
from tracker.core.services import AlreadyApplied, UndoError, VersionConflict
from tracker.rules import barcadia as engine
from tracker.rules.barcadia import ACTION_FIELDS
from tracker.rules.errors import RuleError
from tracker.rules.text import _, listed


def table_create(*, owner, name: str, players: list[dict], ruleset: dict | None = None) -> Table:
    """Set up a table (H-01 … H-07) and make a free seat for each hero, in seating order; with
    no `name`, the table is named after its heroes in the player's language.

    Raises the engine's RuleError (heroes, table rules) or the name's, writing nothing.
    """
    action: dict = {"type": "set_up_table", "players": players}
    if ruleset:
        action["ruleset"] = ruleset
    engine.apply(engine.initial_state(), action)  # a refusal is the engine's, with its rule
    if not name:
        name = gettext("Table of %(heroes)s") % {
            "heroes": listing(player["name"] for player in players)
        }
    name = GAME.check_name(name)
    # The seats are made with the table (tracker.barcadia.game.TableProjector.write_all).
    return core.record_create(game=GAME, owner=owner, actions=[action], name=name)


def _cleaned(action: dict) -> dict:
    """Only the fields the engine reads for the action's type (HL-02: others are ignored, so
    they are never stored either)."""
    kept = ACTION_FIELDS.get(action.get("type"), ("type",))
    return {key: value for key, value in action.items() if key in kept}


class EndTurnToConfirm(Exception):
    """HT-06: a turn ended before its hero did anything is asked about first (the rules allow
    it; a tap on the wrong button should not pass the turn). Nothing was written."""


class UndoToConfirm(Exception):
    """Another player's action is taken back only once the phone undoing it confirms (a tap on
    the wrong phone should not take back a friend's turn). Nothing was written."""


def _ends_an_idle_turn(state: dict, action: dict) -> bool:
    turn = state.get("turn") or {}
    return (
        action.get("type") == "end_turn"
        and state["phase"] == "play"
        and not state["pending"]
        and turn.get("player") == action.get("player")
        and turn.get("actions_taken") == 0
    )


def table_apply(
    *,
    table: Table,
    action: dict,
    expected_version: int,
    tap: str = "",
    asked: str = "",
    heroes: tuple[str, ...] = (),
    ask_before_idle_end: bool = False,
) -> Table:
    """Apply one action for the table (whoever's phone sent it: the view checked the seat).

    Raises VersionConflict if the table moved on since `expected_version` in something the
    phone's `heroes` were asked (`asked`, tracker.barcadia.game: another phone noting its loot
    names is not), AlreadyApplied for a tap sent again, and the engine's RuleError if the
    rules refuse the action; nothing is written then. EndTurnToConfirm, when
    `ask_before_idle_end` (a phone's tap not yet confirmed), for a turn ending before its hero did
    anything. The table comes back with `steps`.
    """
    if ask_before_idle_end and _ends_an_idle_turn(table.state, action):
        raise EndTurnToConfirm
    with transaction.atomic():
        record = core.record_apply(
            game=GAME,
            record_id=table.pk,
            owner=table.owner_id,
            action=_cleaned(action),
            expected_version=expected_version,
            record=table,  # as the view read it: the write itself proves it is still current
            tap=tap,
            asked=asked,
            seat=heroes,
        )
        # Every face turned up goes into the host's tile box (kept apart from the log).
        tile_box.remember(owner_id=record.owner_id, steps=record.steps)
    return record


def table_undo(
    *,
    table: Table,
    expected_version: int,
    by: str = "",
    tap: str = "",
    heroes: tuple[str, ...] | None = None,
    confirmed: bool = True,
) -> Table:
    """Take back the newest action, as if it had never been played (`undone`: what it was).

    The undo takes back what the phone showed as the newest action, or nothing (AlreadyApplied,
    VersionConflict). `heroes`: the heroes of the phone undoing (None: the phone passed round,
    which acts for every hero); another hero's action is taken back only when `confirmed`, else
    UndoToConfirm. A roll being built is dropped with it, and every phone is told who took back
    what (`by`: the heroes of the phone that undid it, or "" for the host)."""
    with transaction.atomic():
        core.record_check_tap(game=GAME, record=table, expected_version=expected_version, tap=tap)
        newest = ((table.projection or {}).get("last") or {}).get("player")
        if not confirmed and heroes is not None and newest is not None and newest not in heroes:
            raise UndoToConfirm
        record = core.record_undo(
            game=GAME,
            record_id=table.pk,
            owner=table.owner_id,
            expected_version=expected_version,
            record=table,
            tap=tap,
        )
        undone = [
            {"text": engine.describe_action(s.before, s.action, s.after).to_json(),
             "player": (s.action.get("player") or "").strip()}
            for s in record.undone or []
        ]  # fmt: skip
        note = {"version": record.version, "by": by, "undone": undone}
        Table.objects.filter(pk=record.pk).update(roll_draft=None, undo_note=note)
        record.roll_draft, record.undo_note = None, note
    return record


# -- a two-sided roll from each phone's part (tracker.barcadia.roll_parts) ---------------------


def _touched(table: Table, **changes) -> Table:
    """Write `changes` to the locked table with a new version: every phone's live check then
    shows the roll as it builds, though the log did not move."""
    now = timezone.now()
    Table.objects.filter(pk=table.pk).update(**changes, version=F("version") + 1, updated_at=now)
    for name, value in changes.items():
        setattr(table, name, value)
    table.version += 1
    table.updated_at = now
    return table


def _locked(table: Table) -> Table:
    return Table.objects.select_for_update().get(pk=table.pk)


def roll_choose(*, table: Table, kind: str, player: str, other: str) -> Table:
    """The explorer names their partner or who plays the boss, or the challenger whom they
    duel (H-16, H-19, H-26): each phone may then roll its part. Raises RuleError."""
    with transaction.atomic():
        locked = _locked(table)
        state = locked.state
        roll = roll_parts.sides(state, locked.roll_draft)
        if kind == "duel" and roll is None:
            # The engine says whether this duel may be fought now (turn, neighbours, once).
            engine.apply(state, roll_parts.trial(roll_parts.new(kind, player, other), player,
                                                 {"roll": 1, "modifiers": []}))  # fmt: skip
            return _touched(locked, roll_draft=roll_parts.new(kind, player, other))
        if roll is None or roll["kind"] != kind or roll["player"] != player:
            raise RuleError("HT-06", _("{hero} has no roll to name a side for now", hero=player))
        if roll["other"] is not None and roll["parts"]:
            raise RuleError(
                "HT-11", _("{other} already rolled their part: roll yours", other=roll["other"])
            )
        trial = roll_parts.new(kind, player, other, roll["at"])
        engine.apply(state, roll_parts.trial(trial, player, {"roll": 1, "modifiers": []}))
        return _touched(locked, roll_draft=trial)


def roll_cancel(*, table: Table, player: str) -> Table:
    """The explorer or challenger names someone else (while nobody has rolled their part)."""
    with transaction.atomic():
        locked = _locked(table)
        roll = roll_parts.sides(locked.state, locked.roll_draft)
        if roll is None or roll["player"] != player or roll.get("again"):
            raise RuleError("HT-06", _("there is no choice of {hero}'s to take back", hero=player))
        return _touched(locked, roll_draft=None)


def roll_part_give(*, table: Table, parts: dict[str, dict]) -> Table:
    """One phone's part of a two-sided roll (`parts`: hero → {"roll", "modifiers"}; two
    heroes when that phone rolls for both). When both parts are in, the roll is applied as
    its one contract action and the draft cleared (the table comes back with `steps`);
    otherwise the part is kept. Raises RuleError, writing nothing."""
    with transaction.atomic():
        locked = _locked(table)
        roll = roll_parts.sides(locked.state, locked.roll_draft)
        if roll is None or roll["other"] is None:
            raise RuleError("HT-06", _("no roll is waiting for that part now"))
        for hero, part in parts.items():
            if hero not in (roll["player"], roll["other"]):
                raise RuleError(
                    "HT-14",
                    _(
                        "{hero} takes no side in this roll: only {sides}",
                        hero=hero,
                        sides=listed((roll["player"], roll["other"]), "and"),
                    ),
                )
            engine.apply(locked.state, roll_parts.trial(roll, hero, part))  # its modifiers
        given = {**roll["parts"], **parts}
        if roll["player"] in given and roll["other"] in given:
            record = table_apply(
                table=locked,
                action=roll_parts.action(roll, given),
                expected_version=locked.version,
            )
            Table.objects.filter(pk=record.pk).update(roll_draft=None)
            record.roll_draft = None
            return record
        draft = {key: roll[key] for key in ("kind", "player", "other", "at")} | {"parts": given}
        locked = _touched(locked, roll_draft=draft)
        locked.steps = []
        return locked


# The host's switches of a table, beside its log: "pass one phone around" (the host's phone
# acts for every hero) and the table rule "the roller's phone enters both dice of a two-sided
# roll" (else each phone its own part).
SWITCHES = ("pass_phone", "one_phone_rolls")


def table_switch_set(*, table_id: int, owner, switch: str, on: bool) -> bool:
    """Turn one of the host's SWITCHES on or off. The host's alone: False if the table is not
    theirs."""
    if switch not in SWITCHES:
        raise ValueError(f"no switch {switch!r}")
    return bool(Table.objects.filter(pk=table_id, owner=owner).update(**{switch: on}))


def table_export(*, table: Table) -> str:
    """The table's log as a cardrpg-log file naming its game (heroes-of-barcadia-actions.md)."""
    return core.record_export(game=GAME, record=table)


def table_rename(*, table_id: int, owner, name: str, expected_version: int) -> Table:
    """Give the table a new name (the host's alone)."""
    return core.record_rename(
        game=GAME, record_id=table_id, owner=owner, name=name, expected_version=expected_version
    )


def seat_revoke(*, table_id: int, owner, number: int):
    """Free a hero's seat: a new join link; the phone or account holding it holds it no more."""
    return seats.seat_revoke(game=GAME, record_id=table_id, owner=owner, number=number)


def seat_take_for_host(*, table: Table, owner, number: int):
    """The host sits at one of their own table's free seats with their account."""
    seat = table.seats.get(number=number)
    return seats.seat_take(game=GAME, token=seat.join_token, user=owner)[0]


def table_events(table: Table, *, kinds=None, turns=None):
    """The table's events of the log as it stands, oldest first."""
    rows = TableEvent.objects.filter(table=table)
    if kinds is not None:
        rows = rows.filter(kind__in=kinds)
    if turns is not None:
        rows = rows.filter(turn__in=turns)
    return rows.order_by("number")


def table_steps(*, table: Table, count: int):
    """The newest `count` actions with the states around them (one query)."""
    return core.record_steps(
        game=GAME, record=table, first=table.last_seq - count + 1, last=table.last_seq
    )


__all__ = [
    "AlreadyApplied",
    "EndTurnToConfirm",
    "UndoToConfirm",
    "UndoError",
    "VersionConflict",
    "table_events",
    "table_steps",
    "roll_cancel",
    "roll_choose",
    "roll_part_give",
    "seat_revoke",
    "seat_take_for_host",
    "table_apply",
    "table_create",
    "table_export",
    "table_rename",
    "table_switch_set",
    "table_undo",
]
