"""Where the adventure stands, as the play screen's status shows it: the turn and its phase,
the place, the skills, the two hands and the counts."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from tracker.barbarian_vince.play_words import (
    PHASES,
    SKILL_SHORT,
    CardView,
    card_view,
    heading,
    outcome_words,
    signed,
)
from tracker.rules import barbarian_vince as bv
from tracker.rules.barbarian_vince.catalogue import SKILLS

if TYPE_CHECKING:
    from tracker.barbarian_vince.play_choices import Choices


class Status:
    """Where things stand, for the status region drawn with every answer."""

    def __init__(self, state: dict, *, choices: Choices):
        self.state = state
        # The deck the forms offer is the deck the counts count.
        self.choices = choices

    @property
    def heading(self) -> str:
        return heading(self.state)

    @property
    def outcome(self) -> str:
        return outcome_words(self.state)

    @property
    def phases(self) -> list[dict]:
        """The four phases of a turn, the current one marked."""
        current = self.state["phase"]
        if self.state["status"] != "playing" or current is None:
            return []
        order = [key for key, _label in PHASES]
        at = order.index(current)
        return [
            {"label": label, "current": index == at, "done": index < at}
            for index, (_key, label) in enumerate(PHASES)
        ]

    @cached_property
    def where(self) -> dict | None:
        location = self.state["location"]
        if location is None:
            return None
        value = bv.lay_low_value(self.state)
        terrains = [
            row["type"] + (signed(row["modifier"]) if row["modifier"] else "")
            for row in bv.location_terrains(self.state)
        ]
        return {
            "map": location["map"],
            "location": location["location"],
            "lay_low": f"[{value}+]" if value is not None else "[—]",
            "terrains": terrains,
            "waiting": bv.waiting_here(self.state),
        }

    @cached_property
    def skills(self) -> list[dict]:
        totals = bv.skill_totals(self.state)
        return [{"name": SKILL_SHORT[skill], "value": totals[skill]} for skill in SKILLS]

    @cached_property
    def ready(self) -> list[CardView]:
        return [card_view(self.state, card) for card in self.state["ready"]]

    @cached_property
    def exhausted(self) -> list[CardView]:
        return [card_view(self.state, card) for card in self.state["exhausted"]]

    @cached_property
    def counts(self) -> dict:
        state = self.state
        return {
            "turn": state["turn"],
            "years": state["years"],
            "won": len(state["quests_won"]),
            "deck": len(self.choices.deck),
            "catalogue": len(state["catalogue"]),
        }

    @property
    def quests_won(self) -> list[str]:
        return list(self.state["quests_won"])
