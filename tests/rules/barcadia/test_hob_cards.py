"""Loot, power-ups, signature moves and card effects: H-13, H-21…H-23, HT-15…HT-17."""

from tracker.rules.barcadia import loot_timings, place_hero_targets, room_power_ups


def three(hob, state, name="Ana"):
    for card in ("Lucky Mug", "Iron Liver", "Boss Bane"):
        state = hob.act(state, "gain_power_up", player=name, card=card)
    return state


def test_example_10_h22_a_fourth_power_up_on_the_starting_point_goes_under_the_deck(hob):
    state = three(hob, hob.table())
    state = hob.act(state, "gain_power_up", player="Ana", card="Quick Feet")
    assert state["pending"] == [{"kind": "discard", "player": "Ana", "card": "Quick Feet"}]
    assert state["awaiting"]["player"] == "Ana"
    assert state["awaiting"]["action"][0] == "discard_power_up"
    assert len(state["players"]["Ana"]["power_ups"]) == 3
    state = hob.act(state, "discard_power_up", player="Ana", card="Iron Liver")
    assert state["players"]["Ana"]["power_ups"] == ["Lucky Mug", "Boss Bane", "Quick Feet"]
    assert all(tile["power_ups"] == [] for tile in state["tiles"].values())


def test_example_10_ht16_a_discard_in_a_room_lies_there_for_a_hero_on_their_turn(hob):
    state = three(hob, hob.room(hob.table(), (0, 2), kind="reward"))
    state = hob.hero(state, "Ana", position=[0, 2])
    state = hob.act(state, "gain_power_up", player="Ana", card="Quick Feet")
    state = hob.act(state, "discard_power_up", player="Ana", card="Lucky Mug")
    assert state["tiles"]["0,2"]["power_ups"] == ["Lucky Mug"]
    state = hob.hero(state, "Ana", position=[0, 0])
    state = hob.hero(state, "Bo", position=[0, 2])
    hob.refused(state, "gain_power_up", "HT-06", player="Bo", card="Lucky Mug", **{"from": "room"})
    state = hob.act(state, "end_turn", player="Ana")
    assert room_power_ups(state, "Bo") == ["Lucky Mug"]
    hob.refused(state, "gain_power_up", "HT-16", player="Bo", card="Iron Liver", **{"from": "room"})
    picked = hob.act(state, "gain_power_up", player="Bo", card="Lucky Mug", **{"from": "room"})
    assert picked["players"]["Bo"]["power_ups"] == ["Lucky Mug"]
    assert picked["tiles"]["0,2"]["power_ups"] == [] and picked["turn"]["started"]
    assert picked["turn"]["actions_left"] == 1  # not an action


def test_ht16_picking_up_a_fourth_means_a_discard_into_the_same_room(hob):
    state = three(hob, hob.room(hob.table(), (0, 2), kind="reward", power_ups=["Foam Shield"]))
    state = hob.hero(state, "Ana", position=[0, 2])
    state = hob.act(state, "gain_power_up", player="Ana", card="Foam Shield", **{"from": "room"})
    assert state["tiles"]["0,2"]["power_ups"] == []
    state = hob.act(state, "discard_power_up", player="Ana", card="Foam Shield")
    assert state["tiles"]["0,2"]["power_ups"] == ["Foam Shield"]
    assert state["players"]["Ana"]["power_ups"] == ["Lucky Mug", "Iron Liver", "Boss Bane"]


def test_h22_power_ups_are_discarded_as_a_card_effect_and_two_copies_move_one_at_a_time(hob):
    state = hob.room(hob.table(), (2, -1))
    state = hob.hero(state, "Ana", position=[2, -1])
    for card in ("Lucky Mug", "Iron Liver", "Lucky Mug"):
        state = hob.act(state, "gain_power_up", player="Ana", card=card)
    state = hob.act(state, "discard_power_up", player="Ana", card="Lucky Mug")
    assert state["players"]["Ana"]["power_ups"] == ["Iron Liver", "Lucky Mug"]
    assert state["tiles"]["2,-1"]["power_ups"] == ["Lucky Mug"]
    hob.refused(state, "discard_power_up", "H-22", player="Ana", card="Boss Bane")
    taken = hob.act(state, "gain_power_up", player="Bo", card="Lucky Mug",
                    **{"from": "player", "from_player": "Ana"})  # fmt: skip
    assert taken["players"]["Ana"]["power_ups"] == ["Iron Liver"]
    assert taken["players"]["Bo"]["power_ups"] == ["Lucky Mug"]
    hob.refused(state, "gain_power_up", "HT-17", player="Bo", card="Boss Bane",
                **{"from": "player", "from_player": "Ana"})  # fmt: skip
    hob.refused(state, "gain_power_up", "HT-17", player="Ana", card="Lucky Mug",
                **{"from": "player", "from_player": "Ana"})  # fmt: skip
    hob.refused(state, "gain_power_up", "HL-02", player="Bo", card="Lucky Mug",
                **{"from": "player"})  # fmt: skip
    hob.refused(state, "gain_power_up", "HL-02", player="Bo", card="Lucky Mug",
                **{"from": "shop"})  # fmt: skip
    hob.refused(state, "gain_power_up", "HL-02", player="Bo", card="x" * 41)


def test_h23_the_signature_move_is_never_stolen_discarded_or_counted(hob):
    state = hob.table(moves={"Ana": "Keg Toss"})
    error = hob.refused(state, "discard_power_up", "H-23", player="Ana", card="Keg Toss")
    assert error.message == "a signature move is never discarded"
    hob.refused(state, "gain_power_up", "H-23", player="Bo", card="Keg Toss",
                **{"from": "player", "from_player": "Ana"})  # fmt: skip
    dead = hob.act(state, "take_damage", player="Ana", amount=100)
    assert dead["players"]["Ana"]["signature_move"] == "Keg Toss"


def test_h21_ht15_loot_is_counted_named_on_its_owners_wish_and_spent_one_at_a_time(hob):
    state = hob.table()
    state = hob.act(state, "gain_loot", player="Ana", count=2, cards=["Trap Kit"])
    assert state["players"]["Ana"]["loot_count"] == 5
    assert state["players"]["Ana"]["loot_known"] == ["Trap Kit"]
    state = hob.act(state, "note_loot", player="Ana", cards=["Smoke Bomb", "Smoke Bomb"])
    hob.refused(state, "note_loot", "HT-15", player="Ana", cards=["A", "B", "C"])
    hob.refused(state, "gain_loot", "HL-02", player="Ana", count=11)
    hob.refused(state, "gain_loot", "HL-02", player="Ana", count=1, cards=["A", "B"])
    hob.refused(state, "note_loot", "HL-02", player="Ana", cards=[])
    state = hob.act(state, "play_loot", player="Ana", when="your_turn", card="Smoke Bomb")
    assert state["players"]["Ana"]["loot_known"] == ["Trap Kit", "Smoke Bomb"]
    state = hob.act(state, "play_loot", player="Ana", when="your_turn", card="Shortcut")
    assert state["players"]["Ana"]["loot_count"] == 3  # an unnamed one
    state = hob.act(state, "play_loot", player="Ana", when="your_turn")
    named = state["players"]["Ana"]
    assert named["loot_count"] == 2 and named["loot_known"] == ["Trap Kit", "Smoke Bomb"]
    error = hob.refused(state, "play_loot", "HT-15", player="Ana", when="your_turn")
    assert "say which one" in error.message
    hob.refused(state, "play_loot", "HT-15", player="Ana", when="your_turn", card="Shortcut")
    empty = hob.hero(state, "Ana", loot_count=0, loot_known=[])
    hob.refused(empty, "play_loot", "H-21", player="Ana", when="your_turn")


def test_h13_ht15_between_turns_cards_only_before_the_turn_starts(hob):
    state = hob.table()
    assert loot_timings(state, "Ana") == ["your_turn", "between_turns"]
    assert loot_timings(state, "Bo") == ["between_turns"]
    state = hob.act(state, "play_loot", player="Bo", when="between_turns")
    state = hob.act(state, "play_loot", player="Ana", when="between_turns")
    assert not state["turn"]["started"]
    error = hob.refused(state, "play_loot", "HT-15", player="Bo", when="your_turn")
    assert error.message == "a during-your-turn card is played only by Ana, whose turn it is"
    started = hob.act(state, "play_loot", player="Ana", when="your_turn")
    assert started["turn"]["started"] and loot_timings(started, "Bo") == []
    hob.refused(started, "play_loot", "H-13", player="Bo", when="between_turns")
    hob.refused(started, "play_loot", "H-13", player="Ana", when="between_turns")
    hob.refused(state, "play_loot", "HL-02", player="Ana", when="later")
    hob.refused(state, "play_loot", "HL-02", player="Ana")
    next_turn = hob.act(started, "end_turn", player="Ana")
    assert hob.act(next_turn, "play_loot", player="Ana", when="between_turns")


def test_ht17_an_extra_action_from_a_during_your_turn_card(hob):
    state = hob.table()
    hob.refused(state, "play_loot", "HT-17", player="Bo", when="between_turns", extra_action=True)
    hob.refused(state, "play_loot", "HL-02", player="Ana", when="your_turn", extra_action="yes")
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile={"kind": "portal"})
    state = hob.act(state, "play_loot", player="Ana", when="your_turn", extra_action=True)
    assert state["turn"]["actions_left"] == 1 and state["turn"]["actions_taken"] == 1
    assert state["awaiting"]["reason"] == "Ana's turn: an extra action left"
    state = hob.act(state, "explore", player="Ana", at=[3, -1], tile={"kind": "portal"})
    assert state["turn"]["actions_taken"] == 2 and state["turn"]["actions_left"] == 0


def test_ht17_loot_and_healing_any_moment_other_card_effects_only_with_nothing_pending(hob):
    monster = {"kind": "monster", "level": 12, "damage": 20, "reward": {}}
    state = hob.act(hob.table(), "explore", player="Ana", at=[2, -1], tile=monster)
    for kind, fields in (
        ("take_damage", {"player": "Bo", "amount": 10}),
        ("place_hero", {"player": "Bo", "at": [0, 0]}),
        ("move_tile", {"player": "Bo", "from": [2, -1], "to": [5, -5]}),
        ("set_trap", {"player": "Ana", "at": [2, -1], "when": "your_turn"}),
        ("gain_power_up", {"player": "Bo", "card": "X"}),
        ("discard_power_up", {"player": "Bo", "card": "X"}),
    ):
        hob.refused(state, kind, "HT-17", **fields)
    for kind, fields in (
        ("heal", {"player": "Bo", "amount": 10}),
        ("gain_loot", {"player": "Bo"}),
        ("note_loot", {"player": "Bo", "cards": ["X"]}),
        ("play_loot", {"player": "Ana", "when": "your_turn"}),
    ):
        assert hob.act(state, kind, **fields)["pending"] == state["pending"]


def test_ht17_place_hero_only_onto_another_open_place(hob):
    state = hob.room(hob.room(hob.table(), (2, -1)), (3, -1), kind="monster", face="down")
    assert place_hero_targets(state, "Ana") == [[2, -1]]
    hob.refused(state, "place_hero", "HT-17", player="Ana", at=[0, 1])
    hob.refused(state, "place_hero", "HT-17", player="Ana", at=[3, -1])
    hob.refused(state, "place_hero", "HT-17", player="Ana", at=[5, 5])
    state = hob.hero(state, "Bo", position=[2, -1])
    shared = hob.act(state, "place_hero", player="Ana", at=[2, -1], note="Shortcut")
    assert hob.position(shared, "Ana") == [2, -1] == hob.position(shared, "Bo")
    assert shared["turn"]["arrived"] and not shared["turn"]["started"]


def test_ht17_move_tile_carries_heroes_traps_and_power_ups_never_a_start_tile(hob):
    state = hob.room(hob.table(), (2, -1), kind="reward", traps=1, power_ups=["Lucky Mug"])
    state = hob.hero(state, "Bo", position=[2, -1])
    moved = hob.act(state, "move_tile", player="Ana", **{"from": [2, -1], "to": [3, -3]})
    assert "2,-1" not in moved["tiles"]
    tile = moved["tiles"]["3,-3"]
    assert tile["at"] == [3, -3] and tile["traps"] == 1 and tile["power_ups"] == ["Lucky Mug"]
    assert hob.position(moved, "Bo") == [3, -3] and moved["pending"] == []
    assert moved["dungeon"]["recorded"] == 1 and not moved["turn"]["arrived"]
    hob.refused(state, "move_tile", "H-02", player="Ana", **{"from": [1, 0], "to": [5, 5]})
    hob.refused(state, "move_tile", "H-02", player="Ana", **{"from": [2, -1], "to": [0, 1]})
    hob.refused(state, "move_tile", "HT-17", player="Ana", **{"from": [4, 4], "to": [5, 5]})
    taken = hob.room(state, (5, 5))
    hob.refused(taken, "move_tile", "HT-17", player="Ana", **{"from": [2, -1], "to": [5, 5]})
    hob.refused(state, "move_tile", "HT-17", player="Ana", **{"from": [2, -1], "to": [300, 0]})
    hoard = hob.room(hob.table(), (2, -1), kind="hoard")
    moved = hob.act(hoard, "move_tile", player="Bo", **{"from": [2, -1], "to": [-3, 0]})
    assert moved["dungeon"]["hoard"] == [-3, 0]


def test_ht17_take_damage_and_heal_capped_at_the_full_line(hob):
    state = hob.act(hob.table(), "take_damage", player="Bo", amount=35, note="Barrel")
    assert state["players"]["Bo"]["hp"] == 65
    state = hob.act(state, "heal", player="Bo", amount=50)
    assert state["players"]["Bo"]["hp"] == 100
    again = hob.act(state, "heal", player="Bo", amount=5)
    assert again["players"] == state["players"]
    for bad in (0, 1000, "5", None):
        hob.refused(state, "heal", "HL-02", player="Bo", amount=bad)
        hob.refused(state, "take_damage", "HL-02", player="Bo", amount=bad)
