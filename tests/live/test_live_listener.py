"""Issue 27: a process's listener holds a PostgreSQL connection only while a stream is followed,
and once every stream has ended (Hub.end_all) that connection is gone — nothing is left for a
test database's teardown ("other sessions are using it") or a restore to wait on."""

from __future__ import annotations

import time

import pytest
from django.db import connection

from tracker.barbarian_vince.game import GAME
from tracker.core import live

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs DATABASE_URL=postgres://…"),
]


def _other_sessions() -> int:
    """Connections to this test database other than the test's own."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def test_i27_the_listener_lets_go_of_its_connection_once_every_stream_has_ended():
    before = _other_sessions()
    hub = live.Hub()
    hub.follow(game_id=GAME.id, record_id=1, told=0, who="seat:1", address="10.0.0.2")
    deadline = time.monotonic() + 10.0
    while _other_sessions() == before and time.monotonic() < deadline:
        time.sleep(0.02)
    assert _other_sessions() == before + 1, "the listener never connected"
    hub.end_all(wait=10.0)
    assert _other_sessions() == before
