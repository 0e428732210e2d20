"""Declared modifiers and roll totals (HT-14), shared by every roll of the game."""

from ..errors import RuleError
from ..text import _, listed
from . import fields
from .play_base import PlayBase
from .ruleset import shown


class Rolls(PlayBase):
    """The modifiers a roll may carry and what they add."""

    def modifiers(self, action: dict, roller: str, others: tuple[str, ...] = ()) -> list[dict]:
        """Declared modifiers: whose they may be, power-ups held, once-per-roll limits; the loot
        cards declared are spent at once."""
        declared = fields.modifiers(action, roller, self.state)
        allowed = (roller, *others)
        used: dict[tuple[str, str], int] = {}
        signature: set[str] = set()
        for item in declared:
            who = item["player"]
            if who not in allowed:
                raise RuleError(
                    "HT-14",
                    _(
                        "{hero} takes no side in this roll: only {sides} may declare modifiers",
                        hero=who,
                        sides=listed(allowed, "and"),
                    ),
                )
            hero = self.state["players"][who]
            if item["source"] == "power_up":
                card = item["card"]
                used[(who, card)] = used.get((who, card), 0) + 1
                held = hero["power_ups"].count(card)
                if held == 0:
                    raise RuleError(
                        "HT-14",
                        _("{hero} holds no power-up called {card}", hero=who, card=shown(card)),
                    )
                if used[(who, card)] > held:
                    raise RuleError(
                        "HT-14",
                        _(
                            "each power-up counts once per roll: {hero} holds {card} only "
                            "{count} times",
                            hero=who,
                            card=shown(card),
                            count=held,
                        ),
                    )
            elif item["source"] == "signature_move":
                if who in signature:
                    raise RuleError(
                        "HT-14", _("{hero}'s signature move counts once per roll", hero=who)
                    )
                signature.add(who)
        for item in declared:
            if item["source"] == "loot":
                self.spend_loot(item["player"], item["card"])
        return declared

    @staticmethod
    def total(roll: int, declared: list[dict], side: str) -> int:
        return roll + sum(item["value"] for item in declared if item["player"] == side)

    def no_modifiers(self, action: dict) -> None:
        """H-20, HT-13: only the bare roll counts against the guardian."""
        declared = action.get("modifiers")
        if declared is None or declared == []:
            return
        if not isinstance(declared, list):
            raise fields.refuse("modifiers", _("give the modifiers as a list"))
        raise RuleError(
            "H-20",
            _(
                "no power-up, loot card or signature move counts against the Grand Drink "
                "Guardian: only the bare roll"
            ),
        )
