"""Sentences and screens in Traditional Chinese read as if written in Chinese (issue 26).

Each test renders what the issue's reader saw, in zh-Hant, and asserts the exact text: lists
joined with 、 and 和/或 by the one helper, full-width punctuation with no space after it, no
space around a Chinese name (a Latin name keeps its spaces), scores placed as Chinese places
them, the glossary's words kept, and the messages the reader found wrong in meaning.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.template.loader import render_to_string
from django.utils import translation

from tests.barcadia.conftest import join, make_table, ordered
from tests.i18n.po import read_po
from tests.i18n.typography import typography_faults
from tracker.core.i18n import listing, say, tidy
from tracker.rules.barbarian_vince.awaiting import join_words
from tracker.rules.cards import cards_text
from tracker.rules.text import _, listed

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "locale" / "zh_Hant" / "LC_MESSAGES" / "django.po"


@pytest.fixture
def zh():
    with translation.override("zh-hant"):
        yield


@pytest.fixture(scope="module")
def entries():
    return [entry for entry in read_po(CATALOGUE) if entry.msgid]


# -- 1. lists through the one helper -----------------------------------------------------------


def test_lists_take_the_chinese_separators_and_the_sense_of_and_or_or(zh):
    assert listing(["小明", "阿華", "小美"], "and") == "小明、阿華和小美"
    assert listing(["Ana", "Bo", "Cy"], "and") == "Ana、Bo 和 Cy"
    assert listing(["F", "G"], "or") == "F 或 G"
    assert listing(["F", "G", "U"]) == "F、G、U"
    assert listing(["休息", "交易"], "clauses") == "休息；交易"
    assert listing(["小明"], "and") == "小明"
    assert listing([], "and") == ""


def test_card_codes_are_not_glued_to_the_word_and(zh):
    # "A♠、3♥和K♠" read as one code; a card code keeps its space like a Latin word.
    assert say(cards_text(["AS", "3H", "KS"])) == "A♠、3♥ 和 K♠"
    assert say(join_words(["C7", "Map 1"])) == "C7 和 Map 1"


def test_the_same_lists_read_in_english():
    with translation.override("en"):
        assert listing(["Ana", "Bo", "Cy"], "and") == "Ana, Bo and Cy"
        assert listing(["F", "G"], "or") == "F or G"
        assert listing(["F", "G"]) == "F, G"
        assert say(cards_text(["AS", "3H", "KS"])) == "A♠, 3♥ and K♠"


def test_an_engine_list_is_translated_as_a_list(zh):
    line = _(
        "only {heroes} roll now, not {hero}", heroes=listed(["小明", "Kevin"], "or"), hero="阿華"
    )
    assert str(line) == "only 小明 or Kevin roll now, not 阿華"  # the log speaks English
    assert "小明或 Kevin" in say(line)


def test_the_barbarian_vince_draw_means_f_or_g(zh):
    from tracker.barbarian_vince.play_prompt import listing as shown_listing

    assert shown_listing is listing
    text = say(
        _(
            "{card} is in hand: an encounter card comes from the deck while a card there "
            "({other}) carries {types}",
            card="C7",
            other="C9",
            types=listed(["F", "G"], "or"),
        )
    )
    assert "F 或 G" in text and "F, G" not in text


def test_a_value_beside_a_word_is_a_placeholder_of_a_sentence(zh):
    # "打出：C7 5, Map 1 4" read as "Map 14": each play is "card（value）".
    from django.utils.translation import gettext

    plays = listing(
        gettext("%(card)s (%(value)s)") % {"card": card, "value": value}
        for card, value in (("C7", 5), ("Map 1", 4))
    )
    assert plays == "C7（5）、Map 1（4）"


# -- 2. typography -----------------------------------------------------------------------------


def test_chinese_is_spaced_as_chinese(zh):
    assert tidy("由 App 發牌： 關") == "由 App 發牌：關"
    assert tidy("下一步： <strong>你的回合</strong>") == "下一步：<strong>你的回合</strong>"
    assert tidy("小明 死了。 Kevin 死了。") == "小明死了。Kevin 死了。"
    assert tidy("輪到 <b>阿明</b>") == "輪到<b>阿明</b>"
    assert tidy("輪到 Kevin") == "輪到 Kevin"
    assert tidy("第 1 局") == "第 1 局"
    # Between blocks and buttons the space is layout, not a word space: left alone.
    assert tidy("<button>擲骰</button> <button>結束</button>") == (
        "<button>擲骰</button> <button>結束</button>"
    )


def test_a_chinese_name_sits_in_a_sentence_without_spaces_and_a_latin_name_keeps_them(zh):
    boss = "{hero} fights the boss at {at}: another player plays the boss"
    assert (
        say(_(boss, hero="小明", at="[0, 1]")) == "小明在 [0, 1] 展開首領戰：由另一位玩家扮演首領"
    )
    assert say(_(boss, hero="Kevin", at="[0, 1]")) == (
        "Kevin 在 [0, 1] 展開首領戰：由另一位玩家扮演首領"
    )


def test_the_catalogue_is_typeset_as_chinese(entries):
    faults = {
        entry.msgid: found
        for entry in entries
        for text in entry.msgstr.values()
        if (found := typography_faults(text))
    }
    assert not faults, faults


def test_the_typography_check_catches_what_it_is_for():
    assert (
        typography_faults("直到出現帶有 F, G 的卡") == []
    )  # Latin around the comma: the list test
    assert typography_faults("小明, 阿華") and typography_faults("由 App 發牌： 關")
    assert typography_faults("回合順序 (HT-02)") and typography_faults("依擲骰 (預設)")
    assert typography_faults("小明 死了") and typography_faults("結束。 下一步")
    assert typography_faults("Kevin（10）輸給小美扮演的首領（15）") == []


@pytest.mark.django_db
def test_barcadias_table_options_read_with_full_width_brackets(client, zh):
    host = get_user_model().objects.create_user("host")
    client.force_login(host)
    page = client.get("/tables/new/", headers={"Accept-Language": "zh-Hant"})
    # As read: a rule ID's unbreakable box (tracker.core.i18n.kept_whole) is no text.
    text = html.unescape(re.sub(r"</?span[^>]*>", "", page.content.decode()))
    assert "回合順序（HT-02）" in text and "(HT-" not in text
    assert "（預設）：" in text and " (預設)" not in text


# -- 3. scores placed as Chinese places them ---------------------------------------------------


def test_the_boss_and_duel_lines_put_each_score_after_its_hero(zh):
    lost = "{hero} {mine} lost to the boss played by {boss} {theirs}"
    assert say(_(lost, hero="Kevin", mine=10, boss="小美", theirs=15)) == (
        "Kevin（10）輸給小美扮演的首領（15）"
    )
    won = "{hero} {mine} won the duel against {target} {theirs}"
    assert (
        say(_(won, hero="小明", mine=12, target="阿華", theirs=9))
        == "小明（12）在決鬥中贏了阿華（9）"
    )


@pytest.mark.django_db
def test_the_waiting_line_does_not_say_the_hero_twice():
    host = get_user_model().objects.create_user("host")
    table = ordered(make_table(host))
    bo = join(table, 2)  # Ana's turn: Bo's phone waits
    page = bo.get(f"/tables/{table.pk}/", headers={"Accept-Language": "zh-Hant"}).content.decode()
    waiting = html.unescape(re.search(r'data-testid="waiting">(.*?)</p>', page, re.S)[1])
    assert waiting.count("Ana") == 1, waiting
    assert waiting == "輪到 Ana：回合尚未開始。"


def test_the_order_roll_after_a_tie_says_who_rolls_not_the_order(zh):
    line = _("Roll for the turn order: {heroes}", heroes=listed(["小明", "Kevin"], "and"))
    assert say(line) == "由小明和 Kevin 擲骰決定回合順序"


# -- 4. terms chosen once ----------------------------------------------------------------------


def _in(entry, *parts) -> bool:
    return any(part in " ".join(entry.references) for part in parts)


def test_recover_and_restore_are_two_words_that_do_not_collide(entries):
    bv = [entry for entry in entries if _in(entry, "barbarian_vince")]
    assert not [entry.msgid for entry in bv if "恢復" in entry.msgstr.get(0, "")]
    by_id = {entry.msgid: entry.msgstr[0] for entry in bv}
    assert by_id["Recovery"] == "回復力" and by_id["Restore"] == "重置"


def test_card_rpgs_deck_is_one_word(entries):
    deck = [
        entry for entry in entries if _in(entry, "card_rpg") and re.search(r"\bdeck\b", entry.msgid)
    ]
    wrong = [e.msgid for e in deck if re.search(r"(?<![抽棄擊])牌堆|整副牌", e.msgstr.get(0, ""))]
    assert deck and not wrong, wrong


def test_import_is_one_word_and_the_app_has_one_name(entries):
    assert not [e.msgid for e in entries if "載入" in e.msgstr.get(0, "")]
    names = {
        e.msgid: e.msgstr[0] for e in entries if "companion" in e.msgid or e.msgid == "Card table"
    }
    assert names["Card table companion"] == names["Card table"] == "牌桌小幫手"
    assert not [e for e in entries if re.search(r"助手|RPG 小幫手", e.msgstr.get(0, ""))]


def test_barcadia_says_health_as_its_rulebook_and_its_boss_fight_is_no_challenge(entries):
    hob = [e for e in entries if _in(e, "barcadia") and not _in(e, "card_rpg", "barbarian")]
    assert not [e.msgid for e in hob if re.search(r"HP|生命值", e.msgstr.get(0, ""))]
    boss = [e for e in hob if re.search(r"\bboss (fight|at)\b|fights the boss", e.msgid)]
    # 組隊挑戰 is the rulebook's team battle; the boss fight is 首領戰, never 挑戰.
    challenged = [e.msgid for e in boss if "挑戰" in e.msgstr[0].replace("組隊挑戰", "")]
    assert boss and not challenged, challenged


def test_the_map_letters_are_translated_and_the_legend_uses_them(zh):
    from tracker.barcadia.hexmap import _tile_letter

    letters = [_tile_letter(kind) for kind in ("monster", "team_monster", "boss", "reward")]
    assert letters == ["怪", "隊", "首", "獎"]
    from django.utils.translation import gettext

    legend = gettext(
        "On the map: M monster, T team battle monster, B boss (with their level; −N is the "
        "damage or attack), R reward, ◎ portal, ♛ the Drink Hoard, ? face down, ✓ beaten or "
        "taken, ⚠ traps, ★ power-ups lying there. A lit hex is where you may go now."
    )
    assert all(f"{letter}＝" in legend for letter in letters)


def test_the_card_rpg_play_screen_translates_hp_and_xp():
    template = (ROOT / "templates" / "card_rpg" / "play" / "play.html").read_text("utf-8")
    outside = re.sub(r"{%\s*blocktranslate.*?endblocktranslate\s*%}", "", template, flags=re.S)
    outside = re.sub(r"{%.*?%}|{{.*?}}|data-testid=\"\w+\"|\bhp_\w+|\bxp\w*", "", outside)
    assert not re.search(r"(?<![\w-])(HP|XP)(?![\w-])", outside)


# -- 5. what the reader found wrong in meaning -------------------------------------------------


def test_the_x0_encounter_has_no_difficulty_said_in_words(zh):
    from django.utils.translation import gettext

    line = gettext(
        "Read the %(terrain)s listing of %(card)s (it takes no difficulty) and carry it out "
        "here: a skill check, the effects it names, then how the encounter ends."
    ) % {"terrain": "X", "card": "X0"}
    assert (
        line
        == "閱讀 X0 上的 X 條目（不需要難度），並在這裡執行：技能檢定、條目所說的效果，最後是遭遇如何結束。"
    )
    for path in (ROOT / "tracker" / "barbarian_vince").glob("play_*.py"):
        assert 'else "—"' not in path.read_text("utf-8")


def test_the_app_turns_the_top_card_is_said_as_still_to_come(entries):
    turns = [e for e in entries if "the app turns the top card" in e.msgid.lower()]
    assert turns and all("App 會翻開" in e.msgstr[0] for e in turns)


def test_the_sessions_list_and_the_sessions_count_are_two_headings(zh):
    from django.utils.translation import gettext, pgettext

    assert gettext("Sessions") == "已玩局數"
    assert pgettext("heading of the list of sessions played", "Sessions") == "各局紀錄"


def test_the_discard_pile_is_the_discard_pile(entries):
    pile = [e for e in entries if e.msgid.startswith("%(count)s card in the pile:")]
    assert pile and all(e.msgstr[0].startswith("棄牌堆") for e in pile)


@pytest.mark.django_db
def test_the_404_page_speaks_of_any_game(client):
    page = client.get("/no/such/page/", headers={"Accept-Language": "zh-Hant"})
    assert page.status_code == 404
    text = html.unescape(page.content.decode())
    assert "這個頁面不存在，或是屬於別人的遊戲。" in text and "角色" not in text


def test_the_waiting_template_passes_the_typography_check(zh):
    class Screen:
        waited = "小明"
        reason = _("{hero}'s turn: between turns", hero="小明")
        between_turns_open = False
        sides = None

    text = render_to_string("barcadia/table.html#panel_waiting", {"screen": Screen()})
    line = html.unescape(re.search(r'data-testid="waiting">(.*?)</p>', text, re.S)[1])
    assert tidy(line) == "輪到小明：回合尚未開始。"


def test_ordinals_and_counts_are_written_one_way(entries):
    """「第 1 局」 in the text and on the charts alike: a space each side of the number."""
    glued = re.compile(r"第(?:%\(\w+\)[sd]|\{\w+\}|\d)|(?:%\(\w+\)[sd]|\{\w+\})(?:局|回合|場|戰)")
    wrong = [(e.msgid, e.msgstr[0]) for e in entries if glued.search(e.msgstr.get(0, ""))]
    assert not wrong, wrong
    from django.utils.translation import pgettext

    with translation.override("zh-hant"):
        assert pgettext("a session, short", "S%(number)s") % {"number": 1} == "第 1 局"


def test_a_long_card_name_on_a_check_button_wraps_and_is_not_cut():
    css = (ROOT / "tracker" / "static" / "tracker" / "bv.css").read_text("utf-8")
    rule = re.search(r"button\.bv-play \.who \{([^}]*)\}", css)[1]
    assert "ellipsis" not in rule and "nowrap" not in rule and "keep-all" in rule


# -- 6. nothing cut at 360 px ------------------------------------------------------------------


def test_chart_labels_in_chinese_get_the_room_they_are_drawn_in():
    from tracker.core.i18n import chart_margins

    # "第 12 局": 2 Chinese characters (a whole em each) and 4 narrow ones, 13 × 4.4 = 57 px,
    # half of it past the last tick.
    assert chart_margins(["第 1 局", "第 12 局"])["margin_right"] == 29 + 2
    # The kills chart's "人頭牌": pygal counts 3 × 0.6 em, it takes 3 em.
    assert chart_margins(side_labels=["數字牌", "人頭牌", "鬼牌"])["margin_left"] == 6 + 16 + 2
    assert chart_margins(["S1", "S2"])["margin_right"] == 8 + 2  # English labels change little
    # Every game's charts take their margins from it, through the core's charts.
    core = (ROOT / "tracker" / "core" / "charts.py").read_text("utf-8")
    assert "chart_margins(" in core
    for module in ("card_rpg", "barcadia", "barbarian_vince"):
        source = (ROOT / "tracker" / module / "charts.py").read_text("utf-8")
        assert "charts.keep_labels_whole(" in source, module


def test_the_english_it_is_not_carried_over_as_它(entries):
    """Chinese drops "it" or names the thing (這張牌, 怪物, 座位): 它 was English showing through."""
    carried = [e.msgid for e in entries if any("它" in text for text in e.msgstr.values())]
    assert not carried, carried


def test_chinese_pages_are_spaced_as_chinese_but_what_a_player_typed_is_kept(rf, zh):
    from django.http import HttpResponse

    from tracker.core.i18n import ChineseTypesettingMiddleware

    page = "<p>輪到 阿明：</p> <p>下一步： 你的回合</p><textarea>小 明</textarea><pre>阿 華</pre>"
    answer = ChineseTypesettingMiddleware(lambda request: HttpResponse(page))(rf.get("/"))
    assert answer.content.decode() == (
        "<p>輪到阿明：</p> <p>下一步：你的回合</p><textarea>小 明</textarea><pre>阿 華</pre>"
    )
    with translation.override("en"):
        answer = ChineseTypesettingMiddleware(lambda request: HttpResponse(page))(rf.get("/"))
    assert answer.content.decode() == page  # an English page is never touched
