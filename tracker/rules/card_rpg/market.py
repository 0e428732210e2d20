"""Buying and selling: buying back from the discard pile, buying the top card, selling an
inventory card (S-09, S-13, T-03, T-05).
"""

from ..cards import card_text, is_ace, is_number, value
from ..errors import RuleError
from ..text import _
from .play_base import TO_DISCARD, TO_HAND, PlayBase
from .rulebook import ACE_PRICE


class Market(PlayBase):
    """Buying and selling cards between fights and in a turn."""

    def buy_back_cost(self) -> int:
        """S-12, T-03: 1 gold, or free with the A♦ (once per fight under once_per_fight)."""
        if "AD" not in self.character["inventory"]:
            return 1
        if self.ruleset.ace_of_diamonds == "free":
            return 0
        if self.fight is not None and not self.internal["free_buy_used"]:
            return 0
        return 1

    def do_buy_back(self, action: dict) -> None:
        card = self.card_field(action)
        if self.session["discard_count"] == 0:
            raise RuleError("T-05", _("the discard pile is empty: there is nothing to buy back"))
        cost = self.buy_back_cost()
        gold = self.character["gold"]
        if gold < cost:
            raise RuleError(
                "S-13",
                _(
                    "buying a card back costs {cost} gold and you have {gold}; gold never goes "
                    "below zero (T-05)",
                    cost=cost,
                    gold=gold,
                ),
            )
        self.take_from_discard(card)
        self.hand["known"].append(card)  # T-05: bought back into the hand
        self.character["gold"] -= cost
        if cost == 0 and self.ruleset.ace_of_diamonds == "once_per_fight":
            self.internal["free_buy_used"] = True
        paid = _("free with the A♦ (T-03)") if cost == 0 else _("{cost} gold", cost=cost)
        self.event(
            "buy_back",
            "T-05",
            _(
                "Bought back the {card} ({paid}): take it from the discard pile into your hand.",
                card=card_text(card),
                paid=paid,
            ),
            cards=[card],
            to=TO_HAND,
            count=1,
        )

    def do_buy_top(self, action: dict) -> None:
        card = self.card_field(action)
        buy = self.bool_field(action, "buy", "S-13", _("do you buy the card"))
        self.take_top(card, "S-13")
        if not buy:
            self.to_discard(card)
            self.event(
                "buy_top",
                "S-13",
                _("The {card} is not bought: put it on the discard pile.", card=card_text(card)),
                cards=[card],
                to=TO_DISCARD,
                count=1,
            )
        else:
            if not is_number(card):
                raise RuleError(
                    "S-13",
                    _(
                        "the {card} can't be bought: only number cards go into the inventory. "
                        "Choose not to buy it, and it goes to the discard pile",
                        card=card_text(card),
                    ),
                )
            price = ACE_PRICE if is_ace(card) else value(card)
            gold = self.character["gold"]
            if price > gold:
                raise RuleError(
                    "S-13",
                    _(
                        "the {card} costs {price} gold and you have {gold}. Choose not to buy it, "
                        "and it goes to the discard pile",
                        card=card_text(card),
                        price=price,
                        gold=gold,
                    ),
                )
            self.character["gold"] -= price
            self.event(
                "buy_top",
                "S-13",
                _("Bought the {card} for {price} gold.", card=card_text(card), price=price),
            )
            self.claim(card, _("bought"))  # T-06: a Diamond turns straight back into gold
        self.check_session_end()

    def sellable(self) -> list[str]:
        """S-09, T-04b: a Diamond character may sell any inventory card but the A♦."""
        if self.class_suit() != "D":
            return []
        return [card for card in self.character["inventory"] if card != "AD"]

    def do_sell(self, action: dict) -> None:
        card = self.card_field(action)
        if self.class_suit() != "D":
            raise RuleError("S-09", _("only a Diamond character may sell inventory cards"))
        if card == "AD":
            raise RuleError("T-04b", _("the A♦ can't be sold: it is kept as the luck gem"))
        self.take_from_inventory(card, "S-09")
        gold = value(card)
        self.character["gold"] += gold
        self.event(
            "sell",
            "S-09",
            _("Sold the {card} for {gold} gold.", card=card_text(card), gold=gold),
            gold=gold,
        )
        self.spend(card)  # T-04b: a sold Ace goes to the bottom of the draw pile
        if self.internal["step"] == "save" and not self.saves():
            # T-22a: the last card that could save a dying character is gone: death at once.
            self.event(
                "no_save",
                "T-22a",
                _("No card in your inventory can save you now: you die."),
            )
            self.die()
