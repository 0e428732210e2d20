"""The adventure in words, as the play screen and the history say it: phases, skills, cards,
checks and how the adventure ended.

Presentation only: every number comes from the state or from the engine's query functions
(`tracker.rules.barbarian_vince`), never from arithmetic in a template.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tracker.core.i18n import say
from tracker.rules import barbarian_vince as bv
from tracker.rules.barbarian_vince.catalogue import skill_word

PHASES = (
    ("lay_low", gettext_lazy("Lay Low")),
    ("travel", gettext_lazy("Travel")),
    ("encounter", gettext_lazy("Encounter")),
    ("rest", gettext_lazy("Rest")),
)
SKILL_SHORT = {
    "combat": gettext_lazy("Combat"),
    "survival": gettext_lazy("Survival"),
    "unlock_disarm": gettext_lazy("Unlock"),
    "hide": gettext_lazy("Hide"),
    "charm": gettext_lazy("Charm"),
    "recovery": gettext_lazy("Recovery"),
}
CLASS_WORDS = {
    "Common": gettext_lazy("Common"),
    "Uncommon": gettext_lazy("Uncommon"),
    "Unique": gettext_lazy("Unique"),
    "Reusable": gettext_lazy("Reusable"),
    "Skill": gettext_lazy("Skill"),
    "Curse": gettext_lazy("Curse"),
}


def skill_name(skill: str) -> str:
    """A skill as a player reads it, translated."""
    return say(skill_word(skill))


def heading(state: dict) -> str:
    """Where the adventure stands, in a few words ("Turn 3 · Encounter")."""
    status = state.get("status")
    if status in (None, "new", "setup"):
        return _("Setting up")
    if status == "won":
        return _("Won")
    if status == "dead":
        return _("Vince died")
    if status == "removed":
        return _("Vince left the game")
    if status == "ended":
        return _("Ended")
    phase = dict(PHASES).get(state.get("phase"), "")
    if state.get("interlude"):
        phase = _("One Year Has Passed")
    return _("Turn %(turn)s · %(phase)s") % {"turn": state.get("turn"), "phase": phase}


@dataclass
class CardView:
    """A card as the hands and the forms show it."""

    id: str
    label: str  # the id, with the name when it has one
    number: int | None
    kind: str
    notes: list[str] = field(default_factory=list)  # "Combat +1 (when played)", "Reusable"
    locked: bool = False
    curse: bool = False
    reusable: bool = False


def signed(value: int) -> str:
    """A modifier with its sign ("+1", "-2")."""
    return f"{value:+d}"


def sum_words(number: int, bonus: int) -> str:
    """ "4 + 1" or "4 − 1": a card's number and what is added to it."""
    sign = "+" if bonus >= 0 else "−"
    return f"{number} {sign} {abs(bonus)}"


def card_view(state: dict, card: str) -> CardView:
    """One catalogue card with what it adds to which skill, in words."""
    entry = state["catalogue"][card]
    name = entry.get("name")
    label = f"{card} · {name}" if name and name != card else card
    notes: list[str] = []
    kind = entry["kind"]
    classes = entry.get("classes") or []
    if kind == "player":
        notes.append(_("Player Card"))
    elif kind == "map":
        for skill, value in entry["bonus"].items():
            notes.append(
                _("%(skill)s %(value)s while ready")
                % {"skill": skill_name(skill), "value": signed(value)}
            )
    if classes:
        notes.append(" · ".join(str(CLASS_WORDS[name]) for name in classes))
        for skill, value in entry.get("modifiers", {}).items():
            if "Curse" in classes:
                how = _("%(skill)s %(value)s in either hand")
            elif "Skill" in classes:
                how = _("%(skill)s %(value)s while ready")
            else:
                how = _("%(skill)s %(value)s when played")
            notes.append(how % {"skill": skill_name(skill), "value": signed(value)})
    locked = bv.card_place(state, card) == "exhausted" and locked_card(state) == card
    return CardView(
        id=card,
        label=label,
        number=entry.get("number"),
        kind=kind,
        notes=notes,
        locked=locked,
        curse="Curse" in classes,
        reusable="Reusable" in classes,
    )


def locked_card(state: dict) -> str | None:
    """The exhausted card the open encounter was played from (it stays put until it ends)."""
    encounter = state["encounter"]
    if encounter is not None and encounter["from_hand"] is not None:
        return encounter["card"]
    return None


def outcome_words(state: dict) -> str:
    """How the adventure ended, in words ("" while it goes on)."""
    won = len(state["quests_won"])
    status = state["status"]
    if status == "won":
        if state["victory"] == "major":
            return _("Vince has won all three quests: a Major Victory!")
        return _("Vince has won a quest: a Victory, and the table rules end the adventure there.")
    if status == "dead":
        return _("Vince died. The adventure is lost.")
    if status == "removed":
        return _("Vince was removed from the game. The adventure is lost.")
    if status == "ended":
        if won:
            return ngettext(
                "The adventure ended with %(count)s quest won.",
                "The adventure ended with %(count)s quests won.",
                won,
            ) % {"count": won}
        return _("The adventure ended with no quest won.")
    return ""


def check_words(check: dict) -> str:
    """A check as printed on a card: "Combat check: 2@ 7+" or "Charm check (table of results)"."""
    skill = skill_name(check["skill"])
    if check["target"] is None:
        return _("%(skill)s check (table of results)") % {"skill": skill}
    if check["times"] > 1:
        return _("%(skill)s check: %(times)s@ %(target)s+") % {
            "skill": skill,
            "times": check["times"],
            "target": check["target"],
        }
    return _("%(skill)s check: %(target)s+") % {"skill": skill, "target": check["target"]}


def check_status_words(check: dict) -> str:
    """The outcome of a finished check in words, or how it stands."""
    status = check["status"]
    if status == "passed":
        return ngettext(
            "Passed: %(count)s success, as needed.",
            "Passed: %(count)s successes, as needed.",
            check["successes"],
        ) % {"count": check["successes"]}
    if status == "failed":
        return _("Failed: follow what the listing says on a failure.")
    if status == "done":
        return _("Result: %(result)s. Read the listing's line for %(result)s.") % {
            "result": check["result"]
        }
    if check["times"] == 1:
        return _("Round %(round)s · one success passes the check") % {"round": check["round"]}
    return ngettext(
        "Round %(round)s · %(successes)s of %(times)s success so far",
        "Round %(round)s · %(successes)s of %(times)s successes so far",
        check["times"],
    ) % {"round": check["round"], "successes": check["successes"], "times": check["times"]}
