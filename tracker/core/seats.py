"""Seats at a shared table: who may see a record and act for which player.

The owner (the host) sees everything and manages the seats. Every other phone holds at most one
seat of a table: a signed-in friend's seat names their account; a guest's phone holds the seat
through a signed cookie carrying the seat's holder key (only its hash is stored). A guest takes
a seat with the seat's unguessable join link (shown as a QR code by the host). Revoking a seat
gives it a new join link and forgets its holder: the old link and the old cookie get nothing.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.db.models import F, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from tracker.core.games import Game

COOKIE_SALT = "tracker.seat"
COOKIE_MAX_AGE = 60 * 60 * 24 * 365  # a season of play on that phone


class SeatError(Exception):
    """A seat that can't be taken or changed (taken by someone else, or revoked)."""


@dataclass
class Access:
    """What the request may do with a record: the owner, and the seats it holds."""

    record: object
    is_owner: bool
    seats: list = field(default_factory=list)  # the Seat rows this request holds

    @property
    def seat_numbers(self) -> set[int]:
        return {seat.number for seat in self.seats}

    def may_act_for(self, number: int, *, owner_acts_for_all: bool = False) -> bool:
        """Whether the request may act for seat `number` (the owner only if the table allows)."""
        return number in self.seat_numbers or (self.is_owner and owner_acts_for_all)


def new_token() -> str:
    """An unguessable token for a join link or a holder key."""
    return secrets.token_urlsafe(24)


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def cookie_name(game: Game, record_id: int) -> str:
    """The cookie a guest's phone keeps its seat of this record in."""
    return f"seat-{game.id}-{record_id}"


def seats_create(*, game: Game, record, names: list[str]):
    """Make a free seat for each name, in seating order (within the caller's transaction)."""
    model = game.seat_model
    seats = [
        model(**{_fk(game): record}, number=number, name=name, join_token=new_token())
        for number, name in enumerate(names, start=1)
    ]
    model.objects.bulk_create(seats)
    return seats


@transaction.atomic
def seat_take(*, game: Game, token: str, user=None, leaving=None) -> tuple[object, str | None]:
    """Take the seat whose join link is `token`: for `user`, or (no user) for a guest's phone.

    Returns the seat and, for a guest, the holder key to keep in the phone's cookie. Raises
    SeatError if another account or another phone holds the seat already; a phone or account
    that already holds it gets it again.

    A phone or an account holds one seat of a table: `leaving` is the seat it holds there now
    (`seat_held`), which it gives up in the same transaction — free again, its join link
    unchanged, for whoever the host shows it to. Without `leaving`, an account that holds
    another seat of the table is refused.
    """
    model = game.seat_model
    seat = model.objects.select_for_update().filter(join_token=token).first()
    if seat is None:
        raise SeatError(
            _("this join link is not valid any more: ask the host for the table's link")
        )
    if leaving is not None and leaving.pk == seat.pk:
        leaving = None
    if user is not None and user.is_authenticated:
        if seat.user_id == user.pk:
            return seat, None
        if seat.taken:
            raise SeatError(_taken(seat))
        held = model.objects.filter(**{_fk(game): _record_of(game, seat)}, user=user)
        if leaving is not None:
            held = held.exclude(pk=leaving.pk)
        if held.exists():
            raise SeatError(_("you hold another seat at this table already"))
        _leave(game, seat, leaving)
        seat.user = user
        seat.joined_at = timezone.now()
        seat.save(update_fields=["user", "joined_at"])
        return seat, None
    if seat.taken:
        raise SeatError(_taken(seat))
    _leave(game, seat, leaving)
    key = guest_key_new(seat)
    seat.joined_at = timezone.now()
    seat.save(update_fields=["holder_key", "joined_at"])
    return seat, key


def _leave(game: Game, seat, leaving) -> None:
    """Free `leaving`, the other seat of `seat`'s table this phone or account held, if it
    still holds it as it did when it was asked (a seat freed or retaken since is left alone)."""
    if leaving is None:
        return
    held = game.seat_model.objects.select_for_update().filter(
        pk=leaving.pk,
        **{_fk(game): getattr(seat, f"{_fk(game)}_id")},
        user_id=leaving.user_id,
        holder_key=leaving.holder_key,
    )
    held.update(user=None, holder_key="", joined_at=None)


def seat_held(request: HttpRequest, *, game: Game, record):
    """The seat of `record` this request holds — its account's, else its phone's (a guest's
    cookie still matching) — or None."""
    if game.seat_model is None:
        return None
    if request.user.is_authenticated:
        return record.seats.filter(user=request.user).first()
    return _guest_seat(request, game, record.pk)


def _taken(seat) -> str:
    return _("%(name)s's seat is taken: ask the host to free it") % {"name": seat.name}


@transaction.atomic
def seat_revoke(*, game: Game, record_id: int, owner, number: int):
    """Free seat `number`: a new join link, and whoever held it holds it no more."""
    record = game.record_model.objects.select_for_update().get(pk=record_id, owner=owner)
    seat = record.seats.get(number=number)
    seat.user = None
    seat.holder_key = ""
    seat.joined_at = None
    seat.join_token = new_token()
    seat.save(update_fields=["user", "holder_key", "joined_at", "join_token"])
    # The phone that held it follows the table no more: the version moves on, so that its
    # live stream hears of it and ends saying why (tracker/core/live.py).
    game.record_model.objects.filter(pk=record_id).update(version=F("version") + 1)
    return seat


def remember_guest(response: HttpResponse, *, game: Game, seat, key: str) -> None:
    """Keep a guest's seat of a game's record on their phone (`guest_cookie_set`)."""
    record_id = getattr(seat, f"{_fk(game)}_id")
    guest_cookie_set(response, name=cookie_name(game, record_id), seat=seat, key=key)


def guest_cookie_set(response: HttpResponse, *, name: str, seat, key: str) -> None:
    """Keep a guest's seat on their phone: a signed, HTTP-only cookie `name` for its table.

    It is the guest's only credential, so it travels as the session cookie does: only over
    HTTPS when the deployment says it is served so (`HTTPS=1`), never read by a script, and
    not sent with another site's cross-site requests.
    """
    response.set_signed_cookie(
        name,
        f"{seat.pk}:{key}",
        salt=COOKIE_SALT,
        max_age=COOKIE_MAX_AGE,
        secure=bool(settings.SESSION_COOKIE_SECURE),  # HTTPS=1 or the LAN HTTPS (TLS=on)
        httponly=True,
        samesite="Lax",
    )


def guest_key_new(seat) -> str:
    """A new holder key for `seat` (its hash kept on the seat, not saved): the guest's cookie."""
    key = new_token()
    seat.holder_key = _hash(key)
    return key


def guest_holds(request: HttpRequest, *, name: str, seat) -> bool:
    """Whether this phone's guest cookie `name` holds `seat` (signed, and its key still the
    seat's: a seat given a new key holds nobody's old cookie)."""
    guest = _signed_seat(request, name)
    return guest is not None and guest[0] == seat.pk and _holds(seat, guest[1])


def access(request: HttpRequest, *, game: Game, record_id: int) -> Access:
    """The record if this request may see it (owner or seat holder), else Http404.

    A guest's cookie counts only while it is correctly signed and its key still matches the
    seat's (a revoked seat has a new key).
    """
    user = request.user if request.user.is_authenticated else None
    # A phone seated with a join link reads its seat and the record
    # in one query: each change at a table brings a redraw from each of its phones.
    guest = _guest_seat(request, game, record_id)
    record = _record_of(game, guest) if guest is not None else None
    if record is None:
        record = game.record_model.objects.filter(pk=record_id).first()
    if record is None:
        raise Http404("no such record")
    is_owner = user is not None and record.owner_id == user.pk
    seats = []
    if game.seat_model is not None:
        if user is not None:
            seats = list(record.seats.filter(user=user))
        if guest is not None and all(seat.pk != guest.pk for seat in seats):
            seats.append(guest)
    if not is_owner and not seats:
        raise Http404("no such record")
    return Access(record=record, is_owner=is_owner, seats=seats)


def version_seen(request: HttpRequest, *, game: Game, record_id: int) -> int | None:
    """The record's version if this request may see it (owner or seat holder), else None.

    For the cheap "has the table changed?" check every phone of a shared table makes: one
    indexed query for a guest's phone (its seat and the record's version together); an account
    adds only the session and user lookups every signed-in request makes.
    """
    seen = following(request, game=game, record_id=record_id)
    return None if seen is None else seen[0]


def following(request: HttpRequest, *, game: Game, record_id: int) -> tuple[int, str] | None:
    """The record's version and who follows it (a guest's seat, else the account), if this
    request may see the record; else None."""
    if game.seat_model is not None:
        fk = _fk(game)
        guest = _guest_cookie(request, game, record_id)
        if guest is not None:
            seat_id, key = guest
            row = (
                game.seat_model.objects.filter(pk=seat_id, **{fk: record_id})
                .order_by()
                .values_list("holder_key", f"{fk}__version")
                .first()
            )
            if row and row[0] and secrets.compare_digest(row[0], _hash(key)):
                return row[1], f"seat:{game.id}:{seat_id}"
    if not request.user.is_authenticated:
        return None
    mine = Q(owner=request.user)
    if game.seat_model is not None:
        mine |= Q(seats__user=request.user)
    versions = game.record_model.objects.filter(mine, pk=record_id).order_by()
    versions = versions.values_list("version")[:1]
    version = next((version for (version,) in versions), None)
    return None if version is None else (version, f"user:{request.user.pk}")


def seat_lost(request: HttpRequest, *, game: Game, record_id: int) -> str | None:
    """The name of the seat this phone held at the record and holds no more (the host freed
    it: its cookie is still correctly signed, but the seat has a new key), else None."""
    guest = _guest_cookie(request, game, record_id)
    if guest is None:
        return None
    seat = game.seat_model.objects.filter(pk=guest[0], **{_fk(game): record_id}).first()
    if seat is None or _holds(seat, guest[1]):
        return None
    return seat.name


def _guest_cookie(request: HttpRequest, game: Game, record_id: int) -> tuple[int, str] | None:
    """The seat id and holder key of a correctly signed guest cookie for this record."""
    return _signed_seat(request, cookie_name(game, record_id))


def _signed_seat(request: HttpRequest, name: str) -> tuple[int, str] | None:
    try:
        value = request.get_signed_cookie(name, salt=COOKIE_SALT, max_age=COOKIE_MAX_AGE)
    except (KeyError, signing.BadSignature):
        return None
    seat_id, _, key = value.partition(":")
    if not seat_id.isdigit() or not key:
        return None
    return int(seat_id), key


def _guest_seat(request: HttpRequest, game: Game, record_id: int):
    """The seat a guest's cookie still holds at the record, read with its record; else None."""
    if game.seat_model is None:
        return None
    guest = _guest_cookie(request, game, record_id)
    if guest is None:
        return None
    seat_id, key = guest
    fk = _fk(game)
    seat = game.seat_model.objects.select_related(fk).filter(pk=seat_id, **{fk: record_id}).first()
    if seat is None or not _holds(seat, key):
        return None
    return seat


def _holds(seat, key: str) -> bool:
    """Whether `key` is the seat's holder key (a freed seat has a new one, or none)."""
    return bool(seat.holder_key) and secrets.compare_digest(seat.holder_key, _hash(key))


def _fk(game: Game) -> str:
    """The seat model's foreign key to its record (the one whose related name is "seats")."""
    for f in game.seat_model._meta.get_fields():
        if getattr(f, "related_model", None) is game.record_model and f.many_to_one:
            return f.name
    raise LookupError(f"{game.seat_model.__name__} has no foreign key to {game.record_model}")


def _record_of(game: Game, seat):
    return getattr(seat, _fk(game))


__all__ = [
    "Access",
    "SeatError",
    "access",
    "cookie_name",
    "guest_cookie_set",
    "guest_holds",
    "guest_key_new",
    "new_token",
    "remember_guest",
    "seat_held",
    "seat_lost",
    "seat_revoke",
    "seat_take",
    "seats_create",
    "following",
    "version_seen",
]
