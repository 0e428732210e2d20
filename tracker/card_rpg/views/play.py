"""The play screen: one engine action per POST, answered with the regions that changed.

htmx requests get the prompt region (plus the status region, out of band, when the state
moved on); plain requests are redirected back to the page (post/redirect/get), so back and
refresh never apply an action twice. Every form names the state version it was drawn from.

One service call per request. At the app's table ("the app deals for me") that call may apply
several log entries: the tap, then the steps that ask the player nothing — a card turned for
an attack or as loot, the monster's HP and level-up rolls, a look at the cards drawn into the
hand — done by the app in the same transaction (tracker.card_rpg.app_deals), each said on the
screen. Each is its own log entry (the log format is unchanged), and undo takes the whole tap
back.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap, retarget

from tracker.card_rpg import (
    app_deals,
    dice_roller,
    services,
    table_screen,
    table_services,
    undo_guide,
)
from tracker.card_rpg.card_words import card_words as card_text
from tracker.card_rpg.forms import play as forms
from tracker.card_rpg.game import GAME
from tracker.card_rpg.models import Character
from tracker.card_rpg.play_screen import (
    RANK_BUTTONS,
    SUIT_BUTTONS,
    Screen,
    action_words,
    app_did,
)
from tracker.card_rpg.views.acting import acting_character, player_required
from tracker.core import services as core
from tracker.core.i18n import say, sentences
from tracker.core.services import KEEP_TABLE_STATE
from tracker.rules import RuleError, VirtualTable, legal_action_types
from tracker.rules.cards import DECK, RANKS, SUITS

TEMPLATE = "card_rpg/play/play.html"
ENTRY_TEMPLATE = "card_rpg/play/_cards_entry.html"
CONFLICT = gettext_lazy("This changed on another screen — here is where it stands now.")
SAVED_BEFORE = gettext_lazy("That tap was saved already: here is where it stands now.")
# The entries where several cards are picked with the rank/suit picker.
PICK_ENTRIES = ("start_session", "note_hand", "attack")


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
    "note_hand": forms.NoteHandForm,
    "attack": forms.AttackForm,
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
    # With its seat at a table (if any) in the same query: the strip asks for it on every tap,
    # also for the character a write gives back (a play screen's taps never move a seat).
    character = acting_character(
        request, pk, table_screen.with_table_facts(Character.objects.all())
    )
    request.rpg_seat = table_screen.seat_of(character)
    return character


# How many of the newest log entries the undo button looks at to find the player's last tap.
RECENT = 40


def _recent(character: Character) -> list[dict]:
    """The newest log entries' actions, newest first (enough to hold the player's last tap)."""
    return list(character.log_entries.order_by("-seq").values_list("action", flat=True)[:RECENT])


def _at_table(character: Character) -> bool:
    """Whether the newest actions were played at the app's table.

    Who deals is chosen for a whole session, so while one runs its actions were played at the
    table the character has now; between sessions the newest one is taken back alone.
    """
    return character.table_state is not None and character.state.get("session") is not None


def _undo_plan(newest: list[dict], at_table: bool) -> tuple[dict | None, int]:
    """The action the undo button names, and how many log entries undoing it takes back."""
    if not newest:
        return None, 1
    steps = app_deals.tap_length(newest, at_table)
    return newest[steps - 1], steps


def _screen(
    character: Character, *, recent: list | None = None, known: list | None = None, **extra
) -> Screen:
    """The presenter for a character as stored now.

    `recent` is the newest log entries' actions, newest first, when the caller already has
    them (it just applied them: the whole tap), which saves reading them back; `[]` when the
    screen is only read for the awaited choices. The undo button and the dice shown come from
    them. `known` is the Steps ending the log, when the caller has them (an undo does).
    """
    table = VirtualTable.from_dict(character.table_state) if character.table_state else None
    at_table = _at_table(character)
    for_choices = recent == []
    if recent is None or (at_table and recent and app_deals.tap_continues(recent)):
        # Not given, or the given actions are only the end of a tap (the app's own steps after
        # a decision made in an earlier request): read the log.
        recent = _recent(character)
    undo_action, undo_steps = _undo_plan(recent, at_table)
    last = undo_action or {}
    dice = last.get("dice") or last.get("hp_dice") or []
    if last.get("type") == "create_character":
        dice = []
    if not for_choices and "undo_guide" not in extra:
        extra["undo_guide"] = _crossing_guide(
            character, undo_steps, undo_action, known or extra.get("tap_steps")
        )
    return Screen(
        character_id=character.pk,
        version=character.version,
        asked=core.asked_of(GAME, character),
        state=character.state,
        virtual=table is not None,
        table=table,
        last_dice=dice,
        undo_action=undo_action,
        undo_steps=undo_steps,
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


def _notice(step, *, by_app: bool) -> str:
    """What the tap did, said back: the cards the app turned or dealt, the cards noted."""
    if by_app:
        return app_did(step.action, step.before, step.after)
    action = step.action
    if action.get("type") != "note_hand":
        return ""
    cards = " ".join(card_text(card) for card in action["cards"])
    if len(action["cards"]) == 1:
        return gettext("Noted: {cards} is in your hand.").format(cards=cards)
    return gettext("Noted: {cards} are in your hand.").format(cards=cards)


def _apply(
    request: HttpRequest,
    character: Character,
    action: dict,
    version: int,
    table: VirtualTable | None = None,
    *,
    entry: dict | None = None,
    tap: str = "",
    asked: str = "",
):
    """Apply one tap through the service and answer with what changed.

    `table` is the app's table after it filled in `action` (the deal button); at the app's
    table the steps that ask no decision follow in the same request (tracker.card_rpg.
    app_deals), each said on the screen. `tap` and `asked`: tracker.core.forms.TapForm.
    """
    # A screen out of date is said before the engine looks at a tap meant for another state;
    # one drawn before a change that asks nothing new goes ahead on the state now.
    version, stale = _tap_version(request, character, version, tap, asked)
    if stale:
        return stale
    follow = table
    if follow is None and character.table_state is not None:
        follow = VirtualTable.from_dict(character.table_state)
    first_table = table.to_dict() if table is not None else KEEP_TABLE_STATE
    try:
        actions, afters = app_deals.with_app_steps(
            character.state, action, follow, first_table, from_table=table is not None
        )
        if character.state.get("duel") is not None:
            # In a duel every action is a step over both duellists' logs (T-37).
            done = table_services.duel_apply(
                character_id=character.pk,
                actions=[one for one, _table in actions],
                expected_version=version,
                opponent_version=None,
            )
            character = done.actor
            screen = _screen(character)
            return _answer(request, character, screen, moved=True)
        character = services.character_apply_many(
            character_id=character.pk,
            owner=character.owner_id,
            actions=actions,
            afters=afters,  # the rules already ran on this very state: not run again
            expected_version=version,
            character=character,  # read for this screen: the write proves it is still current
            tap=tap,
        )
    except core.AlreadyApplied as saved:
        return _saved_before(request, saved.record)
    except services.VersionConflict as conflict:
        return _conflict(request, conflict)
    except RuleError as error:
        screen = _screen(character, error=error.message, error_rule=error.rule, **(entry or {}))
        return _answer(request, character, screen, moved=False)
    steps = character.steps
    by_app = table is not None
    # What the tap itself did is said on top: the app's cards or dice the button asked for.
    told = [steps[0]]
    if by_app and steps[0].action["type"] == "note_hand" and len(steps) > 1:
        told.append(steps[1])
    notice = sentences(text for text in (_notice(step, by_app=by_app) for step in told) if text)
    screen = _screen(
        character,
        recent=[step.action for step in reversed(steps)],
        tap_steps=steps,
        said_first=len(told) if by_app else 0,
        notice=notice,
    )
    return _answer(request, character, screen, moved=True)


def _tap_version(
    request: HttpRequest, character: Character, version: int, tap: str, asked: str = ""
) -> tuple[int, HttpResponse | None]:
    """The version a tap drawn at `version` goes ahead at (core.record_check_tap), or the
    answer instead: the screen as it stands now, for a tap saved already or out of date."""
    try:
        return core.record_check_tap(
            game=GAME, record=character, expected_version=version, tap=tap, asked=asked
        ), None
    except core.AlreadyApplied:
        return version, _saved_before(request, character)
    except services.VersionConflict:
        return version, _answer(request, character, _screen(character, conflict=True), moved=True)


def _saved_before(request: HttpRequest, character: Character) -> HttpResponse:
    """A tap sent again after its answer was lost: it was saved the first time, so the screen
    is drawn as the character stands now, and nothing is applied twice."""
    return _answer(request, character, _screen(character, notice=str(SAVED_BEFORE)), moved=True)


def _conflict(request: HttpRequest, conflict: services.VersionConflict) -> HttpResponse:
    """Another screen acted first: redraw from the character as it is now, with the message."""
    current = conflict.record
    return _answer(request, current, _screen(current, conflict=True), moved=True)


def _form_errors(form) -> str:
    return " ".join(str(e) for field_errors in form.errors.values() for e in field_errors)


def _refuse(request: HttpRequest, character: Character, form, kind: str = "") -> HttpResponse:
    """A form that did not validate: say why, change nothing (a stale screen is redrawn)."""
    if "version" in form.errors or form.data.get("version") != str(character.version):
        return _answer(request, character, _screen(character, conflict=True), moved=True)
    entry = _entry_input(request, kind) if kind else {}
    screen = _screen(character, error=_form_errors(form) or gettext("That did not work."), **entry)
    return _answer(request, character, screen, moved=False)


@player_required
@require_GET
def play(request: HttpRequest, pk: int) -> HttpResponse:
    """The whole play page for one character (or one part of it, `part`)."""
    part = request.GET.get("part")
    if part == "version":
        return _version_answer(request, pk)
    character = _character(request, pk)
    screen = _screen(character)
    if screen.undo_steps > 1 and not part:
        # The app took steps by itself after the last tap: show what the whole tap did.
        screen.tap_steps = core.record_steps(
            game=GAME,
            record=character,
            first=character.last_seq - screen.undo_steps + 1,
            last=character.last_seq,
        )
    context = _context(request, character, screen)
    if request.htmx and part and _stale(request, character):
        # A fold-out of a screen that is no longer current: redraw the whole screen instead.
        return _answer(request, character, _screen(character, conflict=True), moved=True)
    if request.htmx and part == "grid":
        source = request.GET.get("source", "")
        context |= {"grid": screen.grid(source), "multi": bool(request.GET.get("multi"))}
        return render(request, f"{TEMPLATE}#grid", context)
    if request.htmx and part == "more":
        return render(request, f"{TEMPLATE}#more", context)
    return render(request, TEMPLATE, context)


@player_required
@require_POST
def play_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Apply one engine action built from the posted form."""
    if action not in ACTION_FORMS:
        raise Http404("no such action")
    character = _character(request, pk)
    form = ACTION_FORMS[action](request.POST)
    if not form.is_valid():
        return _refuse(request, character, form, action)
    # Only the awaited choices (how many dice) are read here, not the log.
    screen = _screen(character, recent=[])
    engine_action = {"type": action, **_action_fields(action, form.cleaned_data, screen)}
    return _apply(
        request,
        character,
        engine_action,
        form.cleaned_data["version"],
        entry=_entry_input(request, action),
        **form.tap_fields(),
    )


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
        return _answer(request, character, _screen(character, conflict=True), moved=True)
    if action not in _screen(character, recent=[]).pick_entries:
        # No card list for this action, or its entry is not on the screen (any more).
        screen = _screen(character, error=forms.PICK_AGAIN)
        return _answer(request, character, screen, moved=False)
    entry = _entry_input(request, action)
    extra: dict = {}
    if valid:
        data = form.cleaned_data
        picked = list(data["the_cards"])
        screen = _screen(character, recent=[])
        hand = set(screen.hand_cards) if action == "attack" else set()
        # Cards ticked on the 54-card grid join the picked list; hand cards stay ticked.
        picked += [card for card in entry["ticked"] if card not in hand and card not in picked]
        entry["ticked"] = [card for card in entry["ticked"] if card in hand]
        entry["picked"] = sorted(dict.fromkeys(picked), key=DECK.index)
        entry["shown_rank"] = data.get("rank") or data.get("shown_rank") or ""
        extra["hint"] = data.get("hint", "")
        if action == "attack" and not screen.ask_hand_rank:
            extra["hint"] = gettext("The app knows your whole hand: tick the cards to play.")
    else:
        extra["error"] = _form_errors(form)
    screen = _screen(character, **entry, **extra)
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
    tap = form.cleaned_data["tap"]
    # An undo goes back from the screen it was tapped on, or not at all.
    _version, stale = _tap_version(request, character, form.cleaned_data["version"], tap)
    if stale:
        return stale
    if character.state.get("session") is None and character.last_seq > 1:
        # Between sessions the newest action is taken back alone, and it may cross a session
        # end: one read gives both that action and what taking it back asks of the table.
        (kept, kept_table), (newest, _table) = core.record_tail(
            game=GAME, record=character, count=2
        )
        undo_action, steps = newest.action, 1
        guide = None
        if undo_action.get("type") not in NEVER_CROSSING:
            guide = undo_guide.guide_of(kept.seq, [newest], virtual=kept_table is not None)
    else:
        undo_action, steps = _undo_plan(_recent(character), _at_table(character))
        guide = _crossing_guide(character, steps, undo_action)
    if guide is not None and guide.needs_confirmation and not form.cleaned_data["rebuild"]:
        screen = _screen(character, error=guide.crossing["text"], undo_guide=guide)
        return _answer(request, character, screen, moved=False)
    try:
        character = services.character_undo(
            character_id=character.pk,
            owner=character.owner_id,
            steps=steps,
            expected_version=form.cleaned_data["version"],
            character=character,
            tap=tap,
        )
    except core.AlreadyApplied as saved:
        return _saved_before(request, saved.record)
    except services.VersionConflict as conflict:
        return _conflict(request, conflict)
    except (RuleError, services.UndoError) as error:
        message = getattr(error, "message", None) or say(error.args[0] if error.args else error)
        return _answer(request, character, _screen(character, error=message), moved=False)
    if undo_action:
        notice = gettext("Undone: {action}.").format(action=action_words(undo_action))
    else:
        notice = gettext("Undone.")
    # With real cards, the table is put back as the log now stands: each card where it was.
    moves = [] if character.table_state is not None else undo_guide.moves_of(character.undone)
    recent = (
        [step.action for step in reversed(character.steps)] if len(character.steps) > 1 else None
    )
    screen = _screen(
        character,
        recent=recent,
        known=character.steps,
        notice=notice,
        undo_moves=moves,
        after_undo=True,
    )
    return _answer(request, character, screen, moved=True)


# Actions whose undo never goes back past a session end.
NEVER_CROSSING = ("create_character", "start_session", "rename")


def _crossing_guide(
    character: Character, steps: int, undo_action: dict | None, at_hand: list | None = None
):
    """The undo guide when taking back `steps` entries may cross a session end (else None).

    Only an undo made between sessions can go back past one; reading the log is left for then
    — unless the Steps it would take back are `at_hand` (the tap just applied).
    """
    if character.state.get("session") is not None or not undo_action:
        return None
    if undo_action.get("type") in NEVER_CROSSING:
        return None
    keep = character.last_seq - steps
    if at_hand and len(at_hand) >= steps and at_hand[-1].seq == character.last_seq:
        # Who deals is chosen for a whole session: the tap was played at the table there is now.
        virtual = character.table_state is not None
        return undo_guide.guide_of(keep, list(at_hand[-steps:]), virtual=virtual)
    return undo_guide.guide(character, keep)


@player_required
@require_POST
def virtual(request: HttpRequest, pk: int) -> HttpResponse:
    """Switch "the app deals for me" on (a fresh seeded table) or off, between sessions."""
    character = _character(request, pk)
    form = forms.VirtualForm(request.POST)
    if not form.is_valid():
        return _refuse(request, character, form)
    on = form.cleaned_data["on"]
    table = VirtualTable(seed=form.cleaned_data.get("seed")) if on else None
    try:
        character = services.character_set_table(
            character_id=character.pk,
            owner=character.owner_id,
            table_state=table.to_dict() if table else None,
            expected_version=form.cleaned_data["version"],
        )
    except services.VersionConflict as conflict:
        return _conflict(request, conflict)
    except services.TableSwitchError as error:
        return _answer(
            request,
            character,
            _screen(character, error=say(error.args[0] if error.args else error)),
            moved=False,
        )
    notice = (
        gettext("The app deals for you this session: no cards needed.")
        if on
        else gettext("You play with your own cards this session.")
    )
    return _answer(request, character, _screen(character, notice=notice), moved=True)


@player_required
@require_POST
def deal(request: HttpRequest, pk: int) -> HttpResponse:
    """At a virtual table: let the app fill in the card or dice the game waits for."""
    character = _character(request, pk)
    form = forms.DealForm(request.POST)
    if not form.is_valid():
        return _refuse(request, character, form)
    tap = form.cleaned_data["tap"]
    # A stale screen: what the app would turn or deal now is not what it showed.
    _version, stale = _tap_version(request, character, form.cleaned_data["version"], tap)
    if stale:
        return stale
    if not character.table_state:
        screen = _screen(character, error=gettext("Switch on “the app deals for me” first."))
        return _answer(request, character, screen, moved=False)
    table = VirtualTable.from_dict(character.table_state)
    state = character.state
    if form.cleaned_data.get("buy_top"):
        # Turning the top card to buy it: show it first, the player then buys or discards it.
        top = table.top_card(state) if "buy_top" in legal_action_types(state) else None
        if top is None:
            screen = _screen(character, error=gettext("There is no card to buy now (S-13)."))
            return _answer(request, character, screen, moved=False)
        screen = _screen(character, peek=top)
        if not request.htmx:
            # Nothing changed, so no redirect: a redirect would lose the card turned.
            return render(request, TEMPLATE, _context(request, character, screen))
        return _answer(request, character, screen, moved=False)
    action = table.next_action(state)
    if action is None:
        screen = _screen(
            character, error=gettext("There is nothing for the app to deal right now.")
        )
        return _answer(request, character, screen, moved=False)
    return _apply(request, character, action, form.cleaned_data["version"], table, tap=tap)


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
    screen = _screen(character)
    return render(request, "card_rpg/play/discard.html", _context(request, character, screen))
