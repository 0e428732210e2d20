"""A screen drawn from a stored state speaks the player's language (issue 16).

The engines' sentences are Msg values while a state is in memory, but a state read back from the
database or a file holds them as plain English (JSON keeps no message ids); `say` recognises
them again. For random games of each engine, every sentence in every state must read in
Traditional Chinese exactly as it did before it was stored."""

import json
import random

import pytest
from django.utils.translation import override

from tracker.core.i18n import say
from tracker.rules.text import Msg


def sentences(value):
    """Every engine sentence (Msg) anywhere in a state."""
    if isinstance(value, Msg):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from sentences(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from sentences(item)


def card_rpg_states():
    from tracker.rules.card_rpg.bot import play

    for seed in range(4):
        for _before, _action, after in play(seed, 250):
            yield after


def barcadia_states():
    from tracker.rules.barcadia.bot import play

    for seed in range(4):
        for _before, _action, after in play(random.Random(seed), steps=250):
            yield after


# Barbarian Vince keeps no sentence in its state: its screens word everything from the facts.
@pytest.mark.parametrize(("states", "kinds"), [(card_rpg_states, 60), (barcadia_states, 10)])
def test_every_stored_sentence_reads_as_it_did_before_it_was_stored(states, kinds):
    seen, wrong = set(), {}
    with override("zh-hant"):
        for state in states():
            for sentence in sentences(state):
                stored = json.loads(json.dumps(sentence))
                seen.add(sentence.msgid)
                if say(stored) != say(sentence):
                    wrong.setdefault(sentence.msgid, (say(sentence), say(stored)))
    assert len(seen) >= kinds
    assert not wrong, list(wrong.items())[:5]


def test_english_stays_english_and_names_stay_names():
    with override("zh-hant"):
        assert say("Bench and Co") == "Bench and Co"
        assert say("7H") == "7H"
    with override("en"):
        assert say("The 2♥ has 21 HP and is worth 2 XP.") == "The 2♥ has 21 HP and is worth 2 XP."


def test_sentences_of_a_notice_join_as_each_language_writes_them():
    from tracker.core.i18n import sentences as _sentences

    assert _sentences(["The app turned the 2♥.", "It dealt 7 cards."]) == (
        "The app turned the 2♥. It dealt 7 cards."
    )
    assert (
        _sentences(["App 翻開了 2♥。", "App 發了 7 張牌。"]) == "App 翻開了 2♥。App 發了 7 張牌。"
    )


def test_a_list_of_names_or_cards_reads_as_each_language_writes_it():
    from django.template import Context, Template

    from tracker.core.i18n import listing

    with override("en"):
        assert listing(["Ana", "Bo", "Cy"]) == "Ana, Bo, Cy"
    with override("zh-hant"):
        assert listing(["Ana", "Bo", "Cy"]) == "Ana、Bo、Cy"
        page = Template("{% load say %}{{ heroes|listing }}").render(
            Context({"heroes": ["A", "B"]})
        )
        assert page == "A、B"
