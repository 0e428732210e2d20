"""The state exactly as the actions contract prints it, and `awaiting.action` exactly as it
lists it: an independent reading of the contract's table compared over random games."""

import json
import random

import pytest

from tracker.rules.barcadia import ACTION_FIELDS, ACTION_TYPES, GAME, replay
from tracker.rules.barcadia.bot import play
from tracker.rules.barcadia.ruleset import all_rulesets

SAMPLE_LOG = [
    {"type": "set_up_table", "players": [{"name": "Ana", "signature_move": "Keg Toss"},
                                          {"name": "Bo"}]},
    {"type": "roll_for_order", "rolls": {"Ana": 7, "Bo": 15}},
    {"type": "explore", "player": "Bo", "at": [2, -1],
     "tile": {"kind": "monster", "level": 8, "damage": 20, "reward": {"power_ups": 1}}},
    {"type": "fight", "player": "Bo", "roll": 11},
    {"type": "gain_power_up", "player": "Bo", "card": "Lucky Mug"},
    {"type": "end_turn", "player": "Bo"},
    {"type": "note_loot", "player": "Ana", "cards": ["Smoke Bomb"]},
    {"type": "explore", "player": "Ana", "at": [-2, 1],
     "tile": {"kind": "monster", "level": 12, "damage": 20, "reward": {"loot": 2}}},
    {"type": "fight", "player": "Ana", "roll": 6},
]  # fmt: skip


def start_tile(q, r):
    return {"at": [q, r], "kind": "start", "face": "up", "traps": 0, "power_ups": []}


def test_hl01_hl02_the_printed_sample_state_of_the_contract():
    state = replay(SAMPLE_LOG)
    starts = [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
    assert state == {
        "game": "heroes-of-barcadia",
        "phase": "play",
        "ruleset": {"full_hp": 100, "turn_order": "by_roll", "small_dungeon": "by_players",
                    "boss_level": "ignore", "portal": "any_time", "trap_removal": "always",
                    "rooms": "one_hero"},
        "dungeon": {"size": 30, "recorded": 2, "hoard": None},
        "players": {
            "Ana": {"name": "Ana", "seat": 1, "signature_move": "Keg Toss", "hp": 80,
                    "hp_max": 100, "position": [0, 0], "power_ups": [], "loot_count": 3,
                    "loot_known": ["Smoke Bomb"], "deaths": 0},
            "Bo": {"name": "Bo", "seat": 2, "signature_move": None, "hp": 100, "hp_max": 100,
                   "position": [2, -1], "power_ups": ["Lucky Mug"], "loot_count": 3,
                   "loot_known": [], "deaths": 0},
        },
        "order": ["Bo", "Ana"],
        "order_rolls": {"Ana": [7], "Bo": [15]},
        "turn": {"player": "Ana", "number": 2, "started": True, "actions_taken": 1,
                 "actions_left": 0, "duel_used": False, "portal_used": False, "arrived": False},
        "tiles": {
            **{f"{q},{r}": start_tile(q, r) for q, r in starts},
            "2,-1": {"at": [2, -1], "kind": "monster", "face": "up", "level": 8, "damage": 20,
                     "reward": {"loot": 0, "power_ups": 1, "heal": 0}, "defeated": True,
                     "traps": 0, "power_ups": []},
            "-2,1": {"at": [-2, 1], "kind": "monster", "face": "down", "level": 12,
                     "damage": 20, "reward": {"loot": 2, "power_ups": 0, "heal": 0},
                     "defeated": False, "traps": 0, "power_ups": []},
        },
        "pending": [],
        "awaiting": {"player": "Ana",
                     "action": ["gain_loot", "heal", "note_loot", "play_loot", "take_damage",
                                "gain_power_up", "end_turn", "discard_power_up", "place_hero",
                                "move_tile"],
                     "reason": "Ana's turn: action taken"},
        "winner": None,
        "actions": 9,
    }  # fmt: skip
    assert json.loads(json.dumps(state)) == state and state["game"] == GAME


def test_hl02_every_action_type_lists_the_fields_it_reads():
    assert tuple(ACTION_FIELDS) == ACTION_TYPES
    assert len(ACTION_TYPES) == 22
    assert all(fields[0] == "type" for fields in ACTION_FIELDS.values())
    assert ACTION_FIELDS["gain_power_up"] == ("type", "player", "card", "from", "from_player")
    state = replay(SAMPLE_LOG)
    # Fields not listed are ignored: the same log with extras gives the same state.
    noisy = [{**action, "by": "phone 2", "at_time": 3} if action["type"] != "explore" else
             {**action, "comment": "x"} for action in SAMPLE_LOG]  # fmt: skip
    assert replay(noisy) == state
    trimmed = [{key: value for key, value in action.items() if key in ACTION_FIELDS[action["type"]]}
               for action in noisy]  # fmt: skip
    assert trimmed == SAMPLE_LOG


# -- an independent reading of "awaiting.action, exactly" -----------------------------------------

START = {(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
AWAITS = {"fight": "fight", "team_battle": "team_battle", "boss_fight": "boss_fight",
          "hoard": "challenge_hoard", "duel": "duel", "traps": "trap_roll",
          "power_up": "gain_power_up", "discard": "discard_power_up"}  # fmt: skip


def place(hex_):
    hex_ = tuple(hex_)
    return (0, 0) if hex_ in START else hex_


def hexes(p):
    return START if p == (0, 0) else {p}


def around(p):
    """Places touching place p: a hex of one neighbours a hex of the other (HT-05)."""
    return {place((q + dq, r + dr)) for q, r in hexes(p) for dq, dr in STEPS} - {p}


def tile(state, p):
    return state["tiles"].get(f"{p[0]},{p[1]}")


def open_place(state, p):
    if p == (0, 0):
        return True
    t = tile(state, p)
    if t is None or t["face"] != "up":
        return False
    return t["kind"] in ("portal", "reward") or t.get("defeated", False)


def portal(state, p):
    t = tile(state, p)
    return p == (0, 0) or (t is not None and t["kind"] == "portal" and t["face"] == "up")


def where(state):
    return {name: place(hero["position"]) for name, hero in state["players"].items()}


def expected_types(state):
    phase, players = state["phase"], state["players"]
    if phase == "setup":
        return {"set_up_table"}
    if phase == "over":
        return set()
    unnamed = any(h["loot_count"] > len(h["loot_known"]) for h in players.values())
    if phase == "order":
        return {"roll_for_order"} | ({"note_loot"} if unnamed else set())
    turn = state["turn"]
    me = turn["player"]
    light = {"gain_loot", "heal"}
    if unnamed:
        light.add("note_loot")
    loot_playable = players[me]["loot_count"] > 0 or (
        not turn["started"] and any(h["loot_count"] > 0 for h in players.values())
    )
    if loot_playable:
        light.add("play_loot")
    if state["pending"]:
        return {AWAITS[state["pending"][0]["kind"]]} | light
    types = light | {"take_damage", "gain_power_up", "end_turn"}
    at = where(state)
    here = at[me]
    open_rooms = [
        place(t["at"]) for t in state["tiles"].values()
        if t["kind"] != "start" and open_place(state, place(t["at"]))
    ]  # fmt: skip
    if any(h["power_ups"] for h in players.values()):
        types.add("discard_power_up")
    if any(p != at[name] for name in players for p in [(0, 0), *open_rooms]):
        types.add("place_hero")
    if state["dungeon"]["recorded"] > 0:
        types.add("move_tile")
    hoard = state["dungeon"]["hoard"]
    if loot_playable and any(
        p not in at.values() and tile(state, p)["traps"] < 3 and tile(state, p)["kind"] != "hoard"
        for p in open_rooms
    ):
        types.add("set_trap")
    others = {name: p for name, p in at.items() if name != me}
    neighbours_here = any(p in around(here) for p in others.values())
    if turn["actions_taken"] == 0 and not turn["duel_used"] and neighbours_here:
        types.add("duel")
    if turn["actions_left"] > 0:
        dungeon = state["dungeon"]
        for p in around(here):
            if p == (0, 0):
                continue
            t = tile(state, p)
            if (t is None and dungeon["recorded"] < dungeon["size"]) or (t and t["face"] == "down"):
                types.add("explore")
        for p in around(here):
            if not open_place(state, p):
                continue
            blocked = p != (0, 0) and p in others.values()
            if state["ruleset"]["rooms"] == "shared" or not blocked:
                types.add("move")
        hoard_up = hoard is not None and tile(state, tuple(hoard))["face"] == "up"
        if hoard_up and tuple(hoard) in around(here) and len(players[me]["power_ups"]) >= 3:
            types.add("challenge_hoard")
    if not turn["portal_used"] and portal(state, here):
        mine_free = here == (0, 0) or here not in others.values()
        arrived = state["ruleset"]["portal"] == "any_time" or turn["arrived"]
        portals = [(0, 0)] + [p for p in open_rooms if tile(state, p)["kind"] == "portal"]
        elsewhere = [p for p in portals if p != here and (p == (0, 0) or p not in others.values())]
        if mine_free and arrived and elsewhere:
            types.add("use_portal")
    return types


RULESETS = all_rulesets()


@pytest.mark.parametrize("seed", range(12))
def test_ht06_awaiting_action_is_exactly_the_contracts_table_over_random_games(seed):
    rng = random.Random(seed)
    ruleset = RULESETS[seed * 5 % len(RULESETS)]
    seen = set()
    for before, _action, after in play(rng, players=2 + seed % 5, ruleset=ruleset, steps=700):
        for state in (before, after):
            listed = state["awaiting"]["action"]
            assert len(listed) == len(set(listed))
            assert set(listed) == expected_types(state), (state["awaiting"], state["turn"])
            seen |= set(listed)
            first = state["pending"][0] if state["pending"] else None
            if state["phase"] == "play":
                who = first["player"] if first else state["turn"]["player"]
                assert state["awaiting"]["player"] == who
            else:
                assert state["awaiting"]["player"] is None
    assert len(seen) >= 18, sorted(set(ACTION_TYPES) - seen)
