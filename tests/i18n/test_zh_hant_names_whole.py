"""Issue 26, point 2: in Chinese, where a line may break between any two characters, a name is
one unbreakable unit ("阿 / 明" never). Each name a page shows (its record's, its seats', a
table's heroes) comes in a ``<span class="name">`` that the style sheet keeps whole; a Latin
name, which breaks only at its spaces, and an English page are left as they are."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.barcadia.conftest import join, make_table, ordered
from tests.play.conftest import make_character
from tracker.core.i18n import kept_whole

HEROES = ["阿明", "小美", "Kevin"]
PASSWORD = "correct horse battery"
WRAPPED = re.compile(r'<span class="name">([^<]*)</span>')


def test_names_in_the_text_are_boxed_and_attributes_titles_options_drawings_are_not():
    page = (
        '<title>阿明的桌</title><p title="阿明">輪到阿明。</p>'
        '<select><option value="阿明">阿明</option></select>'
        '<svg><text>阿明</text></svg><script>var n = "阿明";</script><li>小美和阿明明</li>'
    )
    assert kept_whole(page, ["阿明", "阿明明"]) == (
        '<title>阿明的桌</title><p title="阿明">輪到<span class="name">阿明</span>。</p>'
        '<select><option value="阿明">阿明</option></select>'
        '<svg><text>阿明</text></svg><script>var n = "阿明";</script>'
        '<li>小美和<span class="name">阿明明</span></li>'
    )


def test_a_name_is_matched_as_the_page_escapes_it():
    assert (
        kept_whole("<p>是 A&amp;B 嗎</p>", ["A&B"])
        == '<p>是 <span class="name">A&amp;B</span> 嗎</p>'
    )


def test_nothing_to_keep_leaves_the_page_untouched():
    assert kept_whole("<p>阿明</p>", []) == "<p>阿明</p>"


@pytest.fixture
def host(db, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return get_user_model().objects.create_user("host", password=PASSWORD)


UNMARKED = re.compile(r"<(title|option|svg|script|style|textarea|pre)\b.*?</\1>", re.S)


def text_nodes(page: str) -> list[str]:
    """The text of the page's body as shown in lines of prose: outside tags, and outside the
    elements that hold no markup."""
    body = UNMARKED.sub("", page.split("<body", 1)[1])
    return re.findall(r">([^<]+)<", body)


def _zh(client: Client) -> Client:
    client.cookies["django_language"] = "zh-hant"
    return client


def test_a_barcadia_table_in_chinese_keeps_each_chinese_hero_whole(host):
    table = ordered(make_table(host, heroes=HEROES), order=HEROES)
    phone = _zh(join(table, 1))
    page = phone.get(f"/tables/{table.pk}/").content.decode()
    boxed = WRAPPED.findall(page)
    assert "阿明" in boxed and "小美" in boxed
    assert "Kevin" not in boxed  # a Latin name breaks only at its spaces
    # Every Chinese name in the page's prose is in its box, wherever the screen put it.
    unboxed = WRAPPED.sub("", page)
    assert [text for text in text_nodes(unboxed) if "阿明" in text or "小美" in text] == []


def test_the_same_table_in_english_has_no_boxes(host):
    table = ordered(make_table(host, heroes=HEROES), order=HEROES)
    page = join(table, 1).get(f"/tables/{table.pk}/").content.decode()
    assert 'class="name"' not in page


def test_a_card_rpg_character_named_in_chinese_is_kept_whole_on_its_play_screen(host):
    character = make_character(host, name="阿明")
    phone = _zh(Client())
    phone.force_login(host)
    page = phone.get(f"/characters/{character.pk}/play/").content.decode()
    assert "阿明" in WRAPPED.findall(page)


def test_rule_ids_in_the_text_are_kept_whole_and_not_inside_attributes_or_options():
    page = (
        '<p title="T-25">以自己的角色加入（T-25、T-26）。S-20: tick the suit; T-22a, BT-01.</p>'
        "<option>HT-06</option><p>X-25 and 3-25 and T-25b2 stay</p>"
    )
    assert kept_whole(page) == (
        '<p title="T-25">以自己的角色加入（<span class="whole">T-25</span>、'
        '<span class="whole">T-26</span>）。<span class="whole">S-20</span>: tick the suit; '
        '<span class="whole">T-22a</span>, <span class="whole">BT-01</span>.</p>'
        "<option>HT-06</option><p>X-25 and 3-25 and T-25b2 stay</p>"
    )


def test_a_chinese_page_keeps_its_rule_ids_whole_and_an_english_page_is_left_alone(rf):
    from django.http import HttpResponse
    from django.utils import translation

    from tracker.core.i18n import ChineseTypesettingMiddleware

    page = "<p>每位朋友加入（T-25、T-26）。</p>"
    with translation.override("zh-hant"):
        answer = ChineseTypesettingMiddleware(lambda request: HttpResponse(page))(rf.get("/"))
    assert answer.content.decode() == (
        '<p>每位朋友加入（<span class="whole">T-25</span>、<span class="whole">T-26</span>）。</p>'
    )
    with translation.override("en"):
        answer = ChineseTypesettingMiddleware(lambda request: HttpResponse(page))(rf.get("/"))
    assert answer.content.decode() == page
