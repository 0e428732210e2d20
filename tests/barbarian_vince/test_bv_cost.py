"""An action costs the same at any length of adventure: the same queries (at most six) after 10
and after 5,000 prior actions, through the services and through the screen's htmx request."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.barbarian_vince.conftest import HTMX
from tracker.barbarian_vince import services
from tracker.core import services as core
from tracker.rules.barbarian_vince import bot
from tracker.rules.log import dump_log

pytestmark = pytest.mark.django_db

LONG = 5_000
MOST_QUERIES = 6
# The kinds of action measured: a plain one, one that ends a turn (writes its row) and one that
# enters a card (remembered for the player's next adventures).
KINDS = ("end_turn", "register_card", "draw_encounter", "play_check_card", "recover")


@pytest.fixture(scope="module")
def long_adventure() -> list[dict]:
    """One random adventure that never ends, long enough to cut at 10 and at 5,000 actions."""
    return bot.random_adventure(random.Random(2024), LONG + 600, weights=bot.ENDLESS)


def next_of_each_kind(actions: list[dict], start: int) -> dict[str, int]:
    """For each kind measured, the index of its first action at or after `start`."""
    found: dict[str, int] = {}
    for index in range(start, len(actions)):
        kind = actions[index]["type"]
        if kind in KINDS and kind not in found:
            found[kind] = index
    assert set(found) == set(KINDS), found
    return found


def adventure_with(owner, actions: list[dict], length: int):
    """An adventure whose log holds the first `length` actions (replayed, bulk-inserted)."""
    text = dump_log(actions[:length], game="barbarian-vince", name=f"{length} actions")
    adventure = core.record_import(owner=owner, text=text)
    assert adventure.last_seq == length
    return adventure


def cost_of(owner, actions: list[dict], at: int) -> tuple[list[str], list[str]]:
    """The SQL of applying action `at` after the `at` before it, through the service."""
    adventure = adventure_with(owner, actions, at)
    with CaptureQueriesContext(connection) as queries:
        services.adventure_apply(
            adventure_id=adventure.pk,
            owner=owner,
            action=actions[at],
            expected_version=adventure.version,
        )
    return [q["sql"] for q in queries.captured_queries]


@pytest.mark.parametrize("kind", KINDS)
def test_an_action_costs_the_same_queries_at_10_and_at_5000_prior_actions(
    player, long_adventure, kind
):
    short_at = next_of_each_kind(long_adventure, 10)[kind]
    long_at = next_of_each_kind(long_adventure, LONG)[kind]
    assert short_at < 200 <= LONG <= long_at
    short = cost_of(player, long_adventure, short_at)
    long = cost_of(player, long_adventure, long_at)
    assert len(short) == len(long) <= MOST_QUERIES, (short, long)
    # Applying never reads the log: its only statement on the log table is the INSERT.
    on_log = [sql for sql in long if "tracker_adventurelogentry" in sql]
    assert len(on_log) == 1 and on_log[0].startswith("INSERT"), on_log


def test_the_screens_request_for_an_action_costs_the_same_at_both_lengths(
    client, player, long_adventure
):
    client.force_login(player)
    counts = []
    for start in (10, LONG):
        at = next_of_each_kind(long_adventure, start)["draw_encounter"]
        adventure = adventure_with(player, long_adventure, at)
        action = long_adventure[at]
        fields = {k: v for k, v in action.items() if k != "type"}
        url = reverse("tracker:bv_act", args=[adventure.pk, "draw_encounter"])
        with CaptureQueriesContext(connection) as queries:
            response = client.post(url, {**fields, "version": adventure.version}, headers=HTMX)
        assert response.status_code == 200 and 'data-testid="error"' not in response.text
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1], counts


def test_undo_and_the_screen_cost_the_same_at_both_lengths(client, player, long_adventure):
    client.force_login(player)
    undo, page = [], []
    for length in (10, LONG):
        adventure = adventure_with(player, long_adventure, length)
        with CaptureQueriesContext(connection) as queries:
            services.adventure_undo(
                adventure_id=adventure.pk, owner=player, expected_version=adventure.version
            )
        undo.append(len(queries.captured_queries))
        with CaptureQueriesContext(connection) as queries:
            response = client.get(reverse("tracker:bv_play", args=[adventure.pk]))
        assert response.status_code == 200
        page.append(len(queries.captured_queries))
    assert undo[0] == undo[1] and page[0] == page[1], (undo, page)
