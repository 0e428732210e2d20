"""The engines' sentences in the player's language: Django's gettext behind the rules' seam."""

import re
from collections.abc import Iterable
from contextvars import ContextVar
from unicodedata import east_asian_width

from django.utils.html import escape
from django.utils.translation import get_language, gettext, ngettext

from tracker.rules.text import Msg, listed, recognise, recognise_within, translate

# Chinese characters and the full-width punctuation that goes with them.
_CJK = "\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uff0f\uff1a-\uff20\uff5b-\uff65"
_FULL_WIDTH_PUNCTUATION = "，。、：；！？）」』】"
# Inline marks a sentence's words may sit in (a name in <strong>, a card in <span>); a space
# across them is still a space between two words. Block elements and buttons are left alone.
_INLINE_TAG = r"</?(?:b|strong|em|i|span|bdi|abbr|mark|small|time|data)\b[^<>]*>"
_SPACE_BETWEEN_CJK = re.compile(
    rf"(?<=[{_CJK}])((?:{_INLINE_TAG})*)[ \t\n\u00a0]+((?:{_INLINE_TAG})*)(?=[{_CJK}])"
)
_SPACE_AFTER_PUNCTUATION = re.compile(
    rf"(?<=[{_FULL_WIDTH_PUNCTUATION}])((?:{_INLINE_TAG})*)[ \t\n\u00a0]+((?:{_INLINE_TAG})*)"
    r"(?=[^\s<])"
)
_KEPT_AS_IS = re.compile(r"(<(textarea|pre)\b.*?</\2>)", re.S | re.I)
_SPACE_BEFORE_PUNCTUATION = re.compile(rf"[ \t\u00a0]+(?=[{_FULL_WIDTH_PUNCTUATION}（「『【])")


# The names the page being drawn shows (each record and seat loaded says its own): in Chinese,
# where a line may break between any two characters, each is put in one unbreakable box.
_NAMES_SHOWN: ContextVar[set[str] | None] = ContextVar("names_shown", default=None)
_HAS_CJK = re.compile(rf"[{_CJK}]")
# Where a name is not wrapped: attributes (inside a tag), and elements that hold no markup.
_TAG = re.compile(r"(<[^>]*>)")
_NO_MARKUP_IN = re.compile(r"<(title|option|script|style|svg|textarea|pre)\b", re.I)


def chinese() -> bool:
    """The active language is written in Chinese characters (spaced and punctuated as such)."""
    return (get_language() or "en").startswith("zh")


def tidy(text: str) -> str:
    """Chinese text spaced as Chinese is: no space between two Chinese characters or after a
    full-width mark, none before one; a Latin name or a card code keeps the spaces beside it.

    Catalogue patterns keep a space on each side of a placeholder ("{hero} 死亡"), because the
    same sentence serves 「Kevin 死亡」 and 「小明死亡」: which of the two it is depends on the
    value, so the spaces are settled here, once the sentence is whole. (HTML too: the page's
    answers pass through `ChineseTypesettingMiddleware`.)
    """
    text = _SPACE_BETWEEN_CJK.sub(r"\1\2", text)
    text = _SPACE_AFTER_PUNCTUATION.sub(r"\1\2", text)
    return _SPACE_BEFORE_PUNCTUATION.sub("", text)


def say(text) -> str:
    """An engine's sentence (tracker.rules.text.Msg, or plain text) in the active language."""
    if (get_language() or "en").startswith("en"):
        return translate(text, gettext, ngettext)
    if isinstance(text, Msg):
        # A sentence given as a value may have been made plain on its way (stored, or str()).
        text = recognise_within(text)
    elif isinstance(text, str) and text:
        # Read back from a stored state: plain English, its message id found again.
        text = recognise(text)
    said = translate(text, gettext, ngettext)
    return tidy(said) if chinese() else said


def listing(items, kind: str | None = None) -> str:
    """Names, cards or words in a row as the language writes a list: the app's one list join.

    ``kind=None`` is a plain row ("Ana, Bo, Cy"; 「Ana、Bo、Cy」), ``"and"`` ends it with the
    language's "and" ("Ana, Bo and Cy"; 「Ana、Bo 和 Cy」, 「小明、阿華和小美」) and ``"or"`` with
    its "or", for a choice ("F or G"; 「F 或 G」); ``"clauses"`` joins the parts of a sentence
    ("a; b"; 「a；b」). The engines write the same list with
    `tracker.rules.text.listed`, which this renders. Never join shown words with ", ".
    """
    said = translate(listed([str(item) for item in items], kind), gettext, ngettext)
    return tidy(said) if chinese() else said


def names_shown(names: Iterable[str]) -> None:
    """Say that the page being drawn shows these names (a record's, its seats', its heroes'):
    a Chinese page keeps each whole on one line. Outside a request, nothing is kept."""
    shown = _NAMES_SHOWN.get()
    if shown is None:
        return
    for name in names:
        # A Latin name breaks only at its spaces, as it should; one character can't break.
        if isinstance(name, str) and len(name) > 1 and _HAS_CJK.search(name):
            shown.add(name)


# A rule ID of the rulebooks (S-20, T-22a, BT-01, HT-06, HL-02, A-03): one unit on a line.
_RULE_ID = r"(?<![\w-])(?:BT|HT|HL|[ABHST])-\d+[a-z]?(?![\w-])"


def kept_whole(html: str, names: Iterable[str] = ()) -> str:
    """`html` with each rule ID in the page's text put in a ``<span class="whole">`` (never
    "（H- / 14）" across two lines) and each of `names` in a
    ``<span class="name">`` (a Chinese line never breaks inside it: "阿 / 明"); attributes,
    titles, options, scripts and drawings left as they are. A word that merely contains a name
    is kept whole too, which only keeps a line from breaking there."""
    escaped = sorted({escape(name) for name in names}, key=len, reverse=True)
    alternatives = [f"(?P<rule>{_RULE_ID})"]
    if escaped:
        alternatives.append("(?P<name>" + "|".join(re.escape(name) for name in escaped) + ")")
    found = re.compile("|".join(alternatives))

    def boxed(match: re.Match) -> str:
        kind = "whole" if match.group("rule") else "name"
        return f'<span class="{kind}">{match.group(0)}</span>'

    pieces = _TAG.split(html)
    closing = None  # the end tag of an element that holds no markup, while inside one
    for index, piece in enumerate(pieces):
        if index % 2:  # a tag
            if closing is None:
                opened = _NO_MARKUP_IN.match(piece)
                if opened and not piece.endswith("/>"):
                    closing = f"</{opened.group(1).lower()}"
            elif piece.lower().startswith(closing):
                closing = None
        elif closing is None and piece:
            pieces[index] = found.sub(boxed, piece)
    return "".join(pieces)


class ChineseTypesettingMiddleware:
    """Pages in Chinese set as Chinese is, the last step before compaction: spaced as Chinese
    is (`tidy`), and each name shown and each rule ID kept on one line (`kept_whole`). A
    page in English is left as it is (an English line may break after a hyphen, T- / 25)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        shown: set[str] = set()
        token = _NAMES_SHOWN.set(shown)
        try:
            response = self.get_response(request)
        finally:
            _NAMES_SHOWN.reset(token)
        if (
            not chinese()
            or response.streaming
            or not response.get("Content-Type", "").startswith("text/html")
            or response.has_header("Content-Encoding")
        ):
            return response
        content = response.content.decode(response.charset or "utf-8")
        # What a player typed (a <textarea>) or laid out (<pre>) is kept exactly as it is.
        pieces = _KEPT_AS_IS.split(content)
        typeset = "".join(
            piece if index % 3 == 1 else kept_whole(tidy(piece), shown)
            for index, piece in enumerate(pieces)
            if index % 3 != 2
        )
        response.content = typeset.encode(response.charset or "utf-8")
        if response.has_header("Content-Length"):
            response["Content-Length"] = str(len(response.content))
        return response


def sentences(texts) -> str:
    """Sentences one after another: a space after English ones, none after a Chinese 。！？."""
    joined = ""
    for text in texts:
        joined += ("" if not joined or joined.endswith(("。", "！", "？")) else " ") + text
    return joined


def text_width(text: str, font_size: float) -> float:
    """About how wide `text` is drawn: a Chinese character takes a whole em, others ~0.6 em."""
    return sum(font_size * (1.0 if east_asian_width(ch) in "WF" else 0.6) for ch in str(text))


def chart_margins(x_labels=(), side_labels=(), font_size: float = 13, margin: int = 6) -> dict:
    """pygal's margins that keep a chart's labels whole at 360 px in any language.

    pygal counts every character as 0.6 em, so Chinese labels ("第 12 局", "人頭牌") came out
    cut: the last x-axis label half over the right edge, a horizontal bar chart's labels over
    the left one. ``x_labels`` are the labels along the bottom, ``side_labels`` those on the
    left of horizontal bars; the result is given to pygal with the chart's other options.
    """
    margins = {}
    if x_labels:
        margins["margin_right"] = max(margin, round(text_width(x_labels[-1], font_size) / 2) + 2)
    if side_labels:
        shortfall = max(
            text_width(label, font_size) - 0.6 * font_size * len(str(label))
            for label in side_labels
        )
        margins["margin_left"] = margin + round(shortfall) + 2
    return margins
