"""A random legal table for tests, benchmarks and history fixtures.

`candidates` lists concrete actions worth trying in a state, for every action type — a broad
superset built from the state alone, without asking the engine what is legal, so tests can
check that each type `awaiting` lists has an accepted instance and the others have none.
`RandomTable` plays whole games with it: the engine decides what is accepted, a seeded
`random.Random` (passed in) decides everything else — tile faces, rolls, modifiers, choices.
"""

import random
from collections.abc import Iterator

from ..errors import RuleError
from . import board, engine
from .geometry import ORIGIN, adjacent_places, distance, key, place_of
from .ruleset import all_rulesets

HERO_NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay")
POWER_UPS = ("Lucky Mug", "Iron Liver", "Boss Bane", "Quick Feet", "Foam Shield")
LOOT = ("Smoke Bomb", "Trap Kit", "Second Wind", "Shortcut")


def random_face(rng: random.Random, hoard_allowed: bool) -> dict:
    """A random tile face (HT-08) with levels a D20 can beat about half the time."""
    kinds = ["monster"] * 9 + ["team_monster"] * 2 + ["boss"] * 2 + ["reward"] * 3
    kinds += ["portal"] * 2 + (["hoard"] * 2 if hoard_allowed else [])
    kind = rng.choice(kinds)
    reward = {
        name: value
        for name, value in (
            ("loot", rng.choice((0, 0, 1, 2))),
            ("power_ups", rng.choice((0, 1, 1, 1, 2))),
            ("heal", rng.choice((0, 0, 10, 30))),
        )
        if value or rng.random() < 0.3
    }
    if kind == "monster":
        return {"kind": kind, "level": rng.randint(2, 18), "damage": rng.choice((0, 10, 20, 40)),
                "reward": reward}  # fmt: skip
    if kind == "team_monster":
        return {"kind": kind, "level": rng.randint(10, 30), "damage": rng.choice((10, 20)),
                "reward": reward}  # fmt: skip
    if kind == "boss":
        return {"kind": kind, "level": rng.randint(1, 20), "attack": rng.choice((10, 30, 60)),
                "reward": reward}  # fmt: skip
    if kind == "reward":
        return {"kind": kind, "reward": reward}
    if kind == "hoard":
        return {"kind": kind, "level": rng.randint(5, 16), "attack": rng.choice((20, 40))}
    return {"kind": "portal"}


def _hex(place) -> list[int]:
    return [place[0], place[1]]


def _modifiers(state: dict, rng: random.Random, sides: list[str]) -> list[dict]:
    """A few declared modifiers now and then: power-ups held, signature moves, loot, other."""
    declared = []
    if rng.random() < 0.6:
        return declared
    for side in sides:
        hero = state["players"][side]
        for card in hero["power_ups"]:
            if rng.random() < 0.5:
                declared.append({"value": rng.choice((1, 2, -1)), "source": "power_up",
                                 "card": card, "player": side})  # fmt: skip
        if rng.random() < 0.2:
            declared.append({"value": 2, "source": "signature_move", "player": side})
        if hero["loot_count"] > len(hero["loot_known"]) and rng.random() < 0.15:
            declared.append({"value": 3, "source": "loot", "player": side})
        if rng.random() < 0.1:
            declared.append({"value": -1, "source": "other", "note": "a curse", "player": side})
    return declared


def _roll(rng: random.Random) -> int:
    return rng.randint(1, 20)


def candidates(state: dict, rng: random.Random) -> list[dict]:
    """Concrete actions worth trying now, of every type (many will be refused)."""
    phase = state["phase"]
    if phase == "setup":
        return [{"type": "set_up_table", "players": [{"name": "Ana"}, {"name": "Bo"}]}]
    players = board.seated(state)
    found: list[dict] = []
    for name in players:
        hero = state["players"][name]
        cards = [rng.choice(LOOT)] if hero["loot_count"] > len(hero["loot_known"]) else []
        found.append({"type": "note_loot", "player": name, "cards": cards or ["Extra"]})
    if phase == "order":
        rolling = state["pending"][0]["players"]
        found.append({"type": "roll_for_order", "rolls": {n: _roll(rng) for n in rolling}})
        found.append({"type": "roll_for_order", "rolls": {n: _roll(rng) for n in players}})
        return found
    turn = state["turn"]
    active = turn["player"]
    tile_places = [
        (tile["at"][0], tile["at"][1])
        for tile in state["tiles"].values()
        if tile["kind"] != "start"
    ]
    # Traps go in face-up rooms: those, and one that is not, are worth trying.
    face_up = [
        p
        for p in tile_places
        if state["tiles"][key(p)]["face"] == "up" and state["tiles"][key(p)]["kind"] != "hoard"
    ]
    occupied = {board.position(state, name) for name in players}
    free = [p for p in face_up if p not in occupied and state["tiles"][key(p)]["traps"] < 3]
    trap_places = _some(rng, free, 6) + _some(rng, tile_places, 2)
    for name in players:
        hero = state["players"][name]
        here = board.position(state, name)
        found.append({"type": "gain_loot", "player": name, "count": rng.randint(1, 2)})
        found.append({"type": "heal", "player": name, "amount": rng.choice((10, 30))})
        found.append({"type": "take_damage", "player": name, "amount": rng.choice((10, 30))})
        loot_card = rng.choice(hero["loot_known"]) if hero["loot_known"] else None
        for when in ("your_turn", "between_turns"):
            found.append({"type": "play_loot", "player": name, "when": when, "card": loot_card,
                          "extra_action": when == "your_turn" and rng.random() < 0.3})  # fmt: skip
            for place in trap_places if hero["loot_count"] else trap_places[:1]:
                found.append({"type": "set_trap", "player": name, "at": _hex(place),
                              "when": when, "card": loot_card})  # fmt: skip
        found.append({"type": "gain_power_up", "player": name, "card": rng.choice(POWER_UPS)})
        for other in players:
            for card in state["players"][other]["power_ups"]:
                found.append({"type": "gain_power_up", "player": name, "card": card,
                              "from": "player", "from_player": other})  # fmt: skip
        tile = board.tile_at(state, here)
        for card in tile["power_ups"] if tile else []:
            found.append({"type": "gain_power_up", "player": name, "card": card, "from": "room"})
        discards = list(hero["power_ups"])
        if state["pending"] and state["pending"][0]["kind"] == "discard":
            discards.append(state["pending"][0]["card"])
        for card in discards:
            found.append({"type": "discard_power_up", "player": name, "card": card})
        for place in [ORIGIN, *_some(rng, face_up, 4), *_some(rng, tile_places, 1)]:
            found.append({"type": "place_hero", "player": name, "at": _hex(place)})
        found.append({"type": "end_turn", "player": name})
        found.append({"type": "challenge_hoard", "player": name, "roll": _roll(rng)})
        for other in players:
            found.append({"type": "duel", "player": name, "target": other, "roll": _roll(rng),
                          "target_roll": _roll(rng),
                          "modifiers": _modifiers(state, rng, [name, other])})  # fmt: skip
        for place in adjacent_places(here):
            if place == ORIGIN:
                continue
            known = place in tile_places
            face = None if known else random_face(rng, state["dungeon"]["hoard"] is None)
            found.append({"type": "explore", "player": name, "at": _hex(place), "tile": face})
        portals = [ORIGIN] + [
            place
            for place in tile_places
            if state["tiles"][key(place)]["kind"] in ("portal", "hoard")
        ]
        for place in portals:
            found.append({"type": "use_portal", "player": name, "to": _hex(place)})
    found += _moves(state, active)
    for name in players:
        for place in _some(rng, tile_places, 1):
            found.append({"type": "move_tile", "player": name, "from": _hex(place),
                          "to": _hex(_free_hex(state, rng))})  # fmt: skip
    found += _pending_answers(state, rng)
    return found


def _some(rng: random.Random, items: list, count: int) -> list:
    """Up to `count` of `items`, at random."""
    return items if len(items) <= count else rng.sample(items, count)


def _moves(state: dict, name: str) -> list[dict]:
    """Every path of one step, and two-step paths through open places, from the hero's place."""
    here = board.position(state, name)
    found = []
    for first in adjacent_places(here):
        found.append({"type": "move", "player": name, "path": [_hex(first)]})
        if board.is_open(state, first):
            for second in adjacent_places(first):
                found.append({"type": "move", "player": name, "path": [_hex(first), _hex(second)]})
    return found


def _free_hex(state: dict, rng: random.Random) -> tuple[int, int]:
    """An unrecorded hex near the dungeon, for a tile moved by a card."""
    for _ in range(50):
        hex_ = (rng.randint(-9, 9), rng.randint(-9, 9))
        if place_of(hex_) != ORIGIN and key(hex_) not in state["tiles"]:
            return hex_
    return (150, 0)


def _pending_answers(state: dict, rng: random.Random) -> list[dict]:
    """Answers to the first pending item, for its hero and for a wrong one."""
    if not state["pending"]:
        return []
    first = state["pending"][0]
    players = board.seated(state)
    found = []
    # In a fixed order (not a set's): the same seed plays the same game under any hash seed.
    for name in dict.fromkeys((first["player"], rng.choice(players))):
        others = [other for other in players if other != name]
        kind = first["kind"]
        if kind == "fight":
            found.append({"type": "fight", "player": name, "roll": _roll(rng),
                          "modifiers": _modifiers(state, rng, [name])})  # fmt: skip
        elif kind == "team_battle":
            partner = rng.choice(others)
            found.append({"type": "team_battle", "player": name, "partner": partner,
                          "roll": _roll(rng), "partner_roll": _roll(rng),
                          "modifiers": _modifiers(state, rng, [name, partner])})  # fmt: skip
        elif kind == "boss_fight":
            boss = first["boss_player"] or rng.choice(others)
            found.append({"type": "boss_fight", "player": name, "boss_player": boss,
                          "roll": _roll(rng), "boss_roll": _roll(rng),
                          "modifiers": _modifiers(state, rng, [name, boss])})  # fmt: skip
        elif kind == "hoard":
            found.append({"type": "challenge_hoard", "player": name, "roll": _roll(rng)})
        elif kind == "duel":
            found.append({"type": "duel", "player": first["player"], "target": first["target"],
                          "roll": _roll(rng), "target_roll": _roll(rng)})  # fmt: skip
        elif kind == "traps":
            found.append({"type": "trap_roll", "player": name, "roll": _roll(rng),
                          "modifiers": _modifiers(state, rng, [name])})  # fmt: skip
        elif kind == "power_up":
            found.append({"type": "gain_power_up", "player": name, "card": rng.choice(POWER_UPS)})
    return found


# How keen the random table is on each action type (before the engine has its say).
WEIGHTS = {
    "roll_for_order": 50.0,
    "fight": 50.0,
    "team_battle": 50.0,
    "boss_fight": 50.0,
    "trap_roll": 50.0,
    "discard_power_up": 1.0,
    "challenge_hoard": 200.0,
    "explore": 12.0,
    "move": 8.0,
    "duel": 3.0,
    "use_portal": 2.0,
    "gain_power_up": 1.0,
    "end_turn": 1.0,
    "play_loot": 0.6,
    "set_trap": 0.8,
    "gain_loot": 0.3,
    "note_loot": 0.3,
    "heal": 0.4,
    "take_damage": 0.3,
    "place_hero": 0.3,
    "move_tile": 0.1,
}


class RandomTable:
    """Plays a whole game of random legal actions with a seeded random source."""

    def __init__(self, rng: random.Random, players: int | None = None, ruleset=None):
        self.rng = rng
        self.count = players or rng.randint(2, 6)
        self.ruleset = dict(ruleset) if ruleset is not None else rng.choice(all_rulesets())

    def set_up(self) -> dict:
        """The `set_up_table` action: heroes in seating order, some with a signature move."""
        players = []
        for name in HERO_NAMES[: self.count]:
            entry = {"name": name}
            if self.rng.random() < 0.7:
                entry["signature_move"] = f"{name}'s Gulp"
            players.append(entry)
        return {"type": "set_up_table", "players": players, "ruleset": self.ruleset}

    def choose(self, state: dict) -> tuple[dict, dict] | None:
        """A random accepted action for `state` and the state after it (None once it is over)."""
        if state["phase"] == "setup":
            action = self.set_up()
            return action, engine.apply(state, action)
        listed = state["awaiting"]["action"]
        if not listed:
            return None
        by_type: dict[str, list[dict]] = {}
        for action in candidates(state, self.rng):
            if action["type"] in listed:
                by_type.setdefault(action["type"], []).append(action)
        self._steer(state, by_type)
        kinds = list(by_type)
        while kinds:
            weights = [self._weight(state, kind) for kind in kinds]
            kind = self.rng.choices(kinds, weights)[0]
            options = by_type[kind]
            self.rng.shuffle(options)
            for action in options:
                try:
                    return action, engine.apply(state, action)
                except RuleError:
                    continue
            kinds.remove(kind)
        raise AssertionError(f"no accepted action among {listed} in {state['awaiting']}")

    def _weight(self, state: dict, kind: str) -> float:
        turn = state["turn"]
        if kind == "end_turn" and turn and turn["actions_left"] == 0:
            return 30.0
        return WEIGHTS[kind]

    def _steer(self, state: dict, by_type: dict) -> None:
        """With three power-ups and the Hoard found, moves towards the Hoard come first."""
        hoard = state["dungeon"]["hoard"] if state["dungeon"] else None
        if hoard is None or state["phase"] != "play" or "move" not in by_type:
            return
        name = state["turn"]["player"]
        if len(state["players"][name]["power_ups"]) < 3:
            return
        target = (hoard[0], hoard[1])
        by_type["move"].sort(key=lambda action: distance(tuple(action["path"][-1]), target))
        by_type["move"] = by_type["move"][:3]


def play(rng: random.Random, players=None, ruleset=None, steps: int = 400) -> Iterator[tuple]:
    """Play up to `steps` random actions from the empty table; yield (before, action, after)."""
    table = RandomTable(rng, players, ruleset)
    state = engine.initial_state()
    for _ in range(steps):
        chosen = table.choose(state)
        if chosen is None:
            return
        action, after = chosen
        yield state, action, after
        state = after


def random_game(seed, players=None, ruleset=None, steps: int = 400) -> list[dict]:
    """The actions of a random game: a log to replay."""
    return [action for _, action, _ in play(random.Random(seed), players, ruleset, steps)]
