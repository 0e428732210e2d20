"""The rolls, as the table screen asks for them: the two-sided roll each phone gives its part
of (tracker.barcadia.roll_parts), the modifiers a roll may take, the order rolls, the fight's
tile and the discard.
"""

from __future__ import annotations

from functools import cached_property

from django.db.models import Q

from tracker.barcadia import forms
from tracker.barcadia.play_region import Region
from tracker.core.i18n import say
from tracker.rules import barcadia as engine
from tracker.rules.barcadia.board import seated
from tracker.rules.barcadia.geometry import text as hex_text
from tracker.rules.barcadia.words import modifier_source, sum_text


class Rolls(Region):
    """The rolls the table waits for, as this phone gives them."""

    @cached_property
    def held_seats(self) -> set[int]:
        """The seats some phone or account holds (one query, asked only for a roll)."""
        taken = self.table.seats.filter(Q(user__isnull=False) | ~Q(holder_key=""))
        return set(taken.values_list("number", flat=True))

    def _away(self, hero: str) -> bool:
        """Whether `hero`'s own phone can't be counted on to roll: no phone holds the seat."""
        return self.state["players"][hero]["seat"] not in self.held_seats

    @cached_property
    def sides(self) -> dict | None:
        """What this phone shows of the two-sided roll: who names the other side, whose die it
        rolls (`roller`), whose it may roll too (`also`: an absent phone never blocks the
        table), and the roll as it builds (`lines`)."""
        roll = self.phone.roll
        if roll is None:
            return None
        kind, player, other = roll["kind"], roll["player"], roll["other"]
        parts = roll["parts"]
        view = {
            "kind": kind,
            "player": player,
            "other": other,
            "again": roll["again"],
            "choose": other is None and self.phone.may_act_for(player),
            "candidates": [name for name in seated(self.state) if name != player],
            "roller": None,
            "also": None,
            "also_open": False,
            "lines": [],
            "cancel": False,
        }
        if other is None:
            return view
        for hero in (player, other):
            if hero in parts:
                view["lines"].append((hero, self._part_words(hero, parts[hero])))
            else:
                view["lines"].append((hero, None))
        mine = [hero for hero in (player, other) if self.phone.may_act_for(hero)]
        missing = [hero for hero in (player, other) if hero not in parts]
        roller = next((hero for hero in mine if hero in missing), None)
        view["roller"] = roller
        if mine:
            counterpart = next(hero for hero in (player, other) if hero != (roller or mine[0]))
            if counterpart in missing and counterpart != roller:
                view["also"] = counterpart
                view["also_open"] = (
                    self.phone.pass_phone
                    or self.table.one_phone_rolls
                    or counterpart in mine
                    or self._away(counterpart)
                )
        view["poster"] = roller or (mine[0] if mine else None)
        view["cancel"] = (
            not roll["again"] and not parts and self.phone.may_act_for(player) and kind != "duel"
        ) or (kind == "duel" and not parts and self.phone.may_act_for(player))
        return view

    def _part_words(self, hero: str, part: dict):
        terms = [part["roll"]]
        terms += [(m["value"], modifier_source(self.state, m)) for m in part["modifiers"]]
        return sum_text(terms)

    # -- the other rolls and what they ask ----------------------------------------------------

    @property
    def reroll(self) -> bool:
        return engine.reroll_due(self.state)

    @property
    def others(self) -> list[str]:
        """Every hero but the one this phone acts for (partners, boss players, duel targets)."""
        return [name for name in seated(self.state) if name != self.phone.acting]

    def modifier_choices(self, heroes: list[str]) -> list[tuple[str, str]]:
        return forms.modifier_choices(self.state, heroes)

    @property
    def roll_modifiers(self) -> list[tuple[str, str]]:
        """Modifier sources for the roll awaited now: the roller's, or both sides'."""
        first = self.phone.first
        sides = self.sides
        if sides is not None:
            # Only the sides this phone rolls for now: the roll accepts no one else's.
            # (The other side's too only where this phone rolls for them by default: their
            # seat is free, the phone is passed round, or the table's rule says so.)
            also = sides["also"] if sides["also_open"] or not sides["roller"] else None
            heroes = [hero for hero in (sides["roller"], also) if hero]
        elif first is None:
            return []
        elif first["kind"] in ("fight", "traps"):
            heroes = [first["player"]]
        else:
            return []
        return self.modifier_choices(heroes)

    @property
    def modifier_rows(self) -> range:
        return range(forms.MODIFIER_ROWS)

    @property
    def fight_tile(self) -> dict | None:
        first = self.phone.first
        if first is None or "at" not in first:
            return None
        tile = self.state["tiles"][f"{first['at'][0]},{first['at'][1]}"]
        return {**tile, "words": say(engine.face_words(tile)), "where": hex_text(first["at"])}

    @property
    def order_rollers(self) -> list[dict]:
        if self.phone.phase != "order":
            return []
        return [
            {"name": name, "box": f"roll_{self.state['players'][name]['seat']}"}
            for name in self.state["pending"][0]["players"]
        ]

    @property
    def first_order_roll(self) -> bool:
        """Nobody has rolled for the order yet: the table is still being laid out."""
        return self.phone.phase == "order" and not any(self.state["order_rolls"].values())

    @property
    def discard_choices(self) -> list[str]:
        first = self.phone.first
        if first is None or first["kind"] != "discard":
            return []
        return [*self.state["players"][first["player"]]["power_ups"], first["card"]]
