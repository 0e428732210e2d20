"""Benchmark of the rules engine at a table: steps over two logs, and each log replayed alone.

    .venv/bin/python bench/table_bench.py [--steps 6000] [--seed 2025] [--seats 3] [--repeat 5]

The table bot (tracker.rules.card_rpg.table_bot) plays `--seats` characters at one table for
`--steps` steps with a fixed seed: their own fights, robberies, duels. Then, in the same run,
each character's log is replayed alone from the empty start, and every step of the game is
applied again through `exchange` (the step the app takes over two records). The baseline is
solo logs of the same classes and lengths, timed in turn with the table's (best of
`--repeat`); figures are ratios against it, as these machines are noisy. Not a test: it prints
figures to record in docs/performance.md ("Rules engine at a table").
"""

import argparse
import platform
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tracker.rules.card_rpg import (
    exchange,  # noqa: E402
    replay,
)
from tracker.rules.card_rpg.bot import random_game  # noqa: E402
from tracker.rules.card_rpg.table_bot import TableBot  # noqa: E402


def best(runs: int, work) -> float:
    """The fastest of `runs` timings of `work()`, in seconds."""
    fastest = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=6_000, help="table steps to play")
    parser.add_argument("--seed", type=int, default=2025, help="the table's seed")
    parser.add_argument("--seats", type=int, default=3, help="characters at the table (2–6)")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs (best one counts)")
    args = parser.parse_args()

    bot = TableBot(args.seed, count=args.seats)
    moves, kinds = [], Counter()
    for move, step in bot.play(args.steps):
        moves.append(move)
        kinds.update(one.action["type"] for one in step.applied)
    logs = bot.logs
    actions = sum(len(log) for log in logs)
    print(
        f"table: {args.seats} characters, {args.steps} steps (seed {args.seed}), "
        f"{actions} actions in their logs"
    )
    duels = kinds["start_duel"] // 2
    print(
        f"  {kinds['rob']} robberies, {duels} duels ({kinds['duel_won']} won, "
        f"{kinds['duel_called_off']} called off), {kinds['duel_hit']} hits in duels"
    )

    # The baseline: solo logs of the same classes and lengths, timed in turn with the table's.
    solos = [
        random_game(args.seed + index, len(log) - 1, bot.classes[index])
        for index, log in enumerate(logs)
    ]
    baseline = table = float("inf")
    for _ in range(args.repeat):
        baseline = min(baseline, best(1, lambda: [replay(log) for log in solos]))
        table = min(table, best(1, lambda: [replay(log) for log in logs]))
    baseline /= sum(len(log) for log in solos)
    table /= actions
    print(
        f"solo replay (baseline): {baseline * 1e6:.1f} µs per action; each table log alone: "
        f"{table * 1e6:.1f} µs per action = {table / baseline:.2f} × the baseline"
    )

    # Every step again, over the two states it touches (the app's one transaction).
    def steps_again():
        replayed = TableBot(args.seed, count=args.seats)
        states = replayed.states
        for move in moves:
            other = None if move.other is None else states[move.other]
            result = exchange(states[move.actor], other, move.action)
            states[move.actor] = result.actor
            if move.other is not None:
                states[move.other] = result.other

    per_step = best(args.repeat, steps_again) / len(moves)
    print(
        f"one step through exchange: {per_step * 1e6:.1f} µs "
        f"= {per_step / baseline:.2f} × a solo apply"
    )
    print(f"python {platform.python_version()} on {platform.machine()}")


if __name__ == "__main__":
    main()
