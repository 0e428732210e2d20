"""The engines' translation seam: English by default, any language through a gettext."""

import json
import pickle

from tracker.rules.errors import RuleError
from tracker.rules.text import Msg, _, ngettext, placeholders, translate


def test_a_message_reads_as_its_english_sentence():
    text = _("{hero} stands in {place}", hero="Ana", place="[-2, 2]")
    assert text == "Ana stands in [-2, 2]"
    assert json.dumps({"error": text}) == '{"error": "Ana stands in [-2, 2]"}'
    assert str(RuleError("HT-20", text)) == "HT-20: Ana stands in [-2, 2]"


def test_translate_fills_the_translated_pattern_and_nested_messages():
    catalogue = {"{who} drinks {what}": "{who} 喝了 {what}", "a pint": "一品脫"}
    text = _("{who} drinks {what}", who="Bo", what=_("a pint"))
    assert translate(text, lambda s: catalogue.get(s, s)) == "Bo 喝了 一品脫"
    assert translate("plain", lambda s: "x") == "plain"


def test_plurals_choose_by_count():
    assert ngettext("{count} card", "{count} cards", 1) == "1 card"
    assert ngettext("{count} card", "{count} cards", 3) == "3 cards"
    picked = translate(
        ngettext("{count} card", "{count} cards", 3),
        lambda s: s,
        lambda s, p, n: "{count} 張牌",
    )
    assert picked == "3 張牌"


def test_a_broken_translation_falls_back_to_english():
    text = _("Vince is at {location}", location="Ulendi")
    assert translate(text, lambda s: "{place}") == "Vince is at Ulendi"


def test_messages_survive_json_and_pickle():
    text = _("{a} and {b}", a=_("one"), b=2)
    again = Msg.from_json(json.loads(json.dumps(text.to_json())))
    assert (again, again.msgid, again.params["a"].msgid) == (text, text.msgid, "one")
    assert pickle.loads(pickle.dumps(text)).params == text.params


def test_placeholders():
    assert placeholders("{hero} in {place}, {hero}") == {"hero", "place"}
