"""A table's history (turns with their rolls and deaths, who led when, the health chart) and its
log as a file.

Read from the event rows the projector keeps (a few queries whatever the game's length) and the
newest actions of the log in words (loot names noted stay secret there); anyone at the table
may read it. The log file is the host's alone: it holds every loot name noted.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tracker.barcadia import charts, services
from tracker.barcadia.table_screen import TableScreen
from tracker.barcadia.views.table import table_access
from tracker.core.web import nonce
from tracker.rules.barcadia import describe_action
from tracker.rules.text import Msg

PAGE = "barcadia/history.html"
TURNS_PER_PAGE = 20
RECENT_ACTIONS = 15


def _leads(turns: list[tuple[int, dict]]) -> list[dict]:
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


@never_cache
@require_GET
def history_page(request: HttpRequest, table: int) -> HttpResponse:
    """Turns (newest first, a page at a time) with their rolls and deaths; leads; the chart."""
    access = table_access(request, table)
    record = access.record
    screen = TableScreen(access)
    ended = list(
        services.table_events(record, kinds=["turn"]).values_list("turn", "hero", "data", "seq")
    )
    hp_by_turn = [(number, data.get("hp", {})) for number, _hero, data, _seq in ended]
    heroes = [hero.name for hero in screen.heroes]
    full = {name: hero["hp_max"] for name, hero in record.state["players"].items()}
    chart = charts.health_over_turns(heroes, hp_by_turn, full, nonce=nonce(request))
    turn_rows = [
        {"number": number, "hero": hero, "data": data, "seq": seq}
        for number, hero, data, seq in reversed(ended)
    ]
    page = Paginator(turn_rows, TURNS_PER_PAGE).get_page(request.GET.get("page"))
    numbers = [row["number"] for row in page]
    running = (record.projection or {}).get("turn")
    if running and page.number == 1:
        numbers.append(running["number"])
    happenings: dict[int, list] = {}
    rolled: set[int] = set()
    for event in services.table_events(record, kinds=["roll", "death", "hoard"], turns=numbers):
        # A death by a roll is told in the roll's own line already.
        if event.kind == "death" and event.seq in rolled:
            continue
        rolled.add(event.seq)
        happenings.setdefault(event.turn, []).append(
            {"kind": event.kind, "text": Msg.from_json(event.text), "data": event.data}
        )
    for row in page:
        row["events"] = happenings.get(row["number"], [])
    order = [
        {"text": Msg.from_json(event.text), "data": event.data}
        for event in services.table_events(record, kinds=["order"])
    ]
    deaths = [
        {"turn": event.turn, "hero": event.hero, "text": Msg.from_json(event.text)}
        for event in services.table_events(record, kinds=["death"])
    ]
    recent = [
        {"seq": step.seq, "text": describe_action(step.before, step.action, step.after)}
        for step in reversed(services.table_steps(table=record, count=RECENT_ACTIONS))
        if step.seq > 1
    ]
    context = {
        "table": record,
        "screen": screen,
        "chart": chart,
        "page": page,
        "running": running if page.number == 1 else None,
        "running_events": happenings.get(running["number"], []) if running else [],
        "leads": _leads([(number, data) for number, _hero, data, _seq in ended]),
        "order": order,
        "deaths": deaths,
        "recent": recent,
    }
    return render(request, PAGE, context)
