"""A table's history page (tracker.barcadia.history reads and words it) and its log as a file.

Anyone at the table may read the history; the log file is the host's alone: it holds every loot
name noted.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csp import get_nonce
from django.shortcuts import render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tracker.barcadia import history, services
from tracker.barcadia.views.table import table_access
from tracker.core.names import export_file_name

PAGE = "barcadia/history.html"


def _nonce(request: HttpRequest) -> str:
    nonce = get_nonce(request)
    return "" if nonce is None else str(nonce)


@never_cache
@require_GET
def history_page(request: HttpRequest, table: int) -> HttpResponse:
    """Turns (newest first, a page at a time) with their rolls and deaths; leads; the chart."""
    access = table_access(request, table)
    page = request.GET.get("page")
    context = history.table_history(access.record, page=page, nonce=_nonce(request))
    return render(request, PAGE, {**context, "is_owner": access.is_owner})


@never_cache
@require_GET
def export(request: HttpRequest, table: int) -> HttpResponse:
    """The table's whole log as a file to keep, or to import again (/import/): the host's alone,
    since the log holds every loot name noted (HT-15)."""
    access = table_access(request, table)
    if not access.is_owner:
        raise Http404("no such table")
    record = access.record
    text = services.table_export(table=record)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    filename = export_file_name(record.name, suffix=".barcadia.json", fallback=_("table"))
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=filename
    )
    return response
