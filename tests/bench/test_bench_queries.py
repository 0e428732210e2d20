"""Every tap at the table costs at most six queries (issue 17), undo included, however the game
goes: a seeded simulated player plays through the views as a phone does, undoing often, and
each request's queries are counted (transaction control apart: PostgreSQL sends none)."""

import pytest
from django.test import Client

from bench.players import DjangoTransport, Player

pytestmark = pytest.mark.django_db

MOST = 6


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.mark.parametrize("seed", [5, 9])
def test_every_action_kind_costs_at_most_six_queries(django_user_model, seed):
    user = django_user_model.objects.create_user(f"counted{seed}")
    client = Client()
    client.force_login(user)
    player = Player(DjangoTransport(client, measure=True), user.username, seed=seed, undo_rate=0.2)
    player.create_character()
    player.load_page()
    player.switch_virtual_on()
    for _ in range(250):
        player.step()
    writes = [s for s in player.samples if s.outcome in ("ok", "refused", "conflict")]
    kinds = {s.kind for s in writes}
    assert {"attack", "undo", "deal:reveal_monster", "deal:start_session"} <= kinds
    over = sorted({(s.kind, s.queries) for s in writes if s.queries > MOST})
    assert not over, over
