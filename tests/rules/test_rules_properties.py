"""Property-based tests: a bot plays random legal actions dealt by a seeded VirtualDeck.

After every step: the 54 cards are conserved (S-01), gold ≥ 0 (T-05), 1 ≤ level ≤ 10 (T-19),
HP max ≥ 1, XP < XP needed except while a level-up is due (T-18a, T-19), the state survives a
JSON round trip, every candidate decision is accepted, and a random illegal action is refused
with a RuleError that leaves the state exactly as it was.
"""

import itertools
import json
import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.rules import RuleError
from tracker.rules.card_rpg import apply, engine, initial_state, legal_action_types, places
from tracker.rules.card_rpg.bot import RandomPlayer, candidate_actions
from tracker.rules.card_rpg.ruleset import Ruleset
from tracker.rules.cards import DECK, FACE_CARDS

RULESETS = [
    dict(zip(Ruleset.CHOICES, combo, strict=True))
    for combo in itertools.product(*Ruleset.CHOICES.values())
]
INPUT_TYPES = {"start_session", "note_hand", "reveal_monster", "roll_monster_hp", "turn"}
INPUT_TYPES |= {"level_up", "buy_top", "create_character"}
RULE_ID = re.compile(r"^[ST]-\d\d[a-z]?$")
# Developer words in a refusal: Python reprs (brackets, quotes opening a word, None/True/False)
# and field or action names (underscores).
JARGON = re.compile(r"[\[\]{}_]|\bNone\b|\bTrue\b|\bFalse\b|(^|[\s(])'")
MOVE_PLACES = {"discard pile", "bottom of draw pile", "hand", "inventory", "deck"}
TURN_PILES = {"draw_pile": "of the draw pile", "attack_pile": "of its attack pile"}


def check_state(state: dict) -> None:
    """The invariants that hold after every step."""
    places.check_cards(state)
    character = state["character"]
    assert character["gold"] >= 0
    assert 1 <= character["level"] <= engine.MAX_LEVEL
    assert character["hp_max"] >= 1 and character["str"] >= 3 and character["xp"] >= 0
    if character["level"] == engine.MAX_LEVEL:
        assert character["xp_next"] is None
    else:
        assert character["xp_next"] == 10 * character["level"]
        if character["xp"] >= character["xp_next"]:
            # T-18a: XP is added first; the level rises with each roll after the loot.
            assert state["fight"]["result"] == "won"
            assert state["internal"]["step"] in ("turn", "level_up")
    awaiting = state["awaiting"]
    assert set(awaiting) == {"action", "reason", "instruction", "rule", "choices"}
    assert RULE_ID.match(awaiting["rule"]) and awaiting["instruction"]
    types = legal_action_types(state)
    assert types and len(types) == len(set(types))
    if "turn" in types:
        # Every card to turn: which pile, face up (T-08a, T-17).
        text = awaiting["instruction"]
        pile = TURN_PILES.get(awaiting["choices"]["from"], "from under the")
        assert pile in text and ("face up" in text or "Turn up" in text), text
    for event in state["events"]:
        assert RULE_ID.match(event["rule"]) and event["text"], event
        if "to" in event:  # what to do with real cards (docs/rules.md, events)
            assert event["to"] in MOVE_PLACES, event
            assert event["count"] >= len(event["cards"]), event
            assert all(card in DECK for card in event["cards"]), event
    fight = state["fight"]
    if fight is not None:
        hp = fight["monster_hp"]
        assert fight["monster_hp_shown"] == (None if hp is None else max(hp, 0))
        assert fight["deadly_blow"] in (True, False)
    assert json.loads(json.dumps(state)) == state


def illegal_action(state: dict, rng: random.Random):
    """An action that must be refused now: wrong type, a card known elsewhere, bad dice, garbage."""
    step = state["internal"]["step"]
    legal = legal_action_types(state)
    where = places.locations(state)
    way = rng.choice(["wrong_type", "known_card", "bad_dice", "garbage", "garbage"])
    if way == "known_card":
        action = _known_card_action(state, where, rng)
        if action:
            return action
    if way == "bad_dice" and step in ("monster_hp", "level_up"):
        count = state["fight"]["hp_dice"] if step == "monster_hp" else 1
        field, kind = (
            ("dice", "roll_monster_hp") if step == "monster_hp" else ("hp_dice", "level_up")
        )
        dice = rng.choice([[3] * (count + 1), [3] * (count - 1), [0] * count, [7] * count])
        return {"type": kind, field: dice}
    if way == "garbage":
        kinds = [kind for kind in legal if kind in GARBAGE]
        if kinds:
            kind = rng.choice(kinds)
            return {"type": kind, **rng.choice(GARBAGE[kind])}
        return rng.choice(["attack", None, 3, ["turn"], {"no": "type"}])
    wrong = [kind for kind in engine.ACTION_TYPES if kind not in legal] + ["fly", 42]
    card = rng.choice(DECK)
    plausible = {"card": card, "cards": [card], "dice": [3] * 3, "hp_dice": [3], "buy": False}
    plausible |= {"keep": True, "name": "X", "class": "KS", "str_dice": [3], "as": "S"}
    return {"type": rng.choice(wrong), **plausible}


def _known_card_action(state: dict, where: dict, rng: random.Random) -> dict | None:
    step, cards = state["internal"]["step"], state["cards"]
    if cards is None:
        return None
    known_top = (
        cards["draw_bottom"][0] if not cards["draw_unknown"] and cards["draw_bottom"] else None
    )
    hand = state["session"]["hand"]["known"]
    if step == "turn":
        source = engine.TURN_SOURCE[state["internal"]["pending"][0]]
        slot = known_top if source == "draw_pile" else cards[source][0]
        options = [card for card in where if card != slot]
        return {"type": "turn", "card": rng.choice(options)}
    if step == "between":
        options = [card for card in where if card != known_top]
        return {"type": "reveal_monster", "card": rng.choice(options)}
    options = [card for card in where if card not in hand]
    if step == "character_turn" and "attack" in legal_action_types(state):
        return {"type": "attack", "cards": [rng.choice(options)]}
    if "note_hand" in legal_action_types(state):
        return {"type": "note_hand", "cards": [rng.choice(options)]}
    return None


GARBAGE = {
    "start_session": [{"hand": "7C"}, {"hand": ["ZZ"]}, {"hand": [5]}],
    "note_hand": [{"cards": "7C"}, {"cards": []}, {"cards": ["1H"]}, {}],
    "reveal_monster": [{"card": "ZZ"}, {"card": None}, {}, {"card": ["7C"]}],
    "roll_monster_hp": [{"dice": "abc"}, {"dice": None}, {"dice": [True, 2, 3]}],
    "attack": [{"cards": "7C"}, {"cards": []}, {"cards": ["11H"]}, {"cards": None}],
    "use_item": [{"card": "11S"}, {}, {"card": 7}],
    "sell": [{"card": "XX"}, {}],
    "turn": [{"card": ""}, {}, {"card": {"rank": 7}}],
    "save": [{"card": "ZZ"}, {}],
    "keep_hand": [{"keep": "yes"}, {"keep": 1}, {}],
    "level_up": [{"hp_dice": [0]}, {"hp_dice": [7]}, {"hp_dice": [1, 2]}, {"hp_dice": "6"}],
    "buy_back": [{"card": "ZZ"}, {}],
    "buy_top": [{"card": "ZZ", "buy": False}, {"card": "7S", "buy": "yes"}],
}


def assert_refused(state: dict, action) -> None:
    before = engine._copy(state)
    with pytest.raises(RuleError) as caught:
        apply(state, action)
    assert RULE_ID.match(caught.value.rule), caught.value
    assert str(caught.value) == f"{caught.value.rule}: {caught.value.message}"
    assert not JARGON.search(caught.value.message), caught.value.message
    assert state == before


def run_bot(seed: int, cls: str, ruleset: dict, steps: int, stats: Counter | None = None) -> None:
    """Play `steps` random actions checking every invariant; count what happened in `stats`."""
    rng = random.Random(seed)
    player = RandomPlayer(seed)
    state = apply(initial_state(), player.table.create_character("Bot", cls, ruleset))
    for _ in range(steps):
        action = player.choose(state)
        before = engine._copy(state)
        new = apply(state, action)
        assert state == before  # apply never changes the state it is given
        check_state(new)
        assert_refused(new, illegal_action(new, rng))
        candidates = candidate_actions(new)
        for kind in legal_action_types(new):
            if kind not in INPUT_TYPES and kind != "buy_back":
                assert any(c["type"] == kind for c in candidates), (kind, new["awaiting"])
        if candidates:
            check_state(apply(new, rng.choice(candidates)))
        if stats is not None:
            stats.update(event["type"] for event in new["events"])
            stats[action["type"]] += 1
        state = json.loads(json.dumps(new))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    cls=st.sampled_from(FACE_CARDS),
    ruleset=st.sampled_from(RULESETS),
)
def test_s01_t19_random_games_keep_every_invariant(seed, cls, ruleset):
    run_bot(seed, cls, ruleset, steps=400)


def test_s01_bot_covers_all_classes_and_table_rules_and_reaches_every_event():
    stats = Counter()
    for index, (cls, ruleset) in enumerate(itertools.product(FACE_CARDS, RULESETS[::3])):
        run_bot(1000 + index, cls, ruleset, steps=500, stats=stats)
    for event in (
        "level_up", "death", "save", "item", "gold", "buy_top", "buy_back", "sell",
        "joker_kill", "session_end", "escape", "abandon", "critical_hit", "deadly_blow",
        "redeal", "skip", "club", "blitz", "ace_of_spades", "keep_hand", "jack_first",
        "random_attack", "table", "not_turned",
    ):  # fmt: skip
        assert stats[event] > 0, (event, stats)
    assert stats["kill"] > 100 and stats["death"] > 20 and stats["level_up"] > 20
