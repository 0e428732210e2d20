"""What the engine tells the player to do with the real cards: `table` events for every card
moved by hand, instructions that name the pile and say "face up", reminders that stay until
done, refusals in a player's words, and fight fields a screen can show as they are."""

import re

import pytest

from tracker.rules import RuleError
from tracker.rules.card_rpg import apply, initial_state

HAND = ["7C", "7H", "8C", "QH", "2S"]
MOVE_PLACES = {"discard pile", "bottom of draw pile", "hand", "inventory", "deck"}


def moves(state: dict, to: str | None = None) -> list[dict]:
    """The `table` events of the last action (those going `to` a place, if given)."""
    return [e for e in state["events"] if e["type"] == "table" and to in (None, e["to"])]


def moved(state: dict, to: str) -> list[str]:
    """Every known card an event of the last action says to put `to` a place."""
    return [card for e in state["events"] if e.get("to") == to for card in e["cards"]]


# -- S-10, S-11, S-12: inventory cards spent, sold, claimed ---------------------------------------


def test_s12_spent_ace_event_says_bottom_of_draw_pile(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "AC", "AS")
    blitz = game.act(state, "use_item", card="AC")
    (event,) = moves(blitz)
    assert event == {
        "type": "table",
        "rule": "S-12",
        "text": event["text"],
        "cards": ["AC"],
        "to": "bottom of draw pile",
        "count": 1,
    }
    assert "A♣" in event["text"] and "bottom of the draw pile" in event["text"]
    assert blitz["cards"]["draw_bottom"] == ["AC"]
    killed = game.act(state, "use_item", card="AS")
    assert moved(killed, "bottom of draw pile") == ["AS"]
    assert game.events(killed).index("ace_of_spades") < game.events(killed).index("table")


def test_s12_ace_of_hearts_save_says_bottom_of_draw_pile(game):
    state = game.fight(game.new(hand=HAND, hp_dice=[1]), "9S", [6, 6, 6])
    state = game.give(state, "AH", "4H")
    state = game.act(game.act(state, "end_turn"), "turn", card="5D")
    saved = game.act(state, "save", card="AH")
    assert moved(saved, "bottom of draw pile") == ["AH"]
    heart = game.act(state, "save", card="4H")
    assert moved(heart, "discard pile")[:1] == ["4H"]
    assert any(e["rule"] == "S-11" and "4♥" in e["text"] for e in moves(heart))


def test_t04b_a_sold_ace_goes_to_the_bottom_a_sold_number_card_to_the_discard_pile(game):
    state = game.give(game.new(cls="KD", hand=HAND), "AS", "9C")
    sold = game.act(state, "sell", card="AS")
    assert game.events(sold) == ["sell", "table"]
    assert moved(sold, "bottom of draw pile") == ["AS"]
    sold = game.act(state, "sell", card="9C")
    assert moved(sold, "discard pile") == ["9C"]
    assert "9♣" in moves(sold)[0]["text"] and "discard pile" in moves(sold)[0]["text"]


def test_s11_a_spade_or_club_used_says_discard_pile(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "6S", "3C")
    spade = game.act(state, "use_item", card="6S")
    assert moved(spade, "discard pile") == ["6S"]
    club = game.act(state, "use_item", card="3C")
    assert moved(club, "discard pile") == ["3C"]
    assert game.events(club) == ["club", "table"]


def test_s10_a_diamond_claimed_says_bottom_of_draw_pile_and_gold(game):
    state = game.fight(game.new(hand=HAND), "QS", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C", "7H"])
    state = game.act(state, "turn", card="5D")  # loot
    (gold,) = [e for e in state["events"] if e["type"] == "gold"]
    assert gold["gold"] == 5 and gold["to"] == "bottom of draw pile" and gold["cards"] == ["5D"]
    assert "5 gold" in gold["text"] and "bottom of the draw pile" in gold["text"]


def test_t17_loot_says_where_each_card_goes(game):
    state = game.fight(game.new(hand=HAND), "QS", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C", "7H"])
    assert state["awaiting"]["reason"] == "loot"
    item = game.act(state, "turn", card="4S")
    assert moved(item, "inventory") == ["4S"]
    face = game.act(state, "turn", card="KC")
    assert moved(face, "discard pile") == ["KC", "QS"]  # then the monster (T-18)


# -- T-11, T-13: played and turned cards ------------------------------------------------------------


def test_t11_played_and_turned_cards_event_says_discard_pile(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    played = game.act(state, "attack", cards=["7C", "7H"])
    (event,) = moves(played)
    assert event["rule"] == "T-11" and event["cards"] == ["7C", "7H"]
    assert event["text"] == "Put the 7♣ and 7♥ on the discard pile."
    random = game.act(game.act(state, "attack", cards=["QH"]), "turn", card="KD")
    assert moves(random) == []  # still on the table: the critical hit goes on
    random = game.act(random, "turn", card="3C")
    assert moved(random, "discard pile") == ["QH", "KD", "3C"]
    monster = game.act(random, "turn", card="4D")  # the monster's attack card (T-13)
    assert [(e["rule"], e["cards"]) for e in moves(monster)] == [("T-13", ["4D"])]


# -- T-11a, S-21: random attacks ------------------------------------------------------------------


def test_t11a_unneeded_random_attack_is_mentioned(game):
    state = game.fight(game.new(hand=["7C", "QD", "8C", "QH", "2S"]), "9S", [1, 1, 1])
    state = game.give(state, "AC")
    state = game.act(state, "use_item", card="AC")
    state = game.act(state, "attack", cards=["7C", "QD"])  # 7 damage kills the 3-HP 9♠
    (event,) = [e for e in state["events"] if e["type"] == "not_turned"]
    assert event["rule"] == "T-11a" and event["cards"] == ["QD"]
    assert "Q♦" in event["text"] and "random attack" in event["text"]
    assert "discard pile" in event["text"]
    assert "QD" in state["session"]["discard_pile"]
    assert game.events(state).index("not_turned") < game.events(state).index("kill")


def test_t11a_unneeded_random_attacks_after_a_kill_by_the_first_one(game):
    state = game.fight(game.new(hand=["QD", "QC", "8C", "QH", "2S"]), "9S", [1, 1, 1])
    state = game.act(state, "attack", cards=["QD", "QC", "QH"])
    state = game.act(state, "turn", card="5S")  # the Q♦'s random attack kills
    (event,) = [e for e in state["events"] if e["type"] == "not_turned"]
    assert event["cards"] == ["QC", "QH"] and "Q♣ and Q♥" in event["text"]
    assert {"QD", "QC", "QH", "5S"} <= set(state["session"]["discard_pile"])
    assert state["internal"]["random_cards"] == []


def test_t11a_every_random_attack_needed_says_nothing_more(game):
    state = game.fight(game.new(hand=["QD", "QC", "8C", "QH", "2S"]), "9S", [6, 6, 6])
    state = game.act(state, "attack", cards=["QD", "QC"])
    state = game.act(state, "turn", card="2C")
    state = game.act(state, "turn", card="3C")
    assert "not_turned" not in game.events(state)
    assert state["internal"]["random_cards"] == []


def test_s21_character_random_attack_damage_is_an_event(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.act(state, "attack", cards=["QH"])
    hit = game.act(state, "turn", card="5C")
    (damage,) = [e for e in hit["events"] if e["type"] == "damage"]
    assert damage["damage"] == 5 and damage["rule"] == "S-22"
    assert damage["text"] == "5♣ (random attack): 5 damage to the 9♠ (HP 13)."
    critical = game.act(game.act(state, "turn", card="KD"), "turn", card="5C")
    (damage,) = [e for e in critical["events"] if e["type"] == "damage"]
    assert damage["damage"] == 10 and "critical hit, 2 × 5" in damage["text"]


# -- T-14, T-18, T-22: the end of a fight ----------------------------------------------------------


def test_t18_after_a_win_the_monster_and_its_cards_go_on_the_discard_pile(game):
    state = game.fight(game.new(hand=HAND), "QS", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C", "7H"])
    state = game.act(state, "turn", card="4S")  # loot; the attack pile was never turned
    (event,) = [e for e in moves(state) if e["rule"] == "T-18"]
    assert event["to"] == "discard pile" and event["cards"] == ["QS"] and event["count"] == 2
    assert event["text"] == "Put the Q♠ and the card left in its attack pile on the discard pile."


def test_t14_after_an_escape_the_fight_cards_go_on_the_discard_pile(game):
    state = game.fight(game.new(hand=["2C", "2H", "3C", "3H", "4S"], hp_dice=[6]), "QS", [6, 6, 6])
    state = game.act(state, "end_turn")
    state = game.act(state, "turn", card="2D")
    for play in (["2C", "2H"], ["3C", "3H"], ["4S"]):
        state = game.act(state, "attack", cards=play)
    (event,) = [e for e in moves(state) if e["rule"] == "T-14"]
    assert event["text"] == "Put the Q♠ and the card under it on the discard pile."
    assert event["count"] == 2


def test_t22_death_says_hand_and_inventory_to_the_discard_pile_aces_to_the_bottom(game):
    state = game.fight(game.new(cls="QS", hand=HAND, hp_dice=[1]), "QD", [6, 6, 6])
    state = game.give(state, "6C", "AS", "AD")
    state = game.act(state, "end_turn")
    state = game.act(state, "turn", card="5D")  # HP 3 - 5: dead, no Heart
    texts = [e["text"] for e in moves(state)]
    by_rule = [(e["rule"], e["to"], e["cards"]) for e in moves(state)]
    assert by_rule[0] == ("T-13", "discard pile", ["5D"])  # the card that killed
    assert ("T-22", "discard pile", HAND) in by_rule  # the hand
    assert ("T-22", "discard pile", ["6C"]) in by_rule
    assert ("T-22", "bottom of draw pile", ["AS"]) in by_rule
    assert ("T-22", "discard pile", ["QD"]) in by_rule  # the monster and its cards
    assert any("Keep the A♦" in text for text in texts)
    assert "Put your hand (5 cards) on the discard pile." in texts
    assert "Put the Q♦ and the card under it on the discard pile." in texts
    assert state["character"]["inventory"] == ["AD"]


def test_s07_a_king_who_keeps_his_hand_is_told_to_hold_on_to_it(game):
    state = game.fight(game.new(cls="KS", hand=HAND, hp_dice=[1]), "9S", [6, 6, 6])
    state = game.act(game.act(state, "end_turn"), "turn", card="5D")
    kept = game.act(state, "keep_hand", keep=True)
    (event,) = [e for e in moves(kept) if e["to"] == "hand"]
    assert event["rule"] == "S-07" and "keeps his hand" in event["text"]
    dropped = game.act(state, "keep_hand", keep=False)
    assert moved(dropped, "discard pile")[:5] == HAND


# -- T-08: the session's end ---------------------------------------------------------------------


def test_t08_session_end_says_gather_every_card_but_the_class_card_and_inventory(game):
    state = game.give(game.new(hand=HAND), "4H")
    ended = game.act(state, "end_session")
    (event,) = moves(ended)
    assert event["to"] == "deck" and event["rule"] == "T-08" and event["count"] == 52
    assert "K♠" in event["text"] and "4♥" in event["text"] and "stay out" in event["text"]
    assert game.events(ended) == ["session_end", "table"]


# -- S-13, T-05: buying ------------------------------------------------------------------------


def test_s13_buying_says_where_the_card_goes(game):
    state = game.set(game.new(hand=HAND), gold=30)
    not_bought = game.act(state, "buy_top", card="9S", buy=False)
    assert moved(not_bought, "discard pile") == ["9S"]
    bought = game.act(state, "buy_top", card="9S", buy=True)
    assert moved(bought, "inventory") == ["9S"]
    back = game.act(not_bought, "buy_back", card="9S")
    assert moved(back, "hand") == ["9S"]


# -- Instructions (T-07, T-17, S-16) ---------------------------------------------------------------


def test_t17_loot_instruction_says_turn_up_a_card_from_under_the_monster(game):
    state = game.fight(game.new(hand=HAND), "QS", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C", "7H"])
    text = state["awaiting"]["instruction"]
    assert text.startswith("Turn up a card from under the Q♠ (loot) and enter it")
    assert "face down" not in text


def test_t08a_every_turn_instruction_names_its_pile_and_says_face_up(game):
    state = game.fight(game.new(hand=HAND), "QS", [6, 6, 6])
    steps = {
        "random attack": game.act(state, "attack", cards=["QH"]),
        "monster attack card": game.act(state, "end_turn"),
    }
    steps["critical hit"] = game.act(steps["random attack"], "turn", card="KD")
    steps["monster random attack"] = game.act(steps["monster attack card"], "turn", card="JC")
    steps["monster critical hit"] = game.act(steps["monster random attack"], "turn", card="JD")
    pile = {"draw_pile": "of the draw pile", "attack_pile": "of its attack pile"}
    for reason, after in steps.items():
        awaiting = after["awaiting"]
        assert awaiting["reason"] == reason
        assert "face up" in awaiting["instruction"], awaiting["instruction"]
        assert pile[awaiting["choices"]["from"]] in awaiting["instruction"]


def test_t07_the_refill_is_said_once_with_the_fights_end(game):
    """Issue 28: the refill is said with the fight's end; what follows never asks it again, since
    a player who follows it a second time draws cards too many."""
    state = game.fight(game.new(cls="KD", hand=HAND), "3S", [1, 1, 1])
    state = game.give(state, "9C")
    ended = game.act(state, "attack", cards=["7C", "7H"])  # dead: 2 cards drawn to refill
    ended = game.set(ended, gold=3)
    start = "Draw 2 cards into your hand from the draw pile first (refill to STR 5, T-07)."
    assert ended["awaiting"]["instruction"].startswith(start)
    assert ended["awaiting"]["choices"]["refill"] == 2
    for kind, fields in (
        ("buy_back", {"card": "7C"}),
        ("sell", {"card": "9C"}),
        ("buy_top", {"card": "9D", "buy": False}),
        ("note_hand", {"cards": ["8C"]}),  # an old hand card: the drawn ones are still unseen
        ("reveal_monster", {"card": "5S"}),
    ):
        after = game.act(ended, kind, **fields)
        assert "Draw" not in after["awaiting"]["instruction"], kind
        assert "refill" not in after["awaiting"]["choices"], kind
        assert after["internal"]["refill"] == 0, kind
    # A refused action changes nothing: the refill is still to be said.
    game.refused(ended, "sell", card="5H")


def test_s16_the_deal_is_said_once_with_the_monster(game):
    """Issue 28: the cards dealt to a new monster are said with it, not again after a side
    action (dealing them twice would put cards too many under it)."""
    state = game.give(game.new(cls="KD", hand=HAND), "9C")
    state = game.act(state, "reveal_monster", card="QS")
    deal = "Deal 1 card face down under the Q♠ and 1 card face down to its attack pile"
    assert state["awaiting"]["instruction"].startswith(deal)
    for kind, fields in (("sell", {"card": "9C"}), ("note_hand", {"cards": ["7C"]})):
        after = game.act(state, kind, **fields)
        assert "Deal" not in after["awaiting"]["instruction"], kind
        assert "deal" not in after["awaiting"]["choices"], kind
    state = game.act(state, "roll_monster_hp", dice=[1, 1, 1])
    assert "Deal" not in state["awaiting"]["instruction"]


# -- Refusals in a player's words ------------------------------------------------------------------


def test_s20_an_empty_attack_is_refused_in_a_players_words(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    for cards in ([], None, "7C"):
        error = game.refused(state, "attack", "S-20", cards=cards)
        assert str(error) == "S-20: choose at least one card from your hand to attack with"


def test_s04_out_of_turn_names_what_the_game_expects_in_words():
    with pytest.raises(RuleError) as caught:
        apply(initial_state(), {"type": "start_session"})
    message = str(caught.value)
    assert message.startswith("S-04: you can't start a session now.")
    assert message.endswith("(now the game expects: create a character)")
    for action in ({"type": "fly"}, {"no": "type"}, ["turn"], None):
        with pytest.raises(RuleError) as caught:
            apply(initial_state(), action)
        assert "is not something you can do in this game" in str(caught.value)
        assert "create a character" in str(caught.value)


def test_s18_several_expected_actions_are_listed_in_words(game):
    state = game.act(game.new(cls="KD", hand=HAND), "reveal_monster", card="QS")
    error = game.refused(state, "attack", "S-18", cards=["7C"])
    assert error.message.endswith(
        "(now the game expects: roll the monster's HP or note the cards in your hand)"
    )


# Developer words in a refusal: Python reprs (brackets, quotes opening a word, None/True/False)
# and field or action names (underscores).
JARGON = re.compile(r"[\[\]{}_]|\bNone\b|\bTrue\b|\bFalse\b|(^|[\s(])'")


@pytest.mark.parametrize(
    ("kind", "fields", "rule", "words"),
    [
        ("roll_monster_hp", {"dice": None}, "S-18", "monster HP roll: roll 3 dice"),
        ("roll_monster_hp", {"dice": [1, 2]}, "S-18", "roll exactly 3 dice, not 2"),
        ("roll_monster_hp", {"dice": [1, 2, "x"]}, "S-18", "1 to 6, not “x”"),
        ("roll_monster_hp", {"dice": [1, 2, True]}, "S-18", "a whole number from 1 to 6"),
        ("note_hand", {"cards": []}, "S-14", "name at least one card you hold"),
        ("sell", {}, "T-01", "name the card first"),
        ("sell", {"card": "7x"}, "T-01", "“7x” is not a card"),
        ("sell", {"card": 7}, "T-01", "“7” is not a card"),
        ("sell", {"card": "7C"}, "S-09", "it is in your hand. Your inventory is empty"),
    ],
)
def test_t01_refusals_carry_no_developer_jargon(game, kind, fields, rule, words):
    state = game.act(game.new(cls="KD", hand=HAND), "reveal_monster", card="QS")
    error = game.refused(state, kind, rule, **fields)
    assert words in error.message, error.message
    assert not JARGON.search(error.message), error.message


def test_s07_yes_or_no_questions_are_refused_as_questions(game):
    state = game.fight(game.new(cls="KS", hand=HAND, hp_dice=[1]), "9S", [6, 6, 6])
    state = game.act(game.act(state, "end_turn"), "turn", card="5D")
    error = game.refused(state, "keep_hand", "S-07", keep="yes")
    assert error.message == "does your King keep his hand? Answer yes or no"
    between = game.set(game.new(hand=HAND), gold=30)
    error = game.refused(between, "buy_top", "S-13", card="9S", buy=None)
    assert error.message == "do you buy the card? Answer yes or no"
    error = game.refused(between, "buy_top", "S-13", card="QS", buy=True)
    assert "(buy false)" not in error.message and "Choose not to buy it" in error.message


def test_t02_creation_and_table_rule_refusals_read_as_words(game):
    error = game.refused(initial_state(), "create_character", "S-03", name=None, **{"class": "KS"})
    assert error.message == "give the character a name"
    fields = {"name": "X", "class": "KS", "str_dice": [3], "hp_dice": [3]}
    error = game.refused(initial_state(), "create_character", "T-02", **{**fields, "hp_dice": 3})
    assert error.message == "HP roll: roll 1 die and enter what it shows"
    error = game.refused(
        initial_state(), "create_character", "T-04b", **fields, ruleset={"creation_dice": "3d6"}
    )
    assert "“3d6” is not a choice for the table rule on creation dice (T-02)" in error.message
    assert "choose 1d6 or 2d6" in error.message
    error = game.refused(initial_state(), "create_character", "T-04b", **fields, ruleset={"x": 1})
    assert "“x” is not a table rule you can choose" in error.message
    assert "creation dice (T-02)" in error.message and "'" not in error.message


# -- S-01: the hand listed in full -----------------------------------------------------------------


def test_s01_refusal_lists_the_whole_hand_not_what_is_left_of_it(game):
    state = game.fight(game.new(hand=["7H", "6C", "3S", "AD", "9S"]), "QS", [6, 6, 6])
    error = game.refused(state, "attack", "S-20", cards=["7h", "7c"])
    assert error.message == (
        "the 7♣ isn't one of your known cards: your hand holds 7♥, 6♣, 3♠, A♦ and 9♠"
    )


def test_s01_refusal_counts_the_cards_the_app_has_not_seen(game):
    state = game.new()  # 5 unseen cards
    state = game.act(state, "note_hand", cards=["7H", "6C", "3S", "AD"])
    state = game.fight(state, "QS", [6, 6, 6])
    error = game.refused(state, "attack", "S-20", cards=["7c", "7d"])
    assert error.message.startswith("the 7♦ isn't one of your known cards")
    assert error.message.endswith("your hand holds 7♥, 6♣, 3♠, A♦ and 1 card the app hasn't seen")


# -- What a screen shows (S-22, T-12, T-22a) ----------------------------------------------------


def test_s22_monster_hp_shown_is_clamped_at_zero(game):
    state = game.fight(game.new(hand=HAND), "QS", [1, 1, 1])
    assert state["fight"]["monster_hp_shown"] == 3 == state["fight"]["monster_hp"]
    state = game.act(state, "attack", cards=["7C", "7H"])  # 14 damage: loot awaited
    assert state["fight"]["monster_hp"] == -11  # the contract: the value itself
    assert state["fight"]["monster_hp_shown"] == 0
    revealed = game.act(game.new(hand=HAND), "reveal_monster", card="QS")
    assert revealed["fight"]["monster_hp_shown"] is None


def test_t12_deadly_blow_fight_shows_the_character_dying(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "AH")
    state = game.act(game.act(state, "end_turn"), "turn", card="JK1")
    fight = state["fight"]
    assert fight["deadly_blow"] is True and fight["hp"] == 7  # `hp` as it was (T-12)
    assert state["awaiting"]["choices"]["deadly_blow"] is True
    saved = game.act(state, "save", card="AH")
    assert saved["fight"]["deadly_blow"] is False and saved["fight"]["hp"] == 7


def test_t22a_hp_below_zero_is_kept_and_no_deadly_blow_is_shown(game):
    state = game.fight(game.new(hand=HAND, hp_dice=[1]), "9S", [6, 6, 6])
    state = game.give(state, "4H")
    state = game.act(game.act(state, "end_turn"), "turn", card="5D")
    assert state["fight"]["hp"] == -2
    assert state["fight"]["deadly_blow"] is False


def test_t22_every_move_event_is_well_formed_in_a_whole_fight(game):
    state = game.fight(game.new(cls="JD", hand=HAND), "QS", [1, 1, 1])
    state = game.act(state, "attack", cards=["7C", "7H"])
    state = game.act(state, "turn", card="9D")
    state = game.act(state, "turn", card="AS")
    for event in state["events"]:
        if "to" in event:
            assert event["to"] in MOVE_PLACES and event["count"] >= len(event["cards"])


def test_t22_death_event_says_what_is_lost_and_kept():
    from tracker.rules.card_rpg import apply as apply_action
    from tracker.rules.card_rpg import initial_state as start

    state = apply_action(
        start(),
        {"type": "create_character", "name": "Ada", "class": "JS", "str_dice": [1], "hp_dice": [1]},
    )
    state = apply_action(state, {"type": "start_session"})
    state = apply_action(state, {"type": "reveal_monster", "card": "9C"})
    state = apply_action(state, {"type": "roll_monster_hp", "dice": [6, 6, 6]})
    # HP 3 and no save: the monster's attack card 5♦ takes it to -2 (S-23).
    state = apply_action(state, {"type": "end_turn"})
    state = apply_action(state, {"type": "turn", "card": "5D"})
    deaths = [event for event in state["events"] if event["type"] == "death"]
    assert len(deaths) == 1
    assert "no XP or loot" in deaths[0]["text"] and "kept" in deaths[0]["text"]
    assert deaths[0]["xp_lost"] == 0


def test_t15_a_clubs_extra_attack_is_not_counted_again_in_the_text(game):
    """Issue 28: on the Club's extra attack the text still said "Clubs give you 1 more attack(s)
    this turn", as if another came after it."""
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "5C", "9C")
    state = game.act(state, "use_item", card="5C")
    text = state["awaiting"]["instruction"]
    assert text.startswith("Your turn:") and "Clubs give you 1 more attack this turn." in text
    state = game.act(state, "use_item", card="9C")
    assert "Clubs give you 2 more attacks this turn." in state["awaiting"]["instruction"]
    state = game.act(state, "attack", cards=["7C"])
    text = state["awaiting"]["instruction"]
    assert text.startswith("Extra attack") and "1 more attack after this one" in text
    state = game.act(state, "attack", cards=["8C"])
    text = state["awaiting"]["instruction"]
    assert text.startswith("Extra attack") and "more attack" not in text, text
