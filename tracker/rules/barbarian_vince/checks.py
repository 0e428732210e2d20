"""Checks: cards played against a target, rounds, damage and Reusable items (BT-08 to BT-13).

The bonus functions below say what a card adds; the screens' queries read them too.
"""

from ..errors import RuleError
from ..text import _
from .catalogue import MAX_CATALOGUE, has_class, is_item, parse_skill
from .play_base import FIELD_WORDS, PlayBase

MAX_TIMES = 20  # the n of "n@": printed checks ask for a few rounds, never dozens
MAX_TARGET = 9999


class Checks(PlayBase):
    """The handlers of a skill check."""

    def do_begin_check(self, fields: dict) -> None:
        skill = parse_skill(fields.get("skill"), "BT-08") if "skill" in fields else None
        if skill is None:
            raise RuleError("A-02", _("name the skill of the check"))
        target = self.whole(fields, "target", "A-02", -MAX_TARGET, MAX_TARGET)
        if target is None:
            for name in ("times", "round_speed", "damage"):
                if name in fields:
                    raise RuleError(
                        "BT-13",
                        _("a result check has no {what}", what=FIELD_WORDS[name]),
                    )
        times = self.whole(fields, "times", "BT-11", 1, MAX_TIMES, 1)
        speed = self.whole(fields, "round_speed", "BT-11", 1, MAX_CATALOGUE)
        damage = self.whole(fields, "damage", "BT-11", 0, MAX_CATALOGUE, 0)
        self.new["check"] = {
            "skill": skill,
            "target": target,
            "times": times,
            "round_speed": speed,
            "damage": damage,
            "round": 1,
            "successes": 0,
            "played": [],
            "damage_due": 0,
            "status": "in_progress",
            "result": None,
            "reuse": False,
        }
        self.owned.add("check")
        if self.new["internal"]["check_spent"]:
            self.internal()["check_spent"] = []
        if not self.new["ready"]:
            self.new["check"]["status"] = "failed"  # BT-11: nothing to play

    def do_play_check_card(self, fields: dict) -> None:
        card = self.card(fields)
        self.in_ready(card)
        check = self.check()
        if self.ruleset["check_value"] == "deck_draw":
            if "draw" not in fields:
                raise RuleError(
                    "BT-09", _("make a random draw for {card} and enter the card drawn", card=card)
                )
            number = self.random_draw(fields)["number"]
            draw = self.new["last_draw"]["card"]
        else:
            if "draw" in fields:
                raise RuleError(
                    "BT-09", _("a card played counts its own number: no draw is made for it")
                )
            number = self.catalogue[card]["number"] or 0
            draw = None
        value = number + check_bonus(self.new, card, check["skill"])
        self.to_exhausted(card)
        if self.ruleset["exhausted_bonus"] == "whole_check":
            self.internal()["check_spent"].append(card)
        check["played"].append({"card": card, "draw": draw, "value": value})
        if check["target"] is None:
            check["result"] = value
            check["status"] = "done"
            check["reuse"] = bool(self.new["ready"])  # BT-12: after a result check too
            return
        if value >= check["target"]:
            check["successes"] += 1
            if check["successes"] >= check["times"]:
                check["status"] = "passed"
                check["reuse"] = bool(self.new["ready"])
            else:
                self.next_round(check)
            return
        if not self.new["ready"]:
            check["status"] = "failed"  # BT-11: ran out of ready cards
            return
        speed = check["round_speed"]
        if speed is not None and len(check["played"]) >= speed:
            if check["damage"]:
                check["damage_due"] = min(check["damage"], len(self.new["ready"]))
            else:
                self.next_round(check)

    def next_round(self, check: dict) -> None:
        """A finished round: the next one begins if a card is left, with the Reusable offer."""
        if not self.new["ready"]:
            check["status"] = "failed"
            return
        check["round"] += 1
        check["played"] = []
        check["reuse"] = True

    def do_take_damage(self, fields: dict) -> None:
        cards = self.cards(fields)
        check = self.check()
        if len(cards) != check["damage_due"]:
            raise RuleError(
                "B-27",
                _("exhaust exactly {count} cards as damage", count=check["damage_due"]),
            )
        for card in cards:
            self.in_ready(card)
        for card in cards:
            self.to_exhausted(card)
        check["damage_due"] = 0
        self.next_round(check)

    def do_reuse(self, fields: dict) -> None:
        card = self.card(fields)
        self.in_exhausted(card)
        if not has_class(self.catalogue[card], "Reusable"):
            raise RuleError("B-28", _("{card} is not a Reusable item", card=card))
        self.to_ready(card)
        self.check()["reuse"] = False

    def do_fail_check(self, fields: dict) -> None:
        self.check()["status"] = "failed"


def check_bonus(state: dict, card: str, skill: str) -> int:
    """What is added to the number of `card` played now for `skill` (BT-09, BT-10)."""
    catalogue = state["catalogue"]
    value = state["skills"][skill] + plain_modifier(catalogue[card], skill)
    if state["ruleset"]["exhausted_bonus"] == "whole_check":
        value += spent_bonus(state, skill)
    return value


def plain_modifier(entry: dict, skill: str) -> int:
    """The modifier an item adds only when it is itself played (not a Skill, not a Curse)."""
    if not is_item(entry) or has_class(entry, "Skill") or has_class(entry, "Curse"):
        return 0
    return entry["modifiers"].get(skill, 0)


def own_bonus(entry: dict, skill: str) -> int:
    """A card's map bonus, Skill modifier or plain modifier for `skill` (BT-10); a Curse or the
    Player Card adds nothing here (they are in the base already)."""
    if entry["kind"] == "map":
        return entry["bonus"].get(skill, 0)
    if entry["kind"] == "player" or not is_item(entry) or has_class(entry, "Curse"):
        return 0
    return entry["modifiers"].get(skill, 0)


def spent_bonus(state: dict, skill: str) -> int:
    """BT-10 `whole_check`: what the cards already played in this check still add."""
    catalogue = state["catalogue"]
    exhausted = state["exhausted"]
    return sum(
        own_bonus(catalogue[card], skill)
        for card in state["internal"]["check_spent"]
        if card in exhausted
    )
