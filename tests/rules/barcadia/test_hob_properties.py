"""Property tests: random legal games with 2–6 players over every table rule.

After each step: at most three power-ups each (H-22); health within 0…full (HT-01); at most one
Drink Hoard (HT-03); at most three traps a room (H-24); heroes only on open places (HT-05);
nothing accepted after a winner (HT-22); every type `awaiting` lists has an accepted instance
and no other type has one, and per seat likewise for `seat_actions`; the given state is never changed; the log replays to the state; the
state survives a JSON round trip.
"""

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.rules.barcadia import apply, initial_state, replay, seat_actions
from tracker.rules.barcadia.board import is_open
from tracker.rules.barcadia.bot import RandomTable, candidates
from tracker.rules.barcadia.ruleset import CHOICES
from tracker.rules.errors import RuleError

RULESETS = st.fixed_dictionaries(
    {"full_hp": st.sampled_from([10, 30, 100, 500])}
    | {option: st.sampled_from(choices) for option, choices in CHOICES.items()}
)


def check_state(state: dict) -> None:
    """The invariants every state holds."""
    assert json.loads(json.dumps(state)) == state
    if state["phase"] == "setup":
        return
    full = state["ruleset"]["full_hp"]
    for hero in state["players"].values():
        assert len(hero["power_ups"]) <= 3, hero
        assert 0 <= hero["hp"] <= hero["hp_max"] == full, hero
        assert hero["loot_count"] >= len(hero["loot_known"]) >= 0
        assert is_open(state, (hero["position"][0], hero["position"][1])), hero
    tiles = state["tiles"].values()
    assert sum(tile["kind"] == "hoard" for tile in tiles) <= 1
    assert all(0 <= tile["traps"] <= 3 for tile in tiles)
    dungeon = state["dungeon"]
    assert dungeon["recorded"] == sum(tile["kind"] != "start" for tile in tiles) <= dungeon["size"]
    if state["winner"] is not None:
        assert state["phase"] == "over" and state["awaiting"]["action"] == []


def check_types(state: dict, rng: random.Random) -> None:
    """Each listed type has an accepted candidate and no other type has one; per seat, the
    types `seat_actions` gives a hero are exactly those accepted with that hero as `player`."""
    listed = set(state["awaiting"]["action"])
    seats = seat_actions(state)
    accepted: set[tuple[str, str | None]] = set()
    tries = candidates(state, rng)
    rng.shuffle(tries)
    frozen = json.dumps(state, sort_keys=True)
    for action in tries:
        kind, who = action["type"], action.get("player")
        if (kind, who) in accepted:
            continue
        try:
            after = apply(state, action)
        except RuleError as error:
            assert str(error).startswith(error.rule + ": ")
            continue
        assert kind in listed, (kind, "accepted but not listed", state["awaiting"])
        assert who is None or kind in seats[who], (kind, who, seats)
        assert after["actions"] == state["actions"] + 1
        accepted.add((kind, who))
    assert {kind for kind, _who in accepted} == listed, state["awaiting"]
    for name, kinds in seats.items():
        missing = {kind for kind in kinds if kind != "roll_for_order"} - {
            kind for kind, who in accepted if who == name
        }
        assert not missing, (name, missing, state["awaiting"])
    assert json.dumps(state, sort_keys=True) == frozen  # no attempt changed the state


def run_game(seed: int, players: int, ruleset: dict | None, steps: int, every: int) -> Counter:
    """Play a random game, checking the invariants after each step; count what was played."""
    rng = random.Random(seed)
    table = RandomTable(rng, players, ruleset)
    log: list[dict] = []
    kept: list[tuple[dict, str]] = []  # earlier states, which later actions must not change
    state = initial_state()
    check_state(state)
    stats: Counter = Counter()
    for step in range(steps):
        frozen = json.dumps(state, sort_keys=True)
        chosen = table.choose(state)
        if chosen is None:
            break
        action, after = chosen
        assert json.dumps(state, sort_keys=True) == frozen
        log.append(action)
        check_state(after)
        if step % every == 0 or after["phase"] == "over":
            check_types(after, rng)
        if step % 10 == 0:
            kept.append((after, json.dumps(after, sort_keys=True)))
        stats[action["type"]] += 1
        # Half the time the next step starts from a JSON copy, as a stored state would be.
        state = json.loads(json.dumps(after)) if step % 2 else after
    assert replay(log) == json.loads(json.dumps(state))
    assert all(json.dumps(old, sort_keys=True) == dump for old, dump in kept)
    stats[state["phase"]] += 1
    return stats


PROPERTY_SETTINGS = settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 3), ruleset=RULESETS)
def test_h22_h24_ht05_small_tables_keep_every_invariant(seed, players, ruleset):
    run_game(seed, players, ruleset, steps=300, every=3)


@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(4, 6), ruleset=RULESETS)
def test_h27_ht05_ht21_large_tables_keep_every_invariant(seed, players, ruleset):
    run_game(seed, players, ruleset, steps=300, every=3)


def test_ht22_bot_games_reach_winners_and_every_action_type():
    stats: Counter = Counter()
    for seed in range(8):
        stats += run_game(seed, 2 + seed % 5, None, steps=900, every=25)
    assert stats["over"] >= 5, stats
    missing = [kind for kind in (
        "set_up_table", "roll_for_order", "duel", "explore", "fight", "team_battle",
        "boss_fight", "challenge_hoard", "move", "use_portal", "trap_roll", "gain_power_up",
        "discard_power_up", "gain_loot", "note_loot", "play_loot", "set_trap", "take_damage",
        "heal", "place_hero", "move_tile", "end_turn",
    ) if stats[kind] == 0]  # fmt: skip
    assert missing == [], stats
