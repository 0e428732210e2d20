"""A character's career in words: the action log as sentences, sessions and fights as summaries
(those in tracker.card_rpg.history_sessions, named here too).

Presentation only. Every number a sentence gives comes from the log: the action itself, the
state stored after it, and the state stored after the entry before it (what it changed). The
engine's per-action ``events`` (docs/rules.md) are part of that stored state and carry the
amounts a difference can't show, e.g. the damage of a blow that ended the fight. Nothing here
decides a rule; when a sentence needs a rule's outcome it reads it from the state.

Reading is cheap however long the career: a page of the log is one query over a range of
``seq`` (the log has no gaps, undo only cuts its end), starting at the snapshot before it, with
the states between replayed by the engine (docs/persistence.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext_lazy

from tracker.card_rpg.card_words import card_name
from tracker.card_rpg.card_words import card_words as card_text
from tracker.card_rpg.game import GAME
from tracker.card_rpg.history_sessions import (
    SESSIONS_PER_PAGE,
    FightRow,
    SessionRow,
    Sessions,
    career_totals,
    fight_outcome,
    fight_summary,
    session_ending,
    session_rows,
    sessions_played,
)
from tracker.card_rpg.models import Character
from tracker.core import history as log_pages
from tracker.core import services as core
from tracker.core.history import LogPage
from tracker.core.i18n import listing, say
from tracker.rules.card_rpg import describe_action as table_line
from tracker.rules.cards import CardNotationError, parse_card

LOG_PAGE_SIZE = 50
RECENT_ACTIONS = 8


@dataclass(frozen=True)
class LogLine:
    """One action of the log, told in words: what the player did, then what followed."""

    seq: int
    at: datetime | None
    kind: str  # the action type, for styling and filtering
    text: str  # "Attacked with 7♣ 7♥ for 14."
    notes: tuple[str, ...] = ()  # "The Q♠ is dead: +12 XP.", "Capi died."
    cards: tuple[str, ...] = ()  # the cards the action names, in normal form

    @property
    def sentence(self) -> str:
        """The whole line as plain text."""
        return " ".join((self.text, *self.notes))

    @property
    def html(self) -> SafeString:
        """The sentence with red suits marked, for the screen (escaped; cards are plain text)."""
        return _mark_suits(self.text)

    @property
    def notes_html(self) -> list[SafeString]:
        return [_mark_suits(note) for note in self.notes]


# --- reading the log -------------------------------------------------------------------------


def log_page(character: Character, before: int | None = None, size: int = LOG_PAGE_SIZE) -> LogPage:
    """The `size` actions before seq `before` (default: the newest), newest first; one query."""
    return log_pages.log_page(
        character, lambda bottom, top: _lines(character, bottom, top), before=before, size=size
    )


def log_line(character: Character, seq: int) -> LogLine | None:
    """The one action `seq` in words (None if the log has no such entry)."""
    lines = _lines(character, seq, seq)
    return lines[0] if lines else None


def _lines(character: Character, bottom: int, top: int) -> list[LogLine]:
    """The actions bottom…top in words, oldest first (one query, replayed from a snapshot)."""
    return [
        describe(
            step.action,
            state_parts(step.before if step.seq > 1 else None),
            state_parts(step.after),
            seq=step.seq,
            at=step.at,
        )
        for step in core.record_steps(game=GAME, record=character, first=bottom, last=top)
    ]


_EMPTY: dict[str, Any] = {
    "character": None,
    "fight": None,
    "events": [],
    "session_number": None,
    "hand_count": None,
    "reason": None,
    "duel": None,
    "rivals": None,
    "internal": None,
}


# --- one action in words ---------------------------------------------------------------------


def describe(
    action: dict, before: dict, after: dict, *, seq: int = 0, at: datetime | None = None
) -> LogLine:
    """One action in words, from the action and the state parts before and after it.

    `before` and `after` hold `character`, `fight`, `events`, `session_number`, `hand_count`,
    `reason` (the awaited reason), `duel`, `rivals` and `internal` — as a log page reads them,
    or taken from whole states with `state_parts`.
    """
    kind = str(action.get("type", ""))
    told = _Told(action, before, after)
    # Robberies, duels and each step of a duel are said by the engine (rival_words, T-37).
    line = table_line(before, action, after) if after.get("rivals") is not None else None
    if line is not None:
        text = say(line)
        told.said.add("abandon")  # the line says a duel's end when a deck ran out in it
    else:
        text = (_SENTENCES.get(kind) or _RECORD_SENTENCES.get(kind) or _unknown)(told)
    return LogLine(
        seq=seq,
        at=at,
        kind=kind,
        text=text,
        notes=tuple(told.notes()),
        cards=tuple(told.named_cards()),
    )


def state_parts(state: dict | None) -> dict:
    """The parts of a whole engine state that `describe` reads."""
    if not state:
        return dict(_EMPTY)
    session = state.get("session") or {}
    return {
        "character": state.get("character"),
        "fight": state.get("fight"),
        "events": state.get("events") or [],
        "session_number": session.get("number"),
        "hand_count": (session.get("hand") or {}).get("count"),
        "reason": (state.get("awaiting") or {}).get("reason"),
        # What the engine's lines of a table's actions read (rival_words).
        "duel": state.get("duel"),
        "rivals": state.get("rivals"),
        "internal": state.get("internal"),
    }


@dataclass
class _Told:
    """What a sentence may read: the action, the state parts around it, the events it caused."""

    action: dict
    before: dict
    after: dict
    said: set[str] = field(default_factory=set)  # event types the sentence has told already

    # -- reading --------------------------------------------------------------------------

    @property
    def events(self) -> list[dict]:
        return self.after.get("events") or []

    def event(self, kind: str) -> dict | None:
        return next((e for e in self.events if e.get("type") == kind), None)

    def amount(self, kind: str, key: str = "damage") -> int:
        """The sum of `key` over the events of one type (damage of every blow, say)."""
        return sum(e.get(key) or 0 for e in self.events if e.get("type") == kind)

    def has(self, kind: str) -> bool:
        return self.event(kind) is not None

    def char(self, when: str) -> dict:
        return getattr(self, when).get("character") or {}

    def change(self, key: str) -> int:
        """How much a counter of the record sheet moved (new − old)."""
        return (self.char("after").get(key) or 0) - (self.char("before").get(key) or 0)

    def hp_after_hits(self):
        """The HP the action's blows left: below zero when dying (S-23, T-22a), even where the
        death ended the fight and the fight after it is gone."""
        hits = [e for e in self.events if e.get("type") == "hit" and "hp" in e]
        return hits[-1]["hp"] if hits else self.fight.get("hp")

    @property
    def fight(self) -> dict:
        """The fight as it is after the action, or as it was if the action ended it."""
        return self.after.get("fight") or self.before.get("fight") or {}

    @property
    def monster(self) -> str:
        card = self.fight.get("monster")
        if card:
            return gettext("the %(card)s") % {"card": card_text(card)}
        return gettext("the monster")

    def card(self, key: str = "card") -> str:
        return _text(self.action.get(key))

    def cards(self, key: str = "cards") -> str:
        return " ".join(_text(card) for card in self.action.get(key) or [])

    def named_cards(self) -> list[str]:
        named = list(self.action.get("cards") or self.action.get("hand") or [])
        if self.action.get("card") is not None:
            named.append(self.action["card"])
        return [_normal(card) for card in named]

    # -- what followed --------------------------------------------------------------------

    def notes(self) -> list[str]:
        """What the action set off beyond itself, in the order it happened."""
        notes = []
        name = self.char("after").get("name") or gettext("The character")
        monster = _first_up(self.monster)
        for event in self.events:
            kind = event.get("type")
            if kind in self.said:
                continue
            match kind:
                case "kill":
                    notes.append(
                        gettext("%(monster)s is dead: +%(xp)s XP.")
                        % {"monster": monster, "xp": event.get("xp", 0)}
                    )
                case "joker_kill":
                    notes.append(gettext("A Joker killed!"))
                case "escape":
                    notes.append(
                        gettext("%(monster)s got away: no XP, no loot.") % {"monster": monster}
                    )
                case "skip":
                    notes.append(
                        gettext("The monster has no attack cards left and skips its turn.")
                    )
                case "redeal":
                    notes.append(gettext("The monster is dealt a new attack pile."))
                case "jack_first":
                    notes.append(gettext("A Jack strikes first."))
                case "death":
                    lost = -self.change("xp")
                    if lost > 0:
                        notes.append(
                            gettext("%(name)s died and lost %(xp)s XP.")
                            % {"name": name, "xp": lost}
                        )
                    else:
                        notes.append(gettext("%(name)s died.") % {"name": name})
                case "abandon":
                    notes.append(gettext("The draw pile ran out: the fight is abandoned."))
                case "no_extra_card":
                    notes.append(gettext("No extra card: the draw pile is empty."))
                case "session_end" if self.action.get("type") != "end_session":
                    number = self.before.get("session_number") or self.char("after").get("sessions")
                    notes.append(
                        gettext("Session %(number)s is over: the deck has run down.")
                        % {"number": number}
                    )
        return notes


def _text(card) -> str:
    """A card as players write it, or what was typed if it is no card at all."""
    try:
        return card_text(parse_card(card))
    except CardNotationError:
        return str(card)


def _normal(card) -> str:
    try:
        return parse_card(card)
    except CardNotationError:
        return str(card)


def _first_up(text: str) -> str:
    """Capitalise the first letter only (str.capitalize would write "the j♣")."""
    return text[:1].upper() + text[1:]


def _dice(dice) -> str:
    dice = [str(d) for d in dice or []]
    if len(dice) <= 1:
        return "".join(dice)
    return gettext("%(dice)s and %(last)s") % {
        "dice": listing(dice[:-1]),
        "last": dice[-1],
    }


# The suits a card stands for when it is used as another (use_item's "as").
_SUIT_WORDS = {
    "S": pgettext_lazy("used as a", "Spade"),
    "H": pgettext_lazy("used as a", "Heart"),
    "D": pgettext_lazy("used as a", "Diamond"),
    "C": pgettext_lazy("used as a", "Club"),
}


# -- the sentences, one per action type (rules/actions.md) -------------------------------------


def _create(t: _Told) -> str:
    c = t.char("after")
    who = card_name(_normal(t.action.get("class")))
    return gettext(
        "Created %(name)s, %(class)s: STR %(str)s and HP %(hp)s "
        "(rolled %(str_dice)s and %(hp_dice)s)."
    ) % {
        "name": c.get("name", t.action.get("name")),
        "class": who,
        "str": c.get("str"),
        "hp": c.get("hp_max"),
        "str_dice": _dice(t.action.get("str_dice")),
        "hp_dice": _dice(t.action.get("hp_dice")),
    }


def _start_session(t: _Told) -> str:
    number = t.after.get("session_number") or t.char("after").get("sessions", 0) + 1
    count = t.after.get("hand_count")
    if count is None:
        return gettext("Started session %(number)s.") % {"number": number}
    values = {"number": number, "count": count, "cards": t.cards("hand")}
    if t.action.get("hand"):
        return (
            ngettext(
                "Started session %(number)s with %(count)s card in the hand: %(cards)s.",
                "Started session %(number)s with %(count)s cards in the hand: %(cards)s.",
                count,
            )
            % values
        )
    return (
        ngettext(
            "Started session %(number)s with %(count)s card in the hand.",
            "Started session %(number)s with %(count)s cards in the hand.",
            count,
        )
        % values
    )


def _note_hand(t: _Told) -> str:
    return gettext("Looked at the hand: %(cards)s.") % {"cards": t.cards()}


def _reveal(t: _Told) -> str:
    fight = t.after.get("fight") or {}
    values = {"card": t.card(), "hidden": fight.get("hidden"), "pile": fight.get("attack_pile")}
    hidden = bool(fight.get("hidden"))
    pile = fight.get("attack_pile") is not None
    if hidden and pile:
        text = gettext(
            "Turned up the monster: the %(card)s (%(hidden)s under it and %(pile)s in its "
            "attack pile)."
        )
    elif hidden:
        text = gettext("Turned up the monster: the %(card)s (%(hidden)s under it).")
    elif pile:
        text = gettext("Turned up the monster: the %(card)s (%(pile)s in its attack pile).")
    else:
        text = gettext("Turned up the monster: the %(card)s.")
    text %= values
    if t.has("monster_hp"):
        # A Joker needs no roll: its HP is set as it appears.
        t.said.add("monster_hp")
        text = gettext("%(text)s It has %(hp)s HP and is worth %(xp)s XP.") % {
            "text": text,
            "hp": fight.get("monster_hp_max"),
            "xp": fight.get("xp_value"),
        }
    return text


def _roll_hp(t: _Told) -> str:
    fight = t.fight
    return gettext("Rolled %(dice)s for %(monster)s: %(hp)s HP, worth %(xp)s XP.") % {
        "dice": _dice(t.action.get("dice")),
        "monster": t.monster,
        "hp": fight.get("monster_hp_max"),
        "xp": fight.get("xp_value"),
    }


def _attack(t: _Told) -> str:
    values = {"cards": t.cards(), "damage": t.amount("damage")}
    reason = t.after.get("reason")
    if reason not in ("random attack", "critical hit") or t.has("kill"):
        reason = None
    if t.has("damage"):
        text = {
            None: gettext("Attacked with %(cards)s for %(damage)s."),
            "random attack": gettext(
                "Attacked with %(cards)s for %(damage)s; a card is turned for the random attack."
            ),
            "critical hit": gettext(
                "Attacked with %(cards)s for %(damage)s; a card is turned for the critical hit."
            ),
        }[reason]
    else:
        text = {
            None: gettext("Attacked with %(cards)s."),
            "random attack": gettext(
                "Attacked with %(cards)s; a card is turned for the random attack."
            ),
            "critical hit": gettext(
                "Attacked with %(cards)s; a card is turned for the critical hit."
            ),
        }[reason]
    return text % values


def _use_item(t: _Told) -> str:
    used_as = t.action.get("as")
    suit = _SUIT_WORDS.get(str(used_as).upper(), used_as) if used_as else None
    values = {"card": t.card(), "suit": suit, "monster": t.monster}
    if t.has("ace_of_spades"):
        t.said.update({"ace_of_spades", "kill"})
        values["xp"] = t.change("xp")
        return gettext("Used the %(card)s: %(monster)s is killed outright, +%(xp)s XP.") % values
    if t.has("club"):
        if suit:
            return gettext("Used the %(card)s as a %(suit)s: one more attack this turn.") % values
        return gettext("Used the %(card)s: one more attack this turn.") % values
    if t.has("blitz"):
        return gettext("Used the %(card)s: the next play may mix ranks.") % values
    if t.has("damage"):
        values["damage"] = t.amount("damage")
        if suit:
            return gettext("Used the %(card)s as a %(suit)s for %(damage)s damage.") % values
        return gettext("Used the %(card)s for %(damage)s damage.") % values
    if suit:
        return gettext("Used the %(card)s as a %(suit)s from the inventory.") % values
    return gettext("Used the %(card)s from the inventory.") % values


def _sell(t: _Told) -> str:
    return gettext("Sold the %(card)s for %(gold)s gold.") % {
        "card": t.card(),
        "gold": t.change("gold"),
    }


_MONSTER_REASONS = ("monster attack card", "monster random attack", "monster critical hit")


def _turn(t: _Told) -> str:
    card = t.card()
    reason = t.before.get("reason") or ""
    if reason in _MONSTER_REASONS:
        values = {"card": card, "monster": _first_up(t.monster)}
        what = {
            "monster attack card": gettext("%(monster)s attacks with the %(card)s"),
            "monster random attack": gettext(
                "The %(card)s is turned for the monster's random attack"
            ),
            "monster critical hit": gettext(
                "The %(card)s is turned for the monster's critical hit"
            ),
        }[reason] % values
        if t.has("deadly_blow"):
            return gettext("%(what)s: a deadly blow!") % {"what": what}
        if t.has("critical_goes_on"):
            return gettext("%(what)s: it is only discarded, the critical hit goes on.") % {
                "what": what
            }
        if t.has("hit"):
            return gettext("%(what)s: %(damage)s damage taken (HP %(hp)s).") % {
                "what": what,
                "damage": t.amount("hit"),
                "hp": t.hp_after_hits(),
            }
        if t.has("critical_hit"):
            return gettext("%(what)s: a critical hit, another card is turned.") % {"what": what}
        if t.has("random_attack"):
            return gettext("%(what)s: a random attack, a card is turned from the draw pile.") % {
                "what": what
            }
        return gettext("%(what)s.") % {"what": what}
    if reason in ("random attack", "critical hit"):
        if reason == "random attack":
            what = gettext("Turned the %(card)s for the random attack") % {"card": card}
        else:
            what = gettext("Turned the %(card)s for the critical hit") % {"card": card}
        if t.has("deadly_blow"):
            return gettext("%(what)s: a deadly blow!") % {"what": what}
        if t.has("critical_goes_on"):
            return gettext("%(what)s: it is only discarded, the critical hit goes on.") % {
                "what": what
            }
        if t.has("damage"):
            return gettext("%(what)s: %(damage)s damage to %(monster)s.") % {
                "what": what,
                "damage": t.amount("damage"),
                "monster": t.monster,
            }
        if t.has("critical_hit"):
            return gettext("%(what)s: a critical hit, another card is turned.") % {"what": what}
        return gettext("%(what)s.") % {"what": what}
    if reason in ("loot", "jack extra card"):
        what = gettext("Loot") if reason == "loot" else gettext("The Jack's extra card")
        values = {"what": what, "card": card}
        if t.has("gold"):
            values["gold"] = t.amount("gold", "gold")
            return gettext("%(what)s: the %(card)s, turned into %(gold)s gold.") % values
        if t.has("item"):
            return gettext("%(what)s: the %(card)s, into the inventory.") % values
        if t.has("discard"):
            return gettext("%(what)s: the %(card)s, to the discard pile.") % values
        return gettext("%(what)s: the %(card)s.") % values
    return gettext("Turned the %(card)s.") % {"card": card}


def _end_turn(t: _Told) -> str:
    return gettext("Ended the turn.")


def _save(t: _Told) -> str:
    return gettext("Saved by the %(card)s: back up to HP %(hp)s.") % {
        "card": t.card(),
        "hp": t.fight.get("hp"),
    }


def _accept_death(t: _Told) -> str:
    return gettext("Accepted death.")


def _keep_hand(t: _Told) -> str:
    if t.action.get("keep"):
        return gettext("Kept the hand after dying.")
    return gettext("Let the hand go after dying.")


def _level_up(t: _Told) -> str:
    old, new = t.char("before"), t.char("after")
    changes = [
        gettext("level %(old)s → %(new)s") % {"old": old.get("level"), "new": new.get("level")}
    ]
    changes.append(
        gettext("HP %(old)s → %(new)s") % {"old": old.get("hp_max"), "new": new.get("hp_max")}
    )
    if old.get("str") != new.get("str"):
        changes.append(
            gettext("STR %(old)s → %(new)s") % {"old": old.get("str"), "new": new.get("str")}
        )
    return gettext("Rolled %(dice)s to level up: %(changes)s.") % {
        "dice": _dice(t.action.get("hp_dice")),
        "changes": listing(changes),
    }


def _buy_back(t: _Told) -> str:
    paid = -t.change("gold")
    if paid:
        return gettext("Bought back the %(card)s for %(gold)s gold.") % {
            "card": t.card(),
            "gold": paid,
        }
    return gettext("Bought back the %(card)s for free.") % {"card": t.card()}


def _buy_top(t: _Told) -> str:
    card = t.card()
    if not t.action.get("buy"):
        return gettext("Turned the %(card)s off the draw pile and let it go.") % {"card": card}
    paid = -t.change("gold")
    if t.has("gold"):
        # A Diamond pays back its price as it arrives (T-06).
        return gettext(
            "Bought the %(card)s off the draw pile; it turned straight back into gold."
        ) % {"card": card}
    return gettext("Bought the %(card)s off the draw pile for %(gold)s gold.") % {
        "card": card,
        "gold": paid,
    }


def _end_session(t: _Told) -> str:
    number = t.before.get("session_number") or t.char("after").get("sessions")
    return gettext("Ended session %(number)s.") % {"number": number}


def _rename(t: _Told) -> str:
    return gettext("Renamed %(old)s to %(new)s.") % {
        "old": t.char("before").get("name"),
        "new": t.char("after").get("name"),
    }


def _unknown(t: _Told) -> str:
    return f"{str(t.action.get('type', 'an action')).replace('_', ' ').capitalize()}."


_SENTENCES = {
    "create_character": _create,
    "start_session": _start_session,
    "note_hand": _note_hand,
    "reveal_monster": _reveal,
    "roll_monster_hp": _roll_hp,
    "attack": _attack,
    "use_item": _use_item,
    "sell": _sell,
    "turn": _turn,
    "end_turn": _end_turn,
    "save": _save,
    "accept_death": _accept_death,
    "keep_hand": _keep_hand,
    "level_up": _level_up,
    "buy_back": _buy_back,
    "buy_top": _buy_top,
    "end_session": _end_session,
}
# Actions about the record rather than moves of the game (the engine's RECORD_ACTION_FIELDS).
_RECORD_SENTENCES = {"rename": _rename}


def _mark_suits(text: str) -> SafeString:
    """Escape `text` and colour the red suits (♥ ♦) the way the cards are drawn."""
    pieces = []
    for char in text:
        if char in "♥♦":
            pieces.append(format_html('<span class="suit-red">{}</span>', char))
        else:
            pieces.append(format_html("{}", char))
    return mark_safe("".join(pieces))  # every piece was escaped by format_html


def loot_html(cards) -> SafeString:
    """Loot cards as text with red suits marked (for a line beside the drawn cards)."""
    # Each card escaped (or marked up by _mark_suits), the separator is the catalogue's.
    return mark_safe(listing(conditional_escape(_mark_suits(_text(card))) for card in cards))


__all__ = [
    "LOG_PAGE_SIZE",
    "LogLine",
    "LogPage",
    "describe",
    "FightRow",
    "SESSIONS_PER_PAGE",
    "SessionRow",
    "Sessions",
    "career_totals",
    "fight_outcome",
    "fight_summary",
    "log_line",
    "log_page",
    "loot_html",
    "session_ending",
    "session_rows",
    "sessions_played",
    "state_parts",
]
