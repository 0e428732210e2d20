"""What to do now, as the play screen's prompt says it: driven by the engine's
`awaiting.reason`, each reason has its instruction for the table, its rule, the forms it puts
first (`main`) and the ones it keeps under "More" (`side`)."""

from __future__ import annotations

from functools import cached_property

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tracker.barbarian_vince.play_words import outcome_words
from tracker.core.i18n import listing, say
from tracker.rules import barbarian_vince as bv
from tracker.rules.barbarian_vince.awaiting import why_not

# The effects a card's text may call for while an encounter is open or in an interlude.
EFFECTS = ("random_draw", "exhaust", "restore", "discard", "draw_item", "move")
# Always at hand when listed, under "More".
ANY_TIME = ("one_year_passed", "die", "end_adventure")


class Prompt:
    """What the table is asked now: the title, the instruction, its rule, and which forms."""

    def __init__(self, state: dict, *, awaiting: list[str], reason: str, error_rule: str):
        self.state = state
        self.awaiting = awaiting
        self.reason = reason
        self.error_rule = error_rule

    @property
    def title(self) -> str:
        return {
            "setup": _("Set up the deck"),
            "lay_low": _("Lay Low"),
            "travel": _("Travel"),
            "encounter": _("Encounter"),
            "encounter_open": _("The encounter"),
            "check": _("Skill check"),
            "damage": _("Round lost: take the damage"),
            "after_encounter": _("After the encounter"),
            "rest": _("Rest"),
            "interlude": _("One Year Has Passed"),
            "over": _("The end"),
        }.get(self.reason, "")

    @property
    def instruction(self) -> str:
        """What to do at the table now, in a sentence or two."""
        state = self.state
        match self.reason:
            case "setup":
                return _(
                    "Take the Player Card, Map 1, the X0 card and the One Year Has Passed card "
                    "out of the deck. Shuffle the rest and put One Year Has Passed at the "
                    "bottom. Then turn cards until a Common item shows up: enter it, and start."
                )
            case "lay_low":
                if "lay_low" in self.awaiting:
                    return _(
                        "Vince met an encounter here last turn, so he may lay low: turn the "
                        "top card; %(value)s or more and he goes straight to rest. Or travel, "
                        "or stay and draw this turn's encounter."
                    ) % {"value": bv.lay_low_value(state)}
                return _(
                    "No laying low this turn: %(why)s. Travel one step, or stay and draw "
                    "this turn's encounter."
                ) % {"why": self.lay_low_refusal}
            case "travel":
                return _(
                    "Move Vince one step along a path (off the edge of the map brings the next "
                    "map card into your hand), or stay and draw this turn's encounter."
                )
            case "encounter":
                return self._encounter_instruction()
            case "encounter_open":
                encounter = state["encounter"]
                words = {"terrain": encounter["terrain"], "card": encounter["card"]}
                if encounter["difficulty"] is not None:
                    return _(
                        "Read the %(terrain)s listing of %(card)s for difficulty %(difficulty)s "
                        "and carry it out here: a skill check, the effects it names, then how "
                        "the encounter ends."
                    ) % {**words, "difficulty": encounter["difficulty"]}
                if encounter["terrain"] == encounter["card"]:
                    return (
                        _(
                            "Read %(card)s and carry it out here: a skill check, the effects it "
                            "names, then how the encounter ends."
                        )
                        % words
                    )
                # The X types take no difficulty (BT-06): say so in words.
                return (
                    _(
                        "Read the %(terrain)s listing of %(card)s (it takes no difficulty) and "
                        "carry it out here: a skill check, the effects it names, then how the "
                        "encounter ends."
                    )
                    % words
                )
            case "check":
                check = state["check"]
                if check["target"] is None:
                    return _(
                        "Play one card from the ready hand: its value is the result to look up "
                        "on the listing."
                    )
                return _(
                    "Play cards from the ready hand one at a time and exhaust each on the "
                    "table. A card giving %(target)s or more wins the round."
                ) % {"target": check["target"]}
            case "damage":
                count = bv.damage_due_count(state)
                return ngettext(
                    "The round is lost: choose %(count)s card of the ready hand and move it "
                    "to the exhausted hand.",
                    "The round is lost: choose %(count)s cards of the ready hand and move them "
                    "to the exhausted hand.",
                    count,
                ) % {"count": count}
            case "after_encounter":
                return _(
                    "The encounter is over. If a card sends Vince into another encounter, draw "
                    "it; otherwise rest."
                )
            case "rest":
                return self._rest_instruction()
            case "interlude":
                return _(
                    "One Year Has Passed turned up: do what the card says (draws, exhausting, "
                    "items, moving), then carry on. Put it back at the bottom of the deck."
                )
            case "over":
                return outcome_words(state)
        return ""

    def _encounter_instruction(self) -> str:
        state = self.state
        if state["turn"] == 1 and state["encounters_this_turn"] == 0:
            return _(
                "The first encounter is the X0 card you set aside: play it here (no difficulty "
                "draw)."
            )
        types = bv.encounter_terrains(state) or []
        shown = listing(types, "or")
        if bv.needs_difficulty_draw(state):
            return _(
                "Turn the top card for the difficulty and put it aside. Then turn cards until "
                "one shows %(types)s; the others go under the deck. Enter both cards."
            ) % {"types": shown}
        return _(
            "Search the deck for the %(types)s card: no difficulty draw here. Enter the card."
        ) % {"types": shown}

    def _rest_instruction(self) -> str:
        state = self.state
        parts = []
        left = bv.recoveries_left(state)
        recovery = state["skills"]["recovery"]
        if left == 1:
            parts.append(
                ngettext(
                    "recover up to %(recovery)s card",
                    "recover up to %(recovery)s cards",
                    recovery,
                )
                % {"recovery": recovery}
            )
        elif left > 1:
            parts.append(
                ngettext(
                    "recover up to %(recovery)s card, %(left)s times this turn",
                    "recover up to %(recovery)s cards, %(left)s times this turn",
                    recovery,
                )
                % {"recovery": recovery, "left": left}
            )
        if "trade" in self.awaiting:
            parts.append(_("trade cards for an item here"))
        parts.append(_("discard what you want to"))
        return _("Rest: %(things)s; then end the turn.") % {"things": listing(parts, "clauses")}

    @property
    def lay_low_refusal(self) -> str:
        refusal = why_not(self.state, "lay_low")
        return say(refusal[1]) if refusal else ""

    @property
    def rule(self) -> str:
        return {
            "setup": "BT-03",
            "lay_low": "BT-04",
            "travel": "BT-05",
            "encounter": "BT-06",
            "encounter_open": "BT-07",
            "check": "BT-13" if self._result_check else "BT-11",
            "damage": "B-27",
            "after_encounter": "BT-15",
            "rest": "BT-15",
            "interlude": "BT-16",
            "over": "BT-17",
        }.get(self.reason, "")

    @property
    def rule_text(self) -> str:
        return bv.rule_summary(self.rule)

    @property
    def _result_check(self) -> bool:
        check = self.state["check"]
        return check is not None and check["target"] is None

    @cached_property
    def main(self) -> list[str]:
        """The forms shown first, in order."""
        can = set(self.awaiting)
        reason = self.reason
        wanted: list[str] = []
        if reason == "setup":
            wanted = ["setup"]
        elif reason in ("lay_low", "travel", "encounter"):
            wanted = ["lay_low", "travel", "retrieve", "draw_encounter"]
        elif reason == "encounter_open":
            # After a check, another is rarer than ending the encounter: it waits under "More".
            first_check = [] if self.state["check"] is not None else ["begin_check"]
            # The Reusable offer after the ending, which a typical turn taps (issue 23).
            wanted = [*first_check, "end_encounter", "reuse", "win_quest"]
        elif reason == "check":
            # Playing on comes first; the Reusable offer stands until the next play. A check
            # whose listing's condition broke fails here, not under "More" (issue 23).
            wanted = ["play_check_card", "reuse", "fail_check"]
        elif reason == "damage":
            wanted = ["take_damage"]
        elif reason in ("after_encounter", "rest"):
            wanted = ["recover", "end_turn"]
        elif reason == "interlude":
            wanted = ["resume"]
        return [kind for kind in wanted if kind in can]

    @property
    def error_actions(self) -> list[str]:
        """The forms a refusal points to, drawn beside it: "record One Year Has Passed" (BT-16)
        gets its button there."""
        if self.error_rule == "BT-16" and "one_year_passed" in self.awaiting:
            return ["one_year_passed"]
        return []

    @cached_property
    def side(self) -> list[str]:
        """The forms kept under "More": effects, follow-ups and what may happen any time."""
        can = set(self.awaiting)
        main = set(self.main)
        wanted: list[str] = []
        if self.reason == "encounter_open":
            wanted += ["begin_check", *EFFECTS]
        if self.reason == "interlude":
            wanted += list(EFFECTS)
        if self.reason in ("after_encounter", "rest"):
            wanted += ["trade", "discard", "draw_encounter"]
        wanted += list(ANY_TIME)
        return [kind for kind in wanted if kind in can and kind not in main]

    @property
    def side_summary(self) -> str:
        if self.reason == "encounter_open":
            if self.state["check"] is not None:
                return _("Another check, effects, and more")
            return _("Effects, and more")
        if self.reason == "interlude":
            return _("What the card says: draws, exhausting, items, moving")
        if self.reason == "after_encounter" and "draw_encounter" in self.side:
            # BT-07: another encounter only when a card sends Vince into one.
            return _("Trade, discard, a follow-up encounter, and more")
        if self.reason in ("after_encounter", "rest"):
            return _("Trade, discard, and more")
        return _("More: One Year Has Passed, the end")
