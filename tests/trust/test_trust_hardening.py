"""Hardening (issue 7, point 3): under production settings (`HTTPS=1`, a SECRET_KEY) cookies are
secure, HSTS is on, and `check --deploy` shows only the warning docs/configuration.md explains.

The settings read the environment when they are imported, so the production values are read
from a fresh interpreter with that environment; the deployment check then runs in-process
with those values, through `call_command("check", "--deploy")`.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
SECURITY_SETTINGS = [
    "DEBUG",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SECURE_CONTENT_TYPE_NOSNIFF",
    "SECURE_PROXY_SSL_HEADER",
    "X_FRAME_OPTIONS",
    "SESSION_COOKIE_HTTPONLY",
]
# docs/configuration.md, "manage.py check --deploy": the warnings expected in each setting.
LAN_WARNINGS = {"security.W004", "security.W008", "security.W012", "security.W016"}
HTTPS_WARNINGS = {"security.W021"}  # HSTS preload: the domain owner's decision


# Set by the test run itself (tests/conftest.py: async-unsafe ORM for Playwright) or by whoever
# runs the tests; a real server has neither.
NOT_IN_PRODUCTION = ("HTTPS", "DEBUG", "BEHIND_PROXY", "DJANGO_ALLOW_ASYNC_UNSAFE")


def production_environ() -> dict:
    return {k: v for k, v in os.environ.items() if k not in NOT_IN_PRODUCTION}


def settings_under(env: dict, data_dir: Path) -> dict:
    """The security settings as a server started with `env` would have them."""
    script = (
        "import json, django; django.setup(); from django.conf import settings as s; "
        f"print(json.dumps({{n: getattr(s, n, None) for n in {SECURITY_SETTINGS!r}}}))"
    )
    clean = production_environ()
    clean |= {"DJANGO_SETTINGS_MODULE": "cardrpg.settings", "CARDRPG_DATA_DIR": str(data_dir)}
    result = subprocess.run(
        [sys.executable, "-c", script],
        env=clean | env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def production(tmp_path_factory) -> dict:
    key = secrets.token_urlsafe(60)
    return settings_under({"HTTPS": "1", "SECRET_KEY": key}, tmp_path_factory.mktemp("prod"))


@pytest.fixture(scope="module")
def lan(tmp_path_factory) -> dict:
    key = secrets.token_urlsafe(60)
    return settings_under({"SECRET_KEY": key}, tmp_path_factory.mktemp("lan"))


def test_https_turns_on_secure_cookies_hsts_and_the_redirect(production):
    assert production["DEBUG"] is False
    assert production["SESSION_COOKIE_SECURE"] is True
    assert production["CSRF_COOKIE_SECURE"] is True
    assert production["SECURE_SSL_REDIRECT"] is True
    assert production["SECURE_HSTS_SECONDS"] >= 31536000  # a year
    assert production["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True
    assert production["SESSION_COOKIE_HTTPONLY"] is True
    assert production["X_FRAME_OPTIONS"] == "DENY"


def test_without_https_a_lan_server_keeps_cookies_usable_over_plain_http(lan):
    assert lan["SESSION_COOKIE_SECURE"] is False
    assert lan["CSRF_COOKIE_SECURE"] is False
    assert lan["SECURE_SSL_REDIRECT"] is False
    assert lan["SECURE_HSTS_SECONDS"] == 0


def test_behind_a_proxy_the_forwarded_scheme_is_trusted_only_when_asked(tmp_path):
    key = secrets.token_urlsafe(60)
    trusted = settings_under({"HTTPS": "1", "SECRET_KEY": key, "BEHIND_PROXY": "1"}, tmp_path)
    assert trusted["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def deploy_warnings(settings, monkeypatch, values: dict) -> set[str]:
    """The IDs `manage.py check --deploy` reports with `values` in force."""
    # What the checks ask the database is asked first: a browser test that ran before in the
    # same worker leaves Playwright's event loop running, and without the suite's
    # DJANGO_ALLOW_ASYNC_UNSAFE (which check --deploy rightly refuses) the query would be
    # refused as made from async code.
    assert connection.features.supports_json_field
    monkeypatch.delenv("DJANGO_ALLOW_ASYNC_UNSAFE", raising=False)
    for name, value in values.items():
        if name != "SECURE_PROXY_SSL_HEADER" or value is not None:
            setattr(settings, name, tuple(value) if isinstance(value, list) else value)
    settings.SECRET_KEY = secrets.token_urlsafe(60)  # long and random, like a real one
    out, err = StringIO(), StringIO()
    call_command("check", "--deploy", stdout=out, stderr=err)
    return set(re.findall(r"\((\w+\.\w+)\)", out.getvalue() + err.getvalue()))


@pytest.mark.django_db
def test_check_deploy_under_https_shows_only_the_documented_preload_warning(
    settings, monkeypatch, production
):
    assert deploy_warnings(settings, monkeypatch, production) == HTTPS_WARNINGS


@pytest.mark.django_db
def test_check_deploy_on_a_lan_shows_only_the_four_documented_https_warnings(
    settings, monkeypatch, lan
):
    assert deploy_warnings(settings, monkeypatch, lan) == LAN_WARNINGS


def test_check_deploy_in_a_real_process_under_https_agrees(tmp_path):
    """The same check as `manage.py check --deploy` run by an administrator."""
    env = production_environ()
    env |= {"HTTPS": "1", "SECRET_KEY": secrets.token_urlsafe(60)}
    env |= {"CARDRPG_DATA_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert set(re.findall(r"\((\w+\.\w+)\)", result.stdout + result.stderr)) == HTTPS_WARNINGS


def test_configuration_docs_name_exactly_these_warnings():
    docs = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    section = docs.split("## `manage.py check --deploy`", 1)[1]
    named = set(re.findall(r"`(security\.W\d+)`", section))
    assert named == LAN_WARNINGS | HTTPS_WARNINGS
