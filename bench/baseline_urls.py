"""Django's floor for the benchmark: a bare view rendering templates the size of the play screen.

Mounted at /bench/ only when CARDRPG_BENCH_BASELINE=1 (cardrpg/urls.py), so a normal run has no
such URL. `GET /bench/baseline/` draws a page the size of the play page through the app's own
base template; with `HX-Request` it draws only a fragment the size of an action's htmx swap. No
database query beyond the session and user lookup every logged-in page makes; same middleware,
same context processors, same cached template loader as the app. Whatever the app's views cost
beyond this is their own work: the engine, the ORM and the play templates.
"""

from pathlib import Path

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.template.backends.django import DjangoTemplates
from django.urls import path
from django.views.decorators.http import require_GET

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


urlpatterns = [path("baseline/", baseline, name="bench_baseline")]
