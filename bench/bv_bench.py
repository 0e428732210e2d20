"""Barbarian Vince: an action's time and queries after 10 and after 5,000 prior actions.

    .venv/bin/python bench/bv_bench.py [--long 5000] [--repeat 30] [--seed 2024]

A random adventure that never ends (tracker.rules.barbarian_vince.bot, fixed seed) is imported
into a throw-away SQLite database in a temporary folder, cut at 10, at `--middle` and at `--long`
actions (the import replays and bulk-writes the log, as an uploaded file would be). Then, for
each kind of action measured, the next action of that kind in the log is applied `--repeat`
times through the services (each time followed by an undo, measured on its own, so the log
stays the same length), counting its SQL statements and timing it; a read of the adventure
screen over Django's test client is measured the same way. The median time and the most
queries are reported. The middle cut has about as many cards entered and in hand as the long
one, so it tells the log's length apart from the state's size (an action's time follows the
size of the catalogue and the hands, never the length of the log). Not a test: it prints the
figures to record in docs/performance.md ("Barbarian Vince").
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KINDS = ("draw_encounter", "play_check_card", "recover", "end_turn", "register_card")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--long", type=int, default=5_000, help="actions before the long cut")
    parser.add_argument(
        "--middle", type=int, default=2_000, help="a cut whose state is as large as the long one's"
    )
    parser.add_argument("--repeat", type=int, default=30, help="timed runs of each action")
    parser.add_argument("--seed", type=int, default=2024, help="the random adventure's seed")
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="bv-bench-")
    os.environ["CARDRPG_DATA_DIR"] = folder
    os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tracker.barbarian_vince import services
    from tracker.core import services as core
    from tracker.rules.barbarian_vince import bot, replay
    from tracker.rules.log import dump_log

    settings.ALLOWED_HOSTS = ["*"]
    # Static files from the source folders: nothing is collected in a throw-away folder.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    call_command("migrate", verbosity=0)
    owner = get_user_model().objects.create_user("bench")
    client = Client()
    client.force_login(owner)

    actions = bot.random_adventure(random.Random(args.seed), args.long + 800, weights=bot.ENDLESS)
    print(f"adventure: {len(actions)} actions (seed {args.seed}); SQLite in {folder}")

    def next_of(kind: str, start: int) -> int:
        return next(i for i in range(start, len(actions)) if actions[i]["type"] == kind)

    def timed(run) -> tuple[float, int]:
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            run()
            took = (time.perf_counter() - started) * 1000
        return took, len(queries.captured_queries)

    def summary(samples: list[tuple[float, int]]) -> tuple[float, int]:
        return statistics.median(t for t, _ in samples), max(q for _, q in samples)

    results: dict[str, dict[int, tuple[float, int]]] = {}
    lengths = (10, args.middle, args.long)
    for length in lengths:
        state = replay(actions[:length])
        print(
            f"after {length}: {len(state['catalogue'])} cards entered, "
            f"{len(state['ready'])} ready and {len(state['exhausted'])} exhausted"
        )
    for length in lengths:
        undo_samples = []
        for kind in KINDS:
            at = next_of(kind, length)
            text = dump_log(actions[:at], game="barbarian-vince", name=f"{kind} at {at}")
            adventure = core.record_import(owner=owner, text=text)
            samples = []
            for _ in range(args.repeat):
                holder = {}

                def apply(adventure=adventure, at=at, holder=holder):
                    holder["done"] = services.adventure_apply(
                        adventure_id=adventure.pk,
                        owner=owner,
                        action=actions[at],
                        expected_version=adventure.version,
                    )

                samples.append(timed(apply))
                done = holder["done"]

                def undo(done=done, holder=holder):
                    holder["undone"] = services.adventure_undo(
                        adventure_id=done.pk, owner=owner, expected_version=done.version
                    )

                undo_samples.append(timed(undo))
                adventure = holder["undone"]
            results.setdefault(kind, {})[length] = summary(samples)
        results.setdefault("undo (one action)", {})[length] = summary(undo_samples)
        adventure = core.record_import(
            owner=owner, text=dump_log(actions[:length], game="barbarian-vince", name="read")
        )
        url = f"/adventures/{adventure.pk}/"
        screen = [timed(lambda url=url: client.get(url)) for _ in range(args.repeat)]
        results.setdefault("adventure screen (GET)", {})[length] = summary(screen)

    heads = "".join(f"{'after ' + str(length):>18}" for length in lengths)
    print(f"\n{'median ms, most queries':28}{heads}")
    for kind, by_length in results.items():
        cells = "".join(
            f"{by_length[length][0]:9.2f} ms, {by_length[length][1]:2d} q" for length in lengths
        )
        print(f"{kind:28}{cells}")


if __name__ == "__main__":
    main()
