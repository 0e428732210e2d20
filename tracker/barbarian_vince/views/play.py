"""The adventure screen: one engine action per POST, answered with the regions that changed.

htmx requests get the prompt region and the status region (out of band); plain requests are
redirected back to the screen (post/redirect/get) with the outcome as a message, so back and
refresh never apply an action twice. Every form names the version it was drawn from; a stale
one is refused and the screen is redrawn as the adventure stands now.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tracker.barbarian_vince import services
from tracker.barbarian_vince.forms import ActionForm, CardForm, InputError, VersionForm
from tracker.barbarian_vince.game import GAME
from tracker.barbarian_vince.models import Adventure
from tracker.barbarian_vince.play_screen import Screen, undone_screen
from tracker.core.web import changed_elsewhere, record_or_404, said_after_post
from tracker.rules import barbarian_vince as bv
from tracker.rules.errors import RuleError

TEMPLATE = "barbarian_vince/play.html"
# Actions posted from the adventure screen (a card is entered from the catalogue page, and an
# adventure begins on the new-adventure page).
# The most values of one field sent again with a card entered on the spot.
MAX_RESENT = 40
PLAYED = tuple(kind for kind in bv.ACTION_TYPES if kind not in ("begin_adventure", "register_card"))


def context(request: HttpRequest, adventure: Adventure, screen: Screen) -> dict:
    screen.known, screen.listing = services.deck_view(adventure=adventure, owner=request.user)
    return {
        "adventure": adventure,
        "screen": screen,
        # The full page draws "More" at once; a swap leaves it to be fetched when opened.
        "more_inline": not request.htmx,
    }


def answer(request: HttpRequest, adventure: Adventure, screen: Screen) -> HttpResponse:
    """htmx: the prompt and (out of band) the status; else back to the screen with a message."""
    if not request.htmx:
        rule = f"{screen.error_rule}: " if screen.error_rule else ""
        said_after_post(
            request,
            changed=changed_elsewhere() if screen.conflict else "",
            refused=f"{rule}{screen.error}" if screen.error else "",
            done=[screen.notice or screen.just_done, *screen.moves],
        )
        return redirect("tracker:bv_play", adventure=adventure.pk)
    page = context(request, adventure, screen) | {"oob": True, "swap": True}
    return render(request, f"{TEMPLATE}#update", page)


def refuse(request, adventure, error, rule: str, entry: dict | None = None) -> HttpResponse:
    """A refusal: nothing was written; say why with the rule, keep what was typed."""
    screen = Screen(adventure, error=error, error_rule=rule, entry=entry)
    return answer(request, adventure, screen)


def conflict(request: HttpRequest, error: services.VersionConflict) -> HttpResponse:
    """Another screen acted first: redraw from the adventure as it is now, with the message."""
    return answer(request, error.record, Screen(error.record, conflict=True))


def saved_before(request: HttpRequest, adventure: Adventure) -> HttpResponse:
    """A tap sent again after its answer was lost: saved the first time, not applied twice."""
    notice = _("That tap was saved already: here is where it stands now.")
    return answer(request, adventure, Screen(adventure, notice=notice))


def entry_of(request: HttpRequest, kind: str) -> dict:
    """What was typed in the form of `kind`, to draw it again after a refusal: the card and the
    draw, and every field of the action as posted (sent again with a card entered on the spot,
    so the tap goes on exactly as it was meant)."""
    names = [*bv.ACTION_FIELDS[kind], "place"]
    posted = [
        (name, value[:200])
        for name in names
        for value in request.POST.getlist(name)[:MAX_RESENT]
        if value
    ]
    return {
        "kind": kind,
        **{key: request.POST.get(key, "")[:60] for key in ("card", "draw")},
        "posted": posted,
    }


def new_card(request: HttpRequest) -> dict:
    """The new card typed beside a tap, to draw its form again as typed after a refusal."""
    typed = {
        key[4:]: value[:200]
        for key, value in request.POST.items()
        if key.startswith("new-") and key != "new-version"
    }
    typed["classes"] = request.POST.getlist("new-classes")[:6]
    return {"new_card": typed.get("id", "")[:60], "new": typed}


def typed_card(request: HttpRequest) -> list[dict]:
    """The register_card of a new card typed beside the tap (fields prefixed "new-"), if any;
    InputError when it cannot be read."""
    if "new-id" not in request.POST:
        return []
    form = CardForm(request.POST, prefix="new")
    if not form.is_valid():
        raise form.refusal()
    return [form.action()]


@login_required
@require_GET
def play(request: HttpRequest, adventure: int) -> HttpResponse:
    """The whole adventure screen (or, for htmx, its lazily fetched "More" panel)."""
    record = record_or_404(request, game=GAME, record_id=adventure)
    screen = Screen(record)
    page = context(request, record, screen)
    if request.htmx and request.GET.get("part") == "more":
        return render(request, f"{TEMPLATE}#more_body", page)
    if request.htmx and request.GET.get("part") == "now":
        # Another screen changed the adventure: this one is drawn again as it stands now.
        return answer(request, record, screen)
    return render(request, TEMPLATE, page)


@login_required
@require_POST
def act(request: HttpRequest, adventure: int, action: str) -> HttpResponse:
    """Apply one engine action built from the posted form."""
    if action not in PLAYED:
        raise Http404("No such action.")
    record = record_or_404(request, game=GAME, record_id=adventure)
    form = ActionForm(action, request.POST)
    if not form.is_valid():
        if "version" in form.errors:
            return answer(request, record, Screen(record, conflict=True))
        problem = form.refusal()
        return refuse(request, record, problem.message, problem.rule, entry_of(request, action))
    entry = entry_of(request, action)
    try:
        typed = typed_card(request)
    except InputError as problem:
        return refuse(request, record, problem.message, problem.rule, entry | new_card(request))
    if typed:
        entry |= new_card(request)
    try:
        record = services.adventure_play(
            adventure_id=record.pk,
            owner=request.user,
            action=form.action(),
            typed=typed,
            **form.tap_fields(),
        )
    except RuleError as error:
        return refuse(request, record, error.message, error.rule, entry)
    except services.AlreadyApplied as saved:
        return saved_before(request, saved.record)
    except services.VersionConflict as error:
        return conflict(request, error)
    return answer(request, record, Screen(record, just_done=True))


@login_required
@require_POST
def undo(request: HttpRequest, adventure: int) -> HttpResponse:
    """Take back the newest action; say what was undone and where the real cards go back."""
    record = record_or_404(request, game=GAME, record_id=adventure)
    form = VersionForm(request.POST)
    if not form.is_valid():
        return answer(request, record, Screen(record, conflict=True))
    try:
        record = services.adventure_undo(
            adventure_id=record.pk, owner=request.user, **form.drawn_at()
        )
    except services.AlreadyApplied as saved:
        return saved_before(request, saved.record)
    except services.VersionConflict as error:
        return conflict(request, error)
    except services.UndoError:
        return refuse(request, record, _("there is nothing to undo yet"), "")
    return answer(request, record, undone_screen(record))
