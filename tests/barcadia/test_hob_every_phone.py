"""Issue 24 on the phones (Django's test client): each phone its own part of a roll, every
result saying what to do at the table, the tile box, the turn nudge's markers, and the
playtest's findings (point 5), each written to fail on the code before the fix."""

from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client

from tests.barcadia.conftest import HTMX, fresh, join, make_table, ordered, play, seen
from tracker.barcadia import services, tile_box
from tracker.barcadia.models import TableLogEntry, TileBoxFace

pytestmark = pytest.mark.django_db

BOSS = {"kind": "boss", "level": 8, "attack": 30, "reward": {"loot": 1}}
TEAM = {"kind": "team_monster", "level": 20, "damage": 15, "reward": {"loot": 1}}
MONSTER = {"kind": "monster", "level": 12, "damage": 20, "reward": {"loot": 2}}


def act(phone, table, action_type: str, /, **fields):
    body = {"version": fresh(table).version, **fields}
    return phone.post(f"/tables/{table.pk}/act/{action_type}/", body, headers=HTMX)


def page(phone, table) -> str:
    return seen(phone.get(f"/tables/{table.pk}/"))


def log(table) -> list[dict]:
    rows = TableLogEntry.objects.filter(table=table).order_by("seq")
    return list(rows.values_list("action", flat=True))


def todo(text: str, rule: str) -> str:
    """A line of "At the table:" as a page draws it."""
    return f"<li>{text} <small>({rule})</small></li>"


def mods(phone, table) -> str:
    return seen(phone.get(f"/tables/{table.pk}/?part=mods", headers=HTMX))


# -- 1. each phone its own part of a roll -----------------------------------------------------


def test_h19_the_boss_player_rolls_and_names_their_modifiers_on_their_own_phone(table, phones):
    table = play(
        ordered(table),
        {"type": "gain_power_up", "player": "Bo", "card": "Boss Bane"},
        {"type": "explore", "player": "Ana", "at": [0, -2], "tile": BOSS},
    )
    ana, bo, cy = phones["Ana"], phones["Bo"], phones["Cy"]
    assert 'data-testid="choose"' in page(ana, table)
    assert 'data-testid="choose"' not in page(bo, table)
    act(ana, table, "boss_fight", step="choose", boss_player="Bo")
    assert len(log(table)) == 4  # naming the boss player is no action of the log
    # Both phones may roll; each offers only its own hero's modifiers (HT-14).
    assert "Bo: power-up Boss Bane" in mods(bo, table)
    assert "Bo:" not in mods(ana, table) and "Cy:" not in mods(ana, table)
    refused = seen(act(ana, table, "boss_fight", step="part", roll="14", mod_source_0="p|2|0",
                       mod_value_0="1"))  # fmt: skip
    assert "<strong>HT-14:</strong>" in refused
    act(ana, table, "boss_fight", step="part", roll="14")
    for phone in (ana, bo, cy):  # every phone shows it building
        shown = page(phone, table)
        assert "Ana rolled 14" in shown and "Waiting for Bo's roll" in shown
    assert len(log(table)) == 4
    answer = seen(act(bo, table, "boss_fight", step="part", roll="9", mod_source_0="p|2|0",
                      mod_value_0="2"))  # fmt: skip
    assert log(table)[-1] == {
        "type": "boss_fight",
        "player": "Ana",
        "boss_player": "Bo",
        "roll": 14,
        "boss_roll": 9,
        "modifiers": [{"value": 2, "source": "power_up", "player": "Bo", "card": "Boss Bane"}],
    }
    assert fresh(table).roll_draft is None
    assert "14 against 9 + 2 (power-up: Boss Bane) = 11: you lose" not in answer  # Bo lost
    for phone in (ana, bo, cy):
        assert todo("Bo: drink 30", "H-19") in page(phone, table)


def test_h16_the_partner_rolls_on_their_phone_first_or_second(table, phones):
    table = play(ordered(table), {"type": "explore", "player": "Ana", "at": [0, -2], "tile": TEAM})
    act(phones["Ana"], table, "team_battle", step="choose", partner="Cy")
    act(phones["Cy"], table, "team_battle", step="part", roll="11")
    assert "Cy rolled 11" in page(phones["Ana"], table)
    act(phones["Ana"], table, "team_battle", step="part", roll="12")
    assert log(table)[-1] == {
        "type": "team_battle", "player": "Ana", "partner": "Cy", "roll": 12,
        "partner_roll": 11, "modifiers": [],
    }  # fmt: skip
    shown = page(phones["Bo"], table)
    assert (
        todo("Ana: draw a loot card", "HT-09") in shown
        and todo("Cy: draw a loot card", "HT-09") in shown
    )


def test_h26_the_duels_target_rolls_on_their_own_phone(table, phones):
    table = play(
        ordered(table),
        {"type": "explore", "player": "Ana", "at": [2, -1], "tile": {"kind": "portal"}},
        {"type": "end_turn", "player": "Ana"},
    )
    act(phones["Bo"], table, "duel", step="choose", target="Ana")
    assert 'data-testid="part"' in page(phones["Ana"], table)
    act(phones["Bo"], table, "duel", step="part", roll="15")
    act(phones["Ana"], table, "duel", step="part", roll="3")
    assert log(table)[-1] == {
        "type": "duel", "player": "Bo", "target": "Ana", "roll": 15, "target_roll": 3,
        "modifiers": [],
    }  # fmt: skip
    shown = page(phones["Cy"], table)
    assert (
        todo("Ana: drink 10", "H-26") in shown and todo("Bo and Ana: swap places", "H-26") in shown
    )


def test_an_absent_seat_never_blocks_the_table_the_explorer_rolls_for_it(table, host):
    ana = join(table, 1)  # Bo and Cy have not taken their seats
    table = play(ordered(table), {"type": "explore", "player": "Ana", "at": [0, -2], "tile": BOSS})
    act(ana, table, "boss_fight", step="choose", boss_player="Bo")
    shown = page(ana, table)
    assert re.search(r'<details class="more hob-also" open>', shown)
    act(ana, table, "boss_fight", step="part", roll="14", both="on", other_roll="3")
    assert log(table)[-1]["boss_roll"] == 3 and log(table)[-1]["roll"] == 14


def test_an_undo_drops_the_roll_being_built_and_tells_every_phone_who_took_back_what(table, phones):
    table = play(ordered(table), {"type": "explore", "player": "Ana", "at": [0, -2], "tile": BOSS})
    act(phones["Ana"], table, "boss_fight", step="choose", boss_player="Bo")
    phones["Bo"].post(
        f"/tables/{table.pk}/undo/", {"version": fresh(table).version, "confirm": "yes"},
        headers=HTMX,
    )  # fmt: skip
    assert fresh(table).roll_draft is None
    shown = page(phones["Ana"], table)
    assert "Bo's phone took back:" in shown and "Ana explored [0, -2]" in shown


# -- 3. the tile box --------------------------------------------------------------------------


def test_the_tile_box_offers_last_games_faces_one_tap_each(host, phones, table):
    table = play(
        ordered(table),
        {"type": "explore", "player": "Ana", "at": [2, -1], "tile": MONSTER},
        {"type": "fight", "player": "Ana", "roll": 2},
        {"type": "end_turn", "player": "Ana"},
    )
    assert [row.key for row in TileBoxFace.objects.filter(owner=host)] == ["m.12.20.2.0.0"]
    second = ordered(make_table(host))
    ana = join(second, 1)
    # Two taps: the hex on the map, then the face.
    panel = seen(ana.get(f"/tables/{second.pk}/?part=actions&at=2,-1", headers=HTMX))
    assert 'name="face" value="m.12.20.2.0.0"' in panel
    act(ana, second, "explore", at="2,-1", face="m.12.20.2.0.0")
    assert log(second)[-1]["tile"] == {
        "kind": "monster", "level": 12, "damage": 20,
        "reward": {"loot": 2, "power_ups": 0, "heal": 0},
    }  # fmt: skip
    assert tile_box.offers(owner_id=host.pk, state=fresh(second).state) == []


def two_monsters_alike(table):
    """Ana and Bo each turn up the same monster face: two tiles of one face in the box."""
    return play(
        ordered(table),
        {"type": "explore", "player": "Ana", "at": [2, -1], "tile": MONSTER},
        {"type": "fight", "player": "Ana", "roll": 20},
        {"type": "end_turn", "player": "Ana"},
        {"type": "explore", "player": "Bo", "at": [0, -2], "tile": MONSTER},
    )


def test_an_undo_never_removes_a_face_from_the_box_and_two_alike_are_two_tiles(host, table):
    table = two_monsters_alike(table)
    assert TileBoxFace.objects.get(owner=host).count == 2
    services.table_undo(table=fresh(table), expected_version=fresh(table).version)
    assert TileBoxFace.objects.get(owner=host).count == 2


def test_a_tile_box_file_exports_and_imports_with_the_command(host, table, tmp_path):
    play(ordered(table), {"type": "explore", "player": "Ana", "at": [2, -1], "tile": MONSTER})
    text = tile_box.export_text(owner=host)
    document = json.loads(text)
    assert document["format"] == "cardrpg-tiles" and document["game"] == "heroes-of-barcadia"
    document["tiles"] += [{"kind": "portal"}, {"kind": "portal"}]
    path = tmp_path / "box.tiles.json"
    path.write_text(json.dumps(document))
    out = StringIO()
    call_command("import", str(path), "--owner", "host", stdout=out)
    assert out.getvalue().strip() == "2 tiles added, 1 already there"
    document["tiles"].append({"kind": "monster", "damage": 5, "reward": {}})
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError, match=r"tile 4 is refused.*needs its level"):
        call_command("import", str(path), "--owner", "host")
    assert sum(row.count for row in TileBoxFace.objects.filter(owner=host)) == 3


def test_the_table_rule_lets_the_rollers_phone_enter_both_dice(table, phones, host_client):
    host_client.post(f"/tables/{table.pk}/rolls/", {"on": "on"})
    assert fresh(table).one_phone_rolls
    table = play(ordered(table), {"type": "explore", "player": "Ana", "at": [0, -2], "tile": BOSS})
    act(phones["Ana"], table, "boss_fight", step="choose", boss_player="Bo")
    shown = page(phones["Ana"], table)
    assert '<details class="more hob-also" open>' in shown  # though Bo's phone is here
    assert "Bo:" in mods(phones["Ana"], table)  # Bo's sources too, on the phone rolling for him
    act(phones["Ana"], table, "boss_fight", step="part", roll="3", both="on", other_roll="12")
    assert log(table)[-1]["roll"] == 3 and log(table)[-1]["boss_roll"] == 12


def test_the_tile_box_page_exports_and_imports_a_file(host, host_client, table):
    play(ordered(table), {"type": "explore", "player": "Ana", "at": [2, -1], "tile": MONSTER})
    exported = host_client.get("/tiles/export/")
    assert exported["Content-Disposition"].startswith("attachment")
    document = json.loads(exported.content)
    assert document["tiles"] == [tile_box.face_of(MONSTER)]
    document["tiles"].append({"kind": "reward", "reward": {"heal": 20}})
    upload = SimpleUploadedFile("box.tiles.json", json.dumps(document).encode())
    answer = host_client.post("/tiles/", {"tiles_file": upload}, follow=True)
    assert "1 tiles added, 1 already there." in seen(answer)
    assert "a reward · heal 20" in seen(host_client.get("/tiles/"))


def test_a_tile_box_file_is_bounded_and_a_bad_face_adds_nothing(host, table):
    too_many = {"format": "cardrpg-tiles", "version": 1, "game": "heroes-of-barcadia",
                "tiles": [{"kind": "portal"}] * (tile_box.MAX_TILES + 1)}  # fmt: skip
    with pytest.raises(tile_box.TilesRefused, match="at most 500 tiles"):
        tile_box.import_file(owner=host, data=json.dumps(too_many))
    with pytest.raises(tile_box.TilesRefused, match="at most 256 KB"):
        tile_box.import_file(owner=host, data=b" " * (tile_box.MAX_BYTES + 1))
    bad = {**too_many, "tiles": [{"kind": "portal"}, {"kind": "boss", "level": 5}]}
    with pytest.raises(tile_box.TilesRefused, match="tile 2 is refused"):
        tile_box.import_file(owner=host, data=json.dumps(bad))
    assert not TileBoxFace.objects.filter(owner=host).exists()


def test_a_tile_taken_out_of_the_box_leaves_one_less_and_only_the_owner_may(
    host, host_client, stranger, table
):
    table = two_monsters_alike(table)
    face = TileBoxFace.objects.get(owner=host)
    assert face.count == 2
    other = Client()
    other.force_login(stranger)
    assert other.post(f"/tiles/{face.pk}/remove/").status_code == 404
    assert TileBoxFace.objects.get(pk=face.pk).count == 2
    assert host_client.post(f"/tiles/{face.pk}/remove/")["Location"] == "/tiles/"
    assert TileBoxFace.objects.get(pk=face.pk).count == 1
    assert tile_box.tile_remove(owner=host, face_id=face.pk) is True
    assert not TileBoxFace.objects.filter(pk=face.pk).exists()
    assert tile_box.tile_remove(owner=host, face_id=face.pk) is False
