"""One rule for every name a player types, in every game (Card RPG's S-03, shared).

A character's, an adventure's or a table's name, a hero's, a card's or a place's: Unicode NFC,
trimmed of spaces and invisible format marks at either end, at most `longest` characters, no
control character (line breaks, tabs, escapes), no line or paragraph separator, no
text-direction embedding, override or isolate (U+202A–U+202E, U+2066–U+2069), and at least one
letter, digit, punctuation mark or symbol — so no name is blank or invisible, none reorders the
text around it, and none breaks a line it is shown in.

Pure Python: each engine checks its actions' names with `clean_name` and words the refusal in
its own rule (`NameFault.kind`); the Django side asks the same function through
`tracker.core.names`.
"""

from __future__ import annotations

import unicodedata

from .text import _

# Characters that change how the text around them is shown: line and paragraph breaks, and the
# bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
BREAKERS = frozenset("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class NameFault(ValueError):
    """Why a name is refused: `kind` is "empty", "long", "control" or "invisible"."""

    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind


def _invisible_at_end(char: str) -> bool:
    """A character trimmed from either end of a name: a space or an invisible format mark."""
    return char.isspace() or unicodedata.category(char) in ("Cf", "Zs")


def clean_name(text, *, longest: int) -> str:
    """The name as stored (NFC, trimmed), or NameFault saying why it is not a name to show."""
    if not isinstance(text, str) or not text.strip():
        raise NameFault("empty")
    # Cheap first: no work at all on a string far longer than any name.
    if len(text) > 10 * longest:
        raise NameFault("long")
    name = unicodedata.normalize("NFC", text)
    start, end = 0, len(name)
    while start < end and _invisible_at_end(name[start]):
        start += 1
    while end > start and _invisible_at_end(name[end - 1]):
        end -= 1
    name = name[start:end]
    if len(name) > longest:
        raise NameFault("long")
    categories = [unicodedata.category(char) for char in name]
    if "Cc" in categories or any(char in BREAKERS for char in name):
        raise NameFault("control")
    if not any(category[0] in "LNPS" for category in categories):
        raise NameFault("invisible")
    return name


def name_refusal(fault: NameFault, what, longest: int):
    """A refused name's words (the rule's ID is the caller's)."""
    if fault.kind == "long":
        return _("{what} is longer than {limit} characters", what=what, limit=longest)
    if fault.kind == "control":
        return _(
            "{what} can't hold control characters (line breaks, tabs, escapes or "
            "text-direction overrides)",
            what=what,
        )
    if fault.kind == "invisible":
        return _("{what} needs at least one letter, digit or sign", what=what)
    return _("{what} is empty", what=what)


def look_alike_key(name: str) -> str:
    """What a name looks like, to tell two names a player could not tell apart: without its
    invisible format marks (a zero-width space inside), compatibility forms folded (NFKC) and
    letter case folded."""
    visible = "".join(char for char in name if unicodedata.category(char) != "Cf")
    return unicodedata.normalize("NFKC", visible).casefold()


def shown_in_file_name(name: str) -> str:
    """A name as safe to put in a file's name: no path separator, no control character, no
    invisible format mark (a text-direction override could make "evil‮nosj.exe" read as a
    harmless name), no line break; ends trimmed of dots and spaces. May be empty."""
    kept = []
    for char in name:
        if char in "/\\":
            kept.append("-")
        elif unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp") or char in BREAKERS:
            continue
        else:
            kept.append(char)
    return "".join(kept).strip(". ")
