"""Every game's charts come out of one place (tracker.core.charts): named for a screen reader in
the language of the page, with no script, and the request's nonce on their own style."""

import re
from itertools import pairwise

import pytest
from django.utils import translation

from tracker.barbarian_vince import charts as bv_charts
from tracker.barcadia import charts as hob_charts
from tracker.card_rpg import charts as card_charts

BV_TURNS = [(n, 5, 1, {"str": 2}) for n in range(1, 4)]
SESSIONS = [(1, 1, 4, 0), (2, 2, 9, 1)]


def every_games_chart():
    return [
        bv_charts.hands_over_turns(BV_TURNS, "n0nce"),
        bv_charts.skills_over_turns(BV_TURNS, "n0nce"),
        hob_charts.health_over_turns(
            ["Ann", "Bo"], [(1, {"Ann": 9, "Bo": 7})], {"Ann": 10, "Bo": 10}, "n0nce"
        ),
        card_charts.level_and_xp(SESSIONS, "n0nce"),
        card_charts.deaths_per_session(SESSIONS, "n0nce"),
    ]


def aria_label(svg: str) -> str:
    return re.search(r'aria-label="([^"]*)"', svg).group(1)


@pytest.mark.parametrize("chart", range(5))
def test_a_chart_is_named_by_its_title_and_summary_in_chinese_punctuation(chart):
    """Issue 26: the Barbarian Vince and Barcadia charts joined title and summary with an ASCII
    ". " in Chinese too (an f-string, where Card RPG's was a translated sentence)."""
    with translation.override("zh-hant"):
        drawn = every_games_chart()[chart]
    label = aria_label(str(drawn.svg))
    assert label == f"{drawn.title}。{drawn.summary}"
    assert ". " not in label


@pytest.mark.parametrize("chart", range(5))
def test_a_chart_in_english_is_named_title_then_summary(chart):
    with translation.override("en"):
        drawn = every_games_chart()[chart]
    assert aria_label(str(drawn.svg)) == f"{drawn.title}. {drawn.summary}"


@pytest.mark.parametrize("chart", range(5))
def test_a_chart_carries_no_script_and_signs_its_style(chart):
    svg = str(every_games_chart()[chart].svg)
    assert "<script" not in svg
    assert re.search(r'<style[^>]* nonce="n0nce"', svg)
    assert "<!--" not in svg


def drawn_x_labels(svg: str) -> list[tuple[float, str]]:
    """The x-axis labels pygal drew, with where each is centred."""
    axis = re.search(r'<g class="axis x[^"]*">(.*?)</g>\s*</g>', svg, re.S).group(0)
    return [
        (float(x), text) for x, text in re.findall(r'<text x="([^"]+)"[^>]*>([^<]+)</text>', axis)
    ]


@pytest.mark.parametrize("lang", ["en", "zh-hant"])
def test_the_turn_labels_never_overlap_in_any_language(lang):
    """Seen at 360 px in 中文: the Barcadia health chart drew "第 0 回合" … "第 24 回合" seven
    times across the axis, each over the next. Only as many labels are drawn as fit side by
    side, in the widths the language draws them."""
    from tracker.core.i18n import text_width

    turns = [(n, {"Ana": 100 - n, "Bo": 90}) for n in range(1, 28)]
    with translation.override(lang):
        chart = hob_charts.health_over_turns(["Ana", "Bo"], turns, {"Ana": 100, "Bo": 100})
    labels = drawn_x_labels(str(chart.svg))
    assert len(labels) >= 3, labels
    for (x, text), (next_x, next_text) in pairwise(labels):
        half_widths = (text_width(text, 13) + text_width(next_text, 13)) / 2
        assert next_x - x >= half_widths + 4, (text, next_text, next_x - x, half_widths)
