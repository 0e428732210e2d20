"""What the adventure screen shows, worked out from the engine's state and `awaiting`.

Presentation only: every number comes from the state or from the engine's query functions
(`tracker.rules.barbarian_vince`), never from arithmetic in a template, and every rule is the
engine's. The screen is driven by `awaiting.reason`: each reason has its instruction for the
table, its rule, the forms it puts first (`main`) and the ones it keeps under "More" (`side`)
(tracker.barbarian_vince.play_prompt). The adventure's words (cards, checks, phases) are in
tracker.barbarian_vince.play_words, and named here too for the modules that read them here.
"""

from __future__ import annotations

from tracker.barbarian_vince import projections
from tracker.barbarian_vince.game import GAME
from tracker.barbarian_vince.play_choices import Choices
from tracker.barbarian_vince.play_encounter import Encounter
from tracker.barbarian_vince.play_prompt import Prompt
from tracker.barbarian_vince.play_status import Status
from tracker.barbarian_vince.play_words import (
    CLASS_WORDS,
    PHASES,
    SKILL_SHORT,
    CardView,
    card_view,
    check_status_words,
    check_words,
    heading,
    outcome_words,
    skill_name,
)
from tracker.core import services as core
from tracker.core.i18n import say
from tracker.core.presenters import shows, undone_notice
from tracker.rules import barbarian_vince as bv
from tracker.rules.text import Msg

__all__ = [
    "CLASS_WORDS",
    "PHASES",
    "SKILL_SHORT",
    "CardView",
    "Screen",
    "card_view",
    "check_status_words",
    "check_words",
    "heading",
    "outcome_words",
    "skill_name",
    "undone_screen",
]


@shows(
    status="heading outcome phases where skills ready exhausted counts quests_won",
    prompt="title instruction lay_low_refusal rule rule_text main error_actions side side_summary",
    encounter_region="encounter check check_marks listing_words reusable damage_cards",
    choices=(
        "destinations maps_missing all_places encounter_terrain_choices follow_up first_turn "
        "needs_draw setup_steps common_items restorable discardable any_curse waiting "
        "waiting_elsewhere recovery trade rest_counts item_classes new_card_kinds class_choices "
        "skill_choices deck names deck_to_bring"
    ),
)
class Screen:
    """The adventure screen for one state: what to say, what to offer, what to show.

    Each region has its presenter (status, prompt, encounter, choices); the templates read
    what they work out off the screen, one name each.
    """

    def __init__(
        self,
        adventure,
        *,
        error=None,
        error_rule: str = "",
        notice: str = "",
        moves=(),
        conflict: bool = False,
        just_done: bool = False,
        entry: dict | None = None,
    ):
        self.adventure = adventure
        self.state = adventure.state
        self.projection = adventure.projection or {}
        self.version = adventure.version
        # What this screen asks (tracker.core.services.asked_of): a tap drawn here still goes
        # ahead after a change elsewhere that asks nothing new.
        self.asked = core.asked_of(GAME, adventure)
        self.error = say(error) if error else ""
        self.error_rule = error_rule
        self.error_rule_text = bv.rule_summary(error_rule) if error_rule else ""
        # The card a refusal asks to enter first: its form is drawn in place, and the tap
        # goes on once the card is entered (the deck's cards never get here: they are
        # entered on the way).
        self.register_card = _register_first(error, error_rule) or (entry or {}).get("new_card", "")
        self.notice = notice
        self.moves = [say(line) for line in moves]
        self.conflict = conflict
        self.entry = entry or {}
        awaiting = self.state["awaiting"]
        self.awaiting = list(awaiting["action"])
        self.reason = awaiting["reason"]
        self.just_done = self.last_words if just_done else ""
        self.choices = Choices(self.state, reason=self.reason, projection=self.projection)
        self.status = Status(self.state, choices=self.choices)
        self.prompt = Prompt(
            self.state, awaiting=self.awaiting, reason=self.reason, error_rule=error_rule
        )
        self.encounter_region = Encounter(self.state, status=self.status)

    @property
    def over(self) -> bool:
        return self.reason == "over"

    @property
    def known(self) -> dict[str, dict]:
        """The player's deck cards this adventure has not entered yet (id → register_card
        fields), set by the view: a tap naming one enters it on the way (BT-01)."""
        return self.choices.known

    @known.setter
    def known(self, cards: dict[str, dict]) -> None:
        self.choices.known = cards

    @property
    def listing(self) -> dict | None:
        """The check terms remembered for the open encounter's listing (or None), set by the
        view: the check form comes filled in, and begins in one tap."""
        return self.encounter_region.listing

    @listing.setter
    def listing(self, terms: dict | None) -> None:
        self.encounter_region.listing = terms

    # -- undo -----------------------------------------------------------------------------------

    @property
    def last_words(self) -> str:
        last = self.projection.get("last")
        return say(projections.words(last["words"])) if last else ""

    @property
    def undo_label(self) -> str:
        if self.adventure.last_seq <= 1:
            return ""
        return self.last_words

    @property
    def undo_moves(self) -> list[str]:
        """Where the real cards go back if the newest action is undone."""
        last = self.projection.get("last")
        if not last or self.adventure.last_seq <= 1:
            return []
        return [say(projections.words(line)) for line in last["moves"]]


def _register_first(error, rule: str) -> str:
    """The card a "register X first" refusal names, so the screen can offer to enter it."""
    if rule == "BT-01" and isinstance(error, Msg) and error.msgid == "register {card} first":
        return str(error.params.get("card", ""))
    return ""


def undone_screen(adventure) -> Screen:
    """The screen after an undo: what was taken back, and where the real cards go back."""
    undone = adventure.undone or []
    words = [say(bv.describe_action(step.before, step.action, step.after)) for step in undone]
    moves = bv.undo_card_moves(undone[0].before, undone[-1].after) if undone else []
    return Screen(adventure, notice=undone_notice(words), moves=moves)
