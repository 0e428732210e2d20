"""The player's characters: list, create, record sheet, rename, delete and export.

Each view validates a form, calls one service and renders one template; an htmx request gets
only the region it swaps (a ``{% partialdef %}`` of the same template), any other request the
whole page, so every URL also works by direct visit and without JavaScript.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from tracker.card_rpg import card_powers, services, table_services
from tracker.card_rpg.card_words import card_name
from tracker.card_rpg.dice_roller import creation_roll, creation_stats, die_face
from tracker.card_rpg.forms.characters import (
    CHOICE_LABELS,
    OPTION_LABELS,
    TABLE_RULE_OPTIONS,
    CharacterCreateForm,
    CharacterDeleteForm,
    CharacterRenameForm,
)
from tracker.card_rpg.game import GAME
from tracker.card_rpg.models import Character, RpgSeat
from tracker.card_rpg.services import VersionConflict
from tracker.card_rpg.views import acting
from tracker.core import seats
from tracker.core.seats import SeatError
from tracker.core.web import form_page, go, posted, record_or_404, refusal
from tracker.rules import RuleError
from tracker.rules.card_rpg import Ruleset

CREATE = "card_rpg/characters/create.html"
SHEET = "card_rpg/characters/detail.html"
RENAME = "card_rpg/characters/rename.html"
DELETE = "card_rpg/characters/delete.html"


# -- create ---------------------------------------------------------------------------------


def _creation_preview(form: CharacterCreateForm) -> dict | None:
    """STR and HP the dice in the form give (S-05), with the dice shown as faces; None if unset."""
    form.is_valid()
    str_dice = form.cleaned_data.get("str_dice")
    hp_dice = form.cleaned_data.get("hp_dice")
    if not str_dice or not hp_dice:
        return None
    try:
        stats = creation_stats(
            str_dice, hp_dice, {"creation_dice": form.cleaned_data["creation_dice"]}
        )
    except RuleError:
        return None  # the form's own errors say what is wrong with the dice
    return {
        **stats,
        "str_dice": str_dice,
        "hp_dice": hp_dice,
        "str_faces": "".join(map(die_face, str_dice)),
        "hp_faces": "".join(map(die_face, hp_dice)),
    }


# The app's creation roll, kept in the player's session until a character is made with it: the
# app rolls once (T-02), however often "Roll for me" is sent, and a reload shows the same dice.
CREATION_ROLL = "card_rpg_creation_roll"


def _roll_once(request: HttpRequest, data) -> dict:
    """The app's creation roll: rolled now if it has not been, else the one rolled before."""
    rolled = request.session.get(CREATION_ROLL)
    if rolled is None:
        rolled = creation_roll(data.get("creation_dice"))
        request.session[CREATION_ROLL] = rolled
    return rolled


def _with_roll(data, rolled: dict | None):
    """The posted data with the app's roll (and the dice option it was made for) in place."""
    if rolled is None:
        return data
    data = data.copy()
    data["creation_dice"] = rolled["creation_dice"]
    for stat in ("str", "hp"):
        for number in range(1, 3):
            dice = rolled[stat]
            data[f"{stat}_die_{number}"] = str(dice[number - 1]) if number <= len(dice) else ""
    return data


def _create_form(data=None, *, initial=None, rolled=None) -> CharacterCreateForm:
    form = CharacterCreateForm(data, initial=initial)
    if rolled is not None:
        form.lock_dice()
    return form


def _seat_asked(request: HttpRequest) -> RpgSeat | None:
    """The free Card RPG seat a new character is made for (``?seat=`` its join link's token)."""
    token = request.GET.get("seat", "")[:64]
    if not token:
        return None
    return RpgSeat.objects.select_related("table").filter(join_token=token).first()


@require_http_methods(["GET", "POST"])
def character_create(request: HttpRequest) -> HttpResponse:
    """A new character (S-04…S-06, T-02): name, class card, dice typed in or rolled, table rules.

    With ``?seat=`` (a table's join link) it sits there once made (T-26): a signed-in player's
    own, or, from a guest's phone, one in the host's account that this phone then plays.

    The form posts an ``intent``: ``roll`` (the app rolls the dice, once), ``dice`` (the
    creation-dice option changed, so the dice inputs are redrawn), ``preview`` (typed dice:
    show STR and HP) or, by default, ``create``. Once the app has rolled, its roll is the one
    used (T-02: no rolling again until the dice please; typing real dice is the other way).
    """
    seat = _seat_asked(request)
    if not request.user.is_authenticated and seat is None:
        return redirect_to_login(request.get_full_path())
    create_url = reverse("tracker:character_create")
    if seat is not None:
        create_url += "?" + urlencode({"seat": seat.join_token})
    rolled = request.session.get(CREATION_ROLL)
    if request.method == "GET":
        initial = _with_roll({}, rolled) if rolled else None
        form = _create_form(initial=dict(initial) if initial else None, rolled=rolled)
        preview = _creation_preview(_create_form(initial, rolled=rolled)) if rolled else None
        context = {"form": form, "check": False, "rolled": rolled, "preview": preview}
        return render(request, CREATE, {**context, "create_url": create_url, "seat": seat})

    intent = request.POST.get("intent", "create")
    if intent in ("roll", "dice"):
        if intent == "roll":
            rolled = _roll_once(request, request.POST)
        data = _with_roll(request.POST.copy(), rolled)
        # Redrawn from an unbound form: nothing has been refused, so nothing is marked wrong.
        context = {
            "form": _create_form(initial=data.dict(), rolled=rolled),
            "check": False,
            "preview": _creation_preview(CharacterCreateForm(data)),
            "rolled": rolled,
            "create_url": create_url,
        }
        return form_page(request, CREATE, "dice", context, refused=False)

    form = _create_form(_with_roll(request.POST, rolled), rolled=rolled)
    if intent == "preview":
        context = {"form": form, "check": False, "preview": _creation_preview(form)}
        context["rolled"] = rolled
        context["create_url"] = create_url
        return form_page(request, CREATE, "dice-preview", context, refused=False)

    if form.is_valid():
        fields = {
            "name": form.cleaned_data["name"],
            "class_card": form.cleaned_data["class_card"],
            "str_dice": form.cleaned_data["str_dice"],
            "hp_dice": form.cleaned_data["hp_dice"],
            "ruleset": form.ruleset(),
        }
        try:
            made = table_services.character_create_for(
                user=request.user,
                seat_token=seat.join_token if seat is not None else None,
                new_character=fields,
            )
        except RuleError as error:
            form.add_error(None, refusal(error))
        except (SeatError, table_services.TableError) as refused:
            form.add_error(None, str(refused))
        else:
            request.session.pop(CREATION_ROLL, None)  # the next character rolls its own
            if made.seat is None:
                return go(request, reverse("tracker:character_detail", args=[made.character.pk]))
            response = go(request, reverse("tracker:rpg_play", args=[made.character.pk]))
            if made.key is not None:
                seats.guest_cookie_set(
                    response,
                    name=acting.cookie_name(made.seat.table_id),
                    seat=made.seat,
                    key=made.key,
                )
            return response
    context = {"form": form, "check": True, "preview": _creation_preview(form), "rolled": rolled}
    context["create_url"] = create_url
    return form_page(request, CREATE, "create-form", context, refused=True)


# -- the record sheet -------------------------------------------------------------------------


def _sheet_context(character: Character) -> dict:
    """Everything the record sheet shows: S-03 fields, inventory with powers, table rules."""
    inventory = [
        {"card": card, "rule": rule, "power": power}
        for card in character.inventory
        for rule, power in [card_powers.item_power(card)]
    ]
    chosen = Ruleset.from_dict(character.ruleset or {}).to_dict()
    table_rules = [
        {
            "rule": Ruleset.RULES[option],
            "label": OPTION_LABELS[option],
            "choice": CHOICE_LABELS[chosen[option]],
            "default": chosen[option] == Ruleset().to_dict()[option],
        }
        for option in TABLE_RULE_OPTIONS
    ]
    return {
        "character": character,
        "inventory": inventory,
        "class_name": card_name(character.class_card),
        "class_ability": card_powers.class_ability(character.class_card),
        "class_suit": card_powers.class_suit(character.class_card),
        "table_rules": table_rules,
        "in_session": character.phase in ("session", "fight"),
    }


@login_required
@require_GET
def character_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The record sheet (S-03): every field, the inventory as cards, the table rules in force."""
    character = record_or_404(request, game=GAME, record_id=pk)
    context = _sheet_context(character)
    if request.htmx and request.htmx.target == "character-name":
        # "Cancel" in the inline rename: put the name back as it was.
        return render(request, f"{SHEET}#name", context)
    return render(request, SHEET, context)


def _conflict(form, error: VersionConflict) -> Character:
    """Show another screen's change and let the player try again on top of it."""
    form.add_error(
        None,
        gettext("%(error)s — this page now shows the character as it is.")
        % {"error": refusal(error)},
    )
    form.data = form.data.copy()
    form.data["version"] = error.current_version
    return error.record


@login_required
@require_http_methods(["GET", "POST"])
def character_rename(request: HttpRequest, pk: int) -> HttpResponse:
    """Rename a character: an inline edit of the sheet's name with htmx, else a small page."""
    character = record_or_404(request, game=GAME, record_id=pk)
    initial = {"name": character.name, "version": character.version}
    form = CharacterRenameForm(posted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            character = services.character_rename(
                character_id=character.pk,
                owner=request.user,
                name=form.cleaned_data["name"],
                expected_version=form.cleaned_data["version"],
            )
        except RuleError as error:
            form.add_error("name", refusal(error))
        except VersionConflict as error:
            character = _conflict(form, error)
        else:
            if request.htmx:
                return render(request, f"{SHEET}#name", _sheet_context(character))
            messages.success(request, gettext("Renamed to %(name)s.") % {"name": character.name})
            return redirect("tracker:character_detail", pk=character.pk)
    context = {"character": character, "form": form}
    refused = request.method == "POST"
    return form_page(request, RENAME, "name-form", context, refused=refused)


@login_required
@require_http_methods(["GET", "POST"])
def character_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a character for good, after a confirmation step (POST only)."""
    character = record_or_404(request, game=GAME, record_id=pk)
    form = CharacterDeleteForm(posted(request), initial={"version": character.version})
    if request.method == "POST" and form.is_valid():
        try:
            services.character_delete(
                character_id=character.pk,
                owner=request.user,
                expected_version=form.cleaned_data["version"],
            )
        except VersionConflict as error:
            character = _conflict(form, error)
        else:
            messages.success(request, gettext("%(name)s was deleted.") % {"name": character.name})
            return go(request, reverse("tracker:home"))
    context = {"character": character, "form": form}
    refused = request.method == "POST"
    return form_page(request, DELETE, "delete-form", context, refused=refused)
