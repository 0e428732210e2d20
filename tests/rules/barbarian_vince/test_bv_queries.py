"""The query functions the screens use, action descriptions, undo instructions, rule texts."""

import random
import re
from pathlib import Path

from tracker.rules.barbarian_vince import (
    ACTION_TYPES,
    apply,
    bot,
    card_value,
    check_card_values,
    describe_action,
    discardable_cards,
    encounter_terrains,
    lay_low_allowed,
    lay_low_value,
    location_terrains,
    needs_difficulty_draw,
    neighbouring_maps,
    recoveries_left,
    restorable_cards,
    reusable_cards,
    reuse_offered,
    rule_summary,
    trade_classes,
    trades_left,
    travel_destinations,
    undo_card_moves,
    waiting_here,
)
from tracker.rules.barbarian_vince.rule_texts import RULE_SUMMARIES
from tracker.rules.errors import RuleError
from tracker.rules.text import Msg

ENGINE = Path(__file__).resolve().parents[3] / "tracker" / "rules" / "barbarian_vince"
SPEC_RULES = [f"B-{n:02d}" for n in range(1, 38)] + [f"BT-{n:02d}" for n in range(1, 18)]
JARGON = re.compile(r"[\[\]{}_]|\bNone\b|\bTrue\b|\bFalse\b")


def test_card_values_under_both_check_value_and_both_exhausted_bonus_options(bv):
    for ruleset in bot.all_rulesets()[::8]:
        state = bv.x0(bv.start(ruleset))
        state = bv.act(state, "move", map="Map 2", location="Goblin Pass")
        state = bv.act(state, "begin_check", skill="survival", target=20)
        rows = {row["card"]: row for row in check_card_values(state)}
        assert rows["Map 2"]["bonus"] == 1 and rows["Q01"]["bonus"] == 1
        deck_draw = ruleset["check_value"] == "deck_draw"
        assert rows["Map 2"]["value"] == (None if deck_draw else 6)
        assert card_value(state, "Map 2", draw="Q06") == (10 if deck_draw else 6)
        draw = {"draw": "Q06"} if deck_draw else {}
        state = bv.act(state, "play_check_card", card="Map 2", **draw)
        whole = ruleset["exhausted_bonus"] == "whole_check"
        assert check_card_values(state)[0]["bonus"] == (1 if whole else 0)


def test_card_value_for_a_check_not_yet_begun_needs_its_skill(bv):
    state = bv.x0(bv.start())
    assert card_value(state, "Q01") is None
    assert card_value(state, "Q01", skill="recovery") == 1 + 2
    assert check_card_values(state) == []


def test_reuse_lay_low_and_location_queries(bv):
    state = bv.turn_two()
    assert lay_low_allowed(state) and lay_low_value(state) == 8
    assert [row["type"] for row in location_terrains(state)] == ["X0", "U", "G"]
    assert location_terrains(state)[0]["x"] is True
    assert encounter_terrains(state) == ["X0", "U", "G"] and needs_difficulty_draw(state)
    maps = neighbouring_maps(state)
    assert [row["map"] for row in maps] == ["Map 2", "Map 3", "Map 4"]
    assert maps[0]["registered"] and not maps[0]["in_hand"] and not maps[1]["registered"]
    destinations = travel_destinations(state)
    assert {"map": "Map 1", "location": "Bridgewater"} in destinations
    assert {"map": "Map 2", "location": "Goblin Mines"} in destinations
    assert {"map": "Map 1", "location": "Ulendi"} not in destinations
    assert trade_classes(state) == ["Common", "Uncommon"] and trades_left(state) is None
    assert encounter_terrains(bv.start()) == ["X0"] and not needs_difficulty_draw(bv.start())
    mines = bv.act(state, "travel", map="Map 2", location="Goblin Mines")
    assert lay_low_value(mines) is None and not needs_difficulty_draw(mines)
    assert waiting_here(mines) == []
    assert not reuse_offered(state) and reusable_cards(state) == []


def test_discardable_restorable_recoveries_and_trades_left(bv):
    state = bv.x0(bv.start({"trades_per_rest": "one"}))
    state = bv.act(state, "exhaust", cards=["Q01", "Map 1"])
    assert discardable_cards(state) == ["Q01"] and restorable_cards(state) == ["Q01", "Map 1"]
    state = bv.act(state, "end_encounter")
    assert recoveries_left(state) == 1 and trades_left(state) == 1


def test_describe_action_says_each_action_in_a_player_s_words(bv):
    state = bv.x0(bv.start())
    state = bv.act(state, "begin_check", skill="combat", target=5)
    after = bv.act(state, "play_check_card", card="Q01")
    line = describe_action(state, {"type": "play_check_card", "card": "Q01"}, after)
    assert isinstance(line, Msg) and line == "Play Q01 in the Combat check: 1"
    seen = set()
    for seed in range(12):
        for before, action, after in bot.play(random.Random(seed), 150, bot.all_rulesets()[seed]):
            line = describe_action(before, action, after)
            assert isinstance(line, Msg) and line and not JARGON.search(line), line
            seen.add(action["type"])
    assert len(seen) >= 24


def test_undo_card_moves_tells_where_each_real_card_goes_back(bv):
    start = bv.start()
    state = bv.x0(start)
    state = bv.act(state, "exhaust", cards=["Q01"])
    state = bv.act(state, "draw_item", card="Q02", **{"class": "Uncommon"})
    lines = undo_card_moves(start, state)
    assert lines == [
        # B-08, BT-03: the X0 card waits aside until the first encounter (issue 23).
        "Move X0 from the encounter (set aside) back to aside (set out of the deck before "
        "setup, B-08)",
        "Move Q01 from the exhausted hand back to the ready hand",
        "Move Q02 from the ready hand back to the draw deck",
    ]
    assert all(isinstance(line, Msg) for line in lines)
    assert undo_card_moves(state, state) == []
    later = bv.register(state, id="Q77", kind="quest", number=1, terrains=["O"], classes=["Common"])
    later = bv.act(later, "draw_item", card="Q77", **{"class": "Common"})
    assert undo_card_moves(state, later) == ["Move Q77 from the ready hand back to the draw deck"]


def test_undo_card_moves_covers_setup_and_waiting_items(bv):
    begun = bv.begun()
    state = bv.act(begun, "setup", item="Q01")
    assert undo_card_moves(begun, state) == [
        "Move Vince from the ready hand back to aside (the Player Card before setup)",
        # B-08: Map 1 was set aside before setup, not in the deck (issue 23).
        "Move Map 1 from the ready hand back to aside (set out of the deck before setup, B-08)",
        "Move Q01 from the ready hand back to the draw deck",
    ]
    state = bv.x0(state)
    state = bv.act(state, "draw_item", card="X3", **{"class": "Unique"})
    discarded = bv.act(state, "discard", cards=["X3"])
    assert undo_card_moves(state, discarded) == [
        "Move X3 from waiting at Goblin Mines on Map 2 back to the ready hand"
    ]


def test_every_rule_of_the_spec_and_of_the_log_has_a_short_text():
    for rule in [*SPEC_RULES, "A-01", "A-02", "A-03"]:
        assert rule_summary(rule), rule
    assert rule_summary("B-99") == "" and len(RULE_SUMMARIES) == len(SPEC_RULES) + 3


def test_every_rule_id_the_engine_cites_has_a_short_text():
    cited = set()
    for source in ENGINE.glob("*.py"):
        if source.name != "rule_texts.py":
            cited |= set(re.findall(r'"((?:BT|B|A)-\d\d)"', source.read_text()))
    assert len(cited) > 30
    assert sorted(rule for rule in cited if not rule_summary(rule)) == []


def test_refusals_are_player_words_without_code_jargon():
    rng = random.Random(3)
    for before, _action, _after in bot.play(random.Random(8), 200):
        for kind in ACTION_TYPES:
            for candidate in bot.candidates(before, kind, rng, limit=1):
                state = before
                for action in candidate:
                    try:
                        state = apply(state, action)
                    except RuleError as error:
                        assert isinstance(error.message, Msg)
                        assert not JARGON.search(error.message), error.message
                        break
