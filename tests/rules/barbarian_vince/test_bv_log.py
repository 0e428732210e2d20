"""The action log (A-01…A-03): action shape, fields, refusals, the printed state and replay."""

import json
import random

import pytest

from tests.conftest import python_calls
from tracker.rules.barbarian_vince import (
    ACTION_FIELDS,
    ACTION_TYPES,
    GAME,
    apply,
    bot,
    initial_state,
    replay,
)
from tracker.rules.errors import ReplayError, RuleError
from tracker.rules.log import dump_log, load_log

STATE_KEYS = [
    "game",
    "name",
    "status",
    "ruleset",
    "turn",
    "phase",
    "location",
    "ready",
    "exhausted",
    "skills",
    "encounter_here_last_turn",
    "laid_low",
    "recoveries_left",
    "trades",
    "encounters_this_turn",
    "encounter",
    "check",
    "last_draw",
    "waiting",
    "quests_won",
    "victory",
    "years",
    "interlude",
    "catalogue",
    "awaiting",
    "actions",
]


def test_a01_an_action_is_an_object_with_a_known_type(bv):
    state = bv.start()
    for action in (["setup"], "end_turn", {"kind": "end_turn"}, {"type": "fly"}, {"type": 3}):
        with pytest.raises(RuleError) as caught:
            apply(state, action)
        assert caught.value.rule == "A-01"


def test_a01_a_log_file_names_the_game_and_replays_to_the_same_state():
    actions = bot.random_adventure(random.Random(5), 120)
    text = dump_log(actions, game=GAME)
    document = json.loads(text)
    assert (document["format"], document["version"], document["game"]) == (
        "cardrpg-log",
        1,
        "barbarian-vince",
    )
    assert replay(load_log(text, game=GAME)) == replay(actions)


def test_a01_replay_reports_the_first_refused_action_with_its_index(bv):
    actions = [{"type": "begin_adventure"}, {"type": "setup", "item": "Q01"}]
    with pytest.raises(ReplayError) as caught:
        replay(actions)
    assert caught.value.index == 1 and caught.value.action == actions[1]
    assert str(caught.value.error) == "BT-01: register Q01 first"


def test_a02_unknown_fields_are_refused_notes_and_app_metadata_ignored(bv):
    state = bv.x0(bv.start())
    error = bv.refused(state, "random_draw", "A-02", draw="Q08", colour="red")
    assert "colour" in error.message
    with_notes = apply(
        state, {"type": "random_draw", "draw": "Q08", "note": "top card", "_by": "phone", "_at": 17}
    )
    assert with_notes == apply(state, {"type": "random_draw", "draw": "Q08"})
    bv.refused(state, "win_quest", "A-02", card="X0")


def test_a02_null_means_the_same_as_left_out(bv):
    state = bv.x0(bv.start())
    plain = bv.act(state, "begin_check", skill="combat", target=5)
    nulls = bv.act(
        state, "begin_check", skill="combat", target=5, times=None, round_speed=None, damage=None
    )
    assert plain == nulls
    assert plain["check"]["times"] == 1 and plain["check"]["round_speed"] is None
    assert bv.act(state, "end_encounter", outcome=None) == bv.act(state, "end_encounter")


@pytest.mark.parametrize("value", [True, False, "7", 7.0, [7]])
def test_a02_integers_must_be_real_whole_numbers(bv, value):
    state = bv.x0(bv.start())
    bv.refused(state, "begin_check", None, skill="combat", target=value)
    bv.refused(
        bv.begun(), "register_card", "BT-01", id="Q9", kind="quest", number=value, terrains=["O"]
    )


def test_a02_lists_of_cards_are_non_empty_lists_of_distinct_ids(bv):
    state = bv.x0(bv.start())
    bv.refused(state, "exhaust", "A-02", cards=[])
    bv.refused(state, "exhaust", "A-02", cards="Q01")
    bv.refused(state, "exhaust", "BT-02", cards=["Q01", " Q01"])
    bv.refused(state, "exhaust", "A-02", cards=[1])


def test_a02_texts_are_bounded_to_60_characters(bv):
    state = bv.x0(bv.start())
    long = "Q" * 61
    assert "60" in bv.refused(state, "random_draw", "A-02", draw=long).message
    bv.refused(state, "move", "A-02", map="Map 1", location=long)
    bv.refused(initial_state(), "begin_adventure", "A-02", name=long)


def test_a02_action_fields_list_what_each_type_takes():
    assert set(ACTION_FIELDS) == set(ACTION_TYPES) and len(ACTION_TYPES) == 27
    assert ACTION_FIELDS["trade"] == ("class", "give", "card", "conditions_met")
    assert ACTION_FIELDS["end_turn"] == ()


def test_a03_a_type_not_possible_now_is_refused_listing_what_is_awaited(bv):
    state = bv.start()
    error = bv.refused(state, "end_turn", "B-14")
    error = bv.refused(state, "begin_adventure", "BT-03")
    error = bv.refused(initial_state(), "setup", "A-03", item="Q01")
    assert (
        error.message
        == "you can't set up with the starting item now; now you can: begin an adventure"
    )
    error = bv.refused(bv.begun(), "end_adventure", "A-03")
    assert "enter a card in the catalogue and set up with the starting item" in error.message


def test_a03_the_refusal_names_the_most_specific_rule(bv):
    state = bv.x0(bv.start())
    # The X0 card sends Vince to Bridgewater: his encounter was at Ulendi, not there.
    state = bv.act(state, "move", map="Map 1", location="Bridgewater")
    state = bv.next_turn(state)
    assert state["phase"] == "lay_low" and state["encounter_here_last_turn"] is False
    error = bv.refused(state, "lay_low", "BT-04", draw="Q06")
    assert error.message == "Vince had no encounter at Bridgewater last turn, so he cannot lay low"


def test_a03_refusals_are_sentences_of_the_translation_seam(bv):
    state = bv.x0(bv.start())
    with pytest.raises(RuleError) as caught:
        apply(state, {"type": "travel", "map": "Map 1", "location": "Bridgewater"})
    message = caught.value.message
    assert message.msgid and "BT-" not in message and "A-0" not in message


def test_the_initial_state_has_every_key_of_the_spec_in_order():
    state = initial_state()
    assert [key for key in state if key != "internal"] == STATE_KEYS
    assert state["status"] == "new" and state["turn"] == 0 and state["phase"] is None
    assert state["skills"] == dict.fromkeys(
        ("combat", "survival", "unlock_disarm", "hide", "charm", "recovery"), 0
    )
    assert state["ruleset"] == {
        "check_value": "card_number",
        "exhausted_bonus": "own_card",
        "first_turn": "stay",
        "trades_per_rest": "any",
        "one_year": "continue",
        "victory_ends": "major",
    }
    assert state["awaiting"] == {"action": ["begin_adventure"], "reason": "begin"}
    assert state["recoveries_left"] == 0 and state["waiting"] == {} and state["years"] == 0


def test_the_state_example_of_the_actions_spec_is_reproduced(bv):
    cards = [
        {"id": "Vince", "kind": "player", "skills": {"recovery": 2}},
        {
            "id": "Map 1",
            "kind": "map",
            "number": 4,
            "neighbours": ["Map 2", "Map 3", "Map 4"],
            "locations": [{"name": "Ulendi", "lay_low": 8, "terrains": ["X0", "U", "G"]}],
        },
        {"id": "X0", "kind": "quest", "terrains": ["X0"], "number": 2},
        {"id": "Q01", "kind": "quest", "terrains": ["O"], "number": 1, "classes": ["Common"]},
        {
            "id": "Q03",
            "kind": "quest",
            "terrains": ["U", "V"],
            "number": 4,
            "classes": ["Common", "Reusable"],
            "modifiers": {"combat": 1},
        },
        {"id": "Q08", "kind": "quest", "terrains": ["O"], "number": 6},
        {"id": "Q10", "kind": "quest", "terrains": ["U"], "number": 8, "classes": ["Common"]},
    ]
    state = bv.act(bv.begun(cards=cards), "setup", item="Q01")
    state = bv.x0(state)
    state = bv.act(state, "draw_item", card="Q03", **{"class": "Common"})
    state = bv.next_turn(state)
    state = bv.act(state, "draw_encounter", draw="Q08", card="Q10")
    state = bv.act(state, "begin_check", skill="combat", target=7, round_speed=2, damage=1)
    state = bv.act(state, "play_check_card", card="Q01")
    expected = {
        "game": "barbarian-vince",
        "name": "First try",
        "status": "playing",
        "ruleset": {
            "check_value": "card_number",
            "exhausted_bonus": "own_card",
            "first_turn": "stay",
            "trades_per_rest": "any",
            "one_year": "continue",
            "victory_ends": "major",
        },
        "turn": 2,
        "phase": "encounter",
        "location": {"map": "Map 1", "location": "Ulendi"},
        "ready": ["Vince", "Map 1", "Q03"],
        "exhausted": ["Q01"],
        "skills": {
            "combat": 0,
            "survival": 0,
            "unlock_disarm": 0,
            "hide": 0,
            "charm": 0,
            "recovery": 2,
        },
        "encounter_here_last_turn": True,
        "laid_low": False,
        "recoveries_left": 1,
        "trades": 0,
        "encounters_this_turn": 1,
        "encounter": {
            "card": "Q10",
            "terrain": "U",
            "difficulty": 6,
            "from_hand": None,
            "suspended": False,
        },
        "check": {
            "skill": "combat",
            "target": 7,
            "times": 1,
            "round_speed": 2,
            "damage": 1,
            "round": 1,
            "successes": 0,
            "played": [{"card": "Q01", "draw": None, "value": 1}],
            "damage_due": 0,
            "status": "in_progress",
            "result": None,
            "reuse": False,
        },
        "last_draw": {"card": "Q08", "number": 6},
        "waiting": {},
        "quests_won": [],
        "victory": None,
        "years": 0,
        "interlude": False,
        "awaiting": {
            "action": ["register_card", "play_check_card", "fail_check", "die", "end_adventure"],
            "reason": "check",
        },
        "actions": 16,
    }
    shown = {key: value for key, value in state.items() if key not in ("catalogue", "internal")}
    assert shown == expected
    assert state["catalogue"]["Q01"] == {
        "kind": "quest",
        "name": None,
        "number": 1,
        "terrains": ["O"],
        "classes": ["Common"],
        "modifiers": {},
        "home": None,
    }


def test_a01_ruleset_unknown_keys_and_values_are_refused(bv):
    bv.refused(initial_state(), "begin_adventure", "A-02", ruleset={"dice": "2d6"})
    bv.refused(initial_state(), "begin_adventure", "BT-09", ruleset={"check_value": "dice"})
    bv.refused(initial_state(), "begin_adventure", "A-02", ruleset=["deck_draw"])
    state = bv.act(initial_state(), "begin_adventure", ruleset={"one_year": "end"})
    assert state["ruleset"]["one_year"] == "end" and state["ruleset"]["first_turn"] == "stay"


def _without_catalogue(state: dict) -> int:
    return len(json.dumps({k: v for k, v in state.items() if k != "catalogue"}))


def test_an_apply_costs_no_more_late_in_a_long_adventure_than_early():
    steps = list(bot.play(random.Random(11), 3000, weights=bot.ENDLESS))
    assert len(steps) > 3000 and steps[-1][2]["turn"] > 200
    early = steps[20:220]
    late = steps[-200:]
    # Nothing in the state grows with the log: its size outside the catalogue stays small.
    assert max(_without_catalogue(after) for _, _, after in steps) < 4000

    # The work an apply does, counted as the Python calls it makes, not timed: a clock on a
    # loaded machine failed this test now and then (bench/bv_bench.py times an action early and late).
    assert calls_made(late) < 3 * calls_made(early)


def calls_made(sample) -> int:
    """The Python calls made applying each (before, action) of `sample`."""
    return python_calls(lambda: [apply(before, action) for before, action, _after in sample])
