"""Setting up and the turn: B-08…B-13, BT-03…BT-05."""

from tracker.rules.barbarian_vince import card_place, skill_totals


def test_b08_the_player_card_is_set_aside_until_setup_and_skills_are_zero(bv):
    state = bv.begun()
    assert card_place(state, "Vince") == "aside" and state["ready"] == []
    assert set(state["skills"].values()) == {0}
    assert state["awaiting"] == {"action": ["register_card", "setup"], "reason": "setup"}


def test_b09_setup_takes_the_first_common_item_from_the_deck(bv):
    begun = bv.begun()
    error = bv.refused(begun, "setup", "B-09", item="Q02")  # Uncommon
    assert "Common" in error.message
    bv.refused(begun, "setup", "B-09", item="Q06")  # no item at all
    bv.refused(begun, "setup", "BT-02", item="Vince")
    state = bv.act(begun, "setup", item="Q03")
    assert state["ready"] == ["Q03", "Vince", "Map 1"] and state["recoveries_left"] == 1


def test_bt03_setup_needs_the_player_card_and_map_1_with_ulendi(bv):
    common = {"id": "Q01", "kind": "quest", "terrains": ["O"], "number": 1, "classes": ["Common"]}
    vince = {"id": "Vince", "kind": "player"}
    bv.refused(bv.begun(cards=[common]), "setup", "BT-03", item="Q01")
    bv.refused(bv.begun(cards=[common, vince]), "setup", "BT-03", item="Q01")
    elsewhere = {
        "id": "Map 1",
        "kind": "map",
        "number": 4,
        "locations": [{"name": "Rat Harbor", "terrains": ["U"]}],
    }
    bv.refused(bv.begun(cards=[common, vince, elsewhere]), "setup", "BT-03", item="Q01")


def test_bt03_first_turn_stay_opens_in_the_encounter_phase_without_travel(bv):
    state = bv.start()
    assert state["phase"] == "encounter" and "travel" not in bv.types(state)
    bv.refused(state, "travel", "BT-03", map="Map 1", location="Bridgewater")
    bv.refused(state, "lay_low", "BT-04", draw="Q08")
    bv.refused(state, "draw_encounter", "BT-03", card="Q08", terrain="O")
    bv.refused(state, "draw_encounter", "BT-06", card="X0", draw="Q08")
    bv.refused(state, "draw_encounter", "BT-06", card="X0", adjust=1)


def test_bt03_first_turn_travel_option_lets_vince_travel_before_the_x0_card(bv):
    state = bv.start({"first_turn": "travel"})
    assert state["phase"] == "travel" and state["awaiting"]["reason"] == "travel"
    assert {"travel", "draw_encounter"} <= set(bv.types(state))
    assert "lay_low" not in bv.types(state)
    state = bv.act(state, "travel", map="Map 1", location="Southglen Forest")
    assert state["phase"] == "encounter"
    state = bv.act(state, "draw_encounter", card="X0")  # X0 wherever Vince is, no draw
    assert state["encounter"]["terrain"] == "X0" and state["encounter"]["difficulty"] is None


def test_b10_a_turn_runs_lay_low_travel_encounter_rest(bv):
    state = bv.turn_two()
    assert (state["turn"], state["phase"], state["awaiting"]["reason"]) == (2, "lay_low", "lay_low")
    state = bv.act(state, "lay_low", draw="Q08")  # 6 < 8: on to Travel
    assert state["phase"] == "travel"
    state = bv.act(state, "travel", map="Map 1", location="Rat Harbor")
    assert state["phase"] == "encounter" and state["awaiting"]["reason"] == "encounter"
    state = bv.act(state, "draw_encounter", draw="Q08", card="Q06")
    assert state["awaiting"]["reason"] == "encounter_open"
    state = bv.act(state, "end_encounter")
    assert state["phase"] == "encounter" and state["awaiting"]["reason"] == "after_encounter"
    state = bv.act(state, "end_turn")
    assert (state["turn"], state["phase"]) == (3, "lay_low")


def test_b11_lay_low_succeeds_on_the_lay_low_value_and_goes_to_rest(bv):
    state = bv.turn_two()
    laid = bv.act(state, "lay_low", draw="Q04")  # 8 = [8+]
    assert laid["laid_low"] and laid["phase"] == "rest" and laid["encounters_this_turn"] == 0
    assert "draw_encounter" not in bv.types(laid) and "travel" not in bv.types(laid)
    bv.refused(laid, "draw_encounter", "BT-07", card="Q02", draw="Q08")
    bv.refused(laid, "travel", "BT-05", map="Map 1", location="Bridgewater")


def test_bt04_lay_low_needs_the_encounter_at_this_location_last_turn(bv):
    state = bv.x0(bv.start())
    state = bv.act(state, "move", map="Map 1", location="Bridgewater")
    state = bv.next_turn(state)
    assert "lay_low" not in bv.types(state)
    bv.refused(state, "lay_low", "BT-04", draw="Q06")


def test_bt04_no_lay_low_where_the_location_has_none(bv):
    state = bv.act(bv.turn_two(), "travel", map="Map 2", location="Goblin Mines")
    state = bv.act(state, "draw_encounter", card="X3")
    state = bv.next_turn(state)
    assert state["encounter_here_last_turn"] is True and "lay_low" not in bv.types(state)
    error = bv.refused(state, "lay_low", "BT-04", draw="Q06")
    assert "no lay-low value" in error.message


def test_bt04_at_most_once_a_turn_and_never_the_turn_after_laying_low(bv):
    failed = bv.act(bv.turn_two(), "lay_low", draw="Q08")
    bv.refused(failed, "lay_low", "BT-04", draw="Q06")
    laid = bv.act(bv.turn_two(), "lay_low", draw="Q06")
    after = bv.act(laid, "end_turn")
    assert after["encounter_here_last_turn"] is False and "lay_low" not in bv.types(after)


def test_bt04_no_lay_low_with_a_suspended_encounter(bv):
    state = bv.act(bv.x0(bv.start()), "end_encounter", outcome="ongoing")
    state = bv.act(state, "end_turn")
    assert state["phase"] == "encounter" and state["encounter"]["suspended"] is False
    assert "lay_low" not in bv.types(state)
    bv.refused(state, "lay_low", "BT-04", draw="Q06")


def test_bt04_lay_low_is_optional_travel_or_the_encounter_skip_it(bv):
    state = bv.turn_two()
    drawn = bv.act(state, "draw_encounter", draw="Q08", card="Q02")
    assert drawn["phase"] == "encounter" and not drawn["laid_low"]
    moved = bv.act(state, "travel", map="Map 1", location="Bridgewater")
    assert "lay_low" not in bv.types(moved)


def test_b12_leaving_a_map_brings_the_next_map_card_into_the_ready_hand(bv):
    state = bv.turn_two()
    bv.refused(state, "travel", "BT-01", map="Map 3", location="Somewhere")
    away = bv.act(state, "travel", map="Map 2", location="Irontree City")
    assert away["ready"][-1] == "Map 2" and card_place(away, "Map 2") == "ready"
    assert away["location"] == {"map": "Map 2", "location": "Irontree City"}


def test_b13_a_map_bonus_counts_while_the_card_is_ready_not_exhausted(bv):
    state = bv.act(bv.turn_two(), "travel", map="Map 2", location="Goblin Pass")
    assert skill_totals(state)["survival"] == 1
    state = bv.act(state, "draw_encounter", draw="Q06", card="Q08")
    state = bv.act(state, "exhaust", cards=["Map 2"])
    assert state["skills"]["survival"] == 0
    state = bv.act(state, "restore", cards=["Map 2"])
    assert state["skills"]["survival"] == 1


def test_bt05_one_travel_a_turn_to_a_real_other_place(bv):
    state = bv.turn_two()
    bv.refused(state, "travel", "BT-05", map="Map 1", location="Ulendi")
    bv.refused(state, "travel", "BT-05", map="Map 1", location="Nowhere")
    bv.refused(state, "travel", "BT-05", map="Q02", location="Ulendi")
    moved = bv.act(state, "travel", map="Map 1", location="Bridgewater")
    assert "travel" not in bv.types(moved)
    bv.refused(moved, "travel", "BT-05", map="Map 1", location="Rat Harbor")


def test_bt05_another_map_must_be_a_neighbour_and_a_map_in_hand_does_not_move(bv):
    extra = [
        {
            "id": "Map 5",
            "kind": "map",
            "number": 2,
            "locations": [{"name": "Far Keep", "terrains": ["M"]}],
        }
    ]
    state = bv.turn_two(extra=extra)
    error = bv.refused(state, "travel", "BT-05", map="Map 5", location="Far Keep")
    assert "Map 5" in error.message
    state = bv.act(state, "travel", map="Map 2", location="Goblin Pass")
    state = bv.act(state, "draw_encounter", draw="Q06", card="Q08")
    state = bv.next_turn(state)
    hand = state["ready"]
    back = bv.act(state, "travel", map="Map 1", location="Ulendi")
    assert back["ready"] == hand  # Map 1 was in hand already
    further = bv.act(state, "travel", map="Map 5", location="Far Keep")
    assert further["ready"][-1] == "Map 5"
