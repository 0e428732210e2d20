"""Fights: monsters, team battles, bosses, the Drink Hoard, duels and traps (H-14 to H-26)."""

from ..errors import RuleError
from ..text import _
from . import fields
from .geometry import are_adjacent
from .geometry import key as hex_key
from .geometry import text as hex_text
from .play_base import DUEL_LOSS, HOARD_POWER_UPS, TRAP_DAMAGE, TRAP_TARGET
from .rolls import Rolls


class Fights(Rolls):
    """The handlers of every roll against a monster, a hero or a trap."""

    def do_fight(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        roll = fields.roll(action)
        item = self.awaited("fight", name, "fight", "H-14")
        declared = self.modifiers(action, name)
        self.pending.pop(0)
        at = (item["at"][0], item["at"][1])
        tile = self.tile(at)
        if self.total(roll, declared, name) >= tile["level"]:  # H-14: at least the level
            self.win_room(name, at)
            self.take_reward(name, tile["reward"])
        else:
            tile["face"] = "down"  # H-14: turned back where it lies, its record kept
            self.damage(name, tile["damage"])

    def win_room(self, name: str, at) -> None:
        """H-15: a beaten monster stays face up; the winner advances onto it."""
        self.tile(at)["defeated"] = True
        self.enter(name, at)

    def two_sides(self, action: dict, other: str, other_roll: str) -> tuple[str, str, int, int]:
        """The roller, the hero on the other side, and their two rolls, checked in that order."""
        return (
            fields.hero(self.state, action),
            fields.hero(self.state, action, other),
            fields.roll(action),
            fields.roll(action, other_roll),
        )

    def do_team_battle(self, action: dict) -> None:
        name, partner, roll, partner_roll = self.two_sides(action, "partner", "partner_roll")
        item = self.awaited("team_battle", name, "team_battle", "H-16")
        if partner == name:
            raise RuleError("H-16", _("pick another player as your partner"))
        declared = self.modifiers(action, name, (partner,))
        self.pending.pop(0)
        at = (item["at"][0], item["at"][1])
        tile = self.tile(at)
        total = roll + partner_roll + sum(modifier["value"] for modifier in declared)
        if total > tile["level"]:  # H-16: more than the level
            self.win_room(name, at)  # HT-10: the explorer moves on, then the rewards
            self.take_reward(name, tile["reward"])
            self.take_reward(partner, tile["reward"])
        else:
            tile["face"] = "down"
            self.damage(name, tile["damage"])  # HT-10: explorer first
            self.damage(partner, tile["damage"])

    def do_boss_fight(self, action: dict) -> None:
        name, boss, roll, boss_roll = self.two_sides(action, "boss_player", "boss_roll")
        item = self.awaited("boss_fight", name, "boss_fight", "H-19")
        if boss == name:
            raise RuleError("H-19", _("pick another player to play the boss"))
        if item["boss_player"] is not None and item["boss_player"] != boss:
            raise RuleError(
                "HT-11",
                _(
                    "{boss} plays this boss until it is settled, not {hero}",
                    boss=item["boss_player"],
                    hero=boss,
                ),
            )
        declared = self.modifiers(action, name, (boss,))
        at = (item["at"][0], item["at"][1])
        tile = self.tile(at)
        hero_total = self.total(roll, declared, name)
        boss_total = self.total(boss_roll, declared, boss)
        if self.ruleset["boss_level"] == "add":
            boss_total += tile["level"]  # HT-11 option
        if hero_total == boss_total:  # H-19: equal results roll again
            self.pending[0] = {**item, "boss_player": boss}
            return
        self.pending.pop(0)
        if hero_total > boss_total:
            self.damage(boss, tile["attack"])  # HT-11: the boss player drinks first
            self.win_room(name, at)
            self.take_reward(name, tile["reward"])
        else:
            tile["face"] = "down"
            self.damage(name, tile["attack"])

    def do_challenge_hoard(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        roll = fields.roll(action)
        self.no_modifiers(action)
        first = self.first()
        forced = first is not None and first["kind"] == "hoard" and first["player"] == name
        if forced:
            self.pending.pop(0)  # H-20: part of the exploration, no action of its own
        else:
            self.turn_action("challenge_hoard", name)
            hoard = self.state["dungeon"]["hoard"]
            if hoard is None:
                raise RuleError("H-11", _("the Drink Hoard has not been found yet"))
            if not are_adjacent(self.where(name), (hoard[0], hoard[1])):
                raise RuleError(
                    "H-11",
                    _(
                        "{hero} must stand next to the Drink Hoard at {at} to challenge",
                        hero=name,
                        at=hex_text(hoard),
                    ),
                )
            held = len(self.state["players"][name]["power_ups"])
            if held < HOARD_POWER_UPS:
                raise RuleError(
                    "H-11",
                    _(
                        "a challenge needs three power-ups; {hero} holds {count}",
                        hero=name,
                        count=held,
                    ),
                )
            self.spend_action()
        hoard = self.state["dungeon"]["hoard"]
        tile = self.state["tiles"][hex_key(hoard)]
        if roll >= tile["level"]:  # H-20: like a monster, at least the level
            self.state["winner"] = name  # H-28
            self.state["phase"] = "over"
            self.state["pending"] = []
        else:
            self.damage(name, tile["attack"])  # the tile stays face up

    def do_duel(self, action: dict) -> None:
        name, target, roll, target_roll = self.two_sides(action, "target", "target_roll")
        first = self.first()
        again = first is not None and first["kind"] == "duel"
        if again:
            if first["player"] != name or first["target"] != target:
                raise RuleError(
                    "HT-19",
                    _(
                        "{hero} and {target} roll their tied duel again first",
                        hero=first["player"],
                        target=first["target"],
                    ),
                )
        else:
            self.turn_action("duel", name)
            turn = self.turn
            if turn["actions_taken"] > 0:
                raise RuleError("H-26", _("a duel must come before your action"))
            if turn["duel_used"]:
                raise RuleError("H-26", _("a hero may challenge to a duel once per turn"))
            if target == name:
                raise RuleError("H-26", _("challenge another hero"))
            here, there = self.where(name), self.where(target)
            if here == there:
                raise RuleError(
                    "HT-19",
                    _(
                        "{target} is in the same place as {hero}: a duel is between neighbours",
                        target=target,
                        hero=name,
                    ),
                )
            if not are_adjacent(here, there):
                raise RuleError(
                    "H-26",
                    _("{target} is not in a place next to {hero}'s", target=target, hero=name),
                )
        declared = self.modifiers(action, name, (target,))
        self.turn["duel_used"] = True
        self.turn["started"] = True
        mine = self.total(roll, declared, name)
        theirs = self.total(target_roll, declared, target)
        if mine == theirs:  # HT-19: the re-roll is the same duel
            if not again:
                self.pending.append({"kind": "duel", "player": name, "target": target})
            return
        if again:
            self.pending.pop(0)
        here, there = self.where(name), self.where(target)
        if mine < theirs:
            self.damage(name, DUEL_LOSS)  # no swap; the turn goes on
            return
        deaths = self.state["players"][target]["deaths"]
        self.damage(target, DUEL_LOSS)
        self.enter(name, there)  # HT-19: the swap, challenger first
        if self.state["players"][target]["deaths"] == deaths:
            self.enter(target, here)

    def do_trap_roll(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        roll = fields.roll(action)
        item = self.awaited("traps", name, "trap_roll", "H-25")
        declared = self.modifiers(action, name)
        at = (item["at"][0], item["at"][1])
        tile = self.tile(at)
        if self.total(roll, declared, name) >= TRAP_TARGET:
            tile["traps"] -= 1  # H-25: disarmed
        else:
            if self.ruleset["trap_removal"] == "always":
                tile["traps"] -= 1  # HT-18
            deaths = self.state["players"][name]["deaths"]
            self.damage(name, TRAP_DAMAGE)
            if self.state["players"][name]["deaths"] != deaths:
                return  # HT-18: the dead hero stops rolling; their item is gone
        left = item["rolls_left"] - 1
        if left:
            self.pending[0] = {**item, "rolls_left": left}
            return
        self.pending.pop(0)
        rest = [(step[0], step[1]) for step in item["path"]]
        self.walk(name, rest)  # HT-18: a survivor carries on with the move
