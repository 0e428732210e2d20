"""The nine worked examples of section 13 of the rules."""


def test_example_1_str_roll_5_gives_str_5_and_hp_roll_5_gives_hp_7_s05(game):
    character = game.create(str_dice=[5], hp_dice=[5])["character"]
    assert character["str"] == 5 and character["hp_max"] == 7


def test_example_2_level_1_against_the_queen_of_spades_s16_s17_s18(game):
    state = game.act(game.new(hand=["7C", "7H", "8C", "QH", "2S"]), "reveal_monster", card="QS")
    assert state["fight"]["hidden"] == 1 and state["fight"]["attack_pile"] == 1
    assert state["awaiting"]["choices"]["dice"] == 3
    state = game.act(state, "roll_monster_hp", dice=[4, 2, 6])
    assert state["fight"]["monster_hp"] == 12 and state["fight"]["xp_value"] == 12


def test_example_3_level_4_against_a_joker_s16_s17_s18(game):
    state = game.set(game.new(), level=4, xp_next=40)
    state = game.act(state, "reveal_monster", card="JK2")
    fight = state["fight"]
    assert (fight["hidden"], fight["attack_pile"], fight["monster_hp"]) == (2, 8, 30)
    assert fight["xp_value"] == 30


def test_example_4_level_2_against_the_jack_of_diamonds_strikes_first_s19(game):
    state = game.set(game.new(), level=2, xp_next=20)
    state = game.act(state, "reveal_monster", card="JD")
    assert state["awaiting"]["choices"]["dice"] == 3
    state = game.act(state, "roll_monster_hp", dice=[1, 2, 3])
    assert state["fight"]["turn"] == "monster"
    assert state["awaiting"]["reason"] == "monster attack card"


def test_example_5_combos_one_rank_a_club_for_separate_attacks_s20_s10(game):
    hand = ["7C", "7H", "8C", "QH", "2S"]
    state = game.fight(game.new(hand=hand), "9S", [6, 6, 6])
    combo = game.act(state, "attack", cards=["7C", "7H"])
    assert 18 - combo["fight"]["monster_hp"] == 14
    game.refused(state, "attack", "S-20", cards=["7C", "8C"])
    blitz = game.give(state, "AC")
    blitz = game.act(blitz, "use_item", card="AC")
    blitz = game.act(blitz, "attack", cards=["7C", "8C"])
    assert blitz["fight"]["monster_hp"] == 3
    club = game.give(state, "4C")
    club = game.act(club, "use_item", card="4C")
    club = game.act(club, "attack", cards=["7C"])
    club = game.act(club, "attack", cards=["8C"])
    assert club["fight"]["monster_hp"] == 3


def test_example_6_spade_6_then_6_hearts_12_damage_spade_not_in_the_combo_s10(game):
    state = game.set(game.new(hand=["6H", "6D", "8C", "QH", "2S"]), level=3, xp_next=30)
    state = game.fight(state, "9S", [6, 6, 6, 6, 6])  # 30 HP
    state = game.give(state, "6S")
    state = game.act(state, "use_item", card="6S")
    single = game.act(state, "attack", cards=["6H"])
    assert 30 - single["fight"]["monster_hp"] == 12
    combo = game.act(state, "attack", cards=["6H", "6D"])  # a second 6 from the hand is fine
    assert 30 - combo["fight"]["monster_hp"] == 18
    game.refused(state, "attack", "S-01", cards=["6H", "6S"])  # the Spade is not in the hand


def test_example_7_hp_3_hit_by_5_diamonds_dies_unless_a_heart_or_ace_of_hearts_s23(game):
    def hit(items):
        state = game.fight(
            game.new(cls="QS", hand=["7C", "7H", "8C", "QH", "2S"], hp_dice=[1]), "9S", [6, 6, 6]
        )
        state = game.give(state, *items)
        state = game.act(state, "end_turn")
        return game.act(state, "turn", card="5D")

    assert hit([])["character"]["deaths"] == 1
    saved = game.act(hit(["4H"]), "save", card="4H")
    assert saved["fight"]["hp"] == 4 and saved["character"]["deaths"] == 0
    saved = game.act(hit(["AH"]), "save", card="AH")
    assert saved["fight"]["hp"] == 3 == saved["character"]["hp_max"]


def test_example_8_a_diamond_character_sells_its_9_of_clubs_for_9_gold_s09(game):
    state = game.give(game.new(cls="JD"), "9C")
    state = game.act(state, "sell", card="9C")
    assert state["character"]["gold"] == 9 and state["character"]["inventory"] == []


def test_example_9_8_xp_win_against_5_spades_level_2_with_3_xp_of_20_t19(game):
    state = game.set(game.new(hand=["7C", "7H", "8C", "QH", "2S"]), xp=8)
    state = game.fight(state, "5S", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C"])
    assert state["character"]["xp"] == 13 and state["awaiting"]["action"][0] == "level_up"
    state = game.act(state, "level_up", hp_dice=[2])
    character = state["character"]
    assert (character["level"], character["xp"], character["xp_next"]) == (2, 3, 20)
