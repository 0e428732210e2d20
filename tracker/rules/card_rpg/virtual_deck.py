"""A virtual table for Card RPG – Advanced: a seeded deck and dice that deal like a player would.

The table shuffles the deck at each session start and keeps that physical order. It needs no
report of what happened: every call reads the engine state it is given and derives what is
where from it (the engine gives each face-down card its deal number, its position in the
session's shuffled deck). So the same table can follow undo, buy-backs, cards typed in by hand,
or even a state it has never seen (it then deals a consistent random order for the unseen
cards). Its whole state is JSON: ``to_dict()`` / ``VirtualDeck.from_dict()``.
"""

from ..cards import DECK
from ..virtual import RandomSource, reconcile_order
from . import places, rulebook
from .ruleset import Ruleset

INPUT_STEPS = ("no_session", "between", "monster_hp", "turn", "level_up")
UNSET = "?"  # a place of the stored deck order with no card dealt to it yet


class VirtualDeck:
    """Seeded virtual deck and dice producing the card and dice inputs the engine awaits."""

    def __init__(self, seed=None):
        self.source = RandomSource(seed)
        self.session: int | None = None  # the session number `order` was shuffled for
        self.order: list[str | None] = []  # the session's deck, top first, by deal number

    # -- persistence --------------------------------------------------------------------------

    def to_dict(self) -> dict:
        """JSON-serialisable state (store it between requests).

        The deck's order is one string of cards ("QS 7H ? …", ? for a place not dealt yet):
        it is stored with every log entry where the table changed, and a string is a third of
        the size of a list of strings.
        """
        order = " ".join(UNSET if card is None else card for card in self.order)
        return {"random": self.source.to_dict(), "session": self.session, "order": order}

    @classmethod
    def from_dict(cls, data: dict) -> "VirtualDeck":
        """Rebuild a table from `to_dict`'s output."""
        table = cls.__new__(cls)
        table.source = RandomSource.from_dict(data["random"])
        table.session = data["session"]
        order = data["order"]
        if isinstance(order, str):
            order = [None if card == UNSET else card for card in order.split()]
        table.order = list(order)  # a list: how tables were stored before
        return table

    # -- dice and character creation ---------------------------------------------------------

    def roll(self, count: int) -> list[int]:
        """Roll `count` d6."""
        return self.source.roll(count)

    def create_character(self, name: str, class_card: str, ruleset: dict | None = None) -> dict:
        """A create_character action with the creation dice rolled (T-02)."""
        count = Ruleset.from_dict(ruleset).creation_dice_count
        action = {
            "type": "create_character",
            "name": name,
            "class": class_card,
            "str_dice": self.roll(count),
            "hp_dice": self.roll(count),
        }
        if ruleset is not None:
            action["ruleset"] = dict(ruleset)
        return action

    # -- the next input -----------------------------------------------------------------------

    def next_action(self, state: dict) -> dict | None:
        """The card or dice input the engine awaits now, or None when the player must decide.

        Between fights this is the next monster (``reveal_monster``); the player may first buy,
        sell or end the session instead. Unknown cards in the hand are noted first
        (``note_hand``), as a player looks at the cards drawn.
        """
        step = state["internal"]["step"]
        if step not in INPUT_STEPS:
            return None
        if step == "no_session":
            return {"type": "start_session", "hand": self._shuffle(state)}
        self._sync(state)
        hand_unknown = state["cards"]["hand_unknown"]
        if hand_unknown:
            return {"type": "note_hand", "cards": [self.order[i] for i in hand_unknown]}
        if step == "between":
            return {"type": "reveal_monster", "card": self.top_card(state)}
        if step == "monster_hp":
            return {"type": "roll_monster_hp", "dice": self.roll(state["fight"]["hp_dice"])}
        if step == "level_up":
            return {"type": "level_up", "hp_dice": self.roll(1)}
        return {"type": "turn", "card": self._next_turned(state)}

    def top_card(self, state: dict) -> str | None:
        """The card on top of the draw pile now (None if it is empty or there is no session)."""
        if state["cards"] is None:
            return None
        self._sync(state)
        cards = state["cards"]
        if cards["draw_unknown"]:
            return self.order[cards["dealt"]]
        return cards["draw_bottom"][0] if cards["draw_bottom"] else None

    def buy_top(self, state: dict, buy: bool) -> dict:
        """A buy_top action for the real top card (S-13)."""
        return {"type": "buy_top", "card": self.top_card(state), "buy": buy}

    def hand(self, state: dict) -> list[str]:
        """Every card really in the hand, known to the engine or not."""
        if state["cards"] is None:
            return []
        self._sync(state)
        known = state["session"]["hand"]["known"]
        return list(known) + [self.order[i] for i in state["cards"]["hand_unknown"]]

    def discard_pile(self, state: dict) -> list[str]:
        """Every card really in the discard pile (a player can look through it to buy back)."""
        if state["cards"] is None:
            return []
        self._sync(state)
        known = state["session"]["discard_pile"]
        return list(known) + [self.order[i] for i in state["cards"]["discard_unknown"]]

    # -- keeping the secret order consistent with the engine ------------------------------------

    def _shuffle(self, state: dict) -> list[str]:
        """S-14: take the class card (and the inventory, T-04) out, shuffle, deal the hand."""
        character = state["character"]
        out = {character["class"], *character["inventory"]}
        deck = [card for card in DECK if card not in out]
        number = character["sessions"] + 1
        # The same session asked again (e.g. after undoing start_session) deals the same cards.
        if self.session != number or set(self.order) != set(deck):
            self.order = self.source.shuffled(deck)
            self.session = number
        size = min(rulebook.start_hand_size(character), len(deck))
        return self.order[:size]

    def _sync(self, state: dict) -> None:
        """Make the secret order agree with the engine's knowledge of the cards."""
        cards = state["cards"]
        total = cards["dealt"] + cards["draw_unknown"]
        live = places.live_deal_numbers(state)
        unknown = places.unknown_cards(state)
        number = state["session"]["number"]
        same_deal = self.session == number and len(self.order) == total
        if same_deal and reconcile_order(self.order, live, unknown, self.source):
            return
        # A state this table did not deal (or could not follow): deal the unseen cards afresh.
        self.session = number
        self.order = [None] * total
        unseen = self.source.shuffled(sorted(unknown, key=DECK.index))
        for position, card in zip(sorted(live), unseen, strict=True):
            self.order[position] = card

    def _next_turned(self, state: dict) -> str:
        reason = state["internal"]["pending"][0]
        source = rulebook.TURN_SOURCE[reason]
        if source == "draw_pile":
            return self.top_card(state)
        slot = state["cards"][source][0]
        return slot if isinstance(slot, str) else self.order[slot]
