"""Seats at a shared table, proven with the counter game: a guest joins with the host's link and
holds the seat through a signed cookie; a revoked or forged link or cookie gets nothing; one
seat can't act for another."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404
from django.test import RequestFactory

from tests.core.counter_game import CounterSeat
from tracker.core import seats
from tracker.core import services as core

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(counter_game, host):
    """A counter with three seats: Ana, Bo and Cy."""
    counter = core.record_create(
        game=counter_game, owner=host, actions=[{"type": "start", "name": "Night"}], name="Night"
    )
    seats.seats_create(game=counter_game, record=counter, names=["Ana", "Bo", "Cy"])
    return counter


def seat(table, name: str) -> CounterSeat:
    return table.seats.get(name=name)


def join_url(game, token: str) -> str:
    return f"/join/{game.id}/{token}/"


def request_with(client_or_cookies, user=None):
    """A request carrying a browser's cookies (a client's jar, or a dict)."""
    request = RequestFactory().get("/")
    jar = getattr(client_or_cookies, "cookies", client_or_cookies)
    request.COOKIES = {name: morsel.value for name, morsel in jar.items()}
    request.user = user or AnonymousUser()
    return request


def test_seats_are_made_in_seating_order_with_unguessable_links(counter_game, table):
    made = list(table.seats.order_by("number"))
    assert [(s.number, s.name, s.taken) for s in made] == [
        (1, "Ana", False),
        (2, "Bo", False),
        (3, "Cy", False),
    ]
    tokens = {s.join_token for s in made}
    assert len(tokens) == 3 and all(len(token) >= 32 for token in tokens)


def test_a_guest_joins_with_the_link_and_the_phone_keeps_the_seat(counter_game, table, client):
    ana = seat(table, "Ana")
    page = client.get(join_url(counter_game, ana.join_token))
    assert page.status_code == 200 and "Ana" in page.content.decode()
    response = client.post(join_url(counter_game, ana.join_token))
    assert response.status_code == 302
    cookie = client.cookies[seats.cookie_name(counter_game, table.pk)]
    assert cookie["httponly"] and cookie.value
    ana.refresh_from_db()
    assert ana.taken and ana.user is None and ana.holder_key not in cookie.value  # only a hash
    access = seats.access(request_with(client), game=counter_game, record_id=table.pk)
    assert access.seat_numbers == {1} and not access.is_owner
    assert access.may_act_for(1) and not access.may_act_for(2)


@pytest.mark.parametrize("https", [True, False])
def test_issue21_7_the_guest_seat_cookie_is_secure_under_https(
    counter_game, table, client, settings, https
):
    """Issue 21, point 7: the seat cookie is a guest's only credential — under HTTPS=1 it is
    sent over HTTPS only, as the session cookie is (HTTPS=1 and the LAN's TLS=on both make that
    so); always HTTP-only and SameSite=Lax."""
    settings.HTTPS = settings.SESSION_COOKIE_SECURE = https
    ana = seat(table, "Ana")
    response = client.post(join_url(counter_game, ana.join_token), secure=https)
    assert response.status_code == 302
    cookie = response.cookies[seats.cookie_name(counter_game, table.pk)]
    assert bool(cookie["secure"]) is https
    assert cookie["httponly"] and cookie["samesite"] == "Lax"


def test_issue21_7_a_phone_opening_a_second_seats_link_is_asked_and_switches(
    counter_game, table, client
):
    """Issue 21, point 7: one phone opening two seats' links took both and stranded the first.
    A phone holds one seat of a table: the second link says which seat it switches to, and
    confirming frees the first — still opened by its own link, for another phone."""
    ana, bo = seat(table, "Ana"), seat(table, "Bo")
    client.post(join_url(counter_game, ana.join_token))
    page = client.get(join_url(counter_game, bo.join_token))
    text = page.content.decode().replace("&#x27;", "'")
    assert page.status_code == 200
    assert "You hold Ana's seat at this table" in text
    assert "Leave Ana's seat and sit as Bo" in text and 'name="leave" value="1"' in text
    # Not confirmed (an old form, or a tap without the question): asked again, nothing moves.
    assert client.post(join_url(counter_game, bo.join_token)).status_code == 409
    assert client.post(join_url(counter_game, bo.join_token), {"leave": "3"}).status_code == 409
    assert seats.access(
        request_with(client), game=counter_game, record_id=table.pk
    ).seat_numbers == {1}
    assert not seat(table, "Bo").taken
    response = client.post(join_url(counter_game, bo.join_token), {"leave": "1"})
    assert response.status_code == 302
    access = seats.access(request_with(client), game=counter_game, record_id=table.pk)
    assert access.seat_numbers == {2}
    freed = seat(table, "Ana")
    assert not freed.taken and freed.join_token == ana.join_token
    other = type(client)()
    assert other.post(join_url(counter_game, ana.join_token)).status_code == 302
    assert seats.access(
        request_with(other), game=counter_game, record_id=table.pk
    ).seat_numbers == {1}


def test_issue21_7_switching_to_a_taken_seat_keeps_the_one_held(counter_game, table, client):
    ana, bo = seat(table, "Ana"), seat(table, "Bo")
    client.post(join_url(counter_game, ana.join_token))
    type(client)().post(join_url(counter_game, bo.join_token))
    response = client.post(join_url(counter_game, bo.join_token), {"leave": "1"})
    assert response.status_code == 409 and "taken" in response.content.decode()
    assert seats.access(
        request_with(client), game=counter_game, record_id=table.pk
    ).seat_numbers == {1}


def test_issue21_7_an_account_switches_seats_the_same_way(counter_game, table, client, friend):
    client.force_login(friend)
    bo, cy = seat(table, "Bo"), seat(table, "Cy")
    client.post(join_url(counter_game, bo.join_token))
    page = client.get(join_url(counter_game, cy.join_token))
    assert "You hold Bo's seat at this table" in page.content.decode()
    assert client.post(join_url(counter_game, cy.join_token)).status_code == 409
    assert client.post(join_url(counter_game, cy.join_token), {"leave": "2"}).status_code == 302
    assert list(table.seats.filter(user=friend).values_list("name", flat=True)) == ["Cy"]
    assert not seat(table, "Bo").taken
    # Opening the seat it holds asks nothing.
    assert (
        "This phone holds" not in client.get(join_url(counter_game, cy.join_token)).content.decode()
    )


def test_a_taken_seat_cannot_be_taken_by_another_phone(counter_game, table, client):
    ana = seat(table, "Ana")
    client.post(join_url(counter_game, ana.join_token))
    other = type(client)()
    response = other.post(join_url(counter_game, ana.join_token))
    assert response.status_code == 409 and "taken" in response.content.decode()
    with pytest.raises(Http404):
        seats.access(request_with(other), game=counter_game, record_id=table.pk)


def test_a_signed_in_friend_takes_a_seat_with_their_account(counter_game, table, client, friend):
    client.force_login(friend)
    bo = seat(table, "Bo")
    assert client.post(join_url(counter_game, bo.join_token)).status_code == 302
    bo.refresh_from_db()
    assert bo.user == friend
    access = seats.access(request_with({}, friend), game=counter_game, record_id=table.pk)
    assert access.seat_numbers == {2}
    # One account holds one seat of a table.
    with pytest.raises(seats.SeatError):
        seats.seat_take(game=counter_game, token=seat(table, "Cy").join_token, user=friend)


def test_a_revoked_seat_gets_nothing_by_its_old_link_or_cookie(counter_game, table, client, host):
    ana = seat(table, "Ana")
    old_link = join_url(counter_game, ana.join_token)
    client.post(old_link)
    seats.seat_revoke(game=counter_game, record_id=table.pk, owner=host, number=1)
    with pytest.raises(Http404):
        seats.access(request_with(client), game=counter_game, record_id=table.pk)
    assert client.get(old_link).status_code == 404
    assert client.post(old_link).status_code == 404
    fresh = seat(table, "Ana")
    assert not fresh.taken and join_url(counter_game, fresh.join_token) != old_link


def test_forged_links_and_cookies_get_nothing(counter_game, table, client):
    assert client.get(join_url(counter_game, "forged" * 6)).status_code == 404
    assert client.get(join_url(type("G", (), {"id": "chess"}), "x")).status_code == 404
    ana = seat(table, "Ana")
    client.post(join_url(counter_game, ana.join_token))
    name = seats.cookie_name(counter_game, table.pk)
    good = client.cookies[name].value
    seat_id, _, rest = good.partition(":")
    bo = seat(table, "Bo")
    forged = {
        "unsigned": f"{bo.pk}:somekey",
        "another seat, same signature": good.replace(f"{seat_id}:", f"{bo.pk}:", 1),
        "tampered key": good[:-3] + ("AAA" if good[-3:] != "AAA" else "BBB"),
    }
    for why, value in forged.items():
        request = request_with({})
        request.COOKIES = {name: value}
        with pytest.raises(Http404):
            seats.access(request, game=counter_game, record_id=table.pk), why


def test_the_owner_sees_the_table_and_acts_for_a_seat_only_when_the_table_allows(
    counter_game, table, host, friend
):
    access = seats.access(request_with({}, host), game=counter_game, record_id=table.pk)
    assert access.is_owner and access.seat_numbers == set()
    assert not access.may_act_for(2)
    assert access.may_act_for(2, owner_acts_for_all=True)
    with pytest.raises(Http404):
        seats.access(request_with({}, friend), game=counter_game, record_id=table.pk)
    with pytest.raises(Http404):
        seats.access(request_with({}, host), game=counter_game, record_id=table.pk + 999)


def test_revoking_is_the_hosts_alone(counter_game, table, friend):
    from tests.core.counter_game import Counter

    with pytest.raises(Counter.DoesNotExist):
        seats.seat_revoke(game=counter_game, record_id=table.pk, owner=friend, number=1)
