"""Hands, discards, items and the Rest phase: B-04…B-06, B-29…B-34, BT-02, BT-14, BT-15."""

from bv_support import SAMPLE

from tracker.rules.barbarian_vince import card_place, deck_cards

UNIQUE = {
    "id": "U9",
    "kind": "item",
    "number": 5,
    "classes": ["Unique", "Common"],
    "home": {"map": "Map 1", "location": "Bridgewater"},
}


def test_b04_three_sets_of_cards_and_no_hand_limit(bv):
    state = bv.items(bv.x0(bv.start()), *range(30))
    for n in range(1, 31):
        state = bv.act(state, "draw_item", card=f"A{n}", **{"class": "Common"})
    assert len(state["ready"]) == 33 and state["exhausted"] == []
    assert set(deck_cards(state)).isdisjoint(state["ready"])


def test_b05_exhaust_and_restore_move_cards_in_the_order_named(bv):
    state = bv.x0(bv.start())
    state = bv.act(state, "exhaust", cards=["Map 1", "Q01"])
    assert state["ready"] == ["Vince"] and state["exhausted"] == ["Map 1", "Q01"]
    state = bv.act(state, "restore", cards=["Q01", "Map 1"])
    assert state["ready"] == ["Vince", "Q01", "Map 1"] and state["exhausted"] == []
    error = bv.refused(state, "restore", "BT-02", cards=["Q01"])
    assert error.message == "Q01 is in the ready hand, not in the exhausted hand"
    emptied = bv.act(state, "exhaust", cards=["Vince", "Q01", "Map 1"])
    bv.refused(emptied, "exhaust", "BT-02", cards=["Q01"])


def test_b06_a_random_draw_stays_in_the_deck(bv):
    state = bv.act(bv.x0(bv.start()), "random_draw", draw="Q02")
    assert card_place(state, "Q02") == "deck"
    again = bv.act(state, "random_draw", draw="Q02")
    assert again["last_draw"] == {"card": "Q02", "number": 7}


def test_bt02_a_card_known_elsewhere_is_refused_saying_where_it_is(bv):
    state = bv.act(bv.x0(bv.start()), "exhaust", cards=["Q01"])
    error = bv.refused(state, "draw_item", "BT-02", card="Q01", **{"class": "Common"})
    assert error.message == "Q01 is in the exhausted hand, not in the draw deck"
    error = bv.refused(state, "random_draw", "BT-02", draw="X0")
    assert "encounter" in error.message
    bv.refused(state, "exhaust", "BT-02", cards=["Q01"])
    bv.refused(state, "discard", "BT-02", cards=["Q02"])


def test_b29_maps_and_the_player_card_are_never_discarded_curses_only_when_met(bv):
    state = bv.x0(bv.start())
    state = bv.act(state, "draw_item", card="Q05", **{"class": "Curse"})
    bv.refused(state, "discard", "B-29", cards=["Map 1"])
    bv.refused(state, "discard", "B-29", cards=["Q01", "Vince"])
    error = bv.refused(state, "discard", "B-29", cards=["Q05"])
    assert "Curse" in error.message
    bv.refused(state, "discard", "A-02", cards=["Q05"], conditions_met="yes")
    state = bv.act(state, "discard", cards=["Q05"], conditions_met=True)
    assert card_place(state, "Q05") == "deck" and state["skills"]["charm"] == 0


def test_b30_a_discarded_unique_item_waits_at_home_and_may_be_taken_back_there(bv):
    state = bv.x0(bv.start(extra=[UNIQUE]))
    state = bv.act(state, "draw_item", card="U9", **{"class": "Unique"})
    state = bv.act(state, "discard", cards=["U9"])
    assert state["waiting"] == {"U9": {"map": "Map 1", "location": "Bridgewater"}}
    assert card_place(state, "U9") == "waiting" and "U9" not in deck_cards(state)
    bv.refused(state, "draw_item", "BT-02", card="U9", **{"class": "Unique"})
    state = bv.next_turn(state)
    assert "retrieve" not in bv.types(state)
    error = bv.refused(state, "retrieve", "B-30", cards=["U9"])
    assert "Bridgewater" in error.message
    state = bv.act(state, "travel", map="Map 1", location="Bridgewater")
    assert "retrieve" in bv.types(state) and state["awaiting"]["reason"] == "encounter"
    back = bv.act(state, "retrieve", cards=["U9"])
    assert back["ready"][-1] == "U9" and back["phase"] == "rest" and back["waiting"] == {}


def test_bt14_retrieve_only_before_the_turn_s_encounter_and_only_items_waiting_here(bv):
    state = bv.x0(bv.start(extra=[UNIQUE]))
    state = bv.act(state, "draw_item", card="U9", **{"class": "Unique"})
    state = bv.act(state, "move", map="Map 1", location="Bridgewater")
    state = bv.act(state, "discard", cards=["U9"])
    # Turn 1's encounter is under way: retrieving would replace an encounter already had.
    bv.refused(state, "retrieve", "BT-14", cards=["U9"])
    state = bv.act(state, "end_encounter")
    bv.refused(state, "retrieve", "BT-14", cards=["U9"])
    state = bv.act(state, "end_turn")
    bv.refused(state, "retrieve", "BT-02", cards=["Q01"])
    bv.refused(state, "retrieve", "BT-02", cards=["U9", "Q02"])
    back = bv.act(state, "retrieve", cards=["U9"])
    assert back["encounters_this_turn"] == 0 and "draw_encounter" not in bv.types(back)
    assert bv.act(back, "end_turn")["encounter_here_last_turn"] is False


def test_bt14_discards_come_from_either_hand_and_a_unique_quest_card_goes_to_the_deck(bv):
    state = bv.x0(bv.start())
    state = bv.act(state, "draw_item", card="Q02", **{"class": "Uncommon"})
    state = bv.act(state, "exhaust", cards=["Q01"])
    state = bv.act(state, "discard", cards=["Q01", "Q02"])
    assert card_place(state, "Q01") == "deck" and card_place(state, "Q02") == "deck"
    mines = bv.act(bv.turn_two(), "travel", map="Map 2", location="Goblin Mines")
    mines = bv.act(mines, "draw_encounter", card="X3")
    done = bv.act(mines, "end_encounter")
    assert card_place(done, "X3") == "deck" and done["waiting"] == {}


def test_b31_an_item_draw_names_the_class_and_the_card_found(bv):
    state = bv.x0(bv.start())
    bv.refused(state, "draw_item", "B-31", card="Q02", **{"class": "Common"})
    bv.refused(state, "draw_item", "BT-14", card="Q02", **{"class": "Rare"})
    state = bv.act(state, "draw_item", card="Q02", **{"class": "uncommon"})
    assert state["ready"][-1] == "Q02"


def test_b32_recover_restores_up_to_recovery_cards_as_it_stands(bv):
    state = bv.x0(bv.start())
    state = bv.act(state, "draw_item", card="Q04", **{"class": "Skill"})
    state = bv.act(state, "exhaust", cards=["Q01", "Map 1", "Q04", "Vince"])
    state = bv.act(bv.act(state, "end_encounter"), "end_turn")
    state = bv.act(state, "lay_low", draw="Q06")
    bv.refused(state, "recover", "B-32", cards=["Q01", "Map 1", "Q04"])
    state = bv.act(state, "recover", cards=["Q01", "Q04"])
    assert state["recoveries_left"] == 1
    state = bv.act(state, "recover", cards=["Map 1", "Vince"])
    assert state["recoveries_left"] == 0 and "recover" not in bv.types(state)
    bv.refused(state, "recover", "BT-15", cards=["Q01"])


def test_bt15_recover_once_a_turn_and_never_with_recovery_below_one(bv):
    weak = {"id": "Vince", "kind": "player", "skills": {"recovery": 0}}
    cards = [weak, *[card for card in SAMPLE if card["id"] != "Vince"]]
    state = bv.x0(bv.act(bv.begun(cards=cards), "setup", item="Q01"))
    state = bv.act(bv.act(state, "exhaust", cards=["Q01"]), "end_encounter")
    assert "recover" not in bv.types(state)
    error = bv.refused(state, "recover", "BT-15", cards=["Q01"])
    assert "Recovery is 0" in error.message
    state = bv.act(bv.x0(bv.start()), "exhaust", cards=["Q01", "Map 1"])
    state = bv.act(bv.act(state, "end_encounter"), "recover", cards=["Q01"])
    assert state["phase"] == "rest" and state["recoveries_left"] == 0
    bv.refused(state, "recover", "BT-15", cards=["Map 1"])


def test_bt15_the_rest_phase_begins_with_the_first_rest_action(bv):
    state = bv.act(bv.x0(bv.start()), "end_encounter")
    assert state["phase"] == "encounter" and "draw_encounter" in bv.types(state)
    ended = bv.act(state, "end_turn")
    assert ended["turn"] == 2 and ended["recoveries_left"] == 1 and ended["trades"] == 0


def test_b33_trade_needs_a_village_city_or_port(bv):
    items = [
        {"id": f"C{n}", "kind": "item", "number": n, "classes": ["Common"]} for n in range(1, 4)
    ]
    state = bv.x0(bv.start(extra=items))
    state = bv.hand(state, ["Q01", "Vince", "Map 1", "C1", "C2"])
    state = bv.act(state, "move", map="Map 1", location="Southglen Forest")
    state = bv.act(state, "end_encounter")
    assert "trade" not in bv.types(state)
    error = bv.refused(state, "trade", "B-33", give=["C1", "C2"], card="C3", **{"class": "Common"})
    assert "Southglen Forest" in error.message


def test_bt15_trade_rules_the_item_is_not_a_card_given_and_one_trade_under_one(bv):
    items = [
        {"id": f"C{n}", "kind": "item", "number": n, "classes": ["Common"]} for n in range(1, 7)
    ]
    for ruleset, allowed in (({"trades_per_rest": "one"}, False), (None, True)):
        state = bv.x0(bv.start(ruleset, extra=items))
        state = bv.hand(state, ["Q01", "Vince", "Map 1", "C1", "C2", "C3", "C4"])
        state = bv.act(state, "end_encounter")  # at Ulendi (U, G): Common and Uncommon
        bv.refused(state, "trade", "B-33", give=["C1"], card="C5", **{"class": "Common"})
        bv.refused(state, "trade", "BT-15", give=["C1", "C2"], card="C1", **{"class": "Common"})
        bv.refused(state, "trade", "B-33", give=["C1", "C2"], card="Q02", **{"class": "Common"})
        bv.refused(state, "trade", "A-02", give=["C1", "C2"], card="Q02", **{"class": "Skill"})
        state = bv.act(state, "trade", give=["C1", "C2"], card="C5", **{"class": "common"})
        assert state["trades"] == 1 and state["phase"] == "rest"
        assert ("trade" in bv.types(state)) is allowed
        if not allowed:
            bv.refused(state, "trade", "BT-15", give=["C3", "C4"], card="C6", **{"class": "Common"})


def test_b34_cards_may_be_discarded_on_purpose_anywhere_and_it_begins_the_rest(bv):
    state = bv.act(bv.x0(bv.start()), "end_encounter")
    state = bv.act(state, "discard", cards=["Q01"])
    assert state["phase"] == "rest" and card_place(state, "Q01") == "deck"
