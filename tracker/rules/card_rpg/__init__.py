"""Card RPG – Advanced: the rules engine for the game itself (rules/card-rpg-advanced.md), and
for several characters at one table (rules/card-rpg-table.md): `apply` plays both."""

from .engine import (
    ACTION_FIELDS,
    ACTION_TYPES,
    NAME_MAX_LENGTH,
    RECORD_ACTION_FIELDS,
    RENAME,
    check_fields,
    check_name,
    legal_action_types,
    settled,
)
from .exchange import (
    Offer,
    Step,
    call_off_offer,
    challenge_action,
    challenge_offer,
    exchange,
    rob_action,
    rob_offer,
)
from .places import card_census, check_cards, unknown_cards
from .rival_words import describe_action
from .rivalry import ACTION_FIELDS as TABLE_ACTION_FIELDS
from .rivalry import ACTION_TYPES as TABLE_ACTION_TYPES
from .rivals import apply, describe, initial_state, replay
from .rule_texts import rule_summary
from .rulebook import buy_top_offer, hp_dice_count, normalise_card
from .ruleset import Ruleset
from .undo import session_crossing, undo_card_moves
from .virtual_deck import VirtualDeck

# The id its log files carry in "game" (a file without one is Card RPG too).
GAME = "card-rpg"

__all__ = [
    "GAME",
    "ACTION_FIELDS",
    "ACTION_TYPES",
    "NAME_MAX_LENGTH",
    "RECORD_ACTION_FIELDS",
    "RENAME",
    "TABLE_ACTION_FIELDS",
    "TABLE_ACTION_TYPES",
    "Offer",
    "Ruleset",
    "Step",
    "VirtualDeck",
    "apply",
    "buy_top_offer",
    "call_off_offer",
    "card_census",
    "challenge_action",
    "challenge_offer",
    "check_cards",
    "check_fields",
    "check_name",
    "describe",
    "describe_action",
    "exchange",
    "hp_dice_count",
    "initial_state",
    "legal_action_types",
    "normalise_card",
    "replay",
    "rob_action",
    "rob_offer",
    "rule_summary",
    "session_crossing",
    "settled",
    "undo_card_moves",
    "unknown_cards",
]
