"""Helpers for the rules engine's tests. They need no Django: run with ``pytest -p no:django``."""

import json

import pytest

from tracker.rules import RuleError, apply, initial_state, normalise_card
from tracker.rules.card_rpg import engine, places


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
