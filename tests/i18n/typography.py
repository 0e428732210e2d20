"""What gives Chinese text away as typeset in English (issue 26, "typography of the language").

`typography_faults(text)` lists, once each, the places where Chinese text is punctuated or spaced
as English is: an ASCII ", " between Chinese words (lists take 、, sentences ，), a full-width
colon or full stop followed by a space, ASCII brackets against Chinese text (（）), and a space
between two Chinese characters. Latin names, card codes and numbers keep the spaces beside them
("輪到 Kevin", "第 3 回合"), so only Chinese-to-Chinese spacing is a fault.
"""

from __future__ import annotations

import re

# Chinese characters, and the full-width punctuation that belongs to them.
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
FULL_WIDTH = "\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff5b-\uff65"
CJK = HAN + FULL_WIDTH

FAULTS = {
    "ASCII comma between Chinese words": re.compile(rf"[{CJK}], ?(?=[{CJK}])"),
    "a space after a full-width colon or full stop": re.compile(r"[：。](?=[ \u00a0])"),
    "ASCII brackets against Chinese text": re.compile(
        rf"[{HAN}] ?[()]|[()] ?[{HAN}]|\([^()\n]*[{HAN}][^()\n]*\)"
    ),
    "a space between two Chinese characters": re.compile(rf"[{CJK}][ \u00a0]+[{CJK}]"),
}


def typography_faults(text: str) -> list[str]:
    """Each fault in `text` as "what: …the text around it…", once per distinct place."""
    found: list[str] = []
    for what, pattern in FAULTS.items():
        for match in pattern.finditer(text):
            start, end = max(0, match.start() - 8), min(len(text), match.end() + 8)
            line = f"{what}: …{text[start:end]}…".replace("\n", "⏎")
            if line not in found:
                found.append(line)
    return found
