"""Lay Low and Travel: the start of a turn, and every move of Vince (B-12, BT-05, BT-07)."""

from ..errors import RuleError
from ..text import _
from . import places
from .catalogue import location_entry
from .play_base import PlayBase


class Travel(PlayBase):
    """The handlers of the Lay Low and Travel phases, and of moves by a card."""

    def do_lay_low(self, fields: dict) -> None:
        drawn = self.random_draw(fields)
        needed = places.current_location(self.new)["lay_low"]
        if drawn["number"] >= needed:
            self.new["laid_low"] = True
            self.new["phase"] = "rest"
            self.new["recoveries_left"] = 2
        else:
            self.new["phase"] = "travel"

    def do_travel(self, fields: dict) -> None:
        self.go(fields, neighbours_only=True, rule="BT-05")
        self.new["phase"] = "encounter"

    def do_move(self, fields: dict) -> None:
        self.go(fields, neighbours_only=False, rule="BT-07")

    def go(self, fields: dict, neighbours_only: bool, rule: str) -> None:
        map_id, name = self.place(fields)
        here = self.new["location"]
        if map_id not in self.catalogue:
            raise RuleError("BT-01", _("register {card} first", card=map_id))
        if self.catalogue[map_id]["kind"] != "map":
            raise RuleError(rule, _("{card} is not a map card", card=map_id))
        neighbours = self.catalogue[here["map"]]["neighbours"]
        if neighbours_only and map_id != here["map"] and map_id not in neighbours:
            raise RuleError(
                "BT-05",
                _("{map} is not beside {here} on the map key", map=map_id, here=here["map"]),
            )
        if location_entry(self.catalogue, map_id, name) is None:
            raise RuleError(rule, _("{map} shows no location {place}", map=map_id, place=name))
        if here == {"map": map_id, "location": name}:
            raise RuleError(rule, _("Vince is already at {place}", place=name))
        if places.place_of(self.new, map_id) == places.DECK:
            self.to_ready(map_id)  # B-12: the new map card is searched out of the deck
        self.new["location"] = {"map": map_id, "location": name}
        last = self.new["internal"]["encounter_places_last_turn"]
        self.new["encounter_here_last_turn"] = [map_id, name] in last

    def do_retrieve(self, fields: dict) -> None:
        cards = self.cards(fields)
        here = self.new["location"]
        for card in cards:
            if self.new["waiting"].get(card) != here:
                if card in self.new["waiting"]:
                    raise RuleError(
                        "B-30",
                        _(
                            "{card} waits at {place}, not here",
                            card=card,
                            place=self.new["waiting"][card]["location"],
                        ),
                    )
                self.refuse_elsewhere(card, _("waiting here"))
        for card in cards:
            self.to_ready(card)
        self.new["phase"] = "rest"
