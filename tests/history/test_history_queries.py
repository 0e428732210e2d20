"""A long career costs no more queries than a short one: every history page is a fixed number
of queries whether the log holds 10 actions or 10,000 (issue 6, item 4)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import python_calls
from tests.history.conftest import Career, write_long_career
from tracker.card_rpg import charts, services

HTMX = {"HX-Request": "true"}


@pytest.fixture
def short_and_long(player):
    """Two characters of one player: 10 actions played for real, and 10,000 written in bulk."""
    short = Career(player, 5, name="Short")
    for _ in range(9):
        short.step()
    assert short.character.last_seq == 10
    sessions, fights = services.history_records(short.character)
    assert sessions and fights  # a session and a fight to show, as the long career has
    long = write_long_career(Career(player, 6, name="Long").character, 10_000)
    assert long.last_seq == 10_000
    assert long.play_sessions.count() > 100 and long.fights.count() > 500
    return short.character, long


def pages(pk: int, last: int) -> dict[str, tuple[str, dict]]:
    return {
        "history": (reverse("tracker:rpg_history", args=[pk]), {}),
        "more sessions": (reverse("tracker:rpg_history", args=[pk]) + "?page=2", HTMX),
        "log": (reverse("tracker:rpg_history_log", args=[pk]), {}),
        "older actions": (reverse("tracker:rpg_history_log", args=[pk]) + "?before=5", HTMX),
        "undo confirmation": (reverse("tracker:rpg_history_undo_to", args=[pk, last - 3]), {}),
        "record sheet": (reverse("tracker:rpg_record_sheet", args=[pk]), {}),
    }


def count_queries(client, url: str, headers: dict) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers=headers)
    assert response.status_code == 200, url
    return len(queries)


@pytest.mark.django_db
def test_same_number_of_queries_for_10_and_10000_actions(client, player, short_and_long):
    short, long = short_and_long
    client.force_login(player)
    for (name, (short_url, headers)), (_, (long_url, _)) in zip(
        pages(short.pk, short.last_seq).items(),
        pages(long.pk, long.last_seq).items(),
        strict=True,
    ):
        count_queries(client, short_url, headers)  # warm the session and the user
        assert count_queries(client, short_url, headers) == count_queries(
            client, long_url, headers
        ), name


@pytest.mark.django_db
def test_the_history_page_is_a_handful_of_queries(
    client, player, short_and_long, django_assert_max_num_queries
):
    _, long = short_and_long
    client.force_login(player)
    url = reverse("tracker:rpg_history", args=[long.pk])
    client.get(url)
    # Session and user, the character, sessions (count, page, fights), four charts' data
    # (sessions once for two charts, kills, damage) and the latest actions.
    with django_assert_max_num_queries(11):
        response = client.get(url)
    assert response.status_code == 200
    # Nor more work in Python than for half the career: counted as the calls the page makes,
    # not timed: a clock on a loaded machine is no measure.
    half = write_long_career(Career(player, 7, name="Half").character, 5_000)
    half_url = reverse("tracker:rpg_history", args=[half.pk])
    client.get(half_url)
    assert calls_made(lambda: client.get(url)) < 1.1 * calls_made(lambda: client.get(half_url))


def calls_made(request) -> int:
    """The Python calls made while `request` is answered."""

    def answered() -> None:
        assert request().status_code == 200

    return python_calls(answered)


@pytest.mark.django_db
def test_long_careers_are_charted_from_the_tables_in_short(player, short_and_long):
    _, long = short_and_long
    drawn = {chart.slug: chart for chart in charts.career_charts(long)}
    running = services.running_session(long)
    sessions = long.play_sessions.count() + (running is not None)
    # Level and XP: thinned evenly to at most 30 points, first and last kept.
    level = drawn["level-xp"]
    assert len(level.rows) == charts.MOST_POINTS
    assert level.rows[0][0] == "start" and level.rows[-1][0] == f"S{sessions}"
    # XP earned in all: the sum of the sessions' (the running one as it stands).
    earned = sum(long.play_sessions.values_list("xp_gained", flat=True))
    earned += running.xp_gained if running is not None else 0
    assert level.rows[-1][2] == earned
    assert "is shown" in level.summary
    assert len(drawn["damage"].rows) == charts.RECENT_FIGHTS
    fight_now = services.running_fight(long)
    last_fight = fight_now.number if fight_now else long.fights.count()
    assert drawn["damage"].rows[-1][0] == f"F{last_fight}"
    assert len(drawn["deaths"].rows) == charts.RECENT_SESSIONS
    kills = dict(drawn["kills"].rows)
    won = long.fights.filter(outcome="won")
    assert kills == {
        "Number cards": won.filter(monster_kind="number").count(),
        "Face cards": won.filter(monster_kind="face").count(),
        "Jokers": won.filter(monster_kind="joker").count(),
    }
    assert sum(kills.values()) == long.kills > 0
