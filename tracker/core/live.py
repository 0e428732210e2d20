"""Live updates: every phone following a record hears of a change as soon as it is committed.

A screen of a record (a Barcadia table's phones, a second screen of a Card RPG character or a
Barbarian Vince adventure) holds one server-sent event stream, ``GET /live/<game>/<id>/?v=N``
(N: the version it shows). The stream says ``changed`` with the record's new version; the
screen then asks for what changed on it with its own fingerprints and through the same guards
as its taps' answers (so that only the regions that differ travel, loot names stay per phone,
and an answer older than what the screen holds is never drawn). An idle screen asks nothing:
its stream carries a ``ping`` every PING seconds, and ``gone`` when the phone may follow no
more (its seat freed, the record deleted). A screen that also shows other records (Card RPG's
table strip: the characters at the table, and the table) hears ``nearby`` when one of them
moved (tracker.core.games.Game.nearby), and asks for that part of itself.

Who hears a change. Each server process has one `Hub` with one listener thread, started with
its first stream:

- PostgreSQL: the listener LISTENs on CHANNEL; a trigger on each game's record table (migration
  0012_live_notify) NOTIFYs the record's new version inside the writing transaction, so every process on
  every machine hears it at the commit, and never hears a write that was rolled back. It tells
  the streams HOLD seconds later (see there).
- SQLite (the embedded default, one machine): the listener asks ``PRAGMA data_version`` on a
  connection of its own every POLL seconds (a number that moves whenever another connection
  commits) and, when it moved, reads the versions of the records followed in that process.

The stream's work between events (whether the phone may still follow, the version now) runs
in a thread only for a moment; the held connection costs no thread under `manage.py serve`
(cardrpg/threaded.py holds it in the event loop). Under a plain WSGI server (the tests' live
server) the stream holds its thread and waits on an Event.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import threading
import time
from collections import Counter, defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from django.db import close_old_connections, connection, connections
from django.http import HttpRequest, StreamingHttpResponse

logger = logging.getLogger(__name__)

CHANNEL = "tracker_live"
# How often an idle stream says it is still there (and checks the phone may still follow):
# under the 2 requests a minute an idle phone may cost, and well inside the 60 s after which
# proxies and phones drop a silent connection.
PING = 40.0
# How often, on SQLite, each process looks whether another connection has committed.
POLL = 0.025
# How long after PostgreSQL announces a change the streams are told of it. It announces it at
# the commit, while the tapping phone's own answer is still being drawn; streams waking in that
# instant took the interpreter and the cores from it: with 1,000 phones connected the taps'
# median went up by 2 to 6 ms, by 0 to 2 with the hold (docs/performance.md). SQLite's look
# every POLL seconds leaves the same room.
HOLD = 0.03
# What the browser waits before it tries again after a stream ends (it is told).
RETRY_MS = 1000
# Sent by the page's script with its requests while its stream is held (static/tracker/live.js):
# a view that would otherwise reload the whole screen when its record moved leaves that to the
# stream's redraw.
HELD_HEADER = "X-Live-Held"
# A record that no longer exists.
GONE = -1
# Streams one address may hold (a flood from one address is refused, 429) and one seat or
# account may hold (a new one ends the oldest: it is most likely a phone's dead connection).
PER_ADDRESS = 64
PER_FOLLOWER = 4


class Crowded(Exception):
    """Too many streams from one address: refused, the phone falls back to asking."""


@dataclass(eq=False)
class Follower:
    """One stream: the record it follows, the version its phone was last told, who holds it."""

    game_id: str
    record_id: int
    told: int
    who: str
    address: str
    heard: int = 0  # the newest version heard of (GONE: deleted)
    ended: bool = False  # replaced by a newer stream of the same seat, or the server stopping
    # What else its screen shows (Card RPG's table strip: the characters at the table and the
    # table itself), by (kind, id), with the version each was at when last told or read.
    nearby: dict[tuple[str, int], int] = field(default_factory=dict)
    nearby_moved: bool = False  # one of them has moved since
    _wake: threading.Event = field(default_factory=threading.Event)
    _loop: asyncio.AbstractEventLoop | None = None
    _async_wake: asyncio.Event | None = None

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Wait in `loop` from now on (the stream is held by the event loop)."""
        self._loop = loop
        self._async_wake = asyncio.Event()
        if self._wake.is_set():
            self._async_wake.set()

    def wake(self) -> None:
        self._wake.set()
        if self._loop is not None and self._async_wake is not None:
            # RuntimeError: the loop has closed, and the stream is gone with it.
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._async_wake.set)

    def news(self) -> bool:
        """Whether something happened that the phone has not been told."""
        return self.ended or self.heard == GONE or self.heard > self.told or self.nearby_moved

    def wait(self, timeout: float) -> bool:
        """Block until there is news or `timeout` passes (a thread holding the stream)."""
        self._wake.wait(timeout)
        self._wake.clear()
        return self.news()

    async def wait_async(self) -> None:
        """Until there is news (the event loop holding the stream)."""
        assert self._async_wake is not None
        await self._async_wake.wait()
        self._async_wake.clear()
        self._wake.clear()


class Hub:
    """The streams of one process, by record, and the one thread that hears changes."""

    def __init__(self, reader: Callable[[], Listener] | None = None):
        self._lock = threading.Lock()
        self._by_record: dict[tuple[str, int], set[Follower]] = defaultdict(set)
        self._by_address: Counter[str] = Counter()
        self._by_who: dict[str, list[Follower]] = defaultdict(list)
        self._reader = reader
        self._listener: Listener | None = None
        # Set when a stream starts, so that the listener reads the versions at once: a change
        # committed between the stream's own read and its joining is not missed.
        self.look_now = threading.Event()

    def follow(
        self,
        *,
        game_id: str,
        record_id: int,
        told: int,
        who: str,
        address: str,
        nearby: dict[tuple[str, int], int] | None = None,
    ) -> Follower:
        """A new stream of `record_id` for `who` from `address` (Crowded past the bounds),
        woken too when one of `nearby` moves past the version given."""
        follower = Follower(game_id, record_id, told, who, address, nearby=dict(nearby or {}))
        with self._lock:
            if self._by_address[address] >= PER_ADDRESS:
                raise Crowded(address)
            mine = self._by_who[who]
            while len(mine) >= PER_FOLLOWER:
                oldest = mine.pop(0)
                self._forget(oldest)
                oldest.ended = True
                oldest.wake()
            mine.append(follower)
            self._by_record[(game_id, record_id)].add(follower)
            for key in follower.nearby:
                self._by_record[key].add(follower)
            self._by_address[address] += 1
        self._start()
        self.look_now.set()
        return follower

    def leave(self, follower: Follower) -> None:
        """The stream has ended."""
        with self._lock:
            mine = self._by_who.get(follower.who)
            if mine and follower in mine:
                mine.remove(follower)
                if not mine:
                    del self._by_who[follower.who]
            self._forget(follower)

    def renew_nearby(self, follower: Follower, nearby: dict[tuple[str, int], int]) -> None:
        """What else the screen shows, read again (someone sat down or left): followed from the
        versions given, and read again at once (a change between that read and now is heard)."""
        with self._lock:
            if follower.ended:
                return
            self._unlist(follower, follower.nearby)
            follower.nearby = dict(nearby)
            for key in follower.nearby:
                self._by_record[key].add(follower)
        self.look_now.set()

    def _unlist(self, follower: Follower, keys) -> None:
        for key in keys:
            followers = self._by_record.get(key)
            if followers is not None:
                followers.discard(follower)
                if not followers:
                    del self._by_record[key]

    def _forget(self, follower: Follower) -> None:
        followers = self._by_record.get((follower.game_id, follower.record_id))
        if followers is None or follower not in followers:
            return
        self._unlist(follower, [(follower.game_id, follower.record_id), *follower.nearby])
        self._by_address[follower.address] -= 1
        if self._by_address[follower.address] <= 0:
            del self._by_address[follower.address]

    def heard(self, game_id: str, record_id: int, version: int) -> None:
        """Record `record_id` of `game_id` is at `version` now (GONE: deleted)."""
        with self._lock:
            followers = list(self._by_record.get((game_id, record_id), ()))
        key = (game_id, record_id)
        for follower in followers:
            if key != (follower.game_id, follower.record_id):
                told = follower.nearby.get(key)
                if told is not None and (version == GONE or version > told):
                    follower.nearby[key] = version
                    follower.nearby_moved = True
            elif version == GONE or version > follower.heard:
                follower.heard = version
            if follower.news():
                follower.wake()

    def followed(self) -> dict[str, list[int]]:
        """The records followed in this process, by game."""
        with self._lock:
            records: dict[str, list[int]] = defaultdict(list)
            for game_id, record_id in self._by_record:
                records[game_id].append(record_id)
        return dict(records)

    def streams(self) -> int:
        """How many streams this process holds."""
        with self._lock:
            return sum(len(followers) for followers in self._by_who.values())

    def end_all(self, *, wait: float = 2.0) -> None:
        """End every stream and forget it (the server or a test stopping), then wait up to
        `wait` seconds for the listener to let go of its database connection."""
        with self._lock:
            followers = {f for fs in self._by_record.values() for f in fs}
            self._by_record.clear()
            self._by_address.clear()
            self._by_who.clear()
            listener = self._listener
        for follower in followers:
            follower.ended = True
            follower.wake()
        # A connection still open would hold up what comes next: dropping a test database
        # ("other sessions are using it") or a restore.
        if listener is not None and listener is not threading.current_thread():
            listener.released.wait(wait)

    def claim(self, listener: Listener) -> bool:
        """Whether any stream is held; if so the listener is marked as holding a connection,
        under the same lock as end_all, so that end_all waits for it to let go."""
        with self._lock:
            if not self._by_record:
                return False
            listener.released.clear()
            return True

    def _start(self) -> None:
        with self._lock:
            if self._listener is not None and self._listener.is_alive():
                return
            make = self._reader or listener_for_database
            self._listener = make(self)
            self._listener.start()


class Listener(threading.Thread):
    """The thread that hears the database's changes for a hub."""

    def __init__(self, hub: Hub):
        super().__init__(name="live-listener", daemon=True)
        self.hub = hub
        # Set while it holds no connection another session would wait on: PostgreSQL's, from
        # Hub.claim until it lets go (SQLite's own connection to the file holds up nothing).
        self.released = threading.Event()
        self.released.set()

    def tables(self) -> dict[str, str]:
        """Each game's record table by name: the game's id; and the other tables a screen may
        follow (Game.also_followed): their kind."""
        from tracker.core import games

        tables = {}
        for game in games.all_games():
            tables[game.record_model._meta.db_table] = game.id
            for kind, model in game.also_followed.items():
                tables[model._meta.db_table] = kind
        return tables

    def read_versions(self, execute: Callable[[str, list], list]) -> None:
        """Read the version of every followed record and tell the hub (missing: GONE)."""
        by_game = {game_id: table for table, game_id in self.tables().items()}
        for game_id, ids in self.hub.followed().items():
            table = by_game.get(game_id)
            if table is None:
                continue
            marks = ("%s," * len(ids)).rstrip(",")
            rows = dict(execute(f"SELECT id, version FROM {table} WHERE id IN ({marks})", ids))
            for record_id in ids:
                self.hub.heard(game_id, record_id, rows.get(record_id, GONE))


class SqliteListener(Listener):
    """SQLite: PRAGMA data_version every POLL seconds; the versions read when it moved."""

    def run(self) -> None:
        path = str(connection.settings_dict["NAME"])
        seen = None
        db = None
        while True:
            if not self.hub.followed():
                self.hub.look_now.wait(1.0)
                continue
            try:
                if db is None:
                    db = sqlite3.connect(
                        path, timeout=1.0, uri=path.startswith("file:"), check_same_thread=False
                    )
                    # A new connection counts data versions from its own start: compared with
                    # the old one's, a commit made while away could look like nothing new.
                    seen = None
                (now,) = db.execute("PRAGMA data_version").fetchone()
                if now != seen or self.hub.look_now.is_set():
                    self.hub.look_now.clear()
                    seen = now

                    self.read_versions(partial(_sqlite_rows, db))
            except sqlite3.Error:
                logger.warning("live: could not read the database; trying again", exc_info=True)
                if db is not None:
                    db.close()
                db = None
                time.sleep(1.0)
            self.hub.look_now.wait(POLL)


def _sqlite_rows(db: sqlite3.Connection, sql: str, params: list) -> list:
    return db.execute(sql.replace("%s", "?"), params).fetchall()


class PostgresListener(Listener):
    """PostgreSQL: LISTEN on CHANNEL, the versions read again at each (re)connection."""

    def run(self) -> None:
        import psycopg

        params = connection.get_connection_params()
        backoff = 0.5
        while True:
            if not self.hub.claim(self):
                self.hub.look_now.wait(1.0)
                continue
            try:
                with psycopg.connect(**params, autocommit=True) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    tables = self.tables()
                    backoff = 0.5
                    self.hub.look_now.set()  # a change may have been missed while away
                    held = Held()
                    while self.hub.followed():
                        if self.hub.look_now.is_set():
                            self.hub.look_now.clear()
                            self.read_versions(lambda sql, ids: db.execute(sql, ids).fetchall())
                        wait = held.wait(time.monotonic(), 0.1)
                        for note in db.notifies(timeout=wait, stop_after=1):
                            held.add(note.payload, time.monotonic())
                        for payload in held.due(time.monotonic()):
                            self._heard(tables, payload)
            except Exception:
                logger.warning("live: lost PostgreSQL's notifications; reconnecting", exc_info=True)
                self.released.set()
                time.sleep(backoff)
                backoff = min(backoff * 2, 10.0)
            else:
                self.released.set()

    def _heard(self, tables: dict[str, str], payload: str) -> None:
        try:
            table, record_id, version = payload.split(" ")
            game_id = tables[table]
            self.hub.heard(game_id, int(record_id), int(version))
        except (KeyError, ValueError):
            logger.warning("live: a notification not understood: %r", payload)


class Held:
    """Notifications kept until `hold` seconds have passed since each arrived, in order."""

    def __init__(self, hold: float = HOLD):
        self.hold = hold
        self._kept: deque[tuple[float, str]] = deque()

    def add(self, payload: str, now: float) -> None:
        """Keep `payload`, arrived at `now`."""
        self._kept.append((now + self.hold, payload))

    def due(self, now: float) -> list[str]:
        """The payloads whose time has come at `now`, oldest first; they are kept no more."""
        out = []
        while self._kept and self._kept[0][0] <= now:
            out.append(self._kept.popleft()[1])
        return out

    def wait(self, now: float, idle: float) -> float:
        """How long to wait for more before the oldest kept is due (`idle` if none is kept)."""
        if not self._kept:
            return idle
        return max(0.0, min(idle, self._kept[0][0] - now))


def listener_for_database(hub: Hub) -> Listener:
    """The listener for the database the app runs on."""
    if connection.vendor == "postgresql":
        return PostgresListener(hub)
    return SqliteListener(hub)


HUB = Hub()


# --- the stream --------------------------------------------------------------------------------


def event(name: str, data: str = "", *, event_id: str = "") -> bytes:
    """One server-sent event."""
    lines = [f"event: {name}"]
    if event_id:
        lines.append(f"id: {event_id}")
    lines += [f"data: {line}" for line in (data.splitlines() or [""])]
    return ("\n".join(lines) + "\n\n").encode()


class LiveStream(StreamingHttpResponse):
    """The answer to a stream's request: held open, an event each time there is news.

    `access` says, each time there is news, whether the phone may still follow and at which
    version the record is (None: it may not, the stream says `gone` with `gone_words`).
    `nearby` reads again what else the screen shows (Game.nearby) when one of those moved: the
    stream then says `nearby`, and follows what it read from then on.
    """

    def __init__(
        self,
        *,
        follower: Follower,
        version: int,
        access: Callable[[], int | None],
        gone_words: str,
        nearby: Callable[[], dict[tuple[str, int], int]] = dict,
        hub: Hub = HUB,
    ):
        self.follower = follower
        self.hub = hub
        self.access = access
        self.nearby = nearby
        self.gone_words = gone_words
        self.version = version
        self.over = False
        super().__init__(self._events(), content_type="text/event-stream; charset=utf-8")
        self["Cache-Control"] = "no-store"
        # A proxy (nginx) would hold the events back to fill its buffer.
        self["X-Accel-Buffering"] = "no"

    def opening(self) -> bytes:
        """What the stream starts with: the retry delay, hello, and the news if any."""
        start = f"retry: {RETRY_MS}\n\n".encode() + event("hello", str(self.version))
        if self.version > self.follower.told:
            self.follower.told = self.version
            start += event("changed", str(self.version), event_id=str(self.version))
        return start

    def next_event(self, news: bool) -> bytes:
        """After a wake (`news`) or a quiet PING: what to send; sets `over` when it ends."""
        follower = self.follower
        if follower.ended:
            self.over = True
            return b""
        version = self.access()
        if version is None:
            self.over = True
            return event("gone", self.gone_words)
        said = b""
        if follower.nearby_moved:
            follower.nearby_moved = False
            self.hub.renew_nearby(follower, self.nearby())
            said = event("nearby")
        if version > follower.told:
            follower.told = version
            said += event("changed", str(version), event_id=str(version))
        if said or news:
            return said
        return event("ping")

    def _next_in_pool(self, news: bool) -> bytes:
        try:
            return self.next_event(news)
        finally:
            close_old_connections()  # as at the end of a request: this thread serves others

    def _events(self):
        """The stream under a WSGI server: this thread waits for news."""
        try:
            yield self.opening()
            while not self.over:
                # This thread is the stream's alone: it keeps no database connection while it
                # waits (a test database could not be dropped under it).
                connections.close_all()
                news = self.follower.wait(PING)
                chunk = self.next_event(news)
                if chunk:
                    yield chunk
        finally:
            self.hub.leave(self.follower)

    async def hold(self, *, send: Callable, gone: asyncio.Future, run: Callable) -> None:
        """The stream held by the event loop (cardrpg/threaded.py): no thread while idle.

        `send` sends one chunk, `gone` completes when the phone hangs up, `run(fn)` runs `fn`
        in a thread of the server's pool and returns its result.
        """
        follower = self.follower
        follower.attach(asyncio.get_running_loop())
        try:
            while not self.over:
                waking = asyncio.ensure_future(follower.wait_async())
                try:
                    done, _ = await asyncio.wait(
                        {waking, gone}, timeout=PING, return_when=asyncio.FIRST_COMPLETED
                    )
                finally:
                    waking.cancel()
                if gone in done:
                    return
                chunk = await run(partial(self._next_in_pool, bool(done)))
                if chunk:
                    await send(chunk)
        finally:
            self.hub.leave(follower)


def follower_address(request: HttpRequest) -> str:
    """The address a stream comes from (bounded per address): the phone's, also behind a
    proxy (BEHIND_PROXY), as log-in failures are counted."""
    from cardrpg.http import client_address

    return client_address(request) or "unknown"
