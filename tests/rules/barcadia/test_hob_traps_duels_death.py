"""Traps, duels and death: H-24…H-27, HT-18, HT-19, HT-21."""

from tracker.rules.barcadia import duel_targets, reroll_due, trap_targets


def test_example_4_h26_ht19_a_tie_rolls_again_and_a_lost_duel_costs_ten(hob):
    state = hob.room(hob.table(), (2, -1))
    state = hob.hero(state, "Bo", position=[2, -1])
    assert duel_targets(state, "Ana") == ["Bo"]
    tie = hob.act(state, "duel", player="Ana", target="Bo", roll=8, target_roll=8)
    assert tie["pending"] == [{"kind": "duel", "player": "Ana", "target": "Bo"}]
    assert tie["turn"]["duel_used"] and tie["turn"]["started"] and reroll_due(tie)
    assert tie["awaiting"]["action"][0] == "duel" and tie["awaiting"]["player"] == "Ana"
    hob.refused(tie, "end_turn", "HT-06", player="Ana")
    lost = hob.act(tie, "duel", player="Ana", target="Bo", roll=3, target_roll=19)
    assert lost["players"]["Ana"]["hp"] == 90 and lost["players"]["Bo"]["hp"] == 100
    assert hob.position(lost, "Ana") == [0, 0] and lost["pending"] == []
    assert "explore" in hob.types(lost) and "duel" not in hob.types(lost)
    hob.refused(lost, "duel", "H-26", player="Ana", target="Bo", roll=20, target_roll=1)
    assert hob.act(lost, "explore", player="Ana", at=[0, 2], tile={"kind": "portal"})


def test_h26_a_won_duel_swaps_places_and_the_turn_goes_on(hob):
    state = hob.room(hob.table(), (2, -1))
    state = hob.hero(state, "Bo", position=[2, -1])
    won = hob.act(state, "duel", player="Ana", target="Bo", roll=15, target_roll=4,
                  modifiers=[{"value": -2, "source": "other", "player": "Bo"}])  # fmt: skip
    assert won["players"]["Bo"]["hp"] == 90
    assert hob.position(won, "Ana") == [2, -1] and hob.position(won, "Bo") == [0, 0]
    assert won["turn"]["arrived"] and won["turn"]["actions_left"] == 1


def test_h26_only_before_the_action_once_a_turn_against_a_neighbour(hob):
    state = hob.room(hob.room(hob.table(("Ana", "Bo", "Cy")), (2, -1)), (4, -1))
    state = hob.hero(hob.hero(state, "Bo", position=[2, -1]), "Cy", position=[4, -1])
    error = hob.refused(state, "duel", "H-26", player="Ana", target="Cy", roll=9, target_roll=2)
    assert error.message == "Cy is not in a place next to Ana's"
    hob.refused(state, "duel", "H-26", player="Ana", target="Ana", roll=9, target_roll=2)
    hob.refused(state, "duel", "HT-06", player="Bo", target="Ana", roll=9, target_roll=2)
    acted = hob.act(state, "explore", player="Ana", at=[0, 2], tile={"kind": "portal"})
    error = hob.refused(acted, "duel", "H-26", player="Ana", target="Bo", roll=9, target_roll=2)
    assert error.message == "a duel must come before your action"
    once = hob.act(state, "duel", player="Ana", target="Bo", roll=1, target_roll=2)
    error = hob.refused(once, "duel", "H-26", player="Ana", target="Bo", roll=9, target_roll=2)
    assert error.message == "a hero may challenge to a duel once per turn"


def test_ht19_no_duel_within_one_place_and_the_reroll_is_the_same_duel(hob):
    state = hob.table(("Ana", "Bo", "Cy"))
    error = hob.refused(state, "duel", "HT-19", player="Ana", target="Bo", roll=9, target_roll=2)
    assert "same place" in error.message
    shared = hob.room(hob.table(ruleset={"rooms": "shared"}), (2, -1))
    shared = hob.hero(hob.hero(shared, "Ana", position=[2, -1]), "Bo", position=[2, -1])
    hob.refused(shared, "duel", "HT-19", player="Ana", target="Bo", roll=9, target_roll=2)
    state = hob.room(state, (2, -1))
    state = hob.hero(hob.hero(state, "Bo", position=[2, -1]), "Cy", position=[2, -1])
    tie = hob.act(state, "duel", player="Ana", target="Bo", roll=5, target_roll=5)
    hob.refused(tie, "duel", "HT-19", player="Ana", target="Cy", roll=9, target_roll=2)


def test_ht19_a_defender_killed_by_the_duel_leaves_the_room_to_the_challenger(hob):
    state = hob.room(hob.table(), (2, -1))
    state = hob.act(state, "gain_power_up", player="Bo", card="Lucky Mug")
    state = hob.hero(state, "Bo", position=[2, -1], hp=10)
    won = hob.act(state, "duel", player="Ana", target="Bo", roll=15, target_roll=4)
    assert won["players"]["Bo"]["deaths"] == 1 and hob.position(won, "Bo") == [0, 0]
    assert hob.position(won, "Ana") == [2, -1]
    assert won["tiles"]["2,-1"]["power_ups"] == ["Lucky Mug"]


def test_ht19_a_swap_springs_traps_challenger_first(hob):
    state = hob.room(hob.room(hob.table(), (2, -1), traps=1), (3, -1), traps=2)
    state = hob.hero(hob.hero(state, "Ana", position=[2, -1]), "Bo", position=[3, -1])
    won = hob.act(state, "duel", player="Ana", target="Bo", roll=15, target_roll=4)
    assert won["pending"] == [
        {"kind": "traps", "player": "Ana", "at": [3, -1], "rolls_left": 2, "path": []},
        {"kind": "traps", "player": "Bo", "at": [2, -1], "rolls_left": 1, "path": []},
    ]


def test_example_5_h25_ht18_two_traps_rolled_one_at_a_time_removed_always(hob):
    state = hob.room(hob.table(), (2, -1), traps=2)
    state = hob.hero(state, "Ana", hp=35)
    state = hob.act(state, "move", player="Ana", path=[[2, -1]])
    assert state["pending"] == [
        {"kind": "traps", "player": "Ana", "at": [2, -1], "rolls_left": 2, "path": []}
    ]
    assert hob.position(state, "Ana") == [2, -1]
    state = hob.act(state, "trap_roll", player="Ana", roll=10)
    assert state["players"]["Ana"]["hp"] == 35 and state["pending"][0]["rolls_left"] == 1
    state = hob.act(state, "trap_roll", player="Ana", roll=9)
    assert state["players"]["Ana"]["hp"] == 25 and state["tiles"]["2,-1"]["traps"] == 0
    assert state["pending"] == []


def test_example_5_ht18_disarmed_only_leaves_the_sprung_trap(hob):
    state = hob.room(hob.table(ruleset={"trap_removal": "disarmed_only"}), (2, -1), traps=2)
    state = hob.hero(state, "Ana", hp=35)
    state = hob.act(state, "move", player="Ana", path=[[2, -1]])
    state = hob.act(state, "trap_roll", player="Ana", roll=10)
    state = hob.act(state, "trap_roll", player="Ana", roll=9)
    assert state["players"]["Ana"]["hp"] == 25 and state["tiles"]["2,-1"]["traps"] == 1


def test_ht18_traps_are_sprung_step_by_step_and_a_survivor_walks_on(hob):
    state = hob.room(hob.room(hob.table(), (0, 2), traps=1), (0, 3), traps=1)
    state = hob.act(state, "move", player="Ana", path=[[0, 2], [0, 3]])
    assert state["pending"][0] == {
        "kind": "traps", "player": "Ana", "at": [0, 2], "rolls_left": 1, "path": [[0, 3]],
    }  # fmt: skip
    assert hob.position(state, "Ana") == [0, 2]
    state = hob.act(state, "trap_roll", player="Ana", roll=4,
                    modifiers=[{"value": 6, "source": "other", "note": "disarm kit"}])  # fmt: skip
    assert state["pending"][0]["at"] == [0, 3] and hob.position(state, "Ana") == [0, 3]
    state = hob.act(state, "trap_roll", player="Ana", roll=2)
    assert state["pending"] == [] and state["players"]["Ana"]["hp"] == 90
    assert state["tiles"]["0,2"]["traps"] == 0 and state["tiles"]["0,3"]["traps"] == 0
    hob.refused(state, "trap_roll", "H-25", player="Ana", roll=12)


def test_ht18_a_hero_killed_by_a_trap_stops_and_loses_the_rest_of_the_move(hob):
    state = hob.room(hob.room(hob.table(), (0, 2), traps=3), (0, 3))
    state = hob.act(state, "gain_power_up", player="Ana", card="Lucky Mug")
    state = hob.hero(state, "Ana", hp=10)
    state = hob.act(state, "move", player="Ana", path=[[0, 2], [0, 3]])
    state = hob.act(state, "trap_roll", player="Ana", roll=1)
    assert state["pending"] == [] and state["players"]["Ana"]["deaths"] == 1
    assert hob.position(state, "Ana") == [0, 0] and state["tiles"]["0,2"]["traps"] == 2
    assert state["tiles"]["0,2"]["power_ups"] == ["Lucky Mug"]
    assert state["turn"]["actions_left"] == 0 and state["turn"]["player"] == "Ana"


def test_ht18_the_setter_is_not_spared_and_a_card_placement_springs_traps(hob):
    state = hob.room(hob.table(), (2, -1))
    state = hob.act(state, "set_trap", player="Ana", at=[2, -1], when="your_turn")
    assert state["tiles"]["2,-1"]["traps"] == 1 and state["players"]["Ana"]["loot_count"] == 2
    state = hob.act(state, "place_hero", player="Ana", at=[2, -1])
    assert state["pending"][0]["kind"] == "traps" and state["awaiting"]["player"] == "Ana"
    placed_bo = hob.act(hob.room(hob.table(), (2, -1), traps=1), "place_hero", player="Bo",
                        at=[2, -1])  # fmt: skip
    assert placed_bo["awaiting"]["player"] == "Bo"
    assert hob.act(placed_bo, "trap_roll", player="Bo", roll=15)["pending"] == []


def test_h24_traps_in_open_empty_rooms_three_at_most(hob):
    state = hob.room(hob.room(hob.table(), (2, -1), traps=2), (3, -1), kind="monster",
                     face="down")  # fmt: skip
    assert trap_targets(state) == [[2, -1]]
    hob.refused(state, "set_trap", "H-02", player="Ana", at=[1, 0], when="your_turn")
    hob.refused(state, "set_trap", "HT-18", player="Ana", at=[3, -1], when="your_turn")
    hob.refused(state, "set_trap", "HT-18", player="Ana", at=[5, -1], when="your_turn")
    hob.refused(state, "set_trap", "HT-15", player="Bo", at=[2, -1], when="your_turn")
    state = hob.act(state, "set_trap", player="Bo", at=[2, -1], when="between_turns",
                    card="Trap Kit")  # fmt: skip
    assert state["tiles"]["2,-1"]["traps"] == 3 and not state["turn"]["started"]
    error = hob.refused(state, "set_trap", "H-24", player="Ana", at=[2, -1], when="your_turn")
    assert error.message == "a room holds at most three traps"
    occupied = hob.hero(hob.room(hob.table(), (2, -1)), "Bo", position=[2, -1])
    hob.refused(occupied, "set_trap", "H-24", player="Ana", at=[2, -1], when="your_turn")
    poor = hob.hero(hob.room(hob.table(), (2, -1)), "Ana", loot_count=0)
    hob.refused(poor, "set_trap", "H-21", player="Ana", at=[2, -1], when="your_turn")


def test_example_6_h27_death_drops_power_ups_keeps_one_loot_and_restarts(hob):
    state = hob.room(hob.table(), (2, -1))
    state = hob.act(state, "gain_power_up", player="Ana", card="Lucky Mug")
    state = hob.act(state, "gain_power_up", player="Ana", card="Iron Liver")
    state = hob.act(state, "gain_loot", player="Ana", cards=["Trap Kit"])
    state = hob.hero(state, "Ana", position=[2, -1], hp=15)
    monster = {"kind": "monster", "level": 12, "damage": 20, "reward": {}}
    state = hob.act(state, "explore", player="Ana", at=[3, -1], tile=monster)
    state = hob.act(state, "fight", player="Ana", roll=2)
    ana = state["players"]["Ana"]
    assert state["tiles"]["2,-1"]["power_ups"] == ["Lucky Mug", "Iron Liver"]
    assert ana["loot_count"] == 1 and ana["loot_known"] == []
    assert ana["position"] == [0, 0] and ana["hp"] == 100 and ana["deaths"] == 1
    assert ana["power_ups"] == []


def test_ht21_death_keeps_what_one_loot_card_or_none_was_and_the_turn_goes_on(hob):
    state = hob.hero(hob.table(), "Ana", loot_count=1, loot_known=["Smoke Bomb"])
    dead = hob.act(state, "take_damage", player="Ana", amount=150)
    assert dead["players"]["Ana"]["loot_known"] == ["Smoke Bomb"]
    assert dead["players"]["Ana"]["loot_count"] == 1 and dead["players"]["Ana"]["hp"] == 100
    assert dead["turn"]["player"] == "Ana" and dead["turn"]["actions_left"] == 1
    broke = hob.act(hob.hero(state, "Ana", loot_count=0, loot_known=[]), "take_damage",
                    player="Ana", amount=100)  # fmt: skip
    assert broke["players"]["Ana"]["loot_count"] == 0
    twice = hob.act(dead, "take_damage", player="Ana", amount=100)
    assert twice["players"]["Ana"]["deaths"] == 2
    alive = hob.act(state, "take_damage", player="Ana", amount=99)
    assert alive["players"]["Ana"]["hp"] == 1 and alive["players"]["Ana"]["deaths"] == 0
