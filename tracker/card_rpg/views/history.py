"""A character's career: the history page, the action log, "undo to here" and the record sheet.

Thin views: read through a few queries (tracker.card_rpg.history, tracker.card_rpg.charts), render one template;
the one write, undo, goes through the persistence service with the version the player saw.
htmx requests for more sessions or older actions get only the rows to append (a partial of the
same template); plain requests get the whole page, so every link also works without JavaScript.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from tracker.card_rpg import card_powers, charts, history, services, undo_guide
from tracker.card_rpg.card_words import card_name
from tracker.card_rpg.forms.history import UndoToForm
from tracker.card_rpg.game import GAME
from tracker.card_rpg.models import Character
from tracker.core import history as log_pages
from tracker.core.web import go, nonce, record_or_404, refusal

PAGE = "card_rpg/history/history.html"
LOG = "card_rpg/history/log.html"
UNDO = "card_rpg/history/undo_to.html"
SHEET = "card_rpg/history/record_sheet.html"


@login_required
@require_GET
def history_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Charts of the career, every session with its fights (paged), and the latest actions."""
    character = record_or_404(request, game=GAME, record_id=pk)
    sessions = log_pages.paged(request, history.Sessions(character), history.SESSIONS_PER_PAGE)
    context = {
        "character": character,
        "sessions": sessions,
        "session_rows": history.session_rows(sessions, character),
        "sessions_played": history.sessions_played(character),
    }
    return log_pages.history_or_older(
        request,
        PAGE,
        "sessions",
        context,
        charts=lambda: charts.career_charts(character, nonce=nonce(request)),
        recent=lambda: history.log_page(character, size=history.RECENT_ACTIONS),
    )


history_log = log_pages.log_view_for(
    game=GAME, record_in_url="pk", template=LOG, page_of=history.log_page
)


@login_required
@require_http_methods(["GET", "POST"])
def history_undo_to(request: HttpRequest, pk: int, seq: int) -> HttpResponse:
    """Go back to just after action `seq`: a confirmation page, then the undo (POST)."""
    character = record_or_404(request, game=GAME, record_id=pk)
    form = UndoToForm(request.POST or None, initial={"version": character.version})
    answer = log_pages.undo_to_confirmed(
        request,
        record=character,
        form=form,
        undo=lambda version: services.character_undo_to(
            character_id=character.pk,
            owner=request.user,
            seq=seq,
            expected_version=version,
            rebuild=form.cleaned_data["rebuild"],
        ),
        # Nothing was undone. Show the log as it is now and ask again on top of it.
        changed=gettext(
            "This character changed on another screen, so nothing was undone. "
            "Here is where its log stands now — confirm again if you still want to go back."
        ),
        refused=_undo_to_refused,
    )
    character, form, problem, status = answer.record, answer.form, answer.problem, answer.status
    if answer.done:
        messages.success(request, gettext("Back to just after action %(seq)s.") % {"seq": seq})
        return go(request, reverse("tracker:rpg_history_log", args=[character.pk]))
    # Drawn on top of the character as it stands now (another screen may have moved it on).
    guide = undo_guide.guide(character, seq) if 1 <= seq < character.last_seq else None
    context = {
        "character": character,
        "form": form,
        "seq": seq,
        "problem": problem,
        "target": history.log_line(character, seq) if seq <= character.last_seq else None,
        "newest": history.log_line(character, character.last_seq),
        "dropped": max(0, character.last_seq - seq),
        "guide": guide,
        "stop": _stop(character, seq, guide),
    }
    if request.htmx:
        status = 200  # htmx swaps only 2xx answers; the message says what happened
    return render(request, UNDO, context, status=status)


def _undo_to_refused(error: Exception) -> str:
    if isinstance(error, services.UndoNeedsRebuild):
        return gettext(
            "Nothing was undone: this goes back past the end of a session, so the table must be "
            "rebuilt. Confirm below that you will rebuild it, or stop at the session's end."
        )
    return gettext("Nothing was undone: %(reason)s.") % {"reason": refusal(error)}


def _stop(character: Character, seq: int, guide) -> dict | None:
    """Where an undo past a session end may stop instead: just after the last session end."""
    if guide is None or not guide.needs_confirmation or guide.stop_seq is None:
        return None
    if guide.stop_seq >= character.last_seq:
        return None  # the newest action ended the session: stopping there undoes nothing
    return {
        "seq": guide.stop_seq,
        "line": history.log_line(character, guide.stop_seq),
        "dropped": character.last_seq - guide.stop_seq,
    }


@login_required
@require_GET
def record_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The character's record sheet (S-03) with its inventory, laid out to be printed."""
    character = record_or_404(request, game=GAME, record_id=pk)
    inventory = [
        {"card": card, "rule": rule, "power": power}
        for card in character.inventory
        for rule, power in [card_powers.item_power(card)]
    ]
    context = {
        "character": character,
        "class_name": card_name(character.class_card),
        "class_ability": card_powers.class_ability(character.class_card),
        "inventory": inventory,
        "career": history.career_totals(character),
        "as_of": timezone.now(),
    }
    return render(request, SHEET, context)
