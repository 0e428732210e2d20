"""A table's history in words and numbers: its turns (newest first, a page at a time) with their
rolls and deaths, who led when, the rolls for the turn order, the newest actions and the health
chart.

Presentation only. Read from the event rows the projector keeps (tracker.barcadia.game), the turn
being played from the table's projection, and the newest actions of the log, so a page costs
the same few queries whatever the game's length. Every sentence is the engine's own (the
events' texts, `describe_action`), shown in the player's language; loot names noted stay
secret, as the log's sentences never name them.
"""

from __future__ import annotations

from django.core.paginator import Page, Paginator

from tracker.barcadia import charts, services
from tracker.barcadia.models import Table
from tracker.core.charts import Chart
from tracker.rules.barcadia import describe_action, seated
from tracker.rules.text import Msg

TURNS_PER_PAGE = 20
RECENT_ACTIONS = 15


def table_history(table: Table, *, page: str | None = None, nonce: str = "") -> dict:
    """What the history page shows of `table`, its turns at page `page` (the chart's script
    carries `nonce`)."""
    ended = list(
        services.table_events(table, kinds=["turn"]).values_list("turn", "hero", "data", "seq")
    )
    turns = turns_page(ended, page)
    running = (table.projection or {}).get("turn")
    running_shown = running if turns.number == 1 else None
    numbers = [row["number"] for row in turns]
    if running_shown:
        numbers.append(running_shown["number"])
    happenings = turn_happenings(table, numbers)
    for row in turns:
        row["events"] = happenings.get(row["number"], [])
    return {
        "table": table,
        "chart": health_chart(table, ended, nonce),
        "page": turns,
        "running": running_shown,
        "running_events": happenings.get(running["number"], []) if running else [],
        "leads": leads([(number, data) for number, _hero, data, _seq in ended]),
        "order": [
            {"text": Msg.from_json(event.text), "data": event.data}
            for event in services.table_events(table, kinds=["order"])
        ],
        "deaths": [
            {"turn": event.turn, "hero": event.hero, "text": Msg.from_json(event.text)}
            for event in services.table_events(table, kinds=["death"])
        ],
        "recent": recent_actions(table),
    }


def health_chart(table: Table, ended: list[tuple], nonce: str = "") -> Chart:
    """Every hero's health over the turns that ended, the heroes in seating order."""
    players = table.state["players"]
    heroes = seated(table.state)
    hp_by_turn = [(number, data.get("hp", {})) for number, _hero, data, _seq in ended]
    full = {name: hero["hp_max"] for name, hero in players.items()}
    return charts.health_over_turns(heroes, hp_by_turn, full, nonce=nonce)


def turns_page(ended: list[tuple], page: str | None) -> Page:
    """One page of the turns that ended, newest first."""
    rows = [
        {"number": number, "hero": hero, "data": data, "seq": seq}
        for number, hero, data, seq in reversed(ended)
    ]
    return Paginator(rows, TURNS_PER_PAGE).get_page(page)


def turn_happenings(table: Table, numbers: list[int]) -> dict[int, list[dict]]:
    """The rolls, deaths and Drink Hoards of the turns `numbers`, by turn."""
    happenings: dict[int, list] = {}
    rolled: set[int] = set()
    for event in services.table_events(table, kinds=["roll", "death", "hoard"], turns=numbers):
        # A death by a roll is told in the roll's own line already.
        if event.kind == "death" and event.seq in rolled:
            continue
        rolled.add(event.seq)
        happenings.setdefault(event.turn, []).append(
            {"kind": event.kind, "text": Msg.from_json(event.text), "data": event.data}
        )
    return happenings


def leads(turns: list[tuple[int, dict]]) -> list[dict]:
    """Who led when: each change of the heroes holding the most power-ups, after a turn."""
    changes = []
    previous: list[str] | None = None
    for number, data in turns:
        leaders = data.get("leaders", [])
        if leaders != previous:
            count = max(data.get("power_ups", {}).values(), default=0)
            changes.append({"turn": number, "leaders": leaders, "count": count})
            previous = leaders
    return changes


def recent_actions(table: Table) -> list[dict]:
    """The newest actions in words, newest first (the table's setting up left out)."""
    return [
        {"seq": step.seq, "text": describe_action(step.before, step.action, step.after)}
        for step in reversed(services.table_steps(table=table, count=RECENT_ACTIONS))
        if step.seq > 1
    ]
