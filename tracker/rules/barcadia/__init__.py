"""Heroes of Barcadia: the rules engine (rules/heroes-of-barcadia.md and its actions contract).

``apply(state, action)`` returns a new state or raises RuleError naming the rule; ``replay``
applies a whole log. The query functions say what a hero may do now, for the phone screens;
``describe_action`` and ``fight_words`` put actions and rolls in a player's words.
"""

from ..awaiting import legal_action_types
from .board import seated
from .engine import ACTION_FIELDS, ACTION_TYPES, GAME, apply, initial_state, replay
from .geometry import (
    START_HEXES,
    adjacent_places,
    are_adjacent,
    distance,
    neighbours,
    place_of,
    starting_point_flower,
)
from .queries import (
    can_challenge_hoard,
    can_move,
    duel_targets,
    explorable,
    hoard_challenge,
    loot_timings,
    move_paths,
    move_targets,
    place_hero_targets,
    portal_targets,
    reroll_due,
    room_power_ups,
    seat_actions,
    trap_targets,
    who_acts,
)
from .rule_texts import rule_summary
from .ruleset import DEFAULTS as RULESET_DEFAULTS
from .words import describe_action, face_words, fight_words, must_reroll, roll_result

# `manage.py replay` reports a refusal as one JSON object (the actions file's contract).
REFUSAL_AS_JSON = True

__all__ = [
    "REFUSAL_AS_JSON",
    "ACTION_FIELDS",
    "ACTION_TYPES",
    "GAME",
    "RULESET_DEFAULTS",
    "START_HEXES",
    "adjacent_places",
    "apply",
    "are_adjacent",
    "can_challenge_hoard",
    "can_move",
    "describe_action",
    "distance",
    "duel_targets",
    "explorable",
    "face_words",
    "fight_words",
    "hoard_challenge",
    "initial_state",
    "legal_action_types",
    "loot_timings",
    "move_paths",
    "move_targets",
    "seated",
    "must_reroll",
    "neighbours",
    "place_hero_targets",
    "place_of",
    "portal_targets",
    "replay",
    "reroll_due",
    "roll_result",
    "room_power_ups",
    "rule_summary",
    "seat_actions",
    "starting_point_flower",
    "trap_targets",
    "who_acts",
]
