"""A state read back from storage holds the engines' sentences as plain English (JSON keeps no
message ids); `recognise` finds the marked pattern again, so a reloaded screen still speaks the
player's language (issue 16). Checked on every sentence of random games of each engine."""

import json

from tracker.rules.text import Msg, _, recognise, translate


def marked(msgid: str) -> str:
    """A stand-in translation that shows which message was used and keeps its placeholders."""
    return f"<{msgid}>"


def as_stored(texts):
    """The texts as a state read back from the database gives them: plain strings."""
    return json.loads(json.dumps(texts))


def check_recognised(texts: list) -> list:
    """The texts whose plain English is not recognised as a message making the same English.

    (Which of two equivalent patterns is found — "Put {cards}" with "the 4♥", or "Put the
    {cards}" with "4♥" — is for tests/unit/test_i18n_stored_sentences.py, in real Chinese.)"""
    wrong = []
    for original, plain in zip(texts, as_stored(texts), strict=True):
        assert not isinstance(plain, Msg)
        again = recognise(plain)
        if not isinstance(again, Msg) or str(again) != plain or "{" in translate(again, marked):
            wrong.append((original.msgid, plain))
    return wrong


def card_rpg_sentences(seeds=range(3), steps=200) -> list:
    from tracker.rules.card_rpg.bot import play

    texts = []
    for seed in seeds:
        for _before, _action, after in play(seed, steps):
            awaiting = after["awaiting"]
            texts += [event["text"] for event in after["events"]]
            texts += [awaiting["instruction"], awaiting["reason"]]
            texts += [use["text"] for use in awaiting["choices"].get("item_uses", [])]
    return [text for text in texts if isinstance(text, Msg) and text]


def test_every_card_rpg_sentence_of_random_games_is_recognised_from_plain_text():
    texts = card_rpg_sentences()
    assert len(texts) > 500
    wrong = check_recognised(texts)
    assert not wrong, wrong[:10]


def test_a_sentence_inside_a_sentence_is_recognised_too():
    inner = _("the draw pile holds fewer than {needed} cards", needed=5)
    outer = _(
        "Session {number} is over ({why}). Sessions played: {played}.",
        number=2,
        why=inner,
        played=2,
    )
    again = recognise(str(outer))
    assert again.msgid == outer.msgid
    assert again.params["why"].msgid == inner.msgid


def test_what_no_engine_says_comes_back_as_it_is():
    assert recognise("Bench") == "Bench"
    assert translate(recognise("Ana's {odd} text"), marked) == "Ana's {odd} text"
    assert recognise("") == ""
    assert recognise(None) is None
