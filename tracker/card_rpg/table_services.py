"""Use cases of a Card RPG table (T-25 … T-38): seats, robberies and duels over two logs.

Each character keeps its own log (tracker.card_rpg.services). A step that touches two
characters (a robbery, a duel's every action) is one transaction over both records: both rows
locked in ascending id order (two such steps can never deadlock), both versions checked, the
engine's exchange (tracker.rules.card_rpg.exchange) run on both states, and every action it
applied appended to its own character's log — or, on any refusal, nothing written at all. The
entries a step wrote are recorded (SharedStep) so undo takes the whole step back from both
logs, and only while it is the last thing in both.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F, Q
from django.utils.translation import gettext

from tracker.card_rpg import services as character_services
from tracker.card_rpg.game import GAME
from tracker.card_rpg.models import Character, RpgSeat, RpgTable, SharedStep
from tracker.core import services as core
from tracker.core.seats import SeatError, guest_key_new, new_token
from tracker.core.services import KEEP_VIRTUAL_DECK, UndoError, VersionConflict
from tracker.rules import card_rpg as rules
from tracker.rules.card_rpg import VirtualDeck
from tracker.rules.errors import RuleError

MIN_SEATS, MAX_SEATS = 2, 6  # T-26
ACTOR, OTHER = "actor", "other"  # whose log an action of a step goes to


class TableError(Exception):
    """A table step that can't be done: a seat taken, a character seated elsewhere, a duel on.

    Like the engine's RuleError, it names the rule apart from the player's words, so that a
    screen shows the ID beside a sentence translated whole."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


@dataclass
class StepDone:
    """What a step over two characters did: both records as they are now, each log's actions."""

    actor: Character
    other: Character | None
    actor_actions: list[dict]
    other_actions: list[dict]


# --- seats ---------------------------------------------------------------------------------


@transaction.atomic
def table_create(
    *,
    owner,
    name: str,
    character_id: int,
    seats: int = 2,
    robbing: bool = True,
    duels: bool = True,
    duel_ace_of_spades: str = "deadly",
    duel_xp: str = "none",
    virtual_seats: Iterable[int] = (),
) -> RpgTable:
    """A table of `seats` seats (T-26) with the host's own character in seat 1; the seats in
    `virtual_seats` play with the app's deck (T-25, T-38)."""
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise TableError("T-26", gettext("A table has 2 to 6 seats."))
    character = Character.objects.select_for_update().get(pk=character_id, owner=owner)
    _check_free(character)
    table = RpgTable.objects.create(
        owner=owner,
        name=name.strip() or character.name,
        robbing=robbing,
        duels=duels,
        duel_ace_of_spades=duel_ace_of_spades,
        duel_xp=duel_xp,
    )
    virtual = set(virtual_seats)
    rows = [
        RpgSeat(
            table=table,
            number=number,
            name="",
            join_token=new_token(),
            virtual_deck=number in virtual,
        )
        for number in range(1, seats + 1)
    ]
    rows[0].user, rows[0].character, rows[0].name = owner, character, character.name
    RpgSeat.objects.bulk_create(rows)
    _deal_at(rows[0], character)
    return table


def _deal_at(seat: RpgSeat, character: Character) -> Character:
    """T-25's per-seat option: a character sitting where the app's deck is used plays with it
    from its next session on (now, if it is between sessions; who deals is chosen for a whole
    session). A character that already plays with the app's deck keeps its own."""
    if not seat.virtual_deck or character.virtual_deck is not None:
        return character
    if character.state.get("session") is not None:
        return character
    return character_services.character_set_virtual_deck(
        character_id=character.pk,
        owner=character.owner_id,
        virtual_deck=VirtualDeck().to_dict(),
        expected_version=character.version,
    )


@transaction.atomic
def table_join(*, token: str, user, character_id: int) -> RpgSeat:
    """Sit `user`'s character in the free seat whose join link is `token` (T-26).

    A character sits at one table at a time; an account holds one seat of a table.
    """
    seat = RpgSeat.objects.select_for_update().filter(join_token=token).first()
    if seat is None:
        raise SeatError(
            gettext("this join link is not valid any more: ask the host for the table's link")
        )
    character = Character.objects.select_for_update().get(pk=character_id, owner=user)
    if seat.character_id == character.pk:
        return seat
    if seat.character_id is not None:
        raise SeatError(gettext("this seat is taken: ask the host for another seat's link"))
    if seat.table.seats.filter(user=user).exists() and seat.table.owner_id != user.pk:
        raise SeatError(gettext("you hold another seat at this table already"))
    _check_free(character)
    seat.user, seat.character, seat.name = user, character, character.name
    seat.save(update_fields=["user", "character", "name"])
    _deal_at(seat, character)
    _touch(seat.table_id)
    return seat


@dataclass
class Created:
    """A new character, with the seat it sat at and, for a guest's phone, the holder key its
    cookie keeps (none when it was made for no table)."""

    character: Character
    seat: RpgSeat | None = None
    key: str | None = None


@transaction.atomic
def character_create_seated(*, token: str, user, new_character: dict) -> Created:
    """A signed-in player's new character, made for the free seat whose join link is `token`
    and sat there at once (T-26: "picks which of their own characters sits there, or creates
    one"); nothing is made if the seat can't be taken."""
    character = character_services.character_create(owner=user, **new_character)
    return Created(character, table_join(token=token, user=user, character_id=character.pk))


@transaction.atomic
def guest_seat_take(*, token: str, new_character: dict) -> Created:
    """A guest's phone (no account) creates a character in the free seat whose join link is
    `token` (T-26; the table's screens: "a guest's character belongs to the host's account,
    and the guest's phone acts for it while it holds the seat's cookie").

    `new_character` holds character_create's fields. The character comes back with its seat and
    the holder key for the phone's cookie.
    """
    seat = (
        RpgSeat.objects.select_for_update().select_related("table").filter(join_token=token).first()
    )
    if seat is None:
        raise SeatError(
            gettext("this join link is not valid any more: ask the host for the table's link")
        )
    if seat.character_id is not None:
        raise SeatError(gettext("this seat is taken: ask the host for another seat's link"))
    character = character_services.character_create(owner=seat.table.owner, **new_character)
    seat.user, seat.character, seat.name = None, character, character.name
    key = guest_key_new(seat)
    seat.save(update_fields=["user", "character", "name", "holder_key"])
    character = _deal_at(seat, character)
    _touch(seat.table_id)
    return Created(character, seat, key)


def character_create_for(*, user, seat_token: str | None, new_character: dict) -> Created:
    """A new character (S-04 … S-06) from `new_character`, character_create's fields: the
    player's own, or made for the free seat whose join link is `seat_token` and sat there at
    once (T-26): a signed-in player's own, or, from a guest's phone (no `user` signed in), one
    in the host's account that this phone then plays."""
    if seat_token is None:
        return Created(character_services.character_create(owner=user, **new_character))
    if user is None or not user.is_authenticated:
        return guest_seat_take(token=seat_token, new_character=new_character)
    return character_create_seated(token=seat_token, user=user, new_character=new_character)


@transaction.atomic
def table_leave(*, seat_id: int, owner_id: int) -> None:
    """The character leaves its seat (never during a duel, T-26); the seat is free again, with
    a new join link (a guest's old cookie holds nothing)."""
    seat = RpgSeat.objects.select_for_update().get(pk=seat_id)
    if seat.character is None or seat.character.owner_id != owner_id:
        raise SeatError(gettext("this is not your seat"))
    if seat.character.state.get("duel") is not None:
        raise TableError("T-26", gettext("No one leaves the table during a duel."))
    RpgSeat.objects.filter(challenging=seat).update(challenging=None)
    seat.user, seat.character, seat.name, seat.challenging = None, None, "", None
    seat.join_token, seat.holder_key = new_token(), ""
    seat.save(
        update_fields=["user", "character", "name", "challenging", "join_token", "holder_key"]
    )
    _touch(seat.table_id)


def _check_free(character: Character) -> None:
    if RpgSeat.objects.filter(character=character).exists():
        raise TableError(
            "T-26",
            gettext("%(name)s sits at another table: leave it first.") % {"name": character.name},
        )


def _touch(table_id: int) -> None:
    RpgTable.objects.filter(pk=table_id).update(version=F("version") + 1)


# --- one step over two characters (T-37) ---------------------------------------------------


def _lock_two(actor_id: int, other_id: int | None) -> tuple[Character, Character | None]:
    """Both records locked, in ascending id order (no two steps can deadlock)."""
    ids = sorted({actor_id, other_id} - {None})
    rows = {
        row.pk: row
        for row in Character.objects.select_for_update().filter(pk__in=ids).order_by("pk")
    }
    return rows[actor_id], rows.get(other_id) if other_id is not None else None


def _check(record: Character, expected_version: int | None) -> None:
    if expected_version is not None and record.version != expected_version:
        raise VersionConflict(record, expected_version)


def _step(
    actor: Character,
    other: Character | None,
    action: dict,
    *,
    actor_version: int,
    other_version: int | None,
) -> StepDone:
    """Apply `action` to `actor` and what each log sends the other (both rows locked)."""
    _check(actor, actor_version)
    if other is not None:
        _check(other, other_version)
    step = rules.exchange(actor.state, other.state if other is not None else None, action)
    done = StepDone(actor, other, step.actions(ACTOR), step.actions(OTHER))
    marks = {}
    for who, record in ((ACTOR, actor), (OTHER, other)):
        applied = [one for one in step.applied if one.who == who]
        if not applied:
            continue
        first = record.last_seq + 1
        core.record_apply(
            game=GAME,
            record_id=record.pk,
            owner=record.owner_id,
            actions=[(one.action, KEEP_VIRTUAL_DECK) for one in applied],
            afters=[one.state for one in applied],
            expected_version=record.version,
            record=record,
        )
        marks[who] = (first, record.last_seq)
    if other is not None and OTHER in marks:
        SharedStep.objects.create(
            actor=actor,
            actor_first=marks[ACTOR][0],
            actor_last=marks[ACTOR][1],
            other=other,
            other_first=marks[OTHER][0],
            other_last=marks[OTHER][1],
        )
    return done


def _seat_of(character: Character) -> RpgSeat:
    seat = RpgSeat.objects.filter(character=character).select_related("table").first()
    if seat is None:
        raise TableError("T-26", gettext("%(name)s sits at no table.") % {"name": character.name})
    return seat


def _same_table(a: Character, b: Character) -> tuple[RpgSeat, RpgSeat]:
    seat_a, seat_b = _seat_of(a), _seat_of(b)
    if seat_a.table_id != seat_b.table_id or a.pk == b.pk:
        raise TableError(
            "T-26", gettext("Only characters at the same table rob or duel each other.")
        )
    return seat_a, seat_b


@transaction.atomic
def character_rob(
    *,
    robber_id: int,
    victim_id: int,
    card: str,
    robber_version: int,
    victim_version: int,
) -> StepDone:
    """The robber takes `card` from the victim's inventory (T-27–T-29): both logs or neither."""
    robber, victim = _lock_two(robber_id, victim_id)
    seat, _victim_seat = _same_table(robber, victim)
    if not seat.table.robbing:
        raise TableError("T-38", gettext("This table plays without robbing."))
    action = rules.rob_action(robber.state, victim.state, card)
    return _step(robber, victim, action, actor_version=robber_version, other_version=victim_version)


@transaction.atomic
def duel_challenge(*, challenger_id: int, challenged_id: int) -> RpgSeat:
    """An open challenge (T-30): nothing is written in either log until it is accepted."""
    challenger, challenged = _lock_two(challenger_id, challenged_id)
    seat, other_seat = _same_table(challenger, challenged)
    if not seat.table.duels:
        raise TableError("T-38", gettext("This table plays without duels."))
    offer = rules.challenge_offer(challenger.state, challenged.state, seat.table.duel_rules)
    if not offer.possible:
        raise RuleError(offer.rule, offer.reason)
    seat.challenging = other_seat
    seat.save(update_fields=["challenging"])
    _touch(seat.table_id)
    return seat


@transaction.atomic
def duel_withdraw(*, challenger_id: int) -> None:
    """The challenger takes its open challenge back (writes nothing)."""
    seat = RpgSeat.objects.select_for_update().filter(character_id=challenger_id).first()
    if seat is not None and seat.challenging_id is not None:
        seat.challenging = None
        seat.save(update_fields=["challenging"])
        _touch(seat.table_id)


@transaction.atomic
def duel_answer(
    *,
    challenged_id: int,
    challenger_id: int,
    accept: bool,
    challenged_version: int | None = None,
    challenger_version: int | None = None,
) -> StepDone | None:
    """Accept (the duel starts in both logs, T-30, T-31) or decline (nothing written)."""
    challenger, challenged = _lock_two(challenger_id, challenged_id)
    seat, other_seat = _same_table(challenger, challenged)
    if seat.challenging_id != other_seat.pk:
        raise TableError("T-30", gettext("This challenge is not open any more."))
    seat.challenging = None
    seat.save(update_fields=["challenging"])
    _touch(seat.table_id)
    if not accept:
        return None
    action = rules.challenge_action(challenger.state, challenged.state, seat.table.duel_rules)
    done = _step(
        challenger,
        challenged,
        action,
        actor_version=challenger.version if challenger_version is None else challenger_version,
        other_version=challenged_version,
    )
    seat.duelling, other_seat.duelling = other_seat, seat
    seat.save(update_fields=["duelling"])
    other_seat.save(update_fields=["duelling"])
    RpgSeat.objects.filter(challenging__in=[seat, other_seat]).update(challenging=None)
    return done


def duel_opponent(character: Character) -> Character | None:
    """The character this one is duelling (None if it left the table or no duel runs)."""
    seat = RpgSeat.objects.filter(character=character).select_related("duelling").first()
    if seat is None or seat.duelling is None:
        return None
    return seat.duelling.character


@transaction.atomic
def duel_apply(
    *,
    character_id: int,
    action: dict | None = None,
    actions: list[dict] | None = None,
    expected_version: int,
    opponent_version: int | None,
) -> StepDone:
    """One action of a duellist in a duel (its play, a save, a call-off …), over both logs.

    `actions`: several in a row (a tap and the app's own steps after it), each a step of its
    own over both logs, all in this one transaction. `opponent_version` None: the phone saw
    only its own character (its version moves with every word the opponent's log sends).
    """
    seat = RpgSeat.objects.filter(character_id=character_id).first()
    opponent_id = seat.duelling.character_id if seat and seat.duelling else None
    actor, opponent = _lock_two(character_id, opponent_id)
    done = None
    for index, one in enumerate([action] if actions is None else actions):
        step = _step(
            actor,
            opponent,
            one,
            actor_version=expected_version if index == 0 else actor.version,
            other_version=opponent_version if index == 0 else None,
        )
        if done is None:
            done = step
        else:
            done.actor_actions += step.actor_actions
            done.other_actions += step.other_actions
    if actor.state.get("duel") is None and seat is not None:
        # The duel is over (both logs end it together): the seats duel no more.
        RpgSeat.objects.filter(pk=seat.pk).update(duelling=None, asks_call_off=False)
        if seat.duelling_id is not None:
            RpgSeat.objects.filter(pk=seat.duelling_id, duelling=seat).update(
                duelling=None, asks_call_off=False
            )
        _touch(seat.table_id)
    return done


@transaction.atomic
def duel_call_off(*, character_id: int, expected_version: int) -> StepDone | None:
    """Ask to call the duel off, or confirm the opponent's asking (T-36): the agreed call-off
    is the asking player's `call_off_duel`. With the opponent gone from the table, at once."""
    seat = RpgSeat.objects.select_for_update().get(character_id=character_id)
    other = (
        RpgSeat.objects.select_for_update().filter(pk=seat.duelling_id).first()
        if seat.duelling_id
        else None
    )
    if other is not None and other.character_id is not None and not other.asks_call_off:
        me = Character.objects.get(pk=character_id)
        _check(me, expected_version)
        offer = rules.call_off_offer(me.state, other.character.state)
        if not offer.possible:
            raise RuleError(offer.rule, offer.reason)
        RpgSeat.objects.filter(pk=seat.pk).update(asks_call_off=True)
        _touch(seat.table_id)
        return None
    if other is None or other.character_id is None:
        return duel_apply(
            character_id=character_id,
            action={"type": "call_off_duel"},
            expected_version=expected_version,
            opponent_version=None,
        )
    asker = other.character
    return duel_apply(
        character_id=asker.pk,
        action={"type": "call_off_duel"},
        expected_version=asker.version,
        opponent_version=expected_version,
    )


def last_shared_step(character: Character) -> SharedStep | None:
    """The step over two logs that ends this character's log, if one does."""
    last = character.last_seq
    ends = Q(actor=character, actor_last=last) | Q(other=character, other_last=last)
    return SharedStep.objects.filter(ends).order_by("-id").first()


@transaction.atomic
def duel_undo(*, character_id: int, expected_version: int) -> StepDone:
    """Take the last step over two logs back from both, while it is the last in both (T-37)."""
    shared = last_shared_step(Character.objects.get(pk=character_id))
    if shared is None:
        raise UndoError(gettext("the last action of this character touched no other character"))
    actor, other = _lock_two(shared.actor_id, shared.other_id)
    mine = actor if actor.pk == character_id else other
    _check(mine, expected_version)
    for record, last in ((actor, shared.actor_last), (other, shared.other_last)):
        if record.last_seq != last:
            raise UndoError(
                gettext(
                    "%(name)s has played on since: undo there first, then this step can be "
                    "taken back from both logs"
                )
                % {"name": record.name}
            )
    # A step over two characters is taken back at the table it was played at: a duel brought
    # back with one duellist gone could never be played on (T-26).
    seated = dict(
        RpgSeat.objects.filter(character__in=[actor, other]).values_list("character_id", "table_id")
    )
    theirs = other if mine is actor else actor
    gone = next((record for record in (theirs, mine) if record.pk not in seated), None)
    if gone is None and seated[actor.pk] != seated[other.pk]:
        gone = theirs
    if gone is not None:
        raise UndoError(
            gettext(
                "%(name)s has left the table since: this step can no longer be taken back "
                "from both logs"
            )
            % {"name": gone.name}
        )
    undone = {}
    for record, first in ((actor, shared.actor_first), (other, shared.other_first)):
        steps = record.last_seq - first + 1
        undone[record.pk] = [
            entry.action for entry in record.log_entries.filter(seq__gte=first).order_by("seq")
        ]
        core.record_undo(
            game=GAME,
            record_id=record.pk,
            owner=record.owner_id,
            steps=steps,
            expected_version=record.version,
            record=record,
        )
    shared.delete()
    _reseat_duel(actor, other)
    seat = RpgSeat.objects.filter(character=mine).first()
    if seat is not None:
        note = {
            "by": mine.name,
            "actions": undone[actor.pk],
            "at": {str(actor.pk): actor.version, str(other.pk): other.version},
        }
        RpgTable.objects.filter(pk=seat.table_id).update(undo_note=note)
    return StepDone(actor, other, undone[actor.pk], undone[other.pk])


def _reseat_duel(actor: Character, other: Character) -> None:
    """After an undo the seats' duel link follows the logs: duelling while both are in a duel."""
    seats = {
        seat.character_id: seat for seat in RpgSeat.objects.filter(character__in=[actor, other])
    }
    a, b = seats.get(actor.pk), seats.get(other.pk)
    if a is None or b is None:
        return
    on = actor.state.get("duel") is not None and other.state.get("duel") is not None
    RpgSeat.objects.filter(pk=a.pk).update(duelling=b if on else None)
    RpgSeat.objects.filter(pk=b.pk).update(duelling=a if on else None)
    _touch(a.table_id)


__all__ = [
    "MAX_SEATS",
    "MIN_SEATS",
    "StepDone",
    "TableError",
    "character_rob",
    "duel_answer",
    "duel_apply",
    "duel_call_off",
    "duel_challenge",
    "duel_opponent",
    "duel_undo",
    "Created",
    "character_create_for",
    "character_create_seated",
    "duel_withdraw",
    "guest_seat_take",
    "last_shared_step",
    "table_create",
    "table_join",
    "table_leave",
]
