"""No list or sentence is put together in code where a translation cannot reach it (issue 26,
point 1 and point 7): lists go through the one helper (`tracker.core.i18n.listing`, the engines'
`tracker.rules.text.listed`), and the places that once glued words are whole sentences now.

A scan of the source, so a new ", ".join of shown words fails here before a Chinese reader sees
"F, G" (which also hides that it means F *or* G).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TRACKER = ROOT / "tracker"
TEMPLATES = ROOT / "templates"

# A word separator joined in code: ", ".join(…), " and ".join(…), "; ".join(…) …
JOINED = re.compile(
    r"""(?:["'](?:, |,| and | or |; | & | / )["']|gettext\(["'], ["']\))\s*\.join\("""
)
# What is not shown to a player: operators' command output and SQL.
NOT_SHOWN = {
    TRACKER / "management",  # the operator's commands speak English on a terminal
    TRACKER / "rules" / "log.py",  # `manage.py replay`'s error lines, English by design
    TRACKER / "core" / "services" / "replay.py",  # only SQL column lists are joined there
    TRACKER / "core" / "bulk.py",  # and here
}


def _shown(path: Path) -> bool:
    return not any(path == skip or skip in path.parents for skip in NOT_SHOWN)


def test_no_list_of_shown_words_is_joined_outside_the_one_helper():
    found = []
    for path in sorted(TRACKER.rglob("*.py")):
        if not _shown(path):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if JOINED.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    for sql in (TRACKER / "core" / "services" / "replay.py", TRACKER / "core" / "bulk.py"):
        for line in sql.read_text(encoding="utf-8").splitlines():
            if JOINED.search(line):
                assert "INSERT" in line or "VALUES" in line or "quote" in line, line
    assert not found, "lists joined in code (use tracker.core.i18n.listing):\n" + "\n".join(found)


def test_no_template_joins_shown_words_with_an_english_separator():
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"""\|join:(?:["'](?:, |,| and | or |; )["']|and_word)""", line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:120]}")
    assert not found, "lists joined in templates (use |listing):\n" + "\n".join(found)


def test_the_one_helper_is_the_only_list_separator_of_the_app():
    """The separators live in the catalogue once: "{first}, {rest}", "{first} and {last}",
    "{first} or {last}" and "{first}; {rest}" are marked only in tracker/rules/text.py."""
    marks = re.compile(r"""["']\{first\}(?:, \{rest\}| and \{last\}| or \{last\}|; \{rest\})["']""")
    places = [
        str(path.relative_to(ROOT))
        for path in sorted(TRACKER.rglob("*.py"))
        if marks.search(path.read_text(encoding="utf-8"))
    ]
    assert places == ["tracker/rules/text.py"]


# Sentences that were assembled in templates, each now a whole translatable message.
REMOVED_ASSEMBLIES = {
    "templates/barcadia/create.html": [
        "{{ option.title }} ({{ option.rule }})",  # "回合順序 (HT-02)"
        '({% translate "default" %})',  # "依擲骰 (預設)"
    ],
    "templates/card_rpg/play/play.html": [
        ">HP {{",  # HP/XP hard-coded in English on the play screen
        "}HP {{ screen",
        '"under-bar">XP ',
        "HP ?{",
    ],
    "templates/barcadia/table.html": [
        "reason=screen.reason|say %}Waiting for",  # "等待 Kevin：輪到 Kevin：…"
    ],
}


def test_the_sentences_once_assembled_in_templates_stay_whole():
    found = []
    for name, patterns in REMOVED_ASSEMBLIES.items():
        text = (ROOT / name).read_text(encoding="utf-8")
        found += [f"{name}: {pattern}" for pattern in patterns if pattern in text]
    assert not found, "assembled again:\n" + "\n".join(found)


def test_the_scan_catches_what_it_is_for():
    assert JOINED.search('shown = ", ".join(types)')
    assert JOINED.search('sides=" and ".join(allowed)')
    assert JOINED.search('gettext(", ").join(parts)')
    assert not JOINED.search('" ".join(classes)')
    assert not JOINED.search('"".join(parts)')
