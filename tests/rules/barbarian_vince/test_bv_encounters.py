"""Encounters: B-14…B-19, BT-06, BT-07."""

from tracker.rules.barbarian_vince import card_place

UG = {"id": "Q20", "kind": "quest", "number": 3, "terrains": ["U", "G"]}
Z1 = {"id": "Z1a", "kind": "quest", "number": 3, "terrains": ["Z1", "F"], "classes": ["Common"]}


def test_b14_the_encounter_card_carries_a_terrain_type_of_the_location(bv):
    state = bv.turn_two()
    error = bv.refused(state, "draw_encounter", "B-14", draw="Q06", card="Q08")
    assert "U" in error.message and "G" in error.message
    bv.refused(state, "draw_encounter", "B-14", draw="Q06", card="Q08", terrain="O")
    bv.refused(state, "draw_encounter", "B-14", draw="Q06", card="Q06", terrain="U")
    bv.refused(state, "draw_encounter", "BT-06", draw="Q06", card="Vince")
    state = bv.act(state, "draw_encounter", draw="Q06", card="Q02")
    assert state["encounter"]["terrain"] == "G" and state["encounter"]["difficulty"] == 9
    assert card_place(state, "Q02") == "encounter" and state["encounters_this_turn"] == 1


def test_b14_the_difficulty_draw_is_a_card_of_the_deck(bv):
    state = bv.turn_two()
    error = bv.refused(state, "draw_encounter", "BT-02", draw="Q01", card="Q02")
    assert error.message == "Q01 is in the ready hand, not in the draw deck"
    bv.refused(state, "draw_encounter", "BT-06", card="Q02")


def test_bt06_the_terrain_is_named_when_the_card_matches_several(bv):
    state = bv.turn_two(extra=[UG])
    error = bv.refused(state, "draw_encounter", "BT-06", draw="Q08", card="Q20")
    assert "say which" in error.message
    state = bv.act(state, "draw_encounter", draw="Q08", card="Q20", terrain=" u ")
    assert state["encounter"]["terrain"] == "U" and state["encounter"]["difficulty"] == 6
    bv.refused(
        bv.turn_two(extra=[UG]), "draw_encounter", "BT-06", draw="Q08", card="Q20", terrain="G+2"
    )


def test_bt06_an_adjustment_from_a_card_is_added_to_the_difficulty(bv):
    state = bv.act(bv.turn_two(), "travel", map="Map 2", location="Irontree City")
    state = bv.act(state, "draw_encounter", draw="Q08", card="Q02", adjust=2)
    assert state["encounter"]["difficulty"] == 6 + 2 + 2


def test_bt06_a_mixed_location_needs_the_draw_even_for_its_x_card(bv):
    state = bv.turn_two()
    bv.refused(state, "draw_encounter", "BT-06", card="X0", terrain="X0")
    state = bv.act(state, "draw_encounter", draw="Q08", card="X0")
    assert state["encounter"]["terrain"] == "X0" and state["encounter"]["difficulty"] == 6
    assert state["last_draw"] == {"card": "Q08", "number": 6}


def test_bt06_follow_up_encounters_name_any_type_the_card_carries(bv):
    state = bv.act(bv.x0(bv.start(extra=[Z1])), "end_encounter")
    assert state["awaiting"]["reason"] == "after_encounter"
    bv.refused(state, "draw_encounter", "BT-06", draw="Q08", card="Z1a")
    state = bv.act(state, "draw_encounter", draw="Q08", card="Z1a", terrain="z1")
    assert state["encounter"]["difficulty"] == 6 and state["encounters_this_turn"] == 2
    # At a location that lists the named type, its modifier applies.
    state = bv.act(bv.turn_two(extra=[Z1]), "travel", map="Map 1", location="Southglen Forest")
    state = bv.act(state, "draw_encounter", draw="Q06", card="Q08")
    state = bv.act(state, "end_encounter")
    state = bv.act(state, "draw_encounter", draw="Q02", card="Z1a", terrain="F")
    assert state["encounter"]["difficulty"] == 7 + 1


def test_bt06_the_difficulty_card_is_never_the_encounter_card(bv):
    state = bv.turn_two()
    error = bv.refused(state, "draw_encounter", "BT-06", draw="Q02", card="Q02")
    assert "set aside" in error.message


def test_b15_a_done_encounter_card_goes_back_under_the_deck(bv):
    state = bv.act(bv.turn_two(), "draw_encounter", draw="Q06", card="Q02")
    done = bv.act(state, "end_encounter", outcome="done")
    assert card_place(done, "Q02") == "deck" and done["encounter"] is None
    assert done["phase"] == "encounter" and done["check"] is None


def test_b18_a_location_modifier_is_added_for_that_terrain_only(bv):
    extra = [{"id": "Q30", "kind": "quest", "number": 2, "terrains": ["F"]}]
    state = bv.act(bv.turn_two(extra=extra), "travel", map="Map 1", location="Southglen Forest")
    forest = bv.act(state, "draw_encounter", draw="Q03", card="Q30")
    assert forest["encounter"]["difficulty"] == 4 + 1
    open_land = bv.act(state, "draw_encounter", draw="Q03", card="Q08")
    assert open_land["encounter"]["difficulty"] == 4


def test_b19_a_card_in_hand_is_played_only_when_no_deck_card_matches(bv):
    state = bv.x0(bv.start(extra=[{"id": "Q40", "kind": "quest", "number": 2, "terrains": ["V"]}]))
    state = bv.act(state, "draw_item", card="Q03", **{"class": "Common"})
    state = bv.act(bv.next_turn(state), "travel", map="Map 1", location="Bridgewater")
    error = bv.refused(state, "draw_encounter", "B-19", draw="Q08", card="Q03")
    assert "Q40" in error.message


def test_b19_a_card_from_the_exhausted_hand_stays_there_afterwards(bv):
    state = bv.x0(bv.start())
    state = bv.act(state, "draw_item", card="Q03", **{"class": "Common"})
    state = bv.act(state, "exhaust", cards=["Q03", "Q01"])
    state = bv.act(bv.next_turn(state), "travel", map="Map 1", location="Bridgewater")
    state = bv.act(state, "draw_encounter", draw="Q08", card="Q03")
    assert state["encounter"]["from_hand"] == "exhausted"
    assert "restore" in bv.types(state)  # other exhausted cards may still be restored
    bv.refused(state, "restore", "BT-06", cards=["Q03"])
    bv.refused(state, "end_encounter", "BT-07", outcome="keep")
    state = bv.act(state, "end_encounter")
    assert state["exhausted"] == ["Q03", "Q01"] and "Q03" not in state["ready"]


def test_bt06_a_locked_card_is_not_played_exhausted_or_traded_and_its_skill_does_not_count(bv):
    skill = {
        "id": "Q41",
        "kind": "quest",
        "number": 2,
        "terrains": ["A"],
        "classes": ["Common", "Skill"],
        "modifiers": {"hide": 2},
    }
    curse = {
        "id": "Q42",
        "kind": "quest",
        "number": 2,
        "terrains": ["A"],
        "classes": ["Curse"],
        "modifiers": {"hide": -1},
    }
    state = bv.x0(bv.start(extra=[skill, curse]))
    state = bv.act(state, "draw_item", card="Q41", **{"class": "Skill"})
    state = bv.act(state, "draw_item", card="Q42", **{"class": "Curse"})
    assert state["skills"]["hide"] == 1
    state = bv.act(state, "end_encounter")
    # A follow-up "A" encounter: no card in the deck carries A, so Q41 comes from the hand.
    state = bv.act(state, "draw_encounter", draw="Q08", card="Q41", terrain="A")
    assert state["encounter"]["from_hand"] == "ready"
    assert state["skills"]["hide"] == -1  # the locked Skill is out, the Curse still counts
    check = bv.act(state, "begin_check", skill="hide", target=3)
    bv.refused(check, "play_check_card", "BT-06", card="Q41")
    bv.refused(state, "exhaust", "BT-06", cards=["Q41"])
    bv.refused(state, "discard", "BT-06", cards=["Q41"])
    state = bv.act(state, "end_encounter")
    assert state["skills"]["hide"] == 1 and state["ready"][-1] == "Q41"


def test_bt07_effects_are_recorded_only_while_an_encounter_is_open(bv):
    state = bv.turn_two()
    for kind, fields in (
        ("random_draw", {"draw": "Q08"}),
        ("exhaust", {"cards": ["Q01"]}),
        ("move", {"map": "Map 1", "location": "Bridgewater"}),
        ("begin_check", {"skill": "hide", "target": 3}),
        ("win_quest", {}),
    ):
        bv.refused(state, kind, "BT-07", **fields)
    check = bv.act(bv.x0(bv.start()), "begin_check", skill="hide", target=30)
    bv.refused(check, "random_draw", "BT-07", draw="Q08")
    bv.refused(check, "end_encounter", "BT-07")
    bv.refused(check, "begin_check", "BT-11", skill="hide", target=3)


def test_bt07_keep_takes_an_item_card_into_the_ready_hand(bv):
    state = bv.act(bv.turn_two(), "draw_encounter", draw="Q06", card="Q02")
    kept = bv.act(state, "end_encounter", outcome="keep")
    assert kept["ready"][-1] == "Q02" and kept["encounter"] is None
    plain = bv.act(bv.turn_two(), "travel", map="Map 1", location="Rat Harbor")
    plain = bv.act(plain, "draw_encounter", draw="Q08", card="Q06")
    bv.refused(plain, "end_encounter", "BT-07", outcome="keep")
    bv.refused(plain, "end_encounter", "A-02", outcome="later")


def test_bt07_an_ongoing_encounter_resumes_next_turn_as_its_encounter(bv):
    state = bv.act(bv.turn_two(), "draw_encounter", draw="Q06", card="Q02")
    state = bv.act(state, "begin_check", skill="combat", target=1)
    state = bv.act(state, "play_check_card", card="Q01")
    paused = bv.act(state, "end_encounter", outcome="ongoing")
    assert paused["encounter"]["suspended"] is True and paused["check"] is None
    assert paused["phase"] == "rest" and card_place(paused, "Q02") == "encounter"
    assert "draw_encounter" not in bv.types(paused)
    assert "end_turn" in bv.types(paused)
    again = bv.act(paused, "end_turn")
    assert again["phase"] == "encounter" and again["encounter"]["suspended"] is False
    assert again["encounters_this_turn"] == 1 and again["awaiting"]["reason"] == "encounter_open"
    assert "travel" not in bv.types(again) and "draw_encounter" not in bv.types(again)
    bv.refused(again, "draw_encounter", "BT-07", draw="Q08", card="X0")
    done = bv.act(again, "end_encounter")
    assert done["awaiting"]["reason"] == "after_encounter"
    after = bv.act(done, "end_turn")
    assert after["encounter_here_last_turn"] is True  # the resumed encounter was here


def test_bt07_once_the_rest_phase_has_begun_no_more_encounters(bv):
    state = bv.act(bv.turn_two(), "draw_encounter", draw="Q06", card="Q02")
    state = bv.act(state, "end_encounter")
    resting = bv.act(state, "discard", cards=["Q01"])
    assert resting["phase"] == "rest"
    bv.refused(resting, "draw_encounter", "BT-07", draw="Q08", card="X0", terrain="X0")
