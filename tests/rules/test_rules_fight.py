"""Setting up and fighting a fight (S-16…S-23, T-09…T-18a)."""

import pytest

HAND = ["7C", "7H", "8C", "QH", "2S"]


def test_s16_number_monster_nothing_more_face_card_one_hidden_joker_two(game):
    state = game.new(hand=HAND)
    for monster, hidden in (("9S", 0), ("QS", 1), ("JK2", 2)):
        after = game.act(state, "reveal_monster", card=monster)
        assert after["fight"]["monster"] == monster
        assert after["fight"]["hidden"] == hidden
    after = game.act(state, "reveal_monster", card="QS")
    assert after["awaiting"]["choices"]["deal"] == {"hidden": 1, "attack_pile": 1}
    assert after["awaiting"]["instruction"].startswith(
        "Deal 1 card face down under the Q♠ and 1 card face down to its attack pile, then roll 3 "
        "dice"
    )


@pytest.mark.parametrize(("level", "monster", "pile"), [(1, "9S", 1), (3, "QD", 3), (2, "JK1", 4)])
def test_s17_attack_pile_is_level_cards_twice_for_a_joker(game, level, monster, pile):
    state = game.set(game.new(hand=HAND), level=level, xp_next=10 * level)
    state = game.act(state, "reveal_monster", card=monster)
    assert state["fight"]["attack_pile"] == pile


@pytest.mark.parametrize(
    ("level", "dice"), [(1, 3), (2, 3), (3, 5), (5, 5), (6, 7), (8, 7), (9, 10)]
)
def test_s18_monster_hp_dice_by_level(game, level, dice):
    state = game.set(game.new(hand=HAND), level=level, xp_next=10 * level)
    state = game.act(state, "reveal_monster", card="KC")
    assert state["awaiting"]["choices"]["dice"] == dice
    state = game.act(state, "roll_monster_hp", dice=[2] * dice)
    assert state["fight"]["monster_hp"] == state["fight"]["xp_value"] == 2 * dice


def test_s18_a_joker_does_not_roll_every_die_is_a_six(game):
    state = game.set(game.new(hand=HAND), level=6, xp_next=60)
    state = game.act(state, "reveal_monster", card="JK1")
    assert state["fight"]["monster_hp"] == 42 and state["fight"]["xp_value"] == 42
    assert state["awaiting"]["reason"] == "your turn"


def test_t09_monster_hp_takes_exactly_the_required_dice_1_to_6(game):
    state = game.act(game.new(hand=HAND), "reveal_monster", card="QS")
    assert state["awaiting"]["action"][0] == "roll_monster_hp"
    for dice in ([4, 2], [4, 2, 6, 1], [0, 2, 6], [4, 2, 7], "426", [4, 2, None]):
        game.refused(state, "roll_monster_hp", "S-18", dice=dice)


def test_s19_jack_monster_strikes_first(game):
    state = game.fight(game.new(hand=HAND), "JD", [3, 3, 3])
    assert state["fight"]["turn"] == "monster"
    assert state["awaiting"]["action"][0] == "turn"
    assert state["awaiting"]["reason"] == "monster attack card"
    game.refused(state, "attack", "T-13", cards=["7C"])
    state = game.fight(game.new(hand=HAND), "QD", [3, 3, 3])
    assert state["fight"]["turn"] == "character"


def test_t10_every_fight_starts_at_full_hp(game):
    state = game.fight(game.new(hand=HAND), "JD", [3, 3, 3])  # 9 HP
    state = game.act(state, "turn", card="5C")
    assert state["fight"]["hp"] == 2
    state = game.act(state, "attack", cards=["8C"])  # 1 HP left; its attack pile is empty
    state = game.act(state, "attack", cards=["7C"])
    state = game.act(state, "turn", card="9C")  # loot
    assert state["fight"] is None
    state = game.fight(state, "4C", [5, 5, 5])
    assert state["fight"]["hp"] == state["character"]["hp_max"] == 7


def test_s20_a_combo_is_cards_of_one_rank_and_their_damage_adds_up(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    error = game.refused(state, "attack", "S-20", cards=["7C", "8C"])
    assert "one rank" in error.message
    game.refused(state, "attack", "S-20", cards=[])
    game.refused(state, "attack", "S-01", cards=["7C", "7C"])
    state = game.act(state, "attack", cards=["7C", "7H"])
    assert state["fight"]["monster_hp"] == 18 - 14


def test_s20_the_two_jokers_count_as_one_rank(game):
    state = game.fight(game.new(hand=["JK1", "JK2", "8C", "QH", "2S"]), "9S", [6, 6, 6])
    state = game.act(state, "attack", cards=["JK1", "JK2"])
    assert state["awaiting"]["reason"] == "critical hit"
    assert state["internal"]["pending"] == ["critical hit", "critical hit"]


def test_s21_a_face_card_makes_a_random_attack_from_the_draw_pile(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.act(state, "attack", cards=["QH"])
    assert state["awaiting"]["reason"] == "random attack"
    assert state["awaiting"]["rule"] == "S-21"
    assert state["awaiting"]["choices"]["from"] == "draw_pile"
    state = game.act(state, "turn", card="6D")
    assert state["fight"]["monster_hp"] == 12
    assert set(state["session"]["discard_pile"]) == {"QH", "6D"}  # T-11


def test_s21_a_joker_from_the_hand_is_a_critical_hit_never_a_deadly_blow(game):
    state = game.fight(game.new(hand=["JK1", "7H", "8C", "QH", "2S"]), "9S", [6, 6, 6])
    state = game.act(state, "attack", cards=["JK1"])
    assert state["awaiting"]["reason"] == "critical hit"
    state = game.act(state, "turn", card="JK2")  # discarded on the way, not deadly
    state = game.act(state, "turn", card="KD")
    assert state["fight"]["monster_hp"] == 18
    state = game.act(state, "turn", card="4S")
    assert state["fight"]["monster_hp"] == 10
    assert {"JK1", "JK2", "KD", "4S"} <= set(state["session"]["discard_pile"])


def test_t11a_number_cards_first_then_random_attacks_in_order_stopping_at_a_kill(game):
    state = game.fight(game.new(cls="KC", hand=HAND), "9S", [3, 3, 3])  # 9 HP
    state = game.give(state, "AC")
    state = game.act(state, "use_item", card="AC")
    state = game.act(state, "attack", cards=["QH", "2S", "7C"])  # blitz: any ranks
    assert "kill" in game.events(state) and state["fight"] is None
    assert "QH" in state["session"]["discard_pile"]  # its random attack was never turned
    assert state["session"]["discard_count"] == len(state["session"]["discard_pile"]) + 1


def test_t11a_attacking_is_not_compulsory(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.act(state, "end_turn")
    assert state["awaiting"]["reason"] == "monster attack card"


def test_t11_played_and_turned_cards_go_to_the_discard_pile(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.act(state, "attack", cards=["7C", "7H"])
    state = game.act(state, "turn", card="3D")
    assert set(state["session"]["discard_pile"]) == {"7C", "7H", "3D"}


def test_s22_the_monster_dies_at_zero_hp(game):
    state = game.fight(game.new(hand=HAND), "9S", [2, 2, 3])  # 7 HP
    state = game.act(state, "attack", cards=["7C"])
    assert state["fight"] is None and state["character"]["kills"] == 1


def test_s23_hp_zero_is_alive_below_zero_dies(game):
    state = game.fight(game.new(hand=HAND, hp_dice=[1]), "9S", [6, 6, 6])  # HP 3
    state = game.act(state, "end_turn")
    alive = game.act(state, "turn", card="3D")
    assert alive["fight"]["hp"] == 0 and alive["awaiting"]["reason"] == "your turn"
    dead = game.act(state, "turn", card="4D")
    assert dead["character"]["deaths"] == 1


def test_t12_a_face_card_in_a_random_attack_is_a_critical_hit_double_damage(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.act(state, "attack", cards=["QH"])
    state = game.act(state, "turn", card="KD")
    assert state["awaiting"]["reason"] == "critical hit" and state["awaiting"]["rule"] == "T-12"
    state = game.act(state, "turn", card="JS")  # discarded on the way
    state = game.act(state, "turn", card="JK2")  # a Joker in a critical hit: discarded too
    state = game.act(state, "turn", card="5C")
    assert state["fight"]["monster_hp"] == 8
    assert {"KD", "JS", "JK2", "5C", "QH"} <= set(state["session"]["discard_pile"])


def test_t12_a_joker_in_a_random_attack_is_a_deadly_blow(game):
    state = game.fight(game.new(hand=HAND), "KD", [6, 6, 6])
    state = game.act(state, "attack", cards=["QH"])
    state = game.act(state, "turn", card="JK1")
    assert state["fight"]["result"] == "won" and "deadly_blow" in game.events(state)


def test_t12_a_deadly_blow_to_the_character_only_the_ace_of_hearts_saves(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "4H", "AH")
    state = game.act(state, "end_turn")
    state = game.act(state, "turn", card="JK1")
    assert state["awaiting"]["choices"]["saves"] == [{"card": "AH", "hp": 7}]
    game.refused(state, "save", "T-22a", card="4H")
    state = game.act(state, "save", card="AH")
    assert state["fight"]["hp"] == 7 and state["cards"]["draw_bottom"] == ["AH"]


def test_t13_monster_number_attack_card_hits_face_card_random_joker_deadly(game):
    state = game.fight(game.new(hand=HAND, hp_dice=[6]), "9S", [6, 6, 6])  # HP 8
    state = game.act(state, "end_turn")
    hit = game.act(state, "turn", card="5C")
    assert hit["fight"]["hp"] == 3 and hit["fight"]["turn"] == "character"
    random_attack = game.act(state, "turn", card="QD")
    assert random_attack["awaiting"]["reason"] == "monster random attack"
    after = game.act(random_attack, "turn", card="4S")
    assert after["fight"]["hp"] == 4
    critical = game.act(random_attack, "turn", card="KH")
    assert critical["awaiting"]["reason"] == "monster critical hit"
    after = game.act(critical, "turn", card="3S")
    assert after["fight"]["hp"] == 2
    deadly = game.act(state, "turn", card="JK2")
    assert deadly["character"]["deaths"] == 1
    assert set(hit["session"]["discard_pile"]) >= {"5C"}  # the attack card is discarded


def test_t14_skip_an_empty_attack_pile(game):
    state = game.fight(game.new(hand=HAND, hp_dice=[6]), "9S", [6, 6, 6])
    state = game.act(state, "end_turn")
    state = game.act(state, "turn", card="2C")  # the monster's only attack card
    state = game.act(state, "attack", cards=["7C", "7H"])
    assert "skip" in game.events(state) and state["fight"]["turn"] == "character"


def test_t14_the_monster_escapes_no_xp_no_loot(game):
    state = game.fight(game.new(hand=["2C", "2H", "3C", "3H", "4S"], hp_dice=[6]), "QS", [6, 6, 6])
    state = game.act(state, "end_turn")
    state = game.act(state, "turn", card="2D")
    for play in (["2C", "2H"], ["3C", "3H"]):
        state = game.act(state, "attack", cards=play)
    state = game.act(state, "attack", cards=["4S"])
    assert "escape" in game.events(state)
    assert state["character"]["xp"] == 0 and state["character"]["kills"] == 0
    assert state["character"]["inventory"] == []
    assert "QS" in state["session"]["discard_pile"]


def test_t14_monster_redeals_a_fresh_attack_pile_and_never_escapes(game):
    hand = ["2C", "2H", "3C", "3H", "4S"]
    ruleset = {"empty_attack_pile": "monster_redeals"}
    state = game.fight(game.new(hand=hand, hp_dice=[6], ruleset=ruleset), "QS", [6, 6, 6])
    state = game.act(state, "end_turn")
    state = game.act(state, "turn", card="2D")
    state = game.act(state, "attack", cards=["2C", "2H"])
    assert "redeal" in game.events(state)
    assert state["fight"]["attack_pile"] == 1
    assert state["awaiting"]["reason"] == "monster attack card"
    assert state["awaiting"]["choices"]["deal"] == {"hidden": 0, "attack_pile": 1}
    assert state["awaiting"]["instruction"].startswith(
        "Deal 1 card face down to its attack pile. The Q♠ attacks: turn the top card of its "
        "attack pile face up"
    )
    state = game.act(state, "turn", card="AS")
    state = game.act(state, "attack", cards=["3C", "3H"])
    state = game.act(state, "turn", card="AC")
    state = game.act(state, "attack", cards=["4S"])  # hand empty, monster alive: no escape
    assert "escape" not in game.events(state) and "redeal" in game.events(state)
    assert state["awaiting"]["reason"] == "monster attack card"


def test_t15_club_extra_attacks_are_further_plays_and_the_turn_lasts_until_used(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "5C", "9C")
    state = game.act(state, "use_item", card="5C")
    state = game.act(state, "use_item", card="9C")
    assert state["fight"]["extra_attacks"] == 2
    assert state["awaiting"]["choices"]["attacks_left"] == 3
    state = game.act(state, "attack", cards=["7C"])
    game.refused(state, "attack", "S-20", cards=["8C", "2S"])  # each extra attack is one rank
    state = game.act(state, "attack", cards=["8C"])
    assert state["fight"]["turn"] == "character" and state["fight"]["extra_attacks"] == 1
    state = game.act(state, "attack", cards=["2S"])
    assert state["awaiting"]["reason"] == "monster attack card"


def test_t15_the_turn_ends_when_the_hand_is_empty(game):
    state = game.fight(game.new(hand=["2C", "2H", "2D", "2S", "3S"]), "9S", [6, 6, 6])
    state = game.give(state, "5C")
    state = game.act(state, "use_item", card="5C")  # an extra attack, but no cards left for it
    state = game.act(state, "attack", cards=["2C", "2H", "2D", "2S", "3S"][:4])
    state = game.act(state, "attack", cards=["3S"])
    assert state["session"]["hand"]["count"] == 0
    assert state["awaiting"]["reason"] == "monster attack card"


def test_t15_empty_hand_on_its_turn_may_only_use_items_buy_back_or_end_turn(game):
    state = game.set(game.new(hand=["2C", "2H", "2D", "2S", "3S"]), level=2, xp_next=20)
    state = game.fight(state, "9S", [6, 6, 6])  # 2 attack cards
    state = game.act(state, "attack", cards=["2C", "2H", "2D", "2S"])
    state = game.act(state, "turn", card="AD")
    state = game.act(state, "attack", cards=["3S"])
    state = game.act(state, "turn", card="AC")
    assert state["session"]["hand"]["count"] == 0
    assert game.types(state) == ["end_turn"]
    error = game.refused(state, "attack", "T-15", cards=["3S"])
    assert "hand is empty" in error.message
    assert "Your hand is empty" in state["awaiting"]["instruction"]
    state = game.set(state, gold=1)
    assert game.types(state) == ["buy_back", "end_turn"]
    state = game.act(state, "buy_back", card="3S")
    state = game.act(state, "attack", cards=["3S"])
    assert "escape" in game.events(state)  # empty hand, empty attack pile: it escapes (T-14)


def test_t16_xp_face_card_roll_number_card_value_joker_max_and_kills(game):
    state = game.fight(game.new(hand=HAND), "5S", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C"])
    assert (state["character"]["xp"], state["character"]["kills"]) == (5, 1)
    state = game.fight(game.new(hand=HAND), "QS", [1, 2, 1])
    state = game.act(state, "attack", cards=["7C"])
    assert state["character"]["xp"] == 4
    state = game.fight(game.new(hand=["7C", "7H", "7D", "7S", "9S"]), "JK1", None)
    state = game.act(state, "attack", cards=["7C", "7H", "7D"])
    assert state["character"]["xp"] == 18 and state["character"]["jokers"] == 1


def test_t17_loot_number_cards_into_the_inventory_face_cards_discarded(game):
    state = game.fight(game.new(hand=HAND), "JK1", None)  # 18 HP
    state = game.act(state, "attack", cards=["7C", "7H"])
    state = game.act(state, "turn", card="2D")
    state = game.act(state, "attack", cards=["QH"])
    state = game.act(state, "turn", card="JK2")  # deadly blow: the Joker dies
    assert state["awaiting"]["reason"] == "loot" and state["awaiting"]["rule"] == "T-17"
    state = game.act(state, "turn", card="6H")
    state = game.act(state, "turn", card="KC")
    assert state["character"]["inventory"] == ["6H"]
    assert "KC" in state["session"]["discard_pile"]


def test_t17_a_number_card_monster_has_no_loot_and_no_jack_card(game):
    state = game.fight(game.new(cls="JH", hand=HAND), "5S", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C"])
    assert state["fight"] is None and state["character"]["inventory"] == []


def test_t17_jack_extra_card_only_with_loot_and_not_from_an_empty_pile(game):
    state = game.fight(game.new(cls="JH", hand=HAND), "QS", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C"])
    state = game.act(state, "turn", card="9S")
    assert state["awaiting"]["reason"] == "jack extra card"
    state = game.act(state, "turn", card="3H")
    assert state["character"]["inventory"] == ["9S", "3H"]
    state = game.fight(game.new(cls="JH", hand=HAND), "QS", [1, 1, 1])
    state = game.thin(state, keep=0)
    state = game.act(state, "attack", cards=["7C"])
    state = game.act(state, "turn", card="9S")
    assert "no_extra_card" in game.events(state)


def test_t18_the_monster_and_unused_attack_cards_go_to_the_discard_pile_unknown(game):
    state = game.set(game.new(hand=HAND), level=3, xp_next=30)
    state = game.fight(state, "QS", [1, 1, 1, 1, 1])
    state = game.act(state, "attack", cards=["7C"])
    state = game.act(state, "turn", card="2H")
    session = state["session"]
    assert "QS" in session["discard_pile"] and "7C" in session["discard_pile"]
    assert session["discard_count"] == len(session["discard_pile"]) + 3  # 3 attack cards unseen


def test_t18a_order_after_a_win_xp_loot_jack_card_level_up_then_refill(game):
    state = game.fight(game.new(cls="JH", hand=HAND), "QS", [4, 4, 4])
    state = game.act(state, "attack", cards=["7C", "7H"])  # 14 >= 12: won
    assert state["character"]["xp"] == 12 and state["character"]["level"] == 1  # (1)
    assert state["awaiting"]["reason"] == "loot"  # (2)
    state = game.act(state, "turn", card="2C")
    assert state["awaiting"]["reason"] == "jack extra card"  # (3)
    state = game.act(state, "turn", card="3C")
    assert state["awaiting"]["reason"] == "level up"  # (4)
    assert state["fight"] is not None and state["session"]["hand"]["count"] == 3
    state = game.act(state, "level_up", hp_dice=[2])
    assert state["fight"] is None and state["session"]["hand"]["count"] == 5  # (5)
