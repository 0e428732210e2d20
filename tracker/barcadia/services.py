"""Use cases on Heroes of Barcadia tables: the core's services (tracker.core.services) in the game's
words.

Each write is one transaction with the core's guarantees (locked row, version check, append-only
log, nothing written on a refusal). What is Barcadia's own lives here: a table is created by its
`set_up_table` action together with one seat per hero, and the host may let their phone act for
every hero ("pass one phone around").
"""

from __future__ import annotations

from django.db import transaction

from tracker.barcadia.game import GAME
from tracker.barcadia.models import Table, TableEvent
from tracker.core import seats
from tracker.core import services as core
from tracker.core.services import AlreadyApplied, UndoError, VersionConflict
from tracker.rules import barcadia as engine
from tracker.rules.barcadia import ACTION_FIELDS


def table_create(*, owner, name: str, players: list[dict], ruleset: dict | None = None) -> Table:
    """Set up a table (H-01 … H-07) and make a free seat for each hero, in seating order.

    Raises the engine's RuleError (heroes, table rules) or the name's, writing nothing.
    """
    action: dict = {"type": "set_up_table", "players": players}
    if ruleset:
        action["ruleset"] = ruleset
    engine.apply(engine.initial_state(), action)  # a refusal is the engine's, with its rule
    name = GAME.check_name(name)
    with transaction.atomic():
        table = core.record_create(game=GAME, owner=owner, actions=[action], name=name)
        seats.seats_create(game=GAME, record=table, names=list(table.state["players"]))
    return table


def clean_action(action: dict) -> dict:
    """Only the fields the engine reads for the action's type (HL-02: others are ignored, so
    they are never stored either)."""
    kept = ACTION_FIELDS.get(action.get("type"), ("type",))
    return {key: value for key, value in action.items() if key in kept}


def ensure_seats(*, table: Table) -> None:
    """Give a table one free seat per hero if it has none (a table imported from a file or
    restored from a backup comes without seats: they are no part of its log)."""
    if table.phase == "setup" or table.seats.exists():
        return
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        if not locked.seats.exists():
            seats.seats_create(game=GAME, record=locked, names=list(locked.state["players"]))


def table_apply(
    *,
    table: Table,
    action: dict,
    expected_version: int,
    tap: str = "",
    asked: str = "",
    heroes: tuple[str, ...] = (),
) -> Table:
    """Apply one action for the table (whoever's phone sent it: the view checked the seat).

    Raises VersionConflict if the table moved on since `expected_version` in something the
    phone's `heroes` were asked (`asked`, tracker.barcadia.game: another phone noting its loot
    names is not), AlreadyApplied for a tap sent again, and the engine's RuleError if the
    rules refuse the action; nothing is written then. The table comes back with `steps`.
    """
    return core.record_apply(
        game=GAME,
        record_id=table.pk,
        owner=table.owner_id,
        action=clean_action(action),
        expected_version=expected_version,
        record=table,  # as the view read it: the write itself proves it is still current
        tap=tap,
        asked=asked,
        seat=heroes,
    )


def table_undo(*, table: Table, expected_version: int, tap: str = "") -> Table:
    """Take back the newest action, as if it had never been played (`undone`: what it was)."""
    return core.record_undo(
        game=GAME,
        record_id=table.pk,
        owner=table.owner_id,
        expected_version=expected_version,
        record=table,
        tap=tap,
    )


def table_export(*, table: Table) -> str:
    """The table's log as a cardrpg-log file naming its game (heroes-of-barcadia-actions.md)."""
    return core.record_export(game=GAME, record=table)


def table_rename(*, table_id: int, owner, name: str, expected_version: int) -> Table:
    """Give the table a new name (the host's alone)."""
    return core.record_rename(
        game=GAME, record_id=table_id, owner=owner, name=name, expected_version=expected_version
    )


def set_pass_phone(*, table_id: int, owner, on: bool) -> bool:
    """Let the host's phone act for every hero (one phone passed round), or not. The host's
    alone: False if the table is not theirs."""
    return bool(Table.objects.filter(pk=table_id, owner=owner).update(pass_phone=on))


def seat_revoke(*, table_id: int, owner, number: int):
    """Free a hero's seat: a new join link; the phone or account holding it holds it no more."""
    return seats.seat_revoke(game=GAME, record_id=table_id, owner=owner, number=number)


def seat_take_for_host(*, table: Table, owner, number: int):
    """The host sits at one of their own table's free seats with their account."""
    seat = table.seats.get(number=number)
    return seats.seat_take(game=GAME, token=seat.join_token, user=owner)[0]


def events(table: Table, *, kinds=None, turns=None):
    """The table's events of the log as it stands, oldest first."""
    rows = TableEvent.objects.filter(table=table)
    if kinds is not None:
        rows = rows.filter(kind__in=kinds)
    if turns is not None:
        rows = rows.filter(turn__in=turns)
    return rows.order_by("number")


def recent_steps(*, table: Table, count: int):
    """The newest `count` actions with the states around them (one query)."""
    return core.record_steps(
        game=GAME, record=table, first=table.last_seq - count + 1, last=table.last_seq
    )


__all__ = [
    "AlreadyApplied",
    "UndoError",
    "VersionConflict",
    "clean_action",
    "ensure_seats",
    "events",
    "recent_steps",
    "seat_revoke",
    "seat_take_for_host",
    "set_pass_phone",
    "table_apply",
    "table_create",
    "table_export",
    "table_rename",
    "table_undo",
]
