"""Any JSON at all in any field is either applied or refused with a rule and a sentence (HL-01,
HL-02): never a crash, never a change to the state given."""

import json
import random
import re
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.rules.barcadia import ACTION_FIELDS, ACTION_TYPES, apply
from tracker.rules.barcadia.bot import play
from tracker.rules.errors import RuleError

RULE_ID = re.compile(r"^H[TL]?-\d\d$")
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats() | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)
PLAUSIBLE = {
    "player": st.sampled_from(["Ana", "Bo", " Cy ", "Zed", ""]),
    "target": st.sampled_from(["Ana", "Bo", "Cy"]),
    "partner": st.sampled_from(["Ana", "Bo", "Cy"]),
    "boss_player": st.sampled_from(["Ana", "Bo", "Cy"]),
    "from_player": st.sampled_from(["Ana", "Bo", "Cy"]),
    "roll": st.integers(-2, 22),
    "target_roll": st.integers(-2, 22),
    "partner_roll": st.integers(-2, 22),
    "boss_roll": st.integers(-2, 22),
    "at": st.lists(st.integers(-4, 4), min_size=2, max_size=2),
    "to": st.lists(st.integers(-4, 4), min_size=2, max_size=2),
    "from": st.sampled_from(["deck", "room", "player", [2, -1], [1, 0]]),
    "path": st.lists(st.lists(st.integers(-4, 4), min_size=2, max_size=2), max_size=3),
    "card": st.sampled_from(["Lucky Mug", "Smoke Bomb", " x ", "y" * 41]),
    "cards": st.lists(st.sampled_from(["Lucky Mug", "Smoke Bomb"]), max_size=4),
    "when": st.sampled_from(["your_turn", "between_turns", "now"]),
    "amount": st.integers(-5, 1005),
    "count": st.integers(-1, 12),
    "tile": st.fixed_dictionaries(
        {"kind": st.sampled_from(["monster", "boss", "hoard", "portal", "reward", "team_monster"])},
        optional={
            "level": st.integers(0, 100),
            "damage": st.integers(-1, 1000),
            "attack": st.integers(0, 5),
            "reward": JSON,
        },
    ),  # fmt: skip
    "modifiers": st.lists(
        st.fixed_dictionaries(
            {"value": st.integers(-100, 100)},
            optional={
                "source": st.sampled_from(["power_up", "loot", "other", "signature_move", "x"]),
                "card": JSON,
                "player": st.sampled_from(["Ana", "Bo", "Zed", 3]),
            },
        ),
        max_size=14,
    ),  # fmt: skip
    "rolls": st.dictionaries(st.sampled_from(["Ana", "Bo", "Cy", " Ana"]), st.integers(0, 21)),
    "players": st.lists(st.fixed_dictionaries({"name": JSON}), max_size=7),
    "ruleset": st.dictionaries(st.sampled_from(["rooms", "full_hp", "portal", "x"]), JSON),
}


@cache
def states() -> list[dict]:
    """States of a few random games, from the empty table to the end."""
    pool = []
    for seed in range(4):
        for index, (before, _action, _after) in enumerate(
            play(random.Random(seed), players=3, steps=400)
        ):
            if index % 9 == 0:
                pool.append(before)
    return pool


@st.composite
def actions(draw):
    kind = draw(st.sampled_from([*ACTION_TYPES, "dance"]))
    action = {"type": kind}
    for field in ACTION_FIELDS.get(kind, ("player",))[1:]:
        if draw(st.booleans()):
            strategy = PLAUSIBLE.get(field, JSON) if draw(st.booleans()) else JSON
            action[field] = draw(strategy)
    return action


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 10**6), action=actions())
def test_hl01_hl02_any_json_is_applied_or_refused_with_a_rule(index, action):
    pool = states()
    state = pool[index % len(pool)]
    frozen = json.dumps(state, sort_keys=True)
    try:
        after = apply(state, action)
    except RuleError as error:
        assert RULE_ID.match(error.rule), error
        assert isinstance(error.message, str) and error.message
    else:
        assert after["actions"] == state["actions"] + 1
        assert json.loads(json.dumps(after)) == after
    assert json.dumps(state, sort_keys=True) == frozen
