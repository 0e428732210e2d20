"""One-line reminders of what cards do for a character, in the player's words.

Help text only: the engine decides what is legal; these lines restate the rulebook so a
record sheet can say what an inventory card or a class card is good for, with its rule ID.
"""

from tracker.rules.cards import SUIT_NAMES, SUIT_SYMBOLS, is_ace, rank, suit, value

ACE_POWERS = {
    "AS": ("S-12", "kills the current monster outright; then to the bottom of the draw pile."),
    "AH": (
        "S-12",
        "if you die while holding it, HP back to full; the only save from a Joker's deadly blow.",
    ),
    "AD": ("S-12", "luck gem: pays for buy-backs from the discard pile (T-03); never spent."),
    "AC": ("S-12", "blitz: your next play may be any cards from the hand, whatever their ranks."),
}

CLASS_ABILITIES = {
    "J": ("S-07", "Jack, thrifty: one extra card with every loot."),
    "Q": ("S-07", "Queen, knowledgeable: keeps XP when killed."),
    "K": ("S-07", "King, powerful: when killed, may keep the hand."),
}


def item_power(card: str) -> tuple[str, str]:
    """(rule ID, one line) saying what an inventory card does when played (S-10, S-12)."""
    if is_ace(card):
        return ACE_POWERS[card]
    points = value(card)
    match suit(card):
        case "S":
            return "S-10", f"deals {points} damage before your turn's first attack."
        case "H":
            return "S-10", f"saves your life: below 0 HP you live on with {points} HP."
        case "C":
            return "S-10", "one extra attack this turn (any rank)."
        case _:
            # A Diamond turns into gold as it arrives (S-10); a Diamond class can sell any card.
            return "S-09", f"sells for {points} gold (Diamond class)."


def class_ability(card: str) -> tuple[str, str]:
    """(rule ID, one line) for the class card's rank (S-07)."""
    return CLASS_ABILITIES[rank(card)]


def class_suit(card: str) -> tuple[str, str]:
    """(rule ID, one line) for the class card's suit (S-08, and S-09 for Diamonds)."""
    letter = suit(card)
    line = (
        f"Class suit {SUIT_SYMBOLS[letter]}: any inventory card can be played as a "
        f"{SUIT_NAMES[letter]} (2–10; an Ace keeps its own power)."
    )
    if letter == "D":
        return "S-08, S-09", line + " You may also sell inventory cards for their value."
    return "S-08", line
