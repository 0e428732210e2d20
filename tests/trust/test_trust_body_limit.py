"""Issue 21, point 5: a body too big is refused before it is read, for every URL.

The limit is settings.MAX_REQUEST_BYTES: the largest game log file the import forms take
(MAX_UPLOAD_FILE_BYTES, 5 MB) plus room for the form around it. Past it, every URL answers 413
with a short page that names the limit, signed in or not, before the CSRF check reads the body
(cardrpg/body_limit.py). Tested three ways: through Django's test client (WSGI: a declared
length past the limit, with a body that fails the test if anyone reads it); through the ASGI
application `manage.py serve` runs, called directly (a declared length never read, a chunked
stream cut at the limit); and against a real server process (a 300 MB Content-Length answered
without sending the body; a chunked stream that never ends, answered once it passes the limit).
A file under the limit but over the forms' 5 MB still gets the form's own message.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
import socket
import time

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from cardrpg.asgi import application as asgi_application
from cardrpg.body_limit import BodyLimit
from tests.conftest import run_async
from tests.trust.trust_urls import walk

HUGE = 300 * 1024 * 1024


class UnreadableBody(io.RawIOBase):
    """A request body that fails the test as soon as anything reads it."""

    def readable(self) -> bool:
        return True

    def read(self, *args):
        raise AssertionError("the body of a request past the limit was read")

    readline = readinto = read


def every_path() -> list[str]:
    """One path per URL pattern of the app (the limit answers before any URL is resolved)."""
    paths = {"/no/such/page/"}
    for route in walk():
        path = re.sub(r"<(?:\w+:)?\w+>", "1", route.route).replace("^", "").replace("$", "")
        paths.add("/" + path.replace("\\", ""))
    return sorted(paths)


def post_declaring(client: Client, path: str, length: int, **extra):
    return client.generic(
        "POST",
        path,
        content_type="multipart/form-data; boundary=x",
        CONTENT_LENGTH=str(length),
        **{"wsgi.input": UnreadableBody()},
        **extra,
    )


def test_the_limit_is_the_largest_file_plus_room_for_its_form():
    assert settings.MAX_UPLOAD_FILE_BYTES == 5 * 1024 * 1024
    assert settings.MAX_REQUEST_BYTES == settings.MAX_UPLOAD_FILE_BYTES + 1024 * 1024


@pytest.mark.django_db
def test_every_url_refuses_a_declared_body_past_the_limit_without_reading_it():
    player = get_user_model().objects.create_user("limit-player", password="x" * 12)
    signed_in = Client()
    signed_in.force_login(player)
    paths = every_path()
    assert "/import/" in paths and "/accounts/login/" in paths and len(paths) > 40
    for client in (Client(), signed_in):
        for path in paths:
            response = post_declaring(client, path, HUGE)
            assert response.status_code == 413, path
            assert b"at most 6 MB" in response.content, path
            assert response["Connection"] == "close"


@pytest.mark.django_db
def test_the_refusal_names_the_limit_in_the_players_language():
    response = post_declaring(Client(), "/import/", HUGE, HTTP_ACCEPT_LANGUAGE="zh-TW")
    page = response.content.decode()
    assert response.status_code == 413
    assert 'lang="zh-Hant"' in page
    assert "6 MB" in page and "5 MB" in page
    assert "Too big to send" not in page  # translated, not the English words


@pytest.mark.django_db
def test_just_under_the_limit_the_request_reaches_the_csrf_check_as_before():
    response = Client(enforce_csrf_checks=True).post(
        "/import/", {"log_file": SimpleUploadedFile("a.cardrpg.json", b"{}")}
    )
    assert response.status_code == 403  # the CSRF check ran: the limit let it through


@pytest.mark.django_db
def test_a_file_over_5_mb_but_under_the_limit_gets_the_forms_own_message():
    player = get_user_model().objects.create_user("limit-uploader", password="x" * 12)
    client = Client()
    client.force_login(player)
    data = b" " * (settings.MAX_UPLOAD_FILE_BYTES + 1000)
    response = client.post("/import/", {"log_file": SimpleUploadedFile("big.cardrpg.json", data)})
    assert response.status_code != 413
    assert "too big to be a game log (over 5 MB)" in response.content.decode()


# -- the ASGI application that `manage.py serve` runs -------------------------------------------


def call_asgi(app, headers: list[tuple[bytes, bytes]], body_chunks) -> tuple[dict, bytes, int]:
    """Send one POST through an ASGI app; the start message, the body, and chunks it read."""
    sent: list[dict] = []
    read = 0
    chunks = iter(body_chunks)

    async def receive():
        nonlocal read
        try:
            chunk = next(chunks)
        except StopIteration:
            await asyncio.sleep(3600)
        read += 1
        return {"type": "http.request", "body": chunk, "more_body": True}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/import/",
        "raw_path": b"/import/",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"localhost"), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    run_async(asyncio.wait_for(app(scope, receive, send), 60))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start, body, read


def endless(size: int = 64 * 1024):
    while True:
        yield b"x" * size


@pytest.mark.django_db(transaction=True)
def test_asgi_refuses_a_declared_length_past_the_limit_reading_nothing():
    headers = [(b"content-length", str(HUGE).encode()), (b"content-type", b"text/plain")]
    start, body, read = call_asgi(asgi_application, headers, endless())
    assert start["status"] == 413
    assert b"at most 6 MB" in body
    assert read == 0


@pytest.mark.django_db(transaction=True)
def test_asgi_cuts_a_chunked_stream_as_it_passes_the_limit():
    chunk = 64 * 1024
    start, body, read = call_asgi(asgi_application, [(b"content-type", b"text/plain")], endless())
    assert start["status"] == 413
    assert b"at most 6 MB" in body
    assert read == settings.MAX_REQUEST_BYTES // chunk + 1  # not one chunk past the limit


@pytest.mark.django_db(transaction=True)
def test_asgi_passes_a_chunked_body_within_the_limit_whole():
    seen: list[bytes] = []

    async def app(scope, receive, send):
        while True:
            message = await receive()
            seen.append(message["body"])
            if not message["more_body"]:
                break
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    parts = [b"a" * 1000, b"b" * 1000]

    async def receive():
        body = parts.pop(0)
        return {"type": "http.request", "body": body, "more_body": bool(parts)}

    sent = []

    async def send(message):
        sent.append(message)

    run_async(BodyLimit(app)({"type": "http", "headers": []}, receive, send))
    assert b"".join(seen) == b"a" * 1000 + b"b" * 1000
    assert sent[0]["status"] == 200


def test_asgi_answers_the_lifespan_protocol_itself():
    messages = [{"type": "lifespan.startup"}, {"type": "lifespan.shutdown"}]
    sent = []

    async def receive():
        return messages.pop(0)

    async def send(message):
        sent.append(message["type"])

    run_async(BodyLimit(None)({"type": "lifespan"}, receive, send))
    assert sent == ["lifespan.startup.complete", "lifespan.shutdown.complete"]


# -- a real server, as `make run` starts it -----------------------------------------------------


@pytest.fixture(scope="module")
def live_server_process():
    from bench.server import Server

    with Server(label="bodylimit", workers=1) as server:
        server.prepare()
        server.start()
        yield server


def read_answer(sock: socket.socket) -> bytes:
    answer = b""
    while b"</html>" not in answer:
        data = sock.recv(65536)
        if not data:
            break
        answer += data
    return answer


def test_a_real_server_answers_a_300_mb_declared_body_without_waiting_for_it(
    live_server_process,
):
    with socket.create_connection(("127.0.0.1", live_server_process.port), timeout=30) as sock:
        sock.sendall(
            b"POST /import/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; "
            b"boundary=x\r\nContent-Length: " + str(HUGE).encode() + b"\r\n\r\n--x\r\n"
        )
        answer = read_answer(sock)
    assert answer.startswith(b"HTTP/1.1 413")
    assert b"at most 6 MB" in answer


def test_a_real_server_cuts_an_endless_chunked_stream_at_the_limit(live_server_process):
    chunk = 64 * 1024
    frame = f"{chunk:x}\r\n".encode() + b"x" * chunk + b"\r\n"
    sent, pending = 0, frame
    with socket.create_connection(("127.0.0.1", live_server_process.port), timeout=30) as sock:
        sock.sendall(
            b"POST /import/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        sock.setblocking(False)
        answer = b""
        deadline = time.monotonic() + 60
        while b"</html>" not in answer and time.monotonic() < deadline:
            with contextlib.suppress(BlockingIOError):
                answer += sock.recv(65536)
            try:
                done = sock.send(pending)
                sent += done
                pending = pending[done:] or frame  # whole frames: the stream stays well formed
            except BlockingIOError:
                time.sleep(0.01)
            except OSError:
                break  # the server answered and closed: what it said is in the buffer
        sock.setblocking(True)
        with contextlib.suppress(OSError):
            answer += read_answer(sock)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"at most 6 MB" in answer
    # The server stopped reading at the limit: what was sent past it sits in socket buffers.
    assert sent < settings.MAX_REQUEST_BYTES + 16 * 1024 * 1024


# -- the server `make run` starts (issue 21, point 6) -------------------------------------------


def test_make_run_serves_django_as_asgi_with_granian_on_every_interface():
    from tracker.management.commands.serve import granian_argv

    argv = granian_argv(bind="0.0.0.0", port=8000)
    assert argv[0].endswith("granian")
    assert argv[argv.index("--interface") + 1] == "asgi"
    assert "cardrpg.asgi:application" in argv
    assert argv[argv.index("--host") + 1] == "0.0.0.0"
    assert "--ssl-certificate" not in argv
    tls = granian_argv(bind="0.0.0.0", port=8443, certificate="c.pem", keyfile="k.pem")
    assert tls[tls.index("--ssl-certificate") + 1] == "c.pem"
    assert tls[tls.index("--ssl-keyfile") + 1] == "k.pem"
    assert isinstance(asgi_application, BodyLimit)


def test_i27_make_run_starts_one_front_and_its_workers_as_a_pool(monkeypatch):
    """Issue 27, point 3: granian runs one worker (the front, holding the streams); the other
    `--workers` answer requests from one queue (cardrpg/pool.py)."""
    from django.core.management import call_command

    from tracker.management.commands import serve

    started = {}

    def execv(path, argv):
        started["argv"] = argv
        started["processes"] = serve.os.environ.get("WEB_PROCESSES")

    monkeypatch.setattr(serve.os, "execv", execv)
    monkeypatch.setattr(serve, "_open_files_as_many_as_allowed", lambda: None)
    monkeypatch.delenv("WEB_PROCESSES", raising=False)
    monkeypatch.setattr(serve.os, "environ", dict(serve.os.environ))
    call_command("serve", "--port", "8001", "--workers", "4", stdout=io.StringIO())
    argv = started["argv"]
    assert argv[argv.index("--workers") + 1] == "1"
    assert started["processes"] == "3"  # four processes in all, as four sync workers
    call_command("serve", "--port", "8001", "--workers", "1", stdout=io.StringIO())
    assert started["processes"] == "1"  # never a front without a process to answer


def test_i27_the_servers_measured_against_granian_serve_the_same_app():
    """Issue 27, point 3: uvicorn serves the very ASGI app granian does, gunicorn its WSGI
    twin, so bench/benchmark.py --server all compares servers, not apps."""
    from tracker.management.commands.serve import gunicorn_argv, uvicorn_argv

    uvicorn = uvicorn_argv(bind="127.0.0.1", port=8001, workers=4)
    assert uvicorn[0].endswith("uvicorn")
    assert uvicorn[1] == "cardrpg.asgi:application"
    assert uvicorn[uvicorn.index("--workers") + 1] == "4"
    # As granian: room in the accept queue for a thousand phones' streams.
    assert uvicorn[uvicorn.index("--backlog") + 1] == "4096"
    gunicorn = gunicorn_argv(bind="127.0.0.1", port=8001, workers=4)
    assert gunicorn[1] == "cardrpg.wsgi:application"
    assert gunicorn[gunicorn.index("--worker-class") + 1] == "sync"


def test_i27_a_server_to_compare_that_is_not_installed_is_named(monkeypatch):
    from django.core.management import call_command
    from django.core.management.base import CommandError

    from tracker.management.commands import serve

    monkeypatch.setattr(serve.shutil, "which", lambda *args, **kwargs: None)
    monkeypatch.setattr(serve.os, "execv", lambda *args: pytest.fail("nothing may start"))
    with pytest.raises(CommandError, match="uvicorn is not installed: pip install uvicorn"):
        call_command("serve", "--server", "uvicorn", "--port", "8001")


def get_asgi(path: str, headers: list[tuple[bytes, bytes]] = ()) -> tuple[dict, bytes]:
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "query_string": b"",
        "headers": [(b"host", b"localhost"), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    run_async(asyncio.wait_for(asgi_application(scope, receive, send), 60))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start, body


@pytest.mark.django_db(transaction=True)
def test_the_asgi_app_serves_pages_and_sets_cookies_from_its_threads():
    start, body = get_asgi("/accounts/login/", [(b"accept-language", b"zh-TW")])
    assert start["status"] == 200
    assert b'lang="zh-Hant"' in body
    assert any(name == b"set-cookie" and b"csrftoken=" in v for name, v in start["headers"])


def test_the_wsgi_environ_keeps_headers_as_a_wsgi_server_gives_them():
    from cardrpg.threaded import environ

    scope = {
        "method": "POST",
        "path": "/import/",
        "query_string": b"a=1",
        "headers": [
            (b"content-type", b"text/plain"),
            (b"content-length", b"12"),
            (b"cookie", b"a=1"),
            (b"cookie", b"b=2"),
            (b"x-forwarded-for", b"203.0.113.5"),
        ],
        "client": ("192.0.2.7", 5555),
        "server": ("192.0.2.1", 8000),
    }
    env = environ(scope, io.BytesIO())
    assert env["REQUEST_METHOD"] == "POST" and env["PATH_INFO"] == "/import/"
    assert env["QUERY_STRING"] == "a=1"
    assert env["CONTENT_TYPE"] == "text/plain" and env["CONTENT_LENGTH"] == "12"
    assert env["HTTP_COOKIE"] == "a=1; b=2"
    assert env["HTTP_X_FORWARDED_FOR"] == "203.0.113.5"
    assert env["REMOTE_ADDR"] == "192.0.2.7"
    assert (env["SERVER_NAME"], env["SERVER_PORT"]) == ("192.0.2.1", "8000")
