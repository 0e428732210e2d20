"""An engine's answer never depends on the order of a state's keys.

A record's state comes back from PostgreSQL's jsonb with every object's keys reordered (shorter
keys first, then byte order), and from SQLite's JSON as written: if an engine read an order out of
a dict (seats, heroes in a place, cards by name), a table stored on PostgreSQL would play on
differently from its own log's replay (H-07's clockwise order and ties were, seen in CI). Each
step below is applied to the state as written and to the state as jsonb gives it back."""

import json
import random

import pytest

from bench.worst_files import worst_actions
from tracker.rules.barcadia import engine as barcadia
from tracker.rules.barcadia.bot import play as barcadia_play
from tracker.rules.errors import RuleError
from tracker.rules.games import ENGINES


def as_jsonb_gives_it_back(value):
    """The value with every object's keys in jsonb's order: shorter first, then by bytes."""
    if isinstance(value, dict):
        keys = sorted(value, key=lambda key: (len(key.encode()), key.encode()))
        return {key: as_jsonb_gives_it_back(value[key]) for key in keys}
    if isinstance(value, list):
        return [as_jsonb_gives_it_back(item) for item in value]
    return value


def _same_answer(engine, state: dict, action: dict) -> dict:
    """Apply `action` to `state` as written and as jsonb gives it back: the same answer."""
    try:
        written = engine.apply(state, action)
    except RuleError as refusal:
        with pytest.raises(RuleError) as again:
            engine.apply(as_jsonb_gives_it_back(state), action)
        assert (again.value.rule, str(again.value)) == (refusal.rule, str(refusal))
        return state
    reordered = engine.apply(as_jsonb_gives_it_back(state), action)
    assert json.dumps(reordered, sort_keys=True) == json.dumps(written, sort_keys=True), action
    return written


def test_the_reordering_is_jsonbs():
    assert list(as_jsonb_gives_it_back({"Ana": 1, "Bo": 2, "aa": {"zz": 1, "b": 2}})) == [
        "Bo",
        "aa",
        "Ana",
    ]


@pytest.mark.parametrize("game", ["card-rpg", "barbarian-vince", "heroes-of-barcadia"])
def test_every_step_of_a_long_game_is_the_same_whatever_the_key_order(game):
    engine = ENGINES[game]
    state = engine.initial_state()
    for action in worst_actions(game, 600):
        state = _same_answer(engine, state, action)


@pytest.mark.parametrize("seed", range(12))
def test_h07_ht02_the_turn_order_and_its_ties_follow_the_seats_not_the_names(seed):
    """Heroes of names of every length roll for the order, ties included (HT-02)."""
    rng = random.Random(seed)
    for before, action, _after in barcadia_play(rng, players=rng.randint(2, 6), steps=120):
        _same_answer(barcadia, before, action)
