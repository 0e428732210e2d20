"""Which character a phone acts for: its account's own, or, at a table, the one in the seat this
phone holds as a guest (T-26: a guest's character belongs to the host's account, and the guest's
phone acts for it while it holds the seat's cookie). Every Card RPG view that acts for a
character finds it here; anything else is 404, as for a character that is not there."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.db.models import QuerySet
from django.http import Http404, HttpRequest

from tracker.card_rpg.models import Character, RpgSeat
from tracker.core import seats

COOKIE_PREFIX = "seat-card-rpg-table-"


def cookie_name(table_id: int) -> str:
    """The cookie a guest's phone keeps its seat of this Card RPG table in."""
    return f"{COOKIE_PREFIX}{table_id}"


def acting_character(
    request: HttpRequest, pk: int, characters: QuerySet | None = None
) -> Character:
    """Character `pk` if this request acts for it (from `characters`, for what else to load
    with it), else Http404. Says on the request whether the phone is a guest's."""
    try:
        # .get, not .first: no ORDER BY over the annotations the caller may have added.
        character = (characters if characters is not None else Character.objects).get(pk=pk)
    except Character.DoesNotExist:
        raise Http404("no such character") from None
    request.rpg_guest = False
    if request.user.is_authenticated and character.owner_id == request.user.pk:
        return character
    seat = RpgSeat.objects.filter(character_id=pk).first()
    if seat is not None and seats.guest_holds(request, name=cookie_name(seat.table_id), seat=seat):
        request.rpg_guest = True
        return character
    raise Http404("no such character")


def guest_following(request: HttpRequest, pk: int) -> tuple[int, str] | None:
    """(version, who) when this phone plays character `pk` as a guest at a table, for its
    live stream (tracker.core.games.Game.may_follow); else None."""
    seat = RpgSeat.objects.filter(character_id=pk).select_related("character").first()
    if seat is None or not seats.guest_holds(request, name=cookie_name(seat.table_id), seat=seat):
        return None
    return seat.character.version, f"seat:card-rpg:{seat.pk}"


def player_required(view):
    """A signed-in player, or a guest's phone holding a seat at some Card RPG table (which
    character it may act for, `acting_character` says); anyone else signs in first."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs):
        if request.user.is_authenticated or any(
            name.startswith(COOKIE_PREFIX) for name in request.COOKIES
        ):
            return view(request, *args, **kwargs)
        return redirect_to_login(request.get_full_path())

    return wrapped
