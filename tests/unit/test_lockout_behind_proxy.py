"""Login lockout behind a reverse proxy (issue 11, point 7): every request reaches the app from the
proxy's address, so failed logins must be counted per client address the proxy reports
(X-Forwarded-For) — and that header must be ignored when no proxy is declared, or anyone could
dodge the lockout by sending a different one with each guess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"
PROXY = "10.0.0.2"  # every request arrives from the proxy
PLAYER_PHONE = "203.0.113.5"
FRIEND_PHONE = "198.51.100.7"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def ada(django_user_model):
    return django_user_model.objects.create_user("ada", password=PASSWORD)


def through_proxy(forwarded_for: str | None) -> Client:
    """A phone's browser whose requests reach the app through the proxy."""
    headers = {} if forwarded_for is None else {"X-Forwarded-For": forwarded_for}
    return Client(REMOTE_ADDR=PROXY, headers=headers)


def log_in(client: Client, password: str):
    return client.post(reverse("login"), {"username": "ada", "password": password})


def five_wrong_passwords(client: Client):
    for _ in range(5):
        response = log_in(client, "wrong")
    return response


def test_behind_a_proxy_five_wrong_passwords_lock_that_client_only(settings, ada):
    settings.BEHIND_PROXY = True
    guesser = through_proxy(PLAYER_PHONE)
    assert five_wrong_passwords(guesser).status_code == 429
    assert log_in(guesser, PASSWORD).status_code == 429

    friend = through_proxy(FRIEND_PHONE)
    response = log_in(friend, PASSWORD)
    assert response.status_code == 302
    assert response["Location"] == reverse("tracker:character_list")
    assert friend.get(reverse("tracker:character_list")).status_code == 200
    # The attempts were counted against the phone, not the proxy.
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {PLAYER_PHONE}


def test_behind_a_proxy_a_forged_leading_address_does_not_dodge_the_lockout(settings, ada):
    """The proxy appends the address it saw; what the client put before it counts for nothing."""
    settings.BEHIND_PROXY = True
    for n in range(5):
        response = log_in(through_proxy(f"192.0.2.{n}, {PLAYER_PHONE}"), "wrong")
    assert response.status_code == 429
    assert log_in(through_proxy(f"192.0.2.99, {PLAYER_PHONE}"), PASSWORD).status_code == 429
    assert log_in(through_proxy(PLAYER_PHONE), PASSWORD).status_code == 429


@pytest.mark.parametrize("forwarded_for", [None, "", "not an address", "203.0.113.5, junk"])
def test_behind_a_proxy_a_missing_or_broken_header_falls_back_to_the_peer(
    settings, ada, forwarded_for
):
    settings.BEHIND_PROXY = True
    assert five_wrong_passwords(through_proxy(forwarded_for)).status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {PROXY}


def test_without_a_proxy_a_forwarded_header_is_ignored(settings, ada):
    settings.BEHIND_PROXY = False
    for n in range(5):
        response = log_in(through_proxy(f"192.0.2.{n}"), "wrong")
    assert response.status_code == 429
    # A spoofed header cannot buy fresh tries: the peer's address is what counts.
    assert log_in(through_proxy(FRIEND_PHONE), PASSWORD).status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {PROXY}


def settings_with(env: dict) -> dict:
    """BEHIND_PROXY and the axes address hook as a server started with `env` has them."""
    script = (
        "import json, django; django.setup(); from django.conf import settings as s; "
        "print(json.dumps([s.BEHIND_PROXY, s.AXES_CLIENT_IP_CALLABLE]))"
    )
    clean = {k: v for k, v in os.environ.items() if k not in ("BEHIND_PROXY", "DEBUG", "HTTPS")}
    clean |= {"DJANGO_SETTINGS_MODULE": "cardrpg.settings", "SECRET_KEY": "x" * 60}
    result = subprocess.run(
        [sys.executable, "-c", script],
        env=clean | env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    behind, hook = json.loads(result.stdout.strip().splitlines()[-1])
    return {"BEHIND_PROXY": behind, "AXES_CLIENT_IP_CALLABLE": hook}


def test_the_environment_variable_switches_the_proxy_address_on(tmp_path):
    on = settings_with({"BEHIND_PROXY": "1", "CARDRPG_DATA_DIR": str(tmp_path)})
    off = settings_with({"CARDRPG_DATA_DIR": str(tmp_path)})
    assert on["BEHIND_PROXY"] is True and off["BEHIND_PROXY"] is False
    # django-axes asks the same hook in both cases; the hook reads BEHIND_PROXY.
    hook = "cardrpg.http.client_address"
    assert on["AXES_CLIENT_IP_CALLABLE"] == off["AXES_CLIENT_IP_CALLABLE"] == hook


@pytest.mark.parametrize(
    ("forwarded_for", "expected"),
    [
        ("203.0.113.5", "203.0.113.5"),
        ("203.0.113.5:51234", "203.0.113.5"),
        ("2001:db8::7", "2001:db8::7"),
        ("[2001:db8::7]:443", "2001:db8::7"),
        ("192.0.2.1,203.0.113.5", "203.0.113.5"),
        ("  203.0.113.5  ", "203.0.113.5"),
    ],
)
def test_the_address_the_proxy_appended_is_the_client(rf, settings, forwarded_for, expected):
    from cardrpg.http import client_address

    settings.BEHIND_PROXY = True
    request = rf.get("/", REMOTE_ADDR=PROXY, headers={"X-Forwarded-For": forwarded_for})
    assert client_address(request) == expected
    settings.BEHIND_PROXY = False
    assert client_address(request) == PROXY
