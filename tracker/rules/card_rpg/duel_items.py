"""Inventory cards in a duel (T-33): the engine's, on the duel's turn and in its words."""

from ..cards import card_text, value
from ..errors import RuleError
from ..text import _
from .duel_core import DuelCore


class DuelItems(DuelCore):
    """Inventory cards used on the duel's turn, against the opponent."""

    ITEMS_STEP = "duel_turn"

    def round_of_play(self) -> dict | None:
        """What inventory cards act on: the duel."""
        return self.state["duel"]

    def ace_item(self, card: str) -> dict | None:
        """The A♠ only where it is a deadly blow between players (T-33); the A♣ as alone."""
        if card == "AS":
            if self.duel["rules"]["ace_of_spades"] != "deadly":
                return None
            return {"card": card, "as": ["S"], "effect": _("a deadly blow")}
        if card == "AC":
            return {"card": card, "as": ["C"], "effect": _("blitz: play any cards")}
        return None

    def ace_of_spades_effect(self) -> str:
        return _("a deadly blow on {name}", name=self.opponent)

    def extra_play_effect(self) -> str:
        return _("one extra play")

    def separate_plays_hint(self) -> str:
        return _(
            "Cards of different ranks go in separate plays: each Club you use gives one more "
            "play this turn."
        )

    def use_ace_of_spades(self, card: str) -> None:
        """T-33: the A♠ is a deadly blow on the opponent, unless the duel's rules turn it off."""
        if self.duel["rules"]["ace_of_spades"] == "off":
            raise RuleError(
                "T-33",
                _("this duel is played with the A♠ off: it can't be used against a player"),
            )
        self.event(
            "ace_of_spades",
            "T-33",
            _("The A♠: a deadly blow on {name}.", name=self.opponent),
        )
        self.spend(card)
        self.hit(0, deadly=True, after="spade")

    def use_as_spade(self, card: str) -> None:
        """T-33: a Spade is a hit of its own, only before the turn's first play (T-04b)."""
        if self.duel["attacked"]:
            raise RuleError("T-04b", _("a Spade can be used only before the turn's first play"))
        self.spend(card)
        self.damage(value(card), _("{card} used as a Spade", card=card_text(card)))
        self.hit(value(card), deadly=False, after="spade")

    def club_used_text(self, card: str) -> str:
        return _("{card} used as a Club: one extra play this turn.", card=card_text(card))

    def buy_back_cost(self) -> int:
        """T-03 in a duel: the A♦ pays for one buy-back per duel under `once_per_fight`."""
        if "AD" not in self.character["inventory"]:
            return 1
        if self.ruleset.ace_of_diamonds == "free" or not self.internal["free_buy_used"]:
            return 0
        return 1
