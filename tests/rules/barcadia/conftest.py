"""Helpers for the Heroes of Barcadia engine tests (no Django needed)."""

import json

import pytest

from tracker.rules.barcadia import apply, initial_state
from tracker.rules.barcadia.awaiting import describe
from tracker.rules.barcadia.geometry import key
from tracker.rules.errors import RuleError


class Hob:
    """Builds tables through actions, plus a few test-only edits for positions and records."""

    @staticmethod
    def act(state: dict, kind: str, **fields) -> dict:
        """Apply one action; the state given must come back unchanged."""
        before = json.dumps(state, sort_keys=True)
        new = apply(state, {"type": kind, **fields})
        assert json.dumps(state, sort_keys=True) == before
        return new

    @staticmethod
    def refused(state: dict, kind: str, rule: str | None = None, **fields) -> RuleError:
        """Assert the action is refused (naming `rule`) and leaves the state as it was."""
        before = json.dumps(state, sort_keys=True)
        with pytest.raises(RuleError) as caught:
            apply(state, {"type": kind, **fields})
        assert json.dumps(state, sort_keys=True) == before
        if rule is not None:
            assert caught.value.rule == rule, str(caught.value)
        assert str(caught.value) == f"{caught.value.rule}: {caught.value.message}"
        return caught.value

    def table(self, names=("Ana", "Bo"), ruleset=None, moves=None) -> dict:
        """A table in play whose turn order is `names` (each rolls lower than the one before)."""
        players = [
            {"name": name, **({"signature_move": moves[name]} if moves and name in moves else {})}
            for name in names
        ]
        fields = {"players": players}
        if ruleset is not None:
            fields["ruleset"] = ruleset
        state = self.act(initial_state(), "set_up_table", **fields)
        rolls = {name: 20 - index for index, name in enumerate(names)}
        return self.act(state, "roll_for_order", rolls=rolls)

    @staticmethod
    def edit(state: dict, change) -> dict:
        """A copy of `state` changed by `change(copy)`, its `awaiting` brought up to date."""
        new = json.loads(json.dumps(state))
        change(new)
        new["awaiting"] = describe(new)
        return new

    def room(self, state: dict, at, kind="portal", face="up", **values) -> dict:
        """A recorded tile at `at` (as if explored earlier): beaten monsters by default."""
        tile = {"at": list(at), "kind": kind, "face": face}
        if kind in ("monster", "team_monster"):
            tile |= {"level": values.get("level", 10), "damage": values.get("damage", 10)}
            tile["reward"] = {"loot": 0, "power_ups": 0, "heal": 0} | values.get("reward", {})
            tile["defeated"] = values.get("defeated", True)
        elif kind == "boss":
            tile |= {"level": values.get("level", 10), "attack": values.get("attack", 30)}
            tile["reward"] = {"loot": 0, "power_ups": 0, "heal": 0} | values.get("reward", {})
            tile["defeated"] = values.get("defeated", True)
        elif kind == "reward":
            tile["reward"] = {"loot": 0, "power_ups": 0, "heal": 0} | values.get("reward", {})
            tile["taken"] = True
        elif kind == "hoard":
            tile |= {"level": values.get("level", 17), "attack": values.get("attack", 40)}
        tile |= {"traps": values.get("traps", 0), "power_ups": list(values.get("power_ups", []))}

        def change(new):
            new["tiles"][key(at)] = tile
            new["dungeon"]["recorded"] += 1
            if kind == "hoard":
                new["dungeon"]["hoard"] = list(at)

        return self.edit(state, change)

    def hero(self, state: dict, name: str, **fields) -> dict:
        """Change a hero's record (position, hp, power_ups, loot…)."""
        return self.edit(state, lambda new: new["players"][name].update(fields))

    def turn(self, state: dict, **fields) -> dict:
        """Change the turn record (started, actions_left…)."""
        return self.edit(state, lambda new: new["turn"].update(fields))

    @staticmethod
    def types(state: dict) -> set[str]:
        return set(state["awaiting"]["action"])

    @staticmethod
    def position(state: dict, name: str) -> list[int]:
        return state["players"][name]["position"]


@pytest.fixture
def hob() -> Hob:
    return Hob()
