"""A small reader of gettext .po files: enough for the catalogue's tests, no dependency.

Each entry keeps its message id (and plural id and context), its translations, its flags
(``fuzzy``, ``python-format`` …) and its ``#:`` references; obsolete ``#~`` entries and the
header (the empty message id) are left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b"}
_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+"(.*)"\s*$')
_MORE = re.compile(r'^"(.*)"\s*$')


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), text)


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    references: list[str] = field(default_factory=list)
    line: int = 0

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        """Every form has a translation (zh has one plural form: msgstr[0])."""
        return bool(self.msgstr) and all(text for text in self.msgstr.values())

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)

    def where(self) -> str:
        """Where the message comes from, for a failure's listing."""
        return self.references[0] if self.references else f"line {self.line}"


def read_po(path: Path | str) -> list[Entry]:
    """The entries of a .po file, in file order (no header, no obsolete entries)."""
    entries: list[Entry] = []
    entry = Entry()
    last: tuple[str, int | None] | None = None  # the keyword a continuation line extends
    started = False

    def finish():
        nonlocal entry, last, started
        if started and entry.msgid:
            entries.append(entry)
        entry, last, started = Entry(), None, False

    for number, raw in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#~"):
            continue  # obsolete: no longer in the code
        if line.startswith("#"):
            if started and last is not None and last[0].startswith("msgstr"):
                finish()  # a comment starts the next entry
            if line.startswith("#,"):
                entry.flags.update(flag.strip() for flag in line[2:].split(",") if flag.strip())
            elif line.startswith("#:"):
                entry.references.extend(line[2:].split())
            continue
        match = _KEYWORD.match(line)
        if match:
            keyword, index, text = match.groups()
            if keyword in ("msgctxt", "msgid") and started and last and last[0] == "msgstr":
                finish()
            if not started:
                entry.line = number
            started = True
            text = _unquote(text)
            if keyword == "msgctxt":
                entry.msgctxt, last = text, ("msgctxt", None)
            elif keyword == "msgid":
                entry.msgid, last = text, ("msgid", None)
            elif keyword == "msgid_plural":
                entry.msgid_plural, last = text, ("msgid_plural", None)
            else:
                slot = int(index) if index is not None else 0
                entry.msgstr[slot], last = text, ("msgstr", slot)
            continue
        match = _MORE.match(line)
        if match and last is not None:
            text = _unquote(match.group(1))
            kind, slot = last
            if kind == "msgstr":
                entry.msgstr[slot] += text
            elif kind == "msgid_plural":
                entry.msgid_plural = (entry.msgid_plural or "") + text
            elif kind == "msgctxt":
                entry.msgctxt = (entry.msgctxt or "") + text
            else:
                entry.msgid += text
            continue
        raise ValueError(f"{path}:{number}: not a line of a .po file: {raw!r}")
    finish()
    return entries
