"""Selling while dying (S-09, T-22a, T-22) and the wording points the screens read (T-12, T-16,
S-08, S-10, S-20, S-12)."""

import pytest

HAND = ["7C", "7H", "8C", "QH", "2S"]


def _dying(game, cls="KD", items=(), hand=HAND):
    """A character with HP 3 hit for 5 by the monster's attack card: HP -2."""
    state = game.fight(game.new(cls=cls, hand=hand, hp_dice=(1,)), "9S", [6, 6, 6])
    state = game.give(state, *items)
    state = game.act(state, "end_turn")
    return game.act(state, "turn", card="5D")


# -- S-09 while a save is awaited ---------------------------------------------------------------


def test_s09_t22a_a_dying_diamond_character_may_sell_a_card_that_does_not_save(game):
    state = _dying(game, items=["4H", "9C"])
    assert state["awaiting"]["rule"] == "T-22a"
    assert "sell" in game.types(state)
    assert [item["card"] for item in state["awaiting"]["choices"]["sellable"]] == ["4H", "9C"]
    sold = game.act(state, "sell", card="9C")
    assert sold["character"]["gold"] == 9 and "9C" in sold["session"]["discard_pile"]
    # Still dying, and the Heart can still save.
    assert sold["awaiting"]["reason"] == "dying" and sold["fight"]["hp"] == -2
    assert game.types(sold)[:2] == ["save", "accept_death"]
    saved = game.act(sold, "save", card="4H")
    assert saved["fight"]["hp"] == 4


def test_s09_t22a_selling_the_last_card_that_could_save_means_death_at_once(game):
    state = _dying(game, items=["4H", "9C"])
    dead = game.act(state, "sell", card="4H")
    assert dead["character"]["gold"] == 4 and dead["character"]["deaths"] == 1
    assert [event["type"] for event in dead["events"]][:4] == ["sell", "table", "no_save", "death"]
    no_save = next(event for event in dead["events"] if event["type"] == "no_save")
    assert no_save["rule"] == "T-22a" and "can save you" in no_save["text"]
    # A King of Diamonds then chooses about his hand (S-07); the 9♣ is lost with the inventory.
    assert dead["awaiting"]["action"][0] == "keep_hand"


def test_s09_t22a_selling_the_ace_of_hearts_against_a_deadly_blow_means_death(game):
    state = game.fight(game.new(cls="QD", hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "AH", "4H")
    state = game.act(state, "end_turn")
    state = game.act(state, "turn", card="JK1")  # T-12: only the A♥ saves from a deadly blow
    assert [save["card"] for save in state["awaiting"]["choices"]["saves"]] == ["AH"]
    still = game.act(state, "sell", card="4H")  # never a save against a deadly blow
    assert still["awaiting"]["reason"] == "dying"
    dead = game.act(still, "sell", card="AH")
    assert dead["character"]["deaths"] == 1 and dead["fight"] is None
    assert "AH" in dead["cards"]["draw_bottom"]  # a sold Ace goes to the bottom (T-04b)


def test_s09_only_a_diamond_character_may_sell_while_dying(game):
    state = _dying(game, cls="KS", items=["4H", "9C"])
    assert "sell" not in game.types(state)
    game.refused(state, "sell", "S-09", card="9C")


def test_t22_a_dead_king_of_diamonds_choosing_about_his_hand_sells_nothing(game):
    state = _dying(game, cls="KD", items=["4S", "9C"])  # no save: dead at once
    assert state["awaiting"]["action"][0] == "keep_hand"
    assert "sell" not in game.types(state)
    assert "sellable" not in state["awaiting"]["choices"]
    error = game.refused(state, "sell", "T-22", card="9C")
    assert "inventory is lost" in error.message
    after = game.act(state, "keep_hand", keep=True)
    assert after["character"]["inventory"] == [] and after["character"]["gold"] == 0


# -- wording ----------------------------------------------------------------------------------


@pytest.mark.parametrize("discarded", ["JK2", "JK1", "KD"])
def test_t12_a_card_turned_on_the_way_of_a_critical_hit_is_not_a_new_critical_hit(game, discarded):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.act(state, "attack", cards=["QH"])
    state = game.act(state, "turn", card="JS")  # a face card: critical hit
    assert "critical_hit" in game.events(state)
    state = game.act(state, "turn", card=discarded)
    texts = [event["text"] for event in state["events"]]
    assert game.events(state) == ["critical_goes_on"]
    assert not any("critical hit!" in text for text in texts), texts
    assert "is discarded" in texts[0] and state["events"][0]["rule"] == "T-12"
    assert state["awaiting"]["reason"] == "critical hit"
    state = game.act(state, "turn", card="4S")
    assert state["fight"]["monster_hp"] == 18 - 8  # the damage was right all along


def test_t12_t13_a_joker_on_the_way_of_the_monsters_critical_hit_is_only_discarded(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.act(state, "end_turn")
    state = game.act(state, "turn", card="KC")  # monster random attack
    state = game.act(state, "turn", card="QC")  # monster critical hit
    state = game.act(state, "turn", card="JK1")
    assert game.events(state) == ["critical_goes_on"]
    assert "monster's critical hit goes on" in state["events"][0]["text"]
    assert "critical hit!" not in state["events"][0]["text"]
    assert state["fight"]["deadly_blow"] is False


@pytest.mark.parametrize(("monster", "xp"), [("9S", 9), ("AH", 1), ("10D", 10)])
def test_t16_a_number_monster_is_worth_its_value_before_its_hp_roll(game, monster, xp):
    state = game.act(game.new(hand=HAND), "reveal_monster", card=monster)
    assert state["awaiting"]["reason"] == "monster HP"
    assert state["fight"]["xp_value"] == xp and state["fight"]["monster_hp"] is None
    state = game.act(state, "roll_monster_hp", dice=[6, 6, 6])
    assert state["fight"]["xp_value"] == xp


def test_t16_a_face_monster_is_worth_its_roll_so_unknown_before_it(game):
    state = game.act(game.new(hand=HAND), "reveal_monster", card="QS")
    assert state["fight"]["xp_value"] is None
    state = game.act(state, "roll_monster_hp", dice=[4, 2, 6])
    assert state["fight"]["xp_value"] == 12


def test_s08_s10_the_item_choices_say_how_much_damage_a_spade_deals(game):
    state = game.fight(game.new(cls="KS", hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "5C", "AS")
    uses = state["awaiting"]["choices"]["item_uses"]
    texts = {(use["card"], use["as"]): use["text"] for use in uses}
    assert texts[("5C", "S")] == "Use the 5♣ as a Spade: 5 damage"
    assert texts[("5C", "C")] == "Use the 5♣: one extra attack"
    assert texts[("AS", "S")] == "Use the A♠: kills the monster"
    assert all(use["effect"] in use["text"] for use in uses)
    # usable_items is unchanged: one entry per card with the suits it may be used as.
    items = {item["card"]: item["as"] for item in state["awaiting"]["choices"]["usable_items"]}
    assert items == {"5C": ["C", "S"], "AS": ["S"]}


def test_s10_t04b_after_the_first_attack_no_spade_use_is_offered(game):
    state = game.fight(game.new(cls="KC", hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "5S", "3C")
    state = game.act(state, "use_item", card="3C")  # one extra attack
    state = game.act(state, "attack", cards=["2S"])
    uses = {(use["card"], use["as"]) for use in state["awaiting"]["choices"]["item_uses"]}
    assert uses == {("5S", "C")}


def test_s20_mixed_ranks_are_offered_only_under_the_ace_of_clubs(game):
    state = game.fight(game.new(cls="KS", hand=HAND), "9S", [6, 6, 6])
    choices = state["awaiting"]["choices"]
    assert choices["mixed_ranks"] is False and choices["mixed_ranks_hint"] is None
    state = game.give(state, "AC")
    choices = state["awaiting"]["choices"]
    assert choices["mixed_ranks"] is False and "A♣" in choices["mixed_ranks_hint"]
    game.refused(state, "attack", "S-20", cards=["7C", "8C"])
    state = game.act(state, "use_item", card="AC")  # S-12: blitz
    assert state["awaiting"]["choices"]["mixed_ranks"] is True
    assert state["awaiting"]["choices"]["mixed_ranks_hint"] is None
    state = game.act(state, "attack", cards=["7C", "8C"])
    assert state["fight"]["monster_hp"] == 18 - 15


def test_s20_s10_with_a_club_mixed_ranks_go_in_separate_attacks(game):
    state = game.fight(game.new(cls="KC", hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "4H")  # a Club character may use it as a Club (S-08)
    choices = state["awaiting"]["choices"]
    assert choices["mixed_ranks"] is False
    assert "separate attacks" in choices["mixed_ranks_hint"]
