"""A table's history page: tracker.barcadia.history reads and words it (the log as a file is the
core's export view, the host's alone: it holds every loot name noted)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tracker.barcadia import history
from tracker.barcadia.views.table import table_access
from tracker.core.web import nonce

PAGE = "barcadia/history.html"


@never_cache
@require_GET
def history_page(request: HttpRequest, table: int) -> HttpResponse:
    """Turns (newest first, a page at a time) with their rolls and deaths; leads; the chart."""
    access = table_access(request, table)
    page = request.GET.get("page")
    context = history.table_history(access.record, page=page, nonce=nonce(request))
    return render(request, PAGE, {**context, "is_owner": access.is_owner})
