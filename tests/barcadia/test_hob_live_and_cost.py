"""Live (issue 15, point 3): every phone asks "has the table moved?" once a second; the answer is
204 and no body while it has not (one indexed read for a guest's phone), and the live region
drawn afresh once it has. The play answers keep Card RPG's budgets: a handful of queries per
action whatever the log's length, and a swap of a few KB on the wire."""

from __future__ import annotations

import gzip

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.barcadia.conftest import HTMX, bot_log, fresh, imported, join, ordered, play, seen

pytestmark = pytest.mark.django_db

SWAP_ON_THE_WIRE = 6 * 1024
GUEST_ACTION_QUERIES = 6  # the table and the phone's seat, then lock, insert, update, events


def queries(run) -> list[str]:
    """The SQL a request runs (savepoints of the test's transaction left out)."""
    with CaptureQueriesContext(connection) as captured:
        response = run()
    sql = [q["sql"] for q in captured.captured_queries]
    return response, [q for q in sql if "SAVEPOINT" not in q]


def live(phone, table, version):
    return phone.get(f"/tables/{table.pk}/live/?v={version}", headers=HTMX)


def test_an_unchanged_table_answers_204_with_no_body_in_one_indexed_read(table, phones):
    table = fresh(table)
    response, sql = queries(lambda: live(phones["Ana"], table, table.version))
    assert response.status_code == 204 and response.content == b""
    assert len(sql) == 1, sql
    assert "tracker_tableseat" in sql[0] and '"version"' in sql[0]
    assert "no-store" in response["Cache-Control"]


def test_an_account_pays_only_its_user_lookup_more(table, host_client):
    table = fresh(table)
    live(host_client, table, table.version)  # the session is warm
    response, sql = queries(lambda: live(host_client, table, table.version))
    assert response.status_code == 204
    assert len(sql) == 2, sql  # user, the version (the session comes from the shared cache)


def test_a_moved_table_answers_with_the_live_region_drawn_afresh(table, phones):
    table = ordered(table)
    response = live(phones["Bo"], table, table.version - 1)
    page = seen(response)
    assert response.status_code == 200 and page.lstrip().startswith('<div id="hob-live"')
    assert f'hx-get="/tables/{table.pk}/live/?v={table.version}"' in page
    # Its own check, quiet while the live stream is held, and the stream it follows (issue 27).
    assert 'hx-trigger="every 1500ms, hob-wake, live-changed"' in page
    assert f'data-live="/live/heroes-of-barcadia/{table.pk}/"' in page
    assert "Turn 1 · Ana's turn" in page


def test_i27_a_guest_phones_redraw_after_a_change_is_two_reads(table, phones):
    """Each change at a table brings a redraw from each of its other phones: the version with
    the seat, then the seat with the table in one read (not the table, then the seat)."""
    table = ordered(table)
    response, sql = queries(lambda: live(phones["Bo"], table, table.version - 1))
    assert response.status_code == 200 and "Turn 1 · Ana's turn" in seen(response)
    assert len(sql) == 2, sql
    assert "tracker_tableseat" in sql[1] and '"tracker_table"."state"' in sql[1]


def test_the_live_check_is_no_way_in_for_strangers(table, phones, client, stranger):
    assert client.get(f"/tables/{table.pk}/live/?v=1").status_code == 404
    client.force_login(stranger)
    assert client.get(f"/tables/{table.pk}/live/?v=1").status_code == 404
    assert phones["Ana"].get(f"/tables/{table.pk + 1}/live/?v=1").status_code == 404


def test_a_guest_phones_action_is_a_handful_of_queries_at_any_length_of_log(host):
    short = imported(host, bot_log(6, 30))
    long = imported(host, bot_log(6, 30, turns=300))
    assert long.last_seq > 600
    counts = []
    for table in (short, long):
        table = play(table)  # as stored
        hero = table.state["awaiting"]["player"] or table.state["turn"]["player"]
        phone = join(table, table.state["players"][hero]["seat"])
        phone.get(f"/tables/{table.pk}/")
        body = {"version": table.version, "player": hero, "amount": "5"}
        response, sql = queries(
            lambda: phone.post(f"/tables/{table.pk}/act/heal/", body, headers=HTMX)  # noqa: B023
        )
        assert response.status_code == 200 and fresh(table).version == table.version + 1
        assert len(sql) <= GUEST_ACTION_QUERIES, sql
        assert not [q for q in sql if "tracker_tablelogentry" in q and not q.startswith("INSERT")]
        counts.append(len(sql))
    assert counts[0] == counts[1]


def test_a_swap_after_an_action_stays_small_on_the_wire(host):
    table = imported(host, bot_log(6, 250))
    hero = table.state["awaiting"]["player"] or table.state["turn"]["player"]
    phone = join(table, table.state["players"][hero]["seat"])
    body = {"version": table.version, "player": hero, "amount": "5"}
    response = phone.post(f"/tables/{table.pk}/act/heal/", body, headers=HTMX)
    assert response.status_code == 200
    raw = response.content
    assert len(gzip.compress(raw)) <= SWAP_ON_THE_WIRE, (len(raw), len(gzip.compress(raw)))
    # Over the real server GZipMiddleware compresses it (the browser accepts gzip).
    compressed = phone.post(
        f"/tables/{table.pk}/act/heal/",
        {**body, "version": table.version + 1},
        headers={**HTMX, "Accept-Encoding": "gzip"},
    )
    assert compressed["Content-Encoding"] == "gzip"
    assert len(compressed.content) <= SWAP_ON_THE_WIRE


def test_a_check_that_finds_the_database_busy_says_nothing_new_not_an_error(
    table, phones, monkeypatch
):
    from django.db import OperationalError

    from tracker.barcadia.views import table as views

    def busy(*args, **kwargs):
        raise OperationalError("database table is locked")

    monkeypatch.setattr(views.seats, "version_seen", busy)
    response = live(phones["Ana"], table, 0)
    assert response.status_code == 204 and response.content == b""


def test_a_signed_in_phones_action_is_at_most_six_queries(host, host_client):
    table = play(imported(host, bot_log(6, 30)))
    hero = table.state["awaiting"]["player"] or table.state["turn"]["player"]
    host_client.get(f"/tables/{table.pk}/")
    body = {"version": table.version, "player": hero, "amount": "5"}
    response, sql = queries(
        lambda: host_client.post(f"/tables/{table.pk}/act/heal/", body, headers=HTMX)
    )
    assert response.status_code == 200 and fresh(table).version == table.version + 1
    counted = [q for q in sql if not q.startswith(("BEGIN", "COMMIT", "RELEASE"))]
    assert len(counted) <= 6, counted
