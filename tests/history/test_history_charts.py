"""The career charts at a phone's width: every label they draw is readable whole."""

import re

import pygal
import pytest

from tracker.card_rpg import charts


@pytest.mark.parametrize("first", [1, 9, 100])
def test_fight_numbers_on_the_damage_axis_are_never_cut(first):
    """Issue 28: at 360 px the damage chart's x-axis labels were cut to "F…"."""
    chart = pygal.Bar(**charts._config(), y_labels=[0, 5, 10])
    numbers = range(first, first + charts.RECENT_FIGHTS)
    chart.x_labels = [charts._fight_label(number) for number in numbers]
    chart.x_labels_major_every = max(1, charts.RECENT_FIGHTS // 5)
    chart.add("Dealt", [3] * charts.RECENT_FIGHTS)
    chart.add("Taken", [2] * charts.RECENT_FIGHTS)
    svg = chart.render(is_unicode=True)
    drawn = re.findall(r"<text[^>]*>(F[^<]*)</text>", svg)
    assert drawn, svg
    assert all("…" not in label for label in drawn), drawn
    assert f"F{first}" in drawn
