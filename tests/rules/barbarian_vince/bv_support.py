"""Helpers for the Barbarian Vince engine tests: the sample catalogue of section 11 of the rules,
and builders that reach a situation through real actions only (the `bv` fixture)."""

import copy
import json

import pytest

from tracker.rules.barbarian_vince import apply, initial_state, places
from tracker.rules.errors import RuleError

# The sample catalogue of barbarian-vince.md section 11 (test data, not the real cards).
SAMPLE = [
    {"id": "Vince", "kind": "player", "skills": {"recovery": 2}},
    {
        "id": "Map 1",
        "kind": "map",
        "number": 4,
        "neighbours": ["Map 2", "Map 3", "Map 4"],
        "locations": [
            {"name": "Ulendi", "lay_low": 8, "terrains": ["X0", "U", "G"]},
            {"name": "Rat Harbor", "lay_low": 9, "terrains": ["U", "C"]},
            {"name": "Bridgewater", "lay_low": 7, "terrains": ["V"]},
            {"name": "Southglen Forest", "lay_low": 7, "terrains": ["F+1", "O"]},
        ],
    },
    {
        "id": "Map 2",
        "kind": "map",
        "number": 5,
        "bonus": {"survival": 1},
        "neighbours": ["Map 1", "Map 3", "Map 5"],
        "locations": [
            {"name": "Goblin Pass", "lay_low": 7, "terrains": ["M", "O"]},
            {"name": "Irontree City", "lay_low": 8, "terrains": ["G+2", "C"]},
            {"name": "Goblin Mines", "lay_low": None, "terrains": ["X3"]},
        ],
    },
    {"id": "X0", "kind": "quest", "terrains": ["X0"], "number": 2},
    {
        "id": "X3",
        "kind": "quest",
        "terrains": ["X3"],
        "number": 10,
        "classes": ["Unique", "Skill"],
        "modifiers": {"recovery": 1},
        "home": {"map": "Map 2", "location": "Goblin Mines"},
    },
    {"id": "Q01", "kind": "quest", "terrains": ["O"], "number": 1, "classes": ["Common"]},
    {
        "id": "Q02",
        "kind": "quest",
        "terrains": ["G"],
        "number": 7,
        "classes": ["Uncommon"],
        "modifiers": {"charm": 1},
    },
    {
        "id": "Q03",
        "kind": "quest",
        "terrains": ["U", "V"],
        "number": 4,
        "classes": ["Common", "Reusable"],
        "modifiers": {"combat": 1},
    },
    {
        "id": "Q04",
        "kind": "quest",
        "terrains": ["M"],
        "number": 8,
        "classes": ["Common", "Skill"],
        "modifiers": {"hide": 1},
    },
    {
        "id": "Q05",
        "kind": "quest",
        "terrains": ["F"],
        "number": 5,
        "classes": ["Curse"],
        "modifiers": {"charm": -1},
    },
    {"id": "Q06", "kind": "quest", "terrains": ["C"], "number": 9},
    {"id": "Q08", "kind": "quest", "terrains": ["O"], "number": 6},
]


def snapshot(state: dict) -> str:
    return json.dumps(state, sort_keys=True)


def check_places(state: dict) -> None:
    """Every registered card is in exactly one place (BT-02)."""
    seen = state["ready"] + state["exhausted"] + list(state["waiting"])
    assert len(seen) == len(set(seen)), seen
    assert set(seen) <= set(state["catalogue"])
    encounter = state["encounter"]
    if encounter is not None and encounter["from_hand"] is None:
        assert encounter["card"] not in seen
    if encounter is not None and encounter["from_hand"] is not None:
        assert encounter["card"] in state["exhausted"]


class Adventure:
    """Builds Barbarian Vince states through actions, checking each one on the way."""

    RuleError = RuleError

    @staticmethod
    def act(state: dict, action_type: str, /, **fields) -> dict:
        """Apply one action; the given state must not change and every card stays in one place."""
        before = copy.deepcopy(state)
        new = apply(state, {"type": action_type, **fields})
        assert state == before
        check_places(new)
        return new

    @staticmethod
    def refused(state: dict, action_type: str, rule: str | None = None, /, **fields) -> RuleError:
        """Assert the action is refused (naming `rule`) and leaves the state as it was."""
        before = snapshot(state)
        with pytest.raises(RuleError) as caught:
            apply(state, {"type": action_type, **fields})
        assert snapshot(state) == before
        error = caught.value
        if rule is not None:
            assert error.rule == rule, str(error)
        assert str(error).startswith(f"{error.rule}: ")
        return error

    def begun(self, ruleset: dict | None = None, cards=SAMPLE) -> dict:
        """After `begin_adventure` and the registration of `cards`."""
        fields = {"name": "First try"}
        if ruleset is not None:
            fields["ruleset"] = ruleset
        state = self.act(initial_state(), "begin_adventure", **fields)
        for entry in cards:
            state = self.act(state, "register_card", **entry)
        return state

    def start(self, ruleset: dict | None = None, item: str = "Q01", extra=()) -> dict:
        """Example 1: the sample catalogue (plus `extra` cards) set up with `item`."""
        state = self.begun(ruleset, [*SAMPLE, *extra])
        return self.act(state, "setup", item=item)

    def register(self, state: dict, **entry) -> dict:
        return self.act(state, "register_card", **entry)

    def items(self, state: dict, *numbers: int, prefix: str = "A", **fields) -> dict:
        """Register plain Common items A1, A2, … with the given random numbers."""
        for index, number in enumerate(numbers, 1):
            entry = {"kind": "item", "number": number, "classes": ["Common"], **fields}
            state = self.register(state, id=f"{prefix}{index}", **entry)
        return state

    def x0(self, state: dict) -> dict:
        """Turn 1: the X0 encounter, open."""
        return self.act(state, "draw_encounter", card="X0")

    def hand(self, state: dict, ready: list[str], exhausted=()) -> dict:
        """In an effect window: draw the named items into the ready hand, then exhaust every
        other card, so the ready hand is exactly `ready` and `exhausted` holds the rest."""
        for card in [*ready, *exhausted]:
            if places.place_of(state, card) == "deck":
                item_class = state["catalogue"][card]["classes"][0]
                state = self.act(state, "draw_item", **{"class": item_class, "card": card})
        others = [card for card in state["ready"] if card not in ready]
        if others:
            state = self.act(state, "exhaust", cards=others)
        back = [card for card in ready if card in state["exhausted"]]
        if back:
            state = self.act(state, "restore", cards=back)
        assert sorted(state["ready"]) == sorted(ready)
        return state

    def next_turn(self, state: dict) -> dict:
        """End the open encounter (done) and the turn."""
        if state["encounter"] is not None and not state["encounter"]["suspended"]:
            state = self.act(state, "end_encounter")
        return self.act(state, "end_turn")

    def turn_two(self, ruleset: dict | None = None, extra=()) -> dict:
        """Turn 2 at Ulendi, Lay Low phase, after the X0 encounter there in turn 1."""
        return self.next_turn(self.x0(self.start(ruleset, extra=extra)))

    @staticmethod
    def types(state: dict) -> list[str]:
        return list(state["awaiting"]["action"])
