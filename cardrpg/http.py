"""HTTP hardening that belongs to no single view: the client's address behind a proxy."""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


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
