"""Issue 24 on the phones (Django's test client): each phone its own part of a roll, every
result saying what to do at the table, the tile box, the turn nudge's markers, and the
playtest's findings (point 5), each written to fail on the code before the fix."""

from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.barcadia.conftest import HTMX, fresh, join, make_table, ordered, play, seen
from tracker.barcadia import services, tile_box
from tracker.barcadia.hexmap import token_labels
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


def test_an_undo_never_removes_a_face_from_the_box_and_two_alike_are_two_tiles(host, table):
    table = play(
        ordered(table),
        {"type": "explore", "player": "Ana", "at": [2, -1], "tile": MONSTER},
        {"type": "fight", "player": "Ana", "roll": 20},
        {"type": "end_turn", "player": "Ana"},
        {"type": "explore", "player": "Bo", "at": [0, -2], "tile": MONSTER},
    )
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


# -- 5. the playtest's findings ---------------------------------------------------------------


def test_a_refused_explore_keeps_the_tapped_hex(table, phones):
    table = ordered(table)
    answer = seen(act(phones["Ana"], table, "explore", at="0,-2", kind="monster", damage="5"))
    assert "<strong>HT-08:</strong>" in answer
    assert '<input type="hidden" name="at" value="0,-2">' in answer


def test_ht15_a_trap_set_from_more_asks_which_loot_card(table, phones):
    table = play(
        ordered(table),
        {"type": "explore", "player": "Ana", "at": [2, -1], "tile": {"kind": "portal"}},
        {"type": "use_portal", "player": "Ana", "to": [0, 0]},
        {"type": "note_loot", "player": "Ana", "cards": ["Trap Kit", "Smoke", "Ale"]},
    )
    more = seen(phones["Ana"].get(f"/tables/{table.pk}/?part=more", headers=HTMX))
    trap = more[more.index('data-testid="set-trap"') :]
    trap = trap[: trap.index("</form>")]
    assert "Which loot card sets it?" in trap and "one I haven't named" not in trap
    act(phones["Ana"], table, "set_trap", at="2,-1", when="your_turn", card="Trap Kit")
    assert fresh(table).state["players"]["Ana"]["loot_known"] == ["Smoke", "Ale"]


def test_a_revoked_phone_is_told_it_holds_no_seat(table, phones, host_client):
    host_client.post(f"/tables/{table.pk}/seats/2/revoke/")
    answer = phones["Bo"].get(f"/tables/{table.pk}/live/?v=0", headers=HTMX)
    assert answer.status_code == 403
    assert "This phone no longer plays Bo" in seen(answer)


def test_the_hosts_watching_phone_gets_no_order_roll_and_no_undo(table, phones, host_client):
    shown = page(host_client, table)
    assert "roll_for_order" not in shown and 'data-testid="undo"' not in shown


def test_same_initial_heroes_get_tokens_told_apart_without_colour(host):
    table = make_table(host, heroes=("Ana", "Alf", "Bo"))
    assert token_labels(table.state["players"]) == {"Ana": "An", "Alf": "Al", "Bo": "B"}


def test_waiting_phones_show_no_empty_loot_heading_and_no_kind_is_chosen_before_a_tap(
    table, phones
):
    table = ordered(table)
    assert 'value="monster" checked' not in page(phones["Ana"], table)
    # Once Ana's turn has started, Cy may play no loot card: no heading over nothing.
    table = play(
        table, {"type": "explore", "player": "Ana", "at": [2, -1], "tile": {"kind": "portal"}}
    )
    assert "Loot cards</h3>" not in page(phones["Cy"], table)


def test_the_turn_nudge_marks_the_phone_whose_turn_it_is(table, phones):
    table = ordered(table)
    assert 'data-nudge="turn"' in page(phones["Ana"], table)
    assert 'data-nudge=""' in page(phones["Bo"], table)
    assert "Your turn!" in page(phones["Ana"], table)


def test_h20_the_history_tells_the_hoards_turn_not_no_roll(table, phones):
    hoard = {"kind": "hoard", "level": 17, "attack": 40}
    table = play(ordered(table), {"type": "explore", "player": "Ana", "at": [2, -1], "tile": hoard})
    history = seen(phones["Bo"].get(f"/tables/{table.pk}/history/"))
    assert "No roll this turn" not in history
    assert "with fewer than three power-ups the turn ends" in history


def test_the_health_charts_legend_keeps_a_fourth_hero_at_360_px():
    from tracker.barcadia.charts import HEIGHT, health_over_turns

    heroes = ["Ana", "Bo", "Cy", "Dee"]
    chart = health_over_turns(heroes, [(1, dict.fromkeys(heroes, 90))], dict.fromkeys(heroes, 100))
    legends = re.search(r'class="legends"', str(chart.svg))
    top = float(re.search(r'translate\([\d.]+, ([\d.]+)\)" class="legends"', str(chart.svg))[1])
    last = float(re.findall(r'y="([\d.]+)"[^>]*>Dee</text>', str(chart.svg))[0])
    assert legends and top + last < HEIGHT
