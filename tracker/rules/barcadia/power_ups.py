"""Power-ups gained, taken, stolen and discarded (H-22, H-23, HT-09, HT-16, HT-17)."""

from ..errors import RuleError
from ..text import _, listed
from . import board, fields
from .geometry import ORIGIN
from .play_base import PlayBase
from .ruleset import shown


class PowerUps(PlayBase):
    """The handlers of power-up cards."""

    def do_gain_power_up(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        if not fields.given(action, "card"):
            raise fields.refuse("card", _("name the power-up"))
        card = fields.card_name(action["card"], "card")
        source = fields.choice(action, "from", ("deck", "room", "player"), "deck")
        first = self.first()
        if source == "deck" and first is not None and first["kind"] == "power_up":
            item = self.awaited("power_up", name, "gain_power_up", "HT-09")
            left = item["left"] - 1
            if left:
                self.pending[0] = {**item, "left": left}
            else:
                self.pending.pop(0)
            self.gain(name, card)
            return
        if source == "room":
            self.turn_action("gain_power_up", name)
            here = self.where(name)
            tile = board.tile_at(self.state, here)
            if here == ORIGIN or card not in tile["power_ups"]:
                raise RuleError(
                    "HT-16",
                    _(
                        "no power-up called {card} lies where {hero} stands",
                        card=shown(card),
                        hero=name,
                    ),
                )
            self.tile(here)["power_ups"].remove(card)
            self.turn["started"] = True
            self.gain(name, card)
            return
        self.card_effect("gain_power_up")
        if source == "player":
            giver = fields.hero(self.state, action, "from_player")
            if giver == name:
                raise RuleError("HT-17", _("a hero can't take a power-up from themselves"))
            held = self.state["players"][giver]
            if card not in held["power_ups"]:
                if card == held["signature_move"]:
                    raise RuleError("H-23", _("a signature move can never be stolen"))
                raise RuleError(
                    "HT-17",
                    _("{hero} holds no power-up called {card}", hero=giver, card=shown(card)),
                )
            self.hero(giver)["power_ups"].remove(card)  # the earliest copy gained
        self.gain(name, card)

    def do_discard_power_up(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        if not fields.given(action, "card"):
            raise fields.refuse("card", _("name the power-up"))
        card = fields.card_name(action["card"], "card")
        first = self.first()
        hero = self.state["players"][name]
        if first is not None and first["kind"] == "discard":
            item = self.awaited("discard", name, "discard_power_up", "H-22")
            waiting = item["card"]
            if card not in hero["power_ups"] and card != waiting:
                raise RuleError(
                    "H-22",
                    _("discard one of {cards}", cards=listed([*hero["power_ups"], waiting], "or")),
                )
            self.pending.pop(0)
            if card in hero["power_ups"]:
                powers = self.hero(name)["power_ups"]
                powers.remove(card)
                powers.append(waiting)
            self.drop(name, card)
            return
        self.card_effect("discard_power_up")
        if card not in hero["power_ups"]:
            if card == hero["signature_move"]:
                raise RuleError("H-23", _("a signature move is never discarded"))
            raise RuleError(
                "H-22", _("{hero} holds no power-up called {card}", hero=name, card=shown(card))
            )
        self.hero(name)["power_ups"].remove(card)
        self.drop(name, card)
