"""Issue 27, point 3: the processes that answer requests take them from one queue, in the
order they came, as each frees (cardrpg/pool.py); the front keeps the streams."""

from __future__ import annotations

import asyncio
import os
import signal

from cardrpg import pool as pool_module
from cardrpg.pool import HangUp, Pool, answer_here
from cardrpg.threaded import ThreadedWSGI, _asks_for_stream, environ
from tests.conftest import run_async


class Stand:
    """A stand-in for one process of the pool: each request's answer is given by the test."""

    def __init__(self, name: str):
        self.name = name
        self.asked: list[str] = []
        self.answers: list[asyncio.Future] = []

    def ask(self, request: dict, body: bytes, slot: int | None) -> asyncio.Future:
        self.asked.append(request["n"])
        self.answers.append(asyncio.get_running_loop().create_future())
        return self.answers[-1]

    def stop(self, timeout: float) -> None:
        pass


def pool_of(*stands: Stand) -> Pool:
    pool = Pool(0)
    pool.idle.extend(stands)
    pool.workers = list(stands)
    return pool


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_i27_requests_wait_in_one_queue_for_the_first_process_to_free():
    async def play():
        ana, bo = Stand("ana"), Stand("bo")
        pool = pool_of(ana, bo)
        tasks = [asyncio.ensure_future(pool.answer({"n": n}, b"", None)) for n in "abcd"]
        await settle()
        assert (ana.asked, bo.asked) == (["a"], ["b"])  # c and d wait: both are busy
        bo.answers[0].set_result(("start b", b"b"))
        await settle()
        assert bo.asked == ["b", "c"]  # the first to free takes the first waiting
        ana.answers[0].set_result(("start a", b"a"))
        await settle()
        assert ana.asked == ["a", "d"]
        ana.answers[1].set_result(("start d", b"d"))
        bo.answers[1].set_result(("start c", b"c"))
        said = await asyncio.gather(*tasks)
        assert [content for _, content in said] == [b"a", b"b", b"c", b"d"]
        assert list(pool.idle) == [ana, bo] and not pool.waiting

    run_async(play())


def test_i27_a_dropped_request_gives_its_process_back_once_its_answer_is_in():
    async def play():
        ana = Stand("ana")
        pool = pool_of(ana)
        first = asyncio.ensure_future(pool.answer({"n": "a"}, b"", None))
        waiting = asyncio.ensure_future(pool.answer({"n": "b"}, b"", None))
        later = asyncio.ensure_future(pool.answer({"n": "c"}, b"", None))
        await settle()
        first.cancel()
        waiting.cancel()  # gone before its turn: it never reaches a process
        await settle()
        assert ana.asked == ["a"]  # still answering the dropped request
        ana.answers[0].set_result(("start a", b"a"))
        await settle()
        assert ana.asked == ["a", "c"]
        ana.answers[1].set_result(("start c", b"c"))
        assert (await later)[1] == b"c"
        assert first.cancelled() and waiting.cancelled()

    run_async(play())


def test_i27_a_request_is_answered_by_a_process_of_the_pool():
    async def play():
        pool = Pool(1)
        try:
            start, content = await pool.answer(login_page(), b"", None)
            assert start["status"] == 200
            assert b'name="password"' in content
            assert pool.workers[0].process.pid != os.getpid()
        finally:
            pool.close()

    run_async(play())


def test_i27_a_process_that_dies_is_started_again_and_its_request_answered_503():
    async def play():
        pool = Pool(1)
        try:
            dead = pool.workers[0].process
            os.kill(dead.pid, signal.SIGKILL)
            dead.join(10)
            start, content = await pool.answer(login_page(), b"", None)
            assert (start["status"], content) == (503, pool_module.BUSY_WORDS)
            assert pool.workers[0].process.pid != dead.pid
            start, _ = await pool.answer(login_page(), b"", None)
            assert start["status"] == 200
        finally:
            pool.close()

    run_async(play())


def test_i27_a_hang_up_the_front_sees_is_seen_by_the_process_answering():
    pool = Pool(0)
    flag = pool.hang_up()
    reader, writer = pool.context.Pipe()
    process = pool.context.Process(target=report_flag, args=(pool.flags, flag.slot, writer))
    process.start()
    try:
        assert reader.recv() is False
        flag.set()
        reader.send("again")
        assert reader.recv() is True
    finally:
        process.join(10)
    pool.release(flag)
    again = pool.hang_up()
    assert not again.is_set()  # a slot given to another request starts clear


def report_flag(flags, slot: int, pipe) -> None:
    seen = HangUp(flags, slot)
    pipe.send(seen.is_set())
    pipe.recv()
    pipe.send(seen.is_set())


def test_i27_a_stream_is_held_by_the_front_never_by_a_process_of_the_pool():
    stream = {"headers": [(b"accept", b"text/event-stream")]}
    assert _asks_for_stream(stream)
    assert not _asks_for_stream({"headers": [(b"accept", b"text/html")]})

    class Held:
        hold = None
        closed = False

        def close(self):
            Held.closed = True

    start, words = answer_here(lambda request, respond: Held(), {}, b"", None, None)
    assert start["status"] == 406
    assert b"text/event-stream" in words
    assert Held.closed


def test_i27_a_client_hanging_up_sets_the_flag_its_process_reads():
    """The front hears the hang-up (an uploader who gave up) and sets the flag of the request
    in the pool; the slot serves another request once the answer is sent."""

    class Watching:
        def __init__(self):
            self.flags = Pool(0)

        def hang_up(self):
            return self.flags.hang_up()

        def release(self, flag):
            self.released = flag.slot
            self.flags.release(flag)

        async def answer(self, request, body, hang_up):
            while not hang_up.is_set():
                await asyncio.sleep(0.01)
            start = {"type": "http.response.start", "status": 200, "headers": []}
            return start, b"the process saw the hang-up"

    pool = Watching()
    app = ThreadedWSGI(lambda request, respond: None, threads=1, pool=pool)
    messages = [
        {"type": "http.request", "body": b"", "more_body": False},
        {"type": "http.disconnect"},
    ]
    sent: list[dict] = []

    async def receive():
        return messages.pop(0)

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/import/", "headers": []}
    run_async(asyncio.wait_for(app(scope, receive, send), 10))
    assert sent[-1]["body"] == b"the process saw the hang-up"
    assert pool.released in pool.flags.free_slots


def test_i27_every_slot_taken_a_request_goes_without_a_hang_up_flag():
    pool = Pool(0)
    taken = [pool.hang_up() for _ in range(pool_module.HANG_UP_SLOTS)]
    assert pool.hang_up() is None
    pool.release(taken[0])
    assert pool.hang_up().slot == taken[0].slot


def login_page() -> dict:
    scope = {
        "type": "http",
        "method": "GET",
        "path": "/accounts/login/",
        "headers": [(b"host", b"localhost")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    request = environ(scope, None)
    del request["wsgi.input"], request["wsgi.errors"]
    return request
