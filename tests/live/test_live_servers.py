"""Issue 27, point 4: two server processes on one database hear each other's changes.

Two servers started as `make run` starts one (granian, one worker each), on the same database:
SQLite's file by default, PostgreSQL when the suite runs with DATABASE_URL (CI's PostgreSQL
pass), where they hear each other through LISTEN/NOTIFY alone. A phone's stream is held by one
server; another phone taps through the other server; the stream says so.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import time

import pytest

from bench.barcadia_idle import heal
from bench.server import Server, in_django, postgres_database
from tests.conftest import run_async

pytestmark = pytest.mark.database  # the PostgreSQL pass runs it too (no Django database used)

EVENT = re.compile(rb"event: (\w+)\n(?:id: \d+\n)?data: ([^\n]*)\n\n")


@pytest.fixture(scope="module")
def two_servers():
    url = os.environ.get("DATABASE_URL", "")
    database = postgres_database("live_two_servers") if url else contextlib.nullcontext(None)
    with database as database_url:
        first = Server(label="live-a", workers=1, database_url=database_url)
        shared = {"CARDRPG_DATA_DIR": first.env["CARDRPG_DATA_DIR"]}
        second = Server(label="live-b", workers=1, database_url=database_url, env=shared)
        with first, second:
            first.prepare()
            second.manage("collectstatic", "--noinput", "-v0")
            first.start()
            second.start()
            yield first, second


def stream(port: int, phone: dict, version: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(
        (
            f"GET /live/heroes-of-barcadia/{phone['table']}/?v={version} HTTP/1.1\r\n"
            f"Host: 127.0.0.1\r\nCookie: {phone['cookie']}={phone['value']}\r\n"
            "Accept: text/event-stream\r\n\r\n"
        ).encode()
    )
    return sock


def events_until(sock: socket.socket, name: str, deadline: float) -> list[tuple[str, str]]:
    """The events read from `sock` until one named `name` (or the deadline)."""
    raw, seen = b"", []
    while time.monotonic() < deadline:
        sock.settimeout(max(0.1, deadline - time.monotonic()))
        try:
            data = sock.recv(4096)
        except TimeoutError:
            break
        if not data:
            break
        raw += data
        seen = [(n.decode(), d.decode()) for n, d in EVENT.findall(raw)]
        if any(n == name for n, _ in seen):
            break
    return seen


def test_i27_a_tap_through_one_server_reaches_a_stream_held_by_the_other(two_servers):
    first, second = two_servers
    made = json.loads(in_django(first.env, "bench.barcadia_setup", "1", "2"))["phones"]
    writer, follower = made
    sock = stream(second.port, follower, follower["version"])
    try:
        assert events_until(sock, "hello", time.monotonic() + 10)[0] == (
            "hello",
            str(follower["version"]),
        )
        cookie = f"{writer['cookie']}={writer['value']}"
        started = time.monotonic()
        version = run_async(heal(first.port, writer, cookie))
        assert version == follower["version"] + 1
        seen = events_until(sock, "changed", time.monotonic() + 10)
        assert ("changed", str(version)) in seen, (seen, second.log_tail())
        print(f"heard through the other server in {time.monotonic() - started:.3f} s")
    finally:
        sock.close()
