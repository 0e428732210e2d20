"""Load drill: 32 simulated players for 60 s against gunicorn: no errors, nothing lost, no lock.

    .venv/bin/python bench/load_test.py [--backend sqlite|postgres|both] [--players 32]
                                        [--seconds 60] [--think 0]

For each database: start the app as `make run` does (bench/server.py, a temporary SQLite
database or a PostgreSQL database of its own, `cardrpg_load`, dropped afterwards), sign up
`--players` players through the sign-up form, and let them all play at once through the HTTP
and htmx endpoints for `--seconds` (each with at most `--max-requests` requests, and
`--think` seconds between taps; 0 = as fast as the server answers). Then check: no request
failed (every answer 200 or the expected redirect, no error screen), no acknowledged write is
missing from the log and every state equals replay(log) (bench/verify.py), and the server's log
holds no "database is locked", no 5xx and no traceback. Exit status 1 otherwise.
Only 127.0.0.1 is ever contacted.
"""

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import drive  # noqa: E402
from bench.server import Server, each_backend, in_django  # noqa: E402


def run(server: Server, args) -> dict:
    """One database: set up the players, play, check."""
    server.prepare()
    server.start()
    started = time.time()
    players = drive.setup(server.port, args.players, prefix="load", seed=args.seed)
    setup_seconds = time.time() - started
    config = drive.PlayConfig(
        seconds=args.seconds, max_requests=args.max_requests, think=args.think
    )
    players = drive.play(players, config)
    server.stop()
    ledger_file = server.tmp / "ledgers.json"
    ledger_file.write_text(json.dumps([p.ledger.to_dict() for p in players]))
    verdict = json.loads(in_django(server.env, "bench.verify", str(ledger_file)))
    samples = [s for p in players for s in p.samples if s.at >= config.start_at]
    writes = [s for s in samples if s.outcome in ("ok", "refused", "conflict")]
    return {
        "backend": server.backend,
        "players": len(players),
        "seconds": args.seconds,
        "setup_seconds": round(setup_seconds, 1),
        "all": drive.summarise(samples, args.seconds),
        "writes": drive.summarise(writes, args.seconds),
        "outcomes": {
            o: sum(s.outcome == o for s in samples) for o in sorted({s.outcome for s in samples})
        },
        "verdict": verdict,
        "log": server.scan_log(),
    }


def passed(result: dict) -> bool:
    log = result["log"]
    return (
        result["all"]["errors"] == 0
        and not result["verdict"]["problems"]
        and log["database_is_locked"] == 0
        and log["server_errors"] == 0
        and log["tracebacks"] == 0
        and result["outcomes"].get("conflict", 0) == 0
    )


def report(result: dict) -> None:
    a, w, log, verdict = result["all"], result["writes"], result["log"], result["verdict"]
    print(f"\n== {result['backend']}: {'PASS' if passed(result) else 'FAIL'}")
    print(
        f"  {result['players']} players for {result['seconds']} s (sign-up and characters "
        f"took {result['setup_seconds']} s before)"
    )
    print(
        f"  {a['count']} requests, {a['rps']:.1f}/s, {a['errors']} errors; latency ms "
        f"p50 {a['p50']:.0f} p95 {a['p95']:.0f} p99 {a['p99']:.0f}"
    )
    print(
        f"  {w['count']} action posts ({w['rps']:.1f}/s): p50 {w['p50']:.0f} p95 {w['p95']:.0f} "
        f"p99 {w['p99']:.0f} ms; outcomes {result['outcomes']}"
    )
    print(
        f"  checked {verdict['characters']} characters: {verdict['acknowledged_in_log']} "
        f"acknowledged actions in the log, {len(verdict['problems'])} problems"
    )
    print(
        f"  server log: {log['requests']} requests, statuses {log['statuses']}, "
        f"{log['database_is_locked']} 'database is locked', {log['tracebacks']} tracebacks, "
        f"{log['worker_timeouts']} worker timeouts"
    )
    for problem in verdict["problems"][:20]:
        print(f"  PROBLEM: {problem}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--players", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=0.0, help="seconds between taps")
    parser.add_argument("--max-requests", type=int, default=20_000, help="per player, a bound")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()

    results = []
    for server in each_backend(args.backend, "load"):
        results.append(run(server, args))
        report(results[-1])
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))
    ok = all(passed(r) for r in results)
    print("\nPASS" if ok else "\nFAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
