"""Property tests: a random legal player (bot.py) plays whole adventures over every ruleset.

After every step: each registered card is in at most one place (BT-02); map cards and the
Player Card never leave the hands (B-29); the skills are what the cards in hand give (BT-08); a
played card's value and the check's rounds, successes and damage follow BT-09…BT-13; every type
`awaiting` lists has an accepted instance and every other type is refused (A-03); the state
given to `apply` is never changed; replaying the log gives the state; the state survives a JSON
round trip.
"""

import json
import random

from bv_model import Tracker, check_damage, check_play, expected_skills, expected_value
from bv_support import check_places
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.rules.barbarian_vince import ACTION_TYPES, bot, replay
from tracker.rules.errors import RuleError

RULESETS = bot.all_rulesets()


def accepted(state: dict, candidate: list[dict]) -> bool:
    try:
        bot.apply_all(state, candidate)
    except RuleError as error:
        assert str(error).startswith(f"{error.rule}: ") and error.message
        return False
    return True


def check_step(before: dict, action: dict, after: dict, tracker: Tracker) -> None:
    """The invariants of one step, `tracker` seeing the adventure up to `before`."""
    check_places(after)
    if after["status"] not in ("new", "setup"):
        # B-29: maps once held and the Player Card stay in a hand for good.
        held = set(after["ready"]) | set(after["exhausted"])
        assert tracker.maps_held <= held
        assert after["internal"]["player_card"] in held
    assert after["skills"] == expected_skills(after)
    if action["type"] == "play_check_card":
        value = expected_value(before, action, tracker.spent)
        assert after["exhausted"][-1] == action["card"].strip()
        check_play(before, after, value)
    elif action["type"] == "take_damage":
        check_damage(before, after)
    check = after["check"]
    if check is not None:
        assert 0 <= check["successes"] <= check["times"] and check["round"] >= 1
        assert check["damage_due"] <= len(after["ready"])
        assert check["status"] != "passed" or check["successes"] == check["times"]
    assert json.loads(json.dumps(after)) == after
    assert after["actions"] == before["actions"] + 1


def check_types(state: dict, rng: random.Random) -> None:
    """Every listed type has an accepted instance; every other type is refused (A-03)."""
    listed = state["awaiting"]["action"]
    frozen = json.dumps(state, sort_keys=True)
    for kind in ACTION_TYPES:
        tries = bot.candidates(state, kind, rng, limit=6 if kind in listed else 2)
        if kind in listed:
            assert any(accepted(state, candidate) for candidate in tries), (kind, tries)
        else:
            assert tries and not any(accepted(state, candidate) for candidate in tries), kind
    assert json.dumps(state, sort_keys=True) == frozen


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    seed=st.integers(0, 2**32 - 1),
    ruleset=st.sampled_from(RULESETS),
    steps=st.integers(10, 140),
)
def test_a03_bt02_bt08_bt11_random_adventures_keep_every_invariant(seed, ruleset, steps):
    rng = random.Random(seed)
    probe = random.Random(seed + 1)
    tracker = Tracker()
    log: list[dict] = []
    frozen = None
    for before, action, after in bot.play(rng, steps, ruleset):
        if frozen is not None:
            assert json.dumps(before, sort_keys=True) == frozen  # apply never changed it
        check_step(before, action, after, tracker)
        tracker.step(before, action, after)
        log.append(action)
        assert replay(log) == after
        check_types(after, probe)
        frozen = json.dumps(after, sort_keys=True)


def test_bt01_random_adventures_replay_from_their_json_log():
    for seed in range(6):
        actions = bot.random_adventure(random.Random(seed), 200, RULESETS[seed * 7 % 64])
        text = json.dumps(
            {"format": "cardrpg-log", "version": 1, "game": "barbarian-vince", "actions": actions}
        )
        again = json.loads(text)["actions"]
        assert replay(again) == replay(actions)
