"""Live updates at Heroes of Barcadia tables: pushed by server-sent events, or polled as today.

    .venv/bin/python bench/live.py [--backend sqlite|postgresql] [--tables 50] [--phones 6]
                                   [--seconds 180] [--rounds 3] [--change-every 10]
                                   [--connected 1000] [--mode push|poll|both] [--json PATH]
                                   [--selftest]

Starts the app as `make run` does (bench/server.py: granian, its own data folder and SQLite, or
a scratch PostgreSQL database with `--backend postgresql`) and sets up `--tables` tables of
`--phones` heroes, every seat held by a guest's phone (bench/barcadia_setup.py), plus idle
tables whose phones bring the phones connected to `--connected` in all. Every phone is an
asyncio task of this one process with a loopback source address of its own (127.0.0.2,
127.0.0.3, … 127.0.1.2, …: Linux routes all of 127/8 to lo), since the server limits streams
per client address. Then, in one server run:

1. no phones connected: on each of the `--tables` tables one phone heals its hero every
   `--change-every` seconds (the tables' taps spread evenly over that period), for
   `--quiet-seconds` (default `--seconds`): the taps' latency with nothing else going on;
2. push: every phone holds one event stream (`GET /live/heroes-of-barcadia/<id>/?v=<version>`,
   with its seat cookie) and reads its events as a browser's EventSource does (reconnecting
   after `retry:` when a stream ends, giving up on any answer but 200 text/event-stream); on a
   `changed` event it fetches what changed as the page does (`GET /tables/<id>/live/?v=<old>`,
   after a pause drawn between 0 and `--redraw-spread` ms, as tracker/static/tracker/live.js
   spreads a table's phones; a change heard while a redraw is waiting is fetched by it;
   `--no-redraw` leaves that out). The same taps run for `--seconds`;
3. poll: every phone asks `GET /tables/<id>/live/?v=<version>` every 1.5 s (today's page), on a
   kept-alive connection as a browser does; the same taps.

The phases take turns in `--rounds` rounds, each a share of its seconds: without phones first
and then with them in the first round, the other way round in the second, and so on (ABBA). A
machine whose speed drifts over the run (a shared virtual machine does) then weighs on both
sides of the ratio alike. Each round is reported, then the four headline lines over every
round: the taps and the moments pooled, the idle phones' requests averaged.

Reports, per mode: "change seen", from just before a tap's request was written to the moment
each other phone of that table learnt of the new version (push: its `changed` event carrying
that version or a later one; poll: the answer of the poll that saw it) — an upper bound on
commit → event, since the commit happens somewhere inside the tap's request — and the same from
the tap's answer arriving (negative when the event beat the answer); requests per idle phone
(the extra tables' phones) per minute, counting stream opens, reconnects and keep-alive pings
received (push) or polls (poll); the taps' latency p95 with the phones connected over that of
phase 1; streams (push) or phones answered at their last poll (poll) at the end; and beside
them errors, refusals (429/403/404), the server's CPU seconds and resident memory (all its
processes, from /proc), its log's statuses and tracebacks. `--json PATH` writes every figure.

A request (tap, poll, redraw) unanswered within 30 s is counted as timed out; a stream asked
for waits as an EventSource does, and those still unanswered are counted at the end. The
connections each server process holds and those waiting in its accept queue are counted too:
granian's `--backpressure` caps the connections one worker holds, and a connection the kernel
gives a worker at the cap waits unserved however idle the others are. At granian's default
(backlog / workers = 256) a thousand streams filled three workers and taps waited in the queues
for over 30 s; `manage.py serve` now passes 4096 (and a backlog of 4096). Each phone holds a
socket here and in the server: this process raises its soft limit of open files to the hard one
if the phones need it, and `manage.py serve` raises the server's own (printed at the start).

`--selftest` checks the event-stream client against a small fake server in this process (chunks
split mid-line, CRLF and CR line ends, a dropped stream, retry, gone, 429) and exits.
Only 127.0.0.0/8 is contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import resource
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import (  # noqa: E402
    ACCESS_LINE,
    Server,
    in_django,
    postgres_database,
    process_stats,
)

GAME = "heroes-of-barcadia"
POLL_INTERVAL = 1.5  # the table page's hx-trigger="every 1500ms"
# live.js waits between 0 and this many ms before it fetches what a `changed` event told of.
REDRAW_SPREAD_MS = 150
# EventSource's reconnection time until the server sends `retry:` (browsers use about 3 s).
DEFAULT_RETRY = 3.0
# A request unanswered this long is counted as timed out (and the phone goes on): a browser
# would wait longer, but a phase must end, and the wait itself is what is reported.
REQUEST_TIMEOUT = 30.0
VERSION = re.compile(rb'data-version="(\d+)"')
CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


def source_address(index: int) -> str:
    """Phone `index`'s own loopback address: 127.0.0.2 … 127.0.0.251, 127.0.1.2 …"""
    return f"127.0.{index // 250}.{2 + index % 250}"


# -- HTTP/1.1 on raw asyncio streams -----------------------------------------------------------


class Head:
    """A response's status line and headers (names lower-cased; Set-Cookie kept as a list)."""

    def __init__(self, raw: bytes):
        status_line, *lines = raw.decode("latin-1").split("\r\n")
        self.status = int(status_line.split()[1])
        self.headers: dict[str, str] = {}
        self.cookies: list[str] = []
        for line in lines:
            if ":" not in line:
                continue
            name, value = line.split(":", 1)
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                self.cookies.append(value)
            self.headers[name] = value

    @property
    def chunked(self) -> bool:
        return "chunked" in self.headers.get("transfer-encoding", "").lower()

    @property
    def closes(self) -> bool:
        return self.headers.get("connection", "").lower() == "close"


def request_bytes(method: str, path: str, headers: dict, body: bytes = b"") -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if body or method == "POST":
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


async def read_head(reader: asyncio.StreamReader) -> Head:
    return Head((await reader.readuntil(b"\r\n\r\n"))[:-4])


async def body_chunks(reader: asyncio.StreamReader, head: Head, *, method: str = "GET"):
    """The body's bytes as they arrive: chunked, Content-Length or up to the end."""
    if method == "HEAD" or head.status in (204, 304) or 100 <= head.status < 200:
        return
    if head.chunked:
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                while (await reader.readuntil(b"\r\n")) != b"\r\n":
                    pass  # trailers
                return
            yield await reader.readexactly(size)
            await reader.readexactly(2)
    elif "content-length" in head.headers:
        left = int(head.headers["content-length"])
        while left:
            piece = await reader.read(min(left, 65536))
            if not piece:
                raise asyncio.IncompleteReadError(b"", left)
            left -= len(piece)
            yield piece
    else:
        while piece := await reader.read(65536):
            yield piece


async def read_body(reader: asyncio.StreamReader, head: Head) -> bytes:
    return b"".join([piece async for piece in body_chunks(reader, head)])


class Connection:
    """One phone's kept-alive connection from its own address (opened again when closed)."""

    def __init__(self, port: int, source: str):
        self.port, self.source = port, source
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.opens = 0
        self.lock = asyncio.Lock()

    async def request(
        self, method: str, path: str, headers: dict, body: bytes = b"", started: list | None = None
    ) -> tuple[Head, bytes]:
        """Send one request and read its answer; `started` gets the moment it was written."""
        async with self.lock:
            try:
                async with asyncio.timeout(REQUEST_TIMEOUT):
                    return await self._request(method, path, headers, body, started)
            except TimeoutError:
                self.close()  # its answer may still come: never read it as the next one's
                raise

    async def _request(self, method, path, headers, body, started) -> tuple[Head, bytes]:
        for attempt in (1, 2):
            fresh = self.writer is None
            if fresh:
                self.reader, self.writer = await asyncio.open_connection(
                    "127.0.0.1", self.port, local_addr=(self.source, 0)
                )
                self.opens += 1
            try:
                if started is not None and not started:
                    started.append(time.perf_counter())
                self.writer.write(request_bytes(method, path, headers, body))
                await self.writer.drain()
                head = await read_head(self.reader)
                content = await read_body(self.reader, head)
            except (OSError, asyncio.IncompleteReadError):
                self.close()
                # A kept-alive connection the server had closed meanwhile fails before any
                # answer: send once more on a new one (a repeated tap is refused by version).
                if fresh or attempt == 2:
                    raise
                continue
            if head.closes:
                self.close()
            return head, content
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


# -- server-sent events -----------------------------------------------------------------------


@dataclass
class Event:
    type: str
    data: str
    id: str | None
    # A browser's EventSource dispatches no event whose block had no data line (a bare
    # "event: ping" keeps the connection busy but reaches no listener).
    dispatched: bool


class EventStream:
    """The event-stream parser of the HTML standard (server-sent events), fed bytes."""

    def __init__(self):
        self.pending = b""
        self.data: list[str] = []
        self.type = ""
        self.last_id: str | None = None
        self.retry: int | None = None
        self.comments = 0
        self.block = False  # an event or data field since the last blank line
        self.first = True

    def feed(self, chunk: bytes) -> list[Event]:
        self.pending += chunk
        events = []
        while True:
            cut = min(
                (i for i in (self.pending.find(b"\r"), self.pending.find(b"\n")) if i >= 0),
                default=-1,
            )
            if cut < 0:
                return events
            end = cut + 1
            if self.pending[cut : cut + 1] == b"\r":
                if cut + 1 == len(self.pending):
                    return events  # a CR at the end of a chunk may be half of a CRLF
                if self.pending[cut + 1 : cut + 2] == b"\n":
                    end += 1
            line = self.pending[:cut].decode("utf-8", errors="replace")
            self.pending = self.pending[end:]
            if self.first:
                line = line.removeprefix("\ufeff")
                self.first = False
            event = self.line(line)
            if event is not None:
                events.append(event)

    def line(self, line: str) -> Event | None:
        if not line:
            if not self.block:
                return None
            event = Event(
                self.type or "message", "\n".join(self.data), self.last_id, bool(self.data)
            )
            self.data, self.type, self.block = [], "", False
            return event
        if line.startswith(":"):
            self.comments += 1
            return None
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            self.data.append(value)
            self.block = True
        elif name == "event":
            self.type = value
            self.block = True
        elif name == "id" and "\0" not in value:
            self.last_id = value
        elif name == "retry" and value.isdigit():
            self.retry = int(value)
        return None


# -- phones -----------------------------------------------------------------------------------


@dataclass
class Phone:
    """One guest's phone at a table, and what it did and saw in the current phase."""

    index: int
    table: int
    cookie: str
    active: bool  # at one of the --tables tables (the others only stay connected)
    writer: bool
    version: int
    source: str = ""
    requests: int = 0  # stream opens (push) or polls (poll)
    pings: int = 0
    ping_gaps: list = field(default_factory=list)  # seconds since the stream's last event
    last_event: float = 0.0
    undispatched: int = 0
    comments: int = 0
    hellos: int = 0
    drops: int = 0  # streams that ended without `gone`
    gone: int = 0
    errors: int = 0
    timeouts: int = 0  # requests unanswered within REQUEST_TIMEOUT
    waiting: bool = False  # a stream asked for, its answer's head not yet come
    refused: int | None = None  # the status an EventSource gives up on
    statuses: Counter = field(default_factory=Counter)
    seen: list = field(default_factory=list)  # (version, moment) of each change learnt
    open_now: bool = False  # a stream open, hello received
    answered_last: bool = False  # poll: the last poll was answered
    latencies: list = field(default_factory=list)  # poll: each poll's; push: each redraw's
    redraws: int = 0
    redraw_waiting: bool = False  # a redraw told of, its pause not over (the page's timer)
    hello_delay: float | None = None
    connection: Connection | None = None

    def fresh(self) -> Phone:
        """The same phone at the start of a phase, showing its table's version."""
        return Phone(
            self.index, self.table, self.cookie, self.active, self.writer, self.version, self.source
        )


async def redraw(phone: Phone, port: int, shown: int, learnt: float, spread: float) -> None:
    """What the page does on `changed`: a pause drawn in `spread` s, then fetch this phone's
    regions that differ."""
    phone.redraw_waiting = True
    try:
        await asyncio.sleep(random.uniform(0, spread))
    finally:
        phone.redraw_waiting = False
    try:
        head, _body = await phone.connection.request(
            "GET",
            f"/tables/{phone.table}/live/?v={shown}",
            {"Cookie": phone.cookie, "HX-Request": "true"},
        )
    except TimeoutError:
        phone.timeouts += 1
        return
    except (OSError, asyncio.IncompleteReadError):
        phone.errors += 1
        return
    phone.redraws += 1
    phone.statuses[f"redraw {head.status}"] += 1
    phone.latencies.append((time.perf_counter() - learnt) * 1000)


async def follow(phone: Phone, port: int, stop: asyncio.Event, draw: bool, spread: float) -> None:
    """One phone's EventSource: hold a stream, read its events, reconnect as a browser does."""
    retry = DEFAULT_RETRY
    last_id = None
    opened = time.perf_counter()
    tasks = set()
    while not stop.is_set():
        writer = None
        parser = EventStream()
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(phone.source, 0)
            )
            phone.requests += 1
            headers = {
                "Cookie": phone.cookie,
                "Accept": "text/event-stream",
                "Cache-Control": "no-cache",
            }
            if last_id is not None:
                headers["Last-Event-ID"] = last_id
            path = f"/live/{GAME}/{phone.table}/?v={phone.version}"
            writer.write(request_bytes("GET", path, headers))
            await writer.drain()
            # EventSource waits for the answer as long as it takes: so does this phone, and
            # the phones still waiting at the end are counted.
            phone.waiting = True
            head = await read_head(reader)
            phone.waiting = False
            phone.statuses[head.status] += 1
            kind = head.headers.get("content-type", "")
            if head.status != 200 or not kind.startswith("text/event-stream"):
                # EventSource fails for good on any other answer (no reconnection).
                phone.refused = head.status
                return
            async for chunk in body_chunks(reader, head):
                now = time.perf_counter()
                for event in parser.feed(chunk):
                    if event.type == "ping" and phone.last_event:
                        phone.ping_gaps.append(now - phone.last_event)
                    phone.last_event = now
                    if not event.dispatched:
                        phone.undispatched += 1
                    if event.type == "hello":
                        phone.hellos += 1
                        phone.open_now = True
                        if phone.hello_delay is None:
                            phone.hello_delay = now - opened
                    elif event.type == "changed":
                        version = int(event.data)
                        phone.seen.append((version, now))
                        if version > phone.version:
                            shown, phone.version = phone.version, version
                            if draw and not phone.redraw_waiting:
                                task = asyncio.create_task(redraw(phone, port, shown, now, spread))
                                tasks.add(task)
                                task.add_done_callback(tasks.discard)
                    elif event.type == "ping":
                        phone.pings += 1
                    elif event.type == "gone":
                        phone.gone += 1
                        return
                last_id = parser.last_id
                if parser.retry is not None:
                    retry = parser.retry / 1000
            phone.drops += 1  # the stream ended without `gone`
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError):
            phone.errors += 1
        finally:
            phone.open_now = phone.waiting = False
            phone.comments += parser.comments
            if writer is not None:
                writer.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), retry)


async def poll(phone: Phone, port: int, stop: asyncio.Event) -> None:
    """One phone as today's table page: a check every 1.5 s on a kept-alive connection."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(random.random() * POLL_INTERVAL)  # pages opened at different moments
    due = loop.time()
    while not stop.is_set():
        started = time.perf_counter()
        phone.requests += 1
        try:
            head, body = await phone.connection.request(
                "GET",
                f"/tables/{phone.table}/live/?v={phone.version}",
                {"Cookie": phone.cookie, "HX-Request": "true"},
            )
        except TimeoutError:
            phone.timeouts += 1
            phone.answered_last = False
        except (OSError, asyncio.IncompleteReadError, ValueError):
            phone.errors += 1
            phone.answered_last = False
        else:
            now = time.perf_counter()
            phone.statuses[head.status] += 1
            phone.latencies.append((now - started) * 1000)
            phone.answered_last = head.status in (200, 204)
            found = VERSION.search(body) if head.status == 200 else None
            if found:
                version = int(found.group(1))
                phone.seen.append((version, now))
                phone.version = max(phone.version, version)
        due = max(due + POLL_INTERVAL, loop.time())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), due - loop.time())


# -- taps -------------------------------------------------------------------------------------


@dataclass
class Tap:
    table: int
    version: int | None
    sent: float
    answered: float
    status: int | str


class Tapper:
    """The phone of a table that heals its hero: its CSRF token, the version it shows."""

    def __init__(self, phone: Phone, port: int):
        self.phone, self.port = phone, port
        self.connection = Connection(port, phone.source)
        self.csrf = ""
        self.token = ""
        self.version = phone.version
        # The same phone as the current phase has it: its page shows what the tap answered.
        self.shown: Phone | None = None
        # A tap given up on may still be applied later: the next one reads the table first,
        # or its answer (out of date, at the newer version) would pass for a change of its own.
        self.unsure = False

    async def load(self) -> None:
        """Open the table page, as the phone did: its form's token and the version drawn."""
        head, page = await self.connection.request(
            "GET", f"/tables/{self.phone.table}/", {"Cookie": self.phone.cookie}
        )
        if head.status != 200:
            raise RuntimeError(f"table page {self.phone.table}: {head.status}")
        self.token = CSRF.search(page).group(1).decode()
        for cookie in head.cookies:
            if cookie.startswith("csrftoken="):
                self.csrf = cookie.split(";")[0]
        self.version = int(VERSION.search(page).group(1))

    async def tap(self) -> Tap:
        """Heal 5 (a light action) at the version shown; the table moves on for the others."""
        if self.unsure:
            with contextlib.suppress(Exception):
                await self.load()
                self.unsure = False
        form = f"version={self.version}&amount=5&csrfmiddlewaretoken={self.token}".encode()
        started: list[float] = []
        try:
            head, answer = await self.connection.request(
                "POST",
                f"/tables/{self.phone.table}/act/heal/",
                {
                    "Cookie": f"{self.phone.cookie}; {self.csrf}",
                    "Content-Type": "application/x-www-form-urlencoded",
                    "HX-Request": "true",
                },
                form,
                started,
            )
        except (OSError, asyncio.IncompleteReadError, ValueError) as error:
            self.unsure = True
            now = time.perf_counter()
            return Tap(
                self.phone.table, None, started[0] if started else now, now, type(error).__name__
            )
        answered = time.perf_counter()
        found = VERSION.search(answer)
        version = int(found.group(1)) if found else None
        if head.status != 200 or version is None or version <= self.version:
            with contextlib.suppress(Exception):
                await self.load()  # out of step: read the table again before the next tap
            return Tap(self.phone.table, None, started[0], answered, head.status)
        self.version = version
        if self.shown is not None:
            self.shown.version = max(self.shown.version, version)
        return Tap(self.phone.table, version, started[0], answered, head.status)


async def tap_loop(tapper: Tapper, start: float, period: float, end: float, taps: list) -> None:
    """This table's taps: every `period` seconds from `start` until `end` (loop time)."""
    loop = asyncio.get_running_loop()
    due = start
    while due < end:
        await asyncio.sleep(max(0.0, due - loop.time()))
        taps.append(await tapper.tap())
        due += period
        while due < loop.time():
            # A player whose tap took longer than the period taps again when it is answered,
            # not once for each period missed meanwhile.
            due += period


# -- the server's processes -------------------------------------------------------------------


def group_processes(group: int) -> list[int]:
    """The pids of the server's process group (granian's main process and its workers)."""
    return [pid for pid, fields in process_stats() if int(fields[2]) == group]  # pgrp


def cpu_seconds(group: int) -> float:
    """CPU seconds (user + system) used so far by the server's live processes."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in group_processes(group):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def resident_mb(group: int) -> float:
    """Resident memory of the server's processes, summed (MB; shared pages count in each)."""
    total = 0
    for pid in group_processes(group):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return round(total / 1024, 1)


def socket_census(port: int, group: int) -> dict:
    """The connections to the server's port: how many each of its processes holds, and how
    many wait in the listening sockets' accept queues (connected, never taken by a worker).

    granian's --backpressure caps the connections a worker holds (by default its backlog over
    the workers: 1024 / 4 = 256); a worker at the cap accepts no more, and the connections the
    kernel hands it (SO_REUSEPORT) wait there, however idle the other workers are.
    """
    sockets = []  # (state, receive queue, inode)
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                parts = line.split()
                if int(parts[1].rsplit(":", 1)[1], 16) == port:
                    sockets.append((parts[3], int(parts[4].split(":")[1], 16), parts[9]))
    established = {inode for state, _, inode in sockets if state == "01" and inode != "0"}
    held = []
    for pid in group_processes(group):
        count = 0
        with contextlib.suppress(OSError):
            for fd in os.listdir(f"/proc/{pid}/fd"):
                with contextlib.suppress(OSError):
                    link = os.readlink(f"/proc/{pid}/fd/{fd}")
                    if link.startswith("socket:[") and link[8:-1] in established:
                        count += 1
        if count:
            held.append(count)
    return {
        "held_per_process": sorted(held, reverse=True),
        "accept_queues": sum(queue for state, queue, _ in sockets if state == "0A"),
        "connected_not_accepted": sum(
            1 for state, _, inode in sockets if state == "01" and inode == "0"
        ),
    }


def open_files_limit(pid: int) -> str:
    """The server's own "Max open files" (soft, hard), as /proc says."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
            if line.startswith("Max open files"):
                return " / ".join(line.split()[3:5])
    return "?"


def raise_open_files(wanted: int) -> tuple[int, int]:
    """Raise this process's soft limit of open files to the hard one if `wanted` needs it.

    The server started afterwards inherits the raised limit: granian's workers hold a socket
    per stream, as this process does per phone (plus one per tap and redraw connection).
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        new = hard if hard == resource.RLIM_INFINITY else min(hard, max(wanted, soft))
        if hard != resource.RLIM_INFINITY and hard < wanted:
            print(f"open files: the hard limit {hard} is below the {wanted} sockets needed")
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)


def log_statuses(text: str) -> dict:
    """Statuses of the requests the server's access log shows in `text`, by path kind."""
    statuses: Counter = Counter()
    for match in ACCESS_LINE.finditer(text):
        path = match["path"]
        if path.startswith("/live/"):
            kind = "stream"
        elif "/act/" in path:
            kind = "tap"
        elif "/live/" in path:
            kind = "check"
        else:
            kind = "other"
        statuses[f"{kind} {match['status']}"] += 1
    return dict(sorted(statuses.items()))


# -- figures ----------------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float | None:
    ordered = sorted(values)
    if not ordered:
        return None
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * share))], 1)


def spread(values: list[float]) -> dict:
    return {
        "count": len(values),
        "p50": percentile(values, 0.5),
        "p95": percentile(values, 0.95),
        "p99": percentile(values, 0.99),
        "max": round(max(values), 1) if values else None,
        "mean": round(statistics.mean(values), 1) if values else None,
    }


def changes_seen(taps: list[Tap], phones: list[Phone]) -> dict:
    """For each tap, when each other phone of its table learnt of its version (or a later)."""
    return seen_figures(*moments_seen(taps, phones))


def seen_figures(after_sent: list[float], after_answer: list[float], missed: int) -> dict:
    return {
        "after_tap_sent_ms": spread(after_sent),
        "after_tap_answer_ms": spread(after_answer),
        "missed": missed,
    }


def moments_seen(taps: list[Tap], phones: list[Phone]) -> tuple[list[float], list[float], int]:
    """How long after each tap was sent, and after it was answered, each other phone of its
    table learnt of it (ms); and how many never did."""
    by_table: dict[int, list[Phone]] = {}
    for phone in phones:
        by_table.setdefault(phone.table, []).append(phone)
    after_sent, after_answer, missed = [], [], 0
    for tap in taps:
        if tap.version is None:
            continue
        for phone in by_table[tap.table]:
            if phone.writer:
                continue
            moment = next((t for v, t in phone.seen if v >= tap.version and t >= tap.sent), None)
            if moment is None:
                missed += 1
                continue
            after_sent.append((moment - tap.sent) * 1000)
            after_answer.append((moment - tap.answered) * 1000)
    return after_sent, after_answer, missed


def tap_figures(taps: list[Tap]) -> dict:
    """The taps' latency: answered ones, and those given up on at REQUEST_TIMEOUT (a lower
    bound of theirs), so that a server that never answers does not look fast."""
    statuses = Counter(str(tap.status) for tap in taps)
    timed = [t for t in taps if t.version is not None or t.status == "TimeoutError"]
    return {
        "latency_ms": spread([(t.answered - t.sent) * 1000 for t in timed]),
        "statuses": dict(statuses),
        "failed": sum(1 for tap in taps if tap.version is None),
    }


class Watch:
    """The server's CPU, memory and log over one phase (memory sampled every second)."""

    def __init__(self, server: Server):
        self.server = server
        self.group = server.process.pid

    async def __aenter__(self) -> Watch:
        self.log_from = len(self.server.log_text())
        self.cpu = cpu_seconds(self.group)
        self.client = resource.getrusage(resource.RUSAGE_SELF)
        self.started = time.monotonic()
        self.peak = resident_mb(self.group)
        self.census_peak = {"held_most": 0, "accept_queues": 0, "connected_not_accepted": 0}
        self.sampler = asyncio.create_task(self.sample())
        return self

    async def sample(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            self.peak = max(self.peak, resident_mb(self.group))
            census = socket_census(self.server.port, self.group)
            most = census["held_per_process"][0] if census["held_per_process"] else 0
            peak = self.census_peak
            peak["held_most"] = max(peak["held_most"], most)
            for key in ("accept_queues", "connected_not_accepted"):
                peak[key] = max(peak[key], census[key])

    async def __aexit__(self, *exc) -> None:
        self.sampler.cancel()
        elapsed = time.monotonic() - self.started
        client = resource.getrusage(resource.RUSAGE_SELF)
        text = self.server.log_text()[self.log_from :]
        self.figures = {
            "seconds": round(elapsed, 1),
            "server_cpu_s": round(cpu_seconds(self.group) - self.cpu, 2),
            "server_cpu_share_of_2_cores": round(
                (cpu_seconds(self.group) - self.cpu) / (elapsed * (os.cpu_count() or 1)), 3
            ),
            "server_resident_mb_peak": self.peak,
            "server_resident_mb_end": resident_mb(self.group),
            "server_processes": len(group_processes(self.group)),
            "sockets_peak": self.census_peak,
            "client_cpu_s": round(
                client.ru_utime + client.ru_stime - self.client.ru_utime - self.client.ru_stime, 2
            ),
            "log_statuses": log_statuses(text),
            "log_tracebacks": text.count("Traceback (most recent call last)"),
            "log_database_is_locked": text.count("database is locked"),
            "log_errors": [
                line[:300]
                for line in text.splitlines()
                if not ACCESS_LINE.search(line) and re.search(r"error|exception", line, re.I)
            ][:20],
            "load_average": Path("/proc/loadavg").read_text().split()[:3],
        }


# -- the phases -------------------------------------------------------------------------------


async def run_taps(tappers: list[Tapper], seconds: float, period: float) -> list[Tap]:
    """Every tapper taps every `period` s for `seconds`, the tables spread over the period."""
    loop = asyncio.get_running_loop()
    start = loop.time() + 0.2
    taps: list[Tap] = []
    await asyncio.gather(
        *[
            tap_loop(t, start + i * period / len(tappers), period, start + seconds, taps)
            for i, t in enumerate(tappers)
        ]
    )
    # The phase lasts its length even when the period leaves the last slots empty.
    await asyncio.sleep(max(0.0, start + seconds - loop.time()))
    return taps


async def quiet_phase(server: Server, tappers: list[Tapper], seconds: float, args) -> dict:
    async with Watch(server) as watch:
        taps = await run_taps(tappers, seconds, args.change_every)
    return {"taps": tap_figures(taps), "server": watch.figures, "raw_taps": taps}


async def phones_phase(
    mode: str, server: Server, phones: list[Phone], tappers: list[Tapper], seconds: float, args
) -> dict:
    """`mode` "push" or "poll": every phone connected, the taps, then what each saw (the raw
    taps and moments too, under "raw_", for pooling rounds)."""
    loop = asyncio.get_running_loop()
    for tapper in tappers:
        tapper.phone.version = tapper.version  # the others show the same: nothing happened since
    versions = {t.phone.table: t.version for t in tappers}
    now_phones = [phone.fresh() for phone in phones]
    for phone in now_phones:
        phone.version = versions.get(phone.table, phone.version)
        phone.connection = Connection(server.port, phone.source)
    for tapper in tappers:
        tapper.shown = next(p for p in now_phones if p.index == tapper.phone.index)
    stop = asyncio.Event()
    async with Watch(server) as watch:
        tasks = []
        ramp_started = time.monotonic()
        for n, phone in enumerate(now_phones):
            if mode == "push":
                tasks.append(
                    asyncio.create_task(
                        follow(phone, server.port, stop, args.redraw, args.redraw_spread / 1000)
                    )
                )
            else:
                tasks.append(asyncio.create_task(poll(phone, server.port, stop)))
            if n % 50 == 49:
                # Phones arrive at args.ramp a second: a thousand SYNs at once would overflow
                # the listen backlog, which is no case this measures.
                await asyncio.sleep(50 / args.ramp)
        settle = loop.time() + 15
        while mode == "push" and loop.time() < settle:
            waiting = sum(1 for p in now_phones if not p.open_now and p.refused is None)
            if not waiting:
                break
            await asyncio.sleep(0.2)
        ramp = time.monotonic() - ramp_started
        open_before = sum(p.open_now for p in now_phones)
        if mode == "poll":
            await asyncio.sleep(POLL_INTERVAL)  # every phone has polled once
        taps = await run_taps(tappers, seconds, args.change_every)
        # The last taps' changes have time to reach every phone (a poll's interval at most).
        await asyncio.sleep(POLL_INTERVAL + 1.0 if mode == "poll" else 2.0)
        held = sum(p.open_now for p in now_phones) if mode == "push" else None
        waiting = sum(p.waiting for p in now_phones)
        census = socket_census(server.port, server.process.pid)
        answered = sum(p.answered_last for p in now_phones)
        stop.set()
        await asyncio.sleep(0.1)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for phone in now_phones:
            phone.connection.close()
    for tapper in tappers:
        tapper.shown = None
    phase_minutes = watch.figures["seconds"] / 60
    idle = [p for p in now_phones if not p.active] or [p for p in now_phones if not p.writer]
    statuses: Counter = Counter()
    for phone in now_phones:
        statuses.update({str(k): v for k, v in phone.statuses.items()})
    requests = sum(p.requests for p in idle)
    pings = sum(p.pings for p in idle)
    figures = {
        "mode": mode,
        "phones": len(now_phones),
        "idle_phones": len(idle),
        "connect_seconds": round(ramp, 1),
        "open_before_taps": open_before if mode == "push" else None,
        "connected_at_end": held if mode == "push" else answered,
        "streams_unanswered_at_end": waiting if mode == "push" else None,
        "sockets_at_end": census,
        "timeouts": sum(p.timeouts for p in now_phones),
        "raw_taps": taps,
        "raw_seen": moments_seen(taps, now_phones),
        "idle_requests_per_phone_per_minute": round(
            (requests + pings) / len(idle) / phase_minutes, 2
        ),
        "idle_opens_per_phone_per_minute": round(requests / len(idle) / phase_minutes, 2),
        "idle_pings_per_phone_per_minute": round(pings / len(idle) / phase_minutes, 2),
        # The first open is paid once per page view, whatever its length: the steady cost.
        "idle_after_first_per_phone_per_minute": round(
            (requests - len(idle) + pings) / len(idle) / phase_minutes, 2
        ),
        "requests": sum(p.requests for p in now_phones),
        "connections_opened": sum(p.connection.opens for p in now_phones),
        "pings": sum(p.pings for p in now_phones),
        "events_not_dispatched": sum(p.undispatched for p in now_phones),
        "comments": sum(p.comments for p in now_phones),
        "drops": sum(p.drops for p in now_phones),
        "gone": sum(p.gone for p in now_phones),
        "errors": sum(p.errors for p in now_phones),
        "refused": dict(Counter(str(p.refused) for p in now_phones if p.refused is not None)),
        "statuses": dict(sorted(statuses.items())),
        "taps": tap_figures(taps),
        "server": watch.figures,
    }
    figures["change_seen"] = seen_figures(*figures["raw_seen"])
    if mode == "push":
        delays = [p.hello_delay * 1000 for p in now_phones if p.hello_delay is not None]
        figures["hello_after_open_ms"] = spread(delays)
        gaps = [gap for p in idle for gap in p.ping_gaps]
        figures["idle_ping_gap_s"] = spread(gaps)
        # What an idle phone costs once the phase's length no longer matters: a ping per gap,
        # plus the reconnections seen (a phase too short for a ping gives none).
        reconnects = (requests - len(idle)) / len(idle) / phase_minutes
        figures["idle_steady_per_phone_per_minute"] = (
            round(60 / statistics.median(gaps) + reconnects, 2) if gaps else None
        )
        figures["redraw_after_event_ms"] = spread([ms for p in now_phones for ms in p.latencies])
    else:
        figures["poll_latency_ms"] = spread([ms for p in now_phones for ms in p.latencies])
    return figures


def headline(figures: dict, quiet_p95: float | None) -> list[str]:
    """The four lines the brief asks for, word for word; keeps the tap ratio in `figures`."""
    sent = figures["change_seen"]["after_tap_sent_ms"]
    with_p95 = figures["taps"]["latency_ms"]["p95"]
    ratio = round(with_p95 / quiet_p95, 2) if with_p95 and quiet_p95 else None
    figures["tap_p95_ratio"] = ratio
    return [
        f"change seen p50 = {fmt(sent['p50'])} ms, p95 = {fmt(sent['p95'])} ms",
        f"idle requests per phone per minute = {figures['idle_requests_per_phone_per_minute']}",
        f"tap p95 with phones / without = {ratio}",
        f"connected phones = {figures['connected_at_end']}",
    ]


def say(prefix: str, figures: dict, quiet_p95: float | None) -> list[str]:
    """The lines the brief asks for (and a few beside them) for one mode."""
    seen = figures["change_seen"]
    sent, answer = seen["after_tap_sent_ms"], seen["after_tap_answer_ms"]
    with_p95 = figures["taps"]["latency_ms"]["p95"]
    server = figures["server"]
    push = figures["mode"] == "push"
    at_end, peak = figures["sockets_at_end"], server["sockets_peak"]
    lines = [
        *headline(figures, quiet_p95),
        f"change seen (from just before the tap was sent: an upper bound on commit -> "
        f"{'event' if figures['mode'] == 'push' else 'poll answer'}) p99 = {fmt(sent['p99'])} ms, "
        f"max = {fmt(sent['max'])} ms, n = {sent['count']}, missed = {seen['missed']}",
        f"change seen after the tap's answer p50 = {fmt(answer['p50'])} ms, "
        f"p95 = {fmt(answer['p95'])} ms",
        f"tap latency with phones p50 = {fmt(figures['taps']['latency_ms']['p50'])} ms, "
        f"p95 = {fmt(with_p95)} ms, without p95 = {fmt(quiet_p95)} ms (a tap timed out counts "
        f"as {REQUEST_TIMEOUT:.0f} s); taps {figures['taps']['statuses']}",
        f"idle phone per minute: {'stream opens' if push else 'polls'} "
        f"{figures['idle_opens_per_phone_per_minute']}, pings "
        f"{figures['idle_pings_per_phone_per_minute']}; without each phone's first request "
        f"{figures['idle_after_first_per_phone_per_minute']} ({figures['idle_phones']} idle phones)"
        + (
            f"; a ping every {fmt(figures['idle_ping_gap_s']['p50'])} s (median): steady "
            f"{figures['idle_steady_per_phone_per_minute']} a minute"
            if push
            else ""
        ),
        f"requests {figures['requests']}, {'redraw' if push else 'poll'} connections opened "
        f"{figures['connections_opened']}, "
        f"drops {figures['drops']}, errors {figures['errors']}, timeouts "
        f"(> {REQUEST_TIMEOUT:.0f} s) {figures['timeouts']}, refused {figures['refused']}, "
        f"gone {figures['gone']}",
        f"server sockets at the end: held per process {at_end['held_per_process']}, waiting "
        f"in accept queues {at_end['accept_queues']}; peak over the phase: one process held "
        f"{peak['held_most']}, accept queues {peak['accept_queues']}",
        f"server: CPU {server['server_cpu_s']} s in {server['seconds']} s "
        f"({server['server_cpu_share_of_2_cores'] * 100:.0f} % of the cores), resident "
        f"{server['server_resident_mb_peak']} MB peak in {server['server_processes']} processes; "
        f"client CPU {server['client_cpu_s']} s; load {' '.join(server['load_average'])}",
        f"server log: {server['log_statuses']}, tracebacks {server['log_tracebacks']}, "
        f"database is locked {server['log_database_is_locked']}",
    ]
    if figures["mode"] == "push":
        hello, draw = figures["hello_after_open_ms"], figures["redraw_after_event_ms"]
        lines.append(
            f"streams open before the taps {figures['open_before_taps']} of {figures['phones']}, "
            f"asked for and still unanswered at the end {figures['streams_unanswered_at_end']} "
            f"(connecting took {figures['connect_seconds']} s; hello p95 {fmt(hello['p95'])} ms); "
            f"screen redrawn after the event (its pause included) p50 = {fmt(draw['p50'])} ms, p95 = {fmt(draw['p95'])} ms; "
            f"events a browser would not dispatch {figures['events_not_dispatched']}"
        )
    else:
        check = figures["poll_latency_ms"]
        lines.append(
            f"poll latency p50 = {fmt(check['p50'])} ms, p95 = {fmt(check['p95'])} ms, "
            f"p99 = {fmt(check['p99'])} ms"
        )
    return [prefix + line for line in lines]


def fmt(value) -> str:
    return "-" if value is None else f"{value:.0f}" if abs(value) >= 10 else f"{value}"


def block_order(round_index: int, modes: list[str]) -> list[str]:
    """The blocks of one round: the taps without phones first in even rounds and last in odd
    ones (ABBA), so that a machine slowing down or speeding up over the run weighs on both."""
    blocks = ["quiet", *modes]
    return blocks if round_index % 2 == 0 else blocks[::-1]


def pooled(rounds: list[dict], mode: str) -> dict:
    """One mode's headline figures over every round: taps and moments pooled, the idle phones'
    requests averaged, the phones connected at the end the fewest of any round."""
    blocks = [r[mode] for r in rounds]
    after_sent, after_answer, missed = [], [], 0
    for block in blocks:
        sent, answer, lost = block["raw_seen"]
        after_sent += sent
        after_answer += answer
        missed += lost
    idle = [b["idle_requests_per_phone_per_minute"] for b in blocks]
    return {
        "mode": mode,
        "rounds": len(blocks),
        "taps": tap_figures([t for b in blocks for t in b["raw_taps"]]),
        "quiet_taps": tap_figures([t for r in rounds for t in r["quiet"]["raw_taps"]]),
        "change_seen": seen_figures(after_sent, after_answer, missed),
        "idle_requests_per_phone_per_minute": round(statistics.mean(idle), 2),
        "connected_at_end": min(b["connected_at_end"] for b in blocks),
    }


def say_pooled(prefix: str, figures: dict) -> list[str]:
    """The four lines the brief asks for, over every round."""
    with_p95 = figures["taps"]["latency_ms"]["p95"]
    quiet_p95 = figures["quiet_taps"]["latency_ms"]["p95"]
    lines = [
        *headline(figures, quiet_p95),
        f"tap latency with phones p50 = {fmt(figures['taps']['latency_ms']['p50'])} ms, "
        f"p95 = {fmt(with_p95)} ms, n = {figures['taps']['latency_ms']['count']}; without "
        f"p50 = {fmt(figures['quiet_taps']['latency_ms']['p50'])} ms, p95 = {fmt(quiet_p95)} ms, "
        f"n = {figures['quiet_taps']['latency_ms']['count']}",
    ]
    return [prefix + line for line in lines]


def without_raw(figures: dict) -> dict:
    return {key: value for key, value in figures.items() if not key.startswith("raw_")}


async def bench(server: Server, phones: list[Phone], args) -> dict:
    for phone in phones:
        phone.source = source_address(phone.index)
    tappers = [Tapper(phone, server.port) for phone in phones if phone.writer]
    for tapper in tappers:
        await tapper.load()
    modes = ["push", "poll"] if args.mode == "both" else [args.mode]
    rounds: list[dict] = []
    for index in range(args.rounds):
        blocks: dict = {}
        heading = f"round {index + 1} of {args.rounds}: " if args.rounds > 1 else ""
        for block in block_order(index, modes):
            if block == "quiet":
                seconds = args.quiet_seconds / args.rounds
                blocks["quiet"] = await quiet_phase(server, tappers, seconds, args)
                taps = blocks["quiet"]["taps"]["latency_ms"]
                print(
                    f"{heading}taps without phones: p50 = {fmt(taps['p50'])} ms, p95 = "
                    f"{fmt(taps['p95'])} ms, {blocks['quiet']['taps']['statuses']}",
                    flush=True,
                )
            else:
                seconds = args.seconds / args.rounds
                blocks[block] = await phones_phase(block, server, phones, tappers, seconds, args)
        quiet_p95 = blocks["quiet"]["taps"]["latency_ms"]["p95"]
        for mode in modes:
            prefix = heading + ("" if mode == "push" else "poll: ")
            for line in say(prefix, blocks[mode], quiet_p95):
                print(line, flush=True)
        rounds.append(blocks)
    report: dict = {
        "rounds": [{name: without_raw(f) for name, f in blocks.items()} for blocks in rounds]
    }
    if args.rounds > 1:
        print(f"over the {args.rounds} rounds, pooled:", flush=True)
        report["pooled"] = {}
        for mode in modes:
            figures = pooled(rounds, mode)
            for line in say_pooled("" if mode == "push" else "poll: ", figures):
                print(line, flush=True)
            report["pooled"][mode] = figures
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=6, choices=range(2, 7))
    # Three minutes a phase: the tap ratio is a p95 over 900 taps; over a minute's 300 it moved
    # by ±0.2 from one run to the next (docs/performance.md).
    parser.add_argument("--seconds", type=float, default=180, help="with phones, all rounds")
    parser.add_argument("--quiet-seconds", type=float, help="without phones (--seconds)")
    # The blocks with and without phones take turns: three minutes in one block each moved the
    # ratio by as much as 0.7 from one run to the next on this shared machine.
    parser.add_argument("--rounds", type=int, default=3, help="blocks of each, in turn (ABBA)")
    parser.add_argument("--change-every", type=float, default=10)
    parser.add_argument("--connected", type=int, default=1000)
    parser.add_argument("--mode", choices=["push", "poll", "both"], default="both")
    parser.add_argument("--ramp", type=float, default=200, help="phones connecting a second")
    parser.add_argument("--no-redraw", dest="redraw", action="store_false")
    parser.add_argument(
        "--redraw-spread",
        type=float,
        default=REDRAW_SPREAD_MS,
        help="ms: the longest pause before a redraw (live.js's; 0: at once)",
    )
    parser.add_argument("--json", type=Path)
    parser.add_argument("--selftest", action="store_true")
    args = parser.parse_args()
    if args.selftest:
        asyncio.run(selftest())
        return
    args.quiet_seconds = args.quiet_seconds or args.seconds
    active = args.tables * args.phones
    connected = max(args.connected, active)
    limit = raise_open_files(2 * connected + 256)
    print(f"open files limit (this process, inherited by the server): {limit[0]} / {limit[1]}")

    with contextlib.ExitStack() as stack:
        url = None
        if args.backend == "postgresql":
            url = stack.enter_context(postgres_database("cardrpg_live"))
        server = stack.enter_context(Server(database_url=url, label="live"))
        started = time.monotonic()
        server.prepare()
        setup = json.loads(
            in_django(
                server.env,
                "bench.barcadia_setup",
                str(args.tables),
                str(args.phones),
                "--idle-phones",
                str(connected - active),
                "--no-in-process",
            )
        )
        print(
            f"set up {len(setup['phones'])} phones at "
            f"{len({p['table'] for p in setup['phones']})} tables in "
            f"{time.monotonic() - started:.0f} s ({server.backend})",
            flush=True,
        )
        server.start()
        print(
            f"server {server.server} on port {server.port}, pid {server.process.pid}, open files "
            f"limit {open_files_limit(server.process.pid)}",
            flush=True,
        )
        phones, first = [], set()
        for index, made in enumerate(setup["phones"]):
            writer = made["active"] and made["table"] not in first
            first.add(made["table"])
            phones.append(
                Phone(
                    index=index,
                    table=made["table"],
                    cookie=f"{made['cookie']}={made['value']}",
                    active=made["active"],
                    writer=writer,
                    version=made["version"],
                )
            )
        report = asyncio.run(bench(server, phones, args))
        report["server_log"] = server.scan_log()
        report["arguments"] = {k: str(v) for k, v in vars(args).items()}
        report["backend"] = server.backend
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))


# -- the self-test ----------------------------------------------------------------------------


async def selftest() -> None:
    """The event-stream client against a fake server that breaks the stream in awkward ways."""
    # The parser alone: a CRLF split across chunks, a lone CR, a BOM, comments, multi-line data.
    parser = EventStream()
    events = []
    for piece in [b"\xef\xbb\xbfretry: 250\r", b"\n\r\nevent: hello\rdata: 3\r", b"\r: hi\n"]:
        events += parser.feed(piece)
    events += parser.feed(b"event: ping\n\nevent: gone\ndata: <p>a</p>\ndata: <p>b</p>\n\n")
    assert parser.retry == 250, parser.retry
    assert [(e.type, e.data, e.dispatched) for e in events] == [
        ("hello", "3", True),
        ("ping", "", False),
        ("gone", "<p>a</p>\n<p>b</p>", True),
    ], events
    assert parser.comments == 1

    connections: list[dict] = []

    async def serve(reader, writer):
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
        request_line, *lines = head.split("\r\n")
        path = request_line.split()[1]
        headers = dict(line.split(": ", 1) for line in lines if ": " in line)
        connections.append(
            {"path": path, "headers": headers, "peer": writer.get_extra_info("peername")[0]}
        )

        async def chunk(data: bytes) -> None:
            writer.write(b"%x\r\n%s\r\n" % (len(data), data))
            await writer.drain()
            await asyncio.sleep(0.01)

        start = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
        if path.startswith("/live/heroes-of-barcadia/1/"):
            writer.write(start)
            if "Last-Event-ID" not in headers:
                # First stream: hello split byte by byte, a change, a comment, a ping, then the
                # stream ends without `gone` (a worker restarted): the phone comes back.
                for byte in b"retry: 100\n\nevent: hello\ndata: 5\n\n":
                    await chunk(bytes([byte]))
                await chunk(
                    b"event: changed\r\nid: 6\r\ndata: 6\r\n\r\n: keep\n\nevent: ping\ndata:\n\n"
                )
                await chunk(b"")
            else:
                await chunk(b"event: hello\rdata: 6\r\revent: changed\rid: 7\rdata: 7\r\r")
                await asyncio.sleep(0.05)
                await chunk(b"event: gone\ndata: <p>The host freed your seat.</p>\n\n")
                await chunk(b"")
        elif path.startswith("/live/heroes-of-barcadia/2/"):
            writer.write(b"HTTP/1.1 429 Too Many Requests\r\nContent-Length: 0\r\n\r\n")
        elif path.startswith("/live/heroes-of-barcadia/3/"):
            # No chunking: the stream's bytes until the server closes, which is a drop.
            writer.write(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n\r\n"
            )
            writer.write(
                b"retry: 60000\nevent: hello\ndata: 1\n\nevent: changed\nid: 2\ndata: 2\n\n"
            )
        elif path.startswith("/tables/1/live/"):
            body = b'<div id="hob-live" data-version="7"></div>'
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
            await writer.drain()
            with contextlib.suppress(asyncio.IncompleteReadError):
                await reader.readuntil(b"\r\n\r\n")  # a kept-alive connection: the next request
        await writer.drain()
        writer.close()

    fake = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = fake.sockets[0].getsockname()[1]
    stop = asyncio.Event()
    phones = [Phone(i, i + 1, "seat=x", True, False, 5, source_address(i)) for i in range(3)]
    for phone in phones:
        phone.connection = Connection(port, phone.source)
    tasks = [asyncio.create_task(follow(p, port, stop, True, 0.0)) for p in phones]
    await asyncio.wait_for(asyncio.gather(tasks[0], tasks[1]), 10)
    await asyncio.sleep(0.3)
    stop.set()
    await asyncio.wait_for(tasks[2], 5)
    one, two, three = phones
    assert [v for v, _ in one.seen] == [6, 7], one.seen
    assert (one.requests, one.hellos, one.pings, one.drops, one.gone) == (2, 2, 1, 1, 1), one
    assert one.version == 7 and one.redraws == 2 and one.errors == 0, one
    assert one.comments == 1 and one.undispatched == 0
    again = [c for c in connections if c["path"].startswith("/live/heroes-of-barcadia/1/")][1]
    assert again["path"].endswith("?v=6") and again["headers"]["Last-Event-ID"] == "6", again
    assert two.refused == 429 and two.requests == 1, two
    assert [v for v, _ in three.seen] == [2] and three.drops == 1 and three.requests == 1, three
    assert {c["peer"] for c in connections} == {"127.0.0.2", "127.0.0.3", "127.0.0.4"}
    for phone in phones:
        phone.connection.close()
    fake.close()
    await fake.wait_closed()
    print("selftest: the event-stream client reads, reconnects and gives up as a browser does")


if __name__ == "__main__":
    main()
