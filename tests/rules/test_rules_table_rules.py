"""The table rules T-25 … T-38 (card-rpg-table.md), each named by a test, and the refusals of
actions.md's "Several characters at one table"."""

import pytest

from tracker.rules.card_rpg import (
    apply,
    call_off_offer,
    challenge_offer,
    describe,
    engine,
    exchange,
    initial_state,
    replay,
    rivalry,
    rob_offer,
    undo_card_moves,
)
from tracker.rules.card_rpg.bot import random_game

SOLO_KEYS = {"character", "session", "fight", "awaiting", "actions", "events", "cards"}
SOLO_KEYS |= {"internal"}
HAND = ["2S", "3S", "4S", "5S", "6S"]


def seat(table, name, cls, *, hand=None, session=True, str_roll=None, hp_roll=5):
    """A new character; its STR roll makes its STR the size of `hand` when one is named."""
    if str_roll is None:
        str_roll = 2 * (len(hand) - 2) - 1 if hand else 5
    table.create(name, cls, str_roll, hp_roll)
    if session:
        table.solo(name, "start_session", **({"hand": hand} if hand else {}))
    return table[name]


def duel(table, a="QS", b="KH", rules=None):
    """Ana (class `a`) challenges Bo (class `b`), both between fights; the challenged strikes
    first unless a Jack challenged it (T-31)."""
    seat(table, "Ana", a)
    seat(table, "Bo", b)
    table.challenge("Ana", "Bo", rules)
    return table


# -- the state: two new keys ---------------------------------------------------------------------


def test_t37_a_log_with_no_robbery_or_duel_only_gains_rivals_and_duel():
    assert set(initial_state()) == SOLO_KEYS | {"rivals", "duel"}
    state = replay(random_game(11, 300, "QD"))
    assert set(state) == SOLO_KEYS | {"rivals", "duel"}
    assert state["duel"] is None
    assert state["rivals"] | {"allowed": []} == rivalry.fresh()
    assert not set(rivalry.SETUP_TYPES) & set(engine.legal_action_types(state))


def test_t37_a_state_stored_before_tables_is_played_on_with_the_two_keys_added(game):
    state = game.new("KS")
    old = {key: value for key, value in state.items() if key not in ("rivals", "duel")}
    new = apply(old, {"type": "reveal_monster", "card": "9S"})
    assert new["rivals"]["allowed"] == [] and new["duel"] is None
    assert "rivals" not in old


# -- T-25 One deck per character ----------------------------------------------------------------


def test_t25_decks_never_mix_the_robber_takes_its_own_copy(table):
    seat(table, "Ana", "QS", session=False)
    bo = seat(table, "Bo", "JH")
    table.edit("Bo", "give", "7S")
    table.rob("Ana", "Bo", "7S")
    # Each deck still holds one 7♠: Ana's in her inventory, Bo's on his discard pile.
    assert table["Ana"]["character"]["inventory"] == ["7S"]
    assert "7S" in table["Bo"]["session"]["discard_pile"]
    ana = table.solo("Ana", "start_session")
    assert ana["session"]["draw_pile"] == 54 - 1 - 1 - 5  # her own 7♠ is out of her deck
    assert bo["character"]["class"] == "JH"


def test_t25_in_a_duel_every_card_played_or_turned_stays_in_its_owners_deck(table):
    seat(table, "Ana", "QS", hand=["KD", "2H", "3H", "4H", "5H"])
    seat(table, "Bo", "JH", hand=["7C", "8C", "9C", "10C"])
    table.challenge("Bo", "Ana")  # a Jack challenges: he strikes first
    table.act("Bo", "attack", cards=["7C"])
    table.act("Ana", "attack", cards=["KD"])
    table.act("Ana", "turn", card="7C")  # Ana's own 7♣, from her own draw pile
    assert "7C" in table["Bo"]["session"]["discard_pile"]
    assert "7C" in table["Ana"]["session"]["discard_pile"]
    assert "KD" in table["Ana"]["session"]["discard_pile"]


# -- T-26 Seats -----------------------------------------------------------------------------------


def test_t26_a_step_that_must_tell_a_character_not_at_the_table_is_refused(table):
    seat(table, "Ana", "QS", session=False)
    state = table["Ana"]
    action = {"type": "rob", "card": "7S", "victim": {"name": "Bo", "class": "JH"}}
    with pytest.raises(engine.RuleError) as caught:
        exchange(state, None, action)
    assert caught.value.rule == "T-26"


def test_t26_a_duellist_whose_opponent_left_may_call_the_duel_off_alone(table):
    duel(table)
    step = exchange(table["Ana"], None, {"type": "call_off_duel"})
    assert step.actor["duel"] is None and step.actor["rivals"]["duels_drawn"] == 1
    assert step.actor["rivals"]["send"] == [{"type": "duel_called_off"}]  # dropped
    assert step.other is None and len(step.applied) == 1


def test_t26_sitting_down_and_leaving_write_nothing_into_a_log(table):
    seat(table, "Ana", "QS", session=False)
    seat(table, "Bo", "JH", session=False)
    assert table.logs == {"Ana": [], "Bo": []}
    assert set(rivalry.ACTION_TYPES) == set(rivalry.ACTION_FIELDS)
    assert not [kind for kind in rivalry.ACTION_TYPES if "seat" in kind or "table" in kind]


# -- T-27 Who robs whom ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("robber", "victim", "may"),
    [
        ("QS", "JH", True),
        ("QS", "KD", True),
        ("QS", "QH", False),
        ("KC", "JS", True),
        ("KC", "QD", True),
        ("KC", "KS", False),
        ("JD", "QS", False),
        ("JD", "KS", False),
        ("JD", "JC", False),
    ],
)
def test_s24_t23_t27_the_robbers_rank_decides_never_the_suits(table, robber, victim, may):
    seat(table, "Ana", robber, session=False)
    seat(table, "Bo", victim)
    table.edit("Bo", "give", "7S")
    if may:
        table.rob("Ana", "Bo", "7S")
        assert table["Bo"]["character"]["inventory"] == []
    else:
        victim_facts = {"name": "Bo", "class": victim}
        error = table.refused("Ana", "rob", "T-27", other="Bo", card="7S", victim=victim_facts)
        assert "rob" in error.message


def test_t27_the_victims_log_checks_the_robbers_class_too(table):
    seat(table, "Bo", "QH")
    table.edit("Bo", "give", "7S")
    robbed = {"card": "7S", "robber": {"name": "Cy", "class": "QC"}}
    error = table.game.refused(table["Bo"], "robbed", "T-27", **robbed)
    assert "Cy can't rob Bo" in error.message
    table.game.refused(table["Bo"], "robbed", "T-27", card="7S", robber={"name": "Cy"})
    table.game.refused(table["Bo"], "robbed", "T-27", card="7S", robber="Cy")


@pytest.mark.parametrize(
    "victim",
    [{"name": "Bo"}, {"name": "", "class": "JH"}, {"name": "Bo", "class": "7H"}, "Bo", None],
)
def test_t27_a_malformed_victim_is_refused(game, victim):
    state = game.create("QS", name="Ana")
    game.refused(state, "rob", "T-27", card="7S", victim=victim)


# -- T-28 When ------------------------------------------------------------------------------------


def test_t23_t28_the_robber_robs_once_before_each_session_and_never_in_one(table):
    seat(table, "Ana", "KS", session=False)
    seat(table, "Bo", "JH")
    table.edit("Bo", "give", "7S", "8S")
    table.rob("Ana", "Bo", "7S")
    assert table["Ana"]["rivals"]["rob_used"]
    error = table.refused("Ana", "rob", "T-28", other="Bo", card="8S", victim=VICTIM_BO)
    assert "robbed once" in error.message
    table.solo("Ana", "start_session")
    error = table.refused("Ana", "rob", "T-28", other="Bo", card="8S", victim=VICTIM_BO)
    assert "before your session" in error.message
    ana = table.solo("Ana", "end_session")
    assert not ana["rivals"]["rob_used"] and "rob" in ana["rivals"]["allowed"]
    table.rob("Ana", "Bo", "8S")  # once a session of hers has ended, she may rob again
    assert table["Ana"]["rivals"]["robberies"] == 2


VICTIM_BO = {"name": "Bo", "class": "JH"}


def test_t28_a_session_that_ends_by_itself_frees_the_robber_too(table):
    seat(table, "Ana", "KS", session=False)
    seat(table, "Bo", "JH")
    table.edit("Bo", "give", "7S")
    table.rob("Ana", "Bo", "7S")
    table.solo("Ana", "start_session", hand=HAND)
    table.edit("Ana", "thin", keep=3)  # level + 2: the session goes on
    ana = table.solo("Ana", "buy_top", card="9H", buy=False)  # 2 left: T-08 ends it
    assert ana["session"] is None and not ana["rivals"]["rob_used"]
    assert "rob" in ana["rivals"]["allowed"]


def test_t28_a_session_abandoned_in_a_duel_frees_the_robber_too(table):
    seat(table, "Cy", "KC", session=False, str_roll=3)
    seat(table, "Bo", "JH")
    table.edit("Bo", "give", "7S")
    table.rob("Cy", "Bo", "7S")
    table.solo("Cy", "start_session", hand=["QC", "2S", "3S", "4S"])
    table.edit("Cy", "thin", keep=3)
    table.challenge("Bo", "Cy")
    table.act("Bo", "end_turn")
    table.act("Cy", "attack", cards=["QC"])
    for card in ("KD", "JS", "QH"):
        table.act("Cy", "turn", card=card)
    cy = table["Cy"]
    assert cy["session"] is None and cy["rivals"]["duels_drawn"] == 1
    assert not cy["rivals"]["rob_used"]


def test_t28_robbed_refused_in_a_fight_a_duel_or_a_step_awaited(table, game):
    seat(table, "Bo", "JH", hand=["2C", "3C", "4C", "5C"])
    table.edit("Bo", "give", "7S")
    robbed = {"card": "7S", "robber": {"name": "Ana", "class": "QS"}}
    fight = game.fight(table["Bo"], "QD")
    error = game.refused(fight, "robbed", "T-28", **robbed)
    assert error.message.startswith("Bo is in a fight")
    monster_hp = game.act(table["Bo"], "reveal_monster", card="QD")
    game.refused(monster_hp, "robbed", "T-28", **robbed)
    seat(table, "Cy", "KC")
    table.challenge("Cy", "Bo")
    error = game.refused(table["Bo"], "robbed", "T-28", **robbed)
    assert error.message.startswith("Bo is in a duel")


def test_t28_the_victim_is_not_asked_and_may_be_robbed_any_number_of_times(table):
    seat(table, "Ana", "QS", session=False)
    seat(table, "Cy", "KC", session=False)
    seat(table, "Bo", "JH")
    table.edit("Bo", "give", "7S", "8S")
    table.rob("Ana", "Bo", "7S")
    table.rob("Cy", "Bo", "8S")
    assert table["Bo"]["rivals"]["times_robbed"] == 2
    assert "robbed" not in table["Bo"]["rivals"]["allowed"]  # nothing left to take


def test_t28_offers_say_why_a_robbery_is_not_possible(table):
    seat(table, "Ana", "QS")
    seat(table, "Bo", "JH")
    table.edit("Bo", "give", "7S")
    offer = rob_offer(table["Ana"], table["Bo"])
    assert not offer.possible and offer.rule == "T-28"
    assert offer.reason.startswith("rob before your session starts")
    table.solo("Ana", "end_session")
    offer = rob_offer(table["Ana"], table["Bo"])
    assert offer.possible and offer.cards == ("7S",)


# -- T-29 What is taken, and where the cards go ---------------------------------------------------


@pytest.mark.parametrize("card", ["AS", "AH", "AC", "AD"])
def test_t29_any_ace_may_be_robbed_it_goes_under_the_victims_draw_pile(table, card):
    seat(table, "Ana", "QS", session=False)
    seat(table, "Bo", "JH")
    bo = table.edit("Bo", "give", card)
    draw = bo["session"]["draw_pile"]
    table.rob("Ana", "Bo", card)
    assert table["Ana"]["character"]["inventory"] == [card]
    assert table["Bo"]["cards"]["draw_bottom"] == [card]
    assert table["Bo"]["session"]["draw_pile"] == draw + 1


def test_t29_the_ace_of_diamonds_is_kept_as_the_luck_gem_no_gold(table):
    seat(table, "Ana", "QS", session=False)
    seat(table, "Bo", "JH")
    table.edit("Bo", "give", "AD")
    ana = table.rob("Ana", "Bo", "AD").actor
    assert ana["character"]["gold"] == 0 and ana["character"]["inventory"] == ["AD"]
    assert "luck gem" in ana["events"][0]["text"]


@pytest.mark.parametrize("card", ["KS", "JH", "QD", "JK1", "7D", "2D", "10D"])
def test_t29_what_never_lies_in_an_inventory_is_refused(game, card):
    state = game.create("QS", name="Ana")
    error = game.refused(state, "rob", "T-29", card=card, victim=VICTIM_BO)
    assert "never lies in an inventory" in error.message


def test_t29_a_card_the_robber_holds_already_is_refused(table):
    seat(table, "Ana", "QS", session=False)
    table.edit("Ana", "give", "7S")
    error = table.game.refused(table["Ana"], "rob", "T-29", card="7S", victim=VICTIM_BO)
    assert "your own 7♠ is in your inventory" in error.message


def test_t29_a_card_the_victim_does_not_hold_is_refused_by_its_log(table):
    seat(table, "Ana", "QS", session=False)
    seat(table, "Bo", "JH")
    table.edit("Bo", "give", "8S")
    error = table.refused("Ana", "rob", "T-29", other="Bo", card="7S", victim=VICTIM_BO)
    assert error.message == "Bo has no 7♠ in the inventory to be robbed of: it holds 8♠"


def test_t29_the_robbers_card_goes_at_the_end_of_its_inventory_and_nothing_else_changes(table):
    seat(table, "Ana", "QS", session=False)
    table.edit("Ana", "give", "2H")
    seat(table, "Bo", "JH")
    table.edit("Bo", "give", "7S", "9C")
    table.edit("Bo", "set", gold=5, xp=4)
    before = {name: dict(table[name]["character"]) for name in ("Ana", "Bo")}
    table.rob("Ana", "Bo", "9C")
    ana, bo = table["Ana"]["character"], table["Bo"]["character"]
    assert ana["inventory"] == ["2H", "9C"] and bo["inventory"] == ["7S"]
    for key in ("gold", "xp", "level", "kills", "deaths", "sessions"):
        assert ana[key] == before["Ana"][key] and bo[key] == before["Bo"][key]
    event = table["Ana"]["events"][0]
    assert event["to"] == "inventory" and event["cards"] == ["9C"]
    assert event["text"] == (
        "You rob Bo's 9♣: take your own 9♣ out of your deck and lay it with your inventory."
    )
    assert table["Bo"]["events"][0]["text"] == ("Ana robbed your 9♣: put it on your discard pile.")


# -- T-30 The challenge ---------------------------------------------------------------------------


def test_s24_t24_t30_any_two_characters_between_fights_whatever_their_classes_and_levels(table):
    seat(table, "Ana", "JS")
    seat(table, "Bo", "JH")
    table.edit("Bo", "set", level=5, xp_next=50)
    assert challenge_offer(table["Ana"], table["Bo"]).possible
    table.challenge("Ana", "Bo")
    assert table["Ana"]["duel"]["opponent"]["level"] == 5


def test_t30_a_character_not_between_fights_cant_duel(table, game):
    seat(table, "Ana", "QS")
    seat(table, "Bo", "JH", session=False)
    offer = challenge_offer(table["Ana"], table["Bo"])
    assert not offer.possible and offer.rule == "T-30"
    assert "Bo can't duel now" in offer.reason
    fight = game.fight(table["Ana"], "9S")
    opponent = {"name": "Bo", "class": "JH", "level": 1, "hp_max": 4}
    game.refused(fight, "start_duel", "T-30", opponent=opponent, challenger=True)


@pytest.mark.parametrize(
    ("opponent", "challenger"),
    [
        ({"name": "Bo", "class": "JH", "level": 1}, True),
        ({"name": "Bo", "class": "JH", "level": 0, "hp_max": 4}, True),
        ({"name": "Bo", "class": "JH", "level": 11, "hp_max": 4}, True),
        ({"name": "Bo", "class": "JH", "level": 1, "hp_max": 0}, True),
        ({"name": "Bo", "class": "JH", "level": True, "hp_max": 4}, True),
        ({"name": "Bo", "class": "9H", "level": 1, "hp_max": 4}, True),
        ({"name": "Bo", "class": "JH", "level": 1, "hp_max": 4, "str": 4}, True),
        ({"name": "Bo", "class": "JH", "level": 1, "hp_max": 4}, "yes"),
        ({"name": "Bo", "class": "JH", "level": 1, "hp_max": 4}, None),
    ],
)
def test_t30_a_malformed_opponent_or_challenger_is_refused(game, opponent, challenger):
    state = game.new("QS")
    game.refused(state, "start_duel", "T-30", opponent=opponent, challenger=challenger)


def test_t30_a_duel_is_not_started_twice(table):
    duel(table)
    opponent = {"name": "Cy", "class": "KC", "level": 1, "hp_max": 6}
    table.game.refused(table["Ana"], "start_duel", "T-30", opponent=opponent, challenger=True)


# -- T-31 The start -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("challenger", "challenged", "first"),
    [("QS", "KH", "Bo"), ("JS", "KH", "Ana"), ("JS", "JH", "Bo"), ("KS", "JH", "Bo")],
)
def test_t31_the_challenged_strikes_first_unless_a_jack_challenges_a_non_jack(
    table, challenger, challenged, first
):
    duel(table, a=challenger, b=challenged)
    assert table[first]["duel"]["turn"] == "self"
    assert table[first]["awaiting"]["reason"] == "character's turn"
    other = "Ana" if first == "Bo" else "Bo"
    assert table[other]["duel"]["turn"] == "opponent"


def test_t31_each_duellist_starts_at_full_hp_with_its_hand_and_no_monster(table):
    seat(table, "Ana", "QS", hand=HAND)
    seat(table, "Bo", "JH")
    table.edit("Ana", "set", hp_max=9)
    table.challenge("Ana", "Bo")
    ana = table["Ana"]
    assert ana["duel"]["hp"] == 9
    assert ana["duel"]["opponent_hp"] == table["Bo"]["character"]["hp_max"]
    assert ana["fight"] is None and ana["session"]["hand"]["known"] == HAND
    assert ana["session"]["draw_pile"] == 54 - 1 - 5


# -- T-32 A duellist's turn -----------------------------------------------------------------------


def test_t32_a_play_counts_its_number_cards_first_then_each_random_attack(table):
    seat(table, "Ana", "QS", hp_roll=6)
    seat(table, "Bo", "JH", hand=["KC", "7C", "2H", "3H"])
    table.edit("Ana", "give", "9H")
    table.edit("Bo", "give", "AC")
    table.challenge("Ana", "Bo")  # Bo strikes first
    table.act("Bo", "use_item", card="AC")  # a play of mixed ranks (S-12)
    table.act("Bo", "attack", cards=["KC", "7C"])
    bo = table["Bo"]
    assert [event["type"] for event in bo["events"]] == ["duel_damage"]
    assert bo["duel"]["opponent_hp"] == 1 and bo["awaiting"]["reason"] == "random attack"
    assert table.sent() == []  # nothing is sent before the play has resolved
    table.act("Bo", "turn", card="5D")
    assert table.sent() == [("other", {"type": "duel_hit", "damage": 12})]
    assert table["Ana"]["duel"]["hp"] == -4


def test_t32_one_play_is_one_hit_with_all_its_damage(table):
    seat(table, "Ana", "QS", hp_roll=6)
    seat(table, "Bo", "JH", hand=["7C", "7D", "KC", "2H"])
    table.challenge("Ana", "Bo")  # Bo strikes first
    table.act("Bo", "attack", cards=["7C", "7D"])
    # All of it, whatever Ana had left; she holds no save and dies at once.
    assert table.sent() == [
        ("other", {"type": "duel_hit", "damage": 14}),
        ("actor", {"type": "duel_won"}),
    ]
    assert table["Ana"]["character"]["deaths"] == 1


def test_t32_the_play_stops_once_the_opponent_is_below_zero(table):
    seat(table, "Ana", "QS")
    seat(table, "Bo", "KH", hand=["KC", "KD", "2H"])
    table.edit("Ana", "give", "2H")  # a save, so the duel goes on
    table.challenge("Ana", "Bo")
    table.act("Bo", "attack", cards=["KC", "KD"])
    table.act("Bo", "turn", card="9C")  # 9 of Ana's 7: below zero
    assert table.sent() == [("other", {"type": "duel_hit", "damage": 9})]
    bo = table["Bo"]
    assert bo["awaiting"]["reason"] == "opponent's save"
    assert "not_turned" in [event["type"] for event in bo["events"]]
    assert {"KC", "KD", "9C"} <= set(bo["session"]["discard_pile"])
    table.act("Ana", "save", card="2H")
    assert table["Bo"]["duel"]["opponent_hp"] == 2
    # A play, no Club: Bo's turn is over once Ana has saved herself.
    assert table.sent() == [
        ("other", {"type": "duel_saved", "hp": 2}),
        ("actor", {"type": "duel_turn_over"}),
    ]


def test_t32_a_random_attack_turning_a_joker_is_a_deadly_blow(table):
    seat(table, "Ana", "QS", hand=["KD", "2H", "3H", "4H", "5H"])
    seat(table, "Bo", "KH")
    table.edit("Bo", "give", "AH")
    table.challenge("Bo", "Ana")  # Ana is challenged: she strikes first
    table.act("Ana", "attack", cards=["KD"])
    table.act("Ana", "turn", card="JK2")
    assert table.sent() == [("other", {"type": "duel_hit", "deadly": True})]
    assert table["Bo"]["awaiting"]["reason"] == "deadly blow"
    assert table["Bo"]["duel"]["hp"] == 7  # unchanged by a deadly blow


def test_t32_after_a_spade_the_turn_goes_on_and_spades_only_before_the_first_play(table):
    seat(table, "Ana", "QS", hand=HAND, hp_roll=6)
    seat(table, "Bo", "KH", hp_roll=6)
    table.edit("Ana", "give", "9C", "7S")
    table.edit("Bo", "set", hp_max=20)
    table.challenge("Bo", "Ana")
    table.act("Ana", "use_item", card="7S")
    assert table.sent() == [("other", {"type": "duel_hit", "damage": 7})]
    assert table["Ana"]["awaiting"]["reason"] == "character's turn"
    table.act("Ana", "use_item", card="9C")  # a Club: one more play
    table.act("Ana", "attack", cards=["2S"])
    assert table.sent() == [("other", {"type": "duel_hit", "damage": 2})]
    assert table["Ana"]["awaiting"]["reason"] == "character's turn"  # a Club play is left
    table.act("Ana", "attack", cards=["3S"])
    assert table.sent() == [
        ("other", {"type": "duel_hit", "damage": 3}),
        ("other", {"type": "duel_turn_over"}),
    ]
    assert table["Bo"]["duel"]["hp"] == 20 - 12


def test_t32_hands_are_not_refilled_during_a_duel_and_the_turn_may_end_without_a_play(table):
    duel(table)
    bo = table["Bo"]
    hand = bo["session"]["hand"]["count"]
    table.act("Bo", "end_turn")
    assert table["Bo"]["session"]["hand"]["count"] == hand
    assert table.sent() == [("other", {"type": "duel_turn_over"})]


# -- T-33 Inventory in a duel ---------------------------------------------------------------------


def test_t33_the_ace_of_spades_is_a_deadly_blow_only_the_ace_of_hearts_survives(table):
    seat(table, "Ana", "QS")
    seat(table, "Bo", "KH")
    table.edit("Ana", "give", "AS")
    table.edit("Bo", "give", "7H")
    table.challenge("Bo", "Ana")
    table.act("Ana", "use_item", card="AS")
    assert table["Ana"]["cards"]["draw_bottom"] == ["AS"]  # a spent Ace: under the draw pile
    bo = table["Bo"]
    assert bo["character"]["deaths"] == 1  # the 7♥ can't save him
    assert bo["awaiting"]["reason"] == "King killed: keep the hand?"
    assert table["Ana"]["rivals"]["player_kills"] == 1
    bo = table.solo("Bo", "keep_hand", keep=True)
    assert bo["character"]["inventory"] == [] and "7H" in bo["session"]["discard_pile"]


def test_t33_under_duel_ace_of_spades_off_the_ace_of_spades_cant_be_used(table):
    seat(table, "Ana", "QS", hand=HAND)
    seat(table, "Bo", "KH")
    table.edit("Ana", "give", "AS", "8S")
    table.challenge("Bo", "Ana", rules={"ace_of_spades": "off"})
    uses = table["Ana"]["awaiting"]["choices"]["usable_items"]
    assert [use["card"] for use in uses] == ["8S"]
    error = table.refused("Ana", "use_item", "T-33", card="AS")
    assert "A♠ off" in error.message


def test_t33_the_ace_of_diamonds_buys_back_once_per_duel_under_once_per_fight(table):
    table.create("Ana", "QS", 5, 5, ruleset={"ace_of_diamonds": "once_per_fight"})
    table.solo("Ana", "start_session", hand=HAND)
    seat(table, "Bo", "KH", hp_roll=6)
    table.edit("Ana", "give", "AD")
    table.challenge("Bo", "Ana")
    table.act("Ana", "attack", cards=["2S"])
    table.act("Bo", "end_turn")
    assert table["Ana"]["awaiting"]["choices"]["buy_back_cost"] == 0
    table.act("Ana", "buy_back", card="2S")
    assert table["Ana"]["character"]["gold"] == 0
    assert table["Ana"]["awaiting"]["choices"]["buy_back_cost"] == 1


def test_t33_a_diamond_class_sells_at_any_time_even_in_the_opponents_turn(table):
    seat(table, "Ana", "QD")
    seat(table, "Bo", "KH")
    table.edit("Ana", "give", "7S")
    table.challenge("Ana", "Bo")
    assert "sell" in table["Ana"]["awaiting"]["action"]
    ana = table.solo("Ana", "sell", card="7S")
    assert ana["character"]["gold"] == 7


def test_t33_fight_actions_are_refused_in_a_duel(table):
    duel(table)
    game = table.game
    game.refused(table["Ana"], "reveal_monster", "S-16", card="9S")
    game.refused(table["Ana"], "end_session", "T-08")
    game.refused(table["Ana"], "buy_top", "T-05", card="9S", buy=False)
    game.refused(table["Ana"], "attack", "T-15", cards=["2S"])  # the opponent's turn
    game.refused(table["Ana"], "turn", "T-32", card="9S")


# -- T-34 Saves and death -------------------------------------------------------------------------


def test_t34_with_no_save_the_duellist_dies_at_once_a_death_in_every_respect(table):
    seat(table, "Ana", "QS")
    seat(table, "Bo", "JH", hand=["9C", "9D", "2H", "3H"])
    table.edit("Ana", "give", "AD", "7C")
    table.edit("Ana", "set", xp=4)
    table.challenge("Ana", "Bo")
    table.act("Bo", "attack", cards=["9C"])
    ana = table["Ana"]
    assert ana["duel"] is None and ana["character"]["deaths"] == 1
    assert ana["character"]["xp"] == 4  # a Queen keeps her XP
    assert ana["character"]["inventory"] == ["AD"]  # all but the A♦
    assert ana["rivals"]["player_deaths"] == 1
    assert ana["session"]["hand"]["count"] == 5  # discarded, then refilled
    assert ana["awaiting"]["reason"] == "between fights"


def test_t34_accepting_death_or_selling_the_last_save_makes_the_opponent_win_at_once(table):
    seat(table, "Ana", "QD")
    seat(table, "Bo", "JH", hand=["9C", "9D", "2H", "3H"])
    table.edit("Ana", "give", "2H")
    table.challenge("Ana", "Bo")
    table.act("Bo", "attack", cards=["9C"])
    assert table["Ana"]["awaiting"]["action"] == ["save", "accept_death", "note_hand", "sell"]
    table.act("Ana", "sell", card="2H")
    assert table.sent() == [("other", {"type": "duel_won"})]
    assert table["Bo"]["rivals"]["player_kills"] == 1


def test_t34_a_dead_king_chooses_about_his_hand_after_the_opponent_won(table):
    seat(table, "Ana", "QS", hand=["9C", "9D", "2H", "3H", "4H"])
    seat(table, "Bo", "KH", hand=["2C", "3C", "4C", "5C"], hp_roll=1)
    table.challenge("Bo", "Ana")
    table.act("Ana", "attack", cards=["9C"])
    assert table["Ana"]["duel"] is None and table["Ana"]["rivals"]["player_kills"] == 1
    bo = table["Bo"]
    assert bo["awaiting"]["reason"] == "King killed: keep the hand?"
    table.game.refused(bo, "sell", "T-22", card="2C")
    bo = table.solo("Bo", "keep_hand", keep=False)
    assert bo["duel"] is None and bo["session"]["hand"]["count"] == 4


# -- T-35 The winner ------------------------------------------------------------------------------


def test_t35_a_win_counts_a_player_kill_and_no_kills_jokers_or_xp(table):
    seat(table, "Ana", "QS")
    seat(table, "Bo", "JH", hand=["9C", "9D", "2H", "3H"])
    table.edit("Ana", "give", "4S")
    table.challenge("Ana", "Bo")
    table.act("Bo", "attack", cards=["9C"])
    bo = table["Bo"]["character"]
    assert table["Bo"]["rivals"]["player_kills"] == 1
    assert (bo["kills"], bo["jokers"], bo["xp"]) == (0, 0, 0)
    assert bo["inventory"] == []  # nothing passes from the loser
    assert "4S" in table["Ana"]["session"]["discard_pile"]


def test_t35_under_duel_xp_hp_max_the_winner_gains_the_losers_hp_max(table):
    seat(table, "Ana", "QS")
    seat(table, "Bo", "JH", hand=["9C", "9D", "2H", "3H"])
    table.challenge("Ana", "Bo", rules={"xp": "hp_max"})
    table.act("Bo", "attack", cards=["9C"])
    assert table["Bo"]["character"]["xp"] == 7
    assert table["Bo"]["duel"] is None  # no level gained: the refill at once


# -- T-36 Draws and calling a duel off ------------------------------------------------------------


def test_t36_a_pass_then_a_hit_then_two_passes(table):
    seat(table, "Ana", "QS", hand=HAND)
    seat(table, "Bo", "KH", hp_roll=6)
    table.challenge("Ana", "Bo")
    table.act("Bo", "end_turn")
    assert table["Ana"]["duel"]["passes"] == 1
    table.act("Ana", "attack", cards=["2S"])  # a hit: the count goes back to 0 at the turn's end
    assert table["Ana"]["duel"]["passes"] == table["Bo"]["duel"]["passes"] == 0
    table.act("Bo", "end_turn")
    table.act("Ana", "end_turn")
    assert table["Ana"]["duel"] is None and table["Bo"]["duel"] is None
    assert table["Ana"]["rivals"]["duels_drawn"] == table["Bo"]["rivals"]["duels_drawn"] == 1


def test_t36_a_duel_is_called_off_when_neither_awaits_a_step(table):
    duel(table)
    table.act("Ana", "call_off_duel")  # in Bo's turn
    assert table.sent() == [("other", {"type": "duel_called_off"})]
    for name in ("Ana", "Bo"):
        assert table[name]["duel"] is None and table[name]["rivals"]["duels_drawn"] == 1


def test_t36_no_call_off_while_a_card_a_save_a_kings_choice_or_a_level_up_is_awaited(table):
    seat(table, "Ana", "QS", hand=["KD", "2H", "3H", "4H", "5H"])
    seat(table, "Bo", "KH")
    table.challenge("Bo", "Ana")
    table.act("Ana", "attack", cards=["KD"])
    table.refused("Ana", "call_off_duel", "T-36")  # a card to turn
    error = table.refused("Bo", "call_off_duel", "T-36")  # Ana's log refuses it
    assert error.message.startswith("Ana has a card to turn")


def test_t36_the_call_off_offer_says_when_both_logs_would_take_it(table):
    seat(table, "Ana", "QS", hand=["KD", "2H", "3H", "4H", "5H"])
    seat(table, "Bo", "KH")
    table.challenge("Bo", "Ana")
    assert call_off_offer(table["Bo"], table["Ana"]).possible
    table.act("Ana", "attack", cards=["KD"])
    offer = call_off_offer(table["Bo"], table["Ana"])
    assert not offer.possible and offer.rule == "T-36"
    assert call_off_offer(table["Bo"], None).possible  # Ana has left the table


def test_t36_no_duel_no_call_off(game):
    game.refused(game.new("QS"), "call_off_duel", "T-36")
    game.refused(game.new("QS"), "duel_called_off", "T-36")


# -- T-37 After a duel, and what each log holds ---------------------------------------------------


def test_t37_received_actions_are_refused_out_of_place(table):
    duel(table)
    game = table.game
    game.refused(table["Ana"], "duel_saved", "T-34", hp=3)
    game.refused(table["Ana"], "duel_won", "T-34")
    game.refused(table["Bo"], "duel_hit", "T-37", damage=3)  # his own turn
    game.refused(table["Bo"], "duel_turn_over", "T-37")
    for garbage in ({"damage": 0}, {"damage": "3"}, {"damage": 3, "deadly": True}, {}):
        game.refused(table["Ana"], "duel_hit", "T-37", **garbage)
    game.refused(table["Ana"], "duel_hit", "T-37", deadly=False)
    game.refused(game.new("QS"), "duel_hit", "T-37", damage=3)


def test_t37_a_refusal_in_the_other_log_leaves_both_unchanged(table):
    seat(table, "Ana", "QS", session=False)
    seat(table, "Bo", "JH")
    bo = table.edit("Bo", "give", "7S")
    table.states["Bo"] = table.game.fight(bo, "QD")  # Bo's own screen started a fight
    error = table.refused("Ana", "rob", "T-28", other="Bo", card="7S", victim=VICTIM_BO)
    assert error.message.startswith("Bo is in a fight")
    assert not table["Ana"]["rivals"]["rob_used"]


def test_t37_a_log_holds_the_others_facts_never_its_cards(table):
    duel(table)
    log = table.logs["Ana"]
    received = [action for action in log if action["type"].startswith("duel")]
    for action in received:
        assert set(action) <= {"type", "damage", "deadly", "hp"}


# -- T-38 The table's options ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [{"ace_of_spades": "maybe"}, {"xp": "all"}, {"colour": "red"}, "deadly", {"xp": None}],
)
def test_t38_an_unknown_duel_option_or_choice_is_refused(game, rules):
    opponent = {"name": "Bo", "class": "JH", "level": 1, "hp_max": 4}
    game.refused(
        game.new("QS"), "start_duel", "T-38", opponent=opponent, challenger=True, rules=rules
    )


def test_t38_the_options_enter_both_logs_with_every_key_filled(table):
    duel(table, rules={"xp": "hp_max"})
    expected = {"ace_of_spades": "deadly", "xp": "hp_max"}
    assert table.logs["Ana"][-1]["rules"] == table.logs["Bo"][-1]["rules"] == expected
    assert table["Ana"]["duel"]["rules"] == table["Bo"]["duel"]["rules"] == expected


# -- what a duel awaits, undo, renaming ------------------------------------------------------------


def test_t32_t36_awaiting_lists_exactly_the_actions_md_table(table):
    seat(table, "Ana", "QD", hand=["KD", "2H", "3H", "4H", "5H"])
    seat(table, "Bo", "KH", hand=["9C", "2C", "3C", "4C"], hp_roll=6)
    table.edit("Ana", "give", "7S", "6H")
    table.edit("Bo", "give", "7H")
    table.challenge("Bo", "Ana")  # Ana, challenged, strikes first

    def awaited(name):
        awaiting = table[name]["awaiting"]
        return awaiting["reason"], awaiting["action"]

    assert awaited("Ana") == (
        "character's turn",
        ["attack", "use_item", "end_turn", "call_off_duel", "note_hand", "sell"],
    )
    assert awaited("Bo") == (
        "opponent's turn",
        ["duel_hit", "duel_turn_over", "call_off_duel", "note_hand"],
    )
    table.act("Ana", "attack", cards=["KD"])
    assert awaited("Ana") == ("random attack", ["turn", "note_hand", "sell"])
    table.act("Ana", "turn", card="10S")  # 10 of Bo's 8: below zero
    assert awaited("Ana") == (
        "opponent's save",
        ["duel_saved", "duel_won", "call_off_duel", "note_hand", "sell"],
    )
    assert awaited("Bo") == ("HP below zero", ["save", "accept_death", "note_hand"])
    table.act("Bo", "save", card="7H")
    assert awaited("Ana") == (
        "opponent's turn",
        ["duel_hit", "duel_turn_over", "call_off_duel", "note_hand", "sell"],
    )
    assert awaited("Bo")[0] == "character's turn"


def test_t34_a_save_is_awaited_with_the_smallest_heart_suggested(table):
    seat(table, "Ana", "QS", hand=HAND)
    seat(table, "Bo", "JH", hand=["9C", "2C", "3C", "4C"])
    table.edit("Ana", "give", "AH", "6H", "2H")
    table.challenge("Ana", "Bo")
    table.act("Bo", "attack", cards=["9C"])
    awaiting = table["Ana"]["awaiting"]
    assert (awaiting["reason"], awaiting["action"]) == (
        "HP below zero",
        ["save", "accept_death", "note_hand"],
    )
    assert awaiting["choices"]["suggested"] == "2H"
    assert [save["card"] for save in awaiting["choices"]["saves"]] == ["2H", "6H", "AH"]
    assert awaiting["rule"] == "T-34"


def test_t37_the_awaiting_of_a_duel_is_what_describe_gives(table):
    duel(table)
    for name in ("Ana", "Bo"):
        state = table[name]
        assert describe(state) == state["awaiting"]


def test_t37_undo_says_where_each_logs_own_cards_go_back(table):
    seat(table, "Ana", "QS", session=False)
    seat(table, "Bo", "JH")
    table.edit("Bo", "give", "6S")
    before = {"Ana": table["Ana"], "Bo": table["Bo"]}
    step = table.rob("Ana", "Bo", "6S")

    def moves(who, name):
        states = [one.state for one in step.applied if one.who == who]
        return [move["text"] for move in undo_card_moves(before[name], step.actions(who), states)]

    assert moves("actor", "Ana") == ["Put the 6♠ from your inventory back into the deck."]
    assert moves("other", "Bo") == ["Put the 6♠ from the discard pile back into your inventory."]


def test_s03_a_rename_in_a_duel_keeps_the_duel_as_it_was(table):
    duel(table)
    before = table["Ana"]
    after = exchange(before, table["Bo"], {"type": "rename", "name": "Anabel"}).actor
    assert after["character"]["name"] == "Anabel"
    assert after["duel"] == before["duel"]
    assert after["awaiting"]["reason"] == before["awaiting"]["reason"] == "opponent's turn"


def test_t37_the_table_modules_join_no_import_circle_of_the_engine():
    """The engine knows of the table only rivalry.py's read-only facts, which import nothing of
    the package; everything else of the table is built on the engine, never below it."""
    from pathlib import Path

    from tests.rules.test_rules_structure import imported_modules

    package = Path(engine.__file__).parent
    prefix = "tracker.rules.card_rpg."

    def own(name: str) -> set[str]:
        found = imported_modules(package / f"{name}.py")
        return {
            module[len(prefix) :].split(".")[0] for module in found if module.startswith(prefix)
        }

    assert own("rivalry") == set()
    # The engine is engine.py and the phases of its play, a module each: together they import,
    # besides one another, only what engine.py imported when it held them all.
    phases = {"play_base", "card_moves", "sessions", "market", "fight", "items", "turned_cards"}
    phases |= {"death", "victory"}
    engine_imports = own("engine").union(*(own(phase) for phase in phases))
    assert engine_imports - phases == {"places", "rivalry", "ruleset", "rulebook", "awaiting"}
    # What the engine awaits is built from the rulebook's numbers and the play it is handed:
    # awaiting.py imports no engine (tests/rules/test_rules_structure.py: no import circle).
    assert own("awaiting") == {"rulebook", "ruleset"}
    assert own("rulebook") == set()
