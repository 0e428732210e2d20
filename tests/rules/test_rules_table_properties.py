"""Property tests: two or three characters at one table, played at random (T-25–T-38).

A table bot plays each character's own fights, robberies, challenges, duels (saves, deaths,
passes, draws, call-offs, decks run down) through `exchange`, as the app would. After every
step: each deck still holds its 54 cards, each in one place (T-25, S-01); every action one log
sent the other was applied there, in order, and accepted; each log replayed alone (from its
JSON, with nothing of the other log) is in the same state; two duellists agree on whose turn it
is, on the passes and on each other's HP; and random illegal steps are refused leaving both
states exactly as they were.
"""

import json
import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.rules import RuleError, dump_log, load_log
from tracker.rules.card_rpg import (
    apply,
    challenge_action,
    describe,
    engine,
    exchange,
    initial_state,
    legal_action_types,
    places,
    replay,
    rivalry,
    rob_action,
)
from tracker.rules.card_rpg.table_bot import NAMES, TableBot
from tracker.rules.cards import DECK, FACE_CARDS
from tracker.rules.log import replay as log_replay

RIVALS_KEYS = {
    "player_kills",
    "player_deaths",
    "duels_drawn",
    "robberies",
    "times_robbed",
    "rob_used",
    "allowed",
    "send",
}
DUEL_KEYS = {"opponent", "challenger", "rules", "hp", "opponent_hp", "turn", "extra_attacks"}
DUEL_KEYS |= {"passes"}
DUEL_STEPS = {"duel_turn", "turn", "duel_opponent", "duel_opponent_save", "save", "keep_hand"}
DUEL_STEPS |= {"level_up"}
MOVE_PLACES = {"discard pile", "bottom of draw pile", "hand", "inventory", "deck"}
RULE_ID = re.compile(r"^[ST]-\d\d[a-z]?$")
# Developer words in a refusal (as the solo property tests check them).
JARGON = re.compile(r"[\[\]{}_]|\bNone\b|\bTrue\b|\bFalse\b|(^|[\s(])'")


def check_state(state: dict) -> None:
    """What holds for one character's state after every step."""
    places.check_cards(state)  # T-25: the character's own deck, whole
    rivals, duel = state["rivals"], state["duel"]
    assert set(rivals) == RIVALS_KEYS
    assert set(rivals["allowed"]) <= set(rivalry.SETUP_TYPES)
    assert not set(rivalry.SETUP_TYPES) & set(legal_action_types(state))
    assert rivals["allowed"] == rivalry.allowed(state)
    for count in ("player_kills", "player_deaths", "duels_drawn", "robberies", "times_robbed"):
        assert rivals[count] >= 0
    assert state["character"]["deaths"] >= rivals["player_deaths"]
    if duel is None:
        assert state["internal"]["step"] not in ("duel_turn", "duel_opponent")
        assert state["internal"]["step"] not in ("duel_opponent_save",)
    else:
        assert set(duel) >= DUEL_KEYS
        assert state["fight"] is None  # fight stays null throughout a duel
        assert state["internal"]["step"] in DUEL_STEPS
        assert duel["passes"] in (0, 1)
        assert duel["turn"] in ("self", "opponent", None)
        assert set(duel["rules"]) == set(rivalry.DUEL_RULES)
        if duel["turn"] is None:
            assert state["internal"]["step"] in ("keep_hand", "level_up")
        if state["internal"]["step"] in ("save",):
            assert duel["hp"] < 0 or state["internal"]["deadly"]
    for event in state["events"]:
        assert event["text"] and event["rule"]
        if "to" in event:
            assert event["to"] in MOVE_PLACES, event
            assert all(card in DECK for card in event["cards"]), event
    assert json.loads(json.dumps(state)) == state


def check_exchange(bot: TableBot, move, step) -> None:
    """Every action a log sent was applied to the other log next, in order (T-37)."""
    applied = list(step.applied)
    assert applied[0].action == move.action and applied[0].who == "actor"

    def walk(index: int) -> int:
        one = applied[index]
        index += 1
        for sent in one.state["rivals"]["send"]:
            assert index < len(applied), f"{sent} was sent and never applied"
            assert applied[index].action == sent
            assert applied[index].who != one.who
            index = walk(index)
        return index

    assert walk(0) == len(applied)


def check_duellists(bot: TableBot) -> None:
    """Two duellists agree on what both logs can know (T-32, T-36, T-37)."""
    for one, other in bot.opponent.items():
        mine, theirs = bot.states[one]["duel"], bot.states[other]["duel"]
        if mine is None or theirs is None or mine["turn"] is None or theirs["turn"] is None:
            continue
        assert {mine["turn"], theirs["turn"]} == {"self", "opponent"}
        assert mine["passes"] == theirs["passes"]
        assert mine["rules"] == theirs["rules"]
        assert mine["challenger"] != theirs["challenger"]
        character = bot.states[other]["character"]
        assert mine["opponent"]["name"] == character["name"]
        assert mine["opponent"]["class"] == character["class"]
        # The opponent's HP as this log knows it, once a play has resolved and unless a deadly
        # blow is waiting for the A♥ (it changes no HP, T-33).
        if bot.states[one]["internal"]["step"] != "turn" and not theirs["deadly_blow"]:
            assert mine["opponent_hp"] == theirs["hp"], (mine, theirs)


def refused_unchanged(actor: dict, other: dict | None, action) -> RuleError:
    """The step is refused and both states are exactly as they were."""
    before = json.dumps([actor, other], sort_keys=True)
    with pytest.raises(RuleError) as caught:
        exchange(actor, other, action)
    assert json.dumps([actor, other], sort_keys=True) == before
    assert RULE_ID.match(caught.value.rule), caught.value
    assert not JARGON.search(caught.value.message), caught.value.message
    return caught.value


GARBAGE = {
    "duel_hit": [{"damage": 0}, {"damage": "5"}, {"damage": 2, "deadly": True}, {"deadly": False}],
    "duel_saved": [{"hp": 0}, {"hp": "4"}, {"hp": True}, {}],
    "start_duel": [{"opponent": "Bo", "challenger": True}, {"challenger": "yes"}],
    "rob": [{"card": "KS", "victim": {"name": "Bo", "class": "JH"}}, {"card": "7S"}],
    "robbed": [{"card": "7S", "robber": {"name": "Bo", "class": "JH"}}, {"card": "7S"}],
    "attack": [{"cards": []}, {"cards": ["11H"]}],
    "use_item": [{"card": "ZZ"}, {}],
    "turn": [{"card": ""}, {}],
    "save": [{"card": "ZZ"}],
}


def illegal_step(bot: TableBot, rng: random.Random):
    """(actor, other, action) that some log must refuse now."""
    index = rng.randrange(len(bot.states))
    state = bot.states[index]
    opponent = bot.opponent.get(index) if state["duel"] is not None else None
    other = None if opponent is None else bot.states[opponent]
    legal = set(legal_action_types(state)) | set(state["rivals"]["allowed"])
    if "call_off_duel" in legal:
        legal.add("duel_called_off")  # accepted whenever a call-off is (T-36)
    way = rng.choice(["wrong_type", "garbage", "doomed"])
    if way == "garbage":
        kinds = [kind for kind in legal if kind in GARBAGE]
        if kinds:
            kind = rng.choice(kinds)
            return state, other, {"type": kind, **rng.choice(GARBAGE[kind])}
    if way == "doomed":
        doomed = _doomed(bot, index, rng)
        if doomed is not None:
            return doomed
    kinds = engine.ACTION_TYPES + rivalry.ACTION_TYPES
    kind = rng.choice([kind for kind in kinds if kind not in legal])
    card = rng.choice(DECK)
    fields = {"card": card, "cards": [card], "dice": [3] * 3, "hp_dice": [3], "damage": 3}
    fields |= {"hp": 3, "victim": {"name": "X", "class": "JS"}, "robber": {"name": "X"}}
    wanted = (engine.ACTION_FIELDS | rivalry.ACTION_FIELDS)[kind]
    return state, other, {"type": kind, **{k: v for k, v in fields.items() if k in wanted}}


def _doomed(bot: TableBot, index: int, rng: random.Random):
    """A step this log accepts and the other log must refuse (T-28, T-30, T-36)."""
    state = bot.states[index]
    others = [j for j in range(len(bot.states)) if j != index]
    j = rng.choice(others)
    victim = bot.states[j]
    if rivalry.ROB in state["rivals"]["allowed"] and rivalry.may_rob(
        state["character"]["class"], victim["character"]["class"]
    ):
        held = state["character"]["inventory"]
        cards = [card for card in victim["character"]["inventory"] if card not in held]
        if cards and rivalry.ROBBED not in victim["rivals"]["allowed"]:
            return state, victim, rob_action(state, victim, rng.choice(cards))
    allowed, theirs = state["rivals"]["allowed"], victim["rivals"]["allowed"]
    if rivalry.START_DUEL in allowed and rivalry.START_DUEL not in theirs:
        return state, victim, challenge_action(state, victim)
    return None


def holding(name: str, cls: str, str_roll: int, hp_roll: int, items: list[str]) -> dict:
    """A new character, no session, holding `items` as if won long ago (its log starts here)."""
    create = {"type": "create_character", "name": name, "class": cls}
    state = apply(initial_state(), create | {"str_dice": [str_roll], "hp_dice": [hp_roll]})
    state = engine._copy(state)
    state["character"]["inventory"] = list(items)
    state["rivals"]["allowed"] = rivalry.allowed(state)
    state["awaiting"] = describe(state)
    places.check_cards(state)
    return state


def run_table(
    seed: int, count: int, steps: int, stats: Counter | None = None, classes=None, states=None
):
    rng = random.Random(seed)
    bot = TableBot(seed, classes, count=count, states=states)
    start = [json.loads(json.dumps(state)) for state in bot.states]
    lone = [json.loads(json.dumps(state)) for state in bot.states]
    for move, step in bot.play(steps):
        check_exchange(bot, move, step)
        for state in bot.states:
            check_state(state)
        # Each log alone: its own actions, read back from JSON, reach the same state.
        for one in step.applied:
            index = move.actor if one.who == "actor" else move.other
            lone[index] = apply(lone[index], json.loads(json.dumps(one.action)))
        for index, state in enumerate(bot.states):
            assert lone[index] == state
        check_duellists(bot)
        actor, other, action = illegal_step(bot, rng)
        refused_unchanged(actor, other, action)
        if stats is not None:
            for one in step.applied:
                stats[one.action["type"]] += 1
                stats.update("event:" + event["type"] for event in one.state["events"])
                if one.state["duel"] is not None and one.action["type"] == "save":
                    stats["duel save:" + one.action["card"]] += 1
    for index, log in enumerate(bot.logs):
        text = dump_log(log, name=bot.states[index]["character"]["name"])
        if states is None:
            assert replay(load_log(text)) == bot.states[index]
        else:
            assert log_replay(apply, start[index], load_log(text)) == bot.states[index]
    return bot


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), count=st.sampled_from([2, 3]))
def test_t25_t37_random_tables_keep_every_deck_whole_and_every_log_standing_alone(seed, count):
    run_table(seed, count, steps=250)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    classes=st.lists(st.sampled_from(FACE_CARDS), min_size=2, max_size=3),
)
def test_t27_t36_random_tables_of_any_classes(seed, classes):
    run_table(seed, len(classes), steps=250, classes=classes)


ITEMS = sorted(rivalry.robbable_cards([]), key=DECK.index)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    table=st.lists(
        st.tuples(
            st.sampled_from(FACE_CARDS),
            st.integers(1, 6),
            st.integers(1, 6),
            st.lists(st.sampled_from(ITEMS), max_size=6, unique=True),
        ),
        min_size=2,
        max_size=3,
    ),
)
def test_t29_t34_random_tables_of_characters_holding_items(seed, table):
    """Spades, Clubs, Hearts and Aces in hand: robberies of them, saves and deadly blows."""
    states = [
        holding(NAMES[index], cls, str_roll, hp_roll, items)
        for index, (cls, str_roll, hp_roll, items) in enumerate(table)
    ]
    run_table(seed, len(states), steps=200, states=states)


def test_t25_t38_the_table_bot_reaches_robberies_duels_saves_deaths_draws_and_call_offs():
    stats = Counter()
    for seed in range(8):
        run_table(7000 + seed, 2 + seed % 2, steps=700, stats=stats)
    reached = {
        "rob",
        "robbed",
        "start_duel",
        "duel_hit",
        "duel_turn_over",
        "duel_won",
        "call_off_duel",
        "duel_called_off",
        "duel_saved",
        "event:duel_drawn",
        "event:abandon",
        "event:death",
        "event:duel_xp",
        "keep_hand",
    }
    missing = sorted(kind for kind in reached if not stats[kind])
    assert not missing, (missing, stats)
