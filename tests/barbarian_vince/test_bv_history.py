"""An adventure's history: its turns in words (journey, lay low, encounters and checks with their
results, cards gained and lost), two charts with their numbers as tables, the action log a page
at a time — each page costing the same queries at any length of adventure."""

from __future__ import annotations

import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.barbarian_vince.conftest import HTMX, make_adventure
from tracker.barbarian_vince import charts, history
from tracker.core import services as core
from tracker.rules.barbarian_vince import bot
from tracker.rules.log import dump_log

pytestmark = pytest.mark.django_db


@pytest.fixture
def me(client, player):
    client.force_login(player)
    return client


@pytest.fixture(scope="module")
def long_log() -> list[dict]:
    return bot.random_adventure(random.Random(7), 5_000, weights=bot.ENDLESS)


def imported(owner, actions: list[dict], name: str = "Long"):
    return core.record_import(
        owner=owner, text=dump_log(actions, game="barbarian-vince", name=name)
    )


def test_the_history_tells_each_turn_newest_first(me, player):
    adventure = make_adventure(player, "resumed")
    html = me.get(reverse("tracker:bv_history", args=[adventure.pk])).text
    numbers = re.findall(r'data-testid="turn" data-number="(\d+)"', html)
    assert numbers == ["3", "2", "1"]
    turn_two = html[html.index('data-number="2"') : html.index('data-number="1"')]
    assert "Journey: Ulendi (Map 1) → Irontree City (Map 2)" in turn_two
    assert "Tried to lay low: Q08 drew 6 (needed 8)." in turn_two
    assert "Q02, G, difficulty 8 — over; Vince kept the card" in turn_two
    assert "Combat check: 2@ 5+: Passed: 2 successes, as needed." in turn_two
    assert "Played: Map 1 (4), Q03 (5), Map 2 (5)." in turn_two  # "Map 1 4" read as "Map 14"
    assert "Damage: Vince." in turn_two and "Restored: Q03." in turn_two
    assert re.search(r"<dt>Gained</dt><dd>Map 2, Q02, Q01</dd>", turn_two)
    assert re.search(r"<dt>Lost</dt><dd>Q02, Q04</dd>", turn_two)
    assert re.search(r"<dt>Recovered</dt><dd>Map 1, Vince</dd>", turn_two)
    turn_three = html[html.index('data-number="3"') : html.index('data-number="2"')]
    assert "being played" in turn_three and "<dt>Years passed</dt><dd>1</dd>" in turn_three


def test_the_charts_draw_hands_and_skills_with_their_numbers_and_the_nonce(me, player):
    adventure = make_adventure(player, "resumed")
    html = me.get(reverse("tracker:bv_history", args=[adventure.pk])).text
    assert html.count('role="img"') == 2
    assert "<script" not in html.split("<main", 1)[1]
    nonce = re.search(r"<style[^>]* nonce=\"([^\"]+)\"", html)
    assert nonce is not None  # the chart's own style carries the request's CSP nonce
    found = charts.adventure_charts(adventure)
    hands, skills = found
    assert hands.rows == [("T1", 4, 0), ("T2", 4, 1), ("T3", 4, 1)]
    assert hands.points == 6 and "After turn 3: 4 ready and 1 exhausted." in hands.summary
    assert skills.columns[0] == "Turn" and len(skills.rows) == 3
    assert skills.rows[0] == ("T1", 0, 0, 0, 1, 0, 2)  # Q04, a Skill: Hide +1 while ready
    assert skills.rows[1] == ("T2", 0, 0, 0, 0, 0, 2)  # Q04 traded away
    for chart in found:
        for row in chart.rows:
            assert f'<th scope="row">{row[0]}</th>' in html


def test_turns_come_a_page_at_a_time_and_htmx_gets_only_the_next_ones(me, player, long_log):
    adventure = imported(player, long_log)
    url = reverse("tracker:bv_history", args=[adventure.pk])
    html = me.get(url).text
    shown = [int(n) for n in re.findall(r'data-testid="turn" data-number="(\d+)"', html)]
    assert shown == list(range(adventure.turn, adventure.turn - history.TURNS_PER_PAGE, -1))
    assert "Older turns" in html
    more = me.get(url + "?page=2", headers=HTMX).text
    assert "<html" not in more and "chart" not in more
    again = [int(n) for n in re.findall(r'data-number="(\d+)"', more)]
    assert again == list(range(shown[-1] - 1, shown[-1] - 1 - history.TURNS_PER_PAGE, -1))


def test_the_log_tells_each_action_in_the_engines_words_with_go_back_links(me, player):
    adventure = make_adventure(player, "traded")
    html = me.get(reverse("tracker:bv_log", args=[adventure.pk])).text
    seqs = [int(n) for n in re.findall(r'data-testid="log-line" data-seq="(\d+)"', html)]
    assert seqs == list(range(adventure.last_seq, 0, -1))
    assert "Trade Q04 and Q02 for Q01" in html
    assert "Lay low: Q08 drew 6, not enough" in html
    assert "Exhaust Vince as damage" in html
    undo_links = re.findall(r"/history/undo-to/(\d+)/", html)
    assert [int(n) for n in undo_links] == seqs[1:]


def test_the_log_of_a_long_adventure_pages_back_from_the_newest(me, player, long_log):
    adventure = imported(player, long_log)
    url = reverse("tracker:bv_log", args=[adventure.pk])
    html = me.get(url).text
    seqs = [int(n) for n in re.findall(r'data-seq="(\d+)"', html)]
    assert seqs == list(range(adventure.last_seq, adventure.last_seq - history.LOG_PAGE_SIZE, -1))
    older = re.search(r'href="\?before=(\d+)"', html).group(1)
    lines = me.get(f"{url}?before={older}", headers=HTMX).text
    more = [int(n) for n in re.findall(r'data-seq="(\d+)"', lines)]
    assert more[0] == seqs[-1] - 1 and len(more) == history.LOG_PAGE_SIZE


@pytest.mark.parametrize("page", ["history", "log", "log_old", "turns_2", "undo_to"])
def test_a_history_page_costs_the_same_queries_at_any_length(me, player, long_log, page):
    counts = []
    for actions in (long_log[:60], long_log):
        adventure = imported(player, actions, name=f"{len(actions)}")
        assert adventure.turn >= 3
        url = {
            "history": reverse("tracker:bv_history", args=[adventure.pk]),
            "log": reverse("tracker:bv_log", args=[adventure.pk]),
            "log_old": reverse("tracker:bv_log", args=[adventure.pk]) + "?before=30",
            "turns_2": reverse("tracker:bv_history", args=[adventure.pk]) + "?page=2",
            "undo_to": reverse("tracker:bv_undo_to", args=[adventure.pk, adventure.last_seq - 7]),
        }[page]
        headers = HTMX if page == "turns_2" else {}
        with CaptureQueriesContext(connection) as queries:
            response = me.get(url, headers=headers)
        assert response.status_code == 200
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1], counts
    assert counts[1] <= 7
