"""The play screen's presenter: turns a character's engine state into what the page shows.

No game rules here. What may happen next comes from the engine's ``awaiting`` (its action
types and choices); where the cards are comes from the engine's card places. This module only
decides how that looks: which controls come first, what the bars and counters say, which
cards of the grid are greyed out and why.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cached_property

from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, gettext_noop, ngettext

from tracker.card_rpg.card_words import SUIT_PLURALS, card_name
from tracker.card_rpg.card_words import card_words as card_text
from tracker.card_rpg.dice_roller import die_face
from tracker.core.i18n import listing, say
from tracker.rules import RuleError, buy_top_offer, rule_summary
from tracker.rules import apply as engine_apply
from tracker.rules.card_rpg import VirtualTable, describe, places, settled
from tracker.rules.cards import (
    DECK,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    CardNotationError,
    parse_card,
    rank,
    suit,
)

# Where a greyed-out card of the grid is, in a word or two.
SHORT_PLACE = {
    places.CLASS_CARD: gettext_lazy("class"),
    places.INVENTORY: gettext_lazy("inventory"),
    places.HAND: gettext_lazy("hand"),
    places.DISCARD: gettext_lazy("discard"),
    places.DRAW_BOTTOM: gettext_lazy("bottom"),
    places.MONSTER: gettext_lazy("monster"),
    places.HIDDEN: gettext_lazy("under"),
    places.ATTACK_PILE: gettext_lazy("attack pile"),
    places.TABLE: gettext_lazy("table"),
}

# The actions that make up the main path of the game; the rest wait under "More".
SIDE_ACTIONS = ("buy_back", "buy_top", "sell", "note_hand", "end_session")
# The inputs a virtual table can fill in, and what its button says.
DEAL_LABELS = {
    "start_session": gettext_lazy("Shuffle and deal my hand"),
    "note_hand": gettext_lazy("Show me the cards I drew"),
    "reveal_monster": gettext_lazy("Turn the next monster"),
    "roll_monster_hp": gettext_lazy("Roll the monster's HP"),
    "turn": gettext_lazy("Turn the card"),
    "level_up": gettext_lazy("Roll for my new HP"),
}
# At a virtual table: what the app does for a card turned, by the reason it is turned.
VIRTUAL_TURN = {
    "random attack": gettext_lazy("Random attack: the app turns the top card of the draw pile."),
    "critical hit": gettext_lazy(
        "Critical hit: the app turns the top card of the draw pile (face cards and "
        "Jokers are discarded until a number card comes; it deals double)."
    ),
    "monster attack card": gettext_lazy(
        "The {monster} attacks: the app turns the top card of its attack pile."
    ),
    "monster random attack": gettext_lazy(
        "The {monster} makes a random attack: the app turns the top card of the draw pile."
    ),
    "monster critical hit": gettext_lazy(
        "The {monster} scores a critical hit: the app turns the top card of "
        "the draw pile (face cards and Jokers are discarded until a number card comes; it deals "
        "double)."
    ),
    "loot": gettext_lazy(
        "Loot: the app turns the next card that lay face down under the {monster}."
    ),
    "jack extra card": gettext_lazy(
        "The Jack's extra card: the app turns the top card of the draw pile."
    ),
}
# The undo button names the action it takes back, in the player's words.
UNDO_WORDS = {
    "start_session": gettext_lazy("Start the session"),
    "note_hand": gettext_lazy("Note {cards}"),
    "reveal_monster": gettext_lazy("Monster {card}"),
    "roll_monster_hp": gettext_lazy("Roll the monster's HP"),
    "attack": gettext_lazy("Attack with {cards}"),
    "use_item": gettext_lazy("Use the {card}"),
    "sell": gettext_lazy("Sell the {card}"),
    "turn": gettext_lazy("Turn the {card}"),
    "end_turn": gettext_lazy("End my turn"),
    "save": gettext_lazy("Save with the {card}"),
    "accept_death": gettext_lazy("Accept death"),
    "keep_hand": gettext_lazy("Keep my hand"),
    "level_up": gettext_lazy("Roll for new HP"),
    "buy_back": gettext_lazy("Buy back the {card}"),
    "buy_top": gettext_lazy("Buy the {card}"),
    "end_session": gettext_lazy("End the session"),
    "rename": gettext_lazy("Rename to {name}"),
    # At a table (T-27 … T-36): one undo takes such a step back from both logs.
    "rob": gettext_lazy("Rob the {card}"),
    "robbed": gettext_lazy("Robbed of the {card}"),
    "start_duel": gettext_lazy("Start the duel"),
    "duel_hit": gettext_lazy("The opponent's hit"),
    "duel_turn_over": gettext_lazy("The opponent's turn over"),
    "duel_saved": gettext_lazy("The opponent's save"),
    "duel_won": gettext_lazy("The duel won"),
    "call_off_duel": gettext_lazy("Call the duel off"),
    "duel_called_off": gettext_lazy("The duel called off"),
}
# The several-card entries: what their button says.
ENTRY_SUBMIT = {
    "start_session": gettext_lazy("Start with these cards"),
    "note_hand": gettext_lazy("Note them"),
    "attack": gettext_lazy("Attack"),
}
TURN_TITLES = {
    "random attack": gettext_noop("Random attack"),
    "critical hit": gettext_noop("Critical hit!"),
    "monster attack card": gettext_noop("The monster attacks"),
    "monster random attack": gettext_noop("The monster's random attack"),
    "monster critical hit": gettext_noop("The monster's critical hit!"),
    "loot": gettext_noop("Loot"),
    "jack extra card": gettext_noop("The Jack's extra card"),
}
# The headings of the other steps (the engine's awaiting.reason, capitalised).
REASON_TITLES = {
    "new character": gettext_noop("New character"),
    "no session": gettext_noop("No session"),
    "between fights": gettext_noop("Between fights"),
    "monster HP": gettext_noop("Monster HP"),
    "your turn": gettext_noop("Your turn"),
    "dying": gettext_noop("Dying"),
    "king's death": gettext_noop("King's death"),
    "level up": gettext_noop("Level up"),
}


@dataclass
class GridCard:
    """One card of the 54-card grid: can it be chosen, and if not, where is it."""

    code: str
    red: bool
    place: str = ""

    @property
    def name(self) -> str:
        return card_name(self.code)

    checked: bool = False

    @property
    def short(self) -> str:
        """What the grid cell shows: ``7♥``; a Joker as the word."""
        return (
            gettext("Joker")
            if self.code.startswith("JK")
            else rank(self.code) + SUIT_SYMBOLS[suit(self.code)]
        )

    @property
    def joker_colour(self) -> str:
        return {"JK1": gettext("black"), "JK2": gettext("red")}.get(self.code, "")

    @property
    def available(self) -> bool:
        return not self.place


@dataclass
class Screen:
    """Everything the play page shows, drawn from one engine state."""

    character_id: int
    version: int
    state: dict
    # The fingerprint of what this screen asks (tracker.core.services.asked_of): a tap drawn
    # here still goes ahead after a change elsewhere that asks nothing new.
    asked: str = ""
    virtual: bool = False
    table: VirtualTable | None = None
    error: str = ""
    error_rule: str = ""
    conflict: bool = False
    notice: str = ""
    last_dice: list[int] = field(default_factory=list)
    peek: str = ""  # a virtual top card turned to be bought or discarded
    # What the undo button takes back: the newest logged action that is not an app-filled
    # note_hand (that one goes with the action before it), and how many log entries that is.
    undo_action: dict | None = None
    undo_steps: int = 1
    # The log entries of the last tap (Steps: action, before, after), when it was more than one:
    # at the app's table the steps it took by itself are said with what each did. The first
    # `said_first` are said by the notice already.
    tap_steps: list = field(default_factory=list)
    said_first: int = 0
    # Where the real cards go back after an undo (the engine's moves, in order), and, before
    # an undo past a session end, what rebuilding the table means (tracker.card_rpg.undo_guide).
    undo_moves: list = field(default_factory=list)
    undo_guide: object | None = None
    # A card entry drawn again as the player left it: after a refusal or a picker tap.
    entry_kind: str = ""
    typed: str = ""
    picked: list[str] = field(default_factory=list)
    ticked: list[str] = field(default_factory=list)
    shown_rank: str = ""
    suit: str = ""  # the suit tapped in a one-card entry
    hint: str = ""
    # Drawn just after an undo: the real table is being put back to match the state, so what
    # the state's last action did (its events, dice and reminders) is not said again as new.
    after_undo: bool = False
    # The events the style sheet sets apart (play.css); the others carry no class, since a
    # turn at the app's table can list a dozen of them in one answer.
    marked_events = frozenset({"level_up", "kill", "save", "death", "deadly_blow"})

    def __post_init__(self) -> None:
        if self.after_undo:
            self.state = _settled(self.state)
            self.last_dice = []

    # -- the record and the fight ---------------------------------------------------------------

    @property
    def character(self) -> dict:
        return self.state["character"] or {}

    @property
    def session(self) -> dict | None:
        return self.state.get("session")

    @property
    def fight(self) -> dict | None:
        return self.state.get("fight")

    @property
    def awaiting(self) -> dict:
        return self.state.get("awaiting") or {}

    @property
    def choices(self) -> dict:
        return self.awaiting.get("choices") or {}

    @property
    def actions(self) -> list[str]:
        action = self.awaiting.get("action") or []
        return [action] if isinstance(action, str) else list(action)

    @property
    def rule(self) -> str:
        return self.awaiting.get("rule", "")

    @property
    def rule_text(self) -> str:
        return rule_summary(self.rule)

    @property
    def error_rule_text(self) -> str:
        return rule_summary(self.error_rule)

    @property
    def heading(self) -> str:
        """The heading in English (compared with the engine's English instruction)."""
        if "turn" in self.actions:
            return TURN_TITLES.get(self.reason, gettext_noop("Turn a card"))
        return REASON_TITLES.get(self.reason) or self.reason[:1].upper() + self.reason[1:]

    @property
    def reason(self) -> str:
        return self.awaiting.get("reason", "")

    @property
    def now_title(self) -> str:
        """A heading for what is awaited: the reason a card is turned, or the step."""
        heading = self.heading
        return gettext(heading) if heading else heading

    @property
    def show_title(self) -> bool:
        """The heading is shown unless the instruction already starts with the same words."""
        title = self.heading.rstrip("!").lower()
        return not (self.awaiting.get("instruction") or "").lower().startswith(title)

    @property
    def instruction(self) -> str:
        """What to do now. At a virtual table: what the app does and what the player taps,
        mapped from what is awaited (the engine's words are about real cards)."""
        text = self.awaiting.get("instruction") or ""
        if not self.virtual:
            return say(text)
        deal = self.deal_next
        kind = deal["type"] if deal else ""
        tap = gettext(" Tap “{label}”.").format(label=self.deal_label) if deal else ""
        choices = self.choices
        monster = card_text(self.fight["monster"]) if self.fight else ""
        dealt = self._virtual_deal_text(monster)
        if kind == "start_session":
            first = (
                gettext(" (first session: as many as your STR)")
                if choices.get("first_session")
                else ""
            )
            if self.character.get("inventory"):
                words = gettext(
                    "The app takes the {card} and your inventory out of the deck, shuffles it "
                    "and deals your hand of {cards}{first}.{tap}"
                )
            else:
                words = gettext(
                    "The app takes the {card} out of the deck, shuffles it and deals your hand "
                    "of {cards}{first}.{tap}"
                )
            return words.format(
                card=card_text(self.character["class"]),
                cards=_cards(choices.get("hand_cards", 0)),
                first=first,
                tap=tap,
            )
        if kind == "reveal_monster":
            refill = choices.get("refill")
            drew = (
                gettext("The app drew {cards} into your hand (refill to STR {str}). ").format(
                    cards=_cards(refill), str=self.character.get("str")
                )
                if refill
                else ""
            )
            return gettext(
                "{drew}The app turns the top card of the draw pile: it is the next monster."
                "{tap} To buy, sell or end the session, do it first (below)."
            ).format(drew=drew, tap=tap)
        if kind == "roll_monster_hp":
            dice = choices.get("dice") or 0
            roll = ngettext(
                "The app rolls {count} die for its HP.",
                "The app rolls {count} dice for its HP.",
                dice,
            ).format(count=dice)
            return f"{dealt}{roll}{tap}"
        if kind == "turn":
            said = str(
                VIRTUAL_TURN.get(self.reason, gettext_lazy("The app turns the card."))
            ).format(monster=monster)
            return f"{dealt}{said}{tap}"
        if kind == "level_up":
            up = choices
            stronger = ""
            if up.get("str") and up["str"].get("to") != up["str"].get("from"):
                stronger = gettext("; STR {old} → {new}").format(
                    old=up["str"]["from"], new=up["str"]["to"]
                )
            level = up.get("level") or {}
            return gettext(
                "Level {old} → {new}! The app rolls 1 die: your HP max ({hp}) goes up by the "
                "roll{stronger}.{tap}"
            ).format(
                old=level.get("from"),
                new=level.get("to"),
                hp=up.get("hp_max"),
                stronger=stronger,
                tap=tap,
            )
        if kind == "note_hand":
            return gettext("The app shows you the cards drawn into your hand.{tap}").format(tap=tap)
        if dealt and text.startswith("Deal "):
            # The engine's first sentence tells a real table what to deal: the app did it.
            head = text.partition(". ")[0]
            said = say(text)
            rest = said.partition("。" if "。" in said else ". ")[2]
            hp = ""
            if "HP" in head and self.fight:
                hp = gettext(" It has {hp} HP.").format(hp=self.fight["monster_hp"])
            return f"{dealt.rstrip()}{hp} {rest}".strip()
        return say(text)

    def _virtual_deal_text(self, monster: str) -> str:
        """The cards the app just dealt to the monster (awaiting.choices.deal), in words."""
        deal = self.choices.get("deal") or {}
        parts = []
        if deal.get("hidden"):
            parts.append(
                gettext("{cards} face down under the {monster}").format(
                    cards=_cards(deal["hidden"]), monster=monster
                )
            )
        if deal.get("attack_pile"):
            whose = (
                gettext("{cards} to its attack pile")
                if parts
                else gettext("{cards} to the {monster}'s attack pile")
            )
            parts.append(whose.format(cards=_cards(deal["attack_pile"]), monster=monster))
        return gettext("The app dealt {what}. ").format(what=_and(parts)) if parts else ""

    @property
    def hp(self) -> int:
        fight = self.fight
        if fight:
            return fight["hp"]
        duel = self.state.get("duel")  # in a duel: the duel's HP (T-31)
        return duel["hp"] if duel else self.character.get("hp_max", 0)

    @property
    def hero_fate(self) -> str:
        """'dying' while a save is awaited, 'dead' once the character died in this fight."""
        fight = self.fight
        if not fight:
            return ""
        if fight.get("result") == "died":
            return "dead"
        if self.reason == "dying" or self.deadly_blow:
            return "dying"
        return ""

    @property
    def hero_fate_text(self) -> str:
        """The hero's fate in the player's language."""
        fate = self.hero_fate
        return {"dead": gettext("dead"), "dying": gettext("dying")}.get(fate, fate)

    @property
    def deadly_blow(self) -> bool:
        fight = self.fight or {}
        return bool(self.choices.get("deadly_blow") or fight.get("deadly_blow"))

    @property
    def hp_shown(self) -> int:
        """The hero's HP as shown: 0 once dead or struck by a deadly blow (the engine keeps the
        HP as it was), the negative HP while dying of damage (a save restores from there)."""
        if self.hero_fate == "dead" or (self.hero_fate == "dying" and self.hp >= 0):
            return 0
        return self.hp

    @property
    def hp_bar(self) -> int:
        return max(0, self.hp_shown)

    @property
    def hp_percent(self) -> int:
        return _percent(self.hp_bar, self.character.get("hp_max") or 1)

    @property
    def monster_hp_shown(self) -> int | None:
        """The monster's HP as shown: never below 0."""
        fight = self.fight
        if not fight or fight.get("monster_hp") is None:
            return None
        return max(0, fight.get("monster_hp_shown", fight["monster_hp"]))

    @property
    def monster_defeated(self) -> bool:
        fight = self.fight
        if not fight:
            return False
        return fight.get("result") == "won" or (
            fight.get("monster_hp") is not None
            and fight.get("monster_hp_max") is not None
            and fight["monster_hp"] <= 0
        )

    @property
    def monster_percent(self) -> int:
        fight = self.fight
        if not fight or not fight.get("monster_hp_max"):
            return 0
        return _percent(self.monster_hp_shown or 0, fight["monster_hp_max"])

    @property
    def events(self) -> list[dict]:
        """What the last tap did, in order. At a virtual table each step the app took by itself
        is said first ("The app turned the 9♣ from the Q♠'s attack pile."), and the engine's
        `table` events (where real cards go) say what the app did with its cards instead."""
        if not self.tap_steps:
            return self._step_events(self.state)
        events: list[dict] = []
        for index, step in enumerate(self.tap_steps):
            if self.virtual and index >= self.said_first:
                did = app_did(step.action, step.before, step.after)
                if did:
                    events.append({"type": "app", "text": did})
            events += self._step_events(step.after)
        return events

    def _step_events(self, after: dict) -> list[dict]:
        events = list(after.get("events") or [])
        if not self.virtual:
            return events
        return [_app_moved(event, self._named(event, after)) for event in events]

    def _named(self, event: dict, after: dict) -> list[str]:
        """The app's names for the cards an event moves that nobody saw (it dealt them)."""
        unseen = event.get("unseen")
        if not unseen or self.table is None:
            return []
        try:
            if after.get("cards") is not None:
                self.table.hand(after)  # follows the deal the state is in
            names = [self.table.order[slot] for slot in unseen]
        except (KeyError, IndexError, ValueError, TypeError):
            return []
        return names if None not in names else []

    @property
    def peek_offer(self) -> dict:
        """What buying the app's turned top card would do (price, buyable, a note), S-13/T-06."""
        return buy_top_offer(self.state, self.peek) if self.peek else {}

    # -- undo -----------------------------------------------------------------------------------

    @property
    def undo_label(self) -> str:
        """What the undo button takes back, e.g. "End my turn" (empty: nothing to undo)."""
        action = self.undo_action
        if not action or action.get("type") == "create_character":
            return ""
        return action_words(action)

    @property
    def undo_crossing(self) -> dict | None:
        """The session end the undo button would go back past, with real cards (else None)."""
        guide = self.undo_guide
        return guide.crossing if guide is not None and guide.needs_confirmation else None

    # -- who deals ------------------------------------------------------------------------------

    @property
    def can_switch_dealer(self) -> bool:
        """ "The app deals for me" is chosen per session: only while none is running."""
        return self.session is None

    @property
    def hand_known(self) -> list[str]:
        session = self.session
        return list(session["hand"]["known"]) if session else []

    @property
    def hand_cards(self) -> list[str]:
        """The hand as far as the screen knows it (all of it at a virtual table)."""
        if self.table is not None and self.session:
            return self.table.hand(self.state)
        return self.hand_known

    @property
    def hand_unknown(self) -> int:
        session = self.session
        return session["hand"]["count"] - len(self.hand_known) if session else 0

    @property
    def hand_unseen(self) -> int:
        """Cards in the hand the screen can't show (none when the app deals)."""
        return 0 if self.table is not None else self.hand_unknown

    @property
    def hand_in_status(self) -> bool:
        """The status shows the hand, unless the attack controls show it to tick right below."""
        return bool(self.session) and not ("attack" in self.actions and self.hand_cards)

    # -- what can be done now -----------------------------------------------------------------

    @cached_property
    def deal_action(self) -> dict | None:
        """The input a virtual table would fill in now (peeked on a copy of the table)."""
        if self.table is None:
            return None
        copy = VirtualTable.from_dict(self.table.to_dict())
        return copy.next_action(self.state)

    @cached_property
    def deal_next(self) -> dict | None:
        """The input the deal button ends with: after a look at cards drawn into the hand
        (note_hand, done on the way), the table's input after it."""
        action = self.deal_action
        if action is None or action["type"] != "note_hand":
            return action
        copy = VirtualTable.from_dict(self.table.to_dict())
        try:
            after = engine_apply(self.state, action)
        except RuleError:
            return action
        return copy.next_action(after) or action

    @property
    def deal_label(self) -> str:
        action = self.deal_next
        return str(DEAL_LABELS.get(action["type"], gettext("Deal for me"))) if action else ""

    @property
    def main_actions(self) -> list[str]:
        """The awaited actions of the game's main path, in the order the page shows them."""
        order = (
            "start_session",
            "reveal_monster",
            "roll_monster_hp",
            "turn",
            "attack",
            "use_item",
            "end_turn",
            "save",
            "accept_death",
            "keep_hand",
            "level_up",
        )
        return [kind for kind in order if kind in self.actions]

    @property
    def side_actions(self) -> list[str]:
        """The side actions offered now: only those that can succeed (issue 12)."""
        kinds = [kind for kind in SIDE_ACTIONS if kind in self.actions]
        if self.virtual or not self.hand_unknown:
            # The app knows the hand already: nothing to note.
            kinds = [kind for kind in kinds if kind != "note_hand"]
        if not self.choices.get("buy_top_affordable", True) and not self.peek:
            # S-13: not enough gold for any card the top of the draw pile can be (a top card
            # turned already is still answered: bought or discarded).
            kinds = [kind for kind in kinds if kind != "buy_top"]
        return kinds

    @property
    def ending_alone(self) -> bool:
        """Ending the session is the only side action: its own confirming fold-out is shown in
        place of the side actions' one, which would only say the same again."""
        return self.side_actions == ["end_session"]

    @property
    def side_items(self) -> list[dict]:
        """Each side action behind its own named button: kind, title, open (in the middle of it).

        Ending the session has its own confirming fold-out already.
        """
        items = []
        for kind in self.side_actions:
            if kind == "end_session":
                items.append({"kind": kind, "title": "", "open": False})
                continue
            items.append(
                {
                    "kind": kind,
                    "title": self._side_title(kind),
                    "open": self.entry_kind == kind or (kind == "buy_top" and bool(self.peek)),
                }
            )
        return items

    def _side_title(self, kind: str) -> str:
        choices = self.choices
        if kind == "buy_back":
            cost = choices.get("buy_back_cost")
            if cost:
                return gettext("Buy a card back from the discard pile ({cost} gold)…").format(
                    cost=cost
                )
            return gettext("Buy a card back from the discard pile (free with the A♦)…")
        if kind == "buy_top":
            return gettext("Buy the top card of the draw pile (you have {gold} gold)…").format(
                gold=self.character.get("gold", 0)
            )
        if kind == "sell":
            return gettext("Sell an inventory card (Diamond class)…")
        return gettext("Note the cards in your hand ({count} the app doesn't know)…").format(
            count=self.hand_unknown
        )

    @property
    def manual_entry_hidden(self) -> bool:
        """At a virtual table the app's button replaces typing in the awaited card or dice."""
        return self.deal_action is not None

    @property
    def discard_known(self) -> list[str]:
        session = self.session
        return list(session["discard_pile"]) if session else []

    @property
    def discard_unknown(self) -> int:
        session = self.session
        return session["discard_count"] - len(session["discard_pile"]) if session else 0

    def grid(self, source: str = "any") -> list[dict]:
        """The 54 cards in blocks: one suit per block (13 cards), then the two Jokers."""
        cards = self.grid_cards(source)
        blocks = []
        for index, code in enumerate(SUITS):
            blocks.append(
                {
                    "name": SUIT_PLURALS[code],
                    "symbol": SUIT_SYMBOLS[code],
                    "red": code in ("H", "D"),
                    "cards": cards[index * 13 : index * 13 + 13],
                }
            )
        blocks.append({"name": gettext("Jokers"), "symbol": "", "red": False, "cards": cards[52:]})
        return blocks

    def grid_cards(self, source: str = "any") -> list[GridCard]:
        """The 54 cards, those known to be elsewhere greyed out with where they are.

        `source` names the place the card is taken from ("hand", "discard"): its known cards
        stay choosable (the engine still has the last word).
        """
        where = places.locations(self.state)
        allowed = {"hand": places.HAND, "discard": places.DISCARD}.get(source)
        known_top = self.choices.get("known_card")
        cards = []
        for code in DECK:
            phrase = where.get(code)
            place = "" if phrase is None or phrase == allowed else str(SHORT_PLACE.get(phrase, "?"))
            if known_top and code == known_top:
                place = ""
            cards.append(GridCard(code, _is_red(code), place, code in self.ticked))
        return cards

    @property
    def grid_any(self) -> list[dict]:
        return self.grid()

    @property
    def grid_hand(self) -> list[dict]:
        return self.grid("hand") if self.ask_hand_rank else []

    @property
    def grid_discard(self) -> list[dict]:
        return self.grid("discard")

    # -- the several-card entries (starting hand, note_hand, attack) ----------------------------

    @property
    def error_inline(self) -> bool:
        """A refusal is shown next to the control it answers (when that control is drawn)."""
        return bool(self.error and self.entry_kind in self.inline_entries)

    @property
    def inline_entries(self) -> list[str]:
        """The entries drawn now that can show a refusal beside them (at a virtual table the
        app's button replaces typing in cards and dice, so a refusal goes on top)."""
        kinds = list(self.pick_entries)
        if not self.manual_entry_hidden:
            kinds += [
                kind
                for kind in ("reveal_monster", "turn", "roll_monster_hp", "level_up")
                if kind in self.main_actions
            ]
        if not self.virtual and "buy_top" in self.side_actions:
            kinds.append("buy_top")
        if not self.virtual and "buy_back" in self.side_actions and self.discard_unknown:
            kinds.append("buy_back")
        return kinds

    @property
    def kept_buy_top(self) -> tuple[str, str]:
        """The rank and suit the top-card entry keeps tapped after a refusal (issue 28: a card
        refused as too dear stays entered for "Discard it"). Only there: where the suit tap
        enters the card, the same suit tapped again would do nothing."""
        if self.entry_kind != "buy_top":
            return "", ""
        return self.shown_rank, self.suit

    @property
    def pick_entries(self) -> list[str]:
        """The several-card entries drawn on the screen now (the picker works only in them)."""
        kinds = []
        if "start_session" in self.main_actions and not self.virtual:
            kinds.append("start_session")
        if "note_hand" in self.side_actions:
            kinds.append("note_hand")
        if "attack" in self.main_actions:
            kinds.append("attack")
        return kinds

    def entry(self, kind: str) -> Entry:
        """A several-card entry as it is drawn now (as the player left it, if it is theirs)."""
        mine = kind == self.entry_kind
        picked = list(self.picked) if mine else []
        shown = self.shown_rank if mine else ""
        target = None
        hand: list[str] = []
        ask_rank, source = True, "any"
        if kind == "start_session":
            target = self.choices.get("hand_cards")
        elif kind == "note_hand":
            target = self.hand_unknown
        elif kind == "attack":
            hand, ask_rank, source = self.hand_cards, self.ask_hand_rank, self.hand_grid_source
        suits_on = [card[-1] for card in picked if shown and card[:-1] == shown]
        suits_on += [card for card in picked if card.startswith("JK")]
        return Entry(
            kind=kind,
            url=reverse("tracker:play_action", args=[self.character_id, kind]),
            pick_url=reverse("tracker:play_pick", args=[self.character_id, kind]),
            submit=str(ENTRY_SUBMIT[kind]),
            hand=hand,
            ask_rank=ask_rank,
            source=source,
            target=target,
            picked=picked,
            ticked=list(self.ticked) if mine else [],
            typed=self.typed if mine else "",
            shown_rank=shown,
            suits_on=suits_on,
            error=self.error if mine and self.error_inline else "",
            error_rule=self.error_rule if mine else "",
            hint=self.hint if mine else "",
            unseen=self.hand_unknown if kind == "attack" else 0,
            screen=self,
        )

    @property
    def entry_start_session(self) -> Entry:
        return self.entry("start_session")

    @property
    def entry_note_hand(self) -> Entry:
        return self.entry("note_hand")

    @property
    def entry_attack(self) -> Entry:
        return self.entry("attack")

    @property
    def picker_words(self) -> dict:
        """What picker.js writes as it keeps the rank/suit picker in the page: the sentences
        of _cards_entry.html (%(…)s filled in there) and each card as text and by name."""
        return {
            "head": gettext("Picked — tap a card to take it off"),
            "head_of": gettext("Picked: %(done)s of %(target)s — tap a card to take it off"),
            "take_off": gettext("Take the %(card)s off"),
            "suits": gettext("Suits of that rank — tick one or several"),
            "suits_of": gettext("Suits of the %(rank)s — tick one or several"),
            "rank_first": gettext("Tap a rank first, then its suits."),
            "cards": {card: [card_text(card), card_name(card)] for card in DECK},
        }

    @property
    def ask_hand_rank(self) -> bool:
        """Cards of the hand the app doesn't know are named by rank and suit when played."""
        return not self.virtual and self.hand_unknown > 0

    @property
    def hand_grid_source(self) -> str:
        return "hand" if self.ask_hand_rank else ""

    @property
    def side_open(self) -> bool:
        """The fold-out opens by itself when something in it waits for the player."""
        return bool(self.peek or (self.entry_kind and self.entry_kind in self.side_actions))

    @property
    def side_summary(self) -> str:
        """The fold-out's title: what is in it."""
        words = {
            "buy_back": gettext("buy back"),
            "buy_top": gettext("buy the top card"),
            "sell": gettext("sell"),
            "note_hand": gettext("note your hand"),
            "end_session": gettext("end the session"),
        }
        listed = [words[kind] for kind in self.side_actions]
        text = _or(listed)
        return gettext("{actions}…").format(actions=text[0].upper() + text[1:])

    @property
    def item_buttons(self) -> list[dict]:
        """One button per inventory card and way of using it, worded by the engine with what it
        does ("Use the 5♣ as a Spade: 5 damage"; awaiting.choices.item_uses)."""
        return [
            {"card": use["card"], "value": f"{use['card']}:{use['as']}", "label": use["text"]}
            for use in self.choices.get("item_uses") or []
        ]

    @property
    def sell_buttons(self) -> list[dict]:
        """One button per card a Diamond character may sell (S-09), warning when selling it
        leaves nothing to save a dying character (T-22a: death at once)."""
        saves = [save["card"] for save in self.choices.get("saves") or []]
        buttons = []
        for item in self.choices.get("sellable") or []:
            label = gettext("Sell the {card} for {gold} gold").format(
                card=card_text(item["card"]), gold=item["gold"]
            )
            if self.reason == "dying" and saves == [item["card"]]:
                label = gettext(
                    "Sell the {card} for {gold} gold — your last save: you die at once"
                ).format(card=card_text(item["card"]), gold=item["gold"])
            buttons.append({"card": item["card"], "label": label})
        return buttons

    @property
    def mixed_ranks(self) -> bool:
        """S-20: the attack may mix ranks now (the A♣'s blitz, S-12)."""
        return bool(self.choices.get("mixed_ranks"))

    @property
    def mixed_ranks_hint(self):
        """How cards of different ranks could be played, when they can't be now (or None)."""
        return self.choices.get("mixed_ranks_hint")

    @property
    def discard_offer(self) -> list[str]:
        """The discard-pile cards offered for buying back (all of them at a virtual table)."""
        if self.table is not None and self.session:
            return self.table.discard_pile(self.state)
        return self.discard_known

    @property
    def dice_faces(self) -> list[str]:
        return [die_face(die) for die in self.last_dice]

    @property
    def dice_total(self) -> int:
        return sum(self.last_dice)


@dataclass
class Entry:
    """One several-card entry form: where it posts, and the cards chosen in it so far."""

    kind: str
    url: str
    pick_url: str
    submit: str
    hand: list[str]
    ask_rank: bool
    source: str
    target: int | None
    picked: list[str]
    ticked: list[str]
    typed: str
    shown_rank: str
    suits_on: list[str]
    error: str
    error_rule: str
    hint: str
    unseen: int
    screen: Screen | None = None

    @property
    def grid(self) -> list[dict]:
        """The 54-card grid of this entry (drawn on a full page; fetched when opened after a
        swap)."""
        return self.screen.grid(self.source) if self.screen and self.source else []

    @property
    def is_open(self) -> bool:
        """Whether its fold-out starts open: the player is in the middle of it."""
        return bool(self.picked or self.ticked or self.typed or self.error or self.hint)

    @property
    def picked_text(self) -> list[dict]:
        return [
            {"code": card, "text": card_text(card), "name": card_name(card)} for card in self.picked
        ]


APP_MOVES = {
    "discard pile": gettext_lazy("The app put {what} on the discard pile."),
    "bottom of draw pile": gettext_lazy("The app put {what} at the bottom of the draw pile."),
    "deck": gettext_lazy("The app gathered the cards back into the deck."),
}


def _app_moved(event: dict, named: list[str] = ()) -> dict:
    """An event that moves real cards, told as the app's own move (its table holds the cards).

    A `table` event is only the move. Other events that move a card (loot, gold, buying) read
    "what happened: where to put the card" — the app keeps what happened and says the move.
    `named`: the app's names for the cards the event only counts (it dealt them itself).
    """
    if "to" not in event:
        return event
    words = APP_MOVES.get(event["to"])
    known = [card_text(card) for card in [*(event.get("cards") or []), *named]]
    unseen = (event.get("count") or len(known)) - len(known)
    face_down = ngettext("{count} face-down card", "{count} face-down cards", unseen)
    parts = known + ([face_down.format(count=unseen)] if unseen else [])
    what = _and(parts) or gettext("them")
    moved = str(words).format(what=what) if words else ""
    if event.get("type") == "table":
        return event | {"text": moved} if moved else event
    said = say(event.get("text", ""))
    happened = said.rsplit("：" if "：" in said else ": ", 1)[0].rstrip(".。")
    return event | {
        "text": gettext("{happened}. {moved}").format(happened=happened, moved=moved).strip()
    }


# What the app did when it turned a card itself, by the reason the card was turned.
APP_TURNED = {
    "random attack": gettext_lazy("The app turned the {card} for your random attack."),
    "critical hit": gettext_lazy("The app turned the {card} for your critical hit."),
    "monster attack card": gettext_lazy(
        "The app turned the {card} from the {monster}'s attack pile."
    ),
    "monster random attack": gettext_lazy(
        "The app turned the {card} for the {monster}'s random attack."
    ),
    "monster critical hit": gettext_lazy(
        "The app turned the {card} for the {monster}'s critical hit."
    ),
    "loot": gettext_lazy("The app turned the {card} from under the {monster}: loot."),
    "jack extra card": gettext_lazy("The app turned the {card}: the Jack's extra card."),
}


def app_did(action: dict, before: dict, after: dict | None = None) -> str:
    """What the app did when it filled in a table input itself, in a sentence or two."""
    kind = action.get("type")
    fight = before.get("fight") or {}
    monster = card_text(fight["monster"]) if fight.get("monster") else gettext("monster")
    if kind == "turn":
        reason = (before.get("awaiting") or {}).get("reason", "")
        words = APP_TURNED.get(reason, gettext_lazy("The app turned the {card}."))
        return str(words).format(card=_card_words(action.get("card")), monster=monster)
    if kind == "roll_monster_hp":
        dice = [int(die) for die in action.get("dice") or []]
        return gettext("The app rolled {dice} = {total} for the {monster}'s HP.").format(
            dice=" + ".join(map(str, dice)), total=sum(dice), monster=monster
        )
    if kind == "level_up":
        (die,) = action.get("hp_dice") or [0]
        return gettext("The app rolled a {die} for your new HP.").format(die=die)
    if kind == "note_hand":
        cards = " ".join(_card_words(card) for card in action.get("cards") or [])
        return gettext("The app drew {cards} into your hand.").format(cards=cards)
    if kind == "reveal_monster":
        turned = gettext("The app turned the {card}: it is your next monster.").format(
            card=_card_words(action.get("card"))
        )
        dealt = _app_dealt(((after or {}).get("internal") or {}).get("deal") or {})
        return f"{turned} {dealt}" if dealt else turned
    if kind == "start_session":
        cards = " ".join(_card_words(card) for card in action.get("hand") or [])
        return gettext("The app dealt your hand: {cards}.").format(cards=cards)
    return ""


def _app_dealt(deal: dict) -> str:
    """The cards the app dealt face down to a new monster (S-16, S-17), in a sentence."""
    hidden, pile = deal.get("hidden") or 0, deal.get("attack_pile") or 0
    under = ngettext(
        "{count} card face down under it", "{count} cards face down under it", hidden
    ).format(count=hidden)
    attack = ngettext(
        "{count} card face down to its attack pile",
        "{count} cards face down to its attack pile",
        pile,
    ).format(count=pile)
    if hidden and pile:
        return gettext("The app dealt {under} and {attack}.").format(under=under, attack=attack)
    if hidden or pile:
        return gettext("The app dealt {cards}.").format(cards=under if hidden else attack)
    return ""


def _cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def _and(parts: list[str]) -> str:
    """``7♣, 8♥ and 2 face-down cards``, in the player's language."""
    return listing(parts, "and")


def _or(parts: list[str]) -> str:
    """``buy back, sell or end the session``, in the player's language."""
    return listing(parts, "or")


def _card_words(card) -> str:
    try:
        return card_text(parse_card(card))
    except (CardNotationError, TypeError, ValueError):
        return str(card)


def _settled(state: dict) -> dict:
    """The state once the real table matches it (engine.settled), in a duel too: there what
    is awaited is the duel's (rivals.describe), which the engine's own settling does not know."""
    if state.get("duel") is None:
        return settled(state)
    internal = state["internal"]
    if not state["events"] and not internal["deal"] and not internal["refill"]:
        return state
    new = copy.deepcopy(state)
    new["events"] = []
    new["internal"]["deal"] = None
    new["internal"]["refill"] = 0
    new["awaiting"] = describe(new)
    return new


def action_words(action: dict) -> str:
    """A logged action in a few player words: "Attack with 7♣ 7♥", "End my turn"."""
    kind = action.get("type", "")
    words = UNDO_WORDS.get(kind)
    if words is None:
        return kind.replace("_", " ").capitalize()
    cards = " ".join(_card_words(card) for card in action.get("cards") or [])
    card = _card_words(action.get("card", ""))
    if kind == "keep_hand" and not action.get("keep"):
        return gettext("Discard my hand")
    if kind == "buy_top" and not action.get("buy"):
        return gettext("Discard the top card ({card})").format(card=card)
    if kind == "start_session" and action.get("hand"):
        return gettext("Start the session")
    return str(words).format(cards=cards, card=card, name=action.get("name", ""))


def _percent(value: int, total: int) -> int:
    return max(0, min(100, round(100 * value / total))) if total else 0


def _is_red(code: str) -> bool:
    return code == "JK2" or code[-1] in ("H", "D")


RANK_BUTTONS = RANKS
SUIT_BUTTONS = [
    (code, SUIT_SYMBOLS[code], code in ("H", "D"), SUIT_PLURALS[code]) for code in SUITS
]
