"""The turn's choices, as the active hero's phone offers them: where to explore or move, the
host's tile box for a hex tapped, duels and the Drink Hoard, and how the turn ends.
"""

from __future__ import annotations

from functools import cached_property

from django.utils.translation import gettext as _

from tracker.barcadia import tile_box
from tracker.barcadia.play_region import Region, destination_words, reward_words
from tracker.core.i18n import say
from tracker.rules import barcadia as engine
from tracker.rules.barcadia.geometry import text as hex_text
from tracker.rules.errors import RuleError


class Turn(Region):
    """What the active hero may do this turn."""

    @cached_property
    def explore_targets(self) -> list[dict]:
        if not self.phone.my_turn:
            return []
        found = []
        for at in engine.explorable(self.state, self.phone.acting):
            tile = self.state["tiles"].get(f"{at[0]},{at[1]}")
            known = say(engine.face_words(tile)) if tile else None
            found.append({"at": f"{at[0]},{at[1]}", "words": hex_text(at), "known": known})
        return found

    @cached_property
    def box_offers(self) -> list[dict]:
        """The host's tile box faces not yet turned up in this game: one tap each, offered
        for the hex tapped on the map (the tap's answer reads the box; no other does)."""
        chosen = self.chosen_explore
        if chosen is None or chosen["known"]:
            return []
        return [
            {"key": offer.key, "words": say(engine.face_words(offer.face)), "left": offer.left,
             "reward_words": reward_words(offer.face.get("reward") or {})}
            for offer in tile_box.offers(owner_id=self.table.owner_id, state=self.state)
        ]  # fmt: skip

    @property
    def chosen_explore(self) -> dict | None:
        if self.phone.chosen is None:
            return None
        at = f"{self.phone.chosen[0]},{self.phone.chosen[1]}"
        return next((t for t in self.explore_targets if t["at"] == at), None)

    @cached_property
    def move_targets(self) -> list[dict]:
        if not self.phone.my_turn:
            return []
        found = []
        for target in engine.move_targets(self.state, self.phone.acting):
            to = target["to"]
            via = hex_text(target["path"][0]) if target["steps"] == 2 else ""
            if target["steps"] == 2 and target["path"][0] == [0, 0]:
                via = _("the Starting Point")
            found.append({"to": f"{to[0]},{to[1]}", "words": destination_words(to), "via": via})
        return found

    @cached_property
    def portal_targets(self) -> list[dict]:
        if not self.phone.my_turn:
            return []
        return [
            {"to": f"{at[0]},{at[1]}", "words": destination_words(at)}
            for at in engine.portal_targets(self.state, self.phone.acting)
        ]

    @cached_property
    def duel_targets(self) -> list[str]:
        return engine.duel_targets(self.state, self.phone.acting) if self.phone.my_turn else []

    @property
    def can_challenge(self) -> bool:
        return self.phone.my_turn and engine.can_challenge_hoard(self.state, self.phone.acting)

    @property
    def pick_ups(self) -> list[str]:
        return engine.room_power_ups(self.state, self.phone.acting) if self.phone.my_turn else []

    @property
    def turn_ask(self) -> str:
        """What the active hero may do now, in a sentence (from the engine's targets)."""
        hero = self.phone.acting
        if self.action_taken and not self.actions_left:
            return _("Action taken: use what is left of the turn, then end it.")
        explore, move = bool(self.explore_targets), bool(self.move_targets)
        if explore and move:
            text = _("%(hero)s: explore or move.") % {"hero": hero}
        elif explore:
            text = _("%(hero)s: explore.") % {"hero": hero}
        elif move:
            text = _("%(hero)s: move.") % {"hero": hero}
        else:
            text = _("%(hero)s: nothing to explore or walk to from here.") % {"hero": hero}
        if self.can_challenge:
            text += " " + _("You may challenge the Grand Drink Guardian.")
        if self.duel_targets:
            text += " " + _("You may duel a neighbour first.")
        if self.action_taken:
            text += " " + _("A card gave you one more action.")
        return text

    @property
    def action_taken(self) -> bool:
        return bool(self.phone.turn and self.phone.turn["actions_taken"])

    @property
    def turn_end(self) -> str:
        """How ending the turn is offered: after the action (``done``), asked to confirm one
        without an action (``asked``), or folded before the action (``early``)."""
        if self.action_taken:
            return "done"
        return "asked" if self.phone.end_confirm else "early"

    @property
    def actions_left(self) -> int:
        return self.phone.turn["actions_left"] if self.phone.turn else 0

    @property
    def chosen_at(self) -> str:
        return f"{self.phone.chosen[0]},{self.phone.chosen[1]}" if self.phone.chosen else ""

    @property
    def chosen_words(self) -> str:
        return hex_text(self.phone.chosen) if self.phone.chosen else ""

    @cached_property
    def chosen_refusal(self) -> tuple[str, str] | None:
        """A tapped place that is no target: the rule that says no, asked of the engine."""
        if self.phone.chosen is None or not self.phone.my_turn:
            return None
        at = f"{self.phone.chosen[0]},{self.phone.chosen[1]}"
        if any(t["at"] == at for t in self.explore_targets) or any(
            t["to"] == at for t in self.move_targets + self.portal_targets
        ):
            return None
        tile = self.state["tiles"].get(at)
        hero = self.phone.acting
        if tile is None or tile["face"] == "down":
            trial = {"type": "explore", "player": hero, "at": list(self.phone.chosen)}
            if tile is None:
                trial["tile"] = {"kind": "portal"}
        else:
            trial = {"type": "move", "player": hero, "path": [list(self.phone.chosen)]}
        try:
            engine.apply(self.state, trial)
        except RuleError as error:
            return error.rule, error.message
        return None
