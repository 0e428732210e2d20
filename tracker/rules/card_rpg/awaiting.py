"""What the game waits for: ``awaiting`` = action type(s), reason, a sentence telling the player
what to do at the table, the rule it comes from, and the small sets of legal choices.

Everything a screen needs to offer the right buttons is here, so templates hold no rules.
"""

from ..cards import DECK, FACE_CARDS, card_text, is_ace, is_number, or_words, value
from ..text import _, ngettext
from . import rulebook
from .ruleset import Ruleset

REASONS = {
    "create": _("new character"),
    "no_session": _("no session"),
    "between": _("between fights"),
    "monster_hp": _("monster HP"),
    "character_turn": _("your turn"),
    "save": _("dying"),
    "keep_hand": _("king's death"),
    "level_up": _("level up"),
}
# S-13: the price of the cheapest card the top of the draw pile can sell (a 2).
CHEAPEST_BUY = min(
    rulebook.ACE_PRICE if is_ace(card) else value(card) for card in DECK if is_number(card)
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


def describe(state: dict, play) -> dict:
    """Build the `awaiting` dict for a state; `play` is the engine's play of it (its helpers
    say what is usable now)."""
    step = state["internal"]["step"]
    instruction, choices = _STEPS[step](state, play)
    reason = REASONS.get(step) or rulebook.TURN_REASONS[state["internal"]["pending"][0]]
    rule = RULES.get(step) or rulebook.TURN_RULE[reason]
    return awaited(_available(state, play, choices), reason, instruction, rule, choices)


def awaited(types: list[str], reason: str, instruction: str, rule: str, choices: dict) -> dict:
    """The `awaiting` dict: one action type as a string, several as a list (rules/actions.md)."""
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
    for kind in rulebook.STEP_ACTIONS[step]:
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
        ngettext(
            "Name your character, pick a face card (J, Q or K) as its class, and roll {count} die "
            "for STR and {count} die for HP (2 each under the 2d6 table rule, T-02).",
            "Name your character, pick a face card (J, Q or K) as its class, and roll {count} "
            "dice for STR and {count} dice for HP (2 each under the 2d6 table rule, T-02).",
            count,
        ),
        choices,
    )


def _no_session(state: dict, play) -> tuple[str, dict]:
    character = state["character"]
    deck = 53 - len(character["inventory"])
    size = min(rulebook.start_hand_size(character), deck)
    first = character["sessions"] == 0
    choices = _common(state, play) | {
        "hand_cards": size,
        "deck": deck,
        "first_session": first,
        "session": character["sessions"] + 1,
    }
    params = {"card": card_text(character["class"]), "deck": deck}
    if character["inventory"] and first:
        text = ngettext(
            "Take the {card} out of the deck, keep your inventory cards out, shuffle the other "
            "{deck} cards and deal {count} card to your hand (first session: as many as your STR).",
            "Take the {card} out of the deck, keep your inventory cards out, shuffle the other "
            "{deck} cards and deal {count} cards to your hand (first session: as many as your "
            "STR).",
            size,
            **params,
        )
    elif character["inventory"]:
        text = ngettext(
            "Take the {card} out of the deck, keep your inventory cards out, shuffle the other "
            "{deck} cards and deal {count} card to your hand.",
            "Take the {card} out of the deck, keep your inventory cards out, shuffle the other "
            "{deck} cards and deal {count} cards to your hand.",
            size,
            **params,
        )
    elif first:
        text = ngettext(
            "Take the {card} out of the deck, shuffle the other {deck} cards and deal {count} "
            "card to your hand (first session: as many as your STR).",
            "Take the {card} out of the deck, shuffle the other {deck} cards and deal {count} "
            "cards to your hand (first session: as many as your STR).",
            size,
            **params,
        )
    else:
        text = ngettext(
            "Take the {card} out of the deck, shuffle the other {deck} cards and deal {count} "
            "card to your hand.",
            "Take the {card} out of the deck, shuffle the other {deck} cards and deal {count} "
            "cards to your hand.",
            size,
            **params,
        )
    return text, choices


def _between(state: dict, play) -> tuple[str, dict]:
    session, character = state["session"], state["character"]
    choices = _common(state, play)
    _buying(state, play, choices)
    choices["buy_top"] = session["draw_pile"] > 0
    choices["buy_top_help"] = _(
        "Turn the top card of the draw pile: a number card may be bought into your inventory for "
        "its value (an Ace costs 20); a Diamond turns straight back into gold, so it nets zero "
        "(T-06). Face cards, Jokers and cards you don't buy are discarded (S-13)."
    )
    choices["draw_pile"] = session["draw_pile"]
    known_top = _known_top(state)
    # S-13: whether turning the top card can end in a purchase: the gold covers the cheapest
    # number card (a 2), or the known top card itself (T-08a).
    if known_top:
        choices["buy_top_affordable"] = rulebook.buy_top_offer(state, known_top)["buyable"]
    else:
        choices["buy_top_affordable"] = choices["buy_top"] and character["gold"] >= CHEAPEST_BUY
    refill = state["internal"]["refill"]
    text = _("Turn the top card of the draw pile face up and enter it: it is the next monster.")
    if known_top:
        choices["known_card"] = known_top
        text = _("{text} It is the {card} (T-08a).", text=text, card=card_text(known_top))
    if refill:
        choices["refill"] = refill
        text = ngettext(
            "Draw {count} card into your hand from the draw pile first (refill to STR {str}, "
            "T-07). {then}",
            "Draw {count} cards into your hand from the draw pile first (refill to STR {str}, "
            "T-07). {then}",
            refill,
            str=character["str"],
            then=text,
        )
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
    hidden = (
        ngettext(
            "{count} card face down under the {monster}",
            "{count} cards face down under the {monster}",
            deal["hidden"],
            monster=monster,
        )
        if deal["hidden"]
        else None
    )
    pile = (
        ngettext(
            "{count} card face down to its attack pile",
            "{count} cards face down to its attack pile",
            deal["attack_pile"],
        )
        if deal["attack_pile"]
        else None
    )
    if hidden and pile:
        return _("Deal {hidden} and {pile}", hidden=hidden, pile=pile)
    if hidden or pile:
        return _("Deal {cards}", cards=hidden or pile)
    return ""


def _monster_hp(state: dict, play) -> tuple[str, dict]:
    fight = state["fight"]
    choices = _common(state, play) | {"dice": fight["hp_dice"]}
    if state["internal"]["deal"]:
        choices["deal"] = state["internal"]["deal"]
    deal = _deal_text(state)
    count = fight["hp_dice"]
    if deal:
        text = ngettext(
            "{deal}, then roll {count} die for its HP.",
            "{deal}, then roll {count} dice for its HP.",
            count,
            deal=deal,
        )
    else:
        # Said as it always was (the sentence was capitalised whole, so "hp" came out lower case).
        text = ngettext("Roll {count} die for its hp.", "Roll {count} dice for its hp.", count)
    return text, choices


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
    if not hand:
        text = _("Your hand is empty: use an item, buy back a card, or end your turn (T-15).")
    elif fight["blitz"]:
        text = _("Blitz (A♣): play any cards from your hand at once, whatever their ranks.")
    else:
        if fight["attacked"]:
            text = _(
                "Extra attack: play one card, or several of one rank, from your hand (or use an "
                "item, or end your turn)."
            )
        else:
            text = _(
                "Your turn: play one card, or several of one rank, from your hand (or use an "
                "item, or end your turn)."
            )
        # T-15: the attacks still to come after this one (an extra attack uses one of them).
        more = fight["extra_attacks"] - (1 if fight["attacked"] else 0)
        if more > 0 and not fight["attacked"]:
            text = ngettext(
                "{text} Clubs give you {count} more attack this turn.",
                "{text} Clubs give you {count} more attacks this turn.",
                more,
                text=text,
            )
        elif more > 0:
            text = ngettext(
                "{text} Clubs give you {count} more attack after this one.",
                "{text} Clubs give you {count} more attacks after this one.",
                more,
                text=text,
            )
    deal = _deal_text(state)
    if deal:
        choices["deal"] = state["internal"]["deal"]
        text = _("{deal}; it has {hp} HP. {then}", deal=deal, hp=fight["monster_hp"], then=text)
    return text, choices


_TURN_TEXT = {
    "random attack": lambda monster, left: _(
        "Random attack: turn the top card of the draw pile face up and enter it (a number card "
        "deals its value)."
    ),
    "critical hit": lambda monster, left: _(
        "Critical hit: turn the top card of the draw pile face up and enter it (face cards and "
        "Jokers are discarded until a number card comes; it deals double)."
    ),
    "monster attack card": lambda monster, left: _(
        "The {monster} attacks: turn the top card of its attack pile face up and enter it.",
        monster=monster,
    ),
    "monster random attack": lambda monster, left: _(
        "The {monster} makes a random attack: turn the top card of the draw pile face up and "
        "enter it.",
        monster=monster,
    ),
    "monster critical hit": lambda monster, left: _(
        "The {monster} scores a critical hit: turn the top card of the draw pile face up and "
        "enter it (face cards and Jokers are discarded until a number card comes; it deals "
        "double).",
        monster=monster,
    ),
    "loot": lambda monster, left: (
        _(
            "Turn up a card from under the {monster} (loot, {left} left) and enter it: a number "
            "card goes into your inventory.",
            monster=monster,
            left=left,
        )
        if left > 1
        else _(
            "Turn up a card from under the {monster} (loot) and enter it: a number card goes "
            "into your inventory.",
            monster=monster,
        )
    ),
    "jack extra card": lambda monster, left: _(
        "Jack's extra card: turn the top card of the draw pile face up and enter it: a number "
        "card goes into your inventory."
    ),
}


def _turn(state: dict, play) -> tuple[str, dict]:
    reason = state["internal"]["pending"][0]
    source = rulebook.TURN_SOURCE[reason]
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
    text = _TURN_TEXT[reason](card_text(fight["monster"]), left)
    deal = _deal_text(state)
    if deal:
        choices["deal"] = state["internal"]["deal"]
        text = _("{deal}. {then}", deal=deal, then=text)
    if known:
        text = _("{text} It is the {card}.", text=text, card=card_text(known))
    return text, choices


def _save(state: dict, play) -> tuple[str, dict]:
    fight = state["fight"]
    saves = play.saves()
    choices = _common(state, play) | {"saves": saves, "hp": fight["hp"]}
    options = [
        _("the {card} (full HP {hp})", card=card_text(save["card"]), hp=save["hp"])
        if save["card"] == "AH"
        else _("the {card} (HP {hp})", card=card_text(save["card"]), hp=save["hp"])
        for save in saves
    ]
    if state["internal"]["deadly"]:
        return (
            _("A deadly blow! Only the A♥ saves you: spend it for full HP, or accept death."),
            choices | {"deadly_blow": True},
        )
    return (
        _(
            "Your HP is {hp}, below zero: spend {saves} to live on, or accept death.",
            hp=fight["hp"],
            saves=or_words(options),
        ),
        choices,
    )


def _keep_hand(state: dict, play) -> tuple[str, dict]:
    count = state["session"]["hand"]["count"]
    return (
        ngettext(
            "Your King died: keep your hand of {count} card, or discard it?",
            "Your King died: keep your hand of {count} cards, or discard it?",
            count,
        ),
        _common(state, play),
    )


def _level_up(state: dict, play) -> tuple[str, dict]:
    character = state["character"]
    level = character["level"] + 1
    strength = character["str"] + (1 if level in rulebook.STR_LEVELS else 0)
    pending = 0
    xp, at = character["xp"], character["level"]
    while at < rulebook.MAX_LEVEL and xp >= rulebook.XP_PER_LEVEL * at:
        xp -= rulebook.XP_PER_LEVEL * at
        at += 1
        pending += 1
    choices = _common(state, play) | {
        "dice": 1,
        "level": {"from": character["level"], "to": level},
        "str": {"from": character["str"], "to": strength},
        "hp_max": character["hp_max"],
        "levels_pending": pending,
    }
    rolled = {"old": character["level"], "level": level, "hp": character["hp_max"]}
    if strength != character["str"]:
        text = _(
            "Level {old} → {level}! Roll 1 die: your HP max ({hp}) goes up by the roll; STR "
            "{old_str} → {str}.",
            **rolled,
            old_str=character["str"],
            str=strength,
        )
    else:
        text = _(
            "Level {old} → {level}! Roll 1 die: your HP max ({hp}) goes up by the roll.", **rolled
        )
    return text, choices


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
