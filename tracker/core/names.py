"""Names in every game, as the Django side asks for them: one rule (tracker/rules/names.py,
Card RPG's S-03 shared by every engine) for the names of records — a character, an adventure, a
table — and every name typed in a form, and a name made safe for an exported file's name."""

from __future__ import annotations

from tracker.rules.errors import RuleError
from tracker.rules.names import NameFault, clean_name, name_refusal, shown_in_file_name


def name_check(text, *, rule: str, what, longest: int, words: dict | None = None) -> str:
    """The name as stored (NFC, trimmed), or RuleError(rule) saying why it is refused.

    Every game's `Game.check_name` (a new record's name, a rename, an import, a restore) and
    every form reading a name go through here; the engines check their actions' names with the
    same pure rule. `words` may word some refusals (by `NameFault.kind`) in the game's way."""
    if not isinstance(text, str):
        text = ""
    try:
        return clean_name(text, longest=longest)
    except NameFault as fault:
        message = (words or {}).get(fault.kind) or name_refusal(fault, what, longest)
        raise RuleError(rule, message) from None


def export_file_name(name: str, *, suffix: str, fallback: str) -> str:
    """The file name an export is offered as: the record's name without path separators,
    control characters or invisible marks (a text-direction override never reaches it, even
    from a name stored before the name rule refused them), then `suffix`."""
    return f"{shown_in_file_name(name) or fallback}{suffix}"
