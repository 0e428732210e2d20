"""Rules engines for the companion app: pure Python, no Django, no I/O, no randomness inside.

What every game uses is here: ``cards``, ``dice``, ``log``, ``virtual``, ``errors``, ``text``,
``names``, ``awaiting``; each game is a package of its own (``card_rpg``, ``barbarian_vince``,
``barcadia``) with its own API, and ``games`` lists them all. A game's names are imported from
its package, never from here.
"""

from .errors import ReplayError, RuleError
from .games import replay_file
from .log import dump_log, load_document, load_log

__all__ = [
    "ReplayError",
    "RuleError",
    "dump_log",
    "load_document",
    "load_log",
    "replay_file",
]
