"""The working copy one action is applied to: its views on the state, its events, the action's
fields read, and the words the table's card moves use (read by every phase of the play).
"""

from collections import Counter

from ..cards import DECK, cards_text, rank, suit
from ..dice import DiceError, check_dice
from ..errors import RuleError
from ..text import _
from .rulebook import normalise_card
from .ruleset import Ruleset

# Where a card named for a face-down or unseen place was expected ("… so it can't be {wanted}").
ON_TOP = _("on top of the draw pile")
IN_HAND = _("in your hand")
IN_DISCARD = _("in the discard pile")
IN_ATTACK_PILE = _("in the monster's attack pile")
UNDER_MONSTER = _("under the monster")

# Where a `table` event tells the player to put real cards (its `to` field).
TO_DISCARD = "discard pile"
TO_BOTTOM = "bottom of draw pile"
TO_HAND = "hand"
TO_INVENTORY = "inventory"
TO_DECK = "deck"


def fresh_internal(step: str) -> dict:
    """What the play keeps to itself at a step, as it is when `step` begins."""
    return {
        "step": step,
        "pending": [],  # reasons of the cards still to turn, the first one awaited now
        "deadly": False,  # the pending death is a deadly blow: only the A♥ saves (T-12)
        "free_buy_used": False,  # T-03 once_per_fight: the A♦'s free buy-back of this fight
        "refill": 0,  # cards the fight's end just drew into the hand (T-07), said with it once
        "deal": None,  # cards just dealt to a monster (S-16, S-17), said with it once
        "random_cards": [],  # the play's face cards/Jokers whose random attacks are not done yet
    }


class PlayBase:
    """One action applied to a working copy of the state (mutated in place): what every phase
    of the play reads and writes through."""

    def __init__(self, state: dict):
        self.state = state
        self.internal = state["internal"]
        self.events = state["events"]

    # -- views on the state -------------------------------------------------------------------

    @property
    def character(self) -> dict:
        return self.state["character"]

    @property
    def session(self) -> dict:
        return self.state["session"]

    @property
    def cards(self) -> dict:
        return self.state["cards"]

    @property
    def fight(self) -> dict:
        return self.state["fight"]

    @property
    def ruleset(self) -> Ruleset:
        return Ruleset.from_dict(self.character["ruleset"])

    @property
    def hand(self) -> dict:
        return self.session["hand"]

    def hand_count(self) -> int:
        return len(self.hand["known"]) + len(self.cards["hand_unknown"])

    def draw_count(self) -> int:
        return self.cards["draw_unknown"] + len(self.cards["draw_bottom"])

    def class_rank(self) -> str:
        return rank(self.character["class"])

    def class_suit(self) -> str:
        return suit(self.character["class"])

    def set_step(self, step: str) -> None:
        self.internal["step"] = step

    def event(self, kind: str, rule: str, text: str, **data) -> None:
        self.events.append({"type": kind, "rule": rule, "text": text, **data})

    def move(self, cards: list, to: str, rule: str, text: str, count: int | None = None) -> None:
        """A `table` event: what the player does with real cards (`cards` = the known ones;
        `unseen` = the deal numbers of the cards nobody has seen, when there are any)."""
        known = [card for card in cards if isinstance(card, str)]
        unseen = [slot for slot in cards if isinstance(slot, int)]
        count = len(cards) if count is None else count
        extra = {"unseen": unseen} if unseen else {}
        self.event("table", rule, text, cards=known, to=to, count=count, **extra)

    # -- dispatch -----------------------------------------------------------------------------

    def handle(self, kind: str, action: dict) -> None:
        getattr(self, "do_" + kind)(action)

    # -- reading action fields ----------------------------------------------------------------

    @staticmethod
    def card_field(action: dict, field: str = "card") -> str:
        if action.get(field) in (None, ""):
            raise RuleError("T-01", _("name the card first"))
        return normalise_card(action[field])

    @staticmethod
    def cards_field(
        action: dict,
        field: str = "cards",
        rule: str = "S-20",
        what: str = _("choose at least one card from your hand to attack with"),
    ) -> list[str]:
        given = action.get(field)
        if not isinstance(given, list) or not given:
            raise RuleError(rule, what)
        if len(given) > len(DECK):
            # S-01: no list can name more cards than the deck holds; refused before any card
            # is read, however long the list.
            raise RuleError(
                "S-01",
                _(
                    "the deck holds {deck} cards, so a list of {count} cards can't be right",
                    deck=len(DECK),
                    count=len(given),
                ),
            )
        cards = [normalise_card(card) for card in given]
        doubles = sorted(card for card, times in Counter(cards).items() if times > 1)
        if doubles:
            raise RuleError(
                "S-01", _("each card exists once: {cards} named twice", cards=cards_text(doubles))
            )
        return cards

    @staticmethod
    def dice_field(action: dict, field: str, count: int, rule: str, what: str) -> list[int]:
        try:
            return check_dice(action.get(field), count)
        except DiceError as exc:
            raise RuleError(rule, _("{what}: {problem}", what=what, problem=exc.args[0])) from None

    @staticmethod
    def bool_field(action: dict, field: str, rule: str, question: str) -> bool:
        given = action.get(field)
        if not isinstance(given, bool):
            raise RuleError(rule, _("{question}? Answer yes or no", question=question))
        return given
