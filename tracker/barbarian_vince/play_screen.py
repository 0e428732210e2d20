"""What the adventure screen shows, worked out from the engine's state and `awaiting`.

Presentation only: every number comes from the state or from the engine's query functions
(`tracker.rules.barbarian_vince`), never from arithmetic in a template, and every rule is the
engine's. The screen is driven by `awaiting.reason`: each reason has its instruction for the
table, its rule, the forms it puts first (`main`) and the ones it keeps under "More" (`side`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tracker.barbarian_vince import projections
from tracker.barbarian_vince.game import GAME
from tracker.core import services as core
from tracker.core.i18n import listing, say
from tracker.rules import barbarian_vince as bv
from tracker.rules.barbarian_vince.awaiting import why_not
from tracker.rules.barbarian_vince.catalogue import CLASSES, SKILLS, skill_word
from tracker.rules.errors import RuleError
from tracker.rules.text import Msg

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
# The effects a card's text may call for while an encounter is open or in an interlude.
EFFECTS = ("random_draw", "exhaust", "restore", "discard", "draw_item", "move")
# Always at hand when listed, under "More".
ANY_TIME = ("one_year_passed", "die", "end_adventure")


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


def _signed(value: int) -> str:
    return f"{value:+d}"


def _sum_words(number: int, bonus: int) -> str:
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
                % {"skill": skill_name(skill), "value": _signed(value)}
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
            notes.append(how % {"skill": skill_name(skill), "value": _signed(value)})
    locked = bv.card_place(state, card) == "exhausted" and _locked(state) == card
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


def _locked(state: dict) -> str | None:
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


class Screen:
    """The adventure screen for one state: what to say, what to offer, what to show."""

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
        # The player's deck cards this adventure has not entered yet (id → register_card
        # fields), set by the view: a tap naming one enters it on the way (BT-01).
        self.known: dict[str, dict] = {}
        # The check terms remembered for the open encounter's listing (or None), set by the
        # view: the check form comes filled in, and begins in one tap.
        self.listing: dict | None = None

    # -- where things stand -----------------------------------------------------------------

    @property
    def heading(self) -> str:
        return heading(self.state)

    @property
    def over(self) -> bool:
        return self.reason == "over"

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
            row["type"] + (_signed(row["modifier"]) if row["modifier"] else "")
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
            "deck": len(self.deck),
            "catalogue": len(state["catalogue"]),
        }

    @property
    def quests_won(self) -> list[str]:
        return list(self.state["quests_won"])

    # -- what to do now ---------------------------------------------------------------------

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
                return self.outcome
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

    # -- the encounter and its check -----------------------------------------------------------

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
                    "calc": _sum_words(row["number"] or 0, row["bonus"]),
                    "bonus": _signed(row["bonus"]),
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
        locked = _locked(self.state)
        return [card for card in self.ready if card.id != locked]

    # -- choices for the forms ------------------------------------------------------------------

    @cached_property
    def destinations(self) -> list[dict]:
        """Where Vince may travel, grouped by map, each with its lay-low value and terrains."""
        groups: dict[str, list] = {}
        state = self._with_known_maps
        for row in bv.travel_destinations(state):
            value = bv.location_lay_low(state, row["map"], row["location"])
            types = bv.location_terrain_types(state, row["map"], row["location"])
            terrains = " ".join(kind + (_signed(mod) if mod else "") for kind, mod in types.items())
            groups.setdefault(row["map"], []).append(
                {
                    "value": f"{row['map']}|{row['location']}",
                    "label": f"{row['location']} [{value if value is not None else '—'}"
                    f"{'+' if value is not None else ''}] ({terrains})",
                }
            )
        return [{"map": name, "places": places} for name, places in groups.items()]

    @cached_property
    def _with_known_maps(self) -> dict:
        """The state as if the deck's maps were entered: travel offers their places, and the
        tap that goes there enters the map on the way (BT-01, BT-05)."""
        state = self.state
        for fields in self.known.values():
            if fields.get("kind") != "map":
                continue
            try:
                state = bv.apply(state, {"type": "register_card", **fields})
            except RuleError:
                continue
        return state

    @property
    def maps_missing(self) -> list[str]:
        """Neighbouring maps neither entered nor in the player's deck (Vince can't go there
        until they are)."""
        return [
            row["map"]
            for row in bv.neighbouring_maps(self.state)
            if not row["registered"] and row["map"] not in self.known
        ]

    @cached_property
    def all_places(self) -> list[dict]:
        """Every location of every map entered (a card may move Vince anywhere, BT-07)."""
        here = self.state["location"]
        groups = []
        for card, entry in self.state["catalogue"].items():
            if entry["kind"] != "map":
                continue
            places = [
                {"value": f"{card}|{loc['name']}", "label": loc["name"]}
                for loc in entry["locations"]
                if here != {"map": card, "location": loc["name"]}
            ]
            groups.append({"map": card, "places": places})
        return groups

    @property
    def encounter_terrain_choices(self) -> list[str] | None:
        """The terrain types a regular encounter may be played for (None: a follow-up, any)."""
        return bv.encounter_terrains(self.state)

    @property
    def follow_up(self) -> bool:
        return self.state["encounters_this_turn"] > 0

    @property
    def first_turn(self) -> bool:
        return self.state["turn"] == 1 and self.state["encounters_this_turn"] == 0

    @property
    def needs_draw(self) -> bool:
        """Whether the next encounter takes a difficulty draw (a follow-up: unless X type)."""
        return bv.needs_difficulty_draw(self.state) and not self.first_turn

    @property
    def setup_steps(self) -> list[dict]:
        """What setup still needs in the catalogue: the Player Card and Map 1 with Ulendi."""
        catalogue = self.state["catalogue"]
        player = self.state["internal"]["player_card"]
        map_one = catalogue.get("Map 1")
        has_ulendi = map_one is not None and any(
            loc["name"] == "Ulendi" for loc in map_one.get("locations", [])
        )
        return [
            {"label": _("the Player Card"), "done": player is not None, "kind": "player"},
            {"label": _("Map 1, with Ulendi on it"), "done": has_ulendi, "kind": "map"},
        ]

    @property
    def common_items(self) -> list[dict]:
        """Common items in the deck: what setup may start with, each with its name if any."""
        catalogue = self.state["catalogue"]
        return [
            {"id": card, "label": card_view(self.state, card).label}
            for card in self.deck
            if "Common" in (catalogue[card].get("classes") or ())
        ]

    @cached_property
    def restorable(self) -> list[CardView]:
        return [card_view(self.state, card) for card in bv.restorable_cards(self.state)]

    @cached_property
    def discardable(self) -> list[CardView]:
        return [card_view(self.state, card) for card in bv.discardable_cards(self.state)]

    @property
    def any_curse(self) -> bool:
        return any(card.curse for card in self.discardable)

    @property
    def waiting(self) -> list[str]:
        return bv.waiting_here(self.state)

    @property
    def waiting_elsewhere(self) -> list[dict]:
        """Unique items waiting at their home somewhere else (B-30, BT-14)."""
        here = self.state["location"]
        return [
            {"card": card, "place": f"{home['location']} ({home['map']})"}
            for card, home in self.state["waiting"].items()
            if home != here
        ]

    @property
    def recovery(self) -> dict:
        return {
            "skill": self.state["skills"]["recovery"],
            "left": bv.recoveries_left(self.state),
        }

    @property
    def trade(self) -> dict:
        left = bv.trades_left(self.state)
        return {
            "classes": [
                {"value": name, "label": CLASS_WORDS[name], "cost": 4 if name == "Uncommon" else 2}
                for name in bv.trade_classes(self.state)
                # Only what the cards that can be given up can pay (B-33).
                if len(self.discardable) >= (4 if name == "Uncommon" else 2)
            ],
            "left": left,
            "left_words": ""
            if left is None
            else ngettext(
                "%(count)s trade left in this rest (table rule BT-15)",
                "%(count)s trades left in this rest (table rule BT-15)",
                left,
            )
            % {"count": left},
        }

    @property
    def rest_counts(self) -> str:
        """What this turn's rest has done so far, counted ("" before any of it, or elsewhere)."""
        if self.reason not in ("rest", "after_encounter"):
            return ""
        turn = self.projection.get("turn") or {}
        recovered = len(turn.get("recovered") or [])
        trades = turn.get("trades") or 0
        discarded = len(turn.get("discarded") or [])
        if not (recovered or trades or discarded):
            return ""
        parts = [
            ngettext("%(count)s card recovered", "%(count)s cards recovered", recovered)
            % {"count": recovered},
            ngettext("%(count)s trade", "%(count)s trades", trades) % {"count": trades},
            ngettext("%(count)s card discarded", "%(count)s cards discarded", discarded)
            % {"count": discarded},
        ]
        return _("This turn so far: %(counts)s.") % {"counts": listing(parts)}

    @property
    def item_classes(self) -> list[dict]:
        return [{"value": name, "label": CLASS_WORDS[name]} for name in CLASSES]

    @property
    def new_card_kinds(self) -> list[tuple]:
        """The kinds a card met in play may be (maps and the Player Card are entered ahead)."""
        from tracker.barbarian_vince.forms import KINDS

        return [(value, label) for value, label in KINDS if value in ("quest", "item", "one_year")]

    @property
    def class_choices(self) -> list[tuple]:
        return list(CLASS_WORDS.items())

    @property
    def skill_choices(self) -> list[dict]:
        return [{"value": skill, "label": skill_name(skill)} for skill in SKILLS]

    @cached_property
    def deck(self) -> list[str]:
        return bv.deck_cards(self.state)

    @property
    def names(self) -> list[str]:
        """The ids a card field offers: the deck's entered cards and the player's others."""
        return [*self.deck, *(card for card in self.known if card not in self.state["catalogue"])]

    @property
    def deck_to_bring(self) -> int:
        """How many cards of the player's deck one tap would enter here."""
        return len(self.known) if self.state["status"] in ("setup", "playing") else 0

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
