"""Django's WSGI handler behind ASGI, in a pool of threads of each worker process.

Under Django's own ASGI handler every synchronous view of a process runs in one thread, one
request after another, while the server's event loop keeps accepting connections for it: one
long request (an import of the largest file takes seconds) then holds up every tap that landed
in the same process. Here each request runs the whole ordinary WSGI path — request_started,
middleware, view, request_finished and the database connection's upkeep — in a thread of a
pool of `threads`, as a threaded WSGI server would, while the event loop only carries bytes.
The server (granian) reads request heads itself; the body (at most MAX_REQUEST_BYTES, see
cardrpg/body_limit.py) is read here, in the event loop, before a thread is taken.

A live stream (tracker/core/live.py) is answered the same way, in a thread; then its thread
is given back and the event loop holds the connection open, sending each event as it comes:
an idle phone costs a socket, never a thread.

Given a `pool` (cardrpg/pool.py: what `manage.py serve` starts), every request but a stream's
is answered by the pool's processes instead, and this process only reads requests and holds
the streams.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings

from cardrpg.body_limit import TOO_BIG
from cardrpg.pool import DISCONNECTED, Pool, start_message

# What a browser's EventSource asks for: a stream, held by this process.
EVENT_STREAM = b"text/event-stream"


class ThreadedWSGI:
    """An ASGI application running a WSGI application in a pool of threads of this process, or
    (given a `pool`) in the pool's processes, streams aside."""

    def __init__(self, wsgi_application, threads: int, pool: Pool | None = None):
        self.wsgi_application = wsgi_application
        self.pool = pool
        self.threads = ThreadPoolExecutor(threads, thread_name_prefix="django")
        # The held streams' moments of work (is this phone still seated, at which version is
        # the record) run in a thread of their own, so that a change heard by many streams at
        # once never queues the players' taps behind it in the threads above.
        self.streams = ThreadPoolExecutor(1, thread_name_prefix="live")

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"only HTTP is served here, not {scope['type']!r}")
        with tempfile.SpooledTemporaryFile(max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE) as body:
            while True:
                message = await receive()
                if message["type"] != "http.request":
                    return  # the client went away before its request was whole
                body.write(message.get("body", b""))
                if not message.get("more_body", False):
                    break
            body.seek(0)
            loop = asyncio.get_running_loop()

            async def send_one(message: dict) -> None:
                await send(message)  # the server's send may return any awaitable

            def sync_send(message: dict) -> None:
                asyncio.run_coroutine_threadsafe(send_one(message), loop).result()

            # The client hanging up while its request runs (an uploader who gave up): the view
            # may ask (tracker/core/uploads.py) and keep nothing whose answer nobody will read.
            pooled = self.pool is not None and not _asks_for_stream(scope)
            hang_up = self.pool.hang_up() if pooled else None
            gone = hang_up or threading.Event()

            async def listen() -> None:
                # After a whole body the next message is the hang-up (ASGI); anything else
                # says nothing more, and is not waited on again.
                if (await receive())["type"] == "http.disconnect":
                    gone.set()

            listening = asyncio.ensure_future(listen())
            held: dict = {}
            try:
                if pooled:
                    request = environ(scope, None)
                    del request["wsgi.input"], request["wsgi.errors"]
                    request["wsgi.multithread"] = False
                    start, content = await self.pool.answer(request, body.read(), hang_up)
                    await send_one(start)
                    await send_one({"type": "http.response.body", "body": content})
                    return
                await loop.run_in_executor(
                    self.threads, self._run, scope, body, sync_send, gone, held
                )
                if "whole" in held:
                    # An ordinary answer, sent from here: its thread did not wait on the loop.
                    start, content = held["whole"]
                    await send_one(start)
                    await send_one({"type": "http.response.body", "body": content})
                elif "stream" in held:

                    async def send_chunk(chunk: bytes) -> None:
                        await send_one(
                            {"type": "http.response.body", "body": chunk, "more_body": True}
                        )

                    async def run(work):
                        return await loop.run_in_executor(self.streams, work)

                    # OSError: the phone went away as an event was sent to it.
                    with contextlib.suppress(OSError):
                        await held["stream"].hold(send=send_chunk, gone=listening, run=run)
                    if not gone.is_set():
                        with contextlib.suppress(OSError):
                            await send_one({"type": "http.response.body", "body": b""})
            finally:
                listening.cancel()  # from here on nothing sets `gone`
                if hang_up is not None:
                    self.pool.release(hang_up)

    def _run(self, scope, body, sync_send, gone=None, held=None) -> None:
        started: dict = {}

        def start_response(status, headers, exc_info=None):
            if exc_info and started.get("sent"):
                raise exc_info[1].with_traceback(exc_info[2])
            started["message"] = start_message(status, headers)

        request = environ(scope, body)
        if gone is not None:
            request[DISCONNECTED] = gone
        output = self.wsgi_application(request, start_response)
        stream = getattr(output, "hold", None) if held is not None else None
        if stream is not None:
            # A live stream: its head and first events now, the rest from the event loop.
            try:
                sync_send(started["message"])
                sync_send(
                    {"type": "http.response.body", "body": output.opening(), "more_body": True}
                )
                held["stream"] = output
            finally:
                output.close()  # Django's request_finished: this thread is done with it
            return
        if held is not None and not getattr(output, "streaming", True):
            # An answer whose content is whole already (Django's HttpResponse): handed back to
            # the event loop in one piece, rather than each part waited on from this thread.
            try:
                content = b"".join(output)
            finally:
                output.close()  # Django's request_finished: the database connection's upkeep
            held["whole"] = (started["message"], content)
            return
        try:
            for chunk in output:
                if not chunk:
                    continue
                if not started.get("sent"):
                    started["sent"] = True
                    sync_send(started["message"])
                sync_send({"type": "http.response.body", "body": chunk, "more_body": True})
            if not started.get("sent"):
                sync_send(started["message"])
            sync_send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            close = getattr(output, "close", None)
            if close:
                close()  # Django's request_finished: the database connection's upkeep


def _asks_for_stream(scope: dict) -> bool:
    return any(
        name == b"accept" and EVENT_STREAM in value for name, value in scope.get("headers", ())
    )


def environ(scope: dict, body) -> dict:
    """The WSGI environ of an ASGI HTTP scope (PEP 3333)."""
    root = scope.get("root_path", "").encode("utf8").decode("latin1")
    path = scope["path"].encode("utf8").decode("latin1")
    if root and path.startswith(root):
        path = path[len(root) :]
    server = scope.get("server") or ("localhost", 80)
    result = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root,
        "PATH_INFO": path,
        "QUERY_STRING": scope.get("query_string", b"").decode("latin1"),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "SERVER_NAME": server[0],
        "SERVER_PORT": str(server[1] if server[1] is not None else 80),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": body,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if scope.get("client"):
        result["REMOTE_ADDR"] = scope["client"][0]
    if scope.get(TOO_BIG):
        result[TOO_BIG] = scope[TOO_BIG]
    for raw_name, raw_value in scope.get("headers", ()):
        name = raw_name.decode("latin1").upper().replace("-", "_")
        if name not in ("CONTENT_LENGTH", "CONTENT_TYPE"):
            name = f"HTTP_{name}"
        value = raw_value.decode("latin1")
        if name in result:  # a header sent twice (HTTP/2 splits cookies): one value, as WSGI has
            value = f"{result[name]}{'; ' if name == 'HTTP_COOKIE' else ','}{value}"
        result[name] = value
    return result
