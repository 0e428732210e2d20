"""Django's floor for the benchmark: a bare view rendering templates the size of the play screen.

Mounted at /bench/ only when CARDRPG_BENCH_BASELINE=1 (cardrpg/urls.py), so a normal run has no
such URL. `GET /bench/baseline/` draws a page the size of the play page through the app's own
base template; with `HX-Request` it draws only a fragment the size of an action's htmx swap. No
database query beyond the session and user lookup every logged-in page makes; same middleware,
same context processors, same cached template loader as the app. Whatever the app's views cost
beyond this is their own work: the engine, the ORM and the play templates.

`POST /bench/baseline/write/` is the floor of a write (benchmark --write-floor): the same
fragment, after the database work every action does at the least and nothing else — the
player's record read, one log entry inserted and the record updated at its version, in a
transaction of its own — on a scratch character of the player's, so their game is untouched.
No rules, no presenter, no form.
"""

from pathlib import Path

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.template.backends.django import DjangoTemplates
from django.urls import path
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from tracker.card_rpg.models import ActionLogEntry, Character

HERE = Path(__file__).resolve().parent

# The app's template settings with this folder added, so bench/templates stays out of the app.
_app = settings.TEMPLATES[0]
ENGINE = DjangoTemplates(
    {
        "NAME": "bench",
        "DIRS": [HERE / "templates", *_app["DIRS"]],
        "APP_DIRS": True,
        "OPTIONS": dict(_app.get("OPTIONS", {})),
    }
)

# Made once: rows of plain data that stand in for the play screen's cards, counters and forms.
SUITS = ("S", "H", "D", "C")
ROWS = [
    {"code": f"{rank}{SUITS[i % 4]}", "rank": rank, "red": i % 4 in (1, 2), "value": i, "n": i}
    for i, rank in enumerate(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") * 4)
]


@login_required
@require_GET
def baseline(request: HttpRequest) -> HttpResponse:
    """A page the size of the play page; for htmx, a fragment the size of a swap."""
    fragment = request.headers.get("HX-Request") == "true"
    name = "bench/baseline.html#swap" if fragment else "bench/baseline.html"
    context = {"rows": ROWS, "swap_rows": ROWS[:14], "version": len(ROWS), "title": "Baseline"}
    return HttpResponse(ENGINE.get_template(name).render(context, request))


FLOOR_RECORD = "Write floor"
FLOOR_ACTION = {"type": "end_turn"}


@login_required
@require_POST
def write_floor(request: HttpRequest) -> HttpResponse:
    """The fragment, after one read, one insert and one update: the least an action writes."""
    record = Character.objects.filter(owner=request.user, name=FLOOR_RECORD).first()
    if record is None:
        record = Character.objects.create(
            owner=request.user, name=FLOOR_RECORD, class_card="AS", state={}, version=1
        )
    with transaction.atomic():
        ActionLogEntry.objects.create(
            character=record,
            seq=record.last_seq + 1,
            action=FLOOR_ACTION,
            action_type=FLOOR_ACTION["type"],
            created_at=timezone.now(),
        )
        Character.objects.filter(pk=record.pk, version=record.version).update(
            version=record.version + 1,
            last_seq=record.last_seq + 1,
            state=record.state,
            projection=record.projection,
            updated_at=timezone.now(),
        )
    context = {"rows": ROWS, "swap_rows": ROWS[:14], "version": len(ROWS), "title": "Baseline"}
    return HttpResponse(ENGINE.get_template("bench/baseline.html#swap").render(context, request))


urlpatterns = [
    path("baseline/", baseline, name="bench_baseline"),
    path("baseline/write/", write_floor, name="bench_write_floor"),
]
