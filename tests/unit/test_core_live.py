"""Issue 27: the live hub and stream without a database or a browser — who is woken, what is
sent, the bounds per address and per seat, and the stream held by the event loop (ASGI)."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from cardrpg.threaded import ThreadedWSGI
from tests.conftest import run_async
from tracker.core import live


class NoListener(live.Listener):
    """A hub's listener that hears nothing: the tests tell the hub what changed."""

    def run(self) -> None:
        return


class SlowToLetGo(live.Listener):
    """A listener that holds its connection while a stream is followed and lets go of it only
    a moment after the last one ended (as PostgreSQL's waits out its notifications' timeout)."""

    def __init__(self, hub):
        super().__init__(hub)
        self.claimed = threading.Event()

    def run(self) -> None:
        while not self.hub.claim(self):
            time.sleep(0.01)
        self.claimed.set()
        while self.hub.followed():
            time.sleep(0.01)
        time.sleep(0.3)
        self.released.set()


@pytest.fixture
def hub():
    return live.Hub(reader=NoListener)


def follow(hub, *, record_id=1, told=3, who="seat:1", address="10.0.0.2", nearby=None):
    return hub.follow(
        game_id="g", record_id=record_id, told=told, who=who, address=address, nearby=nearby
    )


def test_i27_a_change_wakes_the_followers_of_that_record_only(hub):
    mine = follow(hub)
    other = follow(hub, record_id=2, who="seat:2")
    hub.heard("g", 1, 4)
    assert mine.wait(0.5) is True
    assert other.wait(0.01) is False


def test_i27_a_version_the_phone_has_already_wakes_nobody(hub):
    mine = follow(hub, told=5)
    hub.heard("g", 1, 5)
    assert mine.wait(0.01) is False


def test_i27_a_deleted_record_is_news(hub):
    mine = follow(hub)
    hub.heard("g", 1, live.GONE)
    assert mine.wait(0.5) is True


def test_i27_postgresqls_notifications_are_told_a_moment_after_they_arrive_in_order():
    """The tapping phone's answer is drawn while the commit is heard: the streams wait HOLD."""
    held = live.Held(hold=0.03)
    assert held.wait(10.0, 0.1) == 0.1
    held.add("tracker_table 1 5", 10.0)
    held.add("tracker_table 2 7", 10.01)
    assert held.due(10.02) == []
    assert held.wait(10.02, 0.1) == pytest.approx(0.01)
    assert held.due(10.03) == ["tracker_table 1 5"]
    assert held.wait(10.05, 0.1) == 0.0
    assert held.due(10.05) == ["tracker_table 2 7"]
    assert held.due(11.0) == []
    assert held.wait(11.0, 0.1) == 0.1


def test_i27_ending_every_stream_waits_for_the_listener_to_let_go_of_its_connection():
    hub = live.Hub(reader=SlowToLetGo)
    follower = follow(hub)
    listener = hub._listener
    assert listener.claimed.wait(5.0)
    assert not listener.released.is_set()
    hub.end_all(wait=10.0)
    # Nothing left connected for a test database's teardown (or a restore) to wait on.
    assert listener.released.is_set()
    assert follower.ended and hub.followed() == {}


def test_i27_a_flood_from_one_address_is_refused_past_the_bound(hub):
    for number in range(live.PER_ADDRESS):
        follow(hub, who=f"seat:{number}")
    with pytest.raises(live.Crowded):
        follow(hub, who="seat:another")
    # Another address, another player: not starved.
    follow(hub, who="seat:player", address="10.0.0.3")
    assert hub.streams() == live.PER_ADDRESS + 1


def test_i27_one_seat_holds_a_bounded_number_of_streams_the_oldest_ends(hub):
    streams = [follow(hub, address=f"10.0.1.{n}") for n in range(live.PER_FOLLOWER + 1)]
    assert streams[0].ended and streams[0].wait(0.01)
    assert not any(s.ended for s in streams[1:])
    assert hub.streams() == live.PER_FOLLOWER


def test_i27_a_stream_left_is_forgotten(hub):
    mine = follow(hub)
    hub.leave(mine)
    assert hub.streams() == 0 and hub.followed() == {}


def test_i27_what_else_the_screen_shows_wakes_it_when_it_moves_past_what_was_read(hub):
    """Card RPG's table strip: another character at the table, or the table itself."""
    mine = follow(hub, nearby={("g", 2): 7, ("table", 9): 1})
    hub.heard("g", 2, 7)  # as read when the stream started: nothing new
    hub.heard("table", 9, 1)
    assert mine.wait(0.01) is False
    hub.heard("g", 2, 8)
    assert mine.wait(0.5) is True and mine.nearby_moved
    assert mine.heard == 0, "the screen's own record has not moved"


def test_i27_what_else_the_screen_shows_read_again_is_followed_from_then_on(hub):
    mine = follow(hub, nearby={("g", 2): 7})
    hub.renew_nearby(mine, {("g", 5): 1})  # the character at seat 2 left, another sat down
    hub.heard("g", 2, 9)
    assert mine.wait(0.01) is False
    hub.heard("g", 5, 2)
    assert mine.wait(0.5) is True
    assert hub.streams() == 1, "one stream, however many records it follows"
    hub.leave(mine)
    assert hub.streams() == 0 and hub.followed() == {}


def test_i27_events_are_written_as_server_sent_events():
    assert live.event("changed", "7", event_id="7") == b"event: changed\nid: 7\ndata: 7\n\n"
    assert live.event("gone", "a\nb") == b"event: gone\ndata: a\ndata: b\n\n"
    assert live.event("ping") == b"event: ping\ndata: \n\n"


def stream(hub, access, *, told=3, version=3):
    follower = follow(hub, told=told)
    return live.LiveStream(
        follower=follower, version=version, access=access, gone_words="gone", hub=hub
    )


def test_i27_a_phone_behind_is_told_at_once_then_of_each_change(hub):
    versions = iter([6, 6])
    answer = stream(hub, lambda: next(versions), told=3, version=5)
    assert answer.opening() == (
        b"retry: 1000\n\n" + live.event("hello", "5") + live.event("changed", "5", event_id="5")
    )
    assert answer.next_event(True) == live.event("changed", "6", event_id="6")
    assert answer.next_event(False) == live.event("ping")  # quiet: still there


def test_i27_a_phone_that_may_follow_no_more_is_told_so_and_the_stream_ends(hub):
    answer = stream(hub, lambda: None)
    assert answer.next_event(True) == live.event("gone", "gone")
    assert answer.over


def test_i27_a_stream_says_nearby_when_what_else_its_screen_shows_moved(hub):
    follower = follow(hub, nearby={("g", 2): 7})
    answer = live.LiveStream(
        follower=follower,
        version=3,
        access=lambda: 3,
        gone_words="gone",
        nearby=lambda: {("g", 2): 8, ("g", 4): 1},
        hub=hub,
    )
    hub.heard("g", 2, 8)
    assert answer.next_event(True) == live.event("nearby")
    assert follower.nearby == {("g", 2): 8, ("g", 4): 1} and not follower.nearby_moved
    assert answer.next_event(False) == live.event("ping")
    hub.heard("g", 4, 2)  # the newcomer, followed since it was read
    assert answer.next_event(True) == live.event("nearby")


def test_i27_the_event_loop_holds_the_stream_with_no_thread_and_sends_each_change(hub, settings):
    """cardrpg/threaded.py: the stream's request runs in a thread, then the event loop holds
    it; a change is sent as it is heard, and the phone hanging up ends it."""
    versions = iter([4])
    answer = stream(hub, lambda: next(versions))

    def app(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/event-stream")])
        return answer

    sent: list[dict] = []
    hang_up = asyncio.Event()
    received: list[str] = []

    async def receive():
        # The whole (empty) body once, then nothing until the phone hangs up (as ASGI says).
        if not received:
            received.append("body")
            return {"type": "http.request", "body": b"", "more_body": False}
        await hang_up.wait()
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)
        body = message.get("body", b"")
        if b"changed" in body:
            hang_up.set()

    async def run():
        server = ThreadedWSGI(app, threads=1)
        scope = {"type": "http", "method": "GET", "path": "/live/g/1/", "headers": []}
        serving = asyncio.ensure_future(server(scope, receive, send))
        while len(sent) < 2:
            await asyncio.sleep(0.01)
        hub.heard("g", 1, 4)
        await asyncio.wait_for(serving, 5)

    run_async(run())
    bodies = [m.get("body", b"") for m in sent if m["type"] == "http.response.body"]
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 200
    assert bodies[0].startswith(b"retry: 1000")
    assert live.event("changed", "4", event_id="4") in bodies
    assert hub.streams() == 0  # the stream left when the phone hung up
