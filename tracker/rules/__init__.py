"""Rules engines for the companion app: pure Python, no Django, no I/O, no randomness inside.

Generic parts: ``awaiting``, ``cards``, ``dice``, ``log``, ``virtual``, ``errors``, ``text``;
each game in a package of its own (``card_rpg`` …), all of them listed in ``games``. Card RPG –
Advanced's public API is re-exported here, as the first game of the app.
"""

from .card_rpg import (
    ACTION_FIELDS,
    NAME_MAX_LENGTH,
    Ruleset,
    VirtualTable,
    apply,
    buy_top_offer,
    card_census,
    check_name,
    initial_state,
    legal_action_types,
    normalise_card,
    replay,
    rule_summary,
    session_crossing,
    undo_card_moves,
)
from .card_rpg.bot import candidate_actions
from .errors import ReplayError, RuleError
from .games import replay_file
from .log import dump_log, load_document, load_log

__all__ = [
    "ACTION_FIELDS",
    "NAME_MAX_LENGTH",
    "ReplayError",
    "RuleError",
    "Ruleset",
    "VirtualTable",
    "apply",
    "buy_top_offer",
    "candidate_actions",
    "card_census",
    "check_name",
    "dump_log",
    "initial_state",
    "legal_action_types",
    "load_document",
    "load_log",
    "normalise_card",
    "replay",
    "replay_file",
    "rule_summary",
    "session_crossing",
    "undo_card_moves",
]
