"""A table for 2–6 phones (issue 15, points 2 and 7): the host sets it up with one seat per hero,
friends take their seats with the join links (no account), every phone sees the whole table,
loot names only on their owner's phone (HT-15), one seat can't act for another, revoked or
forged links get nothing, and one phone passed round acts for everyone when the host says so."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.barcadia.conftest import HEROES, HTMX, fresh, join, make_table, ordered, play, seen
from tracker.barcadia.game import GAME
from tracker.barcadia.models import Table, TableLogEntry
from tracker.core import seats

pytestmark = pytest.mark.django_db


def table_url(table) -> str:
    return f"/tables/{table.pk}/"


def stored(table) -> tuple:
    """Everything an action could change about a table."""
    table = fresh(table)
    return (
        table.version,
        table.state,
        list(TableLogEntry.objects.filter(table=table).values_list("seq", "action")),
    )


def test_h01_the_host_sets_up_a_table_with_a_seat_per_hero_in_seating_order(host_client, host):
    response = host_client.post(
        "/tables/new/",
        {
            "name": "Friday",
            "hero_1": "Ana",
            "move_1": "Keg Toss",
            "hero_2": "Bo",
            "hero_3": "Cy",
            "rooms": "shared",
            "full_hp": "120",
        },
    )
    table = Table.objects.get(owner=host)
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/seats/"
    assert list(table.seats.values_list("number", "name")) == [(1, "Ana"), (2, "Bo"), (3, "Cy")]
    assert table.state["players"]["Ana"]["signature_move"] == "Keg Toss"
    assert table.state["ruleset"]["rooms"] == "shared"
    assert table.state["players"]["Bo"]["hp_max"] == 120
    assert table.state["dungeon"]["size"] == 30  # H-03: three players, the small dungeon
    assert table.log_entries.count() == 1 and table.phase == "order"


@pytest.mark.parametrize(
    ("language", "named"), [("en", "Table of Ana, Bo"), ("zh-hant", "Ana、Bo 的牌桌")]
)
def test_h01_a_table_set_up_without_a_name_is_named_after_its_heroes(
    host_client, host, settings, language, named
):
    host_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = host_client.post("/tables/new/", {"hero_1": " Ana ", "hero_2": "Bo"})
    assert response.status_code == 302
    assert Table.objects.get(owner=host).name == named


@pytest.mark.parametrize(
    ("fields", "rule", "words"),
    [
        ({"hero_1": "Ana"}, "H-01", "2 to 6 players"),
        ({"hero_1": "Ana", "hero_2": "Ana"}, "H-01", "two heroes are called"),
        ({"hero_1": "Ana", "hero_2": "Bo", "portal": "sometimes"}, "HT-12", "portal may be"),
        ({"hero_1": "Ana", "hero_2": "Bo", "full_hp": "105"}, "HT-01", "multiple of 10"),
        ({"hero_1": "A" * 30, "hero_2": "Bo"}, "HL-02", "at most 24"),
    ],
)
def test_h01_ht01_a_refused_set_up_says_the_rule_and_creates_nothing(
    host_client, fields, rule, words
):
    response = host_client.post("/tables/new/", fields)
    assert response.status_code == 400
    assert f"<strong>{rule}:</strong>" in seen(response) and words in seen(response)
    assert Table.objects.count() == 0


def test_the_set_up_page_says_what_each_table_rule_changes(host_client):
    page = seen(host_client.get("/tables/new/"))
    for rule in ("HT-01", "HT-02", "HT-04", "HT-11", "HT-12", "HT-18", "HT-20"):
        assert rule in page
    assert "With 2 or 3 players the dungeon is 30 tiles" in page
    assert "One hero a room: duel to get past." in page


def test_creating_a_table_needs_an_account_but_seeing_one_does_not(client, table, phones):
    assert client.get("/tables/new/")["Location"].startswith("/accounts/login/")
    page = phones["Bo"].get(table_url(table))
    assert page.status_code == 200 and "This phone plays <strong>Bo</strong>" in page.text


def test_every_phone_shows_the_whole_table(table, phones):
    table = ordered(play(table), ("Bo", "Ana", "Cy"))
    for phone in phones.values():
        page = seen(phone.get(table_url(table)))
        for hero in HEROES:
            assert f'data-hero="{hero}"' in page
            assert f"{hero}'s cup: 100 of 100 HP" in page
        assert "Turn 1 · Bo's turn" in page
        assert "Dungeon: 0 of 30 tiles turned up" in page
        assert 'data-testid="map"' in page


def test_ht15_loot_names_are_seen_only_on_their_owners_phone(table, phones, host_client):
    table = ordered(table)
    table = play(
        table,
        {"type": "note_loot", "player": "Ana", "cards": ["Smoke Bomb"]},
        {"type": "note_loot", "player": "Bo", "cards": ["Trap Kit", "Shortcut"]},
    )
    assert "Smoke Bomb" in seen(phones["Ana"].get(table_url(table)))
    for name in ("Bo", "Cy"):
        page = seen(phones[name].get(table_url(table)))
        assert "Smoke Bomb" not in page, name
    page = seen(phones["Ana"].get(table_url(table)))
    assert "Trap Kit" not in page and "Shortcut" not in page
    # Live swaps and the history never carry them either.
    for url in (f"/tables/{table.pk}/live/?v=0", f"/tables/{table.pk}/history/"):
        assert "Trap Kit" not in seen(phones["Cy"].get(url, headers=HTMX)), url
    # The host who holds no seat and has not chosen to pass one phone round sees no names.
    host_page = seen(host_client.get(table_url(table)))
    assert "Smoke Bomb" not in host_page and "Trap Kit" not in host_page


def test_ht15_one_phone_passed_round_folds_each_heros_loot_names(host, host_client):
    table = ordered(make_table(host))
    table = play(table, {"type": "note_loot", "player": "Bo", "cards": ["Trap Kit"]})
    page = seen(host_client.get(table_url(table)))
    assert "This phone plays for every hero" in page
    assert "Bo's loot names (only Bo looks)" in page and "Trap Kit" in page


def test_one_seat_cannot_act_for_another_nothing_is_stored(table, phones):
    table = ordered(table)  # Ana's turn
    before = stored(table)
    body = {"version": table.version, "player": "Ana", "confirm": "yes"}
    response = phones["Bo"].post(f"/tables/{table.pk}/act/end_turn/", body)
    assert response.status_code == 403
    assert "This phone sits as Bo: it can't act for Ana" in seen(response)
    response = phones["Bo"].post(f"/tables/{table.pk}/act/end_turn/", body, headers=HTMX)
    assert response.status_code == 200 and "it can't act for Ana" in seen(response)
    assert stored(table) == before
    # Bo's own action goes through Bo's phone only (a heal is accepted at any time).
    heal = {"version": table.version, "player": "Bo", "amount": "10"}
    assert phones["Cy"].post(f"/tables/{table.pk}/act/heal/", heal).status_code == 403
    assert phones["Bo"].post(f"/tables/{table.pk}/act/heal/", heal).status_code == 302
    assert fresh(table).version == table.version + 1


def test_a_phone_with_no_seat_and_the_host_not_passing_the_phone_act_for_nobody(
    table, phones, host_client
):
    table = ordered(table)
    before = stored(table)
    body = {"version": table.version, "player": "Ana", "confirm": "yes"}
    response = host_client.post(f"/tables/{table.pk}/act/end_turn/", body)
    assert response.status_code == 403 and "This phone holds no seat" in seen(response)
    assert stored(table) == before


def test_pass_one_phone_around_is_on_until_a_seat_is_taken_then_the_hosts_choice(host, host_client):
    table = ordered(make_table(host))
    body = {"version": table.version, "player": "Ana", "confirm": "yes"}
    assert host_client.post(f"/tables/{table.pk}/act/end_turn/", body).status_code == 302
    table = fresh(table)
    assert table.state["turn"]["player"] == "Bo"
    join(table, 3)  # Cy sits: from now on the host's phone acts for nobody by default
    body = {"version": table.version, "player": "Bo", "confirm": "yes"}
    assert host_client.post(f"/tables/{table.pk}/act/end_turn/", body).status_code == 403
    host_client.post(f"/tables/{table.pk}/pass-phone/", {"on": "on"})
    assert host_client.post(f"/tables/{table.pk}/act/end_turn/", body).status_code == 302
    # Passed round, the host's phone ended Bo's turn: now Cy plays.
    assert fresh(table).state["turn"]["player"] == "Cy"


def test_a_stranger_and_an_anonymous_visitor_see_no_table(client, table, stranger):
    for url in (table_url(table), f"/tables/{table.pk}/live/?v=0", f"/tables/{table.pk}/history/"):
        assert client.get(url).status_code == 404, url
    client.force_login(stranger)
    for url in (table_url(table), f"/tables/{table.pk}/seats/", f"/tables/{table.pk}/export/"):
        response = client.get(url)
        assert response.status_code == 404 and "Friday night" not in seen(response), url


def test_only_the_host_sees_the_join_links(table, phones, host_client):
    assert phones["Ana"].get(f"/tables/{table.pk}/seats/").status_code == 404
    page = seen(host_client.get(f"/tables/{table.pk}/seats/"))
    for seat in table.seats.all():
        assert f"/join/{GAME.id}/{seat.join_token}/" in page


def test_the_hosts_seat_page_draws_a_qr_code_inline_for_every_free_seat(host_client, table):
    page = seen(host_client.get(f"/tables/{table.pk}/seats/"))
    assert page.count("<svg") >= 3 and "<img" not in page
    assert "QR code to sit as Ana" in page and "Free: scan to sit here." in page


def test_the_hosts_table_page_shows_each_seats_qr_code_and_a_revoke_button(
    table, host_client, phones
):
    page = seen(host_client.get(f"/tables/{table.pk}/"))
    assert 'data-testid="seat-codes"' in page
    for seat in table.seats.all():
        assert f"/join/{GAME.id}/{seat.join_token}/" in page
        assert f'action="/tables/{table.pk}/seats/{seat.number}/revoke/"' in page
    assert "Taken by a phone." in page  # the three phones took their seats
    # A seated phone's page carries no join link.
    assert "/join/" not in seen(phones["Ana"].get(f"/tables/{table.pk}/"))


def test_a_revoked_seat_gets_nothing_by_its_old_link_or_cookie(table, phones, host_client):
    old = table.seats.get(number=2).join_token
    host_client.post(f"/tables/{table.pk}/seats/2/revoke/")
    # The phone that held it is told so (403, issue 24), and gets nothing of the table.
    assert phones["Bo"].get(table_url(table)).status_code == 403
    assert phones["Bo"].get(f"/tables/{table.pk}/live/?v=0").status_code == 403
    assert "Ana" not in seen(phones["Bo"].get(table_url(table)))
    assert Client().get(f"/join/{GAME.id}/{old}/").status_code == 404
    body = {"version": table.version, "player": "Bo", "amount": "10"}
    assert phones["Bo"].post(f"/tables/{table.pk}/act/heal/", body).status_code == 403
    assert fresh(table).state["players"]["Bo"]["hp"] == 100
    assert phones["Ana"].get(table_url(table)).status_code == 200  # the others are untouched


def test_a_forged_seat_cookie_gets_nothing(table, phones):
    forged = Client()
    name = seats.cookie_name(GAME, table.pk)
    good = phones["Ana"].cookies[name].value
    bo = table.seats.get(number=2)
    for value in (
        f"{bo.pk}:x",
        good[:-4] + "AAAA",
        good.replace(good.split(":")[0], str(bo.pk), 1),
    ):
        forged.cookies[name] = value
        assert forged.get(table_url(table)).status_code == 404, value
        assert forged.get(f"/tables/{table.pk}/live/?v=0").status_code == 404, value
    # A good cookie for this table opens no other table.
    other = make_table(table.owner)
    phone = phones["Ana"]
    phone.cookies[seats.cookie_name(GAME, other.pk)] = good
    assert phone.get(table_url(other)).status_code == 404


def test_the_host_takes_a_seat_with_the_account_and_plays_from_it(host, host_client):
    table = ordered(make_table(host))
    join(table, 2)
    response = host_client.post(f"/tables/{table.pk}/seats/1/sit/")
    assert response.status_code == 302
    page = seen(host_client.get(table_url(table)))
    assert "This phone plays <strong>Ana</strong>" in page
    body = {"version": table.version, "player": "Ana", "confirm": "yes"}
    assert host_client.post(f"/tables/{table.pk}/act/end_turn/", body).status_code == 302
    body = {"version": table.version + 1, "player": "Bo", "confirm": "yes"}
    assert host_client.post(f"/tables/{table.pk}/act/end_turn/", body).status_code == 403


def test_your_games_lists_the_hosts_tables_and_a_seated_friends(
    host_client, table, stranger, client
):
    page = seen(host_client.get("/"))
    assert "Your tables" in page and "Friday night" in page and "New table" in page
    assert f"/tables/{table.pk}/" in page
    client.force_login(stranger)
    assert "Friday night" not in seen(client.get("/"))
    client.post(f"/join/{GAME.id}/{table.seats.get(number=3).join_token}/")
    page = seen(client.get("/"))
    assert "Friday night" in page and "you sit here" in page


def test_a_seated_host_passing_the_phone_round_acts_for_every_hero(host, host_client):
    table = ordered(make_table(host))
    host_client.post(f"/tables/{table.pk}/seats/2/sit/")  # the host plays Bo
    host_client.post(f"/tables/{table.pk}/pass-phone/", {"on": "on"})
    page = seen(host_client.get(f"/tables/{table.pk}/"))
    assert "This phone plays for every hero" in page
    assert 'data-target="explore"' in page  # Ana's turn: her hexes are lit on this phone
    body = {"version": table.version, "player": "Ana", "confirm": "yes"}
    assert host_client.post(f"/tables/{table.pk}/act/end_turn/", body).status_code == 302


def test_issue21_7_a_guest_phone_opening_a_second_heros_link_switches_and_frees_the_first(
    table,
):
    """One phone, two heroes' links: the second asks and, confirmed, frees the first seat."""
    phone = join(table, 1)
    bo = table.seats.get(number=2)
    page = seen(phone.get(f"/join/{GAME.id}/{bo.join_token}/"))
    assert "You hold Ana's seat at this table" in page and "Stay as Ana" in page
    assert phone.post(f"/join/{GAME.id}/{bo.join_token}/").status_code == 409
    assert table.seats.get(number=1).taken and not table.seats.get(number=2).taken
    response = phone.post(f"/join/{GAME.id}/{bo.join_token}/", {"leave": "1"})
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"
    assert not table.seats.get(number=1).taken and table.seats.get(number=2).taken
    assert "You sit as Bo; Ana's seat is free for someone else." in seen(
        phone.get(f"/tables/{table.pk}/")
    )
    join(table, 1)  # Ana's own link seats another phone
