"""Concrete candidate actions and a random legal player, for tests, benchmarks and fixtures.

`candidates(state, kind, rng)` makes plausible concrete instances of one action type for a
state, whether or not the type is acceptable now; each is a short list of actions whose last is
of that type, after any `register_card` it needs (a card drawn that is not in the catalogue
yet). `RandomPlayer` picks among the acceptable types with weights that make adventures travel,
fight, trade, win and die, and registers the cards it meets as it goes. Randomness comes only
from the seeded `random.Random` passed in.
"""

import random
from collections.abc import Iterator

from ..errors import RuleError
from . import engine, places, queries
from .awaiting import ACTION_TYPES
from .catalogue import SKILLS, is_x_type
from .ruleset import CHOICES

PLAIN = ("O", "F", "M", "P", "G", "C", "V", "U", "A", "T")
SPECIAL = ("Z1", "Z2", "X1", "X2", "X4")
ITEM_CLASSES = (
    (),
    (),
    ("Common",),
    ("Uncommon",),
    ("Common", "Reusable"),
    ("Common", "Skill"),
    ("Uncommon", "Reusable"),
    ("Curse",),
    ("Unique", "Skill"),
    ("Unique", "Reusable"),
)
ROOMY = 120
PLACE_NAMES = ("Fen", "Hollow", "Keep", "Ford", "Crag", "Moor", "Quay", "Vale", "Spire", "Mill")

WEIGHTS = {
    "begin_adventure": 1.0,
    "setup": 1.0,
    "lay_low": 3.0,
    "travel": 1.5,
    "retrieve": 3.0,
    "draw_encounter": 6.0,
    "begin_check": 5.0,
    "play_check_card": 8.0,
    "take_damage": 8.0,
    "reuse": 2.0,
    "fail_check": 0.3,
    "random_draw": 0.8,
    "exhaust": 0.4,
    "restore": 0.6,
    "discard": 0.5,
    "draw_item": 0.6,
    "move": 0.3,
    "win_quest": 0.03,
    "end_encounter": 2.0,
    "recover": 2.0,
    "trade": 1.0,
    "end_turn": 1.5,
    "one_year_passed": 0.05,
    "resume": 3.0,
    "die": 0.004,
    "end_adventure": 0.002,
    "register_card": 0.0,
}


def all_rulesets() -> list[dict]:
    """Every combination of the six table-rule options (64 rulesets)."""
    rulesets = [{}]
    for option, choices in CHOICES.items():
        rulesets = [{**ruleset, option: choice} for ruleset in rulesets for choice in choices]
    return rulesets


class _Cards:
    """Makes new catalogue entries with ids unused in a state."""

    def __init__(self, state: dict, rng: random.Random):
        self.state = state
        self.rng = rng
        self.taken = set(state["catalogue"])
        # A long adventure meets the cards it has already met: new ones only while the
        # catalogue is small, or when no known card will do.
        self.roomy = len(state["catalogue"]) < ROOMY

    def new_id(self, prefix: str = "B") -> str:
        number = len(self.taken) + 1
        while f"{prefix}{number:02d}" in self.taken:
            number += 1
        card = f"{prefix}{number:02d}"
        self.taken.add(card)
        return card

    def home(self) -> dict:
        maps = [card for card, e in self.state["catalogue"].items() if e["kind"] == "map"]
        if not maps:
            return {"map": "Map 1", "location": "Ulendi"}
        map_id = self.rng.choice(maps)
        location = self.rng.choice(self.state["catalogue"][map_id]["locations"])["name"]
        return {"map": map_id, "location": location}

    def quest(self, terrains=None, classes=None, number=None) -> dict:
        rng = self.rng
        if terrains is None:
            pool = PLAIN + SPECIAL
            terrains = rng.sample(pool, rng.choice((1, 1, 2)))
        if classes is None:
            classes = rng.choice(ITEM_CLASSES)
        action = {
            "type": "register_card",
            "id": self.new_id(),
            "kind": "quest",
            "number": rng.randint(0, 12) if number is None else number,
            "terrains": list(terrains),
        }
        self.item_fields(action, classes)
        return action

    def item(self, item_class: str) -> dict:
        classes = [item_class]
        extra = self.rng.choice(("Reusable", "Skill"))
        if self.rng.random() < 0.3 and item_class not in ("Skill", "Curse", extra):
            classes.append(extra)
        action = {
            "type": "register_card",
            "id": self.new_id("I"),
            "kind": "item",
            "number": self.rng.randint(0, 12),
        }
        self.item_fields(action, classes)
        return action

    def item_fields(self, action: dict, classes) -> None:
        if not classes:
            return
        action["classes"] = list(classes)
        if self.rng.random() < 0.7:
            skill = self.rng.choice(SKILLS)
            action["modifiers"] = {skill: self.rng.choice((-1, 1, 1, 2))}
        if "Unique" in classes:
            action["home"] = self.home()

    def map(self, map_id: str | None = None) -> dict:
        rng = self.rng
        map_id = map_id or self.new_id("Map ")
        maps = [card for card, e in self.state["catalogue"].items() if e["kind"] == "map"]
        locations = []
        for name in rng.sample(PLACE_NAMES, rng.randint(2, 4)):
            kinds = rng.sample(PLAIN + SPECIAL, rng.choice((1, 2, 2, 3)))
            terrains = [
                f"{kind}+{rng.randint(1, 2)}"
                if rng.random() < 0.2 and not is_x_type(kind)
                else kind
                for kind in kinds
            ]
            lay_low = rng.choice((None, 5, 6, 7, 8, 9))
            locations.append(
                {"name": f"{name} {map_id[4:].strip()}", "lay_low": lay_low, "terrains": terrains}
            )
        neighbours = rng.sample(maps, min(len(maps), 2)) + [self.new_id("Map ")]
        self.taken.discard(neighbours[-1])  # a neighbour named, not registered
        return {
            "type": "register_card",
            "id": map_id,
            "kind": "map",
            "number": rng.randint(0, 12),
            "bonus": {rng.choice(SKILLS): 1} if rng.random() < 0.6 else {},
            "neighbours": neighbours,
            "locations": locations,
        }


def opening(rng: random.Random, ruleset: dict | None = None) -> list[dict]:
    """The actions that begin an adventure: the table rules, the sample cards, setup."""
    actions = [{"type": "begin_adventure", "name": f"Bot {rng.randint(1, 9999)}"}]
    if ruleset:
        actions[0]["ruleset"] = dict(ruleset)
    skills = {"recovery": rng.choice((0, 1, 2, 2, 3))}
    if rng.random() < 0.5:
        skills[rng.choice(SKILLS[:5])] = rng.choice((-1, 1))
    actions.append({"type": "register_card", "id": "Vince", "kind": "player", "skills": skills})
    actions.append(
        {
            "type": "register_card",
            "id": "Map 1",
            "kind": "map",
            "number": 4,
            "neighbours": ["Map 2", "Map 3"],
            "locations": [
                {"name": "Ulendi", "lay_low": 8, "terrains": ["X0", "U", "G"]},
                {"name": "Rat Harbor", "lay_low": 9, "terrains": ["U", "C"]},
                {"name": "Bridgewater", "lay_low": 7, "terrains": ["V"]},
                {"name": "Southglen Forest", "lay_low": 7, "terrains": ["F+1", "O"]},
            ],
        }
    )
    actions.append(
        {
            "type": "register_card",
            "id": "Map 2",
            "kind": "map",
            "number": 5,
            "bonus": {"survival": 1},
            "neighbours": ["Map 1", "Map 3"],
            "locations": [
                {"name": "Goblin Pass", "lay_low": 7, "terrains": ["M", "O"]},
                {"name": "Irontree City", "lay_low": 8, "terrains": ["G+2", "C"]},
                {"name": "Goblin Mines", "terrains": ["X3"]},
            ],
        }
    )
    actions.append(
        {"type": "register_card", "id": "X0", "kind": "quest", "number": 2, "terrains": ["X0"]}
    )
    actions.append(
        {
            "type": "register_card",
            "id": "X3",
            "kind": "quest",
            "number": 10,
            "terrains": ["X3"],
            "classes": ["Unique", "Skill"],
            "modifiers": {"recovery": 1},
            "home": {"map": "Map 2", "location": "Goblin Mines"},
        }
    )
    actions.append({"type": "register_card", "id": "One Year", "kind": "one_year"})
    actions.append(
        {
            "type": "register_card",
            "id": "Q01",
            "kind": "quest",
            "number": 1,
            "terrains": ["O"],
            "classes": ["Common"],
        }
    )
    actions.append({"type": "setup", "item": "Q01"})
    return actions


# -- candidates ---------------------------------------------------------------------------------


def _numbered_deck(state: dict, exclude=()) -> list[str]:
    catalogue = state["catalogue"]
    return [
        card
        for card in places.deck_cards(state)
        if catalogue[card]["number"] is not None and card not in exclude
    ]


def _draw(state: dict, cards: _Cards, rng, exclude=()) -> tuple[list[dict], str]:
    """A numbered deck card for a random draw, registering one when the deck has none."""
    pool = _numbered_deck(state, exclude)
    if pool and (rng.random() < 0.9 or not cards.roomy):
        return [], rng.choice(pool)
    new = cards.quest()
    return [new], new["id"]


def _some(rng, items: list, low: int = 1, high: int = 2) -> list:
    if not items:
        return []
    return rng.sample(items, min(len(items), rng.randint(low, high)))


def candidates(state: dict, kind: str, rng: random.Random, limit: int = 3) -> list[list[dict]]:
    """Up to `limit` plausible concrete instances of `kind` now (acceptable or not), each a list
    of actions: any `register_card` it needs, then the action itself."""
    found = []
    for _ in range(limit):
        made = _MAKERS[kind](state, rng, _Cards(state, rng))
        if made is not None:
            found.append(made)
    return found


def _plain(kind: str):
    return lambda state, rng, cards: [{"type": kind}]


def _begin(state, rng, cards):
    ruleset = rng.choice(all_rulesets())
    return [{"type": "begin_adventure", "ruleset": ruleset}]


def _register(state, rng, cards):
    return [cards.quest()]


def _setup(state, rng, cards):
    catalogue = state["catalogue"]
    actions = []
    if places.player_card(state) is None:
        actions.append(
            {
                "type": "register_card",
                "id": cards.new_id("P"),
                "kind": "player",
                "skills": {"recovery": 2},
            }
        )
    if "Map 1" not in catalogue:
        actions.append(
            {
                "type": "register_card",
                "id": "Map 1",
                "kind": "map",
                "number": 4,
                "locations": [{"name": "Ulendi", "lay_low": 8, "terrains": ["X0", "U", "G"]}],
            }
        )
    commons = [
        card
        for card in places.deck_cards(state)
        if "Common" in (catalogue[card].get("classes") or ())
    ]
    if commons and rng.random() < 0.7:
        item = rng.choice(commons)
    else:
        new = cards.quest(classes=("Common",))
        actions.append(new)
        item = new["id"]
    return [*actions, {"type": "setup", "item": item}]


def _lay_low(state, rng, cards):
    pre, draw = _draw(state, cards, rng)
    return [*pre, {"type": "lay_low", "draw": draw}]


def _travel_or_move(kind: str):
    def make(state, rng, cards):
        if state["location"] is None:
            return [{"type": kind, "map": "Map 1", "location": "Ulendi"}]
        catalogue = state["catalogue"]
        if kind == "travel":
            places_to = queries.travel_destinations(state)
            unknown = [
                row["map"]
                for row in queries.neighbouring_maps(state)
                if row["map"] not in catalogue
            ]
        else:
            places_to = [
                {"map": card, "location": loc["name"]}
                for card, entry in catalogue.items()
                if entry["kind"] == "map"
                for loc in entry["locations"]
                if {"map": card, "location": loc["name"]} != state["location"]
            ]
            unknown = [cards.new_id("Map ")]
        if unknown and (not places_to or rng.random() < 0.25):
            new = cards.map(rng.choice(unknown))
            return [
                new,
                {"type": kind, "map": new["id"], "location": rng.choice(new["locations"])["name"]},
            ]
        if not places_to:
            return [{"type": kind, **state["location"]}]
        return [{"type": kind, **rng.choice(places_to)}]

    return make


def _retrieve(state, rng, cards):
    waiting = queries.waiting_here(state) or list(state["waiting"])
    if not waiting:
        return [{"type": "retrieve", "cards": ["X3"]}]
    return [{"type": "retrieve", "cards": _some(rng, waiting, 1, len(waiting))}]


def _draw_encounter(state, rng, cards):
    catalogue = state["catalogue"]
    if state["location"] is None:
        return [{"type": "draw_encounter", "card": "X0"}]
    types_here = places.terrain_modifiers(state)
    follow_up = state["encounters_this_turn"] >= 1
    turn_one = state["turn"] == 1 and not follow_up
    if turn_one:
        terrain, matching = "X0", ("X0",)
    elif follow_up:
        pool = list(types_here) + list(SPECIAL) + ["O", "F"]
        terrain = rng.choice(pool)
        matching = (terrain,)
    else:
        terrain = rng.choice(list(types_here))
        matching = tuple(types_here)
    needs_draw = queries.needs_difficulty_draw(state, terrain)
    actions: list[dict] = []
    draw = None
    if needs_draw:
        actions, draw = _draw(state, cards, rng)
    deck = places.deck_cards(state)
    in_deck = [
        card
        for card in deck
        if card != draw
        and catalogue[card]["kind"] == "quest"
        and terrain in catalogue[card]["terrains"]
    ]
    any_deck_match = any(
        catalogue[card]["kind"] == "quest"
        and any(kind in catalogue[card]["terrains"] for kind in matching)
        for card in deck
        if card != draw
    )
    in_hand = [
        card
        for card in state["ready"] + state["exhausted"]
        if catalogue[card]["kind"] == "quest" and terrain in catalogue[card]["terrains"]
    ]
    roll = rng.random()
    if in_hand and not any_deck_match and roll < 0.8:
        card = rng.choice(in_hand)
    elif in_deck and (roll < 0.75 or not cards.roomy):
        card = rng.choice(in_deck)
    else:
        extra = [terrain]
        if rng.random() < 0.3:
            extra.append(rng.choice([k for k in PLAIN if k != terrain]))
        new = cards.quest(terrains=extra)
        actions.append(new)
        card = new["id"]
    action = {"type": "draw_encounter", "card": card}
    on_card = [kind for kind in types_here if kind in catalogue.get(card, {}).get("terrains", [])]
    if follow_up or len(on_card) != 1 or rng.random() < 0.3:
        action["terrain"] = terrain.lower() if rng.random() < 0.2 else terrain
    if draw is not None:
        action["draw"] = draw
        if rng.random() < 0.15:
            action["adjust"] = rng.choice((-1, 1, 2))
    return [*actions, action]


def _begin_check(state, rng, cards):
    action = {"type": "begin_check", "skill": rng.choice(SKILLS)}
    if rng.random() < 0.15:
        return [action]  # a result check
    action["target"] = rng.randint(4, 13)
    if rng.random() < 0.4:
        action["times"] = rng.randint(1, 3)
    if rng.random() < 0.6:
        action["round_speed"] = rng.randint(1, 3)
    if rng.random() < 0.6:
        action["damage"] = rng.randint(0, 2)
    return [action]


def _play(state, rng, cards):
    ready = state["ready"] or ["Vince"]
    action = {"type": "play_check_card", "card": rng.choice(ready)}
    pre: list[dict] = []
    if state["ruleset"]["check_value"] == "deck_draw":
        pre, action["draw"] = _draw(state, cards, rng)
    return [*pre, action]


def _damage(state, rng, cards):
    due = queries.damage_due_count(state) or 1
    ready = state["ready"] or ["Vince"]
    return [{"type": "take_damage", "cards": rng.sample(ready, min(due, len(ready)))}]


def _reuse(state, rng, cards):
    reusable = [
        card
        for card in state["exhausted"]
        if "Reusable" in (state["catalogue"][card].get("classes") or ())
    ]
    pool = reusable or state["exhausted"] or ["Q01"]
    return [{"type": "reuse", "card": rng.choice(pool)}]


def _random_draw(state, rng, cards):
    pre, draw = _draw(state, cards, rng)
    return [*pre, {"type": "random_draw", "draw": draw}]


def _exhaust(state, rng, cards):
    return [{"type": "exhaust", "cards": _some(rng, state["ready"]) or ["Vince"]}]


def _restore(state, rng, cards):
    pool = places.restorable_cards(state) or state["exhausted"] or ["Vince"]
    return [{"type": "restore", "cards": _some(rng, pool)}]


def _discard(state, rng, cards):
    pool = places.discardable_cards(state) or state["ready"] + state["exhausted"] or ["Vince"]
    chosen = _some(rng, pool)
    action = {"type": "discard", "cards": chosen}
    if any("Curse" in (state["catalogue"].get(c, {}).get("classes") or ()) for c in chosen):
        action["conditions_met"] = True
    return [action]


def _draw_item(state, rng, cards):
    catalogue = state["catalogue"]
    items = [card for card in places.deck_cards(state) if catalogue[card].get("classes")]
    if items and (rng.random() < 0.7 or not cards.roomy):
        card = rng.choice(items)
        item_class = rng.choice(catalogue[card]["classes"])
        return [{"type": "draw_item", "class": item_class.lower(), "card": card}]
    item_class = rng.choice(("Common", "Uncommon", "Reusable", "Unique", "Skill", "Curse"))
    new = cards.item(item_class)
    return [new, {"type": "draw_item", "class": item_class, "card": new["id"]}]


def _end_encounter(state, rng, cards):
    encounter = state["encounter"]
    outcome = "done"
    if encounter is not None:
        keepable = encounter["from_hand"] is None and state["catalogue"][encounter["card"]].get(
            "classes"
        )
        roll = rng.random()
        if keepable and roll < 0.5:
            outcome = "keep"
        elif roll > 0.9:
            outcome = "ongoing"
    action = {"type": "end_encounter"}
    if outcome != "done" or rng.random() < 0.5:
        action["outcome"] = outcome
    return [action]


def _recover(state, rng, cards):
    pool = places.restorable_cards(state) or ["Vince"]
    most = max(1, state["skills"]["recovery"])
    return [{"type": "recover", "cards": _some(rng, pool, 1, most)}]


def _trade(state, rng, cards):
    catalogue = state["catalogue"]
    pool = places.discardable_cards(state)
    classes = queries.trade_classes(state) or ["Common"]
    affordable = [name for name in classes if places.trade_cost(name) <= len(pool)]
    item_class = rng.choice(affordable or classes)
    cost = places.trade_cost(item_class)
    give = rng.sample(pool, min(len(pool), cost)) if pool else ["Vince"]
    items = [
        card
        for card in places.deck_cards(state)
        if item_class in (catalogue[card].get("classes") or ()) and card not in give
    ]
    pre: list[dict] = []
    if items and (rng.random() < 0.7 or not cards.roomy):
        card = rng.choice(items)
    else:
        new = cards.item(item_class)
        pre.append(new)
        card = new["id"]
    action = {"type": "trade", "class": item_class, "give": give, "card": card}
    if any("Curse" in (catalogue.get(c, {}).get("classes") or ()) for c in give):
        action["conditions_met"] = True
    return [*pre, action]


def _die(state, rng, cards):
    return [{"type": "die", "how": rng.choice(("died", "removed"))}]


_MAKERS = {
    "begin_adventure": _begin,
    "register_card": _register,
    "setup": _setup,
    "lay_low": _lay_low,
    "travel": _travel_or_move("travel"),
    "retrieve": _retrieve,
    "draw_encounter": _draw_encounter,
    "begin_check": _begin_check,
    "play_check_card": _play,
    "take_damage": _damage,
    "reuse": _reuse,
    "fail_check": _plain("fail_check"),
    "random_draw": _random_draw,
    "exhaust": _exhaust,
    "restore": _restore,
    "discard": _discard,
    "draw_item": _draw_item,
    "move": _travel_or_move("move"),
    "win_quest": _plain("win_quest"),
    "end_encounter": _end_encounter,
    "recover": _recover,
    "trade": _trade,
    "end_turn": _plain("end_turn"),
    "one_year_passed": _plain("one_year_passed"),
    "resume": _plain("resume"),
    "die": _die,
    "end_adventure": _plain("end_adventure"),
}
assert set(_MAKERS) == set(ACTION_TYPES)


def apply_all(state: dict, actions: list[dict]) -> list[tuple[dict, dict, dict]]:
    """Apply a candidate's actions in turn: the (before, action, after) steps, or RuleError."""
    steps = []
    for action in actions:
        after = engine.apply(state, action)
        steps.append((state, action, after))
        state = after
    return steps


class RandomPlayer:
    """Plays legal actions at random over any ruleset, registering the cards it meets."""

    def __init__(self, rng: random.Random, ruleset: dict | None = None, weights=None):
        self.rng = rng
        self.ruleset = ruleset
        self.weights = {**WEIGHTS, **(weights or {})}

    def weight(self, state: dict, kind: str) -> float:
        weight = self.weights[kind]
        if weight == 0:
            return 0.0
        check = state["check"]
        if kind == "begin_check" and check is not None:
            weight = 0.5  # one check is usually enough for an encounter
        if kind == "end_encounter" and check is not None:
            weight = 5.0
        if kind == "win_quest" and is_x_type(state["encounter"]["terrain"]):
            weight = 0.3
        if kind == "travel" and state["phase"] == "lay_low":
            weight = 0.7
        return weight

    def steps(self, state: dict) -> list[tuple[dict, dict, dict]]:
        """The next decision from `state`, applied: one or more (before, action, after)."""
        kinds = [kind for kind in state["awaiting"]["action"] if self.weights[kind] > 0]
        if not kinds:
            return []
        weights = [self.weight(state, kind) for kind in kinds]
        for _ in range(12):
            kind = self.rng.choices(kinds, weights)[0]
            for candidate in candidates(state, kind, self.rng, limit=2):
                try:
                    return apply_all(state, candidate)
                except RuleError:
                    continue
        for kind in ("end_turn", "end_encounter", "resume", "end_adventure"):
            if kind in state["awaiting"]["action"]:
                return apply_all(state, [{"type": kind}])
        raise AssertionError(f"no acceptable action found in {state['awaiting']}")


# Weights that keep an adventure going (for long logs: benchmarks, history fixtures).
ENDLESS = {"die": 0.0, "end_adventure": 0.0, "win_quest": 0.0, "one_year_passed": 0.0}


def play(
    rng: random.Random,
    steps: int,
    ruleset: dict | None = None,
    state: dict | None = None,
    weights: dict | None = None,
) -> Iterator[tuple[dict, dict, dict]]:
    """Play up to `steps` actions of one adventure (or until it is over); yield (before, action,
    after) for each, registrations included. `weights` changes how often each action type is
    chosen (`ENDLESS` never ends the adventure)."""
    player = RandomPlayer(rng, ruleset, weights)
    if state is None:
        state = engine.initial_state()
        for action in opening(rng, ruleset):
            after = engine.apply(state, action)
            yield state, action, after
            state = after
    count = 0
    while count < steps and state["status"] not in places.OVER:
        for before, action, after in player.steps(state):
            yield before, action, after
            state = after
            count += 1


def random_adventure(
    rng: random.Random, steps: int, ruleset: dict | None = None, weights: dict | None = None
) -> list[dict]:
    """The actions of a random adventure of about `steps` actions: a log to replay."""
    return [action for _, action, _ in play(rng, steps, ruleset, weights=weights)]


__all__ = [
    "ENDLESS",
    "RandomPlayer",
    "all_rulesets",
    "apply_all",
    "candidates",
    "opening",
    "play",
    "random_adventure",
]
