"""What a Heroes of Barcadia phone receives when it acts or checks: sizes of the answers.

    .venv/bin/python bench/barcadia_answers.py [--seeds 3]

In-process (Django's test client, a temporary SQLite database): a 3-hero table at its first
turn heals once; then, per seed, a 6-hero table is played by the engine's random bot through
its six phones (each a guest's seat, keeping its screen as the page's script does:
tests/barcadia/swaps.py) until 19 tiles are turned up, every other phone checking after each
action. Reports the action answers (raw and gzip bytes: median, 90th percentile, max; per
kind), the redraws the checks bring, and, for comparison, the whole view a phone that sends no
fingerprints gets. Prints JSON.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("CARDRPG_DATA_DIR", tempfile.mkdtemp(prefix="hob-answers-"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402


def spread(sizes: list[tuple[int, int]]) -> dict:
    """Raw and gzip bytes of some answers: median, 90th percentile, max."""
    out = {}
    for index, name in ((0, "raw"), (1, "gzip")):
        values = sorted(size[index] for size in sizes)
        out[name] = {
            "median": values[len(values) // 2],
            "p90": values[len(values) * 9 // 10],
            "max": values[-1],
        }
    return {"count": len(sizes), **out}


def sized(content: bytes) -> tuple[int, int]:
    return len(content), len(gzip.compress(content))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    from django.conf import settings

    # As the tests run: Django's test client's host, static files without a collected manifest.
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    settings.STORAGES = {**settings.STORAGES, "staticfiles": plain}
    from tests.barcadia.conftest import join, make_table, ordered
    from tests.barcadia.swaps import Screen
    from tests.barcadia.test_hob_swaps import play_to_mid_game

    host, _ = get_user_model().objects.get_or_create(username="bench-host")
    report: dict = {}
    # 3 heroes at the first turn: Ana heals (the answer a phone gets, and the whole view).
    table = ordered(make_table(host))
    phone = Screen(join(table, 1), table.pk)
    body = {"version": table.version, "player": "Ana", "amount": "5"}
    answer = phone.post("act/heal/", body)
    whole = phone.client.get(f"/tables/{table.pk}/live/?v=0", headers={"HX-Request": "true"})
    report["3 heroes, first turn: heal"] = {
        "answer": sized(answer.content),
        "whole view": sized(whole.content),
    }
    actions, kinds, polls, wholes = [], {}, [], []
    for seed in range(1, args.seeds + 1):
        game = play_to_mid_game(host, seed=seed)
        for step in game:
            content = step.phone.answer.encode()
            actions.append(sized(content))
            kinds.setdefault(step.kind, []).append(sized(content))
            polls += [sized(other.answer.encode()) for other in step.redrawn]
            table, phones = step.table, step.phones
        client = next(iter(phones.values())).client
        fresh = client.get(f"/tables/{table.pk}/live/?v=0", headers={"HX-Request": "true"})
        wholes.append(sized(fresh.content))
    report["6 heroes to 19 tiles: action answers"] = spread(actions)
    report["6 heroes to 19 tiles: by kind"] = {kind: spread(s) for kind, s in sorted(kinds.items())}
    report["6 heroes to 19 tiles: redraws of the other phones"] = spread(polls)
    report["6 heroes, 19 tiles: whole view (no fingerprints)"] = spread(wholes)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
