"""Issue 27: who may follow a record's live stream, and the bound per address (test client)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.barbarian_vince.conftest import make_adventure
from tracker.core import live

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user("vince-owner")


def first_events(response) -> bytes:
    return next(iter(response.streaming_content))


def test_i27_the_owner_follows_an_adventure_and_is_told_at_once_it_moved(owner):
    adventure = make_adventure(owner, "after_x0")
    client = Client()
    client.force_login(owner)
    response = client.get(f"/live/barbarian-vince/{adventure.pk}/?v=1")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/event-stream")
    assert "no-store" in response["Cache-Control"]
    opening = first_events(response)
    version = str(adventure.version)
    assert live.event("hello", version) in opening
    assert live.event("changed", version, event_id=version) in opening  # it was behind
    assert "Content-Encoding" not in response  # events are never held in gzip's buffer


def test_i27_nobody_else_follows_it(owner, django_user_model):
    adventure = make_adventure(owner, "after_x0")
    stranger = Client()
    stranger.force_login(django_user_model.objects.create_user("stranger"))
    assert stranger.get(f"/live/barbarian-vince/{adventure.pk}/").status_code == 404
    assert Client().get(f"/live/barbarian-vince/{adventure.pk}/").status_code == 404
    assert stranger.get("/live/no-such-game/1/").status_code == 404


def test_i27_past_the_bound_one_address_is_told_to_ask_instead(owner, monkeypatch):
    adventure = make_adventure(owner, "after_x0")
    monkeypatch.setattr(live, "PER_ADDRESS", 2)
    client = Client(headers={"accept-encoding": "gzip"})
    client.force_login(owner)
    url = f"/live/barbarian-vince/{adventure.pk}/"
    # The third stream from one address is refused: a flood from one address can't take the
    # streams the players need.
    answers = [client.get(url, REMOTE_ADDR="10.1.1.1") for _ in range(3)]
    assert [a.status_code for a in answers[:2]] == [200, 200]
    assert answers[2].status_code == 429 and answers[2]["Retry-After"] == "60"
    # Another address is served.
    assert client.get(url, REMOTE_ADDR="10.1.1.2").status_code == 200
