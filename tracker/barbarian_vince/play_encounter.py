"""The open encounter and its skill check, as the play screen shows them: the card and its
listing, the check's terms and rounds, and what each ready card would give."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from tracker.barbarian_vince.play_words import (
    CardView,
    card_view,
    check_status_words,
    check_words,
    locked_card,
    signed,
    sum_words,
)
from tracker.rules import barbarian_vince as bv
from tracker.rules.barbarian_vince.catalogue import SKILLS

if TYPE_CHECKING:
    from tracker.barbarian_vince.play_status import Status


class Encounter:
    """The encounter under way (if any) and its check."""

    def __init__(self, state: dict, *, status: Status):
        self.state = state
        # The damage is taken from the ready hand the status shows.
        self.status = status
        # The check terms remembered for the open encounter's listing (or None), set by the
        # view: the check form comes filled in, and begins in one tap.
        self.listing: dict | None = None

    @cached_property
    def encounter(self) -> dict | None:
        encounter = self.state["encounter"]
        if encounter is None:
            return None
        entry = self.state["catalogue"][encounter["card"]]
        return {
            "card": card_view(self.state, encounter["card"]),
            "terrain": encounter["terrain"],
            # An X card is its own listing (BT-07): its terrain would only say the card again.
            "terrain_named": encounter["terrain"] != encounter["card"],
            "difficulty": encounter["difficulty"],
            "from_hand": encounter["from_hand"],
            "suspended": encounter["suspended"],
            "can_keep": encounter["from_hand"] is None and bool(entry.get("classes")),
            "won": encounter["card"] in self.state["quests_won"],
        }

    @cached_property
    def check(self) -> dict | None:
        """The check of the open encounter: its terms, the round, what each ready card gives."""
        check = self.state["check"]
        if check is None:
            return None
        in_progress = check["status"] == "in_progress"
        target = check["target"]
        values = bv.check_card_values(self.state) if in_progress else []
        deck_draw = self.state["ruleset"]["check_value"] == "deck_draw"
        cards = []
        for row in values:
            view = card_view(self.state, row["card"])
            value = row["value"]
            cards.append(
                {
                    "card": view,
                    "calc": sum_words(row["number"] or 0, row["bonus"]),
                    "bonus": signed(row["bonus"]),
                    "value": value,
                    "enough": value is not None and target is not None and value >= target,
                    "playable": not view.locked,
                }
            )
        played = [
            {
                "card": one["card"],
                "draw": one["draw"],
                "value": one["value"],
                "enough": target is not None and one["value"] >= target,
            }
            for one in check["played"]
        ]
        speed = check["round_speed"]
        return {
            "words": check_words(check),
            "terms": self._check_terms(check),
            "status": check["status"],
            "in_progress": in_progress,
            "state": check_status_words(check),
            "round": check["round"],
            "successes": check["successes"],
            "times": check["times"],
            "target": target,
            "played": played,
            "played_count": len(check["played"]),
            "speed": speed,
            # No more than the ready cards that can still be played.
            "cards_left_in_round": None
            if speed is None
            else max(0, min(speed - len(played), sum(1 for row in cards if row["playable"]))),
            "cards": cards,
            "deck_draw": deck_draw,
            "whole_check_bonus": bv.whole_check_bonus(self.state),
            "damage_due": check["damage_due"],
        }

    @property
    def check_marks(self) -> list[str]:
        """One mark per success needed: "hit" for those won, "todo" for the rest."""
        check = self.state["check"]
        if check is None or check["target"] is None:
            return []
        won = min(check["successes"], check["times"])
        return ["hit"] * won + ["todo"] * (check["times"] - won)

    def _check_terms(self, check: dict) -> str:
        parts = []
        if check["round_speed"] is not None:
            parts.append(_("Round Speed %(speed)s") % {"speed": check["round_speed"]})
        if check["damage"]:
            parts.append(_("Damage %(damage)s") % {"damage": check["damage"]})
        if not parts and check["target"] is not None:
            parts.append(_("no round speed: a round ends on a success"))
        return " · ".join(parts)

    @property
    def listing_words(self) -> str:
        """The remembered check terms of this listing, as the card prints them."""
        terms = self.listing
        if not terms or terms.get("skill") not in SKILLS:
            return ""
        check = {
            "skill": terms["skill"],
            "target": terms.get("target"),
            "times": terms.get("times") or 1,
            "round_speed": terms.get("round_speed"),
            "damage": terms.get("damage") or 0,
        }
        extra = self._check_terms(check) if check["target"] is not None else ""
        return f"{check_words(check)} ({extra})" if extra else check_words(check)

    @cached_property
    def reusable(self) -> list[CardView]:
        if not bv.reuse_offered(self.state):
            return []
        return [card_view(self.state, card) for card in bv.reusable_cards(self.state)]

    @cached_property
    def damage_cards(self) -> list[CardView]:
        locked = locked_card(self.state)
        return [card for card in self.status.ready if card.id != locked]
