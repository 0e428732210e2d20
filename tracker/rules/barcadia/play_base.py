"""The working copy one Heroes of Barcadia action is applied to, and what every phase shares.

`engine._Play` is this class with the handlers of each phase mixed in (setting_up, exploring,
fights, moving, power_ups, loot, card_effects); the rule numbers they share live here too.
"""

from ..errors import RuleError
from ..text import _
from . import board
from .awaiting import ACTION_WORDS, pending_reason
from .geometry import ORIGIN
from .geometry import key as hex_key
from .ruleset import shown

DUEL_LOSS = 10  # H-26, HT-01: 10 HP whatever the full line
TRAP_DAMAGE = 10  # H-25, HT-01
TRAP_TARGET = 10  # H-25: 10 or more disarms
MAX_TRAPS = 3  # H-24
MAX_POWER_UPS = 3  # H-22
HOARD_POWER_UPS = 3  # H-11, H-20
TILE_REACH = 200  # HT-17: a tile moved by a card stays within this distance of [0, 0]
FULL_DUNGEON, SMALL_DUNGEON = 50, 30  # H-03


def hex_list(place) -> list[int]:
    """A place as the state stores it: a list of two numbers."""
    return [place[0], place[1]]


def new_turn(player: str, number: int) -> dict:
    """A turn that has not started: one action to take, no duel, no portal (H-08, HT-06)."""
    return {
        "player": player,
        "number": number,
        "started": False,
        "actions_taken": 0,
        "actions_left": 1,
        "duel_used": False,
        "portal_used": False,
        "arrived": False,
    }


class PlayBase:
    """One action applied to a working copy of the state (copy-on-write below the top level):
    the copies, the gates every handler passes and what happens to heroes. The handlers of each
    phase are mixins over this class, composed into `engine._Play`."""

    def __init__(self, state: dict):
        new = dict(state)
        if state["phase"] != "setup":
            new["players"] = dict(state["players"])
            new["tiles"] = dict(state["tiles"])
            new["pending"] = list(state["pending"])
            if state["turn"] is not None:
                new["turn"] = dict(state["turn"])
            new["dungeon"] = dict(state["dungeon"])
        self.state = new
        self._heroes: set[str] = set()
        self._tiles: set[str] = set()

    # -- views and copy-on-write ----------------------------------------------------------------

    @property
    def ruleset(self) -> dict:
        return self.state["ruleset"]

    @property
    def turn(self) -> dict:
        return self.state["turn"]

    @property
    def pending(self) -> list:
        return self.state["pending"]

    def hero(self, name: str) -> dict:
        """A hero's record, copied the first time this action changes it."""
        if name not in self._heroes:
            old = self.state["players"][name]
            self.state["players"][name] = {
                **old,
                "position": list(old["position"]),
                "power_ups": list(old["power_ups"]),
                "loot_known": list(old["loot_known"]),
            }
            self._heroes.add(name)
        return self.state["players"][name]

    def tile(self, place) -> dict:
        """A tile's record, copied the first time this action changes it."""
        tile_key = hex_key(place)
        if tile_key not in self._tiles:
            old = self.state["tiles"][tile_key]
            copy = {**old, "at": list(old["at"]), "power_ups": list(old["power_ups"])}
            if "reward" in old:
                copy["reward"] = dict(old["reward"])
            self.state["tiles"][tile_key] = copy
            self._tiles.add(tile_key)
        return self.state["tiles"][tile_key]

    def where(self, name: str) -> tuple[int, int]:
        return board.position(self.state, name)

    def active(self) -> str:
        return self.turn["player"]

    # -- gates ----------------------------------------------------------------------------------

    def first(self) -> dict | None:
        return self.pending[0] if self.pending else None

    def refuse_pending(self, kind: str, rule: str = "HT-06") -> None:
        """Something unresolved must be given first (HT-06, item 6)."""
        first = self.first()
        if first is None:
            return
        raise RuleError(
            rule,
            _(
                "you can't {what} now: first, {waiting}",
                what=ACTION_WORDS[kind],
                waiting=pending_reason(self.state, first),
            ),
        )

    def turn_action(self, kind: str, name: str) -> None:
        """HT-06: turn actions belong to the active player, with nothing unresolved."""
        self.refuse_pending(kind)
        if name != self.active():
            raise RuleError(
                "HT-06",
                _(
                    "it is {active}'s turn: {hero} can't {what} now",
                    active=self.active(),
                    hero=name,
                    what=ACTION_WORDS[kind],
                ),
            )

    def card_effect(self, kind: str) -> None:
        """HT-17: card effects other than healing and loot wait until nothing is unresolved."""
        self.refuse_pending(kind, "HT-17")

    def awaited(self, pending_kind: str, name: str, kind: str, rule: str) -> dict:
        """The first pending item, which must be of this kind and belong to this hero."""
        first = self.first()
        if first is None or first["kind"] != pending_kind:
            if first is None:
                raise RuleError(rule, _("there is nothing to {what} now", what=ACTION_WORDS[kind]))
            self.refuse_pending(kind)
        if first["player"] != name:
            raise RuleError(
                "HT-06",
                _(
                    "{hero} can't {what} now: first, {waiting}",
                    hero=name,
                    what=ACTION_WORDS[kind],
                    waiting=pending_reason(self.state, first),
                ),
            )
        return first

    def spend_action(self) -> None:
        """H-08: explore, move and the chosen challenge use the turn's action."""
        turn = self.turn
        if turn["actions_left"] < 1:
            raise RuleError("H-08", _("you have already taken your action this turn"))
        turn["actions_taken"] += 1
        turn["actions_left"] -= 1
        turn["started"] = True

    # -- what happens to heroes -----------------------------------------------------------------

    def set_position(self, name: str, place) -> None:
        self.hero(name)["position"] = hex_list(place)
        if name == self.active():
            self.turn["arrived"] = True  # HT-12: entered during this turn

    def enter(self, name: str, place, rest=()) -> bool:
        """A hero enters a place; traps there make a pending `traps` item (HT-18).

        Returns False when the hero must stop to roll for traps (the rest of a move waits in
        the item's `path`).
        """
        self.set_position(name, place)
        if place == ORIGIN:
            return True
        traps = self.state["tiles"][hex_key(place)]["traps"]
        if traps:
            self.pending.append(
                {
                    "kind": "traps",
                    "player": name,
                    "at": hex_list(place),
                    "rolls_left": traps,
                    "path": [hex_list(step) for step in rest],
                }
            )
            return False
        return True

    def walk(self, name: str, steps) -> None:
        """HT-07, HT-18: enter each step in order, stopping at a trapped room."""
        for index, step in enumerate(steps):
            if not self.enter(name, step, steps[index + 1 :]):
                return

    def damage(self, name: str, amount: int) -> None:
        """H-27: damage is drunk; at 0 HP or less the hero dies (HT-21)."""
        hero = self.hero(name)
        hero["hp"] -= amount
        if hero["hp"] <= 0:
            self.die(name)

    def die(self, name: str) -> None:
        """H-27, HT-21: power-ups dropped, loot down to one, back to the Starting Point, full."""
        hero = self.hero(name)
        place = self.where(name)
        if hero["power_ups"] and place != ORIGIN:
            self.tile(place)["power_ups"].extend(hero["power_ups"])
        hero["power_ups"] = []
        if hero["loot_count"] >= 2:
            hero["loot_count"] = 1
            hero["loot_known"] = []
        hero["hp"] = hero["hp_max"]
        hero["deaths"] += 1
        # HT-21: their unresolved trap rolls and the rest of their move are dropped.
        self.state["pending"] = [
            item
            for item in self.pending
            if not (item["kind"] == "traps" and item["player"] == name)
        ]
        # HT-12: a hero who dies enters the Starting Point, even from the Starting Point.
        self.set_position(name, ORIGIN)

    def heal(self, name: str, amount: int) -> None:
        hero = self.hero(name)
        hero["hp"] = min(hero["hp_max"], hero["hp"] + amount)  # HT-01: capped

    def take_reward(self, name: str, reward: dict) -> None:
        """HT-09: healing, then loot, then each power-up drawn one at a time."""
        if reward["heal"]:
            self.heal(name, reward["heal"])
        if reward["loot"]:
            self.hero(name)["loot_count"] += reward["loot"]
        if reward["power_ups"]:
            self.pending.append({"kind": "power_up", "player": name, "left": reward["power_ups"]})

    def gain(self, name: str, card: str) -> None:
        """H-22: a fourth power-up waits in a `discard` item put first in line."""
        hero = self.hero(name)
        if len(hero["power_ups"]) < MAX_POWER_UPS:
            hero["power_ups"].append(card)
        else:
            self.pending.insert(0, {"kind": "discard", "player": name, "card": card})

    def drop(self, name: str, card: str) -> None:
        """H-22, HT-16: a discarded power-up lies in the hero's room (from the Starting Point it
        goes to the bottom of the deck, out of the app's view)."""
        place = self.where(name)
        if place != ORIGIN:
            self.tile(place)["power_ups"].append(card)

    def spend_loot(self, name: str, card: str | None) -> None:
        """HT-15: one loot card spent: the named one if noted, else one not named yet."""
        hero = self.hero(name)
        if hero["loot_count"] < 1:
            raise RuleError("H-21", _("{hero} holds no loot card", hero=name))
        if card is not None and card in hero["loot_known"]:
            hero["loot_known"].remove(card)
        elif board.unnamed_loot(hero) < 1:
            if card is None:
                raise RuleError(
                    "HT-15",
                    _("every loot card {hero} holds is noted: say which one is played", hero=name),
                )
            raise RuleError(
                "HT-15",
                _(
                    "every loot card {hero} holds is noted, and none is called {card}",
                    hero=name,
                    card=shown(card),
                ),
            )
        hero["loot_count"] -= 1

    def end_turn(self) -> None:
        """HT-06: the next player in order becomes active; their turn has not started."""
        order = self.state["order"]
        turn = self.turn
        following = order[(order.index(turn["player"]) + 1) % len(order)]
        self.state["turn"] = new_turn(following, turn["number"] + 1)
