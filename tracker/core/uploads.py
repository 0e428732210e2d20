"""Whether the player who sent a long request (an import) is still waiting for its answer.

An import is written in one transaction that is rolled back if, just before it commits, the
uploader is gone: the connection closed (the phone gave up, the page was left) or the time the
server allows a request has nearly run out (the worker would be stopped before the answer went
out). So an answer that never reaches the uploader leaves no record behind.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

# Seconds an upload may take before it is given up: room to roll back and answer before a
# server gives up on the request (gunicorn's 90 s worker timeout, when it serves).
DEFAULT_IMPORT_DEADLINE = 60.0


def import_deadline() -> float:
    return float(getattr(settings, "CARDRPG_IMPORT_DEADLINE", DEFAULT_IMPORT_DEADLINE))


def connection_open(request: HttpRequest) -> bool:
    """Whether the client's connection is still open, as far as the server can tell without
    reading from it (granian through cardrpg/threaded.py says when it hung up; gunicorn hands
    its socket to the app; other servers: assumed open)."""
    hung_up = request.META.get("cardrpg.disconnected")  # granian: cardrpg/threaded.py
    if hung_up is not None:
        return not hung_up.is_set()
    client = request.META.get("gunicorn.socket")
    if client is None:
        return True
    try:
        waiting = client.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except BlockingIOError:
        return True  # open, nothing more sent
    except OSError:
        return False  # reset
    return bool(waiting)  # b"": the client closed its side


def still_waiting(request: HttpRequest, started: float | None = None) -> Callable[[], bool]:
    """A check for record_import_write: the uploader is connected and within the deadline
    (counted from `started`, a time.monotonic(); now if not given)."""
    begun = time.monotonic() if started is None else started
    deadline = import_deadline()

    def check() -> bool:
        return time.monotonic() - begun <= deadline and connection_open(request)

    return check


def abandoned() -> HttpResponse:
    """The answer to an import given up before it was kept (if anyone still reads it)."""
    return HttpResponse(
        _("The import took too long and was not kept. Nothing was imported: try again."),
        status=503,
        content_type="text/plain; charset=utf-8",
        headers={"Retry-After": "5"},
    )
