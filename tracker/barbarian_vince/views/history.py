"""An adventure's history: its turns and charts, the action log, and "go back to here".

Thin views: read through a few queries (tracker.barbarian_vince.history and .charts), render one
template; the one write, undo to a point, goes through the services with the version the
player saw. htmx requests for older turns or actions get only the rows to append.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tracker.barbarian_vince import charts, history, services
from tracker.barbarian_vince.forms import VersionForm
from tracker.barbarian_vince.game import GAME
from tracker.core import history as log_pages
from tracker.core.i18n import say
from tracker.core.web import changed_elsewhere, go, nonce, record_or_404
from tracker.rules.barbarian_vince import undo_card_moves

PAGE = "barbarian_vince/history.html"
LOG = "barbarian_vince/log.html"
UNDO = "barbarian_vince/undo_to.html"


@login_required
@require_GET
def history_page(request: HttpRequest, adventure: int) -> HttpResponse:
    """Charts, every turn (paged, newest first) and the latest actions."""
    record = record_or_404(request, game=GAME, record_id=adventure)
    turns = log_pages.paged(request, history.Turns(record), history.TURNS_PER_PAGE)
    return log_pages.history_or_older(
        request,
        PAGE,
        "turns",
        {"adventure": record, "turns": turns},
        charts=lambda: charts.adventure_charts(record, nonce=nonce(request)),
        recent=lambda: history.log_page(record, size=history.RECENT_ACTIONS),
    )


history_log = log_pages.log_view_for(
    game=GAME, record_in_url="adventure", template=LOG, page_of=history.log_page
)


@login_required
@require_http_methods(["GET", "POST"])
def history_undo_to(request: HttpRequest, adventure: int, seq: int) -> HttpResponse:
    """Go back to just after action `seq`: a confirmation page, then the undo (POST)."""
    record = record_or_404(request, game=GAME, record_id=adventure)
    before = record.state
    answer = log_pages.undo_to_confirmed(
        request,
        record=record,
        form=VersionForm(request.POST or None, initial={"version": record.version}),
        undo=lambda version: services.adventure_undo_to(
            adventure_id=record.pk, owner=request.user, seq=seq, expected_version=version
        ),
        changed=changed_elsewhere()
        + " "
        + _("Nothing was undone: confirm again if you still want to."),
        refused=lambda error: _("Nothing was undone: there is no such action in this adventure."),
    )
    record, form, problem, status = answer.record, answer.form, answer.problem, answer.status
    if answer.done:
        messages.success(request, _("Back to just after action %(seq)s.") % {"seq": seq})
        for line in undo_card_moves(record.state, before):
            messages.info(request, say(line))
        return go(request, reverse("tracker:bv_play", args=[record.pk]))
    valid = 1 <= seq <= record.last_seq
    moves = []
    if valid and seq < record.last_seq:
        moves = [
            say(line)
            for line in undo_card_moves(
                services.adventure_state_at(adventure=record, seq=seq), record.state
            )
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
