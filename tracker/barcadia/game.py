"""Heroes of Barcadia as the core sees it: its engine, models, seats and what it projects.

The projector folds every action into the table's `projection` (tracker.barcadia.projections,
pure), written with the table's row at no extra cost. Each action that ends something — a
roll, a death, a turn, the win — writes those events' rows as one upsert. Undo writes no row:
the table's `events_count` moves back with its row and the rows beyond it are hidden until play
overwrites them (tracker.core.models.CurrentRows).
"""

from __future__ import annotations

from datetime import datetime

from django.urls import reverse
from django.utils.translation import gettext_lazy

from tracker.barcadia import projections
from tracker.barcadia.models import Table, TableEvent, TableLogEntry, TableSeat
from tracker.core import games, seats
from tracker.core.games import Game, Projector
from tracker.core.names import name_check
from tracker.rules import barcadia as engine
from tracker.rules.barcadia.awaiting import describe
from tracker.rules.barcadia.board import seated
from tracker.rules.text import _, listed

NAME_MAX_LENGTH = 100
_EVENT_COLUMNS = ["kind", "seq", "turn", "hero", "text", "data", "at"]


def check_name(name: str) -> str:
    """A table's name as stored, by every game's name rule (tracker/core/names.py), or a
    RuleError (HL-02)."""
    size = _("name the table: 1 to {longest} characters", longest=NAME_MAX_LENGTH)
    return name_check(
        name,
        rule="HL-02",
        what=_("the table's name"),
        longest=NAME_MAX_LENGTH,
        words={"empty": size, "long": size},
    )


def _name_in_state(state: dict) -> str | None:
    players = list(state.get("players") or {})
    return _("Table of {heroes}", heroes=listed(players, "and")) if players else None


def _event_row(table: Table, event: dict) -> TableEvent:
    values = dict(event)
    values["at"] = datetime.fromisoformat(values["at"])
    return TableEvent(table=table, **values)


_NO_EVENTS = {"new": []}


class TableProjector(Projector):
    """The table's columns, the turn running now, and the rows of events that are over."""

    def start(self) -> dict:
        return projections.start()

    def step(self, projection, before, action, after, *, seq, at):
        return projections.step(projection, before, action, after, seq=seq, at=at)

    def written(self, projection):
        # write_all reads only the events the action ended.
        return {"new": projection["new"]} if projection.get("new") else _NO_EVENTS

    def record_fields(self, state, projection):
        turn = state.get("turn")
        return {
            "phase": state["phase"],
            "turn_number": turn["number"] if turn else 0,
            "winner": state.get("winner") or "",
            "events_count": projection["events"],
        }

    def write(self, record, entry, old, new):
        TableEvent.upsert(
            [_event_row(record, event) for event in new.get("new") or []], _EVENT_COLUMNS
        )

    def rewind(self, record, keep, old, new):
        # Nothing to write: `events_count` moves back with the table's row, which hides the
        # rows of what was taken back (CurrentRows) until play overwrites them.
        return

    def write_all(self, record, entries, projections_):
        events: dict[int, dict] = {}
        for projection in projections_:
            for event in projection.get("new") or []:
                events[event["number"]] = event
        TableEvent.upsert([_event_row(record, event) for event in events.values()], _EVENT_COLUMNS)
        # A table written from a whole log (set up, imported, restored) gets its seats here:
        # they are no part of the log, and its pages only read them.
        if not record.seats.exists():
            seats.seats_create(game=GAME, record=record, names=seated(record.state))


def _waiting_for(table: Table) -> str:
    state = table.state or {}
    if not state.get("phase"):
        return ""
    return describe(state)["reason"]


def _asked(table: Table, heroes) -> dict:
    """What a phone acting for `heroes` is asked: the whole table but what only the other
    heroes hold (their cups, loot and power-ups: another phone noting its loot names, gaining
    loot or healing leaves this phone's tap as meant), and what the engine lists as acceptable
    for anyone (it follows every hero's loot). Where everyone stands is kept: a move or a
    duel's choices follow it."""
    state = table.state or {}
    mine = set(heroes or ())
    asked = {key: value for key, value in state.items() if key not in ("players", "awaiting")}
    players = state.get("players") or {}
    asked["players"] = {
        name: hero if name in mine else {"position": hero.get("position")}
        for name, hero in players.items()
    }
    asked["awaiting"] = (state.get("awaiting") or {}).get("player")
    asked.pop("actions", None)
    # A two-sided roll being built (tracker.barcadia.roll_parts) waits outside the log.
    asked["roll_draft"] = table.roll_draft
    return asked


GAME = games.register(
    Game(
        id=engine.GAME,
        title=gettext_lazy("Heroes of Barcadia"),
        noun="table",
        file_suffix=".barcadia.json",
        file_fallback=gettext_lazy("table"),
        engine=engine,
        record_model=Table,
        entry_model=TableLogEntry,
        entry_fk="table",
        projector=TableProjector(),
        seat_model=TableSeat,
        name_in_state=_name_in_state,
        names_in_state=lambda state: state.get("players", ()),
        check_name=check_name,
        url=lambda table: reverse("tracker:hob_table", args=[table.pk]),
        waiting_for=_waiting_for,
        new_url="tracker:hob_create",
        new_label=gettext_lazy("New table"),
        home_heading=gettext_lazy("Your tables"),
        home_template="barcadia/_home.html",
        first_action="set_up_table",
        asked=_asked,
    )
)
