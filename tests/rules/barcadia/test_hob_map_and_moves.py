"""The map and the turn: HT-05 geometry, H-08…H-10, H-12, H-18, HT-06, HT-07, HT-12, HT-20."""

from tracker.rules.barcadia import (
    START_HEXES,
    adjacent_places,
    are_adjacent,
    distance,
    explorable,
    move_paths,
    move_targets,
    neighbours,
    place_of,
    portal_targets,
    starting_point_flower,
)

MONSTER = {"kind": "monster", "level": 12, "damage": 20, "reward": {"loot": 2}}


def test_ht05_neighbours_distance_and_the_starting_point_flower():
    assert neighbours((0, 0)) == [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
    assert starting_point_flower() == [(0, 0), *neighbours((0, 0))]
    assert set(starting_point_flower()) == START_HEXES
    assert distance((0, 0), (2, -1)) == 2 and distance((0, 0), (3, 0)) == 3
    assert distance((1, 1), (-1, -1)) == 4
    assert place_of((1, -1)) == (0, 0) and place_of((2, -1)) == (2, -1)


def test_ht05_places_next_to_the_starting_point_are_the_twelve_at_distance_two():
    ring = adjacent_places((0, 0))
    assert len(ring) == 12 and len(set(ring)) == 12
    assert all(distance(hex_, (0, 0)) == 2 for hex_ in ring)
    assert are_adjacent((0, 0), (2, -1)) and are_adjacent((1, 0), (2, -1))
    assert not are_adjacent((0, 0), (3, 0)) and not are_adjacent((0, 0), (1, 0))
    assert (0, 0) in adjacent_places((2, -1)) and (1, 0) not in adjacent_places((2, -1))
    assert are_adjacent((2, -1), (3, -1)) and not are_adjacent((2, -1), (4, -1))


def test_example_11_ht05_from_the_starting_point_explore_2_m1_or_0_m2_not_3_0(hob):
    state = hob.table()
    assert [2, -1] in explorable(state, "Ana") and [0, -2] in explorable(state, "Ana")
    assert [3, 0] not in explorable(state, "Ana") and len(explorable(state, "Ana")) == 12
    hob.act(state, "explore", player="Ana", at=[2, -1], tile=MONSTER)
    hob.act(state, "explore", player="Ana", at=[0, -2], tile=MONSTER)
    error = hob.refused(state, "explore", "H-09", player="Ana", at=[3, 0], tile=MONSTER)
    assert error.message == "[3, 0] is not next to Ana's place [0, 0]"


def test_example_11_ht07_two_steps_across_the_starting_point(hob):
    state = hob.room(hob.room(hob.table(), (-2, 2)), (0, 2), kind="reward")
    state = hob.hero(state, "Ana", position=[-2, 2])
    assert [[0, 0], [0, 2]] in move_paths(state, "Ana")
    after = hob.act(state, "move", player="Ana", path=[[0, 0], [0, 2]])
    assert hob.position(after, "Ana") == [0, 2] and after["turn"]["actions_taken"] == 1
    by_a_start_hex = hob.act(state, "move", player="Ana", path=[[-1, 1], [0, 2]])
    assert hob.position(by_a_start_hex, "Ana") == [0, 2]
    hob.refused(state, "move", "HT-07", player="Ana", path=[[-1, 1], [0, 1]])


def test_h08_one_action_a_turn(hob):
    state = hob.act(hob.table(), "explore", player="Ana", at=[2, -1], tile={"kind": "portal"})
    assert state["turn"]["actions_taken"] == 1 and state["turn"]["actions_left"] == 0
    error = hob.refused(state, "explore", "H-08", player="Ana", at=[3, -1], tile=MONSTER)
    assert error.message == "you have already taken your action this turn"
    hob.refused(state, "move", "H-08", player="Ana", path=[[0, 0]])
    assert explorable(state, "Ana") == [] and move_paths(state, "Ana") == []


def test_h09_explore_turns_up_an_adjacent_dungeon_tile(hob):
    state = hob.table()
    hob.refused(state, "explore", "H-02", player="Ana", at=[1, 0], tile=MONSTER)
    hob.refused(state, "explore", "HT-08", player="Ana", at=[2, -1])
    hob.refused(state, "explore", "HL-02", player="Ana", at=[2, -1], tile={"kind": "dragon"})
    hob.refused(state, "explore", "HL-02", player="Ana", at=[2], tile=MONSTER)
    hob.refused(state, "explore", "HL-02", player="Ana", at=[2, 1000], tile=MONSTER)
    portal = hob.room(state, (2, -1))
    hob.refused(portal, "explore", "H-09", player="Ana", at=[2, -1], tile={"kind": "portal"})


def test_h10_a_move_is_one_or_two_steps_onto_revealed_tiles(hob):
    state = hob.room(hob.table(), (2, -1))
    hob.refused(state, "move", "H-10", player="Ana", path=[])
    hob.refused(state, "move", "H-10", player="Ana", path=[[2, -1], [3, -1], [4, -1]])
    hob.refused(state, "move", "H-10", player="Ana", path=[[0, 2]])
    hob.refused(state, "move", "HL-02", player="Ana", path=[[0, "2"]])
    face_down = hob.room(state, (0, 2), kind="monster", face="down", defeated=False)
    hob.refused(face_down, "move", "H-10", player="Ana", path=[[0, 2]])
    moved = hob.act(state, "move", player="Ana", path=[[2, -1]])
    assert hob.position(moved, "Ana") == [2, -1]


def test_ht07_steps_go_between_adjacent_open_places_and_end_elsewhere(hob):
    state = hob.room(hob.room(hob.table(), (2, -1)), (3, -1))
    error = hob.refused(state, "move", "HT-07", player="Ana", path=[[1, 0]])
    assert error.message == "moving within the Starting Point is no step at all"
    hob.refused(state, "move", "HT-07", player="Ana", path=[[3, -1]])
    hob.refused(state, "move", "HT-07", player="Ana", path=[[2, -1], [0, 0]])
    away = hob.hero(state, "Ana", position=[2, -1])
    hob.refused(away, "move", "HT-07", player="Ana", path=[[3, -1], [2, -1]])
    hob.refused(away, "move", "HT-07", player="Ana", path=[[3, -1], [3, -1]])
    fighting = hob.room(state, (0, 2), kind="monster", defeated=False)
    hob.refused(fighting, "move", "HT-07", player="Ana", path=[[0, 2]])
    assert hob.act(away, "move", player="Ana", path=[[3, -1]])["players"]["Ana"]["position"] == [
        3,
        -1,
    ]


def test_ht20_one_hero_a_room_duel_to_get_past(hob):
    state = hob.room(hob.room(hob.table(("Ana", "Bo", "Cy")), (-2, 2)), (-3, 3))
    state = hob.hero(state, "Bo", position=[-2, 2])
    error = hob.refused(state, "move", "HT-20", player="Ana", path=[[-2, 2]])
    assert error.message == "Bo stands in [-2, 2]: beat them in a duel to get past"
    hob.refused(state, "move", "HT-20", player="Ana", path=[[-2, 2], [-3, 3]])
    assert move_paths(state, "Ana") == []
    crowded = hob.hero(state, "Cy", position=[0, 0])
    assert crowded["players"]["Cy"]["position"] == crowded["players"]["Ana"]["position"]
    back = hob.hero(hob.hero(state, "Ana", position=[-2, 2]), "Bo", position=[0, 0])
    hob.act(back, "move", player="Ana", path=[[0, 0]])  # the Starting Point never blocks


def test_ht20_shared_rooms_let_a_move_end_but_not_pass(hob):
    state = hob.room(hob.room(hob.table(ruleset={"rooms": "shared"}), (-2, 2)), (-3, 3))
    state = hob.hero(state, "Bo", position=[-2, 2])
    shared = hob.act(state, "move", player="Ana", path=[[-2, 2]])
    assert hob.position(shared, "Ana") == hob.position(shared, "Bo") == [-2, 2]
    error = hob.refused(state, "move", "HT-20", player="Ana", path=[[-2, 2], [-3, 3]])
    assert "pass through" in error.message
    assert move_targets(state, "Ana") == [{"to": [-2, 2], "steps": 1, "path": [[-2, 2]]}]


def test_h12_ht06_a_turn_may_end_without_an_action(hob):
    state = hob.table(("Ana", "Bo"))
    assert "end_turn" in hob.types(state)
    state = hob.act(state, "end_turn", player="Ana")
    assert state["turn"]["player"] == "Bo" and state["turn"]["number"] == 2
    state = hob.act(state, "end_turn", player="Bo")
    assert state["turn"]["player"] == "Ana" and state["turn"]["number"] == 3


def test_ht06_turn_actions_belong_to_the_active_player(hob):
    state = hob.table()
    error = hob.refused(state, "end_turn", "HT-06", player="Bo")
    assert error.message == "it is Ana's turn: Bo can't end the turn now"
    hob.refused(state, "explore", "HT-06", player="Bo", at=[2, -1], tile=MONSTER)
    hob.refused(state, "move", "HT-06", player="Bo", path=[[2, -1]])
    hob.refused(state, "use_portal", "HT-06", player="Bo", to=[0, 0])
    hob.refused(state, "end_turn", "HL-02", player="Zed")


def test_ht06_what_starts_a_turn(hob):
    state = hob.table()
    assert not state["turn"]["started"]
    quiet = hob.act(state, "play_loot", player="Bo", when="between_turns")
    quiet = hob.act(quiet, "heal", player="Ana", amount=10)
    quiet = hob.act(quiet, "take_damage", player="Ana", amount=10)
    quiet = hob.act(quiet, "gain_loot", player="Ana")
    assert not quiet["turn"]["started"]
    assert hob.act(state, "play_loot", player="Ana", when="your_turn")["turn"]["started"]
    assert hob.act(state, "explore", player="Ana", at=[2, -1], tile=MONSTER)["turn"]["started"]
    assert quiet["awaiting"]["reason"] == "Ana's turn: between turns"


def test_ht06_what_is_awaited_comes_first(hob):
    state = hob.act(hob.table(), "explore", player="Ana", at=[2, -1], tile=MONSTER)
    error = hob.refused(state, "end_turn", "HT-06", player="Ana")
    assert error.message == (
        "you can't end the turn now: first, Ana rolls against the level-12 monster at [2, -1]"
    )
    hob.refused(state, "take_damage", "HT-17", player="Bo", amount=5)
    hob.refused(state, "fight", "HT-06", player="Bo", roll=12)
    assert hob.act(state, "heal", player="Bo", amount=5)["pending"] == state["pending"]


def test_h18_ht12_a_portal_once_per_turn_to_another_portal(hob):
    state = hob.room(hob.room(hob.table(), (2, -1)), (-2, 2))
    assert portal_targets(state, "Ana") == [[2, -1], [-2, 2]]
    state = hob.act(state, "use_portal", player="Ana", to=[2, -1])
    assert hob.position(state, "Ana") == [2, -1] and state["turn"]["portal_used"]
    assert state["turn"]["started"] and state["turn"]["arrived"]
    assert state["turn"]["actions_left"] == 1  # not an action
    error = hob.refused(state, "use_portal", "H-18", player="Ana", to=[-2, 2])
    assert error.message == "a portal may be used once per turn"
    state = hob.act(state, "end_turn", player="Ana")
    state = hob.act(state, "end_turn", player="Bo")
    back = hob.act(state, "use_portal", player="Ana", to=[0, 1])  # a start hex: the Starting Point
    assert hob.position(back, "Ana") == [0, 0]
    hob.refused(state, "use_portal", "H-18", player="Ana", to=[2, -1])
    hob.refused(state, "use_portal", "H-18", player="Ana", to=[3, -1])


def test_h18_only_from_a_portal(hob):
    state = hob.room(hob.room(hob.table(), (2, -1), kind="reward"), (-2, 2))
    state = hob.hero(state, "Ana", position=[2, -1])
    assert hob.refused(state, "use_portal", "H-18", player="Ana", to=[0, 0]).message == (
        "Ana is not on a portal"
    )
    assert "use_portal" not in hob.types(state)


def test_ht12_no_portal_where_another_hero_stands(hob):
    state = hob.room(hob.room(hob.table(("Ana", "Bo", "Cy")), (2, -1)), (-2, 2))
    state = hob.hero(state, "Bo", position=[2, -1])
    hob.refused(state, "use_portal", "HT-12", player="Ana", to=[2, -1])
    assert portal_targets(state, "Ana") == [[-2, 2]]
    shared = hob.hero(hob.hero(state, "Ana", position=[2, -1]), "Bo", position=[2, -1])
    hob.refused(shared, "use_portal", "HT-12", player="Ana", to=[0, 0])
    crowded = hob.hero(state, "Cy", position=[0, 0])
    assert hob.act(crowded, "use_portal", player="Ana", to=[-2, 2])  # never blocked at the start


def test_ht12_on_arrival_only_from_a_portal_entered_this_turn(hob):
    state = hob.room(hob.table(ruleset={"portal": "on_arrival"}), (-2, 2))
    hob.refused(state, "use_portal", "HT-12", player="Ana", to=[-2, 2])
    assert portal_targets(state, "Ana") == []
    arrived = hob.act(state, "explore", player="Ana", at=[2, -1], tile={"kind": "portal"})
    assert arrived["turn"]["arrived"]
    gone = hob.act(arrived, "use_portal", player="Ana", to=[-2, 2])
    assert hob.position(gone, "Ana") == [-2, 2]
    died = hob.act(state, "take_damage", player="Ana", amount=100)  # a death enters the start
    assert died["turn"]["arrived"] and hob.act(died, "use_portal", player="Ana", to=[-2, 2])


def test_ht12_a_portal_reached_springs_its_traps(hob):
    state = hob.room(hob.table(), (2, -1), traps=2)
    state = hob.act(state, "use_portal", player="Ana", to=[2, -1])
    assert state["pending"] == [
        {"kind": "traps", "player": "Ana", "at": [2, -1], "rolls_left": 2, "path": []}
    ]
