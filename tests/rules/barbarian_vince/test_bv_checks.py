"""Skills and checks: B-20…B-28, BT-08…BT-13."""

from bv_support import SAMPLE

from tracker.rules.barbarian_vince import card_value, check_card_values

REUSABLE = {"id": "R1", "kind": "item", "number": 2, "classes": ["Reusable"]}


def _check(bv, *numbers, ruleset=None, extra=(), **check):
    """An X0 encounter with a check begun on a ready hand of items A1… of `numbers`."""
    state = bv.x0(bv.start(ruleset, extra=extra))
    state = bv.items(state, *numbers)
    state = bv.hand(state, [f"A{n}" for n in range(1, len(numbers) + 1)])
    return bv.act(state, "begin_check", **check)


def test_b20_a_random_draw_reads_the_card_s_number(bv):
    state = bv.act(bv.x0(bv.start()), "random_draw", draw="Q06")
    assert state["last_draw"] == {"card": "Q06", "number": 9}
    bv.refused(state, "random_draw", "BT-02", draw="Q01")


def test_b21_each_card_played_is_exhausted_and_gives_a_value(bv):
    state = _check(bv, 5, 2, skill="combat", target=9)
    state = bv.act(state, "play_check_card", card="A1")
    assert state["exhausted"][-1] == "A1" and "A1" not in state["ready"]
    assert state["check"]["played"] == [{"card": "A1", "draw": None, "value": 5}]
    bv.refused(state, "play_check_card", "BT-02", card="A1")


def test_b24_a_failed_condition_fails_the_check_at_once(bv):
    state = _check(bv, 5, 2, skill="combat", target=9)
    failed = bv.act(state, "fail_check")
    assert failed["check"]["status"] == "failed" and failed["check"]["reuse"] is False
    assert "play_check_card" not in bv.types(failed)
    bv.refused(failed, "play_check_card", "BT-11", card="A2")


def test_bt08_the_player_card_counts_in_either_hand_curses_too_skills_only_ready(bv):
    vince = {"id": "Vince", "kind": "player", "skills": {"combat": 2, "recovery": 2}}
    cards = [vince, *[c for c in SAMPLE if c["id"] != "Vince"]]
    state = bv.x0(bv.act(bv.begun(cards=cards), "setup", item="Q01"))
    assert state["skills"]["combat"] == 2
    state = bv.act(state, "exhaust", cards=["Vince"])
    assert state["skills"]["combat"] == 2
    state = bv.act(state, "draw_item", card="Q04", **{"class": "Skill"})
    state = bv.act(state, "draw_item", card="Q05", **{"class": "Curse"})
    assert (state["skills"]["hide"], state["skills"]["charm"]) == (1, -1)
    state = bv.act(state, "exhaust", cards=["Q04", "Q05"])
    assert (state["skills"]["hide"], state["skills"]["charm"]) == (0, -1)


def test_bt09_deck_draw_the_value_is_a_fresh_draw_plus_the_base_and_own_modifier(bv):
    state = bv.x0(bv.start({"check_value": "deck_draw"}))
    state = bv.act(state, "draw_item", card="Q03", **{"class": "Common"})
    state = bv.act(state, "begin_check", skill="combat", target=8)
    bv.refused(state, "play_check_card", "BT-09", card="Q03")
    assert check_card_values(state)[-1] == {"card": "Q03", "number": 4, "bonus": 1, "value": None}
    assert card_value(state, "Q03", draw="Q06") == 9 + 0 + 1
    state = bv.act(state, "play_check_card", card="Q03", draw="Q06")
    assert state["check"]["played"] == [{"card": "Q03", "draw": "Q06", "value": 10}]
    assert state["last_draw"] == {"card": "Q06", "number": 9}
    assert state["check"]["status"] == "passed" and state["exhausted"][-1] == "Q03"


def test_bt09_card_number_no_draw_is_made(bv):
    state = _check(bv, 5, skill="combat", target=3)
    bv.refused(state, "play_check_card", "BT-09", card="A1", draw="Q06")


def test_bt10_whole_check_spent_cards_keep_their_bonus_damage_cards_do_not(bv):
    plus = [
        {"id": "P1", "kind": "item", "number": 1, "classes": ["Common"], "modifiers": {"hide": 2}},
        {"id": "P2", "kind": "item", "number": 1, "classes": ["Common"], "modifiers": {"hide": 3}},
        {"id": "P3", "kind": "item", "number": 1, "classes": ["Common"]},
        {"id": "P4", "kind": "item", "number": 1, "classes": ["Curse"], "modifiers": {"hide": 5}},
    ]
    ruleset = {"exhausted_bonus": "whole_check"}
    state = bv.x0(bv.start(ruleset, extra=plus))
    state = bv.hand(state, ["P1", "P2", "P3", "P4"])
    state = bv.act(state, "begin_check", skill="hide", target=20, round_speed=2, damage=1)
    # The Curse counts in the base (+5) for every play; P1's own +2 then stays for the check.
    state = bv.act(state, "play_check_card", card="P1")
    assert state["check"]["played"][-1]["value"] == 1 + 5 + 2
    state = bv.act(state, "play_check_card", card="P4")
    assert state["check"]["played"][-1]["value"] == 1 + 5 + 2
    state = bv.act(state, "take_damage", cards=["P2"])  # P2's +3 does not carry over
    assert card_value(state, "P3") == 1 + 5 + 2
    own = bv.x0(bv.start(extra=plus))
    own = bv.hand(own, ["P1", "P3"])
    own = bv.act(own, "begin_check", skill="hide", target=20)
    own = bv.act(own, "play_check_card", card="P1")
    assert card_value(own, "P3") == 1


def test_bt11_a_check_begins_only_on_an_open_encounter_and_fails_with_no_ready_card(bv):
    state = bv.x0(bv.start())
    bv.refused(bv.start(), "begin_check", "BT-07", skill="combat", target=3)
    bv.refused(state, "begin_check", "BT-08", skill="luck", target=3)
    bv.refused(state, "begin_check", "BT-11", skill="combat", target=3, times=0)
    bv.refused(state, "begin_check", "BT-11", skill="combat", target=3, round_speed=0)
    bv.refused(state, "begin_check", "BT-11", skill="combat", target=3, damage=-1)
    empty = bv.act(state, "exhaust", cards=["Q01", "Vince", "Map 1"])
    empty = bv.act(empty, "begin_check", skill="combat", target=3)
    assert empty["check"]["status"] == "failed" and empty["check"]["round"] == 1


def test_bt11_without_a_round_speed_damage_never_applies(bv):
    state = _check(bv, 1, 1, 9, skill="combat", target=8, damage=2)
    state = bv.act(state, "play_check_card", card="A1")
    state = bv.act(state, "play_check_card", card="A2")
    assert state["check"]["damage_due"] == 0 and state["check"]["round"] == 1
    state = bv.act(state, "play_check_card", card="A3")
    assert state["check"]["status"] == "passed"


def test_bt11_damage_is_capped_by_the_ready_hand_and_taken_exactly(bv):
    state = _check(bv, 1, 1, skill="combat", target=8, round_speed=1, damage=3)
    state = bv.act(state, "play_check_card", card="A1")
    assert state["check"]["damage_due"] == 1
    bv.refused(state, "take_damage", "B-27", cards=["A2", "A1"])
    bv.refused(state, "play_check_card", "B-27", card="A2")
    state = bv.act(state, "take_damage", cards=["A2"])
    assert state["check"]["status"] == "failed" and state["check"]["round"] == 1


def test_bt11_a_new_check_replaces_the_finished_one_and_the_encounter_end_clears_it(bv):
    state = _check(bv, 9, 9, skill="combat", target=3)
    state = bv.act(state, "play_check_card", card="A1")
    again = bv.act(state, "begin_check", skill="hide", target=4)
    assert again["check"]["skill"] == "hide" and again["check"]["played"] == []
    ended = bv.act(state, "end_encounter")
    assert ended["check"] is None


def test_bt12_the_reusable_offer_stands_after_a_finished_round_with_cards_left(bv):
    state = _check(bv, 9, 1, 1, extra=[REUSABLE], skill="combat", target=5, times=2)
    assert state["check"]["reuse"] is False
    state = bv.act(state, "play_check_card", card="A1")
    # The offer stands even with no Reusable card exhausted, but reuse is not listed then.
    assert state["check"]["reuse"] is True and "reuse" not in bv.types(state)
    error = bv.refused(state, "reuse", "BT-02", card="R1")
    assert "draw deck" in error.message
    state = bv.act(state, "play_check_card", card="A2")
    assert state["check"]["reuse"] is False  # a play withdraws the offer


def test_bt12_reuse_restores_one_reusable_card_once(bv):
    state = bv.x0(bv.start(extra=[REUSABLE]))
    state = bv.items(state, 9, 9)
    state = bv.hand(state, ["A1", "A2"], exhausted=["R1"])
    assert "R1" in state["exhausted"]
    state = bv.act(state, "begin_check", skill="combat", target=5, times=2)
    state = bv.act(state, "play_check_card", card="A1")
    state = bv.act(state, "register_card", id="Q70", kind="quest", number=1, terrains=["O"])
    assert state["check"]["reuse"] is True  # registering keeps the offer
    bv.refused(state, "reuse", "B-28", card="A1")
    state = bv.act(state, "reuse", card="R1")
    assert state["ready"][-1] == "R1" and state["check"]["reuse"] is False
    bv.refused(state, "reuse", "BT-12", card="A1")


def test_bt12_no_offer_after_running_out_or_fail_check_but_after_a_result_check(bv):
    state = _check(bv, 1, skill="combat", target=5)
    state = bv.act(state, "play_check_card", card="A1")
    assert state["check"]["status"] == "failed" and state["check"]["reuse"] is False
    result = _check(bv, 4, 2, skill="charm")
    result = bv.act(result, "play_check_card", card="A1")
    assert result["check"]["reuse"] is True


def test_bt13_a_result_check_plays_exactly_one_card(bv):
    state = _check(bv, 4, 2, skill="charm")
    assert state["check"]["target"] is None and state["check"]["times"] == 1
    state = bv.act(state, "play_check_card", card="A1")
    check = state["check"]
    assert (check["status"], check["result"]) == ("done", 4)
    assert "play_check_card" not in bv.types(state)
    begun = bv.x0(bv.start())
    for field in ({"times": 2}, {"round_speed": 1}, {"damage": 1}):
        bv.refused(begun, "begin_check", "BT-13", skill="charm", **field)
    empty = bv.act(begun, "exhaust", cards=["Q01", "Vince", "Map 1"])
    empty = bv.act(empty, "begin_check", skill="charm")
    assert empty["check"]["status"] == "failed" and empty["check"]["result"] is None


def test_b25_b26_several_rounds_each_with_at_most_round_speed_cards(bv):
    state = _check(bv, 1, 1, 1, 9, skill="combat", target=8, times=2, round_speed=2)
    state = bv.act(state, "play_check_card", card="A1")
    state = bv.act(state, "play_check_card", card="A2")
    assert state["check"]["round"] == 2 and state["check"]["played"] == []  # lost, no damage
    state = bv.act(state, "play_check_card", card="A4")
    assert state["check"]["successes"] == 1 and state["check"]["round"] == 3
    state = bv.act(state, "play_check_card", card="A3")
    assert state["check"]["status"] == "failed" and state["check"]["successes"] == 1


def test_b27_damage_is_exhausted_from_the_ready_hand_by_the_player_s_choice(bv):
    state = _check(bv, 1, 1, 5, 9, skill="combat", target=8, round_speed=1, damage=2)
    state = bv.act(state, "play_check_card", card="A1")
    assert state["check"]["damage_due"] == 2 and state["awaiting"]["reason"] == "damage"
    state = bv.act(state, "take_damage", cards=["A3", "A2"])
    assert state["exhausted"][-2:] == ["A3", "A2"] and state["ready"] == ["A4"]
    assert state["check"]["round"] == 2 and state["check"]["reuse"] is True


def test_b28_a_reusable_offer_after_the_last_round_too(bv):
    state = bv.x0(bv.start())
    state = bv.act(state, "draw_item", card="Q03", **{"class": "Reusable"})
    state = bv.act(state, "begin_check", skill="combat", target=1)
    state = bv.act(state, "play_check_card", card="Q03")
    assert state["check"]["status"] == "passed" and "reuse" in bv.types(state)
    moved_on = bv.act(state, "random_draw", draw="Q08")
    assert moved_on["check"]["reuse"] is False and "reuse" not in bv.types(moved_on)
