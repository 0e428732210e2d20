"""Read-only questions the phone screens ask of a Barbarian Vince state.

Every function here is pure: it reads the state (and the catalogue inside it) and changes
nothing. What an action did, in a player's words, is in words.py.
"""

from . import places
from .catalogue import is_x_type, location_types, split_terrain
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
