"""Card RPG's sentences go through the engines' translation seam: each refusal, event and
instruction a player reads is a Msg with a stable msgid, and its English text is unchanged."""

import pytest

from tracker.rules import RuleError
from tracker.rules.card_rpg import apply, initial_state
from tracker.rules.cards import card_text, cards_text
from tracker.rules.text import Msg, translate


def created(**fields):
    action = {"type": "create_character", "name": "Ana", "class": "KH"}
    action |= {"str_dice": [4], "hp_dice": [5]} | fields
    return apply(initial_state(), action)


def refusal(state, action) -> RuleError:
    with pytest.raises(RuleError) as caught:
        apply(state, action)
    return caught.value


def test_creation_event_and_instruction_are_messages():
    state = created()
    (event,) = state["events"]
    assert isinstance(event["text"], Msg)
    assert (
        event["text"].msgid
        == "{name} the {card}: STR {str} (roll {str_roll}), HP {hp} (roll {hp_roll})."
    )
    assert event["text"] == "Ana the K♥: STR 4 (roll 4), HP 7 (roll 5)."
    instruction = state["awaiting"]["instruction"]
    assert isinstance(instruction, Msg)
    assert instruction == (
        "Take the K♥ out of the deck, shuffle the other 53 cards and deal 4 cards to your hand "
        "(first session: as many as your STR)."
    )


def test_refusals_keep_the_rule_outside_the_message():
    error = refusal(initial_state(), {"type": "create_character", "name": "Ana", "class": "7H"})
    assert error.rule == "S-06"
    assert isinstance(error.message, Msg)
    assert (
        error.message.msgid
        == "the class must be a face card (J, Q or K of any suit), not the {card}"
    )
    assert str(error) == "S-06: the class must be a face card (J, Q or K of any suit), not the 7♥"

    error = refusal(created(), {"type": "attack", "cards": ["7H"]})
    assert error.rule == "S-14"
    assert isinstance(error.message, Msg)
    assert error.message.msgid == "you can't {what} now. {allowed}"
    assert error.message.startswith("you can't attack now. Take the K♥ out of the deck")
    assert error.message.endswith("(now the game expects: start a session)")


def test_dice_and_card_refusals_are_messages():
    error = refusal(
        initial_state(),
        {"type": "create_character", "name": "Ana", "class": "KH", "str_dice": [9], "hp_dice": [1]},
    )
    assert (error.rule, error.message) == (
        "T-02",
        "STR roll: each die shows a whole number from 1 to 6, not “9”",
    )
    assert error.message.msgid == "{what}: {problem}"
    assert error.message.params["problem"].msgid == (
        "each die shows a whole number from 1 to {sides}, not {shown}"
    )
    error = refusal(created(), {"type": "start_session", "hand": ["7X"]})
    assert error.rule == "T-01"
    assert error.message.msgid == "{text} is not a card: write {forms}"
    assert error.message.startswith("“7X” is not a card: write a rank (A 2 3")


def test_session_start_event_and_card_lists():
    state = apply(created(), {"type": "start_session", "hand": ["2S", "3S", "4S", "JK1"]})
    assert [event["text"].msgid for event in state["events"]] == [
        "Session {number} starts: {size} cards dealt to your hand."
    ]
    assert state["events"][0]["text"] == "Session 1 starts: 4 cards dealt to your hand."
    assert isinstance(card_text("JK1"), Msg) and card_text("JK1") == "black Joker"
    listed = cards_text(["2S", "3S", "JK2"])
    assert listed == "2♠, 3♠ and red Joker"
    catalogue = {"{first}, {rest}": "{first}、{rest}", "{first} and {last}": "{first}和{last}"}
    catalogue["red Joker"] = "紅鬼牌"
    assert translate(listed, lambda s: catalogue.get(s, s)) == "2♠、3♠和紅鬼牌"


def test_every_sentence_of_a_random_game_is_a_message():
    from tracker.rules.card_rpg.bot import play

    plain = set()
    for seed in range(3):
        for _before, _action, after in play(seed, 200):
            awaiting = after["awaiting"]
            texts = [event["text"] for event in after["events"]]
            texts += [awaiting["instruction"], awaiting["reason"]]
            texts += [use["text"] for use in awaiting["choices"].get("item_uses", [])]
            plain |= {text for text in texts if not isinstance(text, Msg)}
    assert not plain
