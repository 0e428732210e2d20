"""Where each card is (BT-02) and what follows from it: the deck, locked cards, base skills.

The deck is never stored: every registered card that is nowhere else is in it. A card is in
exactly one place: the draw deck, the ready hand, the exhausted hand, the current encounter (a
card drawn from the deck for it), waiting at its home location, or set aside (the Player Card
before `setup`).
"""

from ..text import _
from .catalogue import SKILLS, TRADE_COMMON, TRADE_UNCOMMON, has_class, split_terrain

DECK = "deck"
READY = "ready"
EXHAUSTED = "exhausted"
ENCOUNTER = "encounter"
WAITING = "waiting"
ASIDE = "aside"
UNKNOWN = "unknown"
PLAYING = "playing"
OVER = ("won", "dead", "removed", "ended")


def player_card(state: dict) -> str | None:
    """The id of the Player Card, once registered."""
    return state["internal"]["player_card"]


def place_of(state: dict, card: str) -> str:
    """Where `card` is now: deck, ready, exhausted, encounter, waiting, aside or unknown."""
    if card not in state["catalogue"]:
        return UNKNOWN
    if card in state["ready"]:
        return READY
    if card in state["exhausted"]:
        return EXHAUSTED
    if card in state["waiting"]:
        return WAITING
    encounter = state["encounter"]
    if encounter is not None and encounter["card"] == card and encounter["from_hand"] is None:
        return ENCOUNTER
    if card == player_card(state) and state["status"] in ("new", "setup"):
        return ASIDE
    return DECK


def place_words(state: dict, card: str):
    """Where `card` is, in a player's words ("in the exhausted hand")."""
    place = place_of(state, card)
    if place == WAITING:
        home = state["waiting"][card]
        return _("waiting at {place} on {map}", place=home["location"], map=home["map"])
    return {
        DECK: _("in the draw deck"),
        READY: _("in the ready hand"),
        EXHAUSTED: _("in the exhausted hand"),
        ENCOUNTER: _("the current encounter's card"),
        ASIDE: _("set aside until setup"),
        UNKNOWN: _("not in the catalogue"),
    }[place]


def deck_cards(state: dict) -> list[str]:
    """The registered cards in the draw deck, in catalogue order."""
    return [card for card in state["catalogue"] if place_of(state, card) == DECK]


def locked_card(state: dict) -> str | None:
    """The encounter card taken from a hand (B-19, BT-06): locked while its encounter lasts."""
    encounter = state["encounter"]
    if encounter is not None and encounter["from_hand"] is not None:
        return encounter["card"]
    return None


def is_discardable(state: dict, card: str) -> bool:
    """A card in either hand that is not a map, not the Player Card and not locked (B-29)."""
    if card not in state["ready"] and card not in state["exhausted"]:
        return False
    kind = state["catalogue"][card]["kind"]
    return kind not in ("map", "player") and card != locked_card(state)


def discardable_cards(state: dict) -> list[str]:
    """The cards that may be discarded or given in trade now (Curses included, B-29)."""
    return [card for card in state["ready"] + state["exhausted"] if is_discardable(state, card)]


def restorable_cards(state: dict) -> list[str]:
    """The cards of the exhausted hand that may be restored (all but a locked one)."""
    locked = locked_card(state)
    return [card for card in state["exhausted"] if card != locked]


def reusable_cards(state: dict) -> list[str]:
    """The Reusable cards of the exhausted hand that may be restored by the offer (BT-12)."""
    catalogue = state["catalogue"]
    return [card for card in restorable_cards(state) if has_class(catalogue[card], "Reusable")]


def base_skills(state: dict) -> dict[str, int]:
    """The six base skills of BT-08, from the cards in hand."""
    catalogue = state["catalogue"]
    skills = dict.fromkeys(SKILLS, 0)
    player = player_card(state)
    if player is not None and state["status"] not in ("new", "setup"):
        for skill, value in catalogue[player]["skills"].items():
            skills[skill] += value
    for card in state["ready"]:
        entry = catalogue[card]
        if entry["kind"] == "map":
            adds = entry["bonus"]
        elif has_class(entry, "Skill") or has_class(entry, "Curse"):
            adds = entry["modifiers"]
        else:
            continue
        for skill, value in adds.items():
            skills[skill] += value
    for card in state["exhausted"]:
        entry = catalogue[card]
        # A Curse counts in either hand, even locked for an encounter; a Skill only while
        # ready (B-23), so a locked card's Skill never counts.
        if has_class(entry, "Curse"):
            for skill, value in entry["modifiers"].items():
                skills[skill] += value
    return skills


def current_location(state: dict) -> dict | None:
    """The catalogue entry of the location where Vince stands ({name, lay_low, terrains})."""
    where = state["location"]
    if where is None:
        return None
    entry = state["catalogue"].get(where["map"])
    for location in entry["locations"]:
        if location["name"] == where["location"]:
            return location
    return None


def terrain_modifiers(state: dict) -> dict[str, int]:
    """The terrain types of Vince's location with their modifiers ({"G": 2, "C": 0})."""
    location = current_location(state)
    if location is None:
        return {}
    return dict(split_terrain(text) for text in location["terrains"])


def waiting_here(state: dict) -> list[str]:
    """The Unique items waiting at Vince's location (B-30)."""
    where = state["location"]
    return [card for card, home in state["waiting"].items() if home == where]


def lay_low_allowed(state: dict) -> bool:
    """BT-04: an encounter here last turn, none suspended, and a lay-low value here."""
    if state["status"] != PLAYING or state["interlude"] or state["phase"] != "lay_low":
        return False
    encounter = state["encounter"]
    if encounter is not None and encounter["suspended"]:
        return False
    location = current_location(state)
    return bool(state["encounter_here_last_turn"]) and location["lay_low"] is not None


def trade_classes(state: dict) -> list[str]:
    """The item classes a trade may buy at Vince's location (B-33)."""
    types = terrain_modifiers(state)
    classes = []
    if any(kind in types for kind in TRADE_COMMON):
        classes.append("Common")
    if any(kind in types for kind in TRADE_UNCOMMON):
        classes.append("Uncommon")
    return classes


def trade_cost(item_class: str) -> int:
    """How many cards a trade for this class gives up at least (B-33)."""
    return 4 if item_class == "Uncommon" else 2
