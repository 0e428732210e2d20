"""The `rename` action (S-03: the name is part of the log, so later messages use the new one) and
whether turning the top card can end in a purchase (S-13, T-08a)."""

import pytest

from tracker.rules.card_rpg import engine, replay

HAND = ["7C", "7H", "8C", "QH", "2S"]


# -- rename --------------------------------------------------------------------------------------


def test_s03_rename_changes_only_the_name_and_keeps_what_is_awaited(game):
    state = game.fight(game.new(hand=HAND), "QS", [4, 2, 6])
    renamed = game.act(state, "rename", name="  Capitaine Fracasse ")
    assert renamed["character"]["name"] == "Capitaine Fracasse"
    assert renamed["awaiting"] == state["awaiting"]
    assert renamed["fight"] == state["fight"] and renamed["cards"] == state["cards"]
    assert renamed["actions"] == state["actions"] + 1
    (event,) = renamed["events"]
    assert event["type"] == "renamed" and event["rule"] == "S-03"
    assert event["text"] == "Capi is now called Capitaine Fracasse."
    # The reminder of the cards to deal under the monster stays too.
    monster = game.act(game.new(hand=HAND), "reveal_monster", card="QS")
    assert game.act(monster, "rename", name="X")["awaiting"] == monster["awaiting"]


def test_s03_t22_a_death_after_a_rename_names_the_new_name(game):
    state = game.fight(game.new(hand=HAND, hp_dice=(1,)), "9S", [6, 6, 6])
    state = game.act(state, "rename", name="Bertha")
    state = game.act(state, "end_turn")
    dead = game.act(state, "turn", card="5D")
    death = next(event for event in dead["events"] if event["type"] == "death")
    assert death["text"].startswith("Bertha dies")


@pytest.mark.parametrize("name", ["", "   ", "x" * 101, "a\nb", 7, None])
def test_s03_rename_refuses_a_name_the_creation_would_refuse(game, name):
    state = game.new(hand=HAND)
    game.refused(state, "rename", "S-03", name=name)


def test_s03_rename_is_refused_before_the_character_exists(game):
    from tracker.rules.card_rpg import initial_state

    error = game.refused(initial_state(), "rename", "S-04", name="Early")
    assert "no character to rename yet" in str(error)


def test_l01_rename_holds_only_a_name(game):
    game.refused(game.new(hand=HAND), "rename", "L-01", name="Ok", card="7H")
    assert engine.RECORD_ACTION_FIELDS["rename"] == ("name",)
    # Not a move of the game: never among what `awaiting` can list.
    assert "rename" not in engine.ACTION_TYPES


def test_s03_rename_is_never_listed_as_awaited_and_replays(game):
    state = game.new(hand=HAND)
    assert "rename" not in game.types(game.act(state, "rename", name="Y"))
    actions = [
        {
            "type": "create_character",
            "name": "Capi",
            "class": "KS",
            "str_dice": [5],
            "hp_dice": [5],
        },
        {"type": "rename", "name": "Between sessions"},
        {"type": "start_session"},
        {"type": "rename", "name": "In a session"},
    ]
    assert replay(actions)["character"]["name"] == "In a session"


# -- buying the top card ---------------------------------------------------------------------------


def test_s13_turning_the_top_card_to_buy_is_said_affordable_only_from_2_gold(game):
    state = game.new(hand=HAND)
    choices = state["awaiting"]["choices"]
    assert choices["buy_top"] is True and choices["buy_top_affordable"] is False
    assert game.set(state, gold=1)["awaiting"]["choices"]["buy_top_affordable"] is False
    assert game.set(state, gold=2)["awaiting"]["choices"]["buy_top_affordable"] is True


def test_t08a_a_known_top_card_too_dear_is_not_affordable(game):
    state = game.set(game.thin(game.new(hand=HAND), keep=0, bottom=["9H", "2C"]), gold=5)
    assert state["awaiting"]["choices"]["known_card"] == "9H"
    assert state["awaiting"]["choices"]["buy_top_affordable"] is False
