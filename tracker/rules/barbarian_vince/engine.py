"""The Barbarian Vince state machine: ``apply(state, action) -> new state`` (barbarian-vince-actions.md).

The state is a plain JSON dict. `apply` makes a shallow copy and each handler replaces only the
parts it changes (a list or dict is copied once, the first time it is changed), so an action
costs the same in the first turn as after thousands: nothing in the state grows with the log,
and the catalogue, which only `register_card` changes, is shared between states. A refusal
raises RuleError before the caller sees the copy, and the given state is never changed.
Randomness never happens here: every card drawn comes in as an action field.

Beside the fields of the spec the state carries `internal`: the Player Card's id, the cards
played in the current check that still count under `exhausted_bonus: whole_check` (BT-10), and
where encounters were drawn or resumed this turn and last turn (BT-04).

Bounds on what an action may carry, refused beyond them with a plain message (the catalogue's
own bounds are in catalogue.py): lists of cards at most 300 long (the catalogue's size), a
check's target -9999 to 9999, `times` 1 to 20, `round_speed` 1 to 300, `damage` 0 to 300, an
encounter's `adjust` -99 to 99, texts (ids, names, places) at most 60 characters.
"""

from .. import log
from ..errors import RuleError
from ..text import _
from . import places
from .adventure import Adventure
from .awaiting import ACTION_TYPES, awaiting, refuse_not_now
from .catalogue import MAX_NUMBER, SKILLS
from .checks import Checks, check_bonus
from .effects import Effects
from .encounters import Encounters
from .play_base import FIELD_WORDS
from .rest import Rest
from .ruleset import normalise_ruleset
from .travel import Travel

GAME = "barbarian-vince"

# The fields each action type may carry, besides `type`, `note` and `_`-prefixed keys.
ACTION_FIELDS = {
    "begin_adventure": ("ruleset", "name"),
    "register_card": (
        "id",
        "kind",
        "name",
        "number",
        "skills",
        "bonus",
        "neighbours",
        "locations",
        "terrains",
        "classes",
        "modifiers",
        "home",
    ),
    "setup": ("item",),
    "lay_low": ("draw",),
    "travel": ("map", "location"),
    "retrieve": ("cards",),
    "draw_encounter": ("card", "draw", "terrain", "adjust"),
    "begin_check": ("skill", "target", "times", "round_speed", "damage"),
    "play_check_card": ("card", "draw"),
    "take_damage": ("cards",),
    "reuse": ("card",),
    "fail_check": (),
    "random_draw": ("draw",),
    "exhaust": ("cards",),
    "restore": ("cards",),
    "discard": ("cards", "conditions_met"),
    "draw_item": ("class", "card"),
    "move": ("map", "location"),
    "win_quest": (),
    "end_encounter": ("outcome",),
    "recover": ("cards",),
    "trade": ("class", "give", "card", "conditions_met"),
    "end_turn": (),
    "one_year_passed": (),
    "resume": (),
    "die": ("how",),
    "end_adventure": (),
}
assert tuple(ACTION_FIELDS) == ACTION_TYPES


def initial_state() -> dict:
    """The empty start every log is applied to: status `new`."""
    state = {
        "game": GAME,
        "name": None,
        "status": "new",
        "ruleset": normalise_ruleset(None),
        "turn": 0,
        "phase": None,
        "location": None,
        "ready": [],
        "exhausted": [],
        "skills": dict.fromkeys(SKILLS, 0),
        "encounter_here_last_turn": False,
        "laid_low": False,
        "recoveries_left": 0,
        "trades": 0,
        "encounters_this_turn": 0,
        "encounter": None,
        "check": None,
        "last_draw": None,
        "waiting": {},
        "quests_won": [],
        "victory": None,
        "years": 0,
        "interlude": False,
        "catalogue": {},
        "internal": {
            "player_card": None,
            "check_spent": [],
            "encounter_places": [],
            "encounter_places_last_turn": [],
        },
        "awaiting": None,
        "actions": 0,
    }
    state["awaiting"] = awaiting(state)
    return state


def apply(state: dict, action: dict) -> dict:
    """Return the state after `action`, or raise RuleError (the given state is never changed)."""
    if not isinstance(action, dict):
        raise RuleError("A-01", _("an action must be an object with a type and its fields"))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        shown = kind[:60] if isinstance(kind, str) else ""
        raise RuleError(
            "A-01", _("“{kind}” is not something you can do in Barbarian Vince", kind=shown)
        )
    if kind not in state["awaiting"]["action"]:

        def check_cards():
            getattr(_Play(state), "do_" + kind)(_fields(action, kind))

        refuse_not_now(state, kind, check_cards)
    fields = _fields(action, kind)
    play = _Play(state)
    check = state["check"]
    if kind not in ("reuse", "register_card") and check is not None and check["reuse"]:
        play.check()["reuse"] = False
    getattr(play, "do_" + kind)(fields)
    new = play.new
    if kind != "register_card":
        new["skills"] = places.base_skills(new)
    new["actions"] = state["actions"] + 1
    new["awaiting"] = awaiting(new)
    return new


def replay(actions) -> dict:
    """Apply `actions` to the initial state; raise ReplayError at the first refusal."""
    return log.replay(apply, initial_state(), actions)


def _fields(action: dict, kind: str) -> dict:
    """The action's fields without `type`, notes and app metadata; null means left out (A-02)."""
    allowed = ACTION_FIELDS[kind]
    fields = {}
    for key, value in action.items():
        if key in ("type", "note") or (isinstance(key, str) and key.startswith("_")):
            continue
        if key not in allowed:
            shown = key[:60] if isinstance(key, str) else ""
            raise RuleError("A-02", _("“{field}” is not part of this action", field=shown))
        if value is not None:
            fields[key] = value
    return fields


class _Play(Adventure, Travel, Encounters, Checks, Effects, Rest):
    """One action applied to a shallow copy of the state: the handlers of every phase."""


__all__ = [
    "ACTION_FIELDS",
    "ACTION_TYPES",
    "FIELD_WORDS",
    "GAME",
    "MAX_NUMBER",
    "apply",
    "check_bonus",
    "initial_state",
    "replay",
]
