"""What a Card RPG table shows on each phone (card-rpg-table.md, "the screens in words").

No rules here: whether a robbery or a challenge is possible now is the engine's answer
(tracker.rules.card_rpg: rob_offer, challenge_offer, call_off_offer), and every sentence of a
table action is the engine's own line (describe_action).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext

from tracker.card_rpg.models import Character, RpgSeat, SharedStep
from tracker.core.i18n import listing
from tracker.rules import card_rpg as rules
from tracker.rules.cards import card_text

# The newest of a character's own log entries that the strip reads for news of the others.
NEWS = 6


@dataclass
class Other:
    """Another seat as one phone's strip shows it."""

    seat: RpgSeat
    character: Character | None
    doing: str = ""
    rob: rules.Offer | None = None
    challenge: rules.Offer | None = None
    challenges_me: bool = False  # this seat has challenged the phone's own character
    challenged: bool = False  # the phone's own character has challenged this seat


@dataclass
class Strip:
    """The table strip above a character's play screen."""

    seat: RpgSeat
    others: list[Other] = field(default_factory=list)
    news: list = field(default_factory=list)  # the newest table lines of the own log (Msgs)
    duel: dict | None = None
    opponent: Character | None = None
    call_off: rules.Offer | None = None
    i_ask_call_off: bool = False
    undo_said: str = ""
    opponent_asks_call_off: bool = False

    @property
    def fingerprint(self) -> str:
        """What the strip was drawn from: the table and every seated character's version."""
        parts = [str(self.seat.table.version), str(self.seat.asks_call_off)]
        parts += [f"{o.seat.pk}:{o.character.version if o.character else '-'}" for o in self.others]
        return ".".join(parts)


def doing(state: dict) -> str:
    """What a character is doing now, in a few words ("between fights", "duelling Bo")."""
    if state.get("duel") is not None:
        return gettext("duelling %(name)s") % {"name": state["duel"]["opponent"]["name"]}
    if state.get("fight") is not None:
        fight = state["fight"]
        monster = card_text(fight["monster"])
        hp = fight.get("monster_hp", fight.get("monster_hp_max"))
        if hp is not None and hp <= 0:
            # S-22: dead at 0 or below (an overkill leaves it below 0 until the fight ends).
            return gettext("the %(card)s beaten") % {"card": monster}
        if fight.get("monster_hp_max"):
            return gettext("fighting the %(card)s, %(hp)s of %(max)s HP") % {
                "card": monster,
                "hp": hp,
                "max": fight["monster_hp_max"],
            }
        return gettext("fighting the %(card)s") % {"card": monster}
    if state.get("session") is None:
        return gettext("no session")
    return gettext("between fights")


UNKNOWN = object()  # a seat not read yet


def with_table_facts(characters: QuerySet) -> QuerySet:
    """Characters read with their seat and whether their log ends with a step over two logs
    (`ends_shared_step`), in the same query: every tap's screen and undo ask both."""
    last = OuterRef("last_seq")
    ends = Q(actor=OuterRef("pk"), actor_last=last) | Q(other=OuterRef("pk"), other_last=last)
    return characters.select_related("seat__table").annotate(
        ends_shared_step=Exists(SharedStep.objects.filter(ends))
    )


def seat_of(character: Character) -> RpgSeat | None:
    """The character's seat at a table, or None."""
    try:
        return character.seat
    except RpgSeat.DoesNotExist:
        return None


def strip_for(character: Character, seat=UNKNOWN) -> Strip | None:
    """The strip of `character`'s phone, or None when it sits at no table (`seat`: as the
    view read it with the character, when it did)."""
    if seat is UNKNOWN:
        seat = seat_of(character)
    if seat is None:
        return None
    seats = list(
        seat.table.seats.exclude(pk=seat.pk).select_related("character").order_by("number")
    )
    strip = Strip(seat=seat, news=news(character))
    table = seat.table
    note = table.undo_note or {}
    if note.get("at", {}).get(str(character.pk)) == character.version:
        from tracker.card_rpg.words import action_words

        what = listing([action_words(action) for action in note.get("actions", [])], "and")
        strip.undo_said = gettext(
            "%(name)s took back “%(what)s”: undone in both characters' logs."
        ) % {"name": note["by"], "what": what}
    me = character.state
    for other in seats:
        row = Other(seat=other, character=other.character)
        if other.character is not None:
            them = other.character.state
            row.doing = doing(them)
            if table.robbing:
                row.rob = rules.rob_offer(me, them)
            if table.duels:
                row.challenge = rules.challenge_offer(me, them, table.duel_rules)
            row.challenges_me = other.challenging_id == seat.pk
            row.challenged = seat.challenging_id == other.pk
        strip.others.append(row)
    if me.get("duel") is not None:
        strip.duel = me["duel"]
        opponent = next((o.character for o in strip.others if o.seat.pk == seat.duelling_id), None)
        strip.opponent = opponent
        other_seat = next((o.seat for o in strip.others if o.seat.pk == seat.duelling_id), None)
        strip.i_ask_call_off = seat.asks_call_off
        strip.opponent_asks_call_off = bool(other_seat and other_seat.asks_call_off)
        strip.call_off = rules.call_off_offer(me, opponent.state if opponent else None)
    return strip


def news(character: Character) -> list[dict]:
    """The table's lines among the newest entries of this character's log, newest first: each
    a line (a Msg) and what to do with the real cards."""
    from tracker.card_rpg.game import GAME
    from tracker.core import services as core

    if not _at_table_ever(character):
        return []
    lines = []
    for step, _table in reversed(core.record_tail(game=GAME, record=character, count=NEWS)):
        line = rules.describe_action(step.before, step.action, step.after)
        if line is not None:
            lines.append({"line": line, "where": where_cards_go(step.action, step.after)})
        if len(lines) >= 3:
            break
    return lines


def _at_table_ever(character: Character) -> bool:
    rivals = character.state.get("rivals") or {}
    counts = ("player_kills", "player_deaths", "duels_drawn", "robberies", "times_robbed")
    return character.state.get("duel") is not None or any(rivals.get(key) for key in counts)


def where_cards_go(action: dict, after: dict) -> str:
    """What to do with the real cards after a robbery (T-29), on each phone."""
    kind = action.get("type")
    if kind == "rob":
        return gettext(
            "Take your own %(card)s out of your deck and lay it with your inventory."
        ) % {"card": card_text(action["card"])}
    if kind == "robbed":
        card = card_text(action["card"])
        event = next((e for e in after.get("events") or [] if e.get("type") == "robbed"), {})
        to = event.get("to")
        if to == "bottom of draw pile":
            return gettext("Put your %(card)s under your draw pile.") % {"card": card}
        if to == "deck":
            return gettext("Put your %(card)s back in your deck.") % {"card": card}
        return gettext("Put your %(card)s on your discard pile.") % {"card": card}
    return ""
