"""The card catalogue (BT-01) and the cards of the deck (B-01…B-03, B-16, B-17)."""

import pytest

from tracker.rules.barbarian_vince import MAX_CATALOGUE, card_place

MAP_3 = {
    "id": "Map 3",
    "kind": "map",
    "number": 3,
    "locations": [{"name": "Marsh", "lay_low": 6, "terrains": ["g + 2", "F+0", "x4", "z1-1"]}],
}


def test_bt01_terrain_input_is_read_case_and_space_insensitively_and_stored_upper_case(bv):
    state = bv.register(bv.begun(), **MAP_3)
    location = state["catalogue"]["Map 3"]["locations"][0]
    assert location == {"name": "Marsh", "lay_low": 6, "terrains": ["G+2", "F", "X4", "Z1-1"]}


@pytest.mark.parametrize("terrain", ["B", "Z0", "G2", "X", "F++1", "", "GG"])
def test_bt01_unknown_terrain_types_are_refused(bv, terrain):
    error = bv.refused(
        bv.begun(), "register_card", "BT-01", id="Q9", kind="quest", number=1, terrains=[terrain]
    )
    assert "not a terrain type" in error.message


def test_bt01_a_quest_card_lists_terrain_types_without_modifiers_and_no_type_twice(bv):
    state = bv.begun()
    bv.refused(state, "register_card", "BT-01", id="Q9", kind="quest", number=1, terrains=["G+2"])
    bv.refused(
        state, "register_card", "BT-01", id="Q9", kind="quest", number=1, terrains=["G", "g"]
    )
    bv.refused(state, "register_card", "BT-01", id="Q9", kind="quest", number=1, terrains=[])
    bad = {**MAP_3, "locations": [{"name": "Marsh", "terrains": ["F+1", "F"]}]}
    bv.refused(state, "register_card", "BT-01", **bad)


def test_bt01_skills_are_read_case_insensitively_and_the_same_skill_twice_is_refused(bv):
    state = bv.begun(cards=[])
    state = bv.register(state, id="Vince", kind="player", skills={"Unlock/Disarm": 1, "CHARM": -1})
    assert state["catalogue"]["Vince"]["skills"] == {
        "combat": 0,
        "survival": 0,
        "unlock_disarm": 1,
        "hide": 0,
        "charm": -1,
        "recovery": 0,
    }
    bv.refused(
        bv.begun(cards=[]),
        "register_card",
        "BT-01",
        id="V",
        kind="player",
        skills={"Charm": 1, "charm": 2},
    )
    bv.refused(
        bv.begun(cards=[]), "register_card", "BT-01", id="V", kind="player", skills={"luck": 1}
    )
    bv.refused(
        bv.begun(cards=[]), "register_card", "BT-01", id="V", kind="player", skills={"charm": True}
    )


def test_bt01_item_classes_are_normalised_in_order_without_repeats(bv):
    state = bv.register(
        bv.begun(),
        id="I1",
        kind="item",
        number=3,
        classes=["reusable", "COMMON"],
        modifiers={"Combat": 0},
    )
    entry = state["catalogue"]["I1"]
    assert entry == {
        "kind": "item",
        "name": None,
        "number": 3,
        "classes": ["Reusable", "Common"],
        "modifiers": {"combat": 0},
        "home": None,
    }
    begun = bv.begun()
    for classes in (["Common", "common"], ["Skill", "Curse"], ["Rare"], []):
        bv.refused(begun, "register_card", "BT-01", id="I1", kind="item", number=3, classes=classes)


def test_bt01_fields_by_kind_anything_else_is_refused(bv):
    begun = bv.begun()
    refusals = [
        {
            "id": "M9",
            "kind": "map",
            "number": 1,
            "skills": {"charm": 1},
            "locations": MAP_3["locations"],
        },
        {"id": "M9", "kind": "map", "number": 1},  # no locations
        {"id": "M9", "kind": "map", "locations": MAP_3["locations"]},  # no number
        {"id": "Y1", "kind": "one_year", "number": 3},
        {"id": "Q9", "kind": "quest", "number": 1, "terrains": ["O"], "modifiers": {"hide": 1}},
        {"id": "Q9", "kind": "quest", "number": 1, "terrains": ["O"], "classes": ["Unique"]},
        {
            "id": "Q9",
            "kind": "quest",
            "number": 1,
            "terrains": ["O"],
            "classes": ["Common"],
            "home": {"map": "Map 1", "location": "Ulendi"},
        },
        {"id": "Q9", "kind": "quest", "number": -1, "terrains": ["O"]},
        {"id": "I9", "kind": "item", "number": 1, "classes": ["Common"], "terrains": ["O"]},
        {"id": "I9", "kind": "item", "number": 1, "classes": ["Unique"], "home": {"map": "Map 1"}},
        {"id": "I9", "kind": "treasure", "number": 1},
    ]
    for entry in refusals:
        bv.refused(begun, "register_card", "BT-01", **entry)
    # An empty modifiers object counts as not given.
    state = bv.register(begun, id="Q9", kind="quest", number=1, terrains=["O"], modifiers={})
    assert state["catalogue"]["Q9"]["modifiers"] == {}


def test_bt01_ids_are_trimmed_registered_once_and_never_change(bv):
    state = bv.register(bv.begun(), id="  Q77 ", kind="quest", number=3, terrains=["O"])
    assert "Q77" in state["catalogue"]
    error = bv.refused(
        state, "register_card", "BT-01", id="Q77", kind="quest", number=4, terrains=["F"]
    )
    assert "already" in error.message
    assert state["catalogue"]["Q77"]["number"] == 3
    bv.refused(
        state, "register_card", "BT-01", id="q77 " * 20, kind="quest", number=4, terrains=["F"]
    )


def test_bt01_exactly_one_player_card_and_at_most_one_one_year_card(bv):
    state = bv.register(bv.begun(), id="One Year", kind="one year")
    assert state["catalogue"]["One Year"] == {"kind": "one_year", "name": None, "number": None}
    bv.refused(state, "register_card", "BT-01", id="Year 2", kind="one_year")
    bv.refused(state, "register_card", "BT-01", id="Vinnie", kind="player")


def test_bt01_an_action_naming_an_unregistered_card_is_refused(bv):
    state = bv.x0(bv.start())
    error = bv.refused(state, "random_draw", "BT-01", draw="X5")
    assert error.message == "register X5 first"


def test_bt01_registering_moves_nothing(bv):
    begun = bv.begun()
    assert card_place(begun, "Vince") == "aside" and card_place(begun, "Q02") == "deck"
    state = bv.x0(bv.start())
    later = bv.register(state, id="Q99", kind="quest", number=5, terrains=["U"], classes=["Common"])
    assert card_place(later, "Q99") == "deck"
    assert {key: later[key] for key in later if key not in ("catalogue", "actions")} == {
        key: state[key] for key in state if key not in ("catalogue", "actions")
    }


def test_bt01_the_catalogue_is_bounded(bv):
    state = bv.begun(cards=[])
    for number in range(MAX_CATALOGUE):
        state = bv.register(state, id=f"C{number}", kind="quest", number=1, terrains=["O"])
    error = bv.refused(
        state, "register_card", "BT-01", id="one more", kind="quest", number=1, terrains=["O"]
    )
    assert str(MAX_CATALOGUE) in error.message


def test_bt01_a_card_without_a_random_number_is_never_a_random_draw(bv):
    state = bv.register(bv.x0(bv.start()), id="One Year", kind="one_year")
    bv.refused(state, "random_draw", "BT-16", draw="One Year")
    state = bv.register(state, id="Q50", kind="quest", number=0, terrains=["O"])
    state = bv.act(state, "random_draw", draw="Q50")
    assert state["last_draw"] == {"card": "Q50", "number": 0}


def test_b01_the_deck_holds_the_player_card_maps_quests_and_the_one_year_card(bv):
    state = bv.register(bv.begun(), id="One Year", kind="one_year")
    kinds = {entry["kind"] for entry in state["catalogue"].values()}
    assert kinds == {"player", "map", "quest", "one_year"}
    state = bv.x0(bv.act(state, "setup", item="Q01"))
    # A quest card without classes and the One Year Has Passed card never enter a hand.
    bv.refused(state, "draw_item", "B-31", card="Q06", **{"class": "Common"})
    bv.refused(state, "draw_item", "B-31", card="One Year", **{"class": "Common"})


def test_b02_a_quest_card_keeps_terrains_item_and_random_number(bv):
    entry = bv.begun()["catalogue"]["Q03"]
    assert entry == {
        "kind": "quest",
        "name": None,
        "number": 4,
        "terrains": ["U", "V"],
        "classes": ["Common", "Reusable"],
        "modifiers": {"combat": 1},
        "home": None,
    }


def test_b03_a_map_card_keeps_bonus_key_and_locations_with_lay_low_and_terrains(bv):
    entry = bv.begun()["catalogue"]["Map 2"]
    assert entry["bonus"] == {"survival": 1} and entry["neighbours"] == ["Map 1", "Map 3", "Map 5"]
    assert entry["locations"][1] == {
        "name": "Irontree City",
        "lay_low": 8,
        "terrains": ["G+2", "C"],
    }
    assert entry["locations"][2] == {"name": "Goblin Mines", "lay_low": None, "terrains": ["X3"]}


def _after_first_encounter(bv, extra):
    state = bv.x0(bv.start(extra=extra))
    return bv.act(state, "end_encounter")


def test_b16_each_x_number_is_a_terrain_type_of_its_own(bv):
    state = _after_first_encounter(
        bv, [{"id": "X1", "kind": "quest", "number": 3, "terrains": ["X1"]}]
    )
    bv.refused(state, "draw_encounter", "BT-06", card="X1", terrain="X2")
    state = bv.act(state, "draw_encounter", card="X1", terrain="x1")
    assert state["encounter"]["terrain"] == "X1" and state["encounter"]["difficulty"] is None


def test_b17_a_z2_encounter_needs_a_z2_card_not_a_z1_card(bv):
    extra = [
        {"id": "Z1a", "kind": "quest", "number": 3, "terrains": ["Z1"]},
        {"id": "Z2a", "kind": "quest", "number": 5, "terrains": ["Z2"]},
    ]
    state = _after_first_encounter(bv, extra)
    error = bv.refused(state, "draw_encounter", "BT-06", card="Z1a", terrain="Z2", draw="Q08")
    assert "Z2" in error.message
    state = bv.act(state, "draw_encounter", card="Z2a", terrain="Z2", draw="Q08")
    assert state["encounter"]["difficulty"] == 6


def test_bt01_oversized_entries_are_refused_with_a_clear_message(bv):
    begun = bv.begun()
    places = [{"name": f"P{n}", "terrains": ["O"]} for n in range(41)]
    many_types = [f"Z{n}" for n in range(1, 18)]
    oversized = [
        {"id": "I9", "kind": "item", "number": 1, "classes": ["Common"] * 7},
        {"id": "M9", "kind": "map", "number": 1, "locations": places},
        {
            "id": "M9",
            "kind": "map",
            "number": 1,
            "neighbours": [f"N{n}" for n in range(17)],
            "locations": places[:1],
        },
        {"id": "Q9", "kind": "quest", "number": 1, "terrains": many_types},
        {"id": "Q9", "kind": "quest", "number": 1, "terrains": ["O" + " " * 70]},
        {"id": "Q9", "kind": "quest", "number": 1000, "terrains": ["O"]},
        {"id": "Q9", "kind": "quest", "number": 1, "terrains": ["O"], "name": "n" * 61},
        {
            "id": "Q9",
            "kind": "quest",
            "number": 1,
            "terrains": ["O"],
            "classes": ["Common"],
            "modifiers": {"hide": 100},
        },
    ]
    for entry in oversized:
        error = bv.refused(begun, "register_card", "BT-01", **entry)
        assert error.message and "{" not in error.message
