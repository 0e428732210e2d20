"""Where an action's time goes: the play views profiled in-process, summed by part of the stack.

    .venv/bin/python bench/profile_action.py [--steps 300] [--seed 5]

A simulated player (bench/players.py) plays at the app's table over Django's test client, on
a scratch SQLite database, with cProfile on for the action requests only (POSTs). The time of
each function (its own time, not counting what it calls) is added to the part of the stack it
belongs to — the rules engine, the presenter and views, template rendering, the database
(Django's ORM and the driver), the request's way through middleware, sessions and auth, and the
rest — and the report prints each part's share with its busiest functions. Prints JSON.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PARTS = [
    ("rules engine", ("tracker/rules/",)),
    ("presenter and views", ("tracker/card_rpg/", "tracker/core/", "tracker/templatetags/")),
    ("template rendering", ("django/template/", "django/templatetags/", "django/utils/html")),
    (
        "database",
        ("django/db/", "sqlite3", "psycopg", "json/encoder", "json/decoder", "json/__init__"),
    ),
    (
        "middleware, sessions, auth",
        (
            "django/core/handlers",
            "django/middleware/",
            "django/contrib/",
            "whitenoise",
            "django_htmx",
            "axes",
            "cardrpg/http",
            "django/core/cache",
        ),
    ),
]


def part_of(filename: str) -> str:
    for name, marks in PARTS:
        if any(mark in filename for mark in marks):
            return name
    return "other (test client, Python)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="cardrpg-profile-")
    os.environ["CARDRPG_DATA_DIR"] = folder
    os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    import bench.players as players

    call_command("migrate", verbosity=0)
    settings.ALLOWED_HOSTS = ["*"]
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    profile = cProfile.Profile()
    real = players.DjangoTransport.request
    posts = {"count": 0}

    def profiled(self, method, path, data=None, headers=None):
        if method != "POST":
            return real(self, method, path, data, headers)
        posts["count"] += 1
        profile.enable()
        try:
            return real(self, method, path, data, headers)
        finally:
            profile.disable()

    players.DjangoTransport.request = profiled
    user = get_user_model().objects.create_user("profiled")
    client = Client()
    client.force_login(user)
    player = players.Player(players.DjangoTransport(client), user.username, seed=args.seed)
    player.create_character()
    player.load_page()
    player.switch_virtual_on()
    for _ in range(args.steps):
        player.step()

    if os.environ.get("PROFILE_DUMP"):
        profile.dump_stats(os.environ["PROFILE_DUMP"])
    stats = pstats.Stats(profile)
    total = 0.0
    parts: dict[str, float] = {}
    busiest: dict[str, list] = {}
    for (filename, _line, function), (_cc, _nc, own, _cum, callers) in stats.stats.items():
        total += own
        if filename == "~" and callers:
            # A built-in (getattr, a C method, the database driver's execute) counts for the
            # part that called it.
            for (caller_file, _l, _f), (_c, _n, tt, _ct) in callers.items():
                name = part_of(caller_file)
                parts[name] = parts.get(name, 0.0) + tt
                busiest.setdefault(name, []).append((tt, function))
            continue
        name = part_of(filename)
        parts[name] = parts.get(name, 0.0) + own
        busiest.setdefault(name, []).append((own, f"{Path(filename).name}:{function}"))
    report = {
        "action_requests": posts["count"],
        "ms_per_action": round(1000 * total / max(1, posts["count"]), 2),
        "parts": {
            name: {
                "share": round(seconds / total, 3),
                "ms_per_action": round(1000 * seconds / max(1, posts["count"]), 2),
                "busiest": [f for _, f in sorted(busiest[name], reverse=True)[:5]],
            }
            for name, seconds in sorted(parts.items(), key=lambda item: -item[1])
        },
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
