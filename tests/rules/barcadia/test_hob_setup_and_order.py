"""Setting up and rolling for the turn order: H-01…H-07, HT-01…HT-04, HL-01, HL-02."""

import pytest

from tracker.rules.barcadia import apply, initial_state, replay
from tracker.rules.barcadia.ruleset import DEFAULTS
from tracker.rules.errors import ReplayError, RuleError


def set_up(names, ruleset=None):
    action = {"type": "set_up_table", "players": [{"name": name} for name in names]}
    if ruleset is not None:
        action["ruleset"] = ruleset
    return apply(initial_state(), action)


def test_h01_two_to_six_players(hob):
    empty = initial_state()
    for count in (1, 7):
        players = [{"name": f"P{index}"} for index in range(count)]
        hob.refused(empty, "set_up_table", "H-01", players=players)
    for count in (2, 6):
        state = set_up([f"P{index}" for index in range(count)])
        assert len(state["players"]) == count and state["phase"] == "order"


def test_h01_names_are_trimmed_unique_and_1_to_24_characters(hob):
    empty = initial_state()
    hob.refused(empty, "set_up_table", "H-01", players=[{"name": "Ana"}, {"name": " Ana "}])
    error = hob.refused(empty, "set_up_table", "HL-02", players=[{"name": "A" * 25}, {"name": "B"}])
    assert "players[0].name" in error.message
    hob.refused(empty, "set_up_table", "HL-02", players=[{"name": "   "}, {"name": "B"}])
    hob.refused(empty, "set_up_table", "HL-02", players=[{"name": "Ana"}, {}])
    moves = [{"name": " Ana ", "signature_move": " Keg Toss "}, {"name": "B" * 24}]
    state = hob.act(empty, "set_up_table", players=moves)
    assert list(state["players"]) == ["Ana", "B" * 24]
    assert state["players"]["Ana"]["signature_move"] == "Keg Toss"
    assert state["players"]["B" * 24]["signature_move"] is None
    long_move = [{"name": "Ana", "signature_move": "x" * 41}, {"name": "Bo"}]
    hob.refused(empty, "set_up_table", "HL-02", players=long_move)


def test_h05_h06_ht01_every_hero_starts_full_on_the_starting_point_with_three_loot():
    state = set_up(["Ana", "Bo", "Cy"])
    for seat, (name, hero) in enumerate(state["players"].items(), start=1):
        assert hero == {
            "name": name,
            "seat": seat,
            "signature_move": None,
            "hp": 100,
            "hp_max": 100,
            "position": [0, 0],
            "power_ups": [],
            "loot_count": 3,
            "loot_known": [],
            "deaths": 0,
        }


def test_ht01_full_line_is_a_multiple_of_ten_from_10_to_500(hob):
    assert set_up(["Ana", "Bo"], {"full_hp": 250})["players"]["Bo"]["hp_max"] == 250
    assert set_up(["Ana", "Bo"], {"full_hp": 10})["players"]["Ana"]["hp"] == 10
    for bad in (0, 5, 505, 510, "100", True, 99.0):
        hob.refused(initial_state(), "set_up_table", "HT-01",
                    players=[{"name": "A"}, {"name": "B"}], ruleset={"full_hp": bad})  # fmt: skip


def test_ht01_fixed_losses_stay_ten_hp_whatever_the_full_line(hob):
    state = hob.table(ruleset={"full_hp": 30})
    state = hob.room(state, (2, -1), traps=1)
    state = hob.act(state, "move", player="Ana", path=[[2, -1]])
    state = hob.act(state, "trap_roll", player="Ana", roll=3)
    assert state["players"]["Ana"]["hp"] == 20


def test_h02_the_starting_point_is_seven_start_tiles_and_one_place():
    state = set_up(["Ana", "Bo"])
    starts = {key: tile for key, tile in state["tiles"].items() if tile["kind"] == "start"}
    assert sorted(starts) == sorted(["0,0", "1,0", "-1,0", "0,1", "0,-1", "1,-1", "-1,1"])
    for tile in starts.values():
        assert set(tile) == {"at", "kind", "face", "traps", "power_ups"}
        assert tile["face"] == "up" and tile["traps"] == 0


def test_h03_ht04_small_dungeon_by_players_or_never():
    assert set_up(["A", "B"])["dungeon"] == {"size": 30, "recorded": 0, "hoard": None}
    assert set_up(["A", "B", "C"])["dungeon"]["size"] == 30
    assert set_up(["A", "B", "C", "D"])["dungeon"]["size"] == 50
    assert set_up(["A", "B"], {"small_dungeon": "never"})["dungeon"]["size"] == 50


def _line_of_portals(hob, state, count):
    """Ana explores portal after portal along one line; the others end their turns."""
    for index in range(count):
        state = hob.act(state, "explore", player="Ana", at=[2 + index, -1], tile={"kind": "portal"})
        for name in state["order"]:
            state = (
                hob.act(state, "end_turn", player=name)
                if name == state["turn"]["player"]
                else state
            )
    return state


def test_example_8_h03_ht03_three_players_record_30_tiles_and_refuse_a_31st(hob):
    state = _line_of_portals(hob, hob.table(("Ana", "Bo", "Cy")), 30)
    assert state["dungeon"]["recorded"] == 30 and state["turn"]["player"] == "Ana"
    error = hob.refused(
        state, "explore", "HT-03", player="Ana", at=[32, -1], tile={"kind": "portal"}
    )
    assert "30" in error.message
    four = _line_of_portals(hob, hob.table(("Ana", "Bo", "Cy", "Dee")), 31)
    assert four["dungeon"] == {"size": 50, "recorded": 31, "hoard": None}


def test_h04_ht03_only_explored_tiles_are_recorded():
    state = set_up(["Ana", "Bo"])
    assert state["dungeon"]["recorded"] == 0 and len(state["tiles"]) == 7


def test_h07_the_highest_roll_plays_first(hob):
    state = hob.act(set_up(["Ana", "Bo"]), "roll_for_order", rolls={"Ana": 7, "Bo": 15})
    assert state["order"] == ["Bo", "Ana"] and state["phase"] == "play"
    assert state["order_rolls"] == {"Ana": [7], "Bo": [15]}
    assert state["turn"] == {
        "player": "Bo", "number": 1, "started": False, "actions_taken": 0, "actions_left": 1,
        "duel_used": False, "portal_used": False, "arrived": False,
    }  # fmt: skip
    assert state["awaiting"]["player"] == "Bo"


def test_h07_everyone_named_rolls_and_nobody_else(hob):
    state = set_up(["Ana", "Bo", "Cy"])
    assert state["pending"] == [{"kind": "order", "players": ["Ana", "Bo", "Cy"]}]
    hob.refused(state, "roll_for_order", "H-07", rolls={"Ana": 3, "Bo": 4})
    hob.refused(state, "roll_for_order", "HL-02", rolls={"Ana": 3, "Bo": 4, "Cy": 0})
    hob.refused(state, "roll_for_order", "HL-02", rolls={"Ana": 3, "Bo": 4, "Zed": 5})
    hob.refused(state, "roll_for_order", "HL-02", rolls=[3, 4, 5])
    tied = hob.act(state, "roll_for_order", rolls={"Ana": 9, "Bo": 9, "Cy": 2})
    hob.refused(tied, "roll_for_order", "HT-02", rolls={"Ana": 3, "Bo": 4, "Cy": 5})
    hob.refused(tied, "roll_for_order", "HT-02", rolls={"Ana": 3})


def test_example_9_h07_ht02_two_17s_roll_again(hob):
    state = hob.act(
        set_up(["P1", "P2", "P3"]), "roll_for_order", rolls={"P1": 17, "P2": 17, "P3": 5}
    )
    assert state["pending"] == [{"kind": "order", "players": ["P1", "P2"]}]
    assert state["phase"] == "order" and state["order"] == [] and state["turn"] is None
    state = hob.act(state, "roll_for_order", rolls={"P1": 3, "P2": 12})
    assert state["order"] == ["P2", "P1", "P3"]
    assert state["order_rolls"] == {"P1": [17, 3], "P2": [17, 12], "P3": [5]}


def test_ht02_by_roll_ties_settle_highest_first(hob):
    state = set_up(list("ABCDE"))
    state = hob.act(state, "roll_for_order", rolls={"A": 15, "B": 15, "C": 9, "D": 9, "E": 3})
    assert state["pending"][0]["players"] == ["A", "B"]
    state = hob.act(state, "roll_for_order", rolls={"A": 4, "B": 11})
    assert state["pending"][0]["players"] == ["C", "D"]
    state = hob.act(state, "roll_for_order", rolls={"C": 20, "D": 1})
    assert state["order"] == ["B", "A", "C", "D", "E"]


def test_ht02_a_tie_again_rolls_again(hob):
    state = hob.act(set_up(["A", "B", "C"]), "roll_for_order", rolls={"A": 8, "B": 8, "C": 8})
    state = hob.act(state, "roll_for_order", rolls={"A": 5, "B": 5, "C": 2})
    assert state["pending"][0]["players"] == ["A", "B"]
    state = hob.act(state, "roll_for_order", rolls={"A": 1, "B": 2})
    assert state["order"] == ["B", "A", "C"]


def test_ht02_clockwise_only_the_first_player_comes_from_the_roll(hob):
    state = set_up(list("ABCDE"), {"turn_order": "clockwise"})
    state = hob.act(state, "roll_for_order", rolls={"A": 15, "B": 15, "C": 9, "D": 9, "E": 3})
    assert state["pending"][0]["players"] == ["A", "B"]
    state = hob.act(state, "roll_for_order", rolls={"A": 4, "B": 11})
    assert state["order"] == ["B", "C", "D", "E", "A"] and state["phase"] == "play"


def test_h07_only_order_rolls_and_loot_names_while_rolling(hob):
    state = set_up(["Ana", "Bo"])
    assert state["awaiting"] == {
        "player": None,
        "action": ["roll_for_order", "note_loot"],
        "reason": "Roll for the turn order: Ana and Bo",
    }
    noted = hob.act(state, "note_loot", player="Ana", cards=["Smoke Bomb"])
    assert noted["players"]["Ana"]["loot_known"] == ["Smoke Bomb"]
    for kind, fields in (("heal", {"player": "Ana", "amount": 5}), ("end_turn", {"player": "Ana"})):
        hob.refused(state, kind, "H-07", **fields)
    played = hob.act(state, "roll_for_order", rolls={"Ana": 2, "Bo": 1})
    hob.refused(played, "roll_for_order", "H-07", rolls={"Ana": 2, "Bo": 1})


def test_h01_only_set_up_table_before_the_table_exists(hob):
    state = initial_state()
    assert state["phase"] == "setup" and state["dungeon"] is None and state["turn"] is None
    assert state["awaiting"]["action"] == ["set_up_table"] and state["awaiting"]["player"] is None
    assert state["ruleset"] == DEFAULTS
    hob.refused(state, "roll_for_order", "H-01", rolls={})
    again = set_up(["Ana", "Bo"])
    hob.refused(again, "set_up_table", "H-01", players=[{"name": "X"}, {"name": "Y"}])


def test_hl01_an_action_must_be_an_object_with_a_known_type(hob):
    state = set_up(["Ana", "Bo"])
    for action in ([], "explore", None, {"no": "type"}, {"type": "fly"}, {"type": 3}):
        with pytest.raises(RuleError) as caught:
            apply(state, action)
        assert caught.value.rule == "HL-01"


def test_hl02_ruleset_keys_are_checked_and_unknown_fields_elsewhere_ignored(hob):
    empty = initial_state()
    players = [{"name": "Ana", "colour": "red"}, {"name": "Bo"}]
    error = hob.refused(empty, "set_up_table", "HL-02", players=players, ruleset={"room": "shared"})
    assert "ruleset" in error.message
    hob.refused(empty, "set_up_table", "HT-20", players=players, ruleset={"rooms": "many"})
    hob.refused(empty, "set_up_table", "HT-02", players=players, ruleset={"turn_order": "random"})
    hob.refused(empty, "set_up_table", "HT-11", players=players, ruleset={"boss_level": 1})
    hob.refused(empty, "set_up_table", "HL-02", players=players, ruleset=["rooms"])
    hob.refused(empty, "set_up_table", "HL-02", players="Ana, Bo")
    state = hob.act(empty, "set_up_table", players=players, ruleset={"rooms": "shared"}, note="x")
    assert state["ruleset"] == DEFAULTS | {"rooms": "shared"}
    assert "colour" not in state["players"]["Ana"]


def test_hl02_replay_names_the_refused_action():
    log = [
        {"type": "set_up_table", "players": [{"name": "Ana"}, {"name": "Bo"}]},
        {"type": "roll_for_order", "rolls": {"Ana": 3, "Bo": 30}},
    ]
    with pytest.raises(ReplayError) as caught:
        replay(log)
    assert caught.value.index == 1 and caught.value.action == log[1]
    assert caught.value.error.rule == "HL-02" and "rolls.Bo" in str(caught.value.error)
