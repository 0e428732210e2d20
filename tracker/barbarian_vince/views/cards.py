"""The card catalogue (BT-01): the cards entered so far, the quick form, and the card memory.

The quick form asks only what the chosen kind of card takes. Cards the player entered in their
earlier adventures are offered as they type an id or a name (the card memory), and one tap
enters such a card again. Entering a card is one register_card action through the services.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from tracker.barbarian_vince import services
from tracker.barbarian_vince.forms import KINDS, CardForm, InputError, RecallForm, VersionForm
from tracker.barbarian_vince.game import GAME
from tracker.barbarian_vince.play_screen import CLASS_WORDS, card_view
from tracker.core.i18n import say
from tracker.core.web import changed_elsewhere, go, record_or_404
from tracker.rules.barbarian_vince import places
from tracker.rules.errors import RuleError

TEMPLATE = "barbarian_vince/cards.html"
KIND_NAMES = [kind for kind, _label in KINDS]


def _kind(value) -> str:
    return value if value in KIND_NAMES else "quest"


def _typed_text(query) -> str:
    """What to look for in the card memory: the search box, else the id or name typed."""
    for key in ("q", "id", "name"):
        value = (query.get(key) or "").strip()
        if value:
            return value[:60]
    return ""


def _catalogue(state: dict) -> list[dict]:
    """Every card entered, with where it is now."""
    return [
        {"card": card_view(state, card), "place": say(places.place_words(state, card))}
        for card in state["catalogue"]
    ]


def _context(request, adventure, *, kind: str, form=None, error="", rule="") -> dict:
    query = RecallForm({"q": _typed_text(request.GET)})
    text = query.cleaned_data["q"] if query.is_valid() else ""
    typed = form.data if form is not None and form.is_bound else request.GET
    return {
        "adventure": adventure,
        "kinds": KINDS,
        "class_choices": list(CLASS_WORDS.items()),
        "kind": kind,
        "form": form,
        "typed": typed,
        "typed_classes": typed.getlist("classes") if hasattr(typed, "getlist") else [],
        "error": error,
        "rule": rule,
        "q": text,
        "recalled": services.remembered_cards(
            owner=request.user, text=text, exclude=list(adventure.state["catalogue"])
        ),
        "cards": _catalogue(adventure.state),
        "to_bring": len(services.deck_missing(adventure=adventure, owner=request.user)),
        "open": adventure.state["status"] in ("setup", "playing"),
    }


@login_required
@require_GET
def cards(request: HttpRequest, adventure: int) -> HttpResponse:
    """The catalogue page; for htmx, only the remembered cards matching what is typed."""
    record = record_or_404(request, game=GAME, record_id=adventure)
    page = _context(request, record, kind=_kind(request.GET.get("kind")))
    part = request.GET.get("part")
    if request.htmx and part == "recall":
        return render(request, f"{TEMPLATE}#recall", page)
    if request.htmx and part == "form":
        return render(request, f"{TEMPLATE}#form", page)
    return render(request, TEMPLATE, page)


@login_required
@require_POST
def card_add(request: HttpRequest, adventure: int) -> HttpResponse:
    """Enter one card (from the quick form, or from the card memory) as a register_card."""
    record = record_or_404(request, game=GAME, record_id=adventure)
    form = CardForm(request.POST)
    kind = _kind(request.POST.get("kind"))
    error, rule, entered = "", "", False
    if not form.is_valid():
        if "version" in form.errors:
            error = changed_elsewhere()
        else:
            problem = form.refusal()
            error, rule = problem.message, problem.rule
    else:
        try:
            record = services.card_enter(
                adventure_id=record.pk, owner=request.user, card=form.card(), **form.drawn_at()
            )
            entered = True
        except services.AlreadyApplied as saved:
            # Sent again after it was saved (its answer never came): it is entered, as meant.
            record, entered = saved.record, True
        except (InputError, RuleError) as problem:
            error, rule = say(problem.message), problem.rule
        except services.VersionConflict as problem:
            record = problem.record
            error = changed_elsewhere()
        if entered:
            added = list(record.state["catalogue"])[-1]
            messages.success(request, _("%(card)s is in the catalogue.") % {"card": added})
            if form.cleaned_data.get("next") == "cards":
                url = reverse("tracker:bv_cards", args=[record.pk])
                return go(request, f"{url}?{urlencode({'kind': kind})}")
            return go(request, reverse("tracker:bv_play", args=[record.pk]))
    page = _context(request, record, kind=kind, form=form, error=error, rule=rule)
    if request.htmx:
        return render(request, f"{TEMPLATE}#form", page)
    return render(request, TEMPLATE, page, status=400)


@login_required
@require_POST
def deck_bring(request: HttpRequest, adventure: int) -> HttpResponse:
    """Enter every card of the player's deck this adventure lacks, in one tap (BT-01)."""
    record = record_or_404(request, game=GAME, record_id=adventure)
    form = VersionForm(request.POST)
    back = reverse("tracker:bv_play", args=[record.pk])
    if request.POST.get("next") == "cards":
        back = reverse("tracker:bv_cards", args=[record.pk])
    if not form.is_valid():
        messages.warning(request, changed_elsewhere())
        return go(request, back)
    before = len(record.state["catalogue"])
    try:
        record = services.deck_bring(
            adventure_id=record.pk,
            owner=request.user,
            expected_version=form.cleaned_data["version"],
        )
    except services.VersionConflict:
        messages.warning(request, changed_elsewhere())
        return go(request, back)
    count = len(record.state["catalogue"]) - before
    messages.success(
        request,
        ngettext(
            "%(count)s card of your deck entered.", "%(count)s cards of your deck entered.", count
        )
        % {"count": count},
    )
    return go(request, back)
