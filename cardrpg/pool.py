"""Django's requests answered by a pool of processes, each request taken by whichever is free.

Why not one granian worker process per core, each answering its own requests: on Linux granian
gives every worker a listening socket of its own (SO_REUSEPORT), the kernel hashes each new
connection to one of them whether its worker is busy or idle, and each worker takes all it is
given. At full load a tap then waits behind another in a busy process while a process stands
idle: the action p95 was 1.8 to 2.1 times gunicorn's sync workers', whose requests wait in one
queue until a worker is free (docs/performance.md). A small `--backpressure` would make granian
take a connection only when free, but a phone's held stream and a slow client would then hold
a worker, as they do with sync workers.

So `manage.py serve` runs one granian worker, the front: its event loop reads every request
and holds every phone's stream (cardrpg/threaded.py). Every other request waits in one queue,
in the order it came, for the first of the pool's processes to be free. The front and each
process speak over a socket of their own, a whole request one way and its whole answer back (at
most the body limit, a few MB), from the event loop itself: no thread of the front is woken.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import signal
import socket
import sys
from collections import deque
from io import BytesIO

logger = logging.getLogger(__name__)

# The environ key of the hang-up flag (tracker/core/uploads.py asks it); cardrpg/threaded.py
# sets the same key in its own threads.
DISCONNECTED = "cardrpg.disconnected"

# Requests at once whose hang-up a pool process can see; past that a request is answered all
# the same, its client assumed still there (as under a server that cannot tell).
HANG_UP_SLOTS = 1024

# Each message between the front and a process: its length in these many bytes, then a pickle.
FRAME = 8

BUSY_WORDS = b"The server restarted a worker: try again in a moment.\n"


class HangUp:
    """Whether the client of one request has hung up: set in the front, read in the pool.

    Each request in the pool has a slot of a byte array both sides share.
    """

    def __init__(self, flags, slot: int):
        self.flags, self.slot = flags, slot

    def set(self) -> None:
        """The client hung up."""
        self.flags[self.slot] = 1

    def is_set(self) -> bool:
        """Has the client hung up?"""
        return bool(self.flags[self.slot])


class Died(Exception):
    """A process of the pool ended while it held a request (killed, out of memory)."""


class Worker:
    """One process of the pool and the front's end of its socket."""

    def __init__(self, context, flags):
        mine, theirs = socket.socketpair()
        self.process = context.Process(
            target=serve, args=(theirs, flags), name="cardrpg-pool", daemon=True
        )
        self.process.start()
        # Only the process holds its end now: when the front ends, the process reads the end
        # of its socket and stops, however the front ended.
        theirs.close()
        self.socket = mine
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def ask(self, request: dict, body: bytes, slot: int | None) -> tuple:
        """Hand this (idle) process one request and wait for its answer."""
        try:
            if self.streams is None:
                self.streams = await asyncio.open_connection(sock=self.socket)
            reader, writer = self.streams
            writer.write(_framed((request, body, slot)))
            await writer.drain()
            size = int.from_bytes(await reader.readexactly(FRAME), "big")
            kind, *said = pickle.loads(await reader.readexactly(size))
        except (OSError, asyncio.IncompleteReadError) as error:
            raise Died(f"process {self.process.pid}: {error!r}") from error
        if kind == "error":
            raise RuntimeError(f"in a process of the pool: {said[0]}")
        return tuple(said)

    def stop(self, timeout: float) -> None:
        """End the process once the request in hand is done (in the front's event loop)."""
        with contextlib.suppress(OSError):
            self.socket.shutdown(socket.SHUT_RDWR)  # the process reads the end of its socket
        if self.streams is not None:
            self.streams[1].close()
        else:
            self.socket.close()
        self.process.join(timeout)
        if self.process.is_alive():
            self.process.kill()


class Pool:
    """`processes` Django processes behind one queue; `answer` hands one request to it."""

    def __init__(self, processes: int):
        self.context = multiprocessing.get_context("spawn")
        self.flags = self.context.RawArray("b", HANG_UP_SLOTS)
        self.free_slots = deque(range(HANG_UP_SLOTS))
        # Every process starts now (and loads Django), not at the first taps.
        self.idle: deque[Worker] = deque(Worker(self.context, self.flags) for _ in range(processes))
        self.workers = list(self.idle)
        self.waiting: deque[asyncio.Future] = deque()

    def hang_up(self) -> HangUp | None:
        """A hang-up flag for one request (None when every slot is taken); `release` it once
        nothing can set it any more."""
        if not self.free_slots:
            return None
        flag = HangUp(self.flags, self.free_slots.popleft())
        self.flags[flag.slot] = 0
        return flag

    def release(self, flag: HangUp) -> None:
        """The request is over: its slot serves another."""
        self.free_slots.append(flag.slot)

    async def answer(self, request: dict, body: bytes, hang_up: HangUp | None) -> tuple:
        """The answer (its ASGI start message and its content) of one request, from whichever
        process frees first."""
        worker = await self._take()
        slot = None if hang_up is None else hang_up.slot
        # Its own task: the exchange with the process goes on if this request is dropped.
        answer = asyncio.ensure_future(worker.ask(request, body, slot))
        try:
            return await asyncio.shield(answer)
        except Died:
            logger.error("a process of the pool ended while answering; it is started again")
            return _busy()
        finally:
            if answer.done():
                self._done(worker, answer)
            else:
                # The request was dropped while its process works: the process is given
                # back once its answer (read by nobody) is in.
                answer.add_done_callback(lambda _: self._done(worker, answer))

    async def _take(self) -> Worker:
        if self.idle:
            return self.idle.popleft()
        turn = asyncio.get_running_loop().create_future()
        self.waiting.append(turn)
        try:
            return await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._give_back(turn.result())  # handed a process just as it was dropped
            elif turn in self.waiting:
                self.waiting.remove(turn)
            raise

    def _done(self, worker: Worker, answer: asyncio.Future) -> None:
        if not answer.cancelled() and isinstance(answer.exception(), Died):
            worker.stop(timeout=0)
            self.workers.remove(worker)
            worker = Worker(self.context, self.flags)
            self.workers.append(worker)
        self._give_back(worker)

    def _give_back(self, worker: Worker) -> None:
        while self.waiting:
            turn = self.waiting.popleft()
            if not turn.done():
                turn.set_result(worker)
                return
        self.idle.append(worker)

    def close(self, timeout: float = 30.0) -> None:
        """Stop every process once the request in hand is done (in the front's event loop)."""
        for worker in self.workers:
            worker.stop(timeout)


def start_message(status: str, headers) -> dict:
    """The ASGI start of an answer from WSGI's status line and headers."""
    return {
        "type": "http.response.start",
        "status": int(status.split(" ", 1)[0]),
        "headers": [(k.lower().encode("latin1"), v.encode("latin1")) for k, v in headers],
    }


def _plain(status: str, words: bytes, *headers: tuple[str, str]) -> tuple[dict, bytes]:
    return start_message(status, [("Content-Type", "text/plain; charset=utf-8"), *headers]), words


def _busy() -> tuple[dict, bytes]:
    return _plain("503 Service Unavailable", BUSY_WORDS, ("Retry-After", "1"))


def _framed(thing) -> bytes:
    data = pickle.dumps(thing, pickle.HIGHEST_PROTOCOL)
    return len(data).to_bytes(FRAME, "big") + data


def _read_frame(sock: socket.socket) -> bytes:
    size = int.from_bytes(_read_exactly(sock, FRAME), "big")
    return _read_exactly(sock, size)


def _read_exactly(sock: socket.socket, size: int) -> bytes:
    data = bytearray(size)
    view, got = memoryview(data), 0
    while got < size:
        count = sock.recv_into(view[got:])
        if count == 0:
            raise EOFError("the front closed the pool's socket")
        got += count
    return bytes(data)


def serve(front: socket.socket, flags) -> None:
    """A process of the pool: Django loaded, then one request after another from its socket
    until the front closes it."""
    # Ctrl+C reaches the whole process group: the front decides when the pool stops. SIGTERM
    # (the whole group stopped, or the front's exit ending its processes) lets the request in
    # hand finish and be answered first.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")
    from django.core.wsgi import get_wsgi_application

    application = get_wsgi_application()
    while True:
        try:
            request, body, slot = pickle.loads(_read_frame(front))
        except (EOFError, OSError):
            return
        _now["answering"] = True
        try:
            said = ("answer", *answer_here(application, request, body, flags, slot))
        except Exception as error:
            logger.exception("a request failed in a process of the pool")
            said = ("error", f"{type(error).__name__}: {error}")
        try:
            front.sendall(_framed(said))
        except OSError:
            return  # the front is gone
        _now["answering"] = False
        if _now["stopping"]:
            return


_now = {"answering": False, "stopping": False}


def _stop(signum, frame) -> None:
    if not _now["answering"]:
        raise SystemExit(0)
    _now["stopping"] = True


def answer_here(application, request: dict, body: bytes, flags, slot: int | None) -> tuple:
    """Django's WSGI path for one request: its ASGI start message and its whole content."""
    request["wsgi.input"] = BytesIO(body)
    request["wsgi.errors"] = sys.stderr
    if slot is not None:
        request[DISCONNECTED] = HangUp(flags, slot)
    started: dict = {}

    def start_response(status, headers, exc_info=None):
        started["message"] = start_message(status, headers)

    output = application(request, start_response)
    try:
        if hasattr(output, "hold"):
            # A stream is held only by the front (it asks for one as such: Accept:
            # text/event-stream), never by a process that answers the players' taps.
            return _not_here()
        content = b"".join(output)
    finally:
        output.close()  # Django's request_finished: the database connection's upkeep
    return started["message"], content


def _not_here() -> tuple[dict, bytes]:
    words = b"A live stream is sent only to a request that accepts text/event-stream.\n"
    return _plain("406 Not Acceptable", words)
