"""The eleven worked examples of section 11 of the Barbarian Vince rules, reproduced exactly."""

from tracker.rules.barbarian_vince import card_value, check_card_values

ZERO_SKILLS = {"combat": 0, "survival": 0, "unlock_disarm": 0, "hide": 0, "charm": 0}


def test_example_1_start_b09_bt03_bt08(bv):
    state = bv.start()
    assert state["ready"] == ["Q01", "Vince", "Map 1"] and state["exhausted"] == []
    assert state["location"] == {"map": "Map 1", "location": "Ulendi"}
    assert (state["turn"], state["phase"], state["status"]) == (1, "encounter", "playing")
    assert state["skills"] == {**ZERO_SKILLS, "recovery": 2}
    state = bv.act(state, "draw_encounter", card="X0")
    assert state["encounter"] == {
        "card": "X0",
        "terrain": "X0",
        "difficulty": None,
        "from_hand": None,
        "suspended": False,
    }


def _survival_check_with_map_2(bv, ruleset=None):
    state = bv.turn_two(ruleset)
    state = bv.act(state, "travel", map="Map 2", location="Goblin Pass")
    assert state["ready"][-1] == "Map 2"
    assert state["skills"]["survival"] == 1
    state = bv.act(state, "draw_encounter", draw="Q06", card="Q08")
    return bv.act(state, "begin_check", skill="survival", target=7)


def test_example_2_map_bonus_b13_bt09_bt10_own_card(bv):
    state = _survival_check_with_map_2(bv)
    assert card_value(state, "Map 2") == 6
    state = bv.act(state, "play_check_card", card="Map 2")
    assert state["check"]["played"] == [{"card": "Map 2", "draw": None, "value": 6}]
    assert state["check"]["successes"] == 0 and state["check"]["status"] == "in_progress"
    assert state["skills"]["survival"] == 0
    state = bv.act(state, "play_check_card", card="Q01")
    assert state["check"]["played"][-1]["value"] == 1


def test_example_2_map_bonus_b13_bt10_whole_check(bv):
    state = _survival_check_with_map_2(bv, {"exhausted_bonus": "whole_check"})
    state = bv.act(state, "play_check_card", card="Map 2")
    assert state["check"]["played"][-1]["value"] == 6
    assert card_value(state, "Q01") == 2
    state = bv.act(state, "play_check_card", card="Q01")
    assert state["check"]["played"][-1]["value"] == 2


def _example_3_hand(bv):
    state = bv.x0(bv.start())
    for card, item_class in (("Q04", "Common"), ("Q02", "Uncommon"), ("Q05", "Curse")):
        state = bv.act(state, "draw_item", card=card, **{"class": item_class})
    return bv.act(state, "exhaust", cards=["Q05"])


def test_example_3_skill_plain_and_curse_modifiers_b22_b23_bt08_bt09(bv):
    state = _example_3_hand(bv)
    assert state["skills"]["hide"] == 1 and state["skills"]["charm"] == -1
    charm = bv.act(state, "begin_check", skill="charm", target=7)
    assert card_value(charm, "Q02") == 7
    charm = bv.act(charm, "play_check_card", card="Q02")
    assert charm["check"]["played"][-1]["value"] == 7 and charm["check"]["status"] == "passed"
    hide = bv.act(state, "begin_check", skill="hide", target=9)
    hide = bv.act(hide, "play_check_card", card="Q04")
    assert hide["check"]["played"][-1]["value"] == 9
    assert hide["skills"]["hide"] == 0


def test_example_4_rounds_speed_and_damage_b25_b26_b27_bt11(bv):
    state = bv.x0(bv.start())
    state = bv.items(state, 8, 3, 4, 6, 9)  # A1 … A5 are the example's A … E
    state = bv.hand(state, ["A1", "A2", "A3", "A4", "A5"])
    state = bv.act(state, "begin_check", skill="combat", target=7, times=2, round_speed=2, damage=1)
    state = bv.act(state, "play_check_card", card="A1")
    check = state["check"]
    assert (check["round"], check["successes"], check["played"]) == (2, 1, [])
    state = bv.act(state, "play_check_card", card="A2")
    assert state["check"]["damage_due"] == 0
    state = bv.act(state, "play_check_card", card="A3")
    check = state["check"]
    assert check["damage_due"] == 1 and check["round"] == 2
    assert [play["value"] for play in check["played"]] == [3, 4]
    assert bv.types(state) == ["register_card", "take_damage", "die", "end_adventure"]
    state = bv.act(state, "take_damage", cards=["A4"])
    assert state["check"]["round"] == 3 and state["check"]["played"] == []
    state = bv.act(state, "play_check_card", card="A5")
    check = state["check"]
    assert (check["status"], check["successes"], check["round"]) == ("passed", 2, 3)
    assert check["played"] == [{"card": "A5", "draw": None, "value": 9}]
    assert state["ready"] == [] and state["exhausted"][-5:] == ["A1", "A2", "A3", "A4", "A5"]
    assert check["reuse"] is False and "reuse" not in bv.types(state)


def test_example_5_running_out_b24_bt11(bv):
    state = bv.x0(bv.start())
    state = bv.act(state, "exhaust", cards=["Map 1"])
    assert state["ready"] == ["Q01", "Vince"]
    state = bv.act(state, "begin_check", skill="hide", target=9)
    assert [row["value"] for row in check_card_values(state)] == [1, 0]
    state = bv.act(state, "play_check_card", card="Vince")
    assert state["check"]["played"][-1]["value"] == 0
    state = bv.act(state, "play_check_card", card="Q01")
    assert state["check"]["played"][-1]["value"] == 1
    assert state["check"]["status"] == "failed" and state["ready"] == []


def _irontree(bv):
    state = bv.turn_two()
    return bv.act(state, "travel", map="Map 2", location="Irontree City")


def test_example_6_encounter_modifier_b14_b18_bt06(bv):
    state = _irontree(bv)
    g_card = bv.act(state, "draw_encounter", draw="Q08", card="Q02")
    assert g_card["encounter"]["terrain"] == "G" and g_card["encounter"]["difficulty"] == 8
    assert g_card["last_draw"] == {"card": "Q08", "number": 6}
    c_card = bv.act(state, "draw_encounter", draw="Q08", card="Q06")
    assert c_card["encounter"]["terrain"] == "C" and c_card["encounter"]["difficulty"] == 6
    mines = bv.act(bv.turn_two(), "travel", map="Map 2", location="Goblin Mines")
    x3 = bv.act(mines, "draw_encounter", card="X3")
    assert x3["encounter"]["terrain"] == "X3" and x3["encounter"]["difficulty"] is None
    bv.refused(mines, "draw_encounter", "BT-06", card="X3", draw="Q08")


def test_example_7_lay_low_b11_b32_bt04_bt15(bv):
    state = bv.x0(bv.start())
    state = bv.act(state, "exhaust", cards=["Q01", "Vince", "Map 1"])
    state = bv.next_turn(state)
    assert state["turn"] == 2 and state["phase"] == "lay_low"
    assert state["encounter_here_last_turn"] is True and "lay_low" in bv.types(state)
    failed = bv.act(state, "lay_low", draw="Q08")
    assert failed["phase"] == "travel" and failed["laid_low"] is False
    assert failed["last_draw"] == {"card": "Q08", "number": 6}
    for draw in ("Q06", "Q04"):  # 9, and a card numbered exactly 8
        laid = bv.act(state, "lay_low", draw=draw)
        assert laid["phase"] == "rest" and laid["laid_low"] is True
        assert laid["recoveries_left"] == 2
    laid = bv.act(state, "lay_low", draw="Q06")
    laid = bv.act(laid, "recover", cards=["Q01", "Vince"])
    laid = bv.act(laid, "recover", cards=["Map 1"])
    assert laid["recoveries_left"] == 0 and laid["ready"] == ["Q01", "Vince", "Map 1"]
    error = bv.refused(state, "lay_low", "BT-02", draw="Q01")
    assert "in the exhausted hand" in error.message


EXAMPLE_8_CARDS = [
    {"id": f"C{n}", "kind": "item", "number": n, "classes": ["Common"]} for n in range(1, 5)
] + [
    {"id": "U1", "kind": "item", "number": 7, "classes": ["Uncommon"]},
    {"id": "K1", "kind": "item", "number": 3, "classes": ["Common"]},
]


def _resting_at(bv, place):
    state = bv.x0(bv.start(extra=EXAMPLE_8_CARDS))
    state = bv.hand(state, ["Q01", "Vince", "Map 1", "C1", "C2", "C3", "C4"])
    state = bv.next_turn(state)
    state = bv.act(state, "travel", map="Map 1", location=place)
    card = {"Rat Harbor": "Q06", "Bridgewater": "Q03"}[place]
    state = bv.act(state, "draw_encounter", draw="Q08", card=card)
    return bv.act(state, "end_encounter")


def test_example_8_trade_b33_bt15(bv):
    harbor = _resting_at(bv, "Rat Harbor")
    assert "trade" in bv.types(harbor)
    uncommon = bv.act(
        harbor, "trade", give=["C1", "C2", "C3", "C4"], card="U1", **{"class": "Uncommon"}
    )
    assert uncommon["ready"][-1] == "U1" and uncommon["trades"] == 1
    assert uncommon["phase"] == "rest"
    assert not {"C1", "C2", "C3", "C4"} & set(uncommon["ready"] + uncommon["exhausted"])
    common = bv.act(harbor, "trade", give=["C1", "C2"], card="K1", **{"class": "Common"})
    assert common["ready"][-1] == "K1"
    bv.refused(harbor, "trade", "B-33", give=["C1", "C2"], card="U1", **{"class": "Uncommon"})
    bridge = _resting_at(bv, "Bridgewater")
    common = bv.act(bridge, "trade", give=["C1", "C2"], card="K1", **{"class": "Common"})
    assert common["ready"][-1] == "K1"
    bv.refused(
        bridge, "trade", "B-33", give=["C1", "C2", "C3", "C4"], card="U1", **{"class": "Uncommon"}
    )
    bv.refused(bridge, "trade", "B-29", give=["C1", "Vince"], card="K1", **{"class": "Common"})
    bv.refused(bridge, "trade", "B-29", give=["C1", "Map 1"], card="K1", **{"class": "Common"})


def test_example_9_reusable_b28_bt12(bv):
    state = bv.x0(bv.start())
    state = bv.act(state, "draw_item", card="Q03", **{"class": "Reusable"})
    state = bv.act(state, "begin_check", skill="combat", target=5)
    assert card_value(state, "Q03") == 5
    state = bv.act(state, "play_check_card", card="Q03")
    check = state["check"]
    assert check["played"][-1]["value"] == 5 and check["status"] == "passed"
    assert check["reuse"] is True and "reuse" in bv.types(state)
    state = bv.act(state, "reuse", card="Q03")
    assert state["ready"][-1] == "Q03" and state["check"]["reuse"] is False


def test_example_10_unique_item_b30_bt14(bv):
    state = bv.act(bv.turn_two(), "travel", map="Map 2", location="Goblin Mines")
    state = bv.act(state, "draw_encounter", card="X3")
    state = bv.act(state, "end_encounter", outcome="keep")
    assert state["ready"][-1] == "X3" and state["skills"]["recovery"] == 3
    state = bv.act(state, "discard", cards=["X3"])
    assert state["waiting"] == {"X3": {"map": "Map 2", "location": "Goblin Mines"}}
    assert state["skills"]["recovery"] == 2 and state["phase"] == "rest"
    assert "retrieve" not in bv.types(state)
    state = bv.act(state, "end_turn")
    assert "retrieve" in bv.types(state)
    state = bv.act(state, "retrieve", cards=["X3"])
    assert state["ready"][-1] == "X3" and state["waiting"] == {}
    assert state["phase"] == "rest" and state["encounters_this_turn"] == 0
    state = bv.act(state, "end_turn")
    assert state["encounter_here_last_turn"] is False


def test_example_11_running_out_of_encounters_b19_bt06(bv):
    state = bv.x0(bv.start())
    state = bv.act(state, "draw_item", card="Q03", **{"class": "Common"})
    state = bv.act(bv.next_turn(state), "travel", map="Map 1", location="Bridgewater")
    state = bv.act(state, "draw_encounter", draw="Q08", card="Q03")
    encounter = state["encounter"]
    assert encounter["from_hand"] == "ready" and encounter["terrain"] == "V"
    assert state["exhausted"][-1] == "Q03" and "Q03" not in state["ready"]
    bv.refused(state, "restore", "BT-06", cards=["Q03"])
    bv.refused(state, "discard", "BT-06", cards=["Q03"])
    state = bv.act(state, "end_encounter")
    assert state["ready"][-1] == "Q03" and "Q03" not in state["exhausted"]
