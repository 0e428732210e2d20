"""Where the 54 cards are: known cards by place, unknown cards by count (S-01, T-08a).

The state keeps every card in exactly one place. Known cards are listed (inventory, the known
part of the hand and of the discard pile, the cards put at the bottom of the draw pile, the
monster, face-up cards on the table, face-down cards whose identity is known). Unknown cards are
counted; each carries its *deal number* — its position in the session's shuffled deck, counted
from the top — so a virtual deck can say which real card sits there.
"""

from ..cards import DECK, card_text
from ..text import _

# How a refusal says where a card is: "the 7♣ is in the discard pile".
CLASS_CARD = _("is your class card, out of the deck")
INVENTORY = _("is in your inventory")
HAND = _("is in your hand")
DISCARD = _("is in the discard pile")
DRAW_BOTTOM = _("is at the bottom of the draw pile")
MONSTER = _("is the monster")
HIDDEN = _("is face down under the monster")
ATTACK_PILE = _("is in the monster's attack pile")
TABLE = _("is on the table, played or turned this turn")


def locations(state: dict) -> dict[str, str]:
    """Map every card whose place is known to a phrase saying where it is."""
    where: dict[str, str] = {}
    character = state["character"]
    if character is None:
        return where
    where[character["class"]] = CLASS_CARD
    for card in character["inventory"]:
        where[card] = INVENTORY
    session = state["session"]
    if session is None:
        return where
    for card in session["hand"]["known"]:
        where[card] = HAND
    for card in session["discard_pile"]:
        where[card] = DISCARD
    cards = state["cards"]
    for card in cards["draw_bottom"]:
        where[card] = DRAW_BOTTOM
    fight = state["fight"]
    if fight is not None:
        where[fight["monster"]] = MONSTER
        for card in fight["table"]:
            where[card] = TABLE
        for slot in cards["hidden"]:
            if isinstance(slot, str):
                where[slot] = HIDDEN
        for slot in cards["attack_pile"]:
            if isinstance(slot, str):
                where[slot] = ATTACK_PILE
    return where


def unknown_cards(state: dict) -> set[str]:
    """The cards nobody has seen since the last shuffle (they may be in any unknown place)."""
    return set(DECK).difference(locations(state))


def live_deal_numbers(state: dict) -> list[int]:
    """Deal numbers of the unknown cards still face down somewhere or not yet dealt."""
    cards = state["cards"]
    if cards is None:
        return []
    live = list(cards["hand_unknown"]) + list(cards["discard_unknown"])
    live += [slot for slot in cards["hidden"] + cards["attack_pile"] if isinstance(slot, int)]
    live += range(cards["dealt"], cards["dealt"] + cards["draw_unknown"])
    return live


def card_census(state: dict) -> dict[str, int]:
    """How many cards are in each place; the counts always add up to 54 (S-01)."""
    character, session, fight = state["character"], state["session"], state["fight"]
    census = {"class": 0, "inventory": 0, "deck": 0, "draw_pile": 0, "hand": 0, "discard_pile": 0}
    census |= {"monster": 0, "hidden": 0, "attack_pile": 0, "table": 0}
    if character is None:
        census["deck"] = len(DECK)
        return census
    census["class"] = 1
    census["inventory"] = len(character["inventory"])
    if session is None:
        census["deck"] = len(DECK) - 1 - census["inventory"]
        return census
    census["draw_pile"] = session["draw_pile"]
    census["hand"] = session["hand"]["count"]
    census["discard_pile"] = session["discard_count"]
    if fight is not None:
        census["monster"] = 1
        census["hidden"] = fight["hidden"]
        census["attack_pile"] = fight["attack_pile"]
        census["table"] = len(fight["table"])
    return census


def check_cards(state: dict) -> None:
    """Raise AssertionError unless the 54 cards are all accounted for, each in one place."""
    census = card_census(state)
    assert sum(census.values()) == len(DECK), f"cards not conserved: {census}"
    character, session, fight = state["character"], state["session"], state["fight"]
    if character is None:
        return
    known = [character["class"], *character["inventory"]]
    if session is None:
        assert state["cards"] is None
        assert len(known) == len(set(known)), f"a card is in two places: {known}"
        return
    cards = state["cards"]
    hand = session["hand"]
    assert hand["count"] == len(hand["known"]) + len(cards["hand_unknown"]), hand
    assert session["discard_count"] == len(session["discard_pile"]) + len(cards["discard_unknown"])
    assert session["draw_pile"] == cards["draw_unknown"] + len(cards["draw_bottom"])
    known += hand["known"] + session["discard_pile"] + cards["draw_bottom"]
    if fight is not None:
        assert fight["hidden"] == len(cards["hidden"])
        assert fight["attack_pile"] == len(cards["attack_pile"])
        known += [fight["monster"], *fight["table"]]
        known += [slot for slot in cards["hidden"] + cards["attack_pile"] if isinstance(slot, str)]
    else:
        assert not cards["hidden"] and not cards["attack_pile"]
    assert len(known) == len(set(known)), f"a card is in two places: {sorted(known)}"
    live = live_deal_numbers(state)
    assert len(live) == len(set(live)), f"a deal number is in two places: {live}"
    assert len(live) == len(DECK) - len(known), "unknown cards miscounted"


def describe_place(card: str, phrase: str) -> str:
    """``the 7♣ is in the discard pile``."""
    return _("the {card} {place}", card=card_text(card), place=phrase)
