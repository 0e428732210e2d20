"""Card effects told by the table, and the turn's end (HT-06, HT-17)."""

from ..errors import RuleError
from ..text import _
from . import board, fields
from .geometry import ORIGIN, distance, is_start, place_of
from .geometry import key as hex_key
from .geometry import text as hex_text
from .play_base import TILE_REACH, PlayBase, hex_list


class CardEffects(PlayBase):
    """The handlers of damage, healing, heroes and tiles moved by cards."""

    def do_take_damage(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        amount = self.amount(action)
        fields.note(action)
        self.card_effect("take_damage")
        self.damage(name, amount)

    @staticmethod
    def amount(action: dict) -> int:
        if not fields.given(action, "amount"):
            raise fields.refuse("amount", _("say how many HP"))
        return fields.integer(action["amount"], "amount", 1, fields.HP_AMOUNT_MAX, _("an amount"))

    def do_heal(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        self.heal(name, self.amount(action))

    def do_place_hero(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        at = place_of(fields.required_hex(action, "at"))
        fields.note(action)
        self.card_effect("place_hero")
        if board.is_hoard(self.state, at):
            raise RuleError("H-20", _("nobody may enter the Drink Hoard"))
        if not board.is_open(self.state, at):
            raise RuleError(
                "HT-17",
                _("a card puts a hero only on an open place; {at} is not one", at=hex_text(at)),
            )
        if at == self.where(name):
            raise RuleError("HT-17", _("{hero} is already there", hero=name))
        self.enter(name, at)  # HT-18: traps there are sprung

    def do_move_tile(self, action: dict) -> None:
        fields.hero(self.state, action)
        source = fields.required_hex(action, "from")
        to = fields.required_hex(action, "to")
        self.card_effect("move_tile")
        if is_start(source) or is_start(to):
            raise RuleError("H-02", _("no card can move a start tile or put a tile there"))
        if hex_key(source) not in self.state["tiles"]:
            raise RuleError("HT-17", _("no tile is recorded at {at}", at=hex_text(source)))
        if hex_key(to) in self.state["tiles"]:
            raise RuleError("HT-17", _("{at} already holds a tile", at=hex_text(to)))
        if distance(to, ORIGIN) > TILE_REACH:
            raise RuleError(
                "HT-17",
                _(
                    "{at} is off the table: keep tiles within {reach} hexes of the Starting Point",
                    at=hex_text(to),
                    reach=TILE_REACH,
                ),
            )
        tiles = self.state["tiles"]
        tiles[hex_key(to)] = tiles.pop(hex_key(source))  # its traps and power-ups go with it
        self._tiles.discard(hex_key(source))
        self.tile(to)["at"] = hex_list(to)
        for other, hero in self.state["players"].items():
            if (hero["position"][0], hero["position"][1]) == source:
                # Carried with the tile, entering nothing: `arrived` stays as it was.
                self.hero(other)["position"] = hex_list(to)
        dungeon = self.state["dungeon"]
        if dungeon["hoard"] is not None and tuple(dungeon["hoard"]) == source:
            self.state["dungeon"] = {**dungeon, "hoard": hex_list(to)}

    def do_end_turn(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        self.turn_action("end_turn", name)
        self.end_turn()
