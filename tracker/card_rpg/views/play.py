"""The play screen: one engine action per POST, answered with the regions that changed.

htmx requests get the prompt region (plus the status region, out of band, when the state
moved on); plain requests are redirected back to the page (post/redirect/get), so back and
refresh never apply an action twice. Every form names the state version it was drawn from.

Each tap takes one path: its form builds the action, one service writes it (at the app's table
with the steps that ask the player nothing, tracker.card_rpg.app_deals), the presenter draws
the screen (tracker.card_rpg.play_screen) and one partial answers.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap, retarget

from tracker.card_rpg import services, table_screen
from tracker.card_rpg.forms import play as forms
from tracker.card_rpg.forms.play import ACTION_FORMS
from tracker.card_rpg.models import Character
from tracker.card_rpg.play_entries import RANK_BUTTONS, SUIT_BUTTONS
from tracker.card_rpg.play_screen import (
    Screen,
    page_screen,
    screen_of,
    tapped_screen,
    undone_screen,
)
from tracker.card_rpg.views.acting import acting_character, player_required
from tracker.core.i18n import say
from tracker.rules import RuleError
from tracker.rules.cards import DECK, RANKS, SUITS

TEMPLATE = "card_rpg/play/play.html"
ENTRY_TEMPLATE = "card_rpg/play/_cards_entry.html"
CONFLICT = gettext_lazy("This changed on another screen — here is where it stands now.")
SAVED_BEFORE = gettext_lazy("That tap was saved already: here is where it stands now.")


def _character(request: HttpRequest, pk: int) -> Character:
    # With its seat at a table (if any) in the same query: the strip asks for it on every tap,
    # also for the character a write gives back (a play screen's taps never move a seat).
    character = acting_character(
        request, pk, table_screen.with_table_facts(Character.objects.all())
    )
    request.rpg_seat = table_screen.seat_of(character)
    return character


def _context(request: HttpRequest, character: Character, screen: Screen) -> dict:
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


def _answer(request: HttpRequest, character: Character, screen: Screen, *, moved: bool):
    """htmx: the prompt (and the status out of band if the state moved); else PRG.

    The prompt always replaces the prompt, whatever part of it asked (a picker's rank chip, a
    fold-out being fetched): a screen is redrawn as a whole, never inside itself.
    """
    if not request.htmx:
        if screen.conflict:
            messages.warning(request, CONFLICT)
        elif screen.error:
            messages.error(request, say(screen.error))
        elif screen.notice:
            messages.info(request, screen.notice)
        return redirect("tracker:play", pk=character.pk)
    context = _context(request, character, screen) | {"oob": True}
    partial = "update" if moved else "prompt"
    response = render(request, f"{TEMPLATE}#{partial}", context)
    if request.htmx.target != "play-prompt":
        response = reswap(retarget(response, "#play-prompt"), "outerHTML show:#play-prompt:top")
    return response


def _refused(request: HttpRequest, character: Character, message: str, **shown) -> HttpResponse:
    """Nothing was written: the screen as it was, saying why (`shown`: what else it shows)."""
    return _answer(request, character, screen_of(character, error=message, **shown), moved=False)


def _redrawn(request: HttpRequest, character: Character, **shown) -> HttpResponse:
    """The whole screen drawn again as the character stands now (`shown`: and what it says)."""
    return _answer(request, character, screen_of(character, **shown), moved=True)


def _write_failed(request: HttpRequest, error: Exception) -> HttpResponse:
    """The answer to a write that another screen's write came before: a tap saved already (its
    answer was lost: nothing is applied twice), or a screen out of date."""
    if isinstance(error, services.AlreadyApplied):
        return _redrawn(request, error.record, notice=str(SAVED_BEFORE))
    return _redrawn(request, error.record, conflict=True)


def _stale(request: HttpRequest, character: Character) -> bool:
    """A request from a screen drawn at another version than the character's now (`v`)."""
    shown = request.GET.get("v")
    return shown is not None and shown != str(character.version)


def _entry_input(request: HttpRequest, kind: str) -> dict:
    """What the player had entered in the control of `kind`, to draw it again as it was."""
    post = request.POST
    deck = set(DECK)
    shown = post.get("rank") or post.get("shown_rank") or ""
    suit = post.get("suit") or ""
    return {
        "entry_kind": kind,
        "suit": suit if suit in SUITS or suit in ("JK1", "JK2") else "",
        "typed": post.get("typed", "")[:120],
        "picked": [card for card in post.getlist("picked") if card in deck],
        "ticked": [card for card in post.getlist("card") if card in deck],
        "shown_rank": shown if shown in RANKS else "",
    }


def _form_errors(form) -> str:
    return " ".join(str(e) for field_errors in form.errors.values() for e in field_errors)


def _refuse(request: HttpRequest, character: Character, form, kind: str = "") -> HttpResponse:
    """A form that did not validate: say why, change nothing (a stale screen is redrawn)."""
    if "version" in form.errors or form.data.get("version") != str(character.version):
        return _redrawn(request, character, conflict=True)
    entry = _entry_input(request, kind) if kind else {}
    return _refused(
        request, character, _form_errors(form) or gettext("That did not work."), **entry
    )


@player_required
@require_GET
def play(request: HttpRequest, pk: int) -> HttpResponse:
    """The whole play page for one character (or one part of it, `part`)."""
    part = request.GET.get("part")
    if part == "version":
        return _version_answer(request, pk)
    character = _character(request, pk)
    if request.htmx and part and _stale(request, character):
        # A fold-out of a screen that is no longer current: redraw the whole screen instead.
        return _redrawn(request, character, conflict=True)
    if request.htmx and part in ("grid", "more"):
        # A fold-out draws what is awaited: neither the undo button nor the last tap.
        context = _context(request, character, screen_of(character, recent=[]))
        if part == "more":
            return render(request, f"{TEMPLATE}#more", context)
        source = request.GET.get("source", "")
        grid = context["screen"].grid(source)
        context |= {"grid": grid, "multi": bool(request.GET.get("multi"))}
        return render(request, f"{TEMPLATE}#grid", context)
    screen = page_screen(character) if not part else screen_of(character)
    return render(request, TEMPLATE, _context(request, character, screen))


@player_required
@require_POST
def play_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Apply one engine action built from the posted form."""
    if action not in ACTION_FORMS:
        raise Http404("no such action")
    character = _character(request, pk)
    form = forms.action_form(action, request.POST)
    if not form.is_valid():
        return _refuse(request, character, form, action)
    try:
        character = services.character_tap(
            character_id=character.pk,
            owner=character.owner_id,
            action=form.action(character.state.get("awaiting")),
            expected_version=form.cleaned_data["version"],
            character=character,
            **form.tap_fields(),
        )
    except (services.AlreadyApplied, services.VersionConflict) as error:
        return _write_failed(request, error)
    except RuleError as error:
        entry = _entry_input(request, action)
        return _refused(request, character, error.message, error_rule=error.rule, **entry)
    return _answer(request, character, tapped_screen(character, by_app=False), moved=True)


@player_required
@require_POST
def pick(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """The rank/suit picker of a several-card entry: add or take off cards, apply nothing.

    htmx gets the entry form back with the running list in hidden inputs; a plain request
    (a "remove" button without JavaScript) gets the whole page with the entry as it is now.
    """
    if action not in ACTION_FORMS:
        raise Http404("no such action")
    character = _character(request, pk)
    form = forms.PickForm(request.POST)
    valid = form.is_valid()
    if "version" in form.errors or (valid and form.cleaned_data["version"] != character.version):
        # The screen is stale: checked first, since what it shows may be gone altogether.
        return _redrawn(request, character, conflict=True)
    # Only what is awaited is read here, not the log.
    awaited = screen_of(character, recent=[])
    if action not in awaited.pick_entries:
        # No card list for this action, or its entry is not on the screen (any more).
        return _refused(request, character, forms.PICK_AGAIN)
    entry = _entry_input(request, action)
    extra: dict = {}
    if valid:
        data = form.cleaned_data
        picked = list(data["the_cards"])
        hand = set(awaited.hand_cards) if action == "attack" else set()
        # Cards ticked on the 54-card grid join the picked list; hand cards stay ticked.
        picked += [card for card in entry["ticked"] if card not in hand and card not in picked]
        entry["ticked"] = [card for card in entry["ticked"] if card in hand]
        entry["picked"] = sorted(dict.fromkeys(picked), key=DECK.index)
        entry["shown_rank"] = data.get("rank") or data.get("shown_rank") or ""
        extra["hint"] = data.get("hint", "")
        if action == "attack" and not awaited.ask_hand_rank:
            extra["hint"] = gettext("The app knows your whole hand: tick the cards to play.")
    else:
        extra["error"] = _form_errors(form)
    screen = screen_of(character, **entry, **extra)
    context = _context(request, character, screen)
    if not request.htmx:
        return render(request, TEMPLATE, context)
    context["entry"] = screen.entry(action)
    return render(request, ENTRY_TEMPLATE, context)


@player_required
@require_POST
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Step back one tap (repeatable); say what was undone and where the real cards go back.

    An undo past a session end with real cards (the deck was gathered and shuffled since) is
    done only once confirmed: the screen says what to rebuild first.
    """
    character = _character(request, pk)
    form = forms.UndoForm(request.POST)
    if not form.is_valid():
        return _refuse(request, character, form)
    try:
        character = services.character_undo_tap(
            character_id=character.pk,
            owner=character.owner_id,
            expected_version=form.cleaned_data["version"],
            character=character,
            tap=form.cleaned_data["tap"],
            rebuild=form.cleaned_data["rebuild"],
        )
    except (services.AlreadyApplied, services.VersionConflict) as error:
        return _write_failed(request, error)
    except services.UndoNeedsRebuild as asked:
        return _refused(request, character, asked.guide.crossing["text"], undo_guide=asked.guide)
    except (RuleError, services.UndoError) as error:
        message = getattr(error, "message", None) or say(error.args[0] if error.args else error)
        return _refused(request, character, message)
    return _answer(request, character, undone_screen(character), moved=True)


@player_required
@require_POST
def virtual(request: HttpRequest, pk: int) -> HttpResponse:
    """Switch "the app deals for me" on (a fresh seeded table) or off, between sessions."""
    character = _character(request, pk)
    form = forms.VirtualForm(request.POST)
    if not form.is_valid():
        return _refuse(request, character, form)
    on = form.cleaned_data["on"]
    try:
        character = services.character_choose_dealer(
            character_id=character.pk,
            owner=character.owner_id,
            app_deals=on,
            seed=form.cleaned_data.get("seed"),
            expected_version=form.cleaned_data["version"],
        )
    except services.VersionConflict as error:
        return _write_failed(request, error)
    except services.TableSwitchError as error:
        return _refused(request, character, say(error.args[0] if error.args else error))
    notice = (
        gettext("The app deals for you this session: no cards needed.")
        if on
        else gettext("You play with your own cards this session.")
    )
    return _redrawn(request, character, notice=notice)


@player_required
@require_POST
def deal(request: HttpRequest, pk: int) -> HttpResponse:
    """At a virtual table: let the app fill in the card or dice the game waits for."""
    character = _character(request, pk)
    form = forms.DealForm(request.POST)
    if not form.is_valid():
        return _refuse(request, character, form)
    written = {"expected_version": form.cleaned_data["version"], "tap": form.cleaned_data["tap"]}
    try:
        if form.cleaned_data.get("buy_top"):
            # Turning the top card to buy it: show it first, the player then buys or discards it.
            top = services.character_top_card(character=character, **written)
            screen = screen_of(character, peek=top)
            if not request.htmx:
                # Nothing changed, so no redirect: a redirect would lose the card turned.
                return render(request, TEMPLATE, _context(request, character, screen))
            return _answer(request, character, screen, moved=False)
        character = services.character_deal(
            character_id=character.pk, owner=character.owner_id, character=character, **written
        )
    except (services.AlreadyApplied, services.VersionConflict) as error:
        return _write_failed(request, error)
    except services.DealRefused as error:
        return _refused(request, character, str(error))
    except RuleError as error:
        return _refused(request, character, error.message, error_rule=error.rule)
    return _answer(request, character, tapped_screen(character, by_app=True), moved=True)


def _version_answer(request: HttpRequest, pk: int) -> HttpResponse:
    """Has the character moved on from the version a screen shows (`v`)? No body if not.

    A play screen asks when it comes back (Back or Forward from the browser's cache, a phone
    waking up) and takes no tap until the answer: 204 keeps it, anything else redraws it.
    One small query: the version alone.
    """
    version = None
    if request.user.is_authenticated:
        version = (
            Character.objects.filter(pk=pk, owner=request.user)
            .values_list("version", flat=True)
            .first()
        )
    if version is None:  # not the account's own: a guest's seat, or nothing (404)
        version = acting_character(request, pk).version
    if request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    return HttpResponse(str(version), content_type="text/plain; charset=utf-8")


@player_required
@require_GET
def discard_pile(request: HttpRequest, pk: int) -> HttpResponse:
    """Look through the discard pile: the cards known to be there, and how many are unknown."""
    character = _character(request, pk)
    # The pile alone: neither the undo button nor the last tap is drawn here.
    screen = screen_of(character, recent=[])
    return render(request, "card_rpg/play/discard.html", _context(request, character, screen))
