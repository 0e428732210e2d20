"""Card RPG – Advanced's numbers and the engine's steps, read by the engine and by what it
awaits (awaiting.py, which builds `awaiting` from a state without importing the engine)."""

from math import ceil

from ..cards import CardNotationError, card_text, is_ace, is_number, parse_card, suit, value
from ..errors import RuleError
from ..text import _

MAX_LEVEL = 10
STR_LEVELS = (3, 5, 7, 9)  # T-20: STR +1 on reaching these levels
XP_PER_LEVEL = 10  # T-19: XP needed = 10 × current level
ACE_PRICE = 20  # S-13: an Ace costs 20 gold to buy

# The steps the engine can wait in, and the action types each one lets through to a handler
# (the handler then checks the details and names the rule it refuses by).
STEP_ACTIONS = {
    "create": ("create_character",),
    "no_session": ("start_session",),
    "between": ("reveal_monster", "buy_back", "buy_top", "end_session", "sell", "note_hand"),
    "monster_hp": ("roll_monster_hp", "sell", "note_hand"),
    "character_turn": ("attack", "use_item", "buy_back", "end_turn", "sell", "note_hand"),
    "turn": ("turn", "sell", "note_hand"),
    "save": ("save", "accept_death", "sell", "note_hand"),
    "keep_hand": ("keep_hand", "note_hand"),
    "level_up": ("level_up", "sell", "note_hand"),
}

# Why a card is turned (awaiting.reason of a `turn`), in a player's words: each equals its key, so
# it serves as the key too.
TURN_REASONS = {
    "random attack": _("random attack"),
    "critical hit": _("critical hit"),
    "monster attack card": _("monster attack card"),
    "monster random attack": _("monster random attack"),
    "monster critical hit": _("monster critical hit"),
    "loot": _("loot"),
    "jack extra card": _("jack extra card"),
}
# Where each turned card comes from and whose it is.
TURN_SOURCE = {
    "random attack": "draw_pile",
    "critical hit": "draw_pile",
    "monster attack card": "attack_pile",
    "monster random attack": "draw_pile",
    "monster critical hit": "draw_pile",
    "loot": "hidden",
    "jack extra card": "draw_pile",
}
TURN_SIDE = {
    "random attack": "character",
    "critical hit": "character",
    "monster attack card": "monster",
    "monster random attack": "monster",
    "monster critical hit": "monster",
    "loot": "loot",
    "jack extra card": "loot",
}
TURN_RULE = {
    "random attack": "S-21",
    "critical hit": "T-12",
    "monster attack card": "T-13",
    "monster random attack": "T-13",
    "monster critical hit": "T-12",
    "loot": "T-17",
    "jack extra card": "S-07",
}
CRITICAL = ("critical hit", "monster critical hit")
# T-12/T-13: a face card turned for an attack escalates: attack card -> random attack ->
# critical hit; a critical hit goes on until a number card comes.
ESCALATE = {
    "monster attack card": "monster random attack",
    "monster random attack": "monster critical hit",
    "monster critical hit": "monster critical hit",
    "random attack": "critical hit",
    "critical hit": "critical hit",
}


def hp_dice_count(level: int) -> int:
    """How many d6 make a monster's HP at this character level (S-18)."""
    if level <= 2:
        return 3
    if level <= 5:
        return 5
    if level <= 8:
        return 7
    return 10


def start_hand_size(character: dict) -> int:
    """Cards dealt at a session's start: STR in the very first session, else ceil(STR/2) (S-14)."""
    strength = character["str"]
    return strength if character["sessions"] == 0 else ceil(strength / 2)


def normalise_card(text) -> str:
    """The normal form of a card in any T-01 notation (``"10♠"`` -> ``"10S"``); RuleError if not."""
    try:
        return parse_card(text)
    except CardNotationError as exc:
        raise RuleError("T-01", exc.args[0]) from None


def buy_top_offer(state: dict, card) -> dict:
    """What buying this top card would do, to show before the player decides (S-13, T-06)."""
    card = normalise_card(card)
    gold = state["character"]["gold"] if state["character"] else 0
    if not is_number(card):
        return {
            "card": card,
            "buyable": False,
            "price": None,
            "affordable": False,
            "note": _("The {card} can't be bought: it is discarded (S-13).", card=card_text(card)),
        }
    price = ACE_PRICE if is_ace(card) else value(card)
    note = _(
        "The {card} costs {price} gold; you have {gold}.",
        card=card_text(card),
        price=price,
        gold=gold,
    )
    if suit(card) == "D" and card != "AD":
        note = _(
            "{note} A Diamond turns straight back into gold: buying it nets zero (T-06).",
            note=note,
        )
    if price > gold:
        note = _("{note} Too dear: it is discarded (S-13).", note=note)
    return {
        "card": card,
        "buyable": price <= gold,
        "price": price,
        "affordable": price <= gold,
        "note": note,
    }
