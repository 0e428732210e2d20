"""A friend's phone with no account takes a Card RPG seat (T-26, the table's screens: "A guest
creates a character there …; a guest's character belongs to the host's account, and the guest's
phone acts for it while it holds the seat's cookie"), and a signed-in player creates one for the
seat from its link."""

import pytest
from django.test import Client
from seating import create, fresh

from tracker.card_rpg.models import Character, RpgSeat, RpgTable
from tracker.card_rpg.views.acting import cookie_name

pytestmark = pytest.mark.django_db

NEW = {
    "name": "Mika",
    "class_card": "QH",
    "creation_dice": "1d6",
    "ace_of_diamonds": "free",
    "empty_attack_pile": "skip",
    "str_die_1": "4",
    "hp_die_1": "3",
}


@pytest.fixture
def table(client, django_user_model):
    """Ana's table of three seats, set up from her phone (`client`)."""
    host = django_user_model.objects.create_user(username="ana-player")
    client.force_login(host)
    ana = create(host, "Ana")
    client.post(
        f"/characters/{ana.pk}/table/new/",
        {"name": "Kitchen", "seats": "3", "robbing": "on", "duels": "on",
         "duel_ace_of_spades": "deadly", "duel_xp": "none"},
    )  # fmt: skip
    return RpgTable.objects.get()


def guest_joins(table, number: int = 2) -> tuple[Client, Character]:
    phone = Client()
    token = table.seats.get(number=number).join_token
    page = phone.get(f"/card-tables/join/{token}/").content.decode()
    assert 'data-testid="create-for-seat"' in page and f"/characters/new/?seat={token}" in page
    assert phone.get(f"/characters/new/?seat={token}").status_code == 200
    answer = phone.post(f"/characters/new/?seat={token}", NEW)
    character = Character.objects.get(name="Mika")
    assert answer.status_code == 302 and answer["Location"] == f"/characters/{character.pk}/play/"
    assert phone.cookies[cookie_name(table.pk)].value
    return phone, character


def test_t26_a_guest_makes_a_character_for_the_seat_kept_in_the_hosts_account(table):
    phone, mika = guest_joins(table)
    assert mika.owner_id == table.owner_id  # the host's account keeps it
    seat = RpgSeat.objects.get(character=mika)
    assert seat.number == 2 and seat.user is None and seat.holder_key
    page = phone.get(f"/characters/{mika.pk}/play/").content.decode()
    assert 'data-testid="table-strip"' in page and "Ana" in page
    # Nothing of the host's account is offered on the guest's phone.
    assert 'data-testid="history"' not in page and 'data-testid="pass-to"' not in page


def test_t26_the_guests_phone_plays_its_character_and_the_hosts_strip_follows(table, client):
    phone, mika = guest_joins(table)
    answer = phone.post(f"/characters/{mika.pk}/play/start_session/", {"version": mika.version})
    assert answer.status_code == 302
    assert fresh(mika).state["session"] is not None and fresh(mika).version == mika.version + 1
    ana = Character.objects.get(name="Ana")
    page = client.get(f"/characters/{ana.pk}/play/").content.decode()
    assert "Mika" in page


def test_t26_a_guest_acts_for_its_own_seat_only(table):
    phone, mika = guest_joins(table)
    ana = Character.objects.get(name="Ana")
    assert phone.get(f"/characters/{ana.pk}/play/").status_code == 404
    assert (
        phone.post(f"/characters/{ana.pk}/play/start_session/", {"version": 1}).status_code == 404
    )
    assert phone.get(f"/characters/{mika.pk}/").status_code == 302  # the sheet: sign in first
    # A phone with no cookie is asked to sign in; a forged cookie gets nothing.
    stranger = Client()
    assert stranger.get(f"/characters/{mika.pk}/play/").status_code == 302
    stranger.cookies[cookie_name(table.pk)] = "forged"
    assert stranger.get(f"/characters/{mika.pk}/play/").status_code == 404


def test_i27_t26_a_guests_phone_follows_its_seats_character_live_and_only_that(table):
    """Its play screen holds the character's live stream (the table strip's news comes on it)."""
    phone, mika = guest_joins(table)
    page = phone.get(f"/characters/{mika.pk}/play/").content.decode()
    assert f'data-live="/live/card-rpg/{mika.pk}/"' in page
    stream = phone.get(f"/live/card-rpg/{mika.pk}/?v={mika.version}")
    assert stream.status_code == 200 and stream["Content-Type"].startswith("text/event-stream")
    assert b"event: hello" in next(iter(stream.streaming_content))
    ana = Character.objects.get(name="Ana")
    assert phone.get(f"/live/card-rpg/{ana.pk}/").status_code == 404
    stranger = Client()
    stranger.cookies[cookie_name(table.pk)] = "forged"
    assert stranger.get(f"/live/card-rpg/{mika.pk}/").status_code == 404
    phone.post(f"/characters/{mika.pk}/table/leave/")
    assert phone.get(f"/live/card-rpg/{mika.pk}/").status_code == 404  # its seat left


def test_t26_a_seat_taken_is_refused_to_a_second_guest(table):
    guest_joins(table)
    second = Client()
    token = table.seats.get(number=2).join_token
    page = second.get(f"/card-tables/join/{token}/").content.decode()
    assert 'data-testid="create-for-seat"' not in page
    answer = second.post(f"/characters/new/?seat={token}", {**NEW, "name": "Noa"})
    assert not Character.objects.filter(name="Noa").exists()
    assert "this seat is taken" in answer.content.decode()


def test_t26_a_guest_that_leaves_holds_nothing_any_more(table):
    phone, mika = guest_joins(table)
    assert phone.post(f"/characters/{mika.pk}/table/leave/").status_code == 302
    seat = table.seats.get(number=2)
    assert seat.character is None and not seat.holder_key
    assert phone.get(f"/characters/{mika.pk}/play/").status_code == 404
    assert fresh(mika).owner_id == table.owner_id  # still in the host's account


def test_t26_a_signed_in_player_creates_a_character_for_the_seat_from_its_link(
    table, django_user_model
):
    friend = django_user_model.objects.create_user(username="bo-player")
    phone = Client()
    phone.force_login(friend)
    token = table.seats.get(number=3).join_token
    page = phone.get(f"/card-tables/join/{token}/").content.decode()
    assert f"/characters/new/?seat={token}" in page
    answer = phone.post(f"/characters/new/?seat={token}", NEW)
    mika = Character.objects.get(name="Mika")
    assert mika.owner == friend and answer["Location"] == f"/characters/{mika.pk}/play/"
    assert RpgSeat.objects.get(character=mika).number == 3
    assert cookie_name(table.pk) not in phone.cookies
