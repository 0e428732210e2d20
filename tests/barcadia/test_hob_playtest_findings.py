"""The playtest's findings of issue 24 (point 5), each written to fail on the code before its
fix: a refused explore keeps its hex, a trap asks which loot card, a freed seat is told so, the
watching host gets no roll or undo, tokens told apart without colour, no empty heading, no kind
chosen before a tap, the Hoard's turn in the history, the chart's legend at 360 px, an undo
said on the phone whose action it took back, the modifiers offered only for the roll's sides."""

from __future__ import annotations

import re

import pytest

from tests.barcadia.conftest import HTMX, fresh, make_table, ordered, play, seen

pytestmark = pytest.mark.django_db

BOSS = {"kind": "boss", "level": 8, "attack": 30, "reward": {"loot": 1}}


def act(phone, table, action_type: str, /, **fields):
    body = {"version": fresh(table).version, **fields}
    return phone.post(f"/tables/{table.pk}/act/{action_type}/", body, headers=HTMX)


def page(phone, table) -> str:
    return seen(phone.get(f"/tables/{table.pk}/"))


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
    from tracker.barcadia.hexmap import token_labels

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


def test_an_undo_by_another_phone_is_said_on_the_phone_whose_action_it_took_back(table, phones):
    table = play(ordered(table), {"type": "explore", "player": "Ana", "at": [2, -1],
                                  "tile": {"kind": "portal"}})  # fmt: skip
    body = {"version": fresh(table).version, "confirm": "yes"}
    phones["Bo"].post(f"/tables/{table.pk}/undo/", body, headers=HTMX)
    shown = page(phones["Ana"], table)
    assert "Bo's phone took back:" in shown and "Ana explored [2, -1]: a portal" in shown


def test_ht14_the_modifiers_offered_are_only_those_of_the_rolls_sides(table, phones):
    table = play(
        ordered(table),
        {"type": "gain_power_up", "player": "Cy", "card": "Cy's Charm"},
        {"type": "explore", "player": "Ana", "at": [0, -2], "tile": BOSS},
    )
    # Before a side is named, the roll has no one else's sources to offer.
    mods = seen(phones["Ana"].get(f"/tables/{table.pk}/?part=mods", headers=HTMX))
    assert "Cy" not in mods and "Bo" not in mods
    act(phones["Ana"], table, "boss_fight", step="choose", boss_player="Bo")
    mods = seen(phones["Ana"].get(f"/tables/{table.pk}/?part=mods", headers=HTMX))
    assert "Ana: signature move" in mods  # named "signature move" though never named
    assert "Cy" not in mods
