"""What the game waits for: ``awaiting`` = action type(s), reason, a sentence telling the player
what to do at the table, the rule it comes from, and the small sets of legal choices.

Everything a screen needs to offer the right buttons is here, so templates hold no rules.
"""

from ..cards import DECK, FACE_CARDS, card_text, is_ace, is_number, value
from . import engine
from .ruleset import Ruleset

REASONS = {
    "create": "new character",
    "no_session": "no session",
    "between": "between fights",
    "monster_hp": "monster HP",
    "character_turn": "your turn",
    "save": "dying",
    "keep_hand": "king's death",
    "level_up": "level up",
}
# S-13: the price of the cheapest card the top of the draw pile can sell (a 2).
CHEAPEST_BUY = min(
    engine.ACE_PRICE if is_ace(card) else value(card) for card in DECK if is_number(card)
)

RULES = {
    "create": "S-04",
    "no_session": "S-14",
    "between": "S-16",
    "monster_hp": "S-18",
    "character_turn": "S-20",
    "save": "T-22a",
    "keep_hand": "S-07",
    "level_up": "T-20",
}


def describe(state: dict) -> dict:
    """Build the `awaiting` dict for a state."""
    step = state["internal"]["step"]
    play = engine._Play(state)
    instruction, choices = _STEPS[step](state, play)
    reason = REASONS.get(step) or state["internal"]["pending"][0]
    rule = RULES.get(step) or engine.TURN_RULE[reason]
    types = _available(state, play, choices)
    return {
        "action": types[0] if len(types) == 1 else types,
        "reason": reason,
        "instruction": instruction,
        "rule": rule,
        "choices": choices,
    }


def _available(state: dict, play, choices: dict) -> list[str]:
    """The step's action types that have at least one acceptable instance now."""
    step = state["internal"]["step"]
    session = state["session"]
    types = []
    for kind in engine.STEP_ACTIONS[step]:
        if kind == "note_hand" and session["hand"]["count"] == 0:
            continue
        if kind == "sell" and not choices.get("sellable"):
            continue
        if kind == "buy_back" and not choices.get("buy_back"):
            continue
        if kind == "buy_top" and not choices.get("buy_top"):
            continue
        if kind == "attack" and not choices.get("attacks_left"):
            continue
        if kind == "use_item" and not choices.get("usable_items"):
            continue
        types.append(kind)
    return types


def _dice_text(count: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'}"


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def _common(state: dict, play) -> dict:
    """Choices shown at any point of a session: the hand, gold, what may be sold."""
    character, session = state["character"], state["session"]
    choices = {"gold": character["gold"]}
    if session is not None:
        hand = session["hand"]
        choices["hand"] = {"count": hand["count"], "known": list(hand["known"])}
        # S-09: a Diamond character may sell even while dying (T-22a), never once dead (T-22).
        if state["internal"]["step"] != "keep_hand":
            sellable = [{"card": card, "gold": value(card)} for card in play.sellable()]
            if sellable:
                choices["sellable"] = sellable
    return choices


def _buying(state: dict, play, choices: dict) -> None:
    """T-05: buy-backs (1 gold, or free with the A♦, T-03)."""
    session, character = state["session"], state["character"]
    cost = play.buy_back_cost()
    choices["buy_back_cost"] = cost
    choices["buy_back"] = session["discard_count"] > 0 and character["gold"] >= cost
    choices["discard_pile"] = {
        "count": session["discard_count"],
        "known": list(session["discard_pile"]),
    }


def _create(state: dict, play) -> tuple[str, dict]:
    default = Ruleset()
    count = default.creation_dice_count
    choices = {
        "str_dice": count,
        "hp_dice": count,
        "classes": list(FACE_CARDS),
        "ruleset": default.to_dict(),
        "ruleset_options": {key: list(values) for key, values in Ruleset.CHOICES.items()},
        "dice_per_option": {"1d6": 1, "2d6": 2},
    }
    return (
        "Name your character, pick a face card (J, Q or K) as its class, and roll "
        f"{_dice_text(count)} for STR and {_dice_text(count)} for HP "
        "(2 each under the 2d6 table rule, T-02).",
        choices,
    )


def _no_session(state: dict, play) -> tuple[str, dict]:
    character = state["character"]
    deck = 53 - len(character["inventory"])
    size = min(engine.start_hand_size(character), deck)
    first = character["sessions"] == 0
    choices = _common(state, play) | {
        "hand_cards": size,
        "deck": deck,
        "first_session": first,
        "session": character["sessions"] + 1,
    }
    kept = ", keep your inventory cards out" if character["inventory"] else ""
    why = " (first session: as many as your STR)" if first else ""
    return (
        f"Take the {card_text(character['class'])} out of the deck{kept}, shuffle the other "
        f"{deck} cards and deal {_cards(size)} to your hand{why}.",
        choices,
    )


def _between(state: dict, play) -> tuple[str, dict]:
    session, character = state["session"], state["character"]
    choices = _common(state, play)
    _buying(state, play, choices)
    choices["buy_top"] = session["draw_pile"] > 0
    choices["buy_top_help"] = (
        "Turn the top card of the draw pile: a number card may be bought into your inventory for "
        "its value (an Ace costs 20); a Diamond turns straight back into gold, so it nets zero "
        "(T-06). Face cards, Jokers and cards you don't buy are discarded (S-13)."
    )
    choices["draw_pile"] = session["draw_pile"]
    known_top = _known_top(state)
    # S-13: whether turning the top card can end in a purchase: the gold covers the cheapest
    # number card (a 2), or the known top card itself (T-08a).
    if known_top:
        choices["buy_top_affordable"] = engine.buy_top_offer(state, known_top)["buyable"]
    else:
        choices["buy_top_affordable"] = choices["buy_top"] and character["gold"] >= CHEAPEST_BUY
    refill = state["internal"]["refill"]
    text = ""
    if refill:
        choices["refill"] = refill
        text = (
            f"Draw {_cards(refill)} into your hand from the draw pile first (refill to STR "
            f"{character['str']}, T-07). "
        )
    text += "Turn the top card of the draw pile face up and enter it: it is the next monster."
    if known_top:
        choices["known_card"] = known_top
        text += f" It is the {card_text(known_top)} (T-08a)."
    return text, choices


def _known_top(state: dict) -> str | None:
    cards = state["cards"]
    if cards["draw_unknown"] == 0 and cards["draw_bottom"]:
        return cards["draw_bottom"][0]  # T-08a: only the known bottom cards are left
    return None


def _deal_text(state: dict) -> str:
    deal, fight = state["internal"]["deal"], state["fight"]
    if not deal:
        return ""
    monster = card_text(fight["monster"])
    parts = []
    if deal["hidden"]:
        parts.append(f"{_cards(deal['hidden'])} face down under the {monster}")
    if deal["attack_pile"]:
        parts.append(f"{_cards(deal['attack_pile'])} face down to its attack pile")
    return "Deal " + " and ".join(parts) if parts else ""


def _monster_hp(state: dict, play) -> tuple[str, dict]:
    fight = state["fight"]
    choices = _common(state, play) | {"dice": fight["hp_dice"]}
    if state["internal"]["deal"]:
        choices["deal"] = state["internal"]["deal"]
    deal = _deal_text(state)
    roll = f"roll {_dice_text(fight['hp_dice'])} for its HP."
    return (f"{deal}, then {roll}" if deal else roll.capitalize()), choices


def _character_turn(state: dict, play) -> tuple[str, dict]:
    fight, session = state["fight"], state["session"]
    choices = _common(state, play)
    _buying(state, play, choices)
    hand = session["hand"]["count"]
    attacks = (0 if fight["attacked"] else 1) + fight["extra_attacks"]
    choices |= {
        "attacks_left": attacks if hand else 0,
        "extra_attacks": fight["extra_attacks"],
        "blitz": fight["blitz"],
        "usable_items": play.usable_items(),
        "monster_hp": fight["monster_hp"],
        "hp": fight["hp"],
    }
    # Button texts per inventory card and suit, saying the amount ("as a Spade: 5 damage").
    choices["item_uses"] = play.item_uses()
    # S-20: one play mixes ranks only under the A♣'s blitz (S-12); the screen offers mixed
    # ranks only then, and otherwise says how they could be played, if they can.
    choices["mixed_ranks"] = bool(fight["blitz"])
    choices["mixed_ranks_hint"] = play.mixed_ranks_hint(choices["item_uses"])
    text = ""
    deal = _deal_text(state)
    if deal:
        choices["deal"] = state["internal"]["deal"]
        text = f"{deal}; it has {fight['monster_hp']} HP. "
    if not hand:
        text += "Your hand is empty: use an item, buy back a card, or end your turn (T-15)."
    elif fight["blitz"]:
        text += "Blitz (A♣): play any cards from your hand at once, whatever their ranks."
    else:
        first = "Extra attack" if fight["attacked"] else "Your turn"
        text += (
            f"{first}: play one card, or several of one rank, from your hand (or use an item, "
            "or end your turn)."
        )
        if fight["extra_attacks"]:
            text += f" Clubs give you {fight['extra_attacks']} more attack(s) this turn."
    return text, choices


_TURN_TEXT = {
    "random attack": "Random attack: turn the top card of the draw pile face up and enter it "
    "(a number card deals its value).",
    "critical hit": "Critical hit: turn the top card of the draw pile face up and enter it "
    "(face cards and Jokers are discarded until a number card comes; it deals double).",
    "monster attack card": "The {monster} attacks: turn the top card of its attack pile face up "
    "and enter it.",
    "monster random attack": "The {monster} makes a random attack: turn the top card of the "
    "draw pile face up and enter it.",
    "monster critical hit": "The {monster} scores a critical hit: turn the top card of the draw "
    "pile face up and enter it (face cards and Jokers are discarded until a number card comes; "
    "it deals double).",
    "loot": "Turn up a card from under the {monster} (loot{left}) and enter it: a number card "
    "goes into your inventory.",
    "jack extra card": "Jack's extra card: turn the top card of the draw pile face up and enter "
    "it: a number card goes into your inventory.",
}


def _turn(state: dict, play) -> tuple[str, dict]:
    reason = state["internal"]["pending"][0]
    source = engine.TURN_SOURCE[reason]
    cards, fight = state["cards"], state["fight"]
    choices = _common(state, play) | {"from": source}
    if source == "draw_pile":
        known = _known_top(state)
        choices["remaining"] = state["session"]["draw_pile"]
    else:
        pile = cards[source]
        known = pile[0] if isinstance(pile[0], str) else None
        choices["remaining"] = len(pile)
    if known:
        choices["known_card"] = known
    if reason == "loot":
        choices["loot_left"] = len(cards["hidden"])
    choices["monster_hp"] = fight["monster_hp"]
    choices["hp"] = fight["hp"]
    left = len(cards["hidden"]) if reason == "loot" else 0
    text = _TURN_TEXT[reason].format(
        monster=card_text(fight["monster"]), left=f", {left} left" if left > 1 else ""
    )
    deal = _deal_text(state)
    if deal:
        choices["deal"] = state["internal"]["deal"]
        text = f"{deal}. {text}"
    if known:
        text += f" It is the {card_text(known)}."
    return text, choices


def _save(state: dict, play) -> tuple[str, dict]:
    fight = state["fight"]
    saves = play.saves()
    choices = _common(state, play) | {"saves": saves, "hp": fight["hp"]}
    options = [
        f"the {card_text(save['card'])} ({'full HP ' if save['card'] == 'AH' else 'HP '}"
        f"{save['hp']})"
        for save in saves
    ]
    if state["internal"]["deadly"]:
        return (
            "A deadly blow! Only the A♥ saves you: spend it for full HP, or accept death.",
            choices | {"deadly_blow": True},
        )
    listed = options[0] if len(options) == 1 else ", ".join(options[:-1]) + " or " + options[-1]
    return (
        f"Your HP is {fight['hp']}, below zero: spend {listed} to live on, or accept death.",
        choices,
    )


def _keep_hand(state: dict, play) -> tuple[str, dict]:
    count = state["session"]["hand"]["count"]
    return (
        f"Your King died: keep your hand of {_cards(count)}, or discard it?",
        _common(state, play),
    )


def _level_up(state: dict, play) -> tuple[str, dict]:
    character = state["character"]
    level = character["level"] + 1
    strength = character["str"] + (1 if level in engine.STR_LEVELS else 0)
    pending = 0
    xp, at = character["xp"], character["level"]
    while at < engine.MAX_LEVEL and xp >= engine.XP_PER_LEVEL * at:
        xp -= engine.XP_PER_LEVEL * at
        at += 1
        pending += 1
    choices = _common(state, play) | {
        "dice": 1,
        "level": {"from": character["level"], "to": level},
        "str": {"from": character["str"], "to": strength},
        "hp_max": character["hp_max"],
        "levels_pending": pending,
    }
    stronger = f"; STR {character['str']} → {strength}" if strength != character["str"] else ""
    return (
        f"Level {character['level']} → {level}! Roll 1 die: your HP max "
        f"({character['hp_max']}) goes up by the roll{stronger}.",
        choices,
    )


_STEPS = {
    "create": _create,
    "no_session": _no_session,
    "between": _between,
    "monster_hp": _monster_hp,
    "character_turn": _character_turn,
    "turn": _turn,
    "save": _save,
    "keep_hand": _keep_hand,
    "level_up": _level_up,
}
