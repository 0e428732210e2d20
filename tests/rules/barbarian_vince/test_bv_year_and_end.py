"""The One Year Has Passed card, winning and losing: B-07, B-35…B-37, BT-16, BT-17."""

from tracker.rules.barbarian_vince import ACTION_TYPES

QUESTS = [{"id": f"X{n}", "kind": "quest", "number": n, "terrains": [f"X{n}"]} for n in (5, 6, 7)]


def test_b07_bt16_one_year_opens_an_interlude_of_effects_until_resume(bv):
    state = bv.act(bv.x0(bv.start()), "one_year_passed")
    assert state["years"] == 1 and state["interlude"] is True
    assert state["awaiting"]["reason"] == "interlude"
    assert set(bv.types(state)) == {
        "register_card",
        "random_draw",
        "exhaust",
        "discard",
        "draw_item",
        "move",
        "resume",
        "die",
        "end_adventure",
    }
    bv.refused(state, "end_encounter", "BT-16")
    bv.refused(state, "one_year_passed", "BT-16")
    state = bv.act(state, "exhaust", cards=["Q01"])
    state = bv.act(state, "resume")
    assert state["interlude"] is False and state["awaiting"]["reason"] == "encounter_open"
    bv.refused(state, "resume", "BT-16")


def test_bt16_one_year_may_come_in_any_phase_but_not_during_a_check_or_outside_play(bv):
    bv.refused(bv.begun(), "one_year_passed", "A-03")
    lay_low = bv.act(bv.turn_two(), "one_year_passed")
    assert lay_low["phase"] == "lay_low" and lay_low["interlude"]
    # A card may move Vince during the interlude; the turn goes on where it stopped.
    moved = bv.act(lay_low, "move", map="Map 1", location="Bridgewater")
    moved = bv.act(moved, "resume")
    assert moved["phase"] == "lay_low" and "lay_low" not in bv.types(moved)
    check = bv.act(bv.x0(bv.start()), "begin_check", skill="hide", target=20)
    bv.refused(check, "one_year_passed", "BT-16")


def test_bt16_the_end_option_ends_the_adventure_with_the_victories_so_far(bv):
    state = bv.x0(bv.start({"one_year": "end"}))
    state = bv.act(state, "win_quest")
    state = bv.act(state, "one_year_passed")
    assert state["status"] == "ended" and state["victory"] == "minor" and state["years"] == 1
    assert state["awaiting"] == {"action": [], "reason": "over"}


def _three_quests(bv, ruleset=None):
    state = bv.x0(bv.start(ruleset, extra=QUESTS))
    state = bv.act(state, "win_quest")
    for card in ("X5", "X6"):
        state = bv.act(state, "end_encounter")
        state = bv.act(state, "draw_encounter", card=card, terrain=card)
        if state["status"] != "playing":
            break
        state = bv.act(state, "win_quest")
    return state


def test_b35_winning_a_major_quest_is_a_victory(bv):
    state = bv.act(bv.x0(bv.start()), "win_quest")
    assert state["quests_won"] == ["X0"] and state["victory"] == "minor"
    assert state["status"] == "playing" and "win_quest" not in bv.types(state)
    error = bv.refused(state, "win_quest", "BT-17")
    assert "already" in error.message


def test_b36_bt17_three_quests_won_is_a_major_victory_and_the_end(bv):
    state = _three_quests(bv)
    assert state["quests_won"] == ["X0", "X5", "X6"]
    assert state["victory"] == "major" and state["status"] == "won"
    assert state["awaiting"] == {"action": [], "reason": "over"}


def test_bt17_first_option_the_first_victory_ends_the_adventure(bv):
    state = bv.act(bv.x0(bv.start({"victory_ends": "first"})), "win_quest")
    assert state["status"] == "won" and state["victory"] == "minor"


def test_bt17_once_over_no_action_is_accepted(bv):
    state = _three_quests(bv)
    for kind in ACTION_TYPES:
        error = bv.refused(state, kind, "BT-17" if kind != "begin_adventure" else None)
        assert error.rule in ("BT-17", "A-03")
    ended = bv.act(bv.x0(bv.start()), "end_adventure")
    assert ended["status"] == "ended"
    bv.refused(ended, "register_card", "BT-17", id="Q90", kind="quest", number=1, terrains=["O"])


def test_b37_vince_dies_or_is_removed_at_any_time_in_play(bv):
    check = bv.act(
        bv.x0(bv.start()), "begin_check", skill="hide", target=30, round_speed=1, damage=1
    )
    check = bv.act(check, "play_check_card", card="Q01")
    assert check["check"]["damage_due"] == 1
    dead = bv.act(check, "die")
    assert dead["status"] == "dead"
    removed = bv.act(bv.start(), "die", how="removed")
    assert removed["status"] == "removed"
    bv.refused(bv.start(), "die", "A-02", how="asleep")
    bv.refused(bv.begun(), "die", "A-03")
