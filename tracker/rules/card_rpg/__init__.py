"""Card RPG – Advanced: the rules engine for the game itself (rules/card-rpg-advanced.md)."""

from .engine import (
    ACTION_FIELDS,
    ACTION_TYPES,
    NAME_MAX_LENGTH,
    RECORD_ACTION_FIELDS,
    RENAME,
    apply,
    buy_top_offer,
    check_fields,
    check_name,
    hp_dice_count,
    initial_state,
    legal_action_types,
    normalise_card,
    replay,
)
from .places import card_census, check_cards, unknown_cards
from .rule_texts import rule_summary
from .ruleset import Ruleset
from .table import VirtualTable
from .undo import session_crossing, undo_card_moves

# The id its log files carry in "game" (a file without one is Card RPG too).
GAME = "card-rpg"

__all__ = [
    "GAME",
    "ACTION_FIELDS",
    "ACTION_TYPES",
    "NAME_MAX_LENGTH",
    "RECORD_ACTION_FIELDS",
    "RENAME",
    "Ruleset",
    "VirtualTable",
    "apply",
    "buy_top_offer",
    "card_census",
    "check_cards",
    "check_fields",
    "check_name",
    "hp_dice_count",
    "initial_state",
    "legal_action_types",
    "normalise_card",
    "replay",
    "rule_summary",
    "session_crossing",
    "undo_card_moves",
    "unknown_cards",
]
