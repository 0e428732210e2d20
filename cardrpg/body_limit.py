"""No request body larger than the app can use is read, from any URL, signed in or not.

The largest thing anyone sends the app is a game log file, at most 5 MB (the import forms say
so in their own words). `MAX_REQUEST_BYTES` is that plus room for the form around it. A body
past it is refused with 413 and a short page naming the limit, before the CSRF check or a view
reads it and before anything is spooled to a temporary file:

- Under ASGI (what `manage.py serve` runs), `BodyLimit` wraps the whole application. A declared
  `Content-Length` past the limit is answered without reading one byte of the body (the server
  itself holds a body to the length it declared). A body without one (chunked) is read here, in
  memory, and cut as soon as it passes the limit, before Django spools any of it to a file.
  Either way the app behind (cardrpg/threaded.py) is handed an empty body and the request
  marked (in the scope, then in the WSGI environ), and `BodyLimitMiddleware` draws the page (in
  the player's language, as every page).
- Under WSGI (the test client, or another server), Django reads `wsgi.input` only when asked
  and only as far as `Content-Length` says, so `BodyLimitMiddleware` refuses a declared length
  past the limit before anything below it asks.

A file under the limit but over the forms' own 5 MB still reaches its form, which says why.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

# Set in the ASGI scope (and so the WSGI environ) when the body was too big.
TOO_BIG = "cardrpg.body_too_big"


def max_request_bytes() -> int:
    return settings.MAX_REQUEST_BYTES


def _declared_length(headers) -> int | None:
    for name, value in headers:
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class BodyLimit:
    """ASGI middleware: a body past MAX_REQUEST_BYTES is never read (declared) or cut (streamed).

    Also answers the lifespan protocol itself (Django's handler speaks only HTTP), so a server
    that asks about start-up and shut-down gets a plain yes.
    """

    def __init__(self, app, limit: int | None = None):
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            return await _lifespan(receive, send)
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = self.limit if self.limit is not None else max_request_bytes()
        declared = _declared_length(scope.get("headers", ()))
        if declared is not None and declared > limit:
            scope[TOO_BIG] = declared
            return await self.app(scope, _empty_body(receive), send)
        if declared is not None:
            # The server holds the body to its declared length, which is within the limit.
            return await self.app(scope, receive, send)
        # No length declared (chunked): read it here, in memory and only up to the limit, so a
        # stream that passes it is cut before Django has spooled any of it to a temporary file.
        messages, seen = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            seen += len(message.get("body", b""))
            if seen > limit:
                scope[TOO_BIG] = seen
                return await self.app(scope, _empty_body(receive), send)
            messages.append(message)
            if not message.get("more_body", False):
                break
        return await self.app(scope, _replayed(messages, receive), send)


async def _lifespan(receive, send) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


def _empty_body(receive):
    """A receive that gives Django an empty body and never reads the client's."""
    given = False

    async def receive_nothing():
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": b"", "more_body": False}
        # Django then waits for the client to go away while it answers; the answer comes first
        # (and ends the wait): the body behind it is never read.
        await asyncio.Event().wait()
        return {"type": "http.disconnect"}

    return receive_nothing


def _replayed(messages: list[dict], receive):
    """A receive that gives the body already read, then passes on what the client does."""
    queue = list(messages)

    async def receive_replayed():
        if queue:
            return queue.pop(0)
        return await receive()

    return receive_replayed


class BodyLimitMiddleware:
    """The 413 page, for a body the ASGI wrapper cut or a WSGI request that declares too much.

    Placed before the CSRF middleware, whose check is the first thing that reads a body, and
    after the locale middleware, so the page speaks the player's language.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        scope = getattr(request, "scope", None) or {}
        if scope.get(TOO_BIG) or request.META.get(TOO_BIG):
            return too_big(request)
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            declared = 0
        if declared > max_request_bytes():
            return too_big(request)
        return self.get_response(request)


def too_big(request: HttpRequest) -> HttpResponse:
    limit = max_request_bytes()
    page = render_to_string(
        "413.html",
        {
            "limit_mb": round(limit / (1024 * 1024)),
            "file_mb": round(settings.MAX_UPLOAD_FILE_BYTES / (1024 * 1024)),
        },
        request=None,
    )
    response = HttpResponse(page, status=413)
    # The rest of the body is never read, so the connection cannot carry another request.
    response["Connection"] = "close"
    return response
