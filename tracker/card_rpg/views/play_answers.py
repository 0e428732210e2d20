"""How the play screen answers: htmx gets the regions that changed, a plain request is
redirected back to the page with what happened as a message (post/redirect/get, so back and
refresh never apply an action twice); a refusal, a screen out of date and a tap saved before
are each said the same way by every view of the screen."""

from __future__ import annotations

from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy
from django_htmx.http import reswap, retarget

from tracker.card_rpg import services, table_screen
from tracker.card_rpg.forms import play as forms
from tracker.card_rpg.models import Character
from tracker.card_rpg.play_entries import RANK_BUTTONS, SUIT_BUTTONS
from tracker.card_rpg.play_screen import Screen, screen_of
from tracker.card_rpg.views.acting import acting_character
from tracker.core.i18n import say
from tracker.core.web import changed_elsewhere, said_after_post

TEMPLATE = "card_rpg/play/play.html"
SAVED_BEFORE = gettext_lazy("That tap was saved already: here is where it stands now.")


def character_of(request: HttpRequest, pk: int) -> Character:
    """The character a play screen's request acts for (else 404)."""
    # With its seat at a table (if any) in the same query: the strip asks for it on every tap,
    # also for the character a write gives back (a play screen's taps never move a seat).
    character = acting_character(
        request, pk, table_screen.with_table_facts(Character.objects.all())
    )
    request.rpg_seat = table_screen.seat_of(character)
    return character


def context(request: HttpRequest, character: Character, screen: Screen) -> dict:
    """What the play page's template draws `screen` with."""
    return {
        "character": character,
        "screen": screen,
        "ranks": RANK_BUTTONS,
        "suits": SUIT_BUTTONS,
        # The full page draws the 54-card grid and the side actions at once; a swap leaves
        # them to be fetched when opened, so that it stays small.
        "full_page": not request.htmx,
        "more_inline": not request.htmx or screen.side_open,
        # At a table: the others, robbing and duels (T-26 … T-36).
        "strip": table_screen.strip_for(
            character, seat=getattr(request, "rpg_seat", table_screen.UNKNOWN)
        ),
        "version": character.version,
    }


def answer(request: HttpRequest, character: Character, screen: Screen, *, moved: bool):
    """htmx: the prompt (and the status out of band if the state moved); else PRG.

    The prompt always replaces the prompt, whatever part of it asked (a picker's rank chip, a
    fold-out being fetched): a screen is redrawn as a whole, never inside itself.
    """
    if not request.htmx:
        said_after_post(
            request,
            changed=changed_elsewhere() if screen.conflict else "",
            refused=say(screen.error) if screen.error else "",
            done=[screen.notice],
        )
        return redirect("tracker:rpg_play", pk=character.pk)
    page = context(request, character, screen) | {"oob": True}
    partial = "update" if moved else "prompt"
    response = render(request, f"{TEMPLATE}#{partial}", page)
    if request.htmx.target != "play-prompt":
        response = reswap(retarget(response, "#play-prompt"), "outerHTML show:#play-prompt:top")
    return response


def refuse(request: HttpRequest, character: Character, message: str, **shown) -> HttpResponse:
    """Nothing was written: the screen as it was, saying why (`shown`: what else it shows)."""
    return answer(request, character, screen_of(character, error=message, **shown), moved=False)


def redrawn(request: HttpRequest, character: Character, **shown) -> HttpResponse:
    """The whole screen drawn again as the character stands now (`shown`: and what it says)."""
    return answer(request, character, screen_of(character, **shown), moved=True)


def write_failed(request: HttpRequest, error: Exception) -> HttpResponse:
    """The answer to a write that another screen's write came before: a tap saved already (its
    answer was lost: nothing is applied twice), or a screen out of date."""
    if isinstance(error, services.AlreadyApplied):
        return redrawn(request, error.record, notice=str(SAVED_BEFORE))
    return redrawn(request, error.record, conflict=True)


def stale(request: HttpRequest, character: Character) -> bool:
    """A request from a screen drawn at another version than the character's now (`v`)."""
    shown = request.GET.get("v")
    return shown is not None and shown != str(character.version)


def form_errors(form) -> str:
    """Every error of a form, in one line."""
    return " ".join(str(e) for field_errors in form.errors.values() for e in field_errors)


def refuse_form(request: HttpRequest, character: Character, form, kind: str = "") -> HttpResponse:
    """A form that did not validate: say why, change nothing (a stale screen is redrawn)."""
    if "version" in form.errors or form.data.get("version") != str(character.version):
        return redrawn(request, character, conflict=True)
    entry = forms.entry_as_posted(request.POST, kind) if kind else {}
    return refuse(request, character, form_errors(form) or gettext("That did not work."), **entry)


def tap_view(form_of):
    """A view of a tap, called with the character it acts for and its valid form, made by
    `form_of(request.POST, **kwargs)`; an invalid form is refused instead (a stale screen is
    redrawn) and the view is not called."""

    def decorate(view):
        @wraps(view)
        def tapped(request: HttpRequest, pk: int, **kwargs) -> HttpResponse:
            form = form_of(request.POST, **kwargs)
            character = character_of(request, pk)
            if not form.is_valid():
                return refuse_form(request, character, form, kwargs.get("action", ""))
            return view(request, character, form, **kwargs)

        return tapped

    return decorate
