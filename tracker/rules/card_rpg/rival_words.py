"""The table's actions in a player's words, one line each, for the history and undo (T-37).

`describe_action(before, action, after)` says a robbery, a duel's start and end, each hit given
or taken and each turn of a duel, from the action and the states around it; None for an action
of the character's own game outside a duel, which the game's history says as it always has.
Every sentence goes through text.py, so a screen shows it in the player's language.
"""

from ..cards import card_text, cards_text
from ..text import _
from . import rivalry

PLACES = {
    "discard pile": _("to the discard pile"),
    "bottom of draw pile": _("under the draw pile"),
    "deck": _("back into the deck"),
}


def describe_action(before: dict, action: dict, after: dict):
    """One line for a table action or an action in a duel (a Msg), or None."""
    kind = action.get("type")
    duel = before.get("duel") or after.get("duel")
    if kind in _TABLE:
        return _TABLE[kind](before, action, after)
    if duel is not None and kind in _IN_DUEL:
        return _IN_DUEL[kind](before, action, after, duel["opponent"]["name"])
    return None


def _events(state: dict, kind: str) -> list[dict]:
    return [event for event in state.get("events") or [] if event.get("type") == kind]


def _who(facts: dict) -> str:
    return _("{name} ({card})", name=facts["name"], card=card_text(facts["class"]))


def _rob(before, action, after):
    victim = after["events"][0]["victim"] if _events(after, "robbery") else action["victim"]
    return _(
        "Robbed {victim} of the {card}: your own {card} joined your inventory.",
        victim=_who(victim),
        card=card_text(after["character"]["inventory"][-1]),
    )


def _robbed(before, action, after):
    event = _events(after, "robbed")[0]
    return _(
        "{robber} robbed the {card}: it went {place}.",
        robber=_who(event["robber"]),
        card=card_text(event["cards"][0]),
        place=PLACES[event["to"]],
    )


def _start_duel(before, action, after):
    duel = after["duel"] or {}
    opponent = duel.get("opponent") or action["opponent"]
    values = {
        "who": _who(opponent),
        "level": opponent["level"],
        "hp": opponent["hp_max"],
        "first": _("you strike first")
        if duel.get("turn") == "self"
        else _("{name} strikes first", name=opponent["name"]),
    }
    if action.get("challenger"):
        return _(
            "Challenged {who}, level {level} with {hp} HP, to a duel, and the challenge was "
            "accepted: {first}.",
            **values,
        )
    return _(
        "Accepted the challenge of {who}, level {level} with {hp} HP, to a duel: {first}.",
        **values,
    )


def _ending(after: dict, line):
    """The line, and how the duel ended with it when it ended in a draw (a death or a win is an
    action, or an event of its own: `duel_won`, `death`)."""
    if _events(after, "duel_drawn"):
        return _("{line} Two passes in a row: the duel is a draw.", line=line)
    if _events(after, "abandon") and after.get("duel") is None:
        return _(
            "{line} The draw pile ran out: the duel is called off and the session is over.",
            line=line,
        )
    return line


def _duel_hit(before, action, after):
    name = before["duel"]["opponent"]["name"]
    if action.get("deadly"):
        line = _("{name} dealt you a deadly blow.", name=name)
    else:
        hp = before["duel"]["hp"] - action["damage"]
        line = _("{name} hit you for {damage}: HP {hp}.", name=name, damage=action["damage"], hp=hp)
    return _ending(after, line)


def _duel_turn_over(before, action, after):
    name = before["duel"]["opponent"]["name"]
    if before["duel"]["hit"]:
        return _ending(after, _("{name}'s turn is over.", name=name))
    return _ending(after, _("{name} passed.", name=name))


def _duel_saved(before, action, after):
    name = before["duel"]["opponent"]["name"]
    return _("{name} was saved: HP {hp}.", name=name, hp=action["hp"])


def _duel_won(before, action, after):
    name = before["duel"]["opponent"]["name"]
    return _(
        "{name} died: the duel is won (player kills {kills}).",
        name=name,
        kills=after["rivals"]["player_kills"],
    )


def _call_off(before, action, after):
    name = before["duel"]["opponent"]["name"]
    return _("Called the duel with {name} off: no winner.", name=name)


def _called_off(before, action, after):
    name = before["duel"]["opponent"]["name"]
    return _("The duel with {name} is called off: no winner.", name=name)


_TABLE = {
    rivalry.ROB: _rob,
    rivalry.ROBBED: _robbed,
    rivalry.START_DUEL: _start_duel,
    rivalry.DUEL_HIT: _duel_hit,
    rivalry.DUEL_TURN_OVER: _duel_turn_over,
    rivalry.DUEL_SAVED: _duel_saved,
    rivalry.DUEL_WON: _duel_won,
    rivalry.CALL_OFF_DUEL: _call_off,
    rivalry.DUEL_CALLED_OFF: _called_off,
}


def _given(after: dict) -> dict | None:
    hits = _events(after, "hit_given")
    return hits[0] if hits else None


def _hit_words(after: dict, name: str):
    hit = _given(after)
    if hit is None:
        return None
    if hit["deadly"]:
        return _("a deadly blow on {name}", name=name)
    return _("a hit of {damage} on {name}", damage=hit["damage"], name=name)


def _attack(before, action, after, name):
    cards = cards_text(list(action.get("cards") or []))
    hit = _hit_words(after, name)
    if hit is not None:
        line = _("Played {cards}: {hit}.", cards=cards, hit=hit)
    elif after["internal"]["step"] == "turn":
        line = _(
            "Played {cards} against {name}; a card is turned for the random attack.",
            cards=cards,
            name=name,
        )
    else:
        line = _("Played {cards} against {name}.", cards=cards, name=name)
    return _ending(after, line)


def _use_item(before, action, after, name):
    card = card_text(str(action.get("card")))
    hit = _hit_words(after, name)
    if hit is not None:
        return _ending(after, _("Used the {card}: {hit}.", card=card, hit=hit))
    if _events(after, "club"):
        return _("Used the {card}: one more play this turn.", card=card)
    return _("Used the {card}: the next play may mix ranks.", card=card)


def _turn(before, action, after, name):
    card = card_text(str(action.get("card")))
    hit = _hit_words(after, name)
    if hit is not None:
        line = _("Turned the {card}, and the play is {hit}.", card=card, hit=hit)
    elif _events(after, "critical_goes_on"):
        line = _("Turned the {card}: it is only discarded, the critical hit goes on.", card=card)
    elif _events(after, "critical_hit"):
        line = _("Turned the {card}: a critical hit, another card is turned.", card=card)
    else:
        line = _("Turned the {card}.", card=card)
    return _ending(after, line)


def _end_turn(before, action, after, name):
    if before["duel"]["hit"]:
        return _ending(after, _("Ended the turn."))
    return _ending(after, _("Ended the turn without a hit: a pass."))


def _save(before, action, after, name):
    hp = (after.get("duel") or {}).get("hp")
    return _("Saved by the {card}: HP {hp}.", card=card_text(str(action.get("card"))), hp=hp)


def _accept_death(before, action, after, name):
    return _ending(after, _("Accepted death."))


def _sell(before, action, after, name):
    return _ending(
        after,
        _(
            "Sold the {card} for {gold} gold.",
            card=card_text(str(action.get("card"))),
            gold=after["character"]["gold"] - before["character"]["gold"],
        ),
    )


_IN_DUEL = {
    "attack": _attack,
    "use_item": _use_item,
    "turn": _turn,
    "end_turn": _end_turn,
    "save": _save,
    "accept_death": _accept_death,
    "sell": _sell,
}
