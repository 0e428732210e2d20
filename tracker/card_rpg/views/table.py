"""A Card RPG table's pages: set one up, join it, its strip on each play screen, robbing, duels.

Thin: a form builds the step, one service (tracker.card_rpg.table_services) applies it, and the
phone goes back to its character's play screen, where the strip and the prompt say what
happened. Every view acts only for a character of the signed-in account: a phone acting for a
seat that is not its own gets nothing (404).
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from tracker.barcadia.seat_cards import qr_svg
from tracker.card_rpg import table_screen, table_services
from tracker.card_rpg.forms.table import RobForm, TableForm, VersionsForm
from tracker.card_rpg.models import Character, RpgSeat, RpgTable
from tracker.card_rpg.views.acting import acting_character, player_required
from tracker.core.i18n import say
from tracker.core.live import HELD_HEADER
from tracker.core.seats import SeatError
from tracker.core.services import UndoError, VersionConflict
from tracker.core.web import changed_elsewhere, said_after_post
from tracker.rules.cards import card_text
from tracker.rules.errors import RuleError

PLAY_TEMPLATE = "card_rpg/play/play.html"


def _mine(request: HttpRequest, pk: int) -> Character:
    return acting_character(request, pk)


def _seated_other(character: Character, other_pk: int) -> Character:
    """A character at the same table as `character` (else 404: not this phone's business)."""
    seat = RpgSeat.objects.filter(character=character).first()
    other = RpgSeat.objects.filter(character_id=other_pk).select_related("character").first()
    if seat is None or other is None or other.table_id != seat.table_id or other_pk == character.pk:
        raise Http404("no such character at this table")
    return other.character


def _said(error: Exception) -> str:
    """A refusal as every game shows one: the rule's ID in its own mark, then the player's words."""
    if isinstance(error, RuleError | table_services.TableError):
        return format_html(
            '<strong class="rule-id">{}:</strong> {}', error.rule, say(error.message)
        )
    return str(error)


def _back(character: Character) -> HttpResponse:
    return redirect("tracker:rpg_play", pk=character.pk)


def _back_after(
    request: HttpRequest,
    character: Character,
    write: Callable[[], object],
    *,
    refused: tuple[type[Exception], ...],
    changed: tuple[type[Exception], ...] = (),
) -> HttpResponse:
    """Back to the play screen after `write()`, which says there why it was refused (`refused`)
    or that it was drawn before another screen wrote (`changed`)."""
    try:
        write()
    except changed:
        said_after_post(request, changed=changed_elsewhere())
    except refused as error:
        said_after_post(request, refused=_said(error))
    return _back(character)


# --- setting up and joining --------------------------------------------------------------


@login_required
def table_new(request: HttpRequest, pk: int) -> HttpResponse:
    """Set up a table from one of the player's characters, which takes seat 1 (T-26, T-38)."""
    character = _mine(request, pk)
    form = TableForm(request.POST or None, initial={"name": character.name})
    if request.method == "POST" and form.is_valid():
        try:
            table = table_services.table_create(
                owner=request.user, character_id=character.pk, **form.cleaned_data
            )
        except table_services.TableError as error:
            form.add_error(None, _said(error))
        else:
            return redirect("tracker:rpg_table", pk=table.pk)
    return render(request, "card_rpg/table/new.html", {"character": character, "form": form})


def _table_for(request: HttpRequest, pk: int) -> RpgTable:
    table = get_object_or_404(RpgTable, pk=pk)
    seated = table.seats.filter(character__owner=request.user).exists()
    if table.owner_id != request.user.pk and not seated:
        raise Http404("no such table")
    return table


@login_required
@require_GET
def table_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The table's seats: who sits where, and each free seat's join link and QR code."""
    table = _table_for(request, pk)
    rows = []
    for seat in table.seats.select_related("character").order_by("number"):
        link = request.build_absolute_uri(reverse("tracker:rpg_join", args=[seat.join_token]))
        mine = seat.character is not None and seat.character.owner_id == request.user.pk
        free = seat.character is None
        rows.append(
            {
                "seat": seat,
                "mine": mine,
                "link": link if free and table.owner_id == request.user.pk else "",
                "qr": qr_svg(link) if free and table.owner_id == request.user.pk else "",
            }
        )
    return render(request, "card_rpg/table/table.html", {"table": table, "rows": rows})


def table_join(request: HttpRequest, token: str) -> HttpResponse:
    """Take a seat by its join link with one of the player's characters not seated elsewhere,
    or a new one; a phone with no account (a guest) makes its character here (T-26)."""
    seat = get_object_or_404(RpgSeat.objects.select_related("table"), join_token=token)
    create_url = reverse("tracker:character_create") + "?" + urlencode({"seat": token})
    if not request.user.is_authenticated:
        context = {"seat": seat, "table": seat.table, "create_url": create_url, "guest": True}
        return render(request, "card_rpg/table/join.html", context)
    free = Character.objects.filter(owner=request.user, seat__isnull=True).order_by("name")
    error = ""
    if request.method == "POST":
        try:
            character_id = int(request.POST.get("character", ""))
            table_services.table_join(token=token, user=request.user, character_id=character_id)
        except (ValueError, Character.DoesNotExist):
            error = gettext("Pick one of your characters.")
        except (SeatError, table_services.TableError) as refused:
            error = _said(refused)
        else:
            return redirect("tracker:rpg_play", pk=character_id)
    context = {"seat": seat, "table": seat.table, "characters": free, "error": error}
    return render(request, "card_rpg/table/join.html", {**context, "create_url": create_url})


@player_required
@require_POST
def table_leave(request: HttpRequest, pk: int) -> HttpResponse:
    """The character leaves its seat (not during a duel)."""
    character = _mine(request, pk)
    seat = RpgSeat.objects.filter(character=character).first()
    if seat is None:  # left already (another screen, a second tap): nothing to do
        return _back(character)
    return _back_after(
        request,
        character,
        lambda: table_services.table_leave(seat_id=seat.pk, owner_id=character.owner_id),
        refused=(SeatError, table_services.TableError),
    )


# --- the strip -----------------------------------------------------------------------------


@player_required
@require_GET
def table_strip(request: HttpRequest, pk: int) -> HttpResponse:
    """Has anything at the table changed since this phone's strip was drawn? (asked when the
    screen's live stream says `nearby`, or every 2 s while it can't be held)

    Nothing: 204. The phone's own character moved (an opponent's hit, a robbery): the whole
    play screen is drawn again — unless the screen follows its character by its live stream
    (X-Live-Held, tracker/static/tracker/live.js), which redraws it. Only the others moved:
    the strip alone.
    """
    character = _mine(request, pk)
    followed = request.headers.get(HELD_HEADER) == "1"
    if request.GET.get("v") not in (None, str(character.version)) and not followed:
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
        return response
    strip = table_screen.strip_for(character)
    if strip is None:
        return HttpResponse(status=204)
    if request.GET.get("f") == strip.fingerprint:
        return HttpResponse(status=204)
    context = {"character": character, "strip": strip, "version": character.version}
    return render(request, f"{PLAY_TEMPLATE}#strip", context)


# --- robbing -------------------------------------------------------------------------------


@player_required
def table_rob(request: HttpRequest, pk: int, other: int) -> HttpResponse:
    """Rob…: the victim's inventory, each card the robber may take (T-27–T-29), then confirm."""
    robber = _mine(request, pk)
    victim = _seated_other(robber, other)
    if request.method == "POST":
        form = RobForm(request.POST)
        if form.is_valid():
            return _back_after(
                request,
                robber,
                lambda: table_services.character_rob(
                    robber_id=robber.pk,
                    victim_id=victim.pk,
                    card=form.cleaned_data["card"],
                    robber_version=form.cleaned_data["version"],
                    victim_version=form.cleaned_data["other_version"],
                ),
                refused=(RuleError, table_services.TableError),
                changed=(VersionConflict,),
            )
    from tracker.rules import card_rpg as rules

    offer = rules.rob_offer(robber.state, victim.state)
    cards = [{"card": card, "text": card_text(card)} for card in offer.cards]
    context = {"character": robber, "victim": victim, "offer": offer, "cards": cards}
    return render(request, "card_rpg/table/rob.html", context)


# --- duels ---------------------------------------------------------------------------------


@player_required
@require_POST
def duel_challenge(request: HttpRequest, pk: int, other: int) -> HttpResponse:
    """Send a challenge (T-30): the other phone is asked to accept or decline."""
    character = _mine(request, pk)
    opponent = _seated_other(character, other)
    return _back_after(
        request,
        character,
        lambda: table_services.duel_challenge(
            challenger_id=character.pk, challenged_id=opponent.pk
        ),
        refused=(RuleError, table_services.TableError),
    )


@player_required
@require_POST
def duel_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    character = _mine(request, pk)
    table_services.duel_withdraw(challenger_id=character.pk)
    return _back(character)


@player_required
@require_POST
def duel_answer(request: HttpRequest, pk: int, other: int) -> HttpResponse:
    """Accept (the duel starts on both phones) or decline the challenge of `other`."""
    character = _mine(request, pk)
    challenger = _seated_other(character, other)
    accept = request.POST.get("answer") == "accept"
    return _back_after(
        request,
        character,
        lambda: table_services.duel_answer(
            challenged_id=character.pk, challenger_id=challenger.pk, accept=accept
        ),
        refused=(RuleError, table_services.TableError, VersionConflict),
    )


@player_required
@require_POST
def duel_call_off(request: HttpRequest, pk: int) -> HttpResponse:
    """Ask to call the duel off, or confirm the opponent's asking: no winner (T-36)."""
    character = _mine(request, pk)
    form = VersionsForm(request.POST)
    if not form.is_valid():
        return _back(character)
    return _back_after(
        request,
        character,
        lambda: table_services.duel_call_off(
            character_id=character.pk, expected_version=form.cleaned_data["version"]
        ),
        refused=(RuleError, UndoError),
        changed=(VersionConflict,),
    )
