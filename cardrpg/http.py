"""HTTP hardening that belongs to no single view: headers on every response, and the client's
address behind a proxy."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers

# Browser features the app never uses, turned off for it and anything it might embed. The
# screen wake lock stays allowed for the app itself: the play screen may keep a phone awake at
# the table. Only features Chromium knows on every platform are named: an unknown one is logged
# as an error in the console (Web Bluetooth is not policy-controlled; Web Share is unknown to
# desktop Linux builds).
PERMISSIONS_POLICY = ", ".join(
    [
        *(
            f"{feature}=()"
            for feature in (
                "accelerometer",
                "autoplay",
                "camera",
                "display-capture",
                "encrypted-media",
                "fullscreen",
                "gamepad",
                "geolocation",
                "gyroscope",
                "hid",
                "idle-detection",
                "local-fonts",
                "magnetometer",
                "microphone",
                "midi",
                "payment",
                "picture-in-picture",
                "publickey-credentials-get",
                "serial",
                "usb",
                "xr-spatial-tracking",
            )
        ),
        "screen-wake-lock=(self)",
    ]
)


class HeadersMiddleware:
    """A Permissions-Policy on every response, and no caching of anything a signed-in player sees.

    Placed before whitenoise, so static files get the policy but keep their long caching (they
    never reach the views, so no user is attached to their requests). `no-store` rather than
    `private, no-cache`: browsers show a no-cache page from their cache on Back without asking
    the server, and a play screen from a few actions ago would offer moves already made.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        if getattr(request, "_cardrpg_signed_in", False) or _signed_in(request):
            add_never_cache_headers(response)
        return response

    def process_view(self, request: HttpRequest, view_func, view_args, view_kwargs) -> None:
        """Note who asked before the view runs: logging out must not make its answer public."""
        request._cardrpg_signed_in = _signed_in(request)


def _signed_in(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    return user is not None and user.is_authenticated


def _address(text: str) -> str | None:
    """`text` as a plain IP address (a port or IPv6 brackets dropped), or None if it is none."""
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [2001:db8::7]:443
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # 203.0.113.5:51234
        text = text.split(":", 1)[0]
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def client_address(request: HttpRequest) -> str | None:
    """The address django-axes counts failed logins against (AXES_CLIENT_IP_CALLABLE).

    Behind a proxy every request comes from the proxy, so the address it reports is used: the
    last one in X-Forwarded-For, the one the proxy itself appended (anything before it was sent
    by the client and may be forged). Without BEHIND_PROXY the header is never read.
    """
    peer = request.META.get("REMOTE_ADDR")
    if not settings.BEHIND_PROXY:
        return peer
    reported = request.META.get("HTTP_X_FORWARDED_FOR", "").rsplit(",", 1)[-1]
    return _address(reported) or peer


# Runs of blank space between HTML's words and tags, which a browser shows as one space.
_BLANK_RUN = re.compile(rb"[ \t\r\n]{2,}")


class CompactHtmlMiddleware:
    """HTML answers with every run of blank space made one space (or one line break).

    Templates are indented for people to read; a phone at the table downloads every htmx swap,
    and the indentation is a tenth of one. A browser shows a run of blank space as a single
    space, so the page looks the same — except in <pre> and <textarea>, which are left alone.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.streaming
            or not response.get("Content-Type", "").startswith("text/html")
            or response.has_header("Content-Encoding")
        ):
            return response
        content = response.content
        if b"<pre" in content or b"<textarea" in content:
            return response
        response.content = _BLANK_RUN.sub(_one_blank, content)
        if response.has_header("Content-Length"):
            response["Content-Length"] = str(len(response.content))
        return response


def _one_blank(match: re.Match) -> bytes:
    return b"\n" if b"\n" in match.group(0) else b" "
