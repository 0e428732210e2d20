"""Every rule the engine cites can be explained in one line on the screen."""

import re
from pathlib import Path

from tracker.rules.card_rpg import rule_summary

ENGINE = Path(__file__).resolve().parents[2] / "tracker" / "rules" / "card_rpg"


def test_every_rule_id_the_engine_cites_has_a_short_text():
    cited = set()
    for source in ENGINE.glob("*.py"):
        if source.name != "rule_texts.py":
            cited |= set(re.findall(r"\b([ST]-\d\d[a-z]?)\b", source.read_text()))
    assert cited, "the engine cites rule IDs in its refusals and instructions"
    missing = sorted(rule for rule in cited if not rule_summary(rule))
    assert missing == []


def test_an_unknown_rule_has_no_text():
    assert rule_summary("S-99") == ""
    assert rule_summary("S-20").startswith("An attack plays")
