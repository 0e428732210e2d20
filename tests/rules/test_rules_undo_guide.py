"""Undo in the table's words: where each real card goes back, in order (T-08a, T-11, T-07,
T-18), and what a session end taken back means (S-15, T-08)."""

import random
from collections import Counter

import pytest

from tracker.rules.card_rpg import apply, bot, initial_state, undo
from tracker.rules.card_rpg.undo import session_crossing, undo_card_moves

HAND = ["7C", "7H", "8C", "QH", "2S"]


def _play(game, state, *steps):
    """Apply (type, fields) steps; return (actions, states after each)."""
    actions, states = [], []
    for kind, fields in steps:
        state = game.act(state, kind, **fields)
        actions.append({"type": kind, **fields})
        states.append(state)
    return actions, states


def _texts(before, actions, states) -> list[str]:
    return [move["text"] for move in undo_card_moves(before, actions, states)]


def _where(state) -> tuple[Counter, dict]:
    """How many cards each place holds, and where each known card is."""
    counts, known = Counter(), {}
    for identity, (place, _depth) in undo._placement(state).items():
        place = undo.DRAW_PILE if place == undo.DRAW_BOTTOM else place
        counts[place] += 1
        if isinstance(identity, str):
            known[identity] = place
    return counts, known


def _check_moves_rebuild(before, actions, states, order=None) -> list[dict]:
    """Doing the moves to the table of the last state gives the table of `before`: every
    place's count and every known card's place; and, given the session's real deck `order`
    (a virtual table's, by deal number), the draw pile card for card."""
    moves = undo_card_moves(before, actions, states)
    counts, known = _where(states[-1])
    for move in moves:
        source = undo.DRAW_PILE if move["from"] == undo.DRAW_BOTTOM else move["from"]
        counts[source] -= move["count"]
        counts[move["to"]] += move["count"]
        assert move["count"] >= len(move["cards"]) >= 0 and move["text"]
        for card in move["cards"]:
            assert known[card] == source, (card, move)
            known[card] = move["to"]
    want_counts, want_known = _where(before)
    assert +counts == +want_counts, moves
    for card, place in want_known.items():
        assert known[card] == place, (card, moves)
    if order is not None:
        assert _draw_pile_after(moves, states[-1], order) == _draw_pile(before, order, states[-1])
    return moves


def _draw_pile(state, order, final) -> list[str]:
    """The real draw pile of `state`, top first; cards the app has not seen by the end are "?"."""
    cards = state["cards"]
    unknown = range(cards["dealt"], cards["dealt"] + cards["draw_unknown"])
    named = {card for card in undo._placement(final) if isinstance(card, str)}
    real = [order[number] for number in unknown] + list(cards["draw_bottom"])
    return [card if card in named else "?" for card in real]


def _draw_pile_after(moves, final, order) -> list[str]:
    """The draw pile once the moves are done: cards put back go on top, in the order said."""
    pile = _draw_pile(final, order, final)
    for move in moves:
        if move["from"] in (undo.DRAW_BOTTOM, undo.DRAW_PILE):
            for card in move["cards"]:
                pile.remove(card)
        if move["to"] == undo.DRAW_PILE:
            pile[:0] = move["cards"] or ["?"] * move["count"]
    return pile


# -- within a session -------------------------------------------------------------------------


def test_t11_t12_a_random_attack_taken_back_says_where_each_turned_card_goes(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    actions, states = _play(
        game,
        state,
        ("attack", {"cards": ["QH"]}),
        ("turn", {"card": "KD"}),
        ("turn", {"card": "5C"}),
    )
    assert _texts(state, actions, states) == [
        "Put the 5♣ from the discard pile back on top of the draw pile.",
        "Put the K♦ from the discard pile back on top of the draw pile.",
        "Take the Q♥ from the discard pile back into your hand.",
    ]
    # One action back: the Q♥ and K♦ lie on the table again, the 5♣ goes on top.
    assert _texts(states[-2], actions[-1:], states[-1:]) == [
        "Put the Q♥ and K♦ from the discard pile back on the table with this turn's cards.",
        "Put the 5♣ from the discard pile back on top of the draw pile.",
    ]
    _check_moves_rebuild(state, actions, states)


def test_t13_the_monsters_attack_card_goes_back_face_down_on_its_pile(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    actions, states = _play(game, state, ("end_turn", {}), ("turn", {"card": "6H"}))
    moves = _check_moves_rebuild(state, actions, states)
    assert [move["text"] for move in moves] == [
        "Put the 6♥ from the discard pile back face down on top of the monster's attack pile."
    ]
    assert moves[0]["cards"] == ["6H"] and moves[0]["to"] == undo.ATTACK_PILE


def test_s16_s17_a_monster_taken_back_goes_on_top_last_its_unseen_cards_described_by_place(game):
    state = game.set(game.new(hand=HAND), level=2, xp_next=20)
    actions, states = _play(game, state, ("reveal_monster", {"card": "QS"}))
    moves = _check_moves_rebuild(state, actions, states)
    assert [move["text"] for move in moves] == [
        "Put the 2 cards of the Q♠'s attack pile back on top of the draw pile.",
        "Put the card under the Q♠ back on top of the draw pile.",
        "Put the Q♠, the monster, back on top of the draw pile.",
    ]
    assert [move["cards"] for move in moves] == [[], [], ["QS"]]  # unseen cards are not named
    assert [move["count"] for move in moves] == [2, 1, 1]


def test_t07_t18_a_won_fight_taken_back_puts_the_refill_back_first(game):
    state = game.fight(game.new(hand=HAND), "KD", [1, 1, 1])  # 3 HP, 1 card under it
    actions, states = _play(
        game, state, ("attack", {"cards": ["7C"]}), ("turn", {"card": "4S"})
    )  # killed; the 4♠ is loot
    assert states[-1]["fight"] is None and states[-1]["character"]["inventory"] == ["4S"]
    moves = _check_moves_rebuild(state, actions, states)
    texts = [move["text"] for move in moves]
    assert texts[0] == "Put the card you drew last into your hand back on top of the draw pile."
    assert "Put the K♦ from the discard pile back out as the monster." in texts
    assert "Put the 4♠ from your inventory back face down under the monster." in texts
    assert texts[-1] == "Take the 7♣ from the discard pile back into your hand."
    # The monster's unseen attack card goes back before the monster's cards are all out.
    assert any("attack pile" in text and "hasn't seen" in text for text in texts)


def test_t22_a_death_taken_back_gives_the_hand_back_after_the_refill_leaves_it(game):
    state = game.fight(game.new(cls="QS", hand=HAND, hp_dice=(1,)), "9S", [6, 6, 6])
    state = game.act(state, "end_turn")
    actions, states = _play(game, state, ("turn", {"card": "5D"}))  # HP 3 - 5: dies
    moves = _check_moves_rebuild(state, actions, states)
    texts = [move["text"] for move in moves]
    assert texts[0] == "Put the 5 cards you drew last into your hand back on top of the draw pile."
    assert "Take the 7♣, 7♥, 8♣, Q♥ and 2♠ from the discard pile back into your hand." in texts
    assert (
        "Put the 5♦ from the discard pile back face down on top of the monster's attack pile."
        in texts
    )
    assert "Put the 9♠ from the discard pile back out as the monster." in texts


def test_s12_t08a_a_spent_ace_comes_back_from_the_bottom_of_the_draw_pile(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.give(state, "AS")
    actions, states = _play(game, state, ("use_item", {"card": "AS"}))
    texts = [move["text"] for move in _check_moves_rebuild(state, actions, states)]
    assert "Put the A♠ from the bottom of the draw pile back into your inventory." in texts
    assert "Put the 9♠ from the discard pile back out as the monster." in texts


def test_t05_a_buy_back_taken_back_returns_the_card_to_the_discard_pile(game):
    state = game.fight(game.new(hand=HAND), "9S", [6, 6, 6])
    state = game.act(game.act(state, "attack", cards=["2S"]), "turn", card="3H")
    state = game.set(state, gold=3)
    actions, states = _play(game, state, ("buy_back", {"card": "2S"}))
    assert _texts(state, actions, states) == ["Put the 2♠ from your hand back on the discard pile."]


def test_s14_noting_the_hand_moves_no_card(game):
    state = game.new()
    actions, states = _play(game, state, ("note_hand", {"cards": ["7C", "7H"]}))
    assert undo_card_moves(state, actions, states) == []
    assert session_crossing(state, actions, states) is None


@pytest.mark.parametrize("seed", range(6))
def test_s01_t08a_every_span_within_a_session_taken_back_rebuilds_the_table(seed):
    rng = random.Random(seed)
    player = bot.RandomPlayer(f"undo-{seed}")
    cls = rng.choice(["KS", "QD", "JH", "KC", "QH", "JD"])
    ruleset = {"empty_attack_pile": rng.choice(["skip", "monster_redeals"])}
    ruleset["ace_of_diamonds"] = rng.choice(["free", "once_per_fight"])
    chain = [apply(initial_state(), player.table.create_character("Undo", cls, ruleset))]
    actions, orders = [None], [None]
    for _ in range(300):
        action = player.choose(chain[-1])
        chain.append(apply(chain[-1], action))
        actions.append(action)
        orders.append(list(player.table.order))  # the real deck of the session, by deal number
    checked = 0
    for _ in range(80):
        first = rng.randrange(1, len(chain) - 1)
        last = rng.randrange(first + 1, min(len(chain), first + 30))
        span = (chain[first], actions[first + 1 : last + 1], chain[first + 1 : last + 1])
        if chain[first]["session"] is not None and session_crossing(*span) is None:
            _check_moves_rebuild(*span, order=orders[last])
            checked += 1
    assert checked > 20


# -- across a session's start or end ------------------------------------------------------


def test_s14_a_session_start_taken_back_gathers_the_cards(game):
    state = game.create()
    actions, states = _play(game, state, ("start_session", {}), ("reveal_monster", {"card": "3C"}))
    assert session_crossing(state, actions, states) is None
    assert _texts(state, actions, states) == [
        "Gather all the cards back into the deck, but the K♠ (your class card)."
    ]


def test_s15_t08_an_undo_across_a_session_end_asks_to_rebuild_the_table(game):
    between = game.give(game.new(hand=HAND), "9C")
    actions, states = _play(
        game,
        between,
        ("reveal_monster", {"card": "3C"}),
        ("roll_monster_hp", {"dice": [1, 1, 1]}),
        ("attack", {"cards": ["7C"]}),  # kills the 3♣ (3 HP)
        ("end_session", {}),
        ("start_session", {}),
    )
    crossing = session_crossing(between, actions, states)
    assert crossing["sessions_ended"] == 1 and crossing["session"] == 1
    assert crossing["stop_index"] == 3  # taking back only the start_session needs no rebuilding
    assert session_crossing(states[3], actions[4:], states[4:]) is None
    assert crossing["rebuild_needed"] is True
    assert "past its end" in crossing["text"] and "rebuilt" in crossing["text"]
    rebuild = crossing["rebuild"]
    assert rebuild == undo_card_moves(between, actions, states)
    texts = [step["text"] for step in rebuild]
    assert texts == [
        "Gather all the cards back into the deck, but the K♠ (your class card) and your inventory.",
        "Take the 7♣, 7♥, 8♣, Q♥ and 2♠ out of the deck into your hand.",
        "Shuffle the 47 other cards.",
        "The 47 cards left are the draw pile.",
    ]
    assert sum(step["count"] for step in rebuild[1:]) == 5 + 47 + 47


def test_t08_s15_an_undo_across_a_fight_abandoned_rebuilds_the_fight(game):
    state = game.set(game.new(hand=HAND), level=2, xp_next=20)
    state = game.fight(state, "QS", [6, 6, 6])
    state = game.act(state, "attack", cards=["7C"])  # Q♠ at 11
    state = game.act(state, "turn", card="6D")  # its attack card: HP 7 - 6 = 1
    before = game.thin(state, keep=0)  # every other card already drawn and discarded unseen
    actions, states = _play(game, before, ("attack", {"cards": ["QH"]}))
    assert states[-1]["session"] is None  # T-08: no card for the random attack
    crossing = session_crossing(before, actions, states)
    assert crossing["stop_index"] == 0 and crossing["rebuild_needed"] is True
    texts = [step["text"] for step in crossing["rebuild"]]
    unseen = before["session"]["discard_count"] - 2
    assert texts == [
        "Take the Q♠ out of the deck: it is the monster.",
        "Take the 7♥, 8♣, Q♥ and 2♠ out of the deck into your hand.",
        "Take the 7♣ and 6♦ out of the deck and put them on the discard pile.",
        f"Shuffle the {unseen + 2} other cards.",
        "Deal 1 card face down under the Q♠.",
        "Deal 1 card face down to the Q♠'s attack pile.",
        f"Put {unseen} cards on the discard pile without looking at them.",
        "The 0 cards left are the draw pile.",
    ]


def test_t08_an_undo_back_to_no_session_across_a_session_end_needs_no_rebuilding(game):
    state = game.create()
    actions, states = _play(
        game,
        state,
        ("start_session", {"hand": HAND}),
        ("end_session", {}),
        ("start_session", {}),
    )
    crossing = session_crossing(state, actions, states)
    assert crossing["rebuild_needed"] is False and crossing["session"] is None
    assert crossing["stop_index"] == 1
    assert [step["text"] for step in crossing["rebuild"]] == [
        "Gather all the cards back into the deck, but the K♠ (your class card)."
    ]


def test_undo_guide_needs_one_state_per_action(game):
    state = game.new()
    with pytest.raises(ValueError):
        undo_card_moves(state, [{"type": "end_session"}], [])
    assert undo_card_moves(state, [], []) == []
