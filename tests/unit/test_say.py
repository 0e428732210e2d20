"""The engines' sentences reach the screens through one filter, translated when they can be."""

from django.template import Context, Template
from django.utils import translation

from tracker.core.i18n import say
from tracker.rules.text import _


def test_say_renders_an_engine_message_and_leaves_plain_text_alone():
    text = _("{hero} stands in {place}", hero="Ana", place="[-2, 2]")
    assert say(text) == "Ana stands in [-2, 2]"
    assert say("plain") == "plain"
    rendered = Template("{% load say %}{{ text|say }}").render(Context({"text": text}))
    assert rendered == "Ana stands in [-2, 2]"


def test_say_asks_the_active_language(monkeypatch):
    monkeypatch.setattr(
        "tracker.core.i18n.gettext", lambda s: {"{hero} rests": "{hero} 休息"}.get(s, s)
    )
    with translation.override("en"):
        assert say(_("{hero} rests", hero="Bo")) == "Bo 休息"
