"""Rules engines for the companion app: pure Python, no Django, no I/O, no randomness inside.

Generic parts (any game with a French deck and d6s): ``cards``, ``dice``, ``log``, ``virtual``,
``errors``. Card RPG – Advanced lives in ``card_rpg``; its public API is re-exported here.
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
from .log import dump_log, load_document, load_log
from .log import replay_file as _replay_file


def replay_file(path) -> tuple[int, str]:
    """Replay a Card RPG log file: (0, final state JSON) | (1, refusal report) | (2, error line)."""
    return _replay_file(path, replay)


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
