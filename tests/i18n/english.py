"""What is still English on a screen or in a sentence meant to be Traditional Chinese.

Words that stay as they are in every language are taken out first: the names the player typed,
card codes (7H, 10♠, JK1, X3, Map 2), rule IDs (S-14, BT-03, H-12, HT-05), dice notation (1d6,
D20), numbers, links, and a few words the glossary (docs/glossary.md) keeps in Latin letters
(HP, STR, XP, RPG, the games' own names …). Any Latin word of two or more letters left over is
English that was not translated, and so is a single Latin letter used as a word (the map's "M"
for a monster): only a game's printed codes (`codes`, e.g. Barbarian Vince's terrain letters) and
the card ranks (A, J, Q, K: J、Q 或 K, J（傑克）) stand alone.
"""

from __future__ import annotations

import re

# Kept in Latin letters in Chinese too (docs/glossary.md), or not words of any language.
ALLOWED_PHRASES = (
    "Heroes of Barcadia",
    "Barbarian Vince",
    "Card RPG",  # only ever inside "撲克牌 RPG" once translated; "Card" alone would be caught
)
ALLOWED_WORDS = frozenset(
    {
        "HP",
        "STR",
        "XP",
        "D20",
        "App",
        "RPG",
        "QR",
        "Ace",  # A（Ace）
        "English",  # the language switch offers English by its own name
        "JSON",  # file formats keep their names
        "PDF",
        "CSV",
    }
)

_EDGE_BEFORE = r"(?<![A-Za-z0-9])"
_EDGE_AFTER = r"(?![A-Za-z0-9])"
_LINKS = [
    r"https?://\S+",  # links shown as text (a seat's join link)
    r"(?<![^\s(（：:])/[\w.~%-]+/[\w./~%-]*",  # and paths: /join/heroes-of-barcadia/…/
]
_NOT_WORDS = [
    _EDGE_BEFORE + r"[A-Z]{1,3}-\d{1,3}[a-z]?" + _EDGE_AFTER,  # rule IDs: S-14, BT-03, HT-05
    _EDGE_BEFORE + r"Map\s*\d+" + _EDGE_AFTER,  # Barbarian Vince's maps: Map 2
    _EDGE_BEFORE + r"JK\s?\d?" + _EDGE_AFTER,  # Jokers: JK, JK1, JK2
    _EDGE_BEFORE + r"(?:10|[2-9AJQK])\s?[SHDC♠♥♦♣]" + _EDGE_AFTER,  # cards: 7H, 10♠, KS
    _EDGE_BEFORE + r"[A-Z]{1,2}\d+" + _EDGE_AFTER,  # card ids: X3, P12
    _EDGE_BEFORE + r"\d*[dD]\d+" + _EDGE_AFTER,  # dice: 1d6, 2d6, D20
]
# The ranks of the French deck's Aces and face cards, card notation in every language (J、Q 或 K).
CARD_RANKS = frozenset("AJQK")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*[A-Za-z]")
# A letter standing alone: not part of a word, a code (X3, 1d6, 7H) or a link.
_LONE_LETTER = re.compile(r"(?<![A-Za-z0-9'’_./-])[A-Za-z](?![A-Za-z0-9'’_/-])(?!（)")


def english_left(
    text: str, names: tuple[str, ...] | list[str] = (), codes: tuple[str, ...] | list[str] = ()
) -> list[str]:
    """The Latin words in `text` that are not names, codes or allowed (see the module)."""
    for pattern in _LINKS:
        text = re.sub(pattern, " ", text)
    # The games' names first: a player may type a part of one as a name (Vince).
    for phrase in ALLOWED_PHRASES:
        text = text.replace(phrase, " ")
    for name in sorted(names, key=len, reverse=True):
        if name:  # the name as a whole: "Bo" is a name, "Bonus" is English
            text = re.sub(_EDGE_BEFORE + re.escape(name) + _EDGE_AFTER, " ", text)
    for pattern in _NOT_WORDS:
        text = re.sub(pattern, " ", text)
    words = []
    for word in _LATIN_WORD.findall(text):
        if word not in ALLOWED_WORDS and word not in words:
            words.append(word)
    for letter in _LONE_LETTER.findall(text):
        if letter not in codes and letter not in CARD_RANKS and letter not in words:
            words.append(letter)
    return words


# Everything a player reads or hears on the page as it is now: the visible text (with every
# fold-out opened for the moment), the page's title, and the labels, titles, placeholders,
# alternative texts and button values of visible elements.
_SCREEN_TEXT_JS = """
() => {
  const closed = [...document.querySelectorAll('details:not([open])')];
  closed.forEach(d => d.open = true);
  const parts = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt], input[type=submit], input[type=button], option')) {
    if (el.tagName !== 'OPTION' && el.checkVisibility && !el.checkVisibility()) continue;
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(attr);
      if (value) parts.push(value);
    }
    if (el.tagName === 'INPUT' && el.value) parts.push(el.value);
    if (el.tagName === 'OPTION') parts.push(el.textContent);
  }
  closed.forEach(d => d.open = false);
  return parts.join('\\n');
}
"""


def screen_text(page) -> str:
    """All the text of the page a player reads or hears (see _SCREEN_TEXT_JS)."""
    return page.evaluate(_SCREEN_TEXT_JS)


def english_on_screen(page, names=()) -> list[str]:
    """The English words left on the page as it is now (see `english_left`)."""
    return english_left(screen_text(page), names)
