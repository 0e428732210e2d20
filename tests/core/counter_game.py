"""A tiny game for testing the core on its own: a counter with one rule.

It proves the core knows no game's rules: every service of tracker.core is exercised here with
a game that has nothing to do with cards. Its models exist only while the tests run (they are
defined here, never in the app, so no migration knows them); tests/core/conftest.py makes
their tables in the test database.
"""

from __future__ import annotations

from django.db import models

from tracker.core.games import Game, Projector
from tracker.core.models import LogEntry, LogRecord, Seat
from tracker.rules import log
from tracker.rules.errors import RuleError

GAME_ID = "counter"


# --- the engine: pure, like every game's -------------------------------------------------------


def initial_state() -> dict:
    return {"name": None, "count": 0, "awaiting": {"action": ["start"]}, "actions": 0}


def apply(state: dict, action: dict) -> dict:
    """start (once, with a name), then add 1–3 at a time; C-01 refuses anything else."""
    kind = action.get("type")
    new = {**state, "actions": state["actions"] + 1}
    if state["name"] is None:
        if kind != "start" or not isinstance(action.get("name"), str):
            raise RuleError("C-01", "a counter starts with a name")
        new["name"] = action["name"]
    elif kind == "add":
        by = action.get("by")
        if type(by) is not int or not 1 <= by <= 3:
            raise RuleError("C-02", "add 1, 2 or 3 at a time")
        new["count"] = state["count"] + by
    else:
        raise RuleError("C-01", "the counter only adds")
    new["awaiting"] = {"action": ["add"]}
    return new


def replay(actions) -> dict:
    return log.replay(apply, initial_state(), actions)


class Engine:
    initial_state = staticmethod(initial_state)
    apply = staticmethod(apply)
    replay = staticmethod(replay)


# --- its Django side ----------------------------------------------------------------------------


class Counter(LogRecord):
    """A counter's record: the core's fields and one projected column."""

    total = models.IntegerField(default=0)

    class Meta(LogRecord.Meta):
        app_label = "tracker"
        db_table = "test_counter"


class CounterLogEntry(LogEntry):
    counter = models.ForeignKey(Counter, on_delete=models.CASCADE, related_name="log_entries")

    class Meta(LogEntry.Meta):
        app_label = "tracker"
        db_table = "test_counter_log"
        constraints = [
            models.UniqueConstraint(fields=["counter", "seq"], name="counter_seq_unique")
        ]


class CounterSeat(Seat):
    counter = models.ForeignKey(Counter, on_delete=models.CASCADE, related_name="seats")

    class Meta(Seat.Meta):
        app_label = "tracker"
        db_table = "test_counter_seat"


class AddsProjector(Projector):
    """Counts the adds (a projection folded action by action) and mirrors the total."""

    def start(self) -> dict:
        return {"adds": 0}

    def step(self, projection, before, action, after, *, seq, at):
        return {"adds": projection["adds"] + (action.get("type") == "add")}

    def record_fields(self, state, projection):
        return {"total": state["count"]}


def check_name(name: str) -> str:
    name = name.strip()
    if not name or len(name) > 100:
        raise RuleError("C-03", "a counter needs a name of 1 to 100 characters")
    return name


GAME = Game(
    id=GAME_ID,
    title="Counter",
    noun="counter",
    engine=Engine,
    record_model=Counter,
    entry_model=CounterLogEntry,
    entry_fk="counter",
    projector=AddsProjector(),
    seat_model=CounterSeat,
    name_in_state=lambda state: state.get("name"),
    check_name=check_name,
    url=lambda record: f"/counters/{record.pk}/",
    waiting_for=lambda record: "add 1 to 3",
)

MODELS = (Counter, CounterLogEntry, CounterSeat)
