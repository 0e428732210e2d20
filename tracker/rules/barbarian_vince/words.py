"""A Barbarian Vince action in a player's words: one line per action for the history, and
what undoing it means for the real cards on the table. Pure functions of the states around an
action; sentences are `Msg` values of the translation seam."""

from ..text import _, ngettext
from . import places
from .awaiting import ACTION_WORDS, join_words
from .catalogue import skill_word
from .checks import check_bonus


def _cards(names) -> object:
    return join_words(list(names))


def describe_action(before: dict, action: dict, after: dict):
    """One line in a player's words saying what `action` did (from `before` to `after`)."""
    kind = action.get("type")
    describe = _DESCRIBE.get(kind)
    if describe is None:
        return ACTION_WORDS.get(kind, _("an unknown action"))
    return describe(before, action, after)


def _d_begin(before, action, after):
    if after["name"]:
        return _("Begin the adventure {name}", name=after["name"])
    return _("Begin a new adventure")


def _d_register(before, action, after):
    new = [card for card in after["catalogue"] if card not in before["catalogue"]]
    return _("Enter {card} in the catalogue", card=new[0] if new else action.get("id"))


def _d_setup(before, action, after):
    return _("Set up with {card} as the starting item; Vince is at Ulendi", card=after["ready"][0])


def _d_lay_low(before, action, after):
    drawn = after["last_draw"]
    if after["laid_low"]:
        return _(
            "Lay low: {card} drew {number}, Vince lays low",
            card=drawn["card"],
            number=drawn["number"],
        )
    return _(
        "Lay low: {card} drew {number}, not enough", card=drawn["card"], number=drawn["number"]
    )


def _fetched_map(before, after) -> str | None:
    """The map card Vince's move took from the deck into the ready hand (B-12), if any."""
    card = after["location"]["map"]
    held = (*before["ready"], *before["exhausted"])
    return card if card in after["ready"] and card not in held else None


def _d_travel(before, action, after):
    where = after["location"]
    fetched = _fetched_map(before, after)
    if fetched:
        return _(
            "Travel to {place} on {map}: take the {map} card from the deck into the ready hand",
            place=where["location"],
            map=fetched,
        )
    return _("Travel to {place} on {map}", place=where["location"], map=where["map"])


def _d_move(before, action, after):
    where = after["location"]
    return _("A card moves Vince to {place} on {map}", place=where["location"], map=where["map"])


def _d_retrieve(before, action, after):
    cards = [card for card in before["waiting"] if card not in after["waiting"]]
    return _("Take back {cards} waiting here", cards=_cards(cards))


def _d_draw_encounter(before, action, after):
    encounter = after["encounter"]
    if encounter["difficulty"] is None:
        if encounter["terrain"] == encounter["card"]:
            return _("Encounter: {card}", card=encounter["card"])
        return _(
            "Encounter: {card} ({terrain})", card=encounter["card"], terrain=encounter["terrain"]
        )
    return _(
        "Encounter: {card} ({terrain}, difficulty {difficulty})",
        card=encounter["card"],
        terrain=encounter["terrain"],
        difficulty=encounter["difficulty"],
    )


def _d_begin_check(before, action, after):
    check = after["check"]
    skill = skill_word(check["skill"])
    if check["target"] is None:
        return _("Begin a {skill} check with a table of results", skill=skill)
    if check["times"] > 1:
        return _(
            "Begin a {skill} check: {times}@ {target}+",
            skill=skill,
            times=check["times"],
            target=check["target"],
        )
    return _("Begin a {skill} check: {target}+", skill=skill, target=check["target"])


def _d_play(before, action, after):
    # Worked out again from `before`: the round may have ended and emptied `played`.
    card = action["card"].strip()
    skill = before["check"]["skill"]
    catalogue = before["catalogue"]
    draw = action.get("draw")
    numbered = catalogue[draw.strip()] if isinstance(draw, str) else catalogue[card]
    value = (numbered["number"] or 0) + check_bonus(before, card, skill)
    return _(
        "Play {card} in the {skill} check: {value}",
        card=card,
        skill=skill_word(skill),
        value=value,
    )


def _d_damage(before, action, after):
    cards = [card for card in before["ready"] if card not in after["ready"]]
    return _("Exhaust {cards} as damage", cards=_cards(cards))


def _d_reuse(before, action, after):
    card = after["ready"][-1]
    return _("Restore the Reusable item {card}", card=card)


def _d_fail(before, action, after):
    return _("The {skill} check fails", skill=skill_word(after["check"]["skill"]))


def _d_random_draw(before, action, after):
    drawn = after["last_draw"]
    return _("Random draw: {card} gives {number}", card=drawn["card"], number=drawn["number"])


def _moved(before, after, source, target) -> list[str]:
    return [card for card in after[target] if card not in before[target] and card in before[source]]


def _d_exhaust(before, action, after):
    return _("Exhaust {cards}", cards=_cards(_moved(before, after, "ready", "exhausted")))


def _d_restore(before, action, after):
    return _("Restore {cards}", cards=_cards(_moved(before, after, "exhausted", "ready")))


def _left_hands(before, after) -> list[str]:
    held = set(after["ready"]) | set(after["exhausted"])
    return [card for card in before["ready"] + before["exhausted"] if card not in held]


def _d_discard(before, action, after):
    return _("Discard {cards}", cards=_cards(_left_hands(before, after)))


def _d_draw_item(before, action, after):
    return _("Draw an item: {card}", card=after["ready"][-1])


def _d_win(before, action, after):
    card = after["quests_won"][-1]
    if after["victory"] == "major":
        return _("Quest won with {card}: a Major Victory", card=card)
    return _("Quest won with {card}: a Victory", card=card)


def _d_end_encounter(before, action, after):
    card = before["encounter"]["card"]
    if after["encounter"] is not None:
        return _("The encounter with {card} goes on next turn", card=card)
    if card in after["ready"] and card not in before["ready"] and card not in before["exhausted"]:
        return _("The encounter with {card} is over; Vince keeps the card", card=card)
    return _("The encounter with {card} is over", card=card)


def _d_recover(before, action, after):
    return _("Recover {cards}", cards=_cards(_moved(before, after, "exhausted", "ready")))


def _d_trade(before, action, after):
    return _(
        "Trade {cards} for {card}",
        cards=_cards(_left_hands(before, after)),
        card=after["ready"][-1],
    )


def _d_end_turn(before, action, after):
    return _("End turn {turn}", turn=before["turn"])


def _d_one_year(before, action, after):
    return ngettext(
        "One Year Has Passed: {count} year so far",
        "One Year Has Passed: {count} years so far",
        after["years"],
    )


def _d_resume(before, action, after):
    return _("Done with the One Year Has Passed card; play goes on")


def _d_die(before, action, after):
    if after["status"] == "removed":
        return _("Vince is removed from the game")
    return _("Vince dies")


def _d_end(before, action, after):
    return _("The adventure ends here")


_DESCRIBE = {
    "begin_adventure": _d_begin,
    "register_card": _d_register,
    "setup": _d_setup,
    "lay_low": _d_lay_low,
    "travel": _d_travel,
    "retrieve": _d_retrieve,
    "draw_encounter": _d_draw_encounter,
    "begin_check": _d_begin_check,
    "play_check_card": _d_play,
    "take_damage": _d_damage,
    "reuse": _d_reuse,
    "fail_check": _d_fail,
    "random_draw": _d_random_draw,
    "exhaust": _d_exhaust,
    "restore": _d_restore,
    "discard": _d_discard,
    "draw_item": _d_draw_item,
    "move": _d_move,
    "win_quest": _d_win,
    "end_encounter": _d_end_encounter,
    "recover": _d_recover,
    "trade": _d_trade,
    "end_turn": _d_end_turn,
    "one_year_passed": _d_one_year,
    "resume": _d_resume,
    "die": _d_die,
    "end_adventure": _d_end,
}


def _place(state: dict, card: str) -> tuple:
    place = places.place_of(state, card)
    if place == places.UNKNOWN:
        # Not yet entered there: the card was in the deck (or, the Player Card, set aside).
        return (places.DECK,)
    if place == places.WAITING:
        home = state["waiting"][card]
        return (place, home["map"], home["location"])
    return (place,)


def _place_words(place: tuple):
    if place[0] == places.WAITING:
        return _("waiting at {place} on {map}", place=place[2], map=place[1])
    return {
        places.DECK: _("the draw deck"),
        places.READY: _("the ready hand"),
        places.EXHAUSTED: _("the exhausted hand"),
        places.ENCOUNTER: _("the encounter (set aside)"),
        places.ASIDE: _("aside (the Player Card before setup)"),
        SET_ASIDE: _("aside (set out of the deck before setup, B-08)"),
    }[place[0]]


# Map 1 and the X0 card wait outside the deck until setup and the first encounter (B-08).
SET_ASIDE = "set_aside"


def _real_place(state: dict, card: str) -> tuple:
    """Where the real card is: as BT-02 counts it, but Map 1 and the X0 card set aside while
    they wait outside the deck (B-08)."""
    place = _place(state, card)
    if place == (places.DECK,) and _set_aside_then(state, card):
        return (SET_ASIDE,)
    return place


def _set_aside_then(state: dict, card: str) -> bool:
    """Whether `card` was out of the deck, set aside, in `state` (B-08, B-09, BT-03): Map 1
    before setup, the X0 card until the first encounter of turn 1."""
    entry = state["catalogue"].get(card) or {}
    x0 = entry.get("kind") == "quest" and "X0" in (entry.get("terrains") or ())
    if state["status"] in ("new", "setup"):
        return card == "Map 1" or x0
    if state["status"] != "playing" or state["turn"] != 1 or state["encounters_this_turn"]:
        return False
    return x0


def undo_card_moves(before: dict, after: dict) -> list:
    """For undoing from `after` back to `before`: where each real card must go back, one line
    per card whose place differs ("Move Q01 from the exhausted hand back to the ready hand")."""
    lines = []
    for card in after["catalogue"]:
        now = _real_place(after, card)
        then = _real_place(before, card)
        if card == places.player_card(after) and card not in before["catalogue"]:
            then = (places.ASIDE,)
        elif card not in before["catalogue"] and now == (SET_ASIDE,):
            then = now  # entered while set aside: the entry moved nothing
        if now != then:
            lines.append(
                _(
                    "Move {card} from {origin} back to {target}",
                    card=card,
                    origin=_place_words(now),
                    target=_place_words(then),
                )
            )
    return lines
