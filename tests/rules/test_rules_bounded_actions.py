"""Every action field is bounded and only the fields of rules/actions.md are taken (S-01, S-03,
T-01, L-01): no action can make the engine work longer than its size or store what the rules
never read."""

import pytest

from tracker.rules import RuleError
from tracker.rules.card_rpg import (
    ACTION_FIELDS,
    NAME_MAX_LENGTH,
    VirtualDeck,
    apply,
    bot,
    check_name,
    engine,
    initial_state,
    rule_summary,
)
from tracker.rules.cards import DECK, FACE_CARDS, MAX_CARD_TEXT, parse_card, typed

HAND = ["7C", "7H", "8C", "QH", "2S"]
CREATE = {"type": "create_character", "class": "KS", "str_dice": [5], "hp_dice": [5]}


# -- card lists and card strings (S-01, T-01) -------------------------------------------------


@pytest.mark.parametrize("size", [55, 1000, 200_000])
def test_s01_a_card_list_longer_than_the_deck_is_refused_before_it_is_read(game, size):
    state = game.create()
    error = game.refused(state, "start_session", "S-01", hand=["7H"] * size)
    assert f"list of {size} cards" in error.message and "54" in error.message
    # Nothing in the list is even looked at: garbage beyond the deck's size is refused alike.
    error = game.refused(state, "start_session", "S-01", hand=[{"x": 1}] * size)
    assert f"list of {size} cards" in error.message


def test_s01_doubles_are_found_in_one_pass_and_named_once(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    error = game.refused(state, "attack", "S-01", cards=["7C", "7h", "7♣", "7H", "8C"])
    assert error.message == "each card exists once: 7♣ and 7♥ named twice"
    cards = list(DECK)  # all 54: as long as a list may be
    error = game.refused(game.create(), "start_session", "S-01", hand=cards[:53] + cards[:1])
    assert "A♠ named twice" in error.message


def test_t01_a_card_string_longer_than_any_card_is_refused_before_it_is_parsed(game):
    state = game.new(hand=HAND)
    for text in ("7" * (MAX_CARD_TEXT + 1), " " * 100_000 + "7H", "x" * 1_000_000):
        error = game.refused(state, "reveal_monster", "T-01", card=text)
        assert "too long to be a card" in error.message
        assert len(error.message) < 300  # the message quotes a few characters at most
    assert parse_card(" 10 ♠️ ") == "10S"  # a long but real spelling still reads


def test_t01_messages_quote_at_most_a_few_characters_on_one_line():
    assert typed("x" * 5_000_000) == "“" + "x" * 24 + "…”"
    assert typed("a\nb\x1bc") == "“a�b�c”"
    assert typed(10**5000) == "that"  # never Python's limit on long integers
    assert typed(float("nan")) == "that"
    assert typed(7) == "“7”"


def test_t04b_s06_t02_long_option_class_and_die_values_are_quoted_short(game):
    fields = {"name": "Capi", "class": "KS", "str_dice": [5], "hp_dice": [5]}
    start = initial_state()
    ruleset = {"creation_dice": "9" * 100_000}
    error = game.refused(start, "create_character", "T-04b", **{**fields, "ruleset": ruleset})
    assert len(error.message) < 300
    error = game.refused(start, "create_character", "T-01", **{**fields, "class": "K" * 100_000})
    assert len(error.message) < 400
    error = game.refused(start, "create_character", "T-02", **{**fields, "str_dice": ["6" * 9999]})
    assert len(error.message) < 200 and "…" in error.message


def test_s14_an_unknown_action_type_is_quoted_short(game):
    error = game.refused(game.create(), "z" * 1_000_000)
    assert "is not something you can do" in error.message and len(error.message) < 400


# -- names (S-03) -----------------------------------------------------------------------------


def test_s03_the_name_limit_is_the_engines_one_constant():
    assert NAME_MAX_LENGTH == engine.NAME_MAX_LENGTH == 100
    assert check_name("a" * NAME_MAX_LENGTH) == "a" * NAME_MAX_LENGTH
    with pytest.raises(RuleError) as caught:
        check_name("a" * (NAME_MAX_LENGTH + 1))
    assert caught.value.rule == "S-03" and "at most 100 characters" in caught.value.message
    assert "100 characters" in rule_summary("S-03")


@pytest.mark.parametrize(
    ("given", "stored"),
    [
        ("  Capi  ", "Capi"),
        ("Ca\u0301pi", "Cápi"),  # NFC: the accent joins its letter
        ("\u200bCapi\u200b", "Capi"),  # invisible marks at either end are trimmed
        ("\ufeff Ana \u00a0", "Ana"),
        ("Ana Lía", "Ana Lía"),
        ("李小龍", "李小龍"),
        ("👩\u200d🚀", "👩\u200d🚀"),  # a joiner inside an emoji is kept
        ("R2-D2", "R2-D2"),
        ("...", "..."),
        (" " + "é" * 100 + " ", "é" * 100),
        ("e\u0301" * 100, "é" * 100),  # 200 code points, 100 once normalised
    ],
)
def test_s03_names_are_normalised_and_trimmed(given, stored):
    assert check_name(given) == stored
    state = apply(initial_state(), {**CREATE, "name": given})
    assert state["character"]["name"] == stored


@pytest.mark.parametrize(
    ("given", "says"),
    [
        ("", "give the character a name"),
        ("   ", "give the character a name"),
        (None, "give the character a name"),
        (42, "give the character a name"),
        ("\u200b", "at least one letter"),  # zero-width space only
        ("\u202e", "at least one letter"),  # right-to-left override only
        ("\u200b\u202e\u2060\u00a0\u3000", "at least one letter"),
        ("\u0301\u0302", "at least one letter"),  # combining marks with no letter
        ("Ca\x1bpi", "control characters"),  # ESC
        ("Ca\npi", "control characters"),
        ("Ca\tpi", "control characters"),
        ("Ca\rpi", "control characters"),
        ("Ca\x7fpi", "control characters"),
        ("Ca\u2028pi", "control characters"),  # line separator
        ("Ca\u202epi", "control characters"),  # an override inside a name
        ("Ca\u2066pi", "control characters"),  # an isolate
        ("a" * 101, "at most 100 characters"),
        ("a" * 5_000_000, "at most 100 characters"),
    ],
)
def test_s03_names_need_a_visible_character_and_no_control_character(given, says):
    with pytest.raises(RuleError) as caught:
        check_name(given)
    assert caught.value.rule == "S-03" and says in caught.value.message
    with pytest.raises(RuleError) as caught:
        apply(initial_state(), {**CREATE, "name": given})
    assert caught.value.rule == "S-03" and says in caught.value.message


# -- only the fields of rules/actions.md (L-01) -------------------------------------------------


def test_l01_action_fields_list_every_action_type_with_the_contracts_fields():
    assert set(ACTION_FIELDS) == set(engine.ACTION_TYPES)
    assert ACTION_FIELDS["create_character"] == ("name", "class", "str_dice", "hp_dice", "ruleset")
    assert ACTION_FIELDS["use_item"] == ("card", "as")
    assert ACTION_FIELDS["buy_top"] == ("card", "buy")
    assert ACTION_FIELDS["end_turn"] == ACTION_FIELDS["accept_death"] == ()
    assert rule_summary("L-01")


def test_l01_an_unknown_field_is_refused_naming_the_action_and_the_field(game):
    fields = {"name": "Capi", "class": "KS", "str_dice": [5], "hp_dice": [5], "colour": "red"}
    error = game.refused(initial_state(), "create_character", "L-01", **fields)
    assert "create_character" in error.message and "“colour”" in error.message
    assert "name, class, str_dice, hp_dice and ruleset" in error.message
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    error = game.refused(state, "attack", "L-01", card=["7C"])  # a misspelt field
    assert error.message == "the attack action holds only cards, not “card”"
    error = game.refused(state, "end_turn", "L-01", why="tired")
    assert error.message == "the end_turn action holds nothing but its type, not “why”"
    error = game.refused(state, "attack", "L-01", cards=["7C"], **{"x" * 100_000: 1})
    assert len(error.message) < 200


def test_l01_a_type_impossible_now_is_refused_by_the_rule_that_forbids_it(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    game.refused(state, "buy_back", "T-05", card="7D", price=1)  # nothing to buy back yet
    game.refused(state, "reveal_monster", "S-20", card="7D", junk=1)  # out of turn


@pytest.mark.parametrize("cls", FACE_CARDS[::3])
def test_l01_the_bot_and_the_virtual_deck_write_only_listed_fields(cls):
    for _before, action, _after in bot.play(f"fields-{cls}", 600, cls):
        allowed = {"type", *ACTION_FIELDS[action["type"]]}
        assert set(action) <= allowed, action


def test_l01_the_virtual_decks_inputs_and_candidates_hold_only_listed_fields(game):
    table = VirtualDeck(5)
    action = table.create_character("Capi", "KD", {"creation_dice": "2d6"})
    assert set(action) <= {"type", *ACTION_FIELDS["create_character"]}
    state = apply(initial_state(), action)
    action = table.next_action(state)
    assert set(action) == {"type", "hand"}
    state = apply(state, action)
    assert set(table.buy_top(state, False)) == {"type", "card", "buy"}
    for candidate in bot.candidate_actions(state):
        assert set(candidate) <= {"type", *ACTION_FIELDS[candidate["type"]]}
