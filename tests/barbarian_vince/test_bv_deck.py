"""The player's deck (issue 23, point 1): every card entered is kept per account, apart from
any adventure; a tap naming a deck card enters it on the way (BT-01), the whole deck comes in
one tap, and an undo never takes a card out of the deck."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.barbarian_vince.conftest import HTMX, SAMPLE, make_adventure, play_on
from tracker.barbarian_vince import services
from tracker.barbarian_vince.models import Adventure, AdventureLogEntry, RememberedCard

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_of(client, player):
    client.force_login(player)
    return client


def log_types(adventure) -> list[str]:
    rows = AdventureLogEntry.objects.filter(adventure=adventure).order_by("seq")
    return [row.action["type"] for row in rows]


def test_bt01_an_undo_leaves_the_card_in_the_deck(player):
    adventure = make_adventure(player, "catalogued")
    services.adventure_undo(
        adventure_id=adventure.pk, owner=player, steps=1, expected_version=adventure.version
    )
    assert RememberedCard.objects.filter(owner=player, card_id="One Year").exists()


def test_bt01_a_tap_naming_a_deck_card_enters_it_in_the_same_tap(client_of, player):
    earlier = make_adventure(player, "catalogued", name="Earlier")
    play_on(
        earlier,
        player,
        {"type": "register_card", "id": "Q10", "kind": "quest", "number": 8, "terrains": ["U"]},
    )
    adventure = make_adventure(player, "lay_low", name="Later")
    before = adventure.last_seq
    # Q10 is in the deck, not in this adventure's catalogue: one POST enters it and draws it.
    response = client_of.post(
        reverse("tracker:bv_act", args=[adventure.pk, "draw_encounter"]),
        {"version": adventure.version, "card": "Q10", "draw": "Q08"},
        headers=HTMX,
    )
    assert response.status_code == 200 and 'data-testid="error"' not in response.text
    adventure = Adventure.objects.get(pk=adventure.pk)
    assert adventure.state["encounter"]["card"] == "Q10"
    assert log_types(adventure)[before:] == ["register_card", "draw_encounter"]


def test_bt01_a_refused_tap_enters_no_deck_card(client_of, player):
    earlier = make_adventure(player, "catalogued", name="Earlier")
    play_on(
        earlier,
        player,
        {"type": "register_card", "id": "Q10", "kind": "quest", "number": 8, "terrains": ["U"]},
    )
    adventure = make_adventure(player, "catalogued", name="Later")
    before = adventure.last_seq
    response = client_of.post(
        reverse("tracker:bv_act", args=[adventure.pk, "setup"]),
        {"version": adventure.version, "item": "Q10"},  # not a Common item: refused
        headers=HTMX,
    )
    assert 'data-testid="error"' in response.text
    assert Adventure.objects.get(pk=adventure.pk).last_seq == before


def test_bt01_the_whole_deck_comes_in_one_tap_player_card_and_maps_first(client_of, player):
    make_adventure(player, "catalogued", name="Earlier")
    adventure = services.adventure_create(owner=player, name="Later")
    response = client_of.get(reverse("tracker:bv_play", args=[adventure.pk]))
    assert 'data-testid="bring-deck"' in response.text
    response = client_of.post(
        reverse("tracker:bv_deck_bring", args=[adventure.pk]),
        {"version": adventure.version},
        headers=HTMX,
    )
    assert response["HX-Redirect"] == reverse("tracker:bv_play", args=[adventure.pk])
    adventure = Adventure.objects.get(pk=adventure.pk)
    assert set(adventure.state["catalogue"]) == {card["id"] for card in SAMPLE}
    kinds = [adventure.state["catalogue"][card]["kind"] for card in adventure.state["catalogue"]]
    assert kinds[:3] == ["player", "map", "map"]
    # Nothing left to bring: the button is gone.
    response = client_of.get(reverse("tracker:bv_play", args=[adventure.pk]))
    assert 'data-testid="bring-deck"' not in response.text
