"""An adventure's history: its turns and charts, the action log, and "go back to here".

Thin views: read through a few queries (tracker.barbarian_vince.history and .charts), render one
template; the one write, undo to a point, goes through the services with the version the
player saw. htmx requests for older turns or actions get only the rows to append.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.middleware.csp import get_nonce
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from tracker.barbarian_vince import charts, history, services
from tracker.barbarian_vince.forms import VersionForm
from tracker.barbarian_vince.views.play import conflict_message, owned
from tracker.core.i18n import say
from tracker.rules.barbarian_vince import undo_card_moves

PAGE = "barbarian_vince/history.html"
LOG = "barbarian_vince/log.html"
UNDO = "barbarian_vince/undo_to.html"


def _number(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def _nonce(request: HttpRequest) -> str:
    nonce = get_nonce(request)  # None without the CSP middleware
    return "" if nonce is None else str(nonce)


@login_required
@require_GET
def history_page(request: HttpRequest, adventure: int) -> HttpResponse:
    """Charts, every turn (paged, newest first) and the latest actions."""
    record = owned(request, adventure)
    turns = Paginator(history.Turns(record), history.TURNS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    context = {"adventure": record, "turns": turns}
    if request.htmx:
        return render(request, f"{PAGE}#turns", context)
    context["charts"] = charts.adventure_charts(record, nonce=_nonce(request))
    context["recent"] = history.log_page(record, size=history.RECENT_ACTIONS)
    return render(request, PAGE, context)


@login_required
@require_GET
def history_log(request: HttpRequest, adventure: int) -> HttpResponse:
    """The action log in words, newest first, a page at a time (?before=seq)."""
    record = owned(request, adventure)
    page = history.log_page(record, before=_number(request.GET.get("before")))
    context = {"adventure": record, "page": page}
    if request.htmx:
        return render(request, f"{LOG}#lines", context)
    return render(request, LOG, context)


@login_required
@require_http_methods(["GET", "POST"])
def history_undo_to(request: HttpRequest, adventure: int, seq: int) -> HttpResponse:
    """Go back to just after action `seq`: a confirmation page, then the undo (POST)."""
    record = owned(request, adventure)
    form = VersionForm(request.POST or None, initial={"version": record.version})
    problem = ""
    status = 200
    if request.method == "POST" and form.is_valid():
        before = record.state
        try:
            record = services.adventure_undo_to(
                adventure_id=record.pk,
                owner=request.user,
                seq=seq,
                expected_version=form.cleaned_data["version"],
            )
        except services.VersionConflict as error:
            record = error.record
            problem = (
                conflict_message()
                + " "
                + _("Nothing was undone: confirm again if you still want to.")
            )
            form = VersionForm(initial={"version": record.version})
            status = 409
        except services.UndoError:
            problem = _("Nothing was undone: there is no such action in this adventure.")
            status = 400
        else:
            messages.success(request, _("Back to just after action %(seq)s.") % {"seq": seq})
            for line in undo_card_moves(record.state, before):
                messages.info(request, say(line))
            url = reverse("tracker:bv_play", args=[record.pk])
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    elif request.method == "POST":
        problem = _("Nothing was undone: the confirmation was incomplete. Please confirm again.")
        form = VersionForm(initial={"version": record.version})
        status = 400
    valid = 1 <= seq <= record.last_seq
    moves = []
    if valid and seq < record.last_seq:
        moves = [
            say(line)
            for line in undo_card_moves(services.state_at(adventure=record, seq=seq), record.state)
        ]
    context = {
        "adventure": record,
        "form": form,
        "seq": seq,
        "problem": problem,
        "target": history.log_line(record, seq) if valid else None,
        "dropped": max(0, record.last_seq - seq) if valid else 0,
        "moves": moves,
    }
    if request.htmx:
        status = 200  # htmx swaps only 2xx answers; the message says what happened
    return render(request, UNDO, context, status=status)
