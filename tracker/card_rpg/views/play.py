"""The play screen: one engine action per POST, answered with the regions that changed.

Each tap takes one path: its form builds the action, one service writes it (at the app's table
with the steps that ask the player nothing, tracker.card_rpg.app_deals), the presenter draws
the screen (tracker.card_rpg.play_screen) and one partial answers (play_answers). Every form
names the state version it was drawn from.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from tracker.card_rpg import services
from tracker.card_rpg.forms import play as forms
from tracker.card_rpg.forms.play import ACTION_FORMS
from tracker.card_rpg.models import Character
from tracker.card_rpg.play_screen import page_screen, screen_of, tapped_screen, undone_screen
from tracker.card_rpg.views import play_answers as answers
from tracker.card_rpg.views.acting import acting_character, player_required
from tracker.core.i18n import say
from tracker.rules import RuleError

TEMPLATE = answers.TEMPLATE
ENTRY_TEMPLATE = f"{TEMPLATE}#cards_entry"


@player_required
@require_GET
def play(request: HttpRequest, pk: int) -> HttpResponse:
    """The whole play page for one character (or one part of it, `part`)."""
    part = request.GET.get("part")
    if part == "version":
        return _version_answer(request, pk)
    character = answers.character_of(request, pk)
    if request.htmx and part and answers.stale(request, character):
        # A fold-out of a screen that is no longer current: redraw the whole screen instead.
        return answers.redrawn(request, character, conflict=True)
    if request.htmx and part == "now":
        # Another screen changed the character: this one is drawn again as it stands now.
        return answers.redrawn(request, character)
    if request.htmx and part in ("grid", "more"):
        # A fold-out draws what is awaited: neither the undo button nor the last tap.
        context = answers.context(request, character, screen_of(character, choices_only=True))
        if part == "more":
            return render(request, f"{TEMPLATE}#more", context)
        source = request.GET.get("source", "")
        grid = context["screen"].grid(source)
        context |= {"grid": grid, "multi": bool(request.GET.get("multi"))}
        return render(request, f"{TEMPLATE}#grid", context)
    screen = page_screen(character) if not part else screen_of(character)
    return render(request, TEMPLATE, answers.context(request, character, screen))


def _action_form(data, action: str) -> forms.PlayForm:
    if action not in ACTION_FORMS:
        raise Http404("no such action")
    return forms.action_form(action, data)


@player_required
@require_POST
@answers.tap_view(_action_form)
def play_action(request: HttpRequest, character: Character, form, action: str) -> HttpResponse:
    """Apply one engine action built from the posted form."""
    try:
        character = services.character_tap(
            character_id=character.pk,
            owner=character.owner_id,
            action=form.action(character.state.get("awaiting")),
            character=character,
            **form.tap_fields(),
        )
    except (services.AlreadyApplied, services.VersionConflict) as error:
        return answers.write_failed(request, error)
    except RuleError as error:
        entry = forms.entry_as_posted(request.POST, action)
        return answers.refuse(request, character, error.message, error_rule=error.rule, **entry)
    return answers.answer(request, character, tapped_screen(character, by_app=False), moved=True)


@player_required
@require_POST
def pick(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """The rank/suit picker of a several-card entry: add or take off cards, apply nothing.

    htmx gets the entry form back with the running list in hidden inputs; a plain request
    (a "remove" button without JavaScript) gets the whole page with the entry as it is now.
    """
    if action not in ACTION_FORMS:
        raise Http404("no such action")
    character = answers.character_of(request, pk)
    form = forms.PickForm(request.POST)
    valid = form.is_valid()
    if "version" in form.errors or (valid and form.cleaned_data["version"] != character.version):
        # The screen is stale: checked first, since what it shows may be gone altogether.
        return answers.redrawn(request, character, conflict=True)
    # Only what is awaited is read here, not the log.
    awaited = screen_of(character, choices_only=True)
    if action not in awaited.pick_entries:
        # No card list for this action, or its entry is not on the screen (any more).
        return answers.refuse(request, character, forms.PICK_AGAIN)
    entry = forms.entry_as_posted(request.POST, action)
    if not valid:
        entry["error"] = answers.form_errors(form)
    elif action == "attack":
        entry |= form.entry(entry, hand=awaited.hand_cards)
        if not awaited.ask_hand_rank:
            entry["hint"] = gettext("The app knows your whole hand: tick the cards to play.")
    else:
        entry |= form.entry(entry, hand=())
    screen = screen_of(character, **entry)
    context = answers.context(request, character, screen)
    if not request.htmx:
        return render(request, TEMPLATE, context)
    context["entry"] = screen.entry(action)
    return render(request, ENTRY_TEMPLATE, context)


@player_required
@require_POST
@answers.tap_view(forms.UndoForm)
def undo(request: HttpRequest, character: Character, form) -> HttpResponse:
    """Step back one tap (repeatable); say what was undone and where the real cards go back.

    An undo past a session end with real cards (the deck was gathered and shuffled since) is
    done only once confirmed: the screen says what to rebuild first.
    """
    try:
        character = services.character_undo_tap(
            character_id=character.pk,
            owner=character.owner_id,
            character=character,
            rebuild=form.cleaned_data["rebuild"],
            **form.drawn_at(),
        )
    except (services.AlreadyApplied, services.VersionConflict) as error:
        return answers.write_failed(request, error)
    except services.UndoNeedsRebuild as asked:
        return answers.refuse(
            request, character, asked.guide.crossing["text"], undo_guide=asked.guide
        )
    except (RuleError, services.UndoError) as error:
        message = getattr(error, "message", None) or say(error.args[0] if error.args else error)
        return answers.refuse(request, character, message)
    return answers.answer(request, character, undone_screen(character), moved=True)


@player_required
@require_POST
@answers.tap_view(forms.VirtualForm)
def virtual(request: HttpRequest, character: Character, form) -> HttpResponse:
    """Switch "the app deals for me" on (a fresh seeded table) or off, between sessions."""
    on = form.cleaned_data["on"]
    try:
        character = services.character_set_virtual_deck(
            character_id=character.pk,
            owner=character.owner_id,
            virtual_deck=form.virtual_deck(),
            expected_version=form.cleaned_data["version"],
        )
    except services.VersionConflict as error:
        return answers.write_failed(request, error)
    except services.VirtualDeckSwitchError as error:
        return answers.refuse(request, character, say(error.args[0] if error.args else error))
    notice = (
        gettext("The app deals for you this session: no cards needed.")
        if on
        else gettext("You play with your own cards this session.")
    )
    return answers.redrawn(request, character, notice=notice)


@player_required
@require_POST
@answers.tap_view(forms.DealForm)
def deal(request: HttpRequest, character: Character, form) -> HttpResponse:
    """At a virtual table: let the app fill in the card or dice the game waits for."""
    written = form.drawn_at()
    try:
        if form.cleaned_data.get("buy_top"):
            # Turning the top card to buy it: show it first, the player then buys or discards it.
            top = services.character_top_card(character=character, **written)
            screen = screen_of(character, peek=top)
            if not request.htmx:
                # Nothing changed, so no redirect: a redirect would lose the card turned.
                return render(request, TEMPLATE, answers.context(request, character, screen))
            return answers.answer(request, character, screen, moved=False)
        character = services.character_deal(
            character_id=character.pk, owner=character.owner_id, character=character, **written
        )
    except (services.AlreadyApplied, services.VersionConflict) as error:
        return answers.write_failed(request, error)
    except services.DealRefused as error:
        return answers.refuse(request, character, str(error))
    except RuleError as error:
        return answers.refuse(request, character, error.message, error_rule=error.rule)
    return answers.answer(request, character, tapped_screen(character, by_app=True), moved=True)


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
    character = answers.character_of(request, pk)
    # The pile alone: neither the undo button nor the last tap is drawn here.
    screen = screen_of(character, choices_only=True)
    return render(
        request, "card_rpg/play/discard.html", answers.context(request, character, screen)
    )
