"""The table's pages through the test client: set up, join, the strip, robbing, a duel (T-26–T-37)."""

import pytest
from seating import ANA_HAND, bo_loots, create, fresh, solo

from tracker.card_rpg.models import Character, RpgSeat, RpgTable

pytestmark = pytest.mark.django_db

SEED = 7  # a fixed shuffle for the app's deck


@pytest.fixture
def phones(client, django_user_model):
    """The host's phone (Ana) and a friend's (Bo), each signed in with its own account."""
    from django.test import Client

    host = django_user_model.objects.create_user(username="ana-player")
    friend = django_user_model.objects.create_user(username="bo-player")
    ana_phone, bo_phone = Client(), Client()
    ana_phone.force_login(host)
    bo_phone.force_login(friend)
    return host, friend, ana_phone, bo_phone


def set_up(phones):
    host, friend, ana_phone, bo_phone = phones
    ana, bo = create(host, "Ana"), bo_loots(create(friend, "Bo"))
    answer = ana_phone.post(
        f"/characters/{ana.pk}/table/new/",
        {"name": "Kitchen", "seats": "2", "robbing": "on", "duels": "on",
         "duel_ace_of_spades": "deadly", "duel_xp": "none"},
    )  # fmt: skip
    table = RpgTable.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/card-tables/{table.pk}/"
    page = ana_phone.get(f"/card-tables/{table.pk}/").content.decode()
    token = table.seats.get(number=2).join_token
    assert f"/card-tables/join/{token}/" in page and "<svg" in page  # the link and its QR code
    assert bo_phone.get(f"/card-tables/join/{token}/").status_code == 200
    answer = bo_phone.post(f"/card-tables/join/{token}/", {"character": bo.pk})
    assert answer["Location"] == f"/characters/{bo.pk}/play/"
    return ana, bo


def test_t26_a_friend_joins_by_link_and_each_strip_shows_the_other(phones):
    ana, bo = set_up(phones)
    _host, _friend, ana_phone, bo_phone = phones
    page = ana_phone.get(f"/characters/{ana.pk}/play/").content.decode()
    assert 'data-testid="table-strip"' in page and "Bo" in page and "between fights" in page
    page = bo_phone.get(f"/characters/{bo.pk}/play/").content.decode()
    assert "Ana" in page and "no session" in page
    # Bo is a Jack: he robs nobody, and the strip says why (T-27).
    assert "T-27" in page


def test_t27_t29_a_queen_robs_from_her_phone_and_both_are_told_where_the_cards_go(phones):
    ana, bo = set_up(phones)
    _host, _friend, ana_phone, bo_phone = phones
    page = ana_phone.get(f"/characters/{ana.pk}/table/rob/{bo.pk}/").content.decode()
    assert 'data-testid="rob-6S"' in page and 'data-testid="rob-4H"' in page
    ana, bo = fresh(ana), fresh(bo)
    answer = ana_phone.post(
        f"/characters/{ana.pk}/table/rob/{bo.pk}/",
        {"card": "6S", "version": ana.version, "other_version": bo.version},
    )
    assert answer.status_code == 302
    assert fresh(ana).inventory == ["6S"] and fresh(bo).inventory == ["4H"]
    page = ana_phone.get(f"/characters/{ana.pk}/play/").content.decode()
    assert "Take your own 6♠ out of your deck and lay it with your inventory." in page
    page = bo_phone.get(f"/characters/{bo.pk}/play/").content.decode()
    assert "Put your 6♠ on your discard pile." in page


def test_t26_a_phone_acting_for_a_seat_not_its_own_gets_nothing(phones):
    ana, bo = set_up(phones)
    _host, _friend, ana_phone, bo_phone = phones
    assert bo_phone.get(f"/characters/{ana.pk}/table/rob/{bo.pk}/").status_code == 404
    assert bo_phone.post(f"/characters/{ana.pk}/table/challenge/{bo.pk}/").status_code == 404
    assert bo_phone.get(f"/characters/{ana.pk}/table/strip/").status_code == 404
    assert bo_phone.post(f"/characters/{ana.pk}/play/end_turn/", {"version": 1}).status_code == 404


def test_the_strip_poll_answers_nothing_new_then_the_change(phones):
    ana, bo = set_up(phones)
    _host, _friend, ana_phone, _bo_phone = phones
    ana = fresh(ana)
    first = ana_phone.get(f"/characters/{ana.pk}/table/strip/", {"v": ana.version})
    assert first.status_code == 200
    fingerprint = first.content.decode().split("f=", 1)[1].split('"', 1)[0]
    same = ana_phone.get(f"/characters/{ana.pk}/table/strip/", {"v": ana.version, "f": fingerprint})
    assert same.status_code == 204
    solo(fresh(bo), "reveal_monster", card="9S")  # Bo's phone plays on
    moved = ana_phone.get(
        f"/characters/{ana.pk}/table/strip/", {"v": ana.version, "f": fingerprint}
    )
    assert moved.status_code == 200 and "fighting the 9♠" in moved.content.decode()
    stale = ana_phone.get(f"/characters/{ana.pk}/table/strip/", {"v": ana.version - 1})
    assert stale["HX-Refresh"] == "true"


def test_i27_a_strip_whose_screen_follows_its_character_by_stream_does_not_reload_the_page(
    phones,
):
    """Seen in the browser loop: robbed, the phone's screen was redrawn by its live stream and
    then, the strip's poll still holding the version before, reloaded as a whole (a flash, the
    scroll and anything typed gone). While the stream is held it redraws the screen; the strip
    answers for the others only."""
    ana, _bo = set_up(phones)
    _host, _friend, ana_phone, _bo_phone = phones
    ana = fresh(ana)
    url = f"/characters/{ana.pk}/table/strip/"
    followed = ana_phone.get(url, {"v": ana.version - 1}, headers={"X-Live-Held": "1"})
    assert "HX-Refresh" not in followed
    assert followed.status_code == 200 and f"v={ana.version}" in followed.content.decode()


def test_t30_t32_a_duel_challenged_accepted_and_played_from_each_phone(phones):
    ana, bo = set_up(phones)
    _host, _friend, ana_phone, bo_phone = phones
    ana_phone.post(
        f"/characters/{ana.pk}/table/rob/{bo.pk}/",
        {"card": "6S", "version": fresh(ana).version, "other_version": fresh(bo).version},
    )
    solo(fresh(ana), "start_session", hand=ANA_HAND)
    assert ana_phone.post(f"/characters/{ana.pk}/table/challenge/{bo.pk}/").status_code == 302
    page = bo_phone.get(f"/characters/{bo.pk}/play/").content.decode()
    assert 'data-testid="challenged-by"' in page
    bo_phone.post(f"/characters/{bo.pk}/table/answer/{ana.pk}/", {"answer": "accept"})
    assert fresh(bo).state["duel"]["turn"] == "self"
    page = bo_phone.get(f"/characters/{bo.pk}/play/").content.decode()
    assert 'data-testid="duel-panel"' in page and "Your turn." in page
    bo = fresh(bo)
    bo_phone.post(f"/characters/{bo.pk}/play/attack/", {"version": bo.version, "card": ["5C"]})
    # A second tap from the same stale screen (his turn is over now) changes nothing anywhere.
    seqs = (fresh(ana).last_seq, fresh(bo).last_seq)
    stale = bo_phone.post(
        f"/characters/{bo.pk}/play/attack/", {"version": bo.version, "card": ["7S"]}
    )
    assert stale.status_code == 302 and (fresh(ana).last_seq, fresh(bo).last_seq) == seqs
    page = bo_phone.get(f"/characters/{bo.pk}/play/").content.decode()
    assert "Ana's turn." in page
    assert 'data-testid="attack"' not in page
    ana = fresh(ana)
    assert ana.state["duel"]["hp"] == 2 and ana.state["duel"]["turn"] == "self"
    page = ana_phone.get(f"/characters/{ana.pk}/play/").content.decode()
    assert "Bo hit you for 5: HP 2." in page and "HP 2 / 7" in page
    # Bo's undo takes his play back from both logs.
    bo = fresh(bo)
    bo_phone.post(f"/characters/{bo.pk}/play/undo/", {"version": bo.version})
    assert fresh(ana).state["duel"]["hp"] == 7 and fresh(bo).state["duel"]["turn"] == "self"
    for phone, character in ((ana_phone, ana), (bo_phone, bo)):
        page = phone.get(f"/characters/{character.pk}/play/").content.decode()
        assert "Bo took back “Attack with 5♣”: undone in both characters&#x27; logs." in page
    assert RpgSeat.objects.filter(duelling__isnull=False).count() == 2
    assert Character.objects.count() == 2


def test_t26_one_phone_passed_round_plays_every_seat_it_owns(client, django_user_model):
    host = django_user_model.objects.create_user(username="one-phone")
    client.force_login(host)
    ana, bo = create(host, "Ana"), create(host, "Bo")
    client.post(
        f"/characters/{ana.pk}/table/new/",
        {"name": "Kitchen", "seats": "2", "duel_ace_of_spades": "deadly", "duel_xp": "none"},
    )
    token = RpgTable.objects.get().seats.get(number=2).join_token
    client.post(f"/card-tables/join/{token}/", {"character": bo.pk})
    page = client.get(f"/characters/{ana.pk}/play/").content.decode()
    assert f'href="/characters/{bo.pk}/play/" data-testid="pass-to"' in page
    page = client.get(f"/characters/{bo.pk}/play/").content.decode()
    assert f'href="/characters/{ana.pk}/play/" data-testid="pass-to"' in page


def test_t26_t38_a_table_refusal_shows_its_rule_beside_words_translated_without_it(phones):
    """A table's refusal reads as every game's: the rule ID in its own mark, then the player's
    words, translated whole (no rule ID inside the sentence a translator sees)."""
    from django.utils import translation

    from tracker.card_rpg import table_services

    ana, bo = set_up(phones)
    _host, _friend, ana_phone, _bo_phone = phones
    RpgTable.objects.update(robbing=False)
    ana, bo = fresh(ana), fresh(bo)
    ana_phone.post(
        f"/characters/{ana.pk}/table/rob/{bo.pk}/",
        {"card": "6S", "version": ana.version, "other_version": bo.version},
    )
    page = ana_phone.get(f"/characters/{ana.pk}/play/").content.decode()
    assert '<strong class="rule-id">T-38:</strong> This table plays without robbing.' in page
    with pytest.raises(table_services.TableError) as refused:
        table_services.character_rob(
            robber_id=ana.pk, victim_id=bo.pk, card="6S",
            robber_version=ana.version, victim_version=bo.version,
        )  # fmt: skip
    assert refused.value.rule == "T-38" and "T-38" not in refused.value.message
    with translation.override("zh-hant"):
        said = translation.gettext(refused.value.message)
    assert said != refused.value.message and "T-" not in said


def app_deck_at_seat_2(phone, host_character, *, seats: int) -> RpgTable:
    """The host sets up a table whose seat 2 plays with the app's deck (T-25, T-38)."""
    phone.post(
        f"/characters/{host_character.pk}/table/new/",
        {"name": "Kitchen", "seats": str(seats), "robbing": "on", "duels": "on",
         "duel_ace_of_spades": "deadly", "duel_xp": "none", "virtual_seats": ["2"]},
    )  # fmt: skip
    return RpgTable.objects.get()


def test_t25_t38_a_seat_set_to_the_apps_deck_has_the_app_deal_for_whoever_sits_there(phones):
    """T-25's per-seat option: the host ticks the seats whose players have no deck; a
    character sitting there (between sessions) plays with the app's virtual deck, the others
    as before; nothing else changes."""
    host, friend, ana_phone, bo_phone = phones
    ana, bo = create(host, "Ana"), create(friend, "Bo")
    page = ana_phone.get(f"/characters/{ana.pk}/table/new/").content.decode()
    assert 'name="virtual_seats"' in page
    table = app_deck_at_seat_2(ana_phone, ana, seats=3)
    assert [s.virtual_deck for s in table.seats.order_by("number")] == [False, True, False]
    assert fresh(ana).virtual_deck is None  # seat 1 plays with Ana's own cards
    token = table.seats.get(number=2).join_token
    bo_phone.post(f"/card-tables/join/{token}/", {"character": bo.pk})
    bo = fresh(bo)
    assert bo.virtual_deck is not None  # the app deals for Bo from now on
    page = bo_phone.get(f"/characters/{bo.pk}/play/").content.decode()
    assert 'aria-pressed="true" data-testid="virtual"' in page
    seats_page = ana_phone.get(f"/card-tables/{table.pk}/").content.decode()
    assert seats_page.count('data-testid="app-deck"') == 1


def test_t25_t32_a_duellist_playing_with_the_apps_deck_plays_from_the_hand_the_app_dealt(
    phones, monkeypatch
):
    """Duels with the app dealing (untested before): Bo sits where the app's deck is used, the
    app deals his session, and in the duel his phone offers the hand it dealt; his attack
    lands on Ana's phone and the card leaves the app's hand."""
    from tracker.card_rpg import table_services
    from tracker.rules.card_rpg import VirtualDeck

    # The app's shuffle, fixed: the same hand each run (a random one could end the duel at once).
    monkeypatch.setattr(table_services, "VirtualDeck", lambda: VirtualDeck(seed=SEED))
    host, friend, ana_phone, bo_phone = phones
    ana, bo = create(host, "Ana"), create(friend, "Bo")
    table = app_deck_at_seat_2(ana_phone, ana, seats=2)
    bo_phone.post(
        f"/card-tables/join/{table.seats.get(number=2).join_token}/", {"character": bo.pk}
    )
    solo(fresh(ana), "start_session", hand=ANA_HAND)
    bo = fresh(bo)
    bo_phone.post(f"/characters/{bo.pk}/play/deal/", {"version": bo.version})  # the app deals
    bo = fresh(bo)
    dealt = VirtualDeck.from_dict(bo.virtual_deck).hand(bo.state)
    assert bo.state["session"] is not None and len(dealt) == 4
    ana_phone.post(f"/characters/{ana.pk}/table/challenge/{bo.pk}/")
    bo_phone.post(f"/characters/{bo.pk}/table/answer/{ana.pk}/", {"answer": "accept"})
    bo = fresh(bo)
    assert bo.state["duel"]["turn"] == "self"
    page = bo_phone.get(f"/characters/{bo.pk}/play/").content.decode()
    assert 'data-testid="attack"' in page and 'data-testid="duel-panel"' in page
    for card in dealt:
        assert f'value="{card}"' in page  # the hand the app dealt, to tap
    card = "2H"  # the smallest of the hand dealt by SEED's shuffle (8♠, A♠, 6♣, 2♥)
    assert card in dealt
    bo_phone.post(f"/characters/{bo.pk}/play/attack/", {"version": bo.version, "card": [card]})
    bo, ana = fresh(bo), fresh(ana)
    assert card not in VirtualDeck.from_dict(bo.virtual_deck).hand(bo.state)
    assert ana.state["duel"]["hp"] < 7 and ana.state["duel"]["turn"] == "self"
    page = ana_phone.get(f"/characters/{ana.pk}/play/").content.decode()
    assert f"HP {ana.state['duel']['hp']} / 7" in page


def test_t26_t37_a_duels_end_is_not_taken_back_once_the_opponent_has_left_the_table(phones):
    """Undo after the opponent left (untested before): leaving writes nothing in the logs, so
    the duel's last step was still the last in both, and undo brought the duel back with Bo no
    longer at the table. It stays, and Ana's phone says why."""
    ana, bo = set_up(phones)
    _host, _friend, ana_phone, bo_phone = phones
    solo(fresh(ana), "start_session", hand=ANA_HAND)
    ana_phone.post(f"/characters/{ana.pk}/table/challenge/{bo.pk}/")
    bo_phone.post(f"/characters/{bo.pk}/table/answer/{ana.pk}/", {"answer": "accept"})
    # Two passes in a row: a draw (T-36), the duel over on both.
    for phone, character in ((bo_phone, bo), (ana_phone, ana)):
        character = fresh(character)
        assert character.state["duel"]["turn"] == "self"
        phone.post(f"/characters/{character.pk}/play/end_turn/", {"version": character.version})
    assert fresh(ana).state["duel"] is None and fresh(bo).state["duel"] is None
    bo_phone.post(f"/characters/{bo.pk}/table/leave/")
    assert not RpgSeat.objects.filter(character=bo).exists()
    ana, bo = fresh(ana), fresh(bo)
    ana_phone.post(f"/characters/{ana.pk}/play/undo/", {"version": ana.version})
    assert (fresh(ana).version, fresh(bo).version) == (ana.version, bo.version)
    assert fresh(ana).state["duel"] is None and fresh(bo).state["duel"] is None
    page = ana_phone.get(f"/characters/{ana.pk}/play/").content.decode()
    assert "Bo has left the table since" in page
