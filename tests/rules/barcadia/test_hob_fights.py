"""Monsters, team battles, bosses, rewards and modifiers: H-14…H-17, H-19, HT-08…HT-11, HT-14."""

MONSTER = {"kind": "monster", "level": 12, "damage": 20, "reward": {"loot": 2}}
TEAM = {"kind": "team_monster", "level": 25, "damage": 15, "reward": {"loot": 1, "power_ups": 1}}
BOSS = {"kind": "boss", "level": 8, "attack": 30, "reward": {"power_ups": 1}}
LUCKY = {"value": 1, "source": "power_up", "card": "Lucky Mug"}


def with_lucky_mug(hob, state, name="Ana"):
    return hob.act(state, "gain_power_up", player=name, card="Lucky Mug")


def test_example_1_h14_ht01_a_loss_turns_the_monster_back_and_costs_its_damage(hob):
    state = with_lucky_mug(hob, hob.table())
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=MONSTER)
    assert state["tiles"]["2,-1"]["face"] == "up" and hob.position(state, "Ana") == [0, 0]
    lost = hob.act(state, "fight", player="Ana", roll=10, modifiers=[LUCKY])
    assert lost["players"]["Ana"]["hp"] == 80 and hob.position(lost, "Ana") == [0, 0]
    assert lost["tiles"]["2,-1"]["face"] == "down" and not lost["tiles"]["2,-1"]["defeated"]
    assert lost["tiles"]["2,-1"]["reward"] == {"loot": 2, "power_ups": 0, "heal": 0}
    won = hob.act(state, "fight", player="Ana", roll=11, modifiers=[LUCKY])
    assert won["players"]["Ana"]["hp"] == 100 and hob.position(won, "Ana") == [2, -1]
    assert won["tiles"]["2,-1"]["defeated"] and won["players"]["Ana"]["loot_count"] == 5


def test_h14_at_least_the_level_wins_without_modifiers_too(hob):
    state = hob.act(hob.table(), "explore", player="Ana", at=[2, -1], tile=MONSTER)
    assert state["pending"] == [{"kind": "fight", "player": "Ana", "at": [2, -1]}]
    assert hob.act(state, "fight", player="Ana", roll=12)["tiles"]["2,-1"]["defeated"]
    assert hob.act(state, "fight", player="Ana", roll=11)["tiles"]["2,-1"]["face"] == "down"
    hob.refused(state, "fight", "HL-02", player="Ana", roll=21)
    hob.refused(state, "fight", "HL-02", player="Ana", roll=0)
    hob.refused(state, "fight", "HL-02", player="Ana")
    hob.refused(hob.table(), "fight", "H-14", player="Ana", roll=12)


def test_h15_a_beaten_monster_stays_face_up_and_gives_nothing_more(hob):
    state = hob.act(hob.table(), "explore", player="Ana", at=[2, -1], tile=MONSTER)
    state = hob.act(state, "fight", player="Ana", roll=15)
    for name in ("Ana", "Bo"):
        state = hob.act(state, "end_turn", player=name)
    state = hob.act(state, "move", player="Ana", path=[[0, 0]])
    assert state["tiles"]["2,-1"]["face"] == "up" and state["tiles"]["2,-1"]["defeated"]
    state = hob.act(hob.act(state, "end_turn", player="Ana"), "end_turn", player="Bo")
    hob.refused(state, "explore", "H-09", player="Ana", at=[2, -1])


def test_ht08_a_monster_turned_back_keeps_its_record_and_a_typed_face_must_match(hob):
    state = hob.act(hob.table(), "explore", player="Ana", at=[2, -1], tile=MONSTER)
    state = hob.act(state, "fight", player="Ana", roll=2)
    state = hob.act(hob.act(state, "end_turn", player="Ana"), "end_turn", player="Bo")
    assert state["dungeon"]["recorded"] == 1
    again = hob.act(state, "explore", player="Ana", at=[2, -1])
    assert again["dungeon"]["recorded"] == 1 and again["pending"][0]["kind"] == "fight"
    same = {**MONSTER, "reward": {"loot": 2, "heal": 0}}
    assert hob.act(state, "explore", player="Ana", at=[2, -1], tile=same)["pending"]
    other = {**MONSTER, "level": 13}
    error = hob.refused(state, "explore", "HT-08", player="Ana", at=[2, -1], tile=other)
    assert "level-12 monster" in error.message


def test_ht08_faces_have_exactly_their_keys_in_range(hob):
    state = hob.table()
    bad_faces = [
        {"kind": "monster", "level": 12, "damage": 20},
        {"kind": "monster", "level": 12, "damage": 20, "reward": {}, "attack": 3},
        {"kind": "monster", "level": 0, "damage": 20, "reward": {}},
        {"kind": "monster", "level": 100, "damage": 20, "reward": {}},
        {"kind": "boss", "level": 8, "attack": 1000, "reward": {}},
        {"kind": "reward", "reward": {"gold": 1}},
        {"kind": "reward", "reward": {"loot": 11}},
        {"kind": "reward", "reward": {"power_ups": 4}},
        {"kind": "reward", "reward": {"heal": -1}},
        {"kind": "portal", "level": 1},
        {"kind": "hoard", "level": 17},
        "monster",
    ]
    for face in bad_faces:
        hob.refused(state, "explore", "HL-02", player="Ana", at=[2, -1], tile=face)
    recorded = hob.act(state, "explore", player="Ana", at=[2, -1], tile=BOSS)["tiles"]["2,-1"]
    assert recorded == {
        "at": [2, -1], "kind": "boss", "face": "up", "level": 8, "attack": 30,
        "reward": {"loot": 0, "power_ups": 1, "heal": 0}, "defeated": False, "traps": 0,
        "power_ups": [],
    }  # fmt: skip


def test_example_2_h16_team_battle_needs_more_than_the_level(hob):
    state = hob.table(("Ana", "Bo", "Cy"))
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=TEAM)
    assert state["pending"] == [{"kind": "team_battle", "player": "Ana", "at": [2, -1]}]
    lost = hob.act(state, "team_battle", player="Ana", partner="Cy", roll=12, partner_roll=13)
    assert lost["players"]["Ana"]["hp"] == 85 and lost["players"]["Cy"]["hp"] == 85
    assert lost["players"]["Bo"]["hp"] == 100 and lost["tiles"]["2,-1"]["face"] == "down"
    for name in ("Ana", "Bo", "Cy"):
        lost = hob.act(lost, "end_turn", player=name)
    again = hob.act(lost, "explore", player="Ana", at=[2, -1])
    won = hob.act(again, "team_battle", player="Ana", partner="Cy", roll=13, partner_roll=13)
    assert won["tiles"]["2,-1"]["defeated"] and hob.position(won, "Ana") == [2, -1]
    assert hob.position(won, "Cy") == [0, 0]
    assert won["players"]["Ana"]["loot_count"] == 4 and won["players"]["Cy"]["loot_count"] == 4
    assert won["pending"] == [
        {"kind": "power_up", "player": "Ana", "left": 1},
        {"kind": "power_up", "player": "Cy", "left": 1},
    ]


def test_h16_the_partner_is_another_player(hob):
    state = hob.act(hob.table(), "explore", player="Ana", at=[2, -1], tile=TEAM)
    hob.refused(state, "team_battle", "H-16", player="Ana", partner="Ana", roll=20, partner_roll=20)
    hob.refused(
        state, "team_battle", "HL-02", player="Ana", partner="Zed", roll=20, partner_roll=20
    )
    hob.refused(state, "team_battle", "HL-02", player="Ana", roll=20, partner_roll=20)


def test_ht10_team_battle_rewards_explorer_first_and_damage_explorer_first(hob):
    state = with_lucky_mug(hob, hob.table(("Ana", "Bo")), "Bo")
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=TEAM)
    partner_mug = {**LUCKY, "player": "Bo", "value": 2}
    won = hob.act(state, "team_battle", player="Ana", partner="Bo", roll=12, partner_roll=12,
                  modifiers=[partner_mug])  # fmt: skip
    assert won["tiles"]["2,-1"]["defeated"]  # 12 + 12 + 2 = 26 > 25
    won = hob.act(won, "gain_power_up", player="Ana", card="Foam Shield")
    hob.refused(won, "gain_power_up", "HT-06", player="Ana", card="Extra")
    won = hob.act(won, "gain_power_up", player="Bo", card="Iron Liver")
    assert won["players"]["Bo"]["power_ups"] == ["Lucky Mug", "Iron Liver"]
    assert won["pending"] == []
    low = hob.hero(state, "Ana", hp=10)
    both_dead = hob.act(hob.hero(low, "Bo", hp=15), "team_battle", player="Ana", partner="Bo",
                        roll=1, partner_roll=1)  # fmt: skip
    assert [both_dead["players"][n]["deaths"] for n in ("Ana", "Bo")] == [1, 1]


def test_h17_a_reward_is_taken_at_once_and_the_tile_stays_face_up(hob):
    state = hob.hero(hob.table(), "Ana", hp=50)
    face = {"kind": "reward", "reward": {"loot": 2, "heal": 70, "power_ups": 2}}
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=face)
    tile = state["tiles"]["2,-1"]
    assert tile["taken"] and tile["face"] == "up" and hob.position(state, "Ana") == [2, -1]
    assert state["players"]["Ana"]["hp"] == 100 and state["players"]["Ana"]["loot_count"] == 5
    assert state["pending"] == [{"kind": "power_up", "player": "Ana", "left": 2}]
    assert state["awaiting"]["action"][0] == "gain_power_up"
    state = hob.act(state, "gain_power_up", player="Ana", card="Lucky Mug")
    assert state["pending"] == [{"kind": "power_up", "player": "Ana", "left": 1}]
    state = hob.act(state, "gain_power_up", player="Ana", card="Lucky Mug", from_player="Bo")
    assert state["players"]["Ana"]["power_ups"] == ["Lucky Mug", "Lucky Mug"]
    assert state["pending"] == []


def test_ht09_reward_heals_first_then_loot_then_each_power_up_with_a_discard_on_the_fourth(hob):
    state = hob.table()
    for card in ("A", "B", "C"):
        state = hob.act(state, "gain_power_up", player="Ana", card=card)
    face = {"kind": "reward", "reward": {"power_ups": 2, "loot": 1}}
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=face)
    state = hob.act(state, "gain_power_up", player="Ana", card="D")
    assert state["players"]["Ana"]["power_ups"] == ["A", "B", "C"]
    assert state["pending"] == [
        {"kind": "discard", "player": "Ana", "card": "D"},
        {"kind": "power_up", "player": "Ana", "left": 1},
    ]
    hob.refused(state, "gain_power_up", "HT-17", player="Ana", card="E")
    hob.refused(state, "discard_power_up", "H-22", player="Ana", card="Z")
    state = hob.act(state, "discard_power_up", player="Ana", card="B")
    assert state["players"]["Ana"]["power_ups"] == ["A", "C", "D"]
    assert state["tiles"]["2,-1"]["power_ups"] == ["B"]
    state = hob.act(state, "gain_power_up", player="Ana", card="E")
    state = hob.act(state, "discard_power_up", player="Ana", card="E")
    assert state["players"]["Ana"]["power_ups"] == ["A", "C", "D"] and state["pending"] == []
    assert state["tiles"]["2,-1"]["power_ups"] == ["B", "E"]


def test_example_3_h19_ht11_boss_ties_roll_again_and_the_boss_player_drinks(hob):
    state = hob.table(("Ana", "Bo", "Cy"))
    state = with_lucky_mug(hob, state, "Ana")
    state = hob.act(state, "gain_power_up", player="Bo", card="Boss Bane")
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=BOSS)
    assert state["pending"] == [
        {"kind": "boss_fight", "player": "Ana", "at": [2, -1], "boss_player": None}
    ]
    state = hob.act(state, "boss_fight", player="Ana", boss_player="Bo", roll=14, boss_roll=14)
    assert state["pending"][0]["boss_player"] == "Bo"
    hob.refused(state, "boss_fight", "HT-11", player="Ana", boss_player="Cy", roll=14, boss_roll=1)
    state = hob.act(state, "boss_fight", player="Ana", boss_player="Bo", roll=9, boss_roll=9,
                    modifiers=[LUCKY, {"value": 1, "source": "power_up", "card": "Boss Bane",
                                       "player": "Bo"}])  # fmt: skip
    assert state["pending"][0]["boss_player"] == "Bo" and state["players"]["Bo"]["hp"] == 100
    state = hob.act(state, "boss_fight", player="Ana", boss_player="Bo", roll=17, boss_roll=5)
    assert state["players"]["Bo"]["hp"] == 70 and hob.position(state, "Ana") == [2, -1]
    assert state["tiles"]["2,-1"]["defeated"]
    assert state["pending"] == [{"kind": "power_up", "player": "Ana", "left": 1}]


def test_example_3_ht11_boss_level_added_under_the_add_option(hob):
    state = hob.table(ruleset={"boss_level": "add"})
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=BOSS)
    lost = hob.act(state, "boss_fight", player="Ana", boss_player="Bo", roll=20, boss_roll=14)
    assert lost["players"]["Ana"]["hp"] == 70 and lost["tiles"]["2,-1"]["face"] == "down"
    tie = hob.act(state, "boss_fight", player="Ana", boss_player="Bo", roll=20, boss_roll=12)
    assert tie["pending"][0]["boss_player"] == "Bo"  # 20 against 12 + 8


def test_h19_the_boss_is_played_by_another_player_and_a_loss_costs_the_attack(hob):
    state = hob.act(hob.table(), "explore", player="Ana", at=[2, -1], tile=BOSS)
    hob.refused(state, "boss_fight", "H-19", player="Ana", boss_player="Ana", roll=3, boss_roll=2)
    lost = hob.act(state, "boss_fight", player="Ana", boss_player="Bo", roll=3, boss_roll=4)
    assert lost["players"]["Ana"]["hp"] == 70 and lost["players"]["Bo"]["hp"] == 100
    assert lost["tiles"]["2,-1"]["face"] == "down" and hob.position(lost, "Ana") == [0, 0]


def test_ht11_a_boss_player_who_dies_is_back_at_the_start_while_the_hero_advances(hob):
    state = hob.room(hob.table(), (-2, 2))
    state = hob.act(state, "gain_power_up", player="Bo", card="Lucky Mug")
    state = hob.hero(state, "Bo", position=[-2, 2], hp=20)
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=BOSS)
    state = hob.act(state, "boss_fight", player="Ana", boss_player="Bo", roll=17, boss_roll=5)
    assert state["players"]["Bo"]["deaths"] == 1 and hob.position(state, "Bo") == [0, 0]
    assert state["tiles"]["-2,2"]["power_ups"] == ["Lucky Mug"]
    assert hob.position(state, "Ana") == [2, -1]


def test_ht14_modifiers_power_ups_held_once_per_copy_signature_once_loot_spent(hob):
    state = hob.table(moves={"Ana": "Keg Toss"})
    state = with_lucky_mug(hob, state)
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=MONSTER)
    hob.refused(state, "fight", "HT-14", player="Ana", roll=5, modifiers=[LUCKY, LUCKY])
    foreign = {"value": 3, "source": "power_up", "card": "Boss Bane"}
    hob.refused(state, "fight", "HT-14", player="Ana", roll=5, modifiers=[foreign])
    twice = [{"value": 1, "source": "signature_move"}] * 2
    hob.refused(state, "fight", "HT-14", player="Ana", roll=5, modifiers=twice)
    bos = {"value": 3, "source": "other", "player": "Bo"}
    hob.refused(state, "fight", "HT-14", player="Ana", roll=5, modifiers=[bos])
    for bad in ({"value": 0, "source": "other"}, {"value": 100, "source": "other"},
                {"value": 2, "source": "luck"}, {"value": 2, "source": "power_up"},
                {"value": True, "source": "other"}, "+2"):  # fmt: skip
        hob.refused(state, "fight", "HL-02", player="Ana", roll=5, modifiers=[bad])
    too_many = [{"value": 1, "source": "other"}] * 13
    hob.refused(state, "fight", "HL-02", player="Ana", roll=5, modifiers=too_many)
    loot = {"value": 5, "source": "loot"}
    won = hob.act(state, "fight", player="Ana", roll=3,
                  modifiers=[LUCKY, loot, {"value": 2, "source": "signature_move"},
                             {"value": 1, "source": "other", "note": "blessing"}])  # fmt: skip
    assert won["tiles"]["2,-1"]["defeated"] and won["players"]["Ana"]["loot_count"] == 4
    spent = hob.act(state, "fight", player="Ana", roll=1, modifiers=[loot])
    assert spent["players"]["Ana"]["loot_count"] == 2  # spent on a loss too
    poor = hob.hero(state, "Ana", loot_count=0)
    hob.refused(poor, "fight", "H-21", player="Ana", roll=5, modifiers=[loot])
