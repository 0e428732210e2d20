"""Cards, notation, the character record, creation and sessions (S-01…S-06, S-14, S-15, T-01,
T-02, T-04, T-04b's options, T-07, T-08, T-08a)."""

import pytest

from tracker.rules import RuleError
from tracker.rules.card_rpg import Ruleset, card_census, initial_state, normalise_card
from tracker.rules.cards import DECK, FACE_CARDS, is_face, is_joker, is_number, rank, value


def test_s01_one_deck_of_54_cards_with_two_distinct_jokers():
    assert len(DECK) == 54 == len(set(DECK))
    assert "JK1" in DECK and "JK2" in DECK
    assert sum(card_census(initial_state()).values()) == 54


def test_s01_a_card_known_in_one_place_cannot_be_named_in_another(game):
    state = game.new(hand=["7C", "7H", "8C", "QH", "2S"])
    state = game.fight(state, "9S", [6, 6, 6])
    state = game.act(state, "attack", cards=["7C"])  # the 7♣ is now in the discard pile
    error = game.refused(state, "turn", "S-01", card="7C")
    assert "the 7♣ is in the discard pile" in error.message
    error = game.refused(state, "turn", "S-01", card="KS")
    assert "class card" in error.message
    error = game.refused(state, "turn", "S-01", card="7H")
    assert "in your hand" in error.message
    error = game.refused(state, "turn", "S-01", card="9S")
    assert "is the monster" in error.message


def test_s01_every_step_accounts_for_all_54_cards(game):
    state = game.new(hand=["7C", "7H", "8C", "QH", "2S"])
    census = card_census(state)
    assert census["class"] == 1 and census["hand"] == 5 and census["draw_pile"] == 48
    state = game.fight(state, "QS", [4, 2, 6])
    census = card_census(state)
    assert (census["monster"], census["hidden"], census["attack_pile"]) == (1, 1, 1)
    assert census["draw_pile"] == 45 and sum(census.values()) == 54


def test_s02_values_ace_one_numbers_face_value_faces_and_jokers_none():
    assert value("AS") == 1 and value("7H") == 7 and value("10D") == 10
    assert value("JC") == value("QH") == value("KS") == value("JK1") == 0
    assert is_number("AS") and is_number("10C") and not is_number("QD") and not is_number("JK2")
    assert is_face("JD") and not is_face("JK1") and is_joker("JK2")
    assert rank("JK1") == rank("JK2")  # S-20: the two Jokers count as one rank


@pytest.mark.parametrize(
    ("written", "normal"),
    [
        ("7H", "7H"),
        ("10♠", "10S"),
        ("qd", "QD"),
        ("T♣", "10C"),
        ("t h", "10H"),
        ("a♦", "AD"),
        ("K♥️", "KH"),
        ("jk1", "JK1"),
        ("BJ", "JK1"),
        ("rj", "JK2"),
        ("JK2", "JK2"),
    ],
)
def test_t01_every_accepted_notation_is_normalised(written, normal):
    assert normalise_card(written) == normal


@pytest.mark.parametrize("bad", ["1H", "11S", "ZZ", "", "JK3", "10", "H7", "7X", None, 7, ["7H"]])
def test_t01_anything_else_is_refused_showing_the_accepted_forms(bad):
    with pytest.raises(RuleError) as caught:
        normalise_card(bad)
    assert caught.value.rule == "T-01"
    assert "JK1" in caught.value.message and "♠" in caught.value.message


def test_t01_actions_accept_any_notation_and_the_state_shows_the_normal_form(game):
    state = game.new(cls="k♠", hand=["t♣", "7♥", "8c", "qh", "bj"])
    assert state["character"]["class"] == "KS"
    assert state["session"]["hand"]["known"] == ["10C", "7H", "8C", "QH", "JK1"]


def test_s03_the_record_has_every_field(game):
    character = game.create()["character"]
    for field in ("name", "class", "level", "str", "hp_max", "xp", "xp_next", "gold"):
        assert field in character
    for field in ("jokers", "kills", "deaths", "sessions", "inventory", "ruleset"):
        assert field in character
    game.refused(initial_state(), "create_character", "S-03", name="  ", **{"class": "KS"})


def test_s04_new_character_level_1_xp_0_of_10_and_zeros(game):
    character = game.create()["character"]
    assert character["level"] == 1 and character["xp"] == 0 and character["xp_next"] == 10
    assert character["gold"] == character["jokers"] == character["kills"] == 0
    assert character["deaths"] == character["sessions"] == 0 and character["inventory"] == []


@pytest.mark.parametrize(("roll", "strength", "hp"), [(1, 3, 3), (2, 3, 4), (5, 5, 7), (6, 5, 8)])
def test_s05_str_is_half_the_roll_rounded_up_plus_2_and_hp_the_roll_plus_2(
    game, roll, strength, hp
):
    character = game.create(str_dice=[roll], hp_dice=[roll])["character"]
    assert (character["str"], character["hp_max"]) == (strength, hp)


@pytest.mark.parametrize("cls", FACE_CARDS)
def test_s06_all_twelve_face_cards_are_classes(game, cls):
    assert game.create(cls=cls)["character"]["class"] == cls


@pytest.mark.parametrize("bad", ["JK1", "7H", "AS"])
def test_s06_jokers_and_number_cards_are_not_classes(game, bad):
    error = game.refused(
        initial_state(),
        "create_character",
        "S-06",
        name="X",
        str_dice=[3],
        hp_dice=[3],
        **{"class": bad},
    )
    assert "face card" in error.message


def test_s06_the_class_card_is_out_of_the_deck_every_session(game):
    state = game.new()
    assert state["session"]["draw_pile"] + state["session"]["hand"]["count"] == 53
    game.refused(state, "reveal_monster", "S-01", card="KS")
    game.refused(state, "note_hand", "S-01", cards=["KS"])


def test_t02_creation_is_1d6_by_default_and_2d6_as_an_option(game):
    assert game.create()["character"]["ruleset"]["creation_dice"] == "1d6"
    state = game.create(str_dice=[6, 6], hp_dice=[6, 5], ruleset={"creation_dice": "2d6"})
    assert state["character"]["str"] == 8 and state["character"]["hp_max"] == 13
    game.refused(
        initial_state(), "create_character", "T-02", name="X", str_dice=[6], hp_dice=[6, 6],
        ruleset={"creation_dice": "2d6"}, **{"class": "QH"},
    )  # fmt: skip


@pytest.mark.parametrize("dice", [[0], [7], [3, 3], [], "5", [2.0], [True], None])
def test_t02_typed_in_dice_must_be_one_die_1_to_6(game, dice):
    game.refused(
        initial_state(), "create_character", "T-02", name="X", str_dice=dice, hp_dice=[3],
        **{"class": "QH"},
    )  # fmt: skip


def test_t04b_unknown_table_rule_options_are_refused(game):
    for ruleset in ({"robbing": "on"}, {"creation_dice": "3d6"}, {"empty_attack_pile": 1}, "2d6"):
        error = game.refused(
            initial_state(), "create_character", "T-04b", name="X", str_dice=[3], hp_dice=[3],
            ruleset=ruleset, **{"class": "QH"},
        )  # fmt: skip
        assert "T-04b" in str(error)
    assert Ruleset.from_dict({}) == Ruleset()
    assert Ruleset.from_dict({"ace_of_diamonds": "once_per_fight"}).to_dict() == {
        "creation_dice": "1d6",
        "ace_of_diamonds": "once_per_fight",
        "empty_attack_pile": "skip",
    }


def test_s14_first_session_deals_str_cards_later_ones_half_rounded_up(game):
    state = game.new(str_dice=[5])  # STR 5
    assert state["session"]["hand"]["count"] == 5 and state["session"]["number"] == 1
    state = game.act(state, "end_session")
    assert state["awaiting"]["choices"]["hand_cards"] == 3
    state = game.act(state, "start_session")
    assert state["session"]["hand"]["count"] == 3 and state["session"]["number"] == 2


def test_s14_a_hand_given_must_have_exactly_that_many_cards(game):
    state = game.create()
    game.refused(state, "start_session", "S-14", hand=["7C", "7H"])
    game.refused(state, "start_session", "S-01", hand=["7C", "7C", "8C", "QH", "2S"])
    assert "5 cards" in state["awaiting"]["instruction"]
    assert "K♠" in state["awaiting"]["instruction"]


def test_s15_sessions_go_up_when_the_deck_runs_out_or_the_player_ends_it(game):
    state = game.new()
    state = game.act(state, "end_session")
    assert state["character"]["sessions"] == 1 and state["session"] is None
    assert "session_end" in game.events(state)
    assert state["awaiting"]["action"] == "start_session"


def test_t04_the_inventory_stays_out_of_the_shuffle_across_sessions(game):
    state = game.give(game.new(), "4H", "AD")
    state = game.act(state, "end_session")
    assert state["character"]["inventory"] == ["4H", "AD"]
    assert state["awaiting"]["choices"]["deck"] == 51
    state = game.act(state, "start_session")
    assert state["session"]["draw_pile"] + state["session"]["hand"]["count"] == 51
    game.refused(state, "reveal_monster", "S-01", card="4H")


def test_t07_hand_refilled_to_str_after_each_fight_not_during(game):
    state = game.new(hand=["7C", "7H", "8C", "QH", "2S"])
    state = game.fight(state, "3S", [1, 1, 1])
    state = game.act(state, "attack", cards=["2S"])  # 2 damage to 3 HP: alive
    assert state["session"]["hand"]["count"] == 4  # no refill mid-fight
    state = game.act(state, "turn", card="AH")  # the monster's attack card: 1 damage
    state = game.act(state, "attack", cards=["8C"])  # dead
    assert state["fight"] is None
    assert state["session"]["hand"]["count"] == 5
    assert state["awaiting"]["choices"]["refill"] == 2
    assert state["awaiting"]["instruction"].startswith("Draw 2 cards into your hand")


def test_t07_a_fresh_hand_each_session(game):
    state = game.new(hand=["7C", "7H", "8C", "QH", "2S"])
    state = game.act(state, "end_session")
    state = game.act(state, "start_session", hand=["7C", "9D", "2S"])
    assert state["session"]["hand"]["known"] == ["7C", "9D", "2S"]
    assert state["session"]["discard_count"] == 0


def test_t08_session_ends_between_fights_when_fewer_than_level_plus_2_cards(game):
    state = game.new(hand=["7C", "7H", "8C", "QH", "2S"])
    state = game.thin(state, keep=4)
    state = game.fight(state, "5S", [1, 1, 1])  # monster + 1 attack card: 2 left
    assert state["session"]["draw_pile"] == 2 and state["session"] is not None
    state = game.act(state, "attack", cards=["7C"])  # dead; refill 1: 1 left < 3
    assert state["character"]["sessions"] == 1
    assert state["session"] is None and state["fight"] is None
    assert "session_end" in game.events(state)
    assert card_census(state)["deck"] == 53  # every card but the class card back in the deck


def test_t08_an_empty_draw_pile_mid_fight_abandons_the_fight_and_ends_the_session(game):
    state = game.new(hand=["7C", "7H", "8C", "QH", "2S"])
    state = game.fight(state, "9S", [6, 6, 6])
    state = game.thin(state, keep=0)
    xp, deaths = state["character"]["xp"], state["character"]["deaths"]
    state = game.act(state, "attack", cards=["QH"])  # a random attack needs a card: none left
    assert "abandon" in game.events(state)
    assert state["fight"] is None and state["session"] is None
    assert state["character"]["sessions"] == 1
    assert (state["character"]["xp"], state["character"]["deaths"]) == (xp, deaths)


def test_t08_while_dealing_a_fight_deal_what_there_is(game):
    state = game.set(game.new(), level=4, xp_next=40)
    state = game.thin(state, keep=6)
    state = game.act(state, "reveal_monster", card="JK1")  # wants 2 hidden + 8 attack cards
    assert (state["fight"]["hidden"], state["fight"]["attack_pile"]) == (2, 3)
    assert state["session"]["draw_pile"] == 0


def test_t08a_a_card_put_at_the_bottom_is_turned_only_after_every_card_above_it(game):
    state = game.new(cls="KS", hand=["7C", "7H", "8C", "QH", "2S"])
    state = game.fight(state, "QS", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C"])  # 7 damage to 3 HP: dead
    state = game.act(state, "turn", card="5D")  # loot: a Diamond -> gold, bottom of the pile
    assert state["cards"]["draw_bottom"] == ["5D"]
    assert state["character"]["gold"] == 5
    error = game.refused(state, "reveal_monster", "T-08a", card="5D")
    assert "bottom of the draw pile" in error.message
    state = game.thin(state, keep=0, bottom=["9C", "9H", "9S"])
    assert state["awaiting"]["choices"]["known_card"] == "5D"
    game.refused(state, "reveal_monster", "T-08a", card="9C")
    game.refused(state, "reveal_monster", "T-08a", card="6C")
    state = game.act(state, "reveal_monster", card="5D")
    assert state["fight"]["monster"] == "5D"
    assert state["cards"]["attack_pile"] == ["9C"]


def test_t08a_face_down_piles_are_turned_in_the_order_dealt(game):
    state = game.new(hand=["7C", "7H", "8C", "QH", "2S"])
    state = game.set(state, level=2, xp_next=20)
    state = game.thin(state, keep=0, bottom=["JK2", "4D", "9H", "3C", "6S"])
    state = game.act(state, "reveal_monster", card="JK2")  # 2 hidden, then 4 attack cards
    assert state["cards"]["hidden"] == ["4D", "9H"]
    assert state["cards"]["attack_pile"] == ["3C", "6S"]  # the pile ran out: what there was
    state = game.act(state, "attack", cards=["2S"])
    game.refused(state, "turn", "T-08a", card="6S")
    assert state["awaiting"]["choices"]["known_card"] == "3C"
    state = game.act(state, "turn", card="3C")
    assert state["fight"]["hp"] == 4
