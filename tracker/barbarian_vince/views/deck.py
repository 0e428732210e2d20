"""The player's deck page (issue 23): every card they entered, kept apart from any adventure.

Seen and searched, a card corrected or removed, the whole deck written to a file or read from
one, and handed to a friend at the same server by a link (or its QR code) the owner shows.
"""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from tracker.barbarian_vince import deck, services
from tracker.barbarian_vince.forms import KINDS, CardForm, InputError, RecallForm
from tracker.barbarian_vince.models import RememberedCard
from tracker.core.i18n import say
from tracker.core.web import file_download
from tracker.rules.errors import RuleError

TEMPLATE = "barbarian_vince/deck.html"
SHARED_TEMPLATE = "barbarian_vince/deck_shared.html"


def qr_svg(url: str):
    """A link as a QR code: inline SVG, dark on white in both themes (scanners need it)."""
    code = segno.make(url, error="m")
    return mark_safe(code.svg_inline(scale=4, border=2, dark="#000", light="#fff"))


def _counted(added: int, there: int) -> str:
    return ngettext(
        "%(added)s card added, %(there)s already there.",
        "%(added)s cards added, %(there)s already there.",
        added,
    ) % {"added": added, "there": there}


@login_required
@require_http_methods(["GET", "POST"])
def deck_page(request: HttpRequest) -> HttpResponse:
    """The deck: searched by id or name; the share link shown when asked for. A POST is one
    of the page's forms (`op`): a file imported, a card removed or corrected."""
    if request.method == "POST":
        handler = {"import": deck_import, "remove": deck_remove, "correct": deck_correct}.get(
            request.POST.get("op", "")
        )
        if handler is None:
            messages.error(request, _("the form was incomplete: please try again"))
            return redirect("tracker:bv_deck")
        return handler(request)
    query = RecallForm(request.GET)
    text = query.cleaned_data["q"] if query.is_valid() else ""
    kinds = dict(KINDS)
    cards = [
        {"row": row, "kind": kinds.get(row.kind, row.kind), "listings": len(row.listings or {})}
        for row in services.deck_cards(owner=request.user, text=text)
    ]
    share = None
    if request.GET.get("share"):
        link = request.build_absolute_uri(
            reverse("tracker:bv_deck_shared", args=[deck.share_token(owner=request.user)])
        )
        share = {"link": link, "qr": qr_svg(link)}
    classes = ["Common", "Uncommon", "Unique", "Reusable", "Skill", "Curse"]
    page = {"cards": cards, "q": text, "share": share, "classes": classes}
    return render(request, TEMPLATE, page)


@login_required
@require_GET
def deck_export(request: HttpRequest) -> HttpResponse:
    """The deck as a cardrpg-deck file."""
    return file_download(deck.export_text(owner=request.user), "barbarian-vince-deck.json")


def deck_import(request: HttpRequest) -> HttpResponse:
    """Add the cards of a deck file (refused whole, with what is wrong named)."""
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, _("Choose a deck file first."))
        return redirect("tracker:bv_deck")
    data = upload.read(deck.MAX_BYTES + 1)
    try:
        added, there = services.deck_import(owner=request.user, data=data)
    except deck.DeckRefused as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, _counted(added, there))
    return redirect("tracker:bv_deck")


def deck_remove(request: HttpRequest) -> HttpResponse:
    """Take one card out of the deck."""
    card = (request.POST.get("card") or "").strip()[:60]
    if services.deck_card_remove(owner=request.user, card_id=card):
        messages.success(request, _("%(card)s is out of your deck.") % {"card": card})
    else:
        messages.error(request, _("%(card)s is not in your deck.") % {"card": card})
    return redirect("tracker:bv_deck")


def deck_correct(request: HttpRequest) -> HttpResponse:
    """Correct a card of the deck: its kind's fields typed as on the catalogue's quick form."""
    form = CardForm(request.POST)
    card = (request.POST.get("id") or "").strip()[:60]
    if not form.is_valid():
        problem = form.refusal()
        messages.error(request, f"{problem.rule}: {problem.message}")
        return redirect(f"{reverse('tracker:bv_deck')}?q={card}")
    try:
        services.deck_card_correct(owner=request.user, card_id=card, action=form.action())
    except RememberedCard.DoesNotExist:
        messages.error(request, _("%(card)s is not in your deck.") % {"card": card})
    except (InputError, RuleError) as problem:
        messages.error(request, f"{problem.rule}: {say(problem.message)}")
    else:
        messages.success(
            request,
            _("%(card)s is corrected: adventures begun from now on enter it so.") % {"card": card},
        )
    return redirect(f"{reverse('tracker:bv_deck')}?q={card}")


@login_required
def deck_shared(request: HttpRequest, token: str) -> HttpResponse:
    """A friend's deck, handed over by their link: see how many cards, add them in one tap."""
    try:
        giver = deck.shared_owner_id(token)
    except deck.DeckRefused as refused:
        # Said on a page of its own: nobody's deck is named, nothing can be added.
        return render(request, SHARED_TEMPLATE, {"error": str(refused)})
    count = RememberedCard.objects.filter(owner_id=giver).count()
    if request.method == "POST":
        try:
            added, there = services.deck_take_shared(owner=request.user, token=token)
        except deck.DeckRefused as refused:
            return render(
                request, SHARED_TEMPLATE, {"error": str(refused), "count": count}, status=400
            )
        messages.success(request, _counted(added, there))
        return redirect("tracker:bv_deck")
    own = giver == request.user.pk
    return render(request, SHARED_TEMPLATE, {"count": count, "own": own})
