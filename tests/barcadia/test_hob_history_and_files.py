"""Everything the core gives a table (issue 15, point 6): the history (turns, fights and duels
with their rolls, deaths, who led when) with its health chart, events hidden by undo and
overwritten by play, export and import of the log, and backups that carry a table and back."""

from __future__ import annotations

import json
import random

import pytest
from django.core.management import call_command

from tests.barcadia.conftest import (
    HTMX,
    bot_log,
    fresh,
    imported,
    make_table,
    ordered,
    play,
    seen,
)
from tracker.barcadia import services
from tracker.barcadia.game import GAME
from tracker.barcadia.models import Table, TableEvent
from tracker.core import services as core
from tracker.rules import dump_log
from tracker.rules.barcadia import replay
from tracker.rules.barcadia.bot import random_game

pytestmark = pytest.mark.django_db

MONSTER = {"kind": "monster", "level": 12, "damage": 20, "reward": {"power_ups": 1}}


def a_game(table):
    """Ana beats a monster and gains a power-up; Bo loses one and dies; Cy duels Ana."""
    table = ordered(table)
    return play(
        table,
        {"type": "explore", "player": "Ana", "at": [2, -1], "tile": MONSTER},
        {
            "type": "fight",
            "player": "Ana",
            "roll": 14,
            "modifiers": [{"value": 2, "source": "other"}],
        },
        {"type": "gain_power_up", "player": "Ana", "card": "Lucky Mug"},
        {"type": "end_turn", "player": "Ana"},
        {"type": "take_damage", "player": "Bo", "amount": 90},
        {"type": "explore", "player": "Bo", "at": [0, -2], "tile": MONSTER},
        {"type": "fight", "player": "Bo", "roll": 2},
        {"type": "end_turn", "player": "Bo"},
        {"type": "duel", "player": "Cy", "target": "Ana", "roll": 5, "target_roll": 11},
    )


def test_the_projector_writes_each_event_once_it_is_over(table):
    table = a_game(table)
    rows = list(TableEvent.objects.filter(table=table).values_list("kind", "hero", "turn"))
    assert rows == [
        ("order", "", 0),
        ("roll", "Ana", 1),
        ("turn", "Ana", 1),
        ("roll", "Bo", 2),
        ("death", "Bo", 2),
        ("turn", "Bo", 2),
        ("roll", "Cy", 3),
    ]
    turn = TableEvent.objects.get(table=table, kind="turn", turn=1).data
    assert turn["hp"] == {"Ana": 100, "Bo": 100, "Cy": 100}
    assert turn["leaders"] == ["Ana"] and turn["power_ups"]["Ana"] == 1
    roll = TableEvent.objects.get(table=table, kind="roll", turn=1).data
    assert roll["sides"][0]["terms"] == [14, 2] and roll["outcome"] == "win"
    assert fresh(table).events_count == 7
    assert fresh(table).projection["turn"]["number"] == 3


def test_undo_hides_the_events_it_took_back_and_play_overwrites_them(table):
    table = a_game(table)
    for _ in range(3):  # the duel, Bo's end of turn, Bo's fatal fight
        table = services.table_undo(table=table, expected_version=table.version)
    assert fresh(table).events_count == 3
    assert [e.kind for e in TableEvent.objects.filter(table=table)] == ["order", "roll", "turn"]
    assert TableEvent.all_rows.filter(table=table).count() == 7  # left there, hidden
    table = play(fresh(table), {"type": "fight", "player": "Bo", "roll": 19})
    events = list(TableEvent.objects.filter(table=table))
    assert [e.kind for e in events] == ["order", "roll", "turn", "roll"]
    assert "Bo beat the level-12 monster" in events[-1].text["msgid"].format(
        **events[-1].text["params"]
    )


def test_an_import_writes_the_same_events_as_playing_did(table, host):
    table = a_game(table)
    text = services.table_export(table=table)
    copy = core.record_import(owner=host, text=text)
    assert copy.state == fresh(table).state
    columns = ("number", "kind", "seq", "turn", "hero", "text", "data")
    assert list(TableEvent.objects.filter(table=copy).values_list(*columns)) == list(
        TableEvent.objects.filter(table=table).values_list(*columns)
    )


def test_the_history_shows_turns_rolls_deaths_and_who_led(table, phones):
    table = a_game(table)
    page = seen(phones["Cy"].get(f"/tables/{table.pk}/history/"))
    assert "Turn 1: Ana" in page and "Turn 2: Bo" in page and "Turn 3: Cy (now)" in page
    assert "Ana beat the level-12 monster: 14 + 2 (an effect in play) = 16 ≥ 12" in page
    assert "Bo lost to the level-12 monster: 2 < 12" in page
    assert "Cy 5 lost the duel against Ana 11" in page
    assert "Bo died at [0, 0]" not in page and "Bo died at the Starting Point" in page
    assert "After turn 1: Ana led with 1 power-up." in page
    assert "Order rolls Ana 20, Bo 19, Cy 18: the order is Ana, Bo, Cy" in page


def test_the_health_chart_is_server_svg_with_the_nonce_and_a_table_of_its_numbers(table, phones):
    table = a_game(table)
    response = phones["Ana"].get(f"/tables/{table.pk}/history/")
    page = seen(response)
    nonce = response["Content-Security-Policy"].split("'nonce-")[1].split("'")[0]
    assert 'data-chart="health"' in page and f'nonce="{nonce}"' in page
    assert "<script" not in page.split('data-chart="health"')[1].split("</figure>")[0]
    assert 'role="img" aria-label="Health of every hero over the turns.' in page
    assert '<th scope="row">T2</th><td>100</td><td>100</td><td>100</td>' in page
    assert '<th scope="row">T0</th><td>100</td><td>100</td><td>100</td>' in page


def test_a_long_games_history_is_a_few_queries(host, client, django_assert_max_num_queries):
    table = imported(host, bot_log(4, 150, turns=600), name="Long")
    assert table.last_seq > 1000
    assert TableEvent.objects.filter(table=table, kind="turn").count() > 20
    client.force_login(host)
    client.get("/")
    with django_assert_max_num_queries(11):
        response = client.get(f"/tables/{table.pk}/history/")
    assert response.status_code == 200 and "Turn 1:" not in seen(response)  # paged


def test_export_is_a_cardrpg_log_of_the_game_that_replays_to_the_same_state(
    table, phones, host_client
):
    table = a_game(table)
    # HT-15: the log holds every loot name noted, so the file is the host's alone.
    assert phones["Bo"].get(f"/tables/{table.pk}/export/").status_code == 404
    response = host_client.get(f"/tables/{table.pk}/export/")
    assert response["Content-Disposition"].startswith("attachment")
    assert "Friday night.barcadia.json" in response["Content-Disposition"]
    document = json.loads(response.content)
    assert document["format"] == "cardrpg-log" and document["game"] == "heroes-of-barcadia"
    assert document["name"] == "Friday night"
    assert replay(document["actions"]) == fresh(table).state


def test_import_from_your_games_makes_a_table_with_seats_for_its_host(table, host_client, host):
    table = a_game(table)
    text = services.table_export(table=table)
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("t.json", text.encode(), content_type="application/json")
    response = host_client.post("/import/", {"log_file": upload})
    copy = Table.objects.exclude(pk=table.pk).get(owner=host)
    assert response["Location"] == f"/tables/{copy.pk}/"
    assert copy.seats.count() == 3  # made with the table: the pages only read them
    page = seen(host_client.get(f"/tables/{copy.pk}/seats/"))
    assert copy.seats.count() == 3 and "QR code to sit as Cy" in page


def test_backup_and_restore_carry_a_table_and_its_history(table, host, tmp_path):
    table = a_game(table)
    archive = tmp_path / "all.jsonl.gz"
    call_command("backup", str(archive))
    state, events = (
        fresh(table).state,
        list(TableEvent.objects.filter(table=table).values_list("kind", "hero", "turn", "data")),
    )
    Table.objects.all().delete()
    call_command("restore", str(archive))
    back = Table.objects.get(name="Friday night")
    assert back.owner == host and back.state == state
    assert (
        list(TableEvent.objects.filter(table=back).values_list("kind", "hero", "turn", "data"))
        == events
    )


def test_the_home_page_says_what_a_table_waits_for(host_client, table):
    table = a_game(table)
    page = seen(host_client.get("/"))
    assert "Now:</span> Cy's turn: no action yet" in page
    assert "turn 3" in page


def test_a_random_game_is_stored_and_shown_whatever_happens_in_it(host, client):
    """Any random legal game: its table page and history draw for the host, every event row
    is the one the log's replay gives."""
    client.force_login(host)
    for seed in range(3):
        actions = random_game(random.Random(seed).randint(0, 10_000), steps=300)
        table = core.record_import(owner=host, text=dump_log(actions, game=GAME.id), name="R")
        for url in (f"/tables/{table.pk}/", f"/tables/{table.pk}/history/"):
            assert client.get(url).status_code == 200, url
        assert client.get(f"/tables/{table.pk}/live/?v=0", headers=HTMX).status_code == 200
        assert fresh(table).state == replay(actions)
        make_table(host)  # and a fresh one beside it changes nothing there
        assert fresh(table).state == replay(actions)
