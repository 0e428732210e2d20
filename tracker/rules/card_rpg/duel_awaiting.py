"""What a duel waits for: the `awaiting` of a state with a duel running (rules/actions.md).

The same shape as a fight's (awaiting.py): the action type(s), the reason, a sentence saying
what to do at the table, the rule it comes from and the choices a screen offers.
"""

from ..cards import card_text, or_words
from ..text import _
from . import awaiting, rivalry, rulebook
from .duel import Duel

REASONS = {
    "duel_turn": _("character's turn"),
    "duel_opponent": _("opponent's turn"),
    "duel_opponent_save": _("opponent's save"),
    "keep_hand": _("King killed: keep the hand?"),
}
RULES = {
    "duel_turn": "T-32",
    "duel_opponent": "T-32",
    "duel_opponent_save": "T-34",
    "save": "T-34",
    "keep_hand": "S-07",
    "level_up": "T-20",
}
# The actions each step awaits, in the order rules/actions.md lists them (note_hand and sell are
# added as everywhere).
AWAITED = {
    "duel_turn": ("attack", "use_item", "buy_back", "end_turn", rivalry.CALL_OFF_DUEL),
    "turn": ("turn",),
    "duel_opponent": (rivalry.DUEL_HIT, rivalry.DUEL_TURN_OVER, rivalry.CALL_OFF_DUEL),
    "duel_opponent_save": (rivalry.DUEL_SAVED, rivalry.DUEL_WON, rivalry.CALL_OFF_DUEL),
    "save": ("save", "accept_death"),
    "keep_hand": ("keep_hand",),
    "level_up": ("level_up",),
}


def describe(state: dict) -> dict:
    """Build the `awaiting` dict for a state in a duel."""
    step = state["internal"]["step"]
    play = Duel(state)
    instruction, choices = _STEPS[step](state, play)
    reason = _reason(state, step)
    rule = RULES.get(step) or rulebook.TURN_RULE[reason]
    return awaiting.awaited(_available(state, play, choices), reason, instruction, rule, choices)


def _reason(state: dict, step: str):
    if step == "turn":
        return rulebook.TURN_REASONS[state["internal"]["pending"][0]]
    if step == "save":
        return _("deadly blow") if state["internal"]["deadly"] else _("HP below zero")
    if step == "level_up":
        return _("level {level} reached", level=state["character"]["level"] + 1)
    return REASONS[step]


def _available(state: dict, play: Duel, choices: dict) -> list[str]:
    step = state["internal"]["step"]
    types = []
    for kind in AWAITED[step]:
        if kind == "attack" and not choices.get("attacks_left"):
            continue
        if kind == "use_item" and not choices.get("usable_items"):
            continue
        if kind == "buy_back" and not choices.get("buy_back"):
            continue
        types.append(kind)
    if state["session"]["hand"]["count"]:
        types.append("note_hand")
    if choices.get("sellable"):
        types.append("sell")
    return types


def _common(state: dict, play: Duel) -> dict:
    duel = state["duel"]
    choices = awaiting._common(state, play)
    choices |= {
        "hp": duel["hp"],
        "opponent": duel["opponent"]["name"],
        "opponent_hp": duel["opponent_hp"],
        "passes": duel["passes"],
    }
    return choices


def _passes(state: dict, text: str) -> str:
    """T-36: say it when one more pass draws the duel."""
    if state["duel"]["passes"] == 1:
        return _("{text} One pass so far: another pass ends the duel in a draw.", text=text)
    return text


def _duel_turn(state: dict, play: Duel) -> tuple[str, dict]:
    duel = state["duel"]
    choices = _common(state, play)
    awaiting._buying(state, play, choices)
    hand = state["session"]["hand"]["count"]
    plays = (0 if duel["attacked"] else 1) + duel["extra_attacks"]
    choices |= {
        "attacks_left": plays if hand else 0,
        "extra_attacks": duel["extra_attacks"],
        "blitz": duel["blitz"],
        "usable_items": play.usable_items(),
    }
    choices["item_uses"] = play.item_uses()
    choices["mixed_ranks"] = bool(duel["blitz"])
    choices["mixed_ranks_hint"] = play.mixed_ranks_hint(choices["item_uses"])
    values = {"name": duel["opponent"]["name"], "hp": duel["opponent_hp"]}
    if not hand:
        text = _(
            "Your turn against {name} (HP {hp}): your hand is empty: use an item, buy back a "
            "card, or end your turn (T-15).",
            **values,
        )
    elif duel["blitz"]:
        text = _(
            "Blitz (A♣) against {name} (HP {hp}): play any cards from your hand at once, "
            "whatever their ranks.",
            **values,
        )
    elif duel["attacked"]:
        text = _(
            "Extra play against {name} (HP {hp}): play one card, or several of one rank, from "
            "your hand (or use an item, or end your turn).",
            **values,
        )
    else:
        text = _(
            "Your turn against {name} (HP {hp}): play one card, or several of one rank, from "
            "your hand (or use an item, or end your turn).",
            **values,
        )
    return _passes(state, text), choices


def _turn(state: dict, play: Duel) -> tuple[str, dict]:
    reason = state["internal"]["pending"][0]
    choices = _common(state, play) | {"from": "draw_pile"}
    choices["remaining"] = state["session"]["draw_pile"]
    known = awaiting._known_top(state)
    if known:
        choices["known_card"] = known
    text = awaiting._TURN_TEXT[reason]("", 0)
    if known:
        text = _("{text} It is the {card}.", text=text, card=card_text(known))
    return text, choices


def _duel_opponent(state: dict, play: Duel) -> tuple[str, dict]:
    duel = state["duel"]
    text = _(
        "{name}'s turn: wait for {name}'s play. Your HP: {hp}.",
        name=duel["opponent"]["name"],
        hp=duel["hp"],
    )
    return _passes(state, text), _common(state, play)


def _duel_opponent_save(state: dict, play: Duel) -> tuple[str, dict]:
    name = state["duel"]["opponent"]["name"]
    return (
        _("Waiting for {name}: save or accept death.", name=name),
        _common(state, play),
    )


def _save(state: dict, play: Duel) -> tuple[str, dict]:
    duel = state["duel"]
    saves = play.saves()
    choices = _common(state, play) | {"saves": saves, "suggested": saves[0]["card"]}
    if state["internal"]["deadly"]:
        return (
            _(
                "{name} dealt you a deadly blow! Only the A♥ saves you: spend it for full HP, or "
                "accept death.",
                name=duel["opponent"]["name"],
            ),
            choices | {"deadly_blow": True},
        )
    options = [
        _("the {card} (full HP {hp})", card=card_text(save["card"]), hp=save["hp"])
        if save["card"] == "AH"
        else _("the {card} (HP {hp})", card=card_text(save["card"]), hp=save["hp"])
        for save in saves
    ]
    return (
        _(
            "{name} hit you below zero: your HP is {hp}. Spend {saves} to live on, or accept "
            "death.",
            name=duel["opponent"]["name"],
            hp=duel["hp"],
            saves=or_words(options),
        ),
        choices,
    )


def _keep_hand(state: dict, play: Duel) -> tuple[str, dict]:
    text, choices = awaiting._keep_hand(state, play)
    return text, choices | _common(state, play)


def _level_up(state: dict, play: Duel) -> tuple[str, dict]:
    text, choices = awaiting._level_up(state, play)
    return text, choices | _common(state, play)


_STEPS = {
    "duel_turn": _duel_turn,
    "turn": _turn,
    "duel_opponent": _duel_opponent,
    "duel_opponent_save": _duel_opponent_save,
    "save": _save,
    "keep_hand": _keep_hand,
    "level_up": _level_up,
}
