"""The board, as every phone shows it: the heroes' rows and cups, the dungeon, the table rules
played, and the map drawn for this phone.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.utils.translation import gettext as _

from tracker.barcadia import hexmap
from tracker.barcadia.play_region import Region, place_words
from tracker.core.i18n import listing, sentences
from tracker.rules.barcadia.ruleset import DEFAULTS


@dataclass
class HeroView:
    """One hero's row on every phone."""

    name: str
    seat: int
    hp: int
    hp_max: int
    power_ups: list[str]
    signature_move: str | None
    loot_count: int
    loot_names: list[str] | None  # None: this phone may not see them (HT-15)
    loot_folded: bool  # shown only behind "show" (one phone passed round)
    place: str
    deaths: int
    active: bool
    waited: bool
    mine: bool

    @property
    def percent(self) -> int:
        return max(0, min(100, round(100 * self.hp / self.hp_max))) if self.hp_max else 0

    @property
    def cup_level(self) -> float:
        """The drink's top in the cup picture (y: 8 at the full line, 44 empty)."""
        return round(44 - 36 * self.percent / 100, 1)

    @property
    def low(self) -> bool:
        return self.percent <= 25


class Board(Region):
    """The heroes, the dungeon and the map."""

    @cached_property
    def heroes(self) -> list[HeroView]:
        views = []
        for name, hero in sorted(self.state["players"].items(), key=lambda i: i[1]["seat"]):
            mine = name in self.phone.my_heroes
            shared = self.phone.pass_phone
            views.append(
                HeroView(
                    name=name,
                    seat=hero["seat"],
                    hp=hero["hp"],
                    hp_max=hero["hp_max"],
                    power_ups=list(hero["power_ups"]),
                    signature_move=hero["signature_move"],
                    loot_count=hero["loot_count"],
                    # HT-15: a phone shows its own hero's loot names, never another's.
                    loot_names=list(hero["loot_known"]) if mine or shared else None,
                    loot_folded=shared and not mine,
                    place=place_words(hero["position"]),
                    deaths=hero["deaths"],
                    active=name == self.phone.active,
                    waited=name == self.phone.waited,
                    mine=mine,
                )
            )
        return views

    @property
    def acting_hero(self) -> dict | None:
        return self.state["players"].get(self.phone.acting) if self.phone.acting else None

    @property
    def dungeon(self) -> dict | None:
        return self.state["dungeon"]

    @property
    def dungeon_line(self) -> str:
        """How much of the dungeon is turned up, and where the Drink Hoard is."""
        dungeon = self.dungeon
        counted = _("Dungeon: %(recorded)s of %(size)s tiles turned up.") % {
            "recorded": dungeon["recorded"],
            "size": dungeon["size"],
        }
        if dungeon["hoard"]:
            hoard = _("The Drink Hoard is at [%(at)s].") % {
                "at": listing(str(n) for n in dungeon["hoard"])
            }
        else:
            hoard = _("The Drink Hoard is not found yet.")
        return sentences([counted, hoard])

    @property
    def small_dungeon(self) -> bool:
        return bool(self.dungeon) and self.dungeon["size"] < 50

    @property
    def changed_rules(self) -> list[tuple[str, str]]:
        """The table rules played other than their defaults: (option, value)."""
        return [
            (option, str(value))
            for option, value in self.state["ruleset"].items()
            if DEFAULTS.get(option) != value
        ]

    # -- the map, drawn for this phone --------------------------------------------------------

    @cached_property
    def map(self) -> hexmap.MapView:
        acting = self.phone.acting if self.phone.my_turn else None
        return hexmap.build(
            self.state, acting=acting, me=tuple(self.phone.my_heroes), chosen=self.phone.chosen
        )

    @property
    def map_title(self) -> str:
        """The map's title: the same on every phone and turn (it is part of the drawing, which
        a swap then leaves in place)."""
        return _("Dungeon map: on your turn, tap a lit hex to explore it or move there")

    @property
    def map_svg(self):
        """The map drawn for this phone."""
        return hexmap.svg(self.map, self.map_title)

    @property
    def map_parts(self) -> hexmap.MapParts:
        """The map drawn for this phone, in parts (tracker.barcadia.regions)."""
        return hexmap.svg_parts(self.map, self.map_title)

    @property
    def map_defs(self):
        return hexmap.defs(self.map.tokens)
