"""Read-only questions the phone screens ask of a Barbarian Vince state.

Every function here is pure: it reads the state (and the catalogue inside it) and changes
nothing. Sentences for the player are `Msg` values of the translation seam.
"""

from ..text import _, ngettext
from . import places
from .awaiting import ACTION_WORDS, join_words
from .catalogue import is_x_type, location_types, skill_word, split_terrain
from .checks import check_bonus, plain_modifier, spent_bonus


def skill_totals(state: dict) -> dict[str, int]:
    """The six base skills as they stand (BT-08): player card, ready maps, ready Skills, Curses."""
    return places.base_skills(state)


def card_value(state: dict, card: str, skill: str | None = None, draw: str | None = None):
    """The value `card` would give if played now (BT-09, BT-10), or None when it cannot be known.

    `skill` defaults to the skill of the check in progress. Under `check_value: deck_draw` the
    value needs the card drawn for it (`draw`); without it the answer is None (see
    `check_card_values` for the part added to the draw).
    """
    bonus = play_bonus(state, card, skill)
    if bonus is None:
        return None
    if state["ruleset"]["check_value"] == "deck_draw":
        if draw is None or draw not in state["catalogue"]:
            return None
        number = state["catalogue"][draw]["number"]
        return None if number is None else number + bonus
    return (state["catalogue"][card]["number"] or 0) + bonus


def play_bonus(state: dict, card: str, skill: str | None = None):
    """What is added to the number of `card` played now: base skill, its own plain modifier and,
    under `exhausted_bonus: whole_check`, what this check's spent cards still add (BT-09, BT-10).
    None when no skill is given and no check is in progress."""
    check = state["check"]
    in_progress = check is not None and check["status"] == "in_progress"
    if skill is None:
        if not in_progress:
            return None
        skill = check["skill"]
    if card not in state["catalogue"]:
        return None
    if in_progress and skill == check["skill"]:
        return check_bonus(state, card, skill)
    # A check not yet begun: no card has been spent in it.
    return state["skills"][skill] + plain_modifier(state["catalogue"][card], skill)


def check_card_values(state: dict) -> list[dict]:
    """For each ready card, in hand order: `card`, its own `number` (None if it has none), the
    `bonus` added to the number, and the `value` it would give now (None under `deck_draw`,
    where the value is the drawn card's number + `bonus`). Empty when no check is in progress."""
    check = state["check"]
    if check is None or check["status"] != "in_progress":
        return []
    deck_draw = state["ruleset"]["check_value"] == "deck_draw"
    rows = []
    for card in state["ready"]:
        number = state["catalogue"][card]["number"]
        bonus = check_bonus(state, card, check["skill"])
        value = None if deck_draw else (number or 0) + bonus
        rows.append({"card": card, "number": number, "bonus": bonus, "value": value})
    return rows


def damage_due_count(state: dict) -> int:
    """Cards still to exhaust as damage in the check in progress (B-27), 0 when none."""
    check = state["check"]
    return 0 if check is None else check["damage_due"]


def whole_check_bonus(state: dict) -> int:
    """BT-10 `whole_check`: what the cards spent in the check in progress add to every play."""
    check = state["check"]
    if check is None or state["ruleset"]["exhausted_bonus"] != "whole_check":
        return 0
    return spent_bonus(state, check["skill"])


def reuse_offered(state: dict) -> bool:
    """True when a Reusable item may be restored now (BT-12): the offer stands and one is there."""
    return "reuse" in state["awaiting"]["action"]


def reusable_cards(state: dict) -> list[str]:
    """The Reusable cards the offer could restore (unlocked, in the exhausted hand)."""
    return places.reusable_cards(state)


def lay_low_value(state: dict) -> int | None:
    """The lay-low value of Vince's location (`[N+]`), None for `[—]` or before setup."""
    location = places.current_location(state)
    return None if location is None else location["lay_low"]


def lay_low_allowed(state: dict) -> bool:
    """True when Vince may try to lay low now (BT-04)."""
    return "lay_low" in state["awaiting"]["action"]


def location_terrains(state: dict) -> list[dict]:
    """The terrain types of Vince's location: `type`, `modifier` and `x` (an X type), in the
    map's order."""
    location = places.current_location(state)
    if location is None:
        return []
    rows = []
    for text in location["terrains"]:
        kind, modifier = split_terrain(text)
        rows.append({"type": kind, "modifier": modifier, "x": is_x_type(kind)})
    return rows


def encounter_terrains(state: dict) -> list[str] | None:
    """The terrain types the next encounter card must match (BT-06): X0 for turn 1's first
    encounter, the location's types for a turn's first encounter, None (any named type) for a
    follow-up. Empty when no encounter can be drawn now."""
    if "draw_encounter" not in state["awaiting"]["action"]:
        return []
    if state["encounters_this_turn"]:
        return None
    if state["turn"] == 1:
        return ["X0"]
    return list(places.terrain_modifiers(state))


def needs_difficulty_draw(state: dict, terrain: str | None = None) -> bool:
    """Whether the next `draw_encounter` needs a difficulty draw (BT-06); a follow-up needs one
    unless `terrain` is an X type."""
    if state["turn"] == 1 and state["encounters_this_turn"] == 0:
        return False
    if state["encounters_this_turn"]:
        return terrain is None or not is_x_type(terrain)
    return not all(is_x_type(kind) for kind in places.terrain_modifiers(state))


def neighbouring_maps(state: dict) -> list[dict]:
    """The maps in the current map's key: `map`, `registered`, `in_hand` and its `locations`
    (names; empty until the map card is entered)."""
    where = state["location"]
    if where is None:
        return []
    catalogue = state["catalogue"]
    rows = []
    for map_id in catalogue[where["map"]]["neighbours"]:
        entry = catalogue.get(map_id)
        is_map = entry is not None and entry["kind"] == "map"
        rows.append(
            {
                "map": map_id,
                "registered": is_map,
                "in_hand": is_map and places.place_of(state, map_id) in ("ready", "exhausted"),
                "locations": [loc["name"] for loc in entry["locations"]] if is_map else [],
            }
        )
    return rows


def travel_destinations(state: dict) -> list[dict]:
    """Where a `travel` is accepted (BT-05): the other locations of the current map, then those
    of each registered neighbouring map, as `{map, location}`."""
    where = state["location"]
    if where is None:
        return []
    catalogue = state["catalogue"]
    found = [
        {"map": where["map"], "location": loc["name"]}
        for loc in catalogue[where["map"]]["locations"]
        if loc["name"] != where["location"]
    ]
    for row in neighbouring_maps(state):
        if row["registered"] and row["map"] != where["map"]:
            found += [{"map": row["map"], "location": name} for name in row["locations"]]
    return found


def discardable_cards(state: dict) -> list[str]:
    """Cards in either hand that may be discarded or traded (B-29: no map, no Player Card, not
    the locked encounter card; a Curse only with its conditions met)."""
    return places.discardable_cards(state)


def restorable_cards(state: dict) -> list[str]:
    """Cards of the exhausted hand that may be restored (all but a locked encounter card)."""
    return places.restorable_cards(state)


def recoveries_left(state: dict) -> int:
    """Recovers still allowed this turn (B-32), 0 when Recovery is below 1."""
    if state["skills"]["recovery"] < 1:
        return 0
    return state["recoveries_left"]


def trades_left(state: dict) -> int | None:
    """Trades still allowed this Rest phase: None for any number (BT-15 `any`), else 0 or 1."""
    if state["ruleset"]["trades_per_rest"] == "any":
        return None
    return max(0, 1 - state["trades"])


def trade_classes(state: dict) -> list[str]:
    """The item classes a trade may buy at Vince's location (B-33)."""
    return places.trade_classes(state) if state["location"] else []


def deck_cards(state: dict) -> list[str]:
    """The registered cards in the draw deck (all cards not elsewhere, BT-02)."""
    return places.deck_cards(state)


def card_place(state: dict, card: str) -> str:
    """Where a card is: deck, ready, exhausted, encounter, waiting, aside or unknown (BT-02)."""
    return places.place_of(state, card)


def waiting_here(state: dict) -> list[str]:
    """Unique items waiting at Vince's location (B-30)."""
    return places.waiting_here(state) if state["location"] else []


def location_lay_low(state: dict, map_id: str, location: str) -> int | None:
    """The lay-low value of any location of a registered map (None for `[—]` or unknown)."""
    entry = state["catalogue"].get(map_id)
    if entry is None or entry["kind"] != "map":
        return None
    for loc in entry["locations"]:
        if loc["name"] == location:
            return loc["lay_low"]
    return None


def location_terrain_types(state: dict, map_id: str, location: str) -> dict[str, int]:
    """The terrain types and modifiers of any location of a registered map."""
    entry = state["catalogue"].get(map_id)
    if entry is None or entry["kind"] != "map":
        return {}
    for loc in entry["locations"]:
        if loc["name"] == location:
            return location_types(loc)
    return {}


# -- what an action did, and what undoing it means for the real cards -------------------------------


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
