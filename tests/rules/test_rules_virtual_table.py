"""The seeded virtual table: deals like a player, survives JSON, follows undo and odd inputs."""

import json
import random

from tracker.rules.card_rpg import VirtualDeck, apply, initial_state, places
from tracker.rules.card_rpg.bot import RandomPlayer, play


def _started(seed=7, cls="QC"):
    table = VirtualDeck(seed)
    state = apply(initial_state(), table.create_character("Vee", cls))
    state = apply(state, table.next_action(state))
    return table, state


def test_t02_the_table_rolls_the_creation_dice_per_ruleset():
    table = VirtualDeck(1)
    action = table.create_character("Vee", "KH", {"creation_dice": "2d6"})
    assert len(action["str_dice"]) == len(action["hp_dice"]) == 2
    assert action["ruleset"] == {"creation_dice": "2d6"}
    assert len(table.create_character("Vee", "KH")["str_dice"]) == 1


def test_s14_the_table_shuffles_and_deals_the_hand_from_the_top():
    table, state = _started()
    size = state["character"]["str"]  # first session: STR cards
    assert state["session"]["hand"]["known"] == table.order[:size]
    assert "QC" not in table.order and len(table.order) == 53
    reveal = table.next_action(state)
    assert reveal == {"type": "reveal_monster", "card": table.order[size]}


def test_t08a_the_table_turns_cards_in_physical_order_and_the_bottom_cards_last(game):
    table, state = _started()
    state = apply(state, table.next_action(state))  # the monster: the card after the hand
    assert state["fight"]["monster"] == table.order[state["character"]["str"]]
    state = game.new(hand=["7C", "7H", "8C", "QH", "2S"])
    state = game.thin(state, keep=0, bottom=["5D", "AS", "9C"])
    fresh = VirtualDeck(1)
    assert fresh.next_action(state) == {"type": "reveal_monster", "card": "5D"}
    state = apply(state, fresh.next_action(state))
    state = apply(state, fresh.next_action(state))  # its HP
    state = apply(state, {"type": "end_turn"})
    assert fresh.next_action(state) == {"type": "turn", "card": "AS"}  # dealt to its pile


def test_the_table_is_json_and_a_restored_copy_deals_the_same():
    player = RandomPlayer(42)
    state = apply(initial_state(), player.table.create_character("Vee", "JS"))
    for _ in range(300):
        copy = VirtualDeck.from_dict(json.loads(json.dumps(player.table.to_dict())))
        assert copy.next_action(state) == player.table.next_action(state)
        state = apply(state, player.choose(state))


def test_the_same_seed_plays_the_same_game():
    first = [action for _, action, _ in play(3, 300, "KD")]
    second = [action for _, action, _ in play(3, 300, "KD")]
    assert first == second


def test_undo_then_redo_turns_the_same_card_again():
    table, state = _started(seed=11)
    before = state
    action = table.next_action(before)
    after = apply(before, action)
    assert table.next_action(before) == action  # back to the earlier state: same card again
    assert table.next_action(after) != action


def test_the_table_follows_cards_typed_in_that_differ_from_its_order():
    rng = random.Random(5)
    player = RandomPlayer(5)
    state = apply(initial_state(), player.table.create_character("Vee", "KH"))
    for _ in range(1500):
        action = player.choose(state)
        if action["type"] in ("turn", "reveal_monster") and rng.random() < 0.3:
            # the player turned a real card other than the virtual one: any unseen card fits
            unseen = sorted(places.unknown_cards(state))
            known_slot = state["awaiting"]["choices"].get("known_card")
            action = {**action, "card": known_slot or rng.choice(unseen)}
        state = apply(state, action)
        places.check_cards(state)
        if state["session"]:
            assert len(player.table.hand(state)) == state["session"]["hand"]["count"]


def test_the_table_follows_a_buy_back_of_an_unseen_discard():
    table, state = _started(seed=3)
    player = RandomPlayer(3, table)
    bought = 0
    for _ in range(2000):
        session = state["session"]
        step = state["internal"]["step"]
        unseen = session and session["discard_count"] > len(session["discard_pile"])
        if unseen and step == "between" and state["awaiting"]["choices"]["buy_back"]:
            physical = table.discard_pile(state)
            hidden = [c for c in physical if c not in session["discard_pile"]]
            assert len(hidden) == session["discard_count"] - len(session["discard_pile"])
            state = apply(state, {"type": "buy_back", "card": hidden[-1]})
            bought += 1
        else:
            state = apply(state, player.choose(state))
        places.check_cards(state)
        if state["session"] is None and state["character"]["gold"] == 0:
            state = {**state, "character": {**state["character"], "gold": 5}}
    assert bought > 0


def test_a_fresh_table_takes_over_a_game_midway():
    *_, (_, _, state) = play(9, 120, "QS")
    table = VirtualDeck(99)
    player = RandomPlayer(99, table)
    for _ in range(500):
        state = apply(state, player.choose(state))
        places.check_cards(state)
