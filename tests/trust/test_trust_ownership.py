"""Ownership (issue 7, point 1): every URL of the app, walked as another logged-in player and
as an anonymous visitor, gives away nothing and changes nothing.

The URLs are not listed by hand: they are read from the resolver, so a URL added later is
walked too — and a new kind of URL parameter fails the walk until it is taught how to fill it.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.barbarian_vince.conftest import make_adventure
from tests.trust.conftest import HTMX, make_character, make_table, snapshot, table_snapshot
from tests.trust.trust_urls import (
    MOVED_ROUTES,
    PLAUSIBLE_FIELDS,
    PUBLIC_ROUTES,
    SKIPPED_PREFIXES,
    app_routes,
    urls_for,
    walk,
)
from tracker.barbarian_vince.models import (
    Adventure,
    AdventureLogEntry,
    AdventureTurn,
    RememberedCard,
)
from tracker.barcadia.game import GAME as TABLE_GAME
from tracker.barcadia.models import Table, TableLogEntry
from tracker.card_rpg.models import ActionLogEntry, Character
from tracker.core import seats

pytestmark = pytest.mark.django_db

# Query strings a page might read (the play page's lazy parts, paging of the history).
QUERIES = ["", "?part=grid&source=hand&multi=1", "?part=more", "?page=2", "?before=2"]


@pytest.fixture
def victim(owner):
    """A's character in the middle of a fight at a virtual table, with a distinctive name."""
    return make_character(owner, "card_to_turn", name="Zyxwv the Unreachable")


@pytest.fixture
def victim_adventure(owner):
    """A's adventure in the middle of a skill check, with a distinctive name."""
    return make_adventure(owner, "round_two", name="Zyxwv the Unreachable")


def everything_stored() -> tuple[int, ...]:
    return (
        Character.objects.count(),
        ActionLogEntry.objects.count(),
        Adventure.objects.count(),
        AdventureLogEntry.objects.count(),
        AdventureTurn.all_rows.count(),
        RememberedCard.objects.count(),
        Table.objects.count(),
        TableLogEntry.objects.count(),
    )


def adventure_snapshot(adventure_id: int) -> dict | None:
    """Everything stored about an adventure (None once it is gone), as plain data."""
    adventure = Adventure.objects.filter(pk=adventure_id).first()
    if adventure is None:
        return None
    fields = [f.attname for f in Adventure._meta.concrete_fields if f.name != "updated_at"]
    return {
        "adventure": {name: getattr(adventure, name) for name in fields},
        "log": list(adventure.log_entries.order_by("seq").values_list("seq", "action", "snapshot")),
        "turns": list(AdventureTurn.all_rows.filter(adventure=adventure).values()),
        "memory": list(RememberedCard.objects.filter(owner=adventure.owner).values()),
    }


def both(character, adventure) -> tuple:
    return snapshot(character.pk), adventure_snapshot(adventure.pk)


@pytest.fixture
def victim_table(owner):
    """A's Heroes of Barcadia table in play, with a distinctive name and a loot name noted."""
    return make_table(owner, name="Qzxv Table")


def attack(client, urls: list[str], secret: str, statuses=(404, 405)) -> None:
    """GET, POST (plausible fields, right version) and other methods on each URL: never a way in."""
    for url in urls:
        for headers in ({}, HTMX):
            for query in QUERIES:
                response = client.get(url + query, headers=headers)
                assert response.status_code in statuses, (url + query, response.status_code)
                assert secret not in response.text
            data = {**PLAUSIBLE_FIELDS, "version": 7, "player": "Bo", "confirm": "yes"}
            response = client.post(url, data, headers=headers)
            assert response.status_code in statuses, (url, response.status_code)
            assert secret not in response.text
            for method in (client.put, client.delete, client.patch):
                assert method(url, headers=headers).status_code in (404, 405)


def moved(client, route) -> None:
    """An old address: a permanent redirect to its new page for a GET, 405 for the rest."""
    stored = everything_stored()
    for headers in ({}, HTMX):
        response = client.get("/" + route.route, headers=headers)
        assert response.status_code == 301, (route.route, response.status_code)
        assert response["Location"] == MOVED_ROUTES[route.name]
        for method in (client.post, client.put, client.delete, client.patch):
            assert method("/" + route.route, headers=headers).status_code == 405
    assert everything_stored() == stored


def test_the_walk_sees_every_character_url_and_skips_only_admin_and_accounts():
    routes = walk()
    names = {r.name for r in app_routes()}
    # The walk reaches the app's URLs through the include() of tracker.urls.
    assert {
        "tracker:rpg_play_action",
        "tracker:character_delete",
        "tracker:rpg_history_undo_to",
    } <= names
    for route in routes:
        if route.name not in names:
            assert route.route.startswith(tuple(SKIPPED_PREFIXES)), route
    assert sum(r.character_scoped for r in app_routes()) >= 10
    assert {"tracker:bv_act", "tracker:bv_undo", "tracker:bv_undo_to"} <= names
    assert sum(r.adventure_scoped for r in app_routes()) >= 10


@pytest.mark.parametrize("route", app_routes(), ids=lambda r: r.name)
def test_another_player_gets_404_everywhere_and_changes_nothing(
    client, owner, intruder, victim, victim_adventure, victim_table, route
):
    client.force_login(intruder)
    if route.name in MOVED_ROUTES:
        moved(client, route)
        return
    if route.table_scoped:
        before = table_snapshot(victim_table.pk)
        stored = everything_stored()
        attack(client, urls_for(route, victim, table=victim_table), "Qzxv")
        assert table_snapshot(victim_table.pk) == before
        assert everything_stored() == stored
        return
    if route.name in PUBLIC_ROUTES:
        for url in urls_for(route, victim, victim_adventure):
            response = client.get(url)
            assert response.status_code == 404, (url, response.status_code)
            assert "Zyxwv" not in response.text
        return
    if route.name == "tracker:rpg_join":
        # A join link for signed-in players (a Card RPG table's seat): a forged one is 404.
        stored_before = everything_stored()
        for url in urls_for(route, victim, victim_adventure):
            response = client.get(url)
            assert response.status_code == 404, (url, response.status_code)
            assert client.post(url, PLAUSIBLE_FIELDS).status_code == 404, url
        assert everything_stored() == stored_before
        return
    if not route.scoped:
        # The player's own pages (lists, new ones, import): they never show A's records.
        response = client.get("/" + route.route)
        assert response.status_code == 200
        assert "Zyxwv" not in response.text and "Qzxv" not in response.text
        assert f"/characters/{victim.pk}/" not in response.text
        assert f"/adventures/{victim_adventure.pk}/" not in response.text
        assert f"/tables/{victim_table.pk}/" not in response.text
        return
    before = both(victim, victim_adventure)
    stored = everything_stored()
    for url in urls_for(route, victim, victim_adventure):
        for headers in ({}, HTMX):
            for query in QUERIES:
                response = client.get(url + query, headers=headers)
                assert response.status_code in (404, 405), (url + query, response.status_code)
                assert "Zyxwv" not in response.text
            data = {**PLAUSIBLE_FIELDS, "version": victim.version}
            response = client.post(url, data, headers=headers)
            assert response.status_code in (404, 405), (url, response.status_code)
            assert "Zyxwv" not in response.text
            # Methods the views don't take answer 405 before looking anything up: no leak.
            for method in (client.put, client.delete, client.patch):
                assert method(url, headers=headers).status_code in (404, 405)
        assert both(victim, victim_adventure) == before, url
    assert everything_stored() == stored


@pytest.mark.parametrize("route", app_routes(), ids=lambda r: r.name)
def test_an_anonymous_visitor_is_sent_to_log_in_and_changes_nothing(
    client, victim, victim_adventure, victim_table, route
):
    before = both(victim, victim_adventure)
    stored = everything_stored()
    if route.name in MOVED_ROUTES:
        moved(client, route)
        return
    if route.table_scoped:
        # A shared table asks no one to log in (guests hold seats by link): a visitor with
        # no seat gets 404, as for a table that does not exist.
        table_before = table_snapshot(victim_table.pk)
        attack(client, urls_for(route, victim, table=victim_table), "Qzxv")
        assert table_snapshot(victim_table.pk) == table_before
        assert everything_stored() == stored
        return
    urls = urls_for(route, victim, victim_adventure) if route.scoped else ["/" + route.route]
    if route.name in PUBLIC_ROUTES:
        # Open to guests without an account, but only with a real link: forged ones get 404.
        for url in urls_for(route, victim, victim_adventure):
            for headers in ({}, HTMX):
                assert client.get(url, headers=headers).status_code == 404, url
                response = client.post(url, PLAUSIBLE_FIELDS, headers=headers)
                assert response.status_code == 404, url
        assert both(victim, victim_adventure) == before
        return
    for url in urls:
        for headers in ({}, HTMX):
            for response in (
                client.get(url, headers=headers),
                client.post(url, {**PLAUSIBLE_FIELDS, "version": victim.version}, headers=headers),
            ):
                if response.status_code == 405:
                    continue  # a method the view never takes: refused before anything else
                assert response.status_code == 302, (url, response.status_code)
                assert response["Location"].startswith("/accounts/login/?next="), url
    assert both(victim, victim_adventure) == before
    assert everything_stored() == stored


def test_a_missing_character_and_another_players_answer_alike(client, intruder, victim):
    """404 for both, so ids can't be probed for existence; also for absurdly large ids."""
    client.force_login(intruder)
    for pk in (victim.pk, victim.pk + 1000, 2**31, 2**63 - 1, 10**30):
        assert client.get(f"/characters/{pk}/").status_code == 404, pk
        assert client.post(f"/characters/{pk}/play/end_turn/", {"version": 1}).status_code == 404
        assert client.get(f"/characters/{pk}/history/undo-to/{10**30}/").status_code == 404


def test_a_missing_adventure_and_another_players_answer_alike(client, intruder, victim_adventure):
    client.force_login(intruder)
    pk = victim_adventure.pk
    for number in (pk, pk + 1000, 2**31, 2**63 - 1, 10**30):
        assert client.get(f"/adventures/{number}/").status_code == 404, number
        response = client.post(f"/adventures/{number}/act/end_turn/", {"version": 1})
        assert response.status_code == 404
        response = client.get(f"/adventures/{number}/history/undo-to/{10**30}/")
        assert response.status_code == 404


def test_the_adventure_list_of_another_player_never_shows_mine(
    client, owner, intruder, victim_adventure
):
    mine = make_adventure(intruder, "setup", name="Bob's own")
    client.force_login(intruder)
    response = client.get("/adventures/", follow=True)
    assert response.status_code == 200
    assert f"/adventures/{mine.pk}/" in response.text
    assert f"/adventures/{victim_adventure.pk}/" not in response.text
    assert "Zyxwv" not in response.text
    # Nor are A's remembered cards offered to B.
    response = client.get(f"/adventures/{mine.pk}/cards/?part=recall&q=Q", headers=HTMX)
    assert "recall-Q0" not in response.text


def test_the_character_list_of_another_player_never_shows_mine(client, owner, intruder, victim):
    make_character(owner, "new", name="Qwerty the Second")
    mine = make_character(intruder, "new", name="Bob's own")
    client.force_login(intruder)
    response = client.get("/")
    assert response.status_code == 200
    assert "Bob&#x27;s own" in response.text or "Bob's own" in response.text
    assert f"/characters/{mine.pk}/" in response.text
    for theirs in Character.objects.filter(owner=owner):
        assert f"/characters/{theirs.pk}/" not in response.text
        assert theirs.name not in response.text


def test_the_owner_can_do_what_the_intruder_could_not(client, owner, victim):
    """The control: the same plausible requests work for the owner, so the 404s above came
    from the ownership check and not from a malformed request."""
    client.force_login(owner)
    for name in (
        "character_detail",
        "rpg_play",
        "rpg_history",
        "rpg_history_log",
        "rpg_record_sheet",
    ):
        route = next(r for r in app_routes() if r.name == f"tracker:{name}")
        assert client.get(urls_for(route, victim)[0]).status_code == 200, name
    response = client.post(
        f"/characters/{victim.pk}/rename/", {**PLAUSIBLE_FIELDS, "version": victim.version}
    )
    assert response.status_code == 302
    victim.refresh_from_db()
    assert victim.name == "Taken over"
    response = client.post(
        f"/characters/{victim.pk}/play/undo/", {**PLAUSIBLE_FIELDS, "version": victim.version}
    )
    assert response.status_code == 302
    assert Character.objects.get(pk=victim.pk).version == victim.version + 1


def test_the_owner_can_do_with_an_adventure_what_the_intruder_could_not(
    client, owner, victim_adventure
):
    client.force_login(owner)
    adventure = victim_adventure
    for name in ("bv_play", "bv_cards", "bv_history", "bv_log", "bv_export", "bv_undo_to"):
        route = next(r for r in app_routes() if r.name == f"tracker:{name}")
        assert client.get(urls_for(route, None, adventure)[0]).status_code == 200, name
    response = client.post(
        f"/adventures/{adventure.pk}/act/play_check_card/",
        {**PLAUSIBLE_FIELDS, "card": "Q03", "version": adventure.version},
    )
    assert response.status_code == 302
    assert Adventure.objects.get(pk=adventure.pk).version == adventure.version + 1


TABLE_ROUTES = [r for r in app_routes() if r.table_scoped]


def test_the_walk_reaches_every_page_of_a_shared_table():
    names = {r.name for r in TABLE_ROUTES}
    assert {
        "tracker:hob_table",
        "tracker:hob_live",
        "tracker:hob_act",
        "tracker:hob_undo",
        "tracker:hob_seats",
        "tracker:hob_revoke",
        "tracker:hob_sit",
        "tracker:hob_pass_phone",
        "tracker:hob_history",
        "tracker:hob_export",
    } <= names


def _guest_of(table, number: int) -> Client:
    phone = Client()
    seat = table.seats.get(number=number)
    assert phone.post(f"/join/{TABLE_GAME.id}/{seat.join_token}/").status_code == 302
    return phone


@pytest.mark.parametrize("route", TABLE_ROUTES, ids=lambda r: r.name)
def test_forged_revoked_and_other_tables_seat_cookies_get_nothing(
    owner, victim, victim_table, route
):
    """A guest's phone of another table, a revoked seat's phone and forged cookies: 404."""
    other = make_table(owner, name="Another table")
    elsewhere = _guest_of(other, 2)
    name = seats.cookie_name(TABLE_GAME, victim_table.pk)
    # Its cookie for the other table, renamed as if it were for the victim's.
    elsewhere.cookies[name] = elsewhere.cookies[seats.cookie_name(TABLE_GAME, other.pk)].value
    revoked = _guest_of(victim_table, 3)
    seats.seat_revoke(game=TABLE_GAME, record_id=victim_table.pk, owner=owner, number=3)
    forged = Client()
    forged.cookies[name] = f"{victim_table.seats.get(number=2).pk}:forged-key"
    before = table_snapshot(victim_table.pk)
    stored = everything_stored()
    for phone in (elsewhere, revoked, forged):
        # The phone whose seat was freed is told so (403, issue 24); it gets nothing either.
        statuses = (403, 404, 405) if phone is revoked else (404, 405)
        attack(phone, urls_for(route, victim, table=victim_table), "Qzxv", statuses)
    assert table_snapshot(victim_table.pk) == before
    assert everything_stored() == stored


def test_a_seated_guest_reaches_the_table_but_not_the_hosts_pages(victim, victim_table):
    """The control: a seat's phone sees the table (so the 404s above came from the checks),
    yet the host's seat pages stay 404 to it, and it never reads another seat's loot names."""
    bo = _guest_of(victim_table, 2)
    for name in ("hob_table", "hob_history"):
        route = next(r for r in TABLE_ROUTES if r.name == f"tracker:{name}")
        response = bo.get(urls_for(route, victim, table=victim_table)[0])
        assert response.status_code == 200, name
        assert "Secret Smoke Bomb" not in response.text, name
    assert bo.get(f"/tables/{victim_table.pk}/live/?v=0").status_code == 200
    for url in (
        f"/tables/{victim_table.pk}/export/",
        f"/tables/{victim_table.pk}/seats/",
        f"/tables/{victim_table.pk}/seats/1/revoke/",
        f"/tables/{victim_table.pk}/pass-phone/",
    ):
        assert bo.get(url).status_code in (404, 405)
        assert bo.post(url, {"on": "on"}).status_code in (404, 405)
