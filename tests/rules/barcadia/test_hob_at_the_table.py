"""Every result says what to do at the table (issue 24, point 2): who drinks how much, which tile
goes face down again, who swaps or moves, what is left in which room, who draws or discards —
each with its rule; and a roll's sum names each modifier's source (HT-14)."""

from tracker.rules.barcadia import fight_words
from tracker.rules.barcadia.at_the_table import instructions
from tracker.rules.barcadia.words import describe_action

MONSTER = {"kind": "monster", "level": 14, "damage": 20, "reward": {"loot": 2, "power_ups": 1}}
BOSS = {"kind": "boss", "level": 8, "attack": 30, "reward": {"power_ups": 1}}


def todo(hob, state, kind, **fields):
    action = {"type": kind, **fields}
    after = hob.act(state, kind, **fields)
    return [(str(item["text"]), item["rule"]) for item in instructions(state, action, after)]


def test_ht14_the_sum_names_each_modifiers_source(hob):
    state = hob.table(("Ana", "Bo"), moves={"Ana": "Keg Toss"})
    state = hob.act(state, "gain_power_up", player="Ana", card="Lucky Mug")
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=MONSTER)
    mods = [
        {"value": 1, "source": "power_up", "card": "Lucky Mug"},
        {"value": 3, "source": "signature_move"},
        {"value": -1, "source": "other", "note": "Mud"},
    ]
    action = {"type": "fight", "player": "Ana", "roll": 12, "modifiers": mods}
    assert fight_words(state, action) == (
        "12 + 1 (power-up: Lucky Mug) + 3 (signature move: Keg Toss) − 1 (in play: Mud) = 15"
        " ≥ level 14: you win"
    )
    after = hob.act(state, "fight", player="Ana", roll=12, modifiers=mods)
    line = describe_action(state, action, after)
    assert line.startswith("Ana beat the level-14 monster: 12 + 1 (power-up: Lucky Mug) + 3")


def test_h14_a_lost_fight_says_who_drinks_and_which_tile_goes_face_down(hob):
    state = hob.table(("Ana", "Bo"))
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=MONSTER)
    assert todo(hob, state, "fight", player="Ana", roll=9) == [
        ("Turn the tile at [2, -1] face down again, where it lies", "H-14"),
        ("Ana: drink 20", "H-14"),
    ]


def test_h14_ht09_a_won_fight_says_who_moves_and_what_to_draw(hob):
    state = hob.table(("Ana", "Bo"))
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=MONSTER)
    assert todo(hob, state, "fight", player="Ana", roll=14) == [
        ("Ana: move your hero onto the tile at [2, -1]", "H-14"),
        ("Ana: draw 2 loot cards", "HT-09"),
        ("Ana: draw a power-up and name it here", "HT-09"),
    ]


def test_h19_the_boss_player_is_told_to_drink_and_a_tie_to_roll_again(hob):
    state = hob.table(("Ana", "Bo", "Cy"))
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=BOSS)
    assert todo(hob, state, "boss_fight", player="Ana", boss_player="Bo", roll=9, boss_roll=9) == [
        ("A tie: Ana and Bo pick up their D20s and roll again", "H-19"),
    ]
    won = todo(hob, state, "boss_fight", player="Ana", boss_player="Bo", roll=14, boss_roll=9)
    assert won[0] == ("Bo: drink 30", "H-19")
    assert ("Ana: move your hero onto the tile at [2, -1]", "H-19") in won


def test_h26_a_duel_won_says_who_drinks_and_that_the_two_swap(hob):
    state = hob.table(("Ana", "Bo"))
    state = hob.room(state, (2, -1))
    state = hob.hero(state, "Bo", position=[2, -1])
    assert todo(hob, state, "duel", player="Ana", target="Bo", roll=15, target_roll=3) == [
        ("Bo: drink 10", "H-26"),
        ("Ana and Bo: swap places", "H-26"),
    ]


def test_h27_a_death_says_what_is_left_where_loot_down_to_one_and_the_cup_refilled(hob):
    state = hob.table(("Ana", "Bo"))
    state = hob.room(state, (2, -1))
    state = hob.hero(state, "Ana", position=[2, -1], hp=15, power_ups=["Quick Feet", "Foam"])
    state = hob.room(state, (3, -1), kind="monster", face="down", level=18, damage=20)
    lines = todo(hob, state, "explore", player="Ana", at=[3, -1])
    assert lines == []  # turned up: the fight is rolled next
    state = hob.act(state, "explore", player="Ana", at=[3, -1])
    assert todo(hob, state, "fight", player="Ana", roll=2) == [
        ("Turn the tile at [3, -1] face down again, where it lies", "H-14"),
        ("Ana: drink the whole cup (15 HP left): Ana dies", "H-27"),
        ("Ana: leave Quick Feet and Foam face up in the room at [2, -1]", "H-27"),
        ("Ana: discard your loot cards down to one", "H-27"),
        ("Ana: refill your cup to the full line and stand on the Starting Point", "H-27"),
    ]


def test_h25_ht18_a_trap_says_who_drinks_and_which_card_comes_off(hob):
    state = hob.table(("Ana", "Bo"))
    state = hob.room(state, (2, -1), traps=1)
    state = hob.act(state, "move", player="Ana", path=[[2, -1]])
    assert todo(hob, state, "trap_roll", player="Ana", roll=4) == [
        ("Ana: drink 10", "H-25"),
        ("Take a trap card off the room at [2, -1]", "HT-18"),
    ]


def test_h10_a_move_to_the_start_names_the_starting_point_not_its_hex(hob):
    state = hob.table(("Ana", "Bo"))
    state = hob.room(state, (2, -1))
    state = hob.hero(state, "Ana", position=[2, -1])
    action = {"type": "move", "player": "Ana", "path": [[0, 0]]}
    after = hob.act(state, "move", player="Ana", path=[[0, 0]])
    assert describe_action(state, action, after) == "Ana moved to the Starting Point"
    assert [str(i["text"]) for i in instructions(state, action, after)] == [
        "Ana: stand your hero on the Starting Point"
    ]
