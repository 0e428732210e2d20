"""A character's career: the history page, the action log, "undo to here" and the record sheet.

Thin views: read through a few queries (tracker.card_rpg.history, tracker.card_rpg.charts), render one template;
the one write, undo, goes through the persistence service with the version the player saw.
htmx requests for more sessions or older actions get only the rows to append (a partial of the
same template); plain requests get the whole page, so every link also works without JavaScript.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csp import get_nonce
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from tracker.card_rpg import card_powers, charts, history, services, undo_guide
from tracker.card_rpg.card_words import card_name
from tracker.card_rpg.models import Character
from tracker.card_rpg.services import UndoError, VersionConflict
from tracker.core.i18n import say
from tracker.rules import RuleError

PAGE = "card_rpg/history/history.html"
LOG = "card_rpg/history/log.html"
UNDO = "card_rpg/history/undo_to.html"
SHEET = "card_rpg/history/record_sheet.html"


class UndoToForm(forms.Form):
    """The confirmation of "undo to here": the character's version the page was drawn at."""

    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    # Going back past a session end with real cards is done only once the player says they
    # will rebuild the table (tracker.card_rpg.undo_guide).
    rebuild = forms.BooleanField(required=False)


def _owned(request: HttpRequest, pk: int) -> Character:
    """The player's own character; another player's answers exactly like a missing one (404)."""
    try:
        return services.character_get(character_id=pk, owner=request.user)
    except Character.DoesNotExist:
        raise Http404("No such character.") from None


def _said(error: Exception) -> str:
    """An error's message in the player's language (an engine's sentence is translated)."""
    if isinstance(error, RuleError):
        return f"{error.rule}: {say(error.message)}"
    return say(error.args[0]) if len(error.args) == 1 else str(error)


def _number(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


@login_required
@require_GET
def history_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Charts of the career, every session with its fights (paged), and the latest actions."""
    character = _owned(request, pk)
    sessions = Paginator(history.Sessions(character), history.SESSIONS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    context = {
        "character": character,
        "sessions": sessions,
        "session_rows": history.session_rows(sessions, character),
        "sessions_played": history.sessions_played(character),
    }
    if request.htmx:
        # "Older sessions": only the next sessions, appended in place of the button.
        return render(request, f"{PAGE}#sessions", context)
    context["charts"] = charts.career_charts(character, nonce=_nonce(request))
    context["recent"] = history.log_page(character, size=history.RECENT_ACTIONS)
    return render(request, PAGE, context)


@login_required
@require_GET
def history_log(request: HttpRequest, pk: int) -> HttpResponse:
    """The action log in words, newest first, a page at a time (?before=seq)."""
    character = _owned(request, pk)
    page = history.log_page(character, before=_number(request.GET.get("before")))
    context = {"character": character, "page": page}
    if request.htmx:
        return render(request, f"{LOG}#lines", context)
    return render(request, LOG, context)


@login_required
@require_http_methods(["GET", "POST"])
def history_undo_to(request: HttpRequest, pk: int, seq: int) -> HttpResponse:
    """Go back to just after action `seq`: a confirmation page, then the undo (POST)."""
    character = _owned(request, pk)
    form = UndoToForm(request.POST or None, initial={"version": character.version})
    problem = ""
    status = 200
    guide = undo_guide.guide(character, seq) if 1 <= seq < character.last_seq else None
    if (
        request.method == "POST"
        and form.is_valid()
        and guide is not None
        and guide.needs_confirmation
        and not form.cleaned_data["rebuild"]
        and form.cleaned_data["version"] == character.version
    ):
        problem = gettext(
            "Nothing was undone: this goes back past the end of a session, so the table must be "
            "rebuilt. Confirm below that you will rebuild it, or stop at the session's end."
        )
        form = UndoToForm(initial={"version": character.version})
        status = 400
    elif request.method == "POST" and form.is_valid():
        try:
            character = services.character_undo_to(
                character_id=character.pk,
                owner=request.user,
                seq=seq,
                expected_version=form.cleaned_data["version"],
            )
        except VersionConflict as error:
            # Nothing was undone. Show the log as it is now and ask again on top of it.
            character = error.record
            problem = gettext(
                "This character changed on another screen, so nothing was undone. "
                "Here is where its log stands now — confirm again if you still want to go back."
            )
            form = UndoToForm(initial={"version": character.version})
            status = 409
        except UndoError as error:
            problem = gettext("Nothing was undone: %(reason)s.") % {"reason": _said(error)}
            status = 400
        else:
            messages.success(request, gettext("Back to just after action %(seq)s.") % {"seq": seq})
            url = reverse("tracker:history_log", args=[character.pk])
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    elif request.method == "POST":
        problem = gettext(
            "Nothing was undone: the confirmation was incomplete. Please confirm again."
        )
        form = UndoToForm(initial={"version": character.version})
        status = 400
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
    character = _owned(request, pk)
    inventory = [
        {"card": card, "rule": rule, "power": power}
        for card in character.inventory
        for rule, power in [card_powers.item_power(card)]
    ]
    career = character.fights.aggregate(
        fights=Count("pk"),
        dealt=Sum("damage_dealt", default=0),
        taken=Sum("damage_taken", default=0),
        xp=Sum("xp_gained", default=0),
        turns=Sum("turns", default=0),
    )
    now = services.running_fight(character)  # no row until it ends (tracker/card_rpg/game.py)
    if now is not None:
        career["fights"] += 1
        career["dealt"] += now.damage_dealt
        career["taken"] += now.damage_taken
        career["xp"] += now.xp_gained
        career["turns"] += now.turns
    context = {
        "character": character,
        "class_name": card_name(character.class_card),
        "class_ability": card_powers.class_ability(character.class_card),
        "inventory": inventory,
        "career": career,
        "as_of": timezone.now(),
    }
    return render(request, SHEET, context)


def _nonce(request: HttpRequest) -> str:
    """The request's Content-Security-Policy nonce for the charts' <style>, if there is one."""
    nonce = get_nonce(request)  # None without the CSP middleware
    return "" if nonce is None else str(nonce)  # str() makes the policy name it
