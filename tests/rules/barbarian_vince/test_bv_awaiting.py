"""`awaiting` against the actions spec's table, written again independently (bv_model), over
random adventures of every ruleset: the listed types, the reason, and BT-04's condition."""

import random

import pytest
from bv_model import Tracker, expected_reason, expected_types

from tracker.rules.barbarian_vince import bot

RULESETS = bot.all_rulesets()


@pytest.mark.parametrize("index", range(0, len(RULESETS), 2))
def test_a03_awaiting_lists_exactly_the_table_s_types_in_every_state(index):
    for offset, seed in ((0, index), (1, index + 1000)):
        ruleset = RULESETS[index + offset]  # the pair of tests covers all 64 rulesets
        tracker = Tracker()
        for before, action, after in bot.play(random.Random(seed), 160, ruleset):
            tracker.step(before, action, after)
            listed = after["awaiting"]["action"]
            assert len(listed) == len(set(listed)), listed
            if after["status"] == "playing":
                # BT-04: the field says whether an encounter was here last turn.
                assert after["encounter_here_last_turn"] == tracker.lay_low_here(after)
            expected = expected_types(after, tracker.lay_low_here(after))
            assert set(listed) == expected, (action, after["awaiting"])
            assert after["awaiting"]["reason"] == expected_reason(after)


def test_a03_over_states_await_nothing():
    seen = set()
    for seed in range(40):
        steps = list(bot.play(random.Random(seed), 400, RULESETS[seed % len(RULESETS)]))
        final = steps[-1][2]
        if final["status"] in ("won", "dead", "removed", "ended"):
            assert final["awaiting"] == {"action": [], "reason": "over"}
            seen.add(final["status"])
    assert {"won", "ended"} <= seen
