"""One-line reminders of what cards do for a character, in the player's words.

Help text only: the engine decides what is legal; these lines restate the rulebook so a
record sheet can say what an inventory card or a class card is good for, with its rule ID.
"""

from django.utils.translation import gettext, gettext_noop

from tracker.core.i18n import say
from tracker.rules.cards import SUIT_NAMES, SUIT_SYMBOLS, is_ace, rank, suit, value

ACE_POWERS = {
    "AS": (
        "S-12",
        gettext_noop("kills the current monster outright; then to the bottom of the draw pile."),
    ),
    "AH": (
        "S-12",
        gettext_noop(
            "if you die while holding it, HP back to full; the only save from a Joker's deadly blow."
        ),
    ),
    "AD": (
        "S-12",
        gettext_noop("luck gem: pays for buy-backs from the discard pile (T-03); never spent."),
    ),
    "AC": (
        "S-12",
        gettext_noop("blitz: your next play may be any cards from the hand, whatever their ranks."),
    ),
}

CLASS_ABILITIES = {
    "J": ("S-07", gettext_noop("Jack, thrifty: one extra card with every loot.")),
    "Q": ("S-07", gettext_noop("Queen, knowledgeable: keeps XP when killed.")),
    "K": ("S-07", gettext_noop("King, powerful: when killed, may keep the hand.")),
}


def item_power(card: str) -> tuple[str, str]:
    """(rule ID, one line) saying what an inventory card does when played (S-10, S-12)."""
    if is_ace(card):
        rule, text = ACE_POWERS[card]
        return rule, gettext(text)
    points = {"points": value(card)}
    match suit(card):
        case "S":
            return "S-10", gettext("deals %(points)s damage before your turn's first attack.") % (
                points
            )
        case "H":
            return "S-10", gettext(
                "saves your life: below 0 HP you live on with %(points)s HP."
            ) % (points)
        case "C":
            return "S-10", gettext("one extra attack this turn (any rank).")
        case _:
            # A Diamond turns into gold as it arrives (S-10); a Diamond class can sell any card.
            return "S-09", gettext("sells for %(points)s gold (Diamond class).") % points


def class_ability(card: str) -> tuple[str, str]:
    """(rule ID, one line) for the class card's rank (S-07)."""
    rule, text = CLASS_ABILITIES[rank(card)]
    return rule, gettext(text)


def class_suit(card: str) -> tuple[str, str]:
    """(rule ID, one line) for the class card's suit (S-08, and S-09 for Diamonds)."""
    letter = suit(card)
    params = {"symbol": SUIT_SYMBOLS[letter], "suit": say(SUIT_NAMES[letter])}
    if letter == "D":
        line = gettext(
            "Class suit %(symbol)s: any inventory card can be played as a %(suit)s (2–10; an Ace "
            "keeps its own power). You may also sell inventory cards for their value."
        )
        return "S-08, S-09", line % params
    line = gettext(
        "Class suit %(symbol)s: any inventory card can be played as a %(suit)s (2–10; an Ace keeps "
        "its own power)."
    )
    return "S-08", line % params
