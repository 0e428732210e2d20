"""Helpers for the rules engine's tests. They need no Django: run with ``pytest -p no:django``."""

import json

import pytest

from tracker.rules import RuleError
from tracker.rules.card_rpg import (
    apply,
    challenge_action,
    engine,
    exchange,
    initial_state,
    normalise_card,
    places,
    rivalry,
    rob_action,
)


@pytest.fixture(autouse=True)
def _plain_static_storage():
    """Override tests/conftest.py's settings fixture: the engine touches no Django settings."""
    yield


class Game:
    """Builds states through actions, plus a few test-only edits that keep the cards conserved."""

    RuleError = RuleError

    @staticmethod
    def act(state: dict, kind: str, **fields) -> dict:
        """Apply one action and check the cards are still all accounted for."""
        new = apply(state, {"type": kind, **fields})
        places.check_cards(new)
        return new

    def create(self, cls="KS", str_dice=(5,), hp_dice=(5,), ruleset=None, name="Capi") -> dict:
        fields = {"name": name, "class": cls, "str_dice": list(str_dice), "hp_dice": list(hp_dice)}
        if ruleset is not None:
            fields["ruleset"] = ruleset
        return self.act(initial_state(), "create_character", **fields)

    def new(self, cls="KS", hand=None, str_dice=(5,), hp_dice=(5,), ruleset=None) -> dict:
        """A character in its first session, between fights, with a known hand if given."""
        state = self.create(cls, str_dice, hp_dice, ruleset)
        return self.act(state, "start_session", **({"hand": hand} if hand else {}))

    def fight(self, state: dict, monster: str, dice=None) -> dict:
        """Reveal `monster` and roll its HP (dice default: all 1s)."""
        state = self.act(state, "reveal_monster", card=monster)
        if state["internal"]["step"] == "monster_hp":
            dice = dice or [1] * state["fight"]["hp_dice"]
            state = self.act(state, "roll_monster_hp", dice=dice)
        return state

    def refused(self, state: dict, kind: str, rule: str | None = None, **fields) -> RuleError:
        """Assert the action is refused (naming `rule`) and leaves the state as it was."""
        before = json.dumps(state, sort_keys=True)
        with pytest.raises(RuleError) as caught:
            apply(state, {"type": kind, **fields})
        assert json.dumps(state, sort_keys=True) == before
        if rule is not None:
            assert caught.value.rule == rule, str(caught.value)
        assert str(caught.value).startswith(f"{caught.value.rule}: ")
        return caught.value

    @staticmethod
    def edit(state: dict, change) -> dict:
        """A copy of `state` changed by `change(copy)`, with counts and awaiting brought up to date."""
        new = engine._copy(state)
        change(new)
        engine._publish(new)
        new["awaiting"] = engine.describe(new)
        places.check_cards(new)
        return new

    def give(self, state: dict, *cards: str) -> dict:
        """Put unseen cards from the draw pile into the inventory (as if claimed long ago)."""

        def change(new):
            for card in map(normalise_card, cards):
                assert card in places.unknown_cards(new), card
                new["character"]["inventory"].append(card)
                if new["cards"] is not None:
                    new["cards"]["draw_unknown"] -= 1

        return self.edit(state, change)

    def thin(self, state: dict, keep: int = 0, bottom=()) -> dict:
        """Leave `keep` unseen cards in the draw pile (the rest to the discard pile, unseen) and
        put the known `bottom` cards under them, as if put there earlier (T-08a)."""

        def change(new):
            cards = new["cards"]
            gone = cards["draw_unknown"] - keep
            cards["discard_unknown"] += range(cards["dealt"], cards["dealt"] + gone)
            cards["dealt"] += gone
            cards["draw_unknown"] = keep
            for card in map(normalise_card, bottom):
                assert card in places.unknown_cards(new), card
                cards["draw_bottom"].append(card)
                cards["discard_unknown"].pop()

        return self.edit(state, change)

    def set(self, state: dict, **character) -> dict:
        """Change character fields (gold, xp, level…)."""
        return self.edit(state, lambda new: new["character"].update(character))

    @staticmethod
    def types(state: dict) -> list[str]:
        return engine.legal_action_types(state)

    @staticmethod
    def events(state: dict) -> list[str]:
        return [event["type"] for event in state["events"]]


@pytest.fixture
def game() -> Game:
    return Game()


class Table:
    """Several characters at one table (rules/card-rpg-table.md), each with its own log.

    Every step goes through `exchange`, as the app's does: the player's action on one
    character, then what each log sends the other. After each step both decks are checked
    whole, and `check_logs` replays every log alone.
    """

    def __init__(self, game: Game):
        self.game = game
        self.states: dict[str, dict] = {}
        self.logs: dict[str, list[dict]] = {}
        self.starts: dict[str, dict] = {}  # the state each log starts from
        self.opponent: dict[str, str] = {}
        self.last = None  # the last step

    def __getitem__(self, name: str) -> dict:
        return self.states[name]

    def create(self, name: str, cls: str, str_roll: int, hp_roll: int, ruleset=None) -> dict:
        state = self.game.create(cls, (str_roll,), (hp_roll,), ruleset, name=name)
        self.states[name] = self.starts[name] = state
        self.logs[name] = []
        return state

    def edit(self, name: str, how, *args, **fields) -> dict:
        """A test-only change (`game.give`, `game.thin`, `game.set`): the log starts anew there."""
        state = getattr(self.game, how)(self.states[name], *args, **fields)
        state["rivals"]["allowed"] = rivalry.allowed(state)
        self.states[name] = self.starts[name] = state
        self.logs[name] = []
        return state

    def act(self, name: str, kind: str, other: str | None = None, **fields):
        """One player's step on `name` (the other log: `other`, or the duel opponent)."""
        other = other or self.opponent.get(name)
        action = {"type": kind, **fields}
        step = exchange(self.states[name], self.states.get(other), action)
        self.states[name] = step.actor
        self.logs[name] += step.actions("actor")
        if other is not None:
            self.states[other] = step.other
            self.logs[other] += step.actions("other")
            places.check_cards(step.other)
        places.check_cards(step.actor)
        if kind == "start_duel":
            self.opponent[name], self.opponent[other] = other, name
        self.last = step
        return step

    def solo(self, name: str, kind: str, **fields) -> dict:
        """An action of the character's own game (nothing is sent)."""
        step = self.act(name, kind, **fields)
        assert step.actor["rivals"]["send"] == []
        return step.actor

    def rob(self, robber: str, victim: str, card: str):
        action = rob_action(self[robber], self[victim], card)
        return self.act(robber, action.pop("type"), other=victim, **action)

    def challenge(self, challenger: str, challenged: str, rules=None):
        """The challenge accepted: the challenger's `start_duel` (T-30)."""
        action = challenge_action(self[challenger], self[challenged], rules)
        return self.act(challenger, action.pop("type"), other=challenged, **action)

    def refused(self, name: str, kind: str, rule: str, other: str | None = None, **fields):
        """The step is refused naming `rule`, and neither state changes."""
        other = other or self.opponent.get(name)
        states = json.dumps(self.states, sort_keys=True)
        with pytest.raises(RuleError) as caught:
            exchange(self.states[name], self.states.get(other), {"type": kind, **fields})
        assert json.dumps(self.states, sort_keys=True) == states
        assert caught.value.rule == rule, str(caught.value)
        return caught.value

    def sent(self) -> list[tuple[str, dict]]:
        """The last step's actions after the player's own: (to whom, action)."""
        return [(one.who, one.action) for one in self.last.applied[1:]]

    def check_logs(self) -> None:
        """T-37: every log replays alone, from its JSON, to its character's state."""
        for name, log in self.logs.items():
            state = self.starts[name]
            for action in json.loads(json.dumps(log)):
                state = apply(state, action)
            assert state == self.states[name], name


@pytest.fixture
def table(game) -> Table:
    return Table(game)
