"""Benchmark of the rules engine: replay a long random game and report actions per second.

    .venv/bin/python bench/engine_bench.py [--steps 12000] [--seed 2024] [--repeat 5]

The game is played once by the random bot (tracker.rules.card_rpg.bot) with a fixed seed, then
replayed from the empty start `--repeat` times with `tracker.rules.replay`; the best run counts.
Not a test: it prints figures to record in docs/performance.md ("Rules engine").
"""

import argparse
import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tracker.rules import dump_log
from tracker.rules.card_rpg import apply, initial_state, replay
from tracker.rules.card_rpg.bot import random_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=12_000, help="bot actions to play")
    parser.add_argument("--seed", type=int, default=2024, help="the bot's and the deck's seed")
    parser.add_argument("--class", dest="cls", default="QH", help="the character's class card")
    parser.add_argument("--repeat", type=int, default=5, help="timed replays (best one counts)")
    args = parser.parse_args()

    actions = random_game(args.seed, args.steps, args.cls)
    final = replay(actions)
    character = final["character"]
    print(
        f"game: {len(actions)} actions (seed {args.seed}, {args.cls}), log {len(dump_log(actions)) // 1024} KiB"
    )
    print(
        f"  ends at level {character['level']}, {character['kills']} kills, "
        f"{character['deaths']} deaths, {character['sessions']} sessions, "
        f"{len(json.dumps(final))} bytes of state"
    )

    best = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        replay(actions)
        best = min(best, time.perf_counter() - start)
    rate = len(actions) / best
    print(
        f"replay: {rate:,.0f} actions/s, {best / len(actions) * 1e6:.1f} µs per apply (best of {args.repeat})"
    )

    # One apply on a mid-game state, as a request handler would do it.
    state = initial_state()
    for action in actions[: len(actions) // 2]:
        state = apply(state, action)
    nxt = actions[len(actions) // 2]
    runs = 2000
    start = time.perf_counter()
    for _ in range(runs):
        apply(state, nxt)
    single = (time.perf_counter() - start) / runs
    print(f"single apply on a mid-game state: {single * 1e6:.1f} µs")
    print(f"python {platform.python_version()} on {platform.machine()}")


if __name__ == "__main__":
    main()
