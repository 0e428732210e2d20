"""Classes, inventory, Aces, gold, levelling up and death (S-07…S-13, T-03…T-06, T-19…T-22a)."""

from tracker.rules.card_rpg import buy_top_offer

HAND = ["7C", "7H", "8C", "QH", "2S"]


def _dying(game, cls="KS", items=(), hand=HAND, hp_dice=(1,)):
    """A character with HP 3 whose monster's attack card is about to hit for 5."""
    state = game.fight(game.new(cls=cls, hand=hand, hp_dice=hp_dice), "9S", [6, 6, 6])
    state = game.give(state, *items)
    state = game.act(state, "end_turn")
    return game.act(state, "turn", card="5D")  # HP 3 - 5 = -2


def test_s07_jack_receives_an_extra_card_with_loot(game):
    state = game.fight(game.new(cls="JC", hand=HAND), "KD", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C"])
    state = game.act(state, "turn", card="4S")
    assert state["awaiting"]["reason"] == "jack extra card"
    assert state["awaiting"]["rule"] == "S-07"
    state = game.act(state, "turn", card="6C")
    assert state["character"]["inventory"] == ["4S", "6C"]


def test_s07_queen_keeps_her_xp_when_killed(game):
    state = game.new(cls="QS", hand=HAND, hp_dice=[1])
    state = game.set(state, xp=8)
    state = game.fight(state, "9S", [6, 6, 6])
    state = game.act(state, "end_turn")
    state = game.act(state, "turn", card="5D")
    assert state["character"]["deaths"] == 1 and state["character"]["xp"] == 8
    other = game.set(game.new(cls="KH", hand=HAND, hp_dice=[1]), xp=8)
    other = game.fight(other, "9S", [6, 6, 6])
    other = game.act(game.act(other, "end_turn"), "turn", card="5D")
    other = game.act(other, "keep_hand", keep=False)
    assert other["character"]["xp"] == 0


def test_s07_king_may_keep_the_hand_when_killed(game):
    state = _dying(game, cls="KS")
    assert state["awaiting"]["action"][0] == "keep_hand" and state["awaiting"]["rule"] == "S-07"
    kept = game.act(state, "keep_hand", keep=True)
    assert set(HAND) <= set(kept["session"]["hand"]["known"])
    dropped = game.act(state, "keep_hand", keep=False)
    assert set(HAND) <= set(dropped["session"]["discard_pile"])
    game.refused(state, "keep_hand", "S-07", keep="yes")


def test_s07_a_king_with_an_empty_hand_is_not_asked(game):
    hand = ["2C", "2H", "2D", "2S", "3S"]
    state = game.set(game.new(cls="KS", hand=hand, hp_dice=[1]), level=2, xp_next=20)
    state = game.fight(state, "9S", [6, 6, 6])
    state = game.act(state, "attack", cards=hand[:4])
    state = game.act(state, "turn", card="AD")
    state = game.act(state, "attack", cards=["3S"])
    state = game.act(state, "turn", card="5D")  # HP 2 - 5: dead, with an empty hand
    assert state["character"]["deaths"] == 1 and state["fight"] is None
    assert state["awaiting"]["action"][0] == "reveal_monster"


def test_s08_any_inventory_card_may_be_used_as_the_class_suit(game):
    state = game.fight(game.new(cls="QS", hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "6H")
    items = state["awaiting"]["choices"]["usable_items"]
    assert items == [{"card": "6H", "as": ["S"], "effect": "6 damage"}]
    error = game.refused(state, "use_item", "S-08", card="6H", **{"as": "C"})
    assert "its own suit or as a Spade" in error.message
    game.refused(state, "use_item", "S-10", card="6H")  # as its own suit: a Heart
    state = game.act(state, "use_item", card="6H", **{"as": "♠"})
    assert state["fight"]["monster_hp"] == 12


def test_s08_a_heart_character_saves_with_any_number_card(game):
    state = _dying(game, cls="QH", items=["9C", "3S"], hand=["7C", "7S", "8C", "JH", "2S"])
    assert state["awaiting"]["choices"]["saves"] == [
        {"card": "3S", "hp": 3},
        {"card": "9C", "hp": 9},
    ]


def test_s09_a_diamond_character_sells_inventory_cards_any_time_in_a_session(game):
    state = game.give(game.new(cls="KD", hand=HAND), "9C", "AS", "AD")
    assert state["awaiting"]["choices"]["sellable"] == [
        {"card": "9C", "gold": 9},
        {"card": "AS", "gold": 1},
    ]
    state = game.act(state, "sell", card="9C")
    assert state["character"]["gold"] == 9 and "9C" in state["session"]["discard_pile"]
    state = game.act(state, "sell", card="AS")
    assert state["character"]["gold"] == 10 and state["cards"]["draw_bottom"] == ["AS"]
    other = game.give(game.new(cls="KS", hand=HAND), "9C")
    game.refused(other, "sell", "S-09", card="9C")
    assert "sell" not in game.types(other)


def test_s10_spade_deals_its_value_before_the_attack_and_is_not_in_the_combo(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "7S")
    state = game.act(state, "use_item", card="7S")
    assert state["fight"]["monster_hp"] == 11
    assert state["fight"]["attacked"] is False  # the normal attack is still to come
    state = game.act(state, "attack", cards=["8C"])  # need not match the Spade
    assert state["fight"]["monster_hp"] == 3


def test_s10_a_heart_keeps_the_character_alive_with_its_value(game):
    state = _dying(game, items=["4H"])
    assert state["awaiting"]["action"][0] == "save"
    state = game.act(state, "save", card="4H")
    assert state["fight"]["hp"] == 4 and "4H" in state["session"]["discard_pile"]
    assert state["awaiting"]["reason"] == "your turn"


def test_s10_a_diamond_entering_the_inventory_becomes_gold_at_the_bottom(game):
    state = game.fight(game.new(hand=HAND), "QS", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C"])
    state = game.act(state, "turn", card="8D")
    assert state["character"]["gold"] == 8 and state["character"]["inventory"] == []
    assert state["cards"]["draw_bottom"] == ["8D"]


def test_s10_a_club_gives_one_extra_attack_whatever_its_value(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "2C")
    state = game.act(state, "use_item", card="2C")
    assert state["fight"]["extra_attacks"] == 1


def test_s11_a_used_inventory_card_goes_to_the_discard_pile(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "6C")
    state = game.act(state, "use_item", card="6C")
    assert "6C" in state["session"]["discard_pile"] and state["character"]["inventory"] == []
    game.refused(state, "use_item", "S-11", card="6C")


def test_s12_ace_of_spades_kills_the_monster_outright(game):
    state = game.fight(game.new(hand=HAND), "JK1", None)
    state = game.give(state, "AS")
    state = game.act(state, "use_item", card="AS")
    assert state["fight"]["result"] == "won" and state["character"]["jokers"] == 1
    assert state["cards"]["draw_bottom"] == ["AS"]  # spent Aces to the bottom


def test_s12_ace_of_hearts_restores_full_hp_and_goes_to_the_bottom(game):
    state = _dying(game, items=["AH"])
    state = game.act(state, "save", card="AH")
    assert state["fight"]["hp"] == state["character"]["hp_max"] == 3
    assert state["cards"]["draw_bottom"] == ["AH"]


def test_s12_ace_of_diamonds_pays_buy_backs_and_is_never_spent(game):
    state = _dying(game, items=["AD", "4S"])
    state = game.act(state, "keep_hand", keep=False)
    assert state["character"]["inventory"] == ["AD"]  # kept on death
    game.refused(state, "use_item", None, card="AD")
    state = game.act(state, "buy_back", card="7C")
    assert state["character"]["gold"] == 0 and "7C" in state["session"]["hand"]["known"]


def test_s12_ace_of_clubs_unloads_any_cards_at_once(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "AC")
    game.refused(state, "attack", "S-20", cards=["7C", "8C", "2S"])
    state = game.act(state, "use_item", card="AC")
    assert state["awaiting"]["choices"]["blitz"] is True
    state = game.act(state, "attack", cards=["7C", "8C", "2S"])
    assert state["fight"]["monster_hp"] == 1
    assert state["cards"]["draw_bottom"] == ["AC"]


def test_s13_buy_back_costs_one_gold_and_buy_top_costs_its_value_ace_20(game):
    state = game.set(game.new(hand=HAND), gold=25)
    state = game.act(state, "buy_top", card="9S", buy=True)
    assert state["character"]["gold"] == 16 and state["character"]["inventory"] == ["9S"]
    error = game.refused(state, "buy_top", "S-13", card="AH", buy=True)
    assert "costs 20 gold and you have 16" in error.message
    poor = game.set(game.new(hand=HAND), gold=19)
    error = game.refused(poor, "buy_top", "S-13", card="AS", buy=True)
    assert "costs 20 gold" in error.message
    state = game.act(poor, "buy_top", card="AS", buy=False)
    assert "AS" in state["session"]["discard_pile"] and state["character"]["gold"] == 19
    state = game.act(state, "buy_back", card="AS")
    assert state["character"]["gold"] == 18 and "AS" in state["session"]["hand"]["known"]


def test_s13_a_face_card_or_joker_on_top_cannot_be_bought_it_is_discarded(game):
    state = game.set(game.new(hand=HAND), gold=30)
    for card in ("KH", "JK2"):
        error = game.refused(state, "buy_top", "S-13", card=card, buy=True)
        assert "can't be bought" in error.message
    state = game.act(state, "buy_top", card="KH", buy=False)
    assert "KH" in state["session"]["discard_pile"] and state["character"]["gold"] == 30
    game.refused(state, "buy_top", "S-13", card="4H", buy="yes")


def test_t03_ace_of_diamonds_free_buy_backs_by_default(game):
    state = game.give(game.new(hand=HAND), "AD")
    state = game.act(state, "buy_top", card="4S", buy=False)
    state = game.act(state, "buy_top", card="5S", buy=False)
    assert state["awaiting"]["choices"]["buy_back_cost"] == 0
    state = game.act(state, "buy_back", card="4S")
    state = game.act(state, "buy_back", card="5S")
    assert state["character"]["gold"] == 0


def test_t03_once_per_fight_one_free_card_per_fight_none_between(game):
    ruleset = {"ace_of_diamonds": "once_per_fight"}
    state = game.give(game.new(hand=HAND, ruleset=ruleset), "AD")
    state = game.act(state, "buy_top", card="4S", buy=False)
    state = game.act(state, "buy_top", card="5S", buy=False)
    assert state["awaiting"]["choices"]["buy_back_cost"] == 1
    game.refused(state, "buy_back", "S-13", card="4S")  # no gold, not free between fights
    state = game.fight(state, "9S", [6, 6, 6])
    assert state["awaiting"]["choices"]["buy_back_cost"] == 0
    state = game.act(state, "buy_back", card="4S")
    assert state["awaiting"]["choices"]["buy_back_cost"] == 1
    assert "buy_back" not in game.types(state)
    game.refused(state, "buy_back", "S-13", card="5S")


def test_t04a_aces_keep_their_power_and_the_ace_of_diamonds_is_not_gold(game):
    state = game.fight(game.new(cls="KC", hand=HAND), "QS", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C"])
    state = game.act(state, "turn", card="AD")
    assert state["character"]["inventory"] == ["AD"] and state["character"]["gold"] == 0
    state = game.fight(game.new(cls="KC", hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "AS", "AH")
    items = {item["card"]: item["as"] for item in state["awaiting"]["choices"]["usable_items"]}
    assert items == {"AS": ["S"]}  # not a Club, and the A♥ is not played
    error = game.refused(state, "use_item", "T-04b", card="AS", **{"as": "C"})
    assert "own power" in error.message


def test_t04b_spades_only_before_the_first_attack_ace_of_spades_any_time(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "5S", "AS", "3C")
    state = game.act(state, "use_item", card="3C")
    state = game.act(state, "attack", cards=["2S"])
    assert {item["card"] for item in state["awaiting"]["choices"]["usable_items"]} == {"AS"}
    error = game.refused(state, "use_item", "T-04b", card="5S")
    assert "first attack" in error.message
    state = game.act(state, "use_item", card="AS")
    assert "kill" in game.events(state) and state["fight"] is None


def test_t04b_the_ace_of_clubs_grants_no_extra_attack(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "AC")
    state = game.act(state, "use_item", card="AC")
    assert state["fight"]["extra_attacks"] == 0
    state = game.act(state, "attack", cards=["2S", "7C"])
    assert state["awaiting"]["reason"] == "monster attack card"


def test_t04b_the_ace_of_diamonds_cannot_be_sold_a_sold_ace_goes_to_the_bottom(game):
    state = game.give(game.new(cls="QD", hand=HAND), "AD", "AC")
    error = game.refused(state, "sell", "T-04b", card="AD")
    assert "luck gem" in error.message
    state = game.act(state, "sell", card="AC")
    assert state["cards"]["draw_bottom"] == ["AC"] and state["character"]["gold"] == 1


def test_t05_bought_back_cards_go_to_the_hand_between_fights_or_on_your_turn(game):
    state = game.set(game.new(hand=HAND), gold=2, level=2, xp_next=20)
    state = game.fight(state, "9S", [6, 6, 6])
    state = game.act(state, "attack", cards=["7C"])
    state = game.act(state, "turn", card="AD")
    state = game.act(state, "buy_back", card="7C")  # on the character's turn
    assert "7C" in state["session"]["hand"]["known"] and state["character"]["gold"] == 1
    state = game.act(state, "end_turn")
    game.refused(state, "buy_back", "T-13", card="AD")  # not on the monster's turn


def test_t05_gold_never_below_zero_and_unseen_discards_may_be_named(game):
    state = game.set(game.new(hand=HAND), level=3, xp_next=30, gold=1)
    state = game.fight(state, "QS", [1, 1, 1, 1, 1])
    state = game.act(state, "attack", cards=["7C"])
    state = game.act(state, "turn", card="2H")  # loot; 3 attack cards discarded unseen
    error = game.refused(state, "buy_back", "S-01", card="2H")
    assert "inventory" in error.message
    state = game.act(state, "buy_back", card="9D")  # one of the unseen discards
    assert state["character"]["gold"] == 0
    assert state["session"]["discard_count"] == len(state["session"]["discard_pile"]) + 2
    game.refused(state, "buy_back", "S-13", card="QS")
    assert "buy_back" not in game.types(state)


def test_t06_a_bought_diamond_nets_zero_and_the_app_says_so_first(game):
    state = game.set(game.new(hand=HAND), gold=6)
    offer = buy_top_offer(state, "6D")
    assert offer["price"] == 6 and offer["buyable"] and "nets zero" in offer["note"]
    assert not buy_top_offer(state, "QD")["buyable"]
    assert "Too dear" in buy_top_offer(state, "9S")["note"]
    state = game.act(state, "buy_top", card="6D", buy=True)
    assert state["character"]["gold"] == 6 and state["cards"]["draw_bottom"] == ["6D"]
    assert "jack extra card" not in str(state["awaiting"])


def test_t19_xp_needed_is_ten_times_the_level_and_the_rest_carries_over(game):
    state = game.set(game.new(hand=HAND), xp=5)
    state = game.fight(state, "JK1", None)  # worth 18 XP
    state = game.act(state, "attack", cards=["7C", "7H"])
    state = game.act(state, "turn", card="2D")
    state = game.act(state, "attack", cards=["QH"])
    state = game.act(state, "turn", card="JK2")  # deadly blow: 23 XP
    state = game.act(state, "turn", card="KC")
    state = game.act(state, "turn", card="KD")
    assert state["character"]["level"] == 1 and state["character"]["xp"] == 23  # roll awaited
    assert state["awaiting"]["choices"]["levels_pending"] == 1
    state = game.act(state, "level_up", hp_dice=[3])
    assert (state["character"]["level"], state["character"]["xp"]) == (2, 13)
    assert state["character"]["xp_next"] == 20
    assert state["awaiting"]["action"][0] == "reveal_monster"


def test_t19_several_levels_at_once_and_level_10_is_the_top(game):
    state = game.set(game.new(hand=HAND), xp=25)
    state = game.fight(state, "5S", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C"])  # 30 XP: levels 2 and 3
    assert state["character"]["xp"] >= state["character"]["xp_next"]
    state = game.act(state, "level_up", hp_dice=[1])
    assert (state["character"]["level"], state["character"]["xp"]) == (2, 20)
    state = game.act(state, "level_up", hp_dice=[1])
    assert (state["character"]["level"], state["character"]["xp"]) == (3, 0)
    assert state["awaiting"]["action"][0] == "reveal_monster"
    top = game.set(game.new(hand=HAND), level=9, xp_next=90, xp=89)
    top = game.fight(top, "5S", [1] * 10)
    top = game.act(top, "attack", cards=["7C", "7H"])
    top = game.act(top, "level_up", hp_dice=[6])
    assert top["character"]["level"] == 10 and top["character"]["xp_next"] is None
    assert top["character"]["xp"] == 4
    top = game.fight(top, "4S", [1] * 10)  # 10 HP
    top = game.act(top, "attack", cards=["8C"])
    top = game.act(top, "turn", card="2C")
    top = game.act(top, "attack", cards=["2S"])
    assert top["character"]["xp"] == 8 and top["character"]["level"] == 10
    assert top["awaiting"]["action"][0] == "reveal_monster"


def test_t20_level_up_adds_a_die_to_hp_max_and_str_on_levels_3_5_7_9(game):
    state = game.set(game.new(hand=HAND), level=2, xp_next=20, xp=19)
    state = game.fight(state, "5S", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C"])
    assert state["awaiting"]["choices"]["str"] == {"from": 5, "to": 6}
    assert "STR 5 → 6" in state["awaiting"]["instruction"]
    game.refused(state, "level_up", "T-20", hp_dice=[3, 3])
    game.refused(state, "level_up", "T-20", hp_dice=[9])
    state = game.act(state, "level_up", hp_dice=[4])
    assert (state["character"]["level"], state["character"]["str"]) == (3, 6)
    assert state["character"]["hp_max"] == 11
    assert any("level 2 → 3" in event["text"] for event in state["events"])


def test_t21_saves_are_chosen_by_the_player_smallest_heart_first_ace_of_hearts_last(game):
    state = _dying(game, items=["AH", "9H", "3H"])
    saves = state["awaiting"]["choices"]["saves"]
    assert [save["card"] for save in saves] == ["3H", "9H", "AH"]
    state = game.act(state, "save", card="9H")
    assert state["fight"]["hp"] == 9 and state["character"]["inventory"] == ["AH", "3H"]


def test_t22_death_deaths_plus_one_no_xp_inventory_lost_but_the_ace_of_diamonds(game):
    state = game.set(game.new(cls="JS", hand=HAND, hp_dice=[1]), xp=7, gold=4, kills=2)
    state = game.fight(state, "QS", [6, 6, 6])
    state = game.give(state, "AD", "AS", "5C")
    state = game.act(state, "end_turn")
    state = game.act(state, "turn", card="JK1")  # deadly blow; no A♥
    character = state["character"]
    assert (character["deaths"], character["xp"], character["gold"], character["kills"]) == (
        1,
        0,
        4,
        2,
    )
    assert character["inventory"] == ["AD"] and state["fight"] is None
    session = state["session"]
    assert "AS" in state["cards"]["draw_bottom"] and "5C" in session["discard_pile"]
    assert {"QS", "JK1"} <= set(session["discard_pile"])
    assert session["hand"]["count"] == 5  # refilled, session goes on


def test_t22a_no_save_possible_means_death_at_once(game):
    state = _dying(game, cls="QS", items=["4S"])
    assert state["character"]["deaths"] == 1 and state["fight"] is None


def test_t22a_with_a_save_possible_the_engine_waits_and_shows_hp_below_zero(game):
    state = _dying(game, items=["4H"])
    assert state["fight"]["hp"] == -2
    assert game.types(state) == ["save", "accept_death", "note_hand"]
    assert state["awaiting"]["rule"] == "T-22a"
    assert "HP is -2" in state["awaiting"]["instruction"]
    dead = game.act(state, "accept_death")
    assert dead["character"]["deaths"] == 1
    assert dead["awaiting"]["action"][0] == "keep_hand"
