"""Player-facing sentences from the engines, translatable without Django (the engines' one seam).

An engine writes each sentence a player may read with ``_`` (or ``ngettext`` for counts):
``_("{hero} stands in {place}: beat them in a duel to get past", hero="Ana", place="[-2, 2]")``.
The result is a plain ``str`` holding the English sentence, so replay output, logs and tests
read it as text; it also remembers its message id and parameters, so a screen can render it in
the player's language with ``translate(text, gettext, ngettext)`` (the screens pass Django's
functions). ``_`` and ``ngettext`` are the names Django's ``makemessages`` (xgettext) extracts.
A refusal's rule ID is never part of the message: it stays the same in every language.
"""

import ast
import re
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from string import Formatter


class Msg(str):
    """An English sentence that remembers its message id and parameters for translation."""

    __slots__ = ("msgid", "params", "plural", "count")

    def __new__(cls, msgid: str, params: dict | None = None, plural: str | None = None, count=None):
        params = dict(params or {})
        pattern = msgid if plural is None or count == 1 else plural
        text = pattern.format(**params) if params or "{" in pattern else pattern
        self = super().__new__(cls, text)
        self.msgid = msgid
        self.params = params
        self.plural = plural
        self.count = count
        return self

    def __reduce__(self):
        return (Msg, (self.msgid, self.params, self.plural, self.count))

    def to_json(self) -> dict:
        """A JSON form that `from_json` turns back into the same message."""
        data: dict = {"msgid": self.msgid}
        if self.params:
            data["params"] = {
                key: value.to_json() if isinstance(value, Msg) else value
                for key, value in self.params.items()
            }
        if self.plural is not None:
            data["plural"] = self.plural
            data["count"] = self.count
        return data

    @classmethod
    def from_json(cls, data: dict) -> "Msg":
        """The message `to_json` described."""
        params = {
            key: cls.from_json(value) if isinstance(value, dict) and "msgid" in value else value
            for key, value in (data.get("params") or {}).items()
        }
        return cls(data["msgid"], params, data.get("plural"), data.get("count"))


def _(msgid: str, /, **params) -> Msg:
    """Mark a sentence for translation; `{name}` placeholders are filled from `params`."""
    return Msg(msgid, params)


def ngettext(singular: str, plural: str, count: int, /, **params) -> Msg:
    """A sentence with a singular and a plural form; `{count}` is available as a placeholder."""
    return Msg(singular, {"count": count, **params}, plural, count)


def translate(
    text,
    gettext: Callable[[str], str],
    ngettext_fn: Callable[[str, str, int], str] | None = None,
) -> str:
    """`text` in the language of `gettext` (a Msg, or any value, returned as its str)."""
    if not isinstance(text, Msg):
        return "" if text is None else str(text)
    params = {
        key: translate(value, gettext, ngettext_fn) if isinstance(value, Msg) else value
        for key, value in text.params.items()
    }
    if text.plural is not None and ngettext_fn is not None:
        pattern = ngettext_fn(text.msgid, text.plural, text.count)
    elif text.plural is not None:
        pattern = text.msgid if text.count == 1 else text.plural
    else:
        pattern = gettext(text.msgid)
    try:
        return pattern.format(**params)
    except (KeyError, IndexError, ValueError):
        # A translation with a broken placeholder must never break a screen: English instead.
        return str(text)


def listed(items, kind: str | None = "and"):
    """Words in a row as a player's language writes a list: the engines' one list join.

    ``kind`` says what the list means: ``"and"`` (``Ana, Bo and Cy``; 「Ana、Bo 和 Cy」),
    ``"or"`` (a choice: ``F, G or H``; 「F、G 或 H」), ``None`` (a plain row: ``F, G``; 「F、G」)
    or ``"clauses"`` (sentences' parts: ``a; b``; 「a；b」).
    Each piece is a marked sentence, so the list is translated, stored and read back like one;
    `tracker.core.i18n.listing` is the same list for Django-side text. Never join with ", ".
    """
    words = list(items)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    if len(words) == 2 and kind == "and":
        return _("{first} and {last}", first=words[0], last=words[1])
    if len(words) == 2 and kind == "or":
        return _("{first} or {last}", first=words[0], last=words[1])
    if kind == "clauses":
        return _("{first}; {rest}", first=words[0], rest=listed(words[1:], kind))
    return _("{first}, {rest}", first=words[0], rest=listed(words[1:], kind))


def placeholders(pattern: str) -> set[str]:
    """The `{name}` placeholders of a message pattern."""
    return {name for _text, name, _spec, _conv in Formatter().parse(pattern) if name}


# -- sentences that come back as plain text ---------------------------------------------------
# A state read back from the database or a file holds the engines' sentences as plain English
# (JSON keeps no message ids). `recognise` finds the marked pattern a sentence was made from,
# so a screen can still show it in the player's language.

_RULES = Path(__file__).resolve().parent
# The marked sentences without placeholders, each with what makes its Msg (filled with the
# patterns): a plural's singular ("the card left in its attack pile") is found as the plural.
_PLAIN: dict[str, tuple] = {}


@cache
def _marked_patterns() -> tuple[tuple, ...]:
    """Every `_()` and `ngettext()` pattern with placeholders in the engines' source, as regexes."""
    found: dict[tuple[str, str | None], None] = {}
    # This file's list patterns first: between patterns that explain no words ("{first}, {rest}",
    # "{text} {kept}"), the first found wins, and a list is read as a list.
    for path in sorted(_RULES.rglob("*.py"), key=lambda path: (path.name != "text.py", path)):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            texts = [a.value for a in node.args if isinstance(a, ast.Constant)]
            texts = [t for t in texts if isinstance(t, str)]
            if node.func.id == "_" and texts:
                found[(texts[0], None)] = None
            elif node.func.id == "ngettext" and len(texts) >= 2:
                found[(texts[0], texts[1])] = None
                found[(texts[1], texts[0])] = None  # the plural's text, named by the singular
    patterns = []
    for english, other in found:
        if "{" not in english:
            if other is None:
                _PLAIN[english] = (english, {}, None, None)
            elif len(english) <= len(other):
                _PLAIN[english] = (english, {"count": 1}, other, 1)
            continue
        regexes, literal = _regexes(english)
        # Between two readings that explain the same words, the one whose pattern shows more of
        # the text ("{card} ({reason}, 2 × {value})" over "{card} ({reason})") wins, wherever
        # in the source either is written.
        shown = sum(len(text) for text, *_rest in Formatter().parse(english))
        if regexes:
            msgid, plural = (english, None) if other is None else _plural_pair(english, other)
            needle = max((text for text, *_rest in Formatter().parse(english)), key=len)
            singular = other is not None and msgid == english
            patterns.append((regexes, msgid, plural, (literal, shown), needle, singular))
    return tuple(patterns)


def _plural_pair(english: str, other: str) -> tuple[str, str]:
    """(singular, plural) of an ngettext pair, whichever of the two `english` is."""
    return (english, other) if len(english) <= len(other) else (other, english)


def _regexes(pattern: str) -> tuple[tuple[re.Pattern, ...], int]:
    """The pattern as a regex taking the shortest and as one taking the longest first value."""
    try:
        pieces = list(Formatter().parse(pattern))
    except ValueError:
        return (), 0
    # What a pattern explains is its words: "{text} {kept}" or "{field}: {problem}" explain none.
    literal = sum(ch.isalpha() for text, *_rest in pieces for ch in text)
    variants = []
    for first_group in (".+?", ".+"):
        parts, seen = [], set()
        for text, name, _spec, _conv in pieces:
            parts.append(re.escape(text))
            if name:
                group = first_group if not seen else ".+?"
                parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>{group})")
                seen.add(name)
        variants.append(re.compile("".join(parts) + r"\Z", re.S))
    return tuple(variants), literal


# Values that hold what a player typed: never read as a sentence of the game.
_TYPED = frozenset({"name", "old", "new", "hero", "heroes", "player", "character", "at"})
# Typed values that are lists of names (`listed`): read back as a list, each name as typed.
_TYPED_LISTS = frozenset({"heroes"})
# A value with spaces that no pattern explains costs a match this much: "{text} {kept}" must not
# win by cutting a sentence anywhere.
_UNEXPLAINED = 10
# Letters a sentence's patterns must explain to be taken for one: "{first} and {last}" alone
# (3) is not enough to read a player's "Bench and Co" as a list.
_ENOUGH = 4
# Values that are always one number: a match that puts words in them is not the sentence.
_NUMBERS = frozenset(
    {"count", "level", "sum", "hp", "number", "limit", "index", "damage", "str", "gold", "size"}
)


def recognise(text: str):
    """`text` as the Msg it was made from, when it is one of the engines' sentences; else as is."""
    if isinstance(text, Msg) or not isinstance(text, str) or not text:
        return text
    found, score = _recognise(str(text), 6)
    if score >= _ENOUGH:
        return found
    return Msg(text) if "{" not in text else text


def recognise_within(text):
    """A Msg whose values were made plain (a sentence passed as text) with those values recognised."""
    if not isinstance(text, Msg) or not text.params:
        return text
    params = {}
    for name, value in text.params.items():
        if isinstance(value, Msg):
            params[name] = recognise_within(value)
        elif isinstance(value, str) and " " in value and name not in _TYPED:
            found, score = _recognise(value, 5)
            params[name] = found if score >= _ENOUGH else value
        else:
            params[name] = value
    return Msg(text.msgid, params, text.plural, text.count)


@lru_cache(maxsize=8192)
def _recognise(text: str, depth: int) -> tuple:
    """(the best Msg for `text`, its score: literal text explained, less what is left unexplained)."""
    patterns = _marked_patterns()
    if text in _PLAIN:
        return Msg(*_PLAIN[text]), sum(ch.isalpha() for ch in text)
    best, best_score, best_literal = text, (-_UNEXPLAINED if " " in text else 0), (0, 0)
    if depth <= 0:
        return best, best_score
    for regexes, msgid, plural, (literal, shown), needle, singular in patterns:
        if needle not in text:
            continue  # cheap: most patterns are ruled out by their longest piece of text
        for regex in regexes:
            match = regex.match(text)
            if not match:
                continue
            values = match.groupdict()
            if any(" " in values[name] for name in _NUMBERS.intersection(values)):
                continue
            params, score = {}, literal
            for name, value in values.items():
                if name in _TYPED_LISTS and (as_list := _as_list(value)) is not None:
                    params[name], score = as_list[0], score + as_list[1]
                    continue
                if name in _TYPED:
                    params[name] = value
                    continue
                if " " not in value:
                    # One marked word ("loot") is translated; a card code or number stays itself.
                    params[name] = Msg(*_PLAIN[value]) if value in _PLAIN else value
                    continue
                inner, inner_score = _recognise(value, depth - 1)
                if inner_score > 0:
                    params[name], score = inner, score + inner_score
                else:
                    params[name], score = value, score - _UNEXPLAINED
            if score < best_score or (score == best_score and (literal, shown) <= best_literal):
                continue
            if plural is not None:
                # A singular that does not show its count ("draws a power-up") is the count 1.
                count = params.get("count", 1 if singular else None)
                count = int(count) if isinstance(count, str) and count.isdigit() else count
                candidate = Msg(msgid, {**params, "count": count}, plural, count)
            else:
                candidate = Msg(msgid, params)
            if str(candidate) == text:
                best, best_score, best_literal = candidate, score, (literal, shown)
    return best, best_score


def _as_list(text: str) -> tuple | None:
    """Names `listed` joined, read back as that list (its words' letters as its score)."""
    for separator, kind in ((" and ", "and"), (" or ", "or")):
        head, found, last = text.rpartition(separator)
        if found and head and ", " not in last:
            return listed([*head.split(", "), last], kind), len(separator.strip())
    if ", " in text:
        return listed(text.split(", "), None), 0
    return None


__all__ = [
    "Msg",
    "_",
    "listed",
    "ngettext",
    "placeholders",
    "recognise",
    "recognise_within",
    "translate",
]
