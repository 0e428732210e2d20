"""Loot and card effects, as the table screen offers them: when loot may be played, the acting
hero's loot names, and the places a card may name.
"""

from __future__ import annotations

from functools import cached_property

from tracker.barcadia.play_region import Region, place_words
from tracker.rules import barcadia as engine
from tracker.rules.barcadia.geometry import text as hex_text


class Cards(Region):
    """The loot cards and card effects this phone may play now."""

    @cached_property
    def loot_timings(self) -> list[str]:
        if self.phone.acting is None:
            return []
        return engine.loot_timings(self.state, self.phone.acting)

    @property
    def between_turns_open(self) -> bool:
        """The H-13 window: any phone may play a between-turns loot card now."""
        return "between_turns" in self.loot_timings

    @property
    def unnamed_loot(self) -> int:
        hero = self.phone.acting_hero
        return hero["loot_count"] - len(hero["loot_known"]) if hero else 0

    @property
    def known_loot(self) -> list[str]:
        """The names of the acting hero's loot cards to choose from, each once (two cards of
        one name are one choice)."""
        hero = self.phone.acting_hero
        return list(dict.fromkeys(hero["loot_known"])) if hero else []

    @property
    def effects_open(self) -> bool:
        """Card effects other than healing and loot wait until nothing is pending (HT-17)."""
        return (
            self.phone.phase == "play"
            and self.phone.first is None
            and self.phone.acting is not None
        )

    @property
    def trap_targets(self) -> list[dict]:
        return [
            {"at": f"{at[0]},{at[1]}", "words": hex_text(at)}
            for at in engine.trap_targets(self.state)
        ]

    @property
    def place_targets(self) -> list[dict]:
        if self.phone.acting is None:
            return []
        return [
            {"at": f"{at[0]},{at[1]}", "words": place_words(at)}
            for at in engine.place_hero_targets(self.state, self.phone.acting)
        ]

    @property
    def recorded_tiles(self) -> list[dict]:
        return [
            {"at": f"{t['at'][0]},{t['at'][1]}", "words": hex_text(t["at"])}
            for t in self.state["tiles"].values()
            if t["kind"] != "start"
        ]

    @property
    def power_ups_held(self) -> dict[str, list[str]]:
        return {name: hero["power_ups"] for name, hero in self.state["players"].items()}
