"""The play screen: one engine action per POST, answered with the regions that changed.

htmx requests get the prompt region (plus the status region, out of band, when the state
moved on); plain requests are redirected back to the page (post/redirect/get), so back and
refresh never apply an action twice. Every form names the state version it was drawn from.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from tracker import dice_roller, services
from tracker.forms import play as forms
from tracker.models import Character
from tracker.play_screen import RANK_BUTTONS, SUIT_BUTTONS, Screen
from tracker.rules import RuleError, VirtualTable, legal_action_types

TEMPLATE = "tracker/play/play.html"
CONFLICT = "This changed on another screen — here is where it stands now."


def _action_fields(kind: str, data: dict, screen: Screen) -> dict:
    """The engine action for a validated form (field names of rules/actions.md)."""
    match kind:
        case "start_session":
            return {"hand": data["the_cards"]} if data["the_cards"] else {}
        case "attack":
            return {"cards": data["the_cards"]}
        case "note_hand":
            return {"cards": data["the_cards"]}
        case "reveal_monster" | "turn" | "buy_back":
            return {"card": data["the_card"]}
        case "buy_top":
            return {"card": data["the_card"], "buy": data["answer"] == "yes"}
        case "roll_monster_hp":
            count = screen.choices.get("dice") or 0
            return {"dice": data["dice"] or dice_roller.roll_dice(count)}
        case "level_up":
            return {"hp_dice": data["dice"] or dice_roller.roll_dice(1)}
        case "use_item":
            fields = {"card": data["card"]}
            if data.get("use_as"):
                fields["as"] = data["use_as"]
            return fields
        case "save" | "sell":
            return {"card": data["card"]}
        case "keep_hand":
            return {"keep": data["answer"] == "yes"}
    return {}


ACTION_FORMS = {
    "start_session": forms.CardsForm,
    "note_hand": forms.CardsForm,
    "attack": forms.CardsForm,
    "reveal_monster": forms.CardForm,
    "turn": forms.CardForm,
    "buy_back": forms.CardForm,
    "buy_top": forms.BuyTopForm,
    "roll_monster_hp": forms.DiceForm,
    "level_up": forms.DiceForm,
    "use_item": forms.ItemForm,
    "save": forms.ChoiceForm,
    "sell": forms.ChoiceForm,
    "keep_hand": forms.YesNoForm,
    "end_turn": forms.PlayForm,
    "accept_death": forms.PlayForm,
    "end_session": forms.PlayForm,
}


def _character(request: HttpRequest, pk: int) -> Character:
    return get_object_or_404(Character, pk=pk, owner=request.user)


def _screen(character: Character, *, last_action: dict | None = None, **extra) -> Screen:
    """The presenter for a character as stored now.

    `last_action` is the newest logged action when the caller already has it (it just applied
    it), which saves reading it back from the log; its dice are shown.
    """
    table = VirtualTable.from_dict(character.table_state) if character.table_state else None
    if last_action is None:
        last = character.log_entries.order_by("-seq").only("action").first()
        last_action = last.action if last is not None else {}
    dice = last_action.get("dice") or last_action.get("hp_dice") or []
    if last_action.get("type") == "create_character":
        dice = []
    return Screen(
        character_id=character.pk,
        version=character.version,
        state=character.state,
        virtual=table is not None,
        table=table,
        last_dice=dice,
        **extra,
    )


def _context(request: HttpRequest, character: Character, screen: Screen) -> dict:
    return {
        "character": character,
        "screen": screen,
        "ranks": RANK_BUTTONS,
        "suits": SUIT_BUTTONS,
        # The full page draws the 54-card grid and the side actions at once; a swap leaves
        # them to be fetched when opened, so that it stays small.
        "full_page": not request.htmx,
        "more_inline": not request.htmx or bool(screen.peek),
    }


def _answer(request: HttpRequest, character: Character, screen: Screen, *, moved: bool):
    """htmx: the prompt (and the status out of band if the state moved); else PRG."""
    if not request.htmx:
        if screen.conflict:
            messages.warning(request, CONFLICT)
        elif screen.error:
            messages.error(request, screen.error)
        elif screen.notice:
            messages.info(request, screen.notice)
        return redirect("tracker:play", pk=character.pk)
    context = _context(request, character, screen) | {"oob": True}
    partial = "update" if moved else "prompt"
    return render(request, f"{TEMPLATE}#{partial}", context)


def _apply(request: HttpRequest, character: Character, action: dict, version: int, table=None):
    """Apply one action through the service and answer with what changed."""
    kwargs = {"table_state": table.to_dict()} if table is not None else {}
    try:
        character = services.character_apply(
            character_id=character.pk,
            owner=request.user,
            action=action,
            expected_version=version,
            **kwargs,
        )
    except RuleError as error:
        screen = _screen(character, error=error.message, error_rule=error.rule)
        return _answer(request, character, screen, moved=False)
    except services.VersionConflict as conflict:
        current = conflict.character
        return _answer(request, current, _screen(current, conflict=True), moved=True)
    return _answer(request, character, _screen(character, last_action=action), moved=True)


def _refuse(request: HttpRequest, character: Character, form) -> HttpResponse:
    """A form that did not validate: say why, change nothing."""
    errors = [str(e) for field_errors in form.errors.values() for e in field_errors]
    screen = _screen(character, error=" ".join(errors) or "That did not work.")
    if "version" in form.errors:
        screen = _screen(character, conflict=True)
    return _answer(request, character, screen, moved="version" in form.errors)


@login_required
@require_GET
def play(request: HttpRequest, pk: int) -> HttpResponse:
    """The whole play page for one character."""
    character = _character(request, pk)
    screen = _screen(character)
    context = _context(request, character, screen)
    part = request.GET.get("part")
    if request.htmx and part == "grid":
        source = request.GET.get("source", "")
        context |= {"grid": screen.grid(source), "multi": bool(request.GET.get("multi"))}
        return render(request, f"{TEMPLATE}#grid", context)
    if request.htmx and part == "more":
        return render(request, f"{TEMPLATE}#more", context)
    return render(request, TEMPLATE, context)


@login_required
@require_POST
def play_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Apply one engine action built from the posted form."""
    if action not in ACTION_FORMS:
        raise Http404("no such action")
    character = _character(request, pk)
    form = ACTION_FORMS[action](request.POST)
    if not form.is_valid():
        return _refuse(request, character, form)
    # Only the awaited choices (how many dice) are read here, not the last action's dice.
    screen = _screen(character, last_action={})
    engine_action = {"type": action, **_action_fields(action, form.cleaned_data, screen)}
    return _apply(request, character, engine_action, form.cleaned_data["version"])


@login_required
@require_POST
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Step back one action (repeatable)."""
    character = _character(request, pk)
    form = forms.PlayForm(request.POST)
    if not form.is_valid():
        return _refuse(request, character, form)
    try:
        character = services.character_undo(
            character_id=character.pk,
            owner=request.user,
            steps=1,
            expected_version=form.cleaned_data["version"],
        )
    except services.VersionConflict as conflict:
        current = conflict.character
        return _answer(request, current, _screen(current, conflict=True), moved=True)
    except (RuleError, services.UndoError) as error:
        message = getattr(error, "message", None) or str(error)
        return _answer(request, character, _screen(character, error=message), moved=False)
    return _answer(request, character, _screen(character, notice="Undone."), moved=True)


@login_required
@require_POST
def virtual(request: HttpRequest, pk: int) -> HttpResponse:
    """Switch "the app deals for me" on (a fresh seeded table) or off."""
    character = _character(request, pk)
    form = forms.VirtualForm(request.POST)
    if not form.is_valid():
        return _refuse(request, character, form)
    table = VirtualTable(seed=form.cleaned_data.get("seed")) if form.cleaned_data["on"] else None
    try:
        character = services.character_set_table(
            character_id=character.pk,
            owner=request.user,
            table_state=table.to_dict() if table else None,
            expected_version=form.cleaned_data["version"],
        )
    except services.VersionConflict as conflict:
        current = conflict.character
        return _answer(request, current, _screen(current, conflict=True), moved=True)
    return _answer(request, character, _screen(character), moved=True)


@login_required
@require_POST
def deal(request: HttpRequest, pk: int) -> HttpResponse:
    """At a virtual table: let the app fill in the card or dice the game waits for."""
    character = _character(request, pk)
    form = forms.DealForm(request.POST)
    if not form.is_valid():
        return _refuse(request, character, form)
    if not character.table_state:
        screen = _screen(character, error="Switch on “the app deals for me” first.")
        return _answer(request, character, screen, moved=False)
    table = VirtualTable.from_dict(character.table_state)
    state = character.state
    if form.cleaned_data.get("buy_top"):
        # Turning the top card to buy it: show it first, the player then buys or discards it.
        top = table.top_card(state) if "buy_top" in legal_action_types(state) else None
        if top is None:
            screen = _screen(character, error="There is no card to buy now (S-13).")
            return _answer(request, character, screen, moved=False)
        screen = _screen(character, peek=top)
        if not request.htmx:
            # Nothing changed, so no redirect: a redirect would lose the card turned.
            return render(request, TEMPLATE, _context(request, character, screen))
        return _answer(request, character, screen, moved=False)
    action = table.next_action(state)
    if action is None:
        screen = _screen(character, error="There is nothing for the app to deal right now.")
        return _answer(request, character, screen, moved=False)
    return _apply(request, character, action, form.cleaned_data["version"], table)


@login_required
@require_GET
def discard_pile(request: HttpRequest, pk: int) -> HttpResponse:
    """Look through the discard pile: the cards known to be there, and how many are unknown."""
    character = _character(request, pk)
    screen = _screen(character)
    return render(request, "tracker/play/discard.html", _context(request, character, screen))
