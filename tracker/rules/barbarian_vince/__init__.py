"""Barbarian Vince: the rules engine of the companion mode (rules/barbarian-vince.md).

`apply(state, action)` returns the next state or raises RuleError naming the rule; `replay`
applies a whole log (barbarian-vince-actions.md). `ACTION_FIELDS` gives the fields each type
takes besides `type`, `note` and `_`-prefixed app metadata.

Queries for the screens (pure, in queries.py): `skill_totals`, `card_value`, `play_bonus`,
`check_card_values`, `whole_check_bonus`, `damage_due_count`, `reuse_offered`,
`reusable_cards`, `lay_low_value`, `lay_low_allowed`, `location_terrains`,
`encounter_terrains`, `needs_difficulty_draw`, `neighbouring_maps`, `travel_destinations`,
`discardable_cards`, `restorable_cards`, `recoveries_left`, `trades_left`, `trade_classes`,
`deck_cards`, `card_place`, `waiting_here`, `location_lay_low`, `location_terrain_types`;
`describe_action(before, action, after)` and `undo_card_moves(before, after)` (in words.py) say
an action and its undo in a player's words. `bot` holds a random legal player for tests and benchmarks.
"""

from ..awaiting import legal_action_types
from .awaiting import ACTION_TYPES, ACTION_WORDS
from .catalogue import MAX_CATALOGUE, MAX_TEXT, SKILLS
from .engine import ACTION_FIELDS, GAME, apply, initial_state, replay
from .queries import (
    card_place,
    card_value,
    check_card_values,
    damage_due_count,
    deck_cards,
    discardable_cards,
    encounter_terrains,
    lay_low_allowed,
    lay_low_value,
    location_lay_low,
    location_terrain_types,
    location_terrains,
    needs_difficulty_draw,
    neighbouring_maps,
    play_bonus,
    recoveries_left,
    restorable_cards,
    reusable_cards,
    reuse_offered,
    skill_totals,
    trade_classes,
    trades_left,
    travel_destinations,
    waiting_here,
    whole_check_bonus,
)
from .rule_texts import rule_summary
from .ruleset import DEFAULTS as RULESET_DEFAULTS
from .words import describe_action, undo_card_moves

# `manage.py replay` reports a refusal as one JSON object (the actions file's contract).
REFUSAL_AS_JSON = True

__all__ = [
    "REFUSAL_AS_JSON",
    "ACTION_FIELDS",
    "ACTION_TYPES",
    "ACTION_WORDS",
    "GAME",
    "MAX_CATALOGUE",
    "MAX_TEXT",
    "RULESET_DEFAULTS",
    "SKILLS",
    "apply",
    "card_place",
    "card_value",
    "check_card_values",
    "damage_due_count",
    "deck_cards",
    "describe_action",
    "discardable_cards",
    "encounter_terrains",
    "initial_state",
    "lay_low_allowed",
    "lay_low_value",
    "legal_action_types",
    "location_lay_low",
    "location_terrain_types",
    "location_terrains",
    "needs_difficulty_draw",
    "neighbouring_maps",
    "play_bonus",
    "recoveries_left",
    "replay",
    "restorable_cards",
    "reusable_cards",
    "reuse_offered",
    "rule_summary",
    "skill_totals",
    "trade_classes",
    "trades_left",
    "travel_destinations",
    "undo_card_moves",
    "waiting_here",
    "whole_check_bonus",
]
