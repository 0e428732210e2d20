"""The dungeon map drawn (issue 15, point 4): the Starting Point flower, explored tiles with their
faces, traps, dropped power-ups and heroes, and the hexes a hero may be sent to, lit from the
engine's own query functions; each a link with an accessible name and a thumb-sized target."""

from __future__ import annotations

import pytest

from tracker.barcadia import hexmap
from tracker.rules import barcadia as engine
from tracker.rules.barcadia import apply, initial_state

MONSTER = {"kind": "monster", "level": 12, "damage": 20, "reward": {"power_ups": 1}}


def act(state, kind, **fields):
    return apply(state, {"type": kind, **fields})


def table(names=("Ana", "Bo", "Cy")):
    state = act(initial_state(), "set_up_table", players=[{"name": n} for n in names])
    return act(state, "roll_for_order", rolls={n: 20 - i for i, n in enumerate(names)})


def by_place(view) -> dict[str, hexmap.Hex]:
    return {h.at: h for h in view.hexes}


def test_h02_the_starting_point_is_drawn_as_its_seven_tile_flower():
    view = hexmap.build(
        act(initial_state(), "set_up_table", players=[{"name": "A"}, {"name": "B"}])
    )
    starts = [h for h in view.hexes if h.css.startswith("start")]
    assert sorted(h.at for h in starts) == sorted(
        f"{q},{r}" for q, r in engine.starting_point_flower()
    )
    assert by_place(view)["0,0"].top == "Start"


def test_ht08_explored_tiles_show_their_faces():
    state = table()
    state = act(state, "explore", player="Ana", at=[2, -1], tile=MONSTER)
    state = act(state, "fight", player="Ana", roll=15)
    state = act(state, "gain_power_up", player="Ana", card="Lucky Mug")
    state = act(state, "end_turn", player="Ana")
    state = act(state, "explore", player="Bo", at=[0, -2], tile=MONSTER)
    state = act(state, "fight", player="Bo", roll=2)
    state = act(state, "end_turn", player="Bo")
    boss = {"kind": "boss", "level": 8, "attack": 30, "reward": {}}
    state = act(state, "explore", player="Cy", at=[-2, 0], tile=boss)
    hexes = by_place(hexmap.build(state))
    assert (hexes["2,-1"].css, hexes["2,-1"].top) == ("beaten", "M12 ✓")
    assert (hexes["0,-2"].css, hexes["0,-2"].top, hexes["0,-2"].bottom) == ("down", "?", "M12")
    assert (hexes["-2,0"].css, hexes["-2,0"].top, hexes["-2,0"].bottom) == ("boss", "B8", "−30")
    assert "face down again (a level-12 monster (damage 20))" in hexes["0,-2"].words


def test_h17_h18_h20_rewards_portals_and_the_hoard():
    state = table()
    state = act(
        state, "explore", player="Ana", at=[2, -1], tile={"kind": "reward", "reward": {"heal": 5}}
    )
    state = act(state, "end_turn", player="Ana")
    state = act(state, "explore", player="Bo", at=[0, -2], tile={"kind": "portal"})
    state = act(state, "end_turn", player="Bo")
    state = act(
        state, "explore", player="Cy", at=[-2, 0], tile={"kind": "hoard", "level": 17, "attack": 40}
    )
    hexes = by_place(hexmap.build(state))
    assert (hexes["2,-1"].css, hexes["2,-1"].top) == ("reward", "R ✓")
    assert (hexes["0,-2"].css, hexes["0,-2"].top) == ("portal", "◎")
    assert (hexes["-2,0"].css, hexes["-2,0"].top, hexes["-2,0"].bottom) == ("hoard", "♛17", "−40")


def test_h24_h22_traps_and_dropped_power_ups_are_marked_and_heroes_stand_on_the_map():
    state = table()
    state = act(state, "explore", player="Ana", at=[2, -1], tile={"kind": "portal"})
    state = act(state, "end_turn", player="Ana")
    state = act(state, "explore", player="Bo", at=[0, -2], tile={"kind": "portal"})
    state = act(state, "gain_power_up", player="Bo", card="Lucky Mug")
    state = act(state, "discard_power_up", player="Bo", card="Lucky Mug")
    state = act(state, "end_turn", player="Bo")
    state = act(state, "explore", player="Cy", at=[-2, 0], tile={"kind": "portal"})
    state = act(state, "end_turn", player="Cy")
    view = hexmap.build(state, me=("Bo",))
    hexes = by_place(view)
    assert hexes["0,-2"].dropped == 1
    tokens = {t.name: t for t in view.tokens}
    assert set(tokens) == {"Ana", "Bo", "Cy"} and tokens["Bo"].me and tokens["Ana"].active
    ana, portal = tokens["Ana"], hexes["2,-1"]
    assert abs(ana.x - portal.x) < 1 and 0 < ana.y - portal.y < hexmap.SIZE


def test_h24_a_trap_is_marked_on_its_room():
    state = table(("Ana", "Bo"))
    state = act(state, "explore", player="Ana", at=[2, -1], tile={"kind": "portal"})
    state = act(state, "end_turn", player="Ana")
    state = act(state, "explore", player="Bo", at=[0, -2], tile={"kind": "portal"})
    state = act(state, "end_turn", player="Bo")
    state = act(state, "move", player="Ana", path=[[0, 0]])
    state = act(state, "set_trap", player="Ana", at=[2, -1], when="your_turn")
    assert by_place(hexmap.build(state))["2,-1"].traps == 1


@pytest.mark.parametrize("rooms", ["one_hero", "shared"])
def test_ht05_ht07_the_lit_hexes_are_exactly_the_engines_targets(rooms):
    names = ("Ana", "Bo", "Cy")
    state = act(
        initial_state(),
        "set_up_table",
        players=[{"name": n} for n in names],
        ruleset={"rooms": rooms},
    )
    state = act(state, "roll_for_order", rolls={"Ana": 3, "Bo": 2, "Cy": 1})
    state = act(state, "explore", player="Ana", at=[2, -1], tile={"kind": "portal"})
    state = act(state, "end_turn", player="Ana")
    state = act(state, "explore", player="Bo", at=[2, -2], tile={"kind": "portal"})
    state = act(state, "end_turn", player="Bo")
    state = act(state, "end_turn", player="Cy")
    view = hexmap.build(state, acting="Ana")
    lit = {h.at: h.target for h in view.hexes if h.target and h.target != "why"}
    expected = {f"{q},{r}": "explore" for q, r in engine.explorable(state, "Ana")}
    for target in engine.move_targets(state, "Ana"):
        expected.setdefault(f"{target['to'][0]},{target['to'][1]}", "move")
    assert lit == expected
    assert ("2,-2" in lit) == (rooms == "shared")  # HT-20: Bo stands there
    why = [h.at for h in view.hexes if h.target == "why"]
    assert "2,-2" in why or rooms == "shared"


def test_the_map_of_a_hero_who_may_not_act_now_lights_nothing():
    state = table()
    assert not hexmap.build(state, acting="Bo").links  # Ana's turn
    state = act(state, "explore", player="Ana", at=[2, -1], tile=MONSTER)
    assert not hexmap.build(state, acting="Ana").links  # the fight comes first (HT-06)


def test_every_lit_hex_is_a_named_link_big_enough_for_a_thumb():
    state = table()
    view = hexmap.build(state, acting="Ana")
    assert len(view.links) == 12
    for link in view.links:
        assert link.label.startswith("Explore [")
    assert hexmap.WIDTH >= 44 and 2 * hexmap.SIZE >= 44


def test_the_picture_fits_the_explored_area_and_a_ring_around_it():
    state = table()
    view = hexmap.build(state, acting="Ana")
    # The flower and the ring of hexes around it: five hexes across, no panning at 360 px.
    assert view.width == pytest.approx(5 * hexmap.WIDTH + 2 * hexmap.MARGIN, abs=2)
    assert view.width <= 340
    # Hexes sit where they are in the dungeon; the view box frames them, the lit ones too.
    assert view.view_box == f"{view.left} {view.top} {view.width} {view.height}"
    assert len(view.links) == 12
    for h in view.hexes:
        assert view.left < h.x < view.left + view.width
        assert view.top < h.y < view.top + view.height
    # A tile turned up at the edge widens the picture by its own ring.
    state = act(state, "explore", player="Ana", at=[2, -1], tile=MONSTER)
    grown = hexmap.build(state)
    assert grown.width > view.width and grown.left == view.left


def test_a_hex_is_drawn_the_same_whoever_looks_and_whatever_is_lit():
    """Swaps stay small: lighting hexes, a turn handed on or a tile turned up elsewhere leaves
    the picture's frame and the other rows of tiles as they were."""
    state = table()
    plain = hexmap.svg_parts(hexmap.build(state, me=("Bo",)), "map")
    lit = hexmap.svg_parts(hexmap.build(state, acting="Ana", me=("Ana",)), "map")
    assert plain.rows == lit.rows and plain.opening == lit.opening
    assert plain.lit == "" and lit.lit.count("<a ") == 12
    state = act(state, "explore", player="Ana", at=[2, -1], tile=MONSTER)
    after = dict(hexmap.svg_parts(hexmap.build(state), "map").rows)
    before = dict(plain.rows)
    assert [r for r in after if after[r] != before.get(r)] == [-1]
