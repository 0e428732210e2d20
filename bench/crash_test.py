"""Crash drill: kill the server with SIGKILL mid-load, restart it, and prove nothing was lost.

    .venv/bin/python bench/crash_test.py [--backend sqlite|postgres|both] [--players 8]
                                         [--kills 3] [--interval 4]

For each database: start the app as `make run` does (bench/server.py), let simulated players
(bench/players.py) play through the HTTP and htmx endpoints, and `--kills` times SIGKILL the
whole gunicorn process group while requests are in flight, then start it again on the same
port. Players whose request got no answer wait for the server and settle that request by
reading their page. At the end the server is stopped and bench/verify.py checks, in the
database: every write that got a success answer is in the log at the position the player
counted (with its action type), each character's version and log length are the ones its
player last saw, stored state = replay(log) for every entry, and the record sheet, inventory,
sessions and fights equal a rebuild from the log. PostgreSQL runs in a database of its own
(cardrpg_crash), dropped afterwards. Exit status 1 if anything was lost or wrong.
"""

import argparse
import json
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import drive  # noqa: E402
from bench.server import Server, each_backend, in_django  # noqa: E402


def drill(server: Server, args) -> dict:
    """One database: load, kills and restarts, then the check."""
    server.prepare()
    server.start()
    players = drive.setup(server.port, args.players, prefix="crash", seed=args.seed)
    seconds = args.interval * (args.kills + 1)
    config = drive.PlayConfig(seconds=seconds, max_requests=args.max_requests, undo_rate=0.03)
    config.start_at = time.time() + 1.5
    kills: list[dict] = []

    def killer() -> None:
        # Kill at the middle of each interval, then restart at once on the same port.
        time.sleep(max(0.0, config.start_at - time.time()))
        for _ in range(args.kills):
            time.sleep(args.interval)
            log_before = server.scan_log()["requests"]
            server.kill()
            killed_at = time.time()
            time.sleep(0.5)
            server.start()
            kills.append(
                {
                    "answered_before": log_before,
                    "down_seconds": round(time.time() - killed_at, 2),
                }
            )

    thread = threading.Thread(target=killer)
    thread.start()
    players = drive.play(players, config)
    thread.join()
    server.stop()
    ledgers = [p.ledger.to_dict() for p in players]
    ledger_file = server.tmp / "ledgers.json"
    ledger_file.write_text(json.dumps(ledgers))
    verdict = json.loads(in_django(server.env, "bench.verify", str(ledger_file)))
    samples = [s for p in players for s in p.samples]
    return {
        "backend": server.backend,
        "players": len(players),
        "kills": len(kills),
        "restarts": server.starts - 1,
        "requests": len(samples),
        "writes_acknowledged": sum(s.outcome == "ok" for s in samples),
        "no_answer": sum(getattr(p, "gone", 0) for p in players),
        "settled": [r for p in players for r in getattr(p, "resyncs", [])],
        "verdict": verdict,
        "log": server.scan_log(),
    }


def report(result: dict) -> bool:
    """Print one database's result; True if it passed."""
    verdict = result["verdict"]
    settled = result["settled"]
    ok = not verdict["problems"] and result["kills"] > 0
    print(f"\n== {result['backend']}: {'PASS' if ok else 'FAIL'}")
    print(
        f"  {result['players']} players, {result['requests']} requests, "
        f"{result['kills']} SIGKILLs of the whole process group, {result['restarts']} restarts"
    )
    print(
        f"  writes acknowledged: {result['writes_acknowledged']}; all "
        f"{verdict['acknowledged_in_log']} still expected are in the log"
        if not verdict["problems"]
        else f"  writes acknowledged: {result['writes_acknowledged']}"
    )
    print(
        f"  requests with no answer (killed mid-request): {result['no_answer']}; settled on "
        f"reload: {settled.count('committed')} committed, {settled.count('not committed')} not"
    )
    print(
        f"  characters checked: {verdict['characters']} (log = acknowledged writes, version, "
        "state = replay(log), projections = rebuild)"
    )
    log = result["log"]
    print(
        f"  server log: {log['requests']} requests answered, {log['server_errors']} 5xx, "
        f"{log['database_is_locked']} 'database is locked', {log['tracebacks']} tracebacks"
    )
    for problem in verdict["problems"][:20]:
        print(f"  PROBLEM: {problem}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--players", type=int, default=8, help="simulated players")
    parser.add_argument("--kills", type=int, default=3, help="SIGKILLs during the run")
    parser.add_argument("--interval", type=float, default=4.0, help="seconds of play per kill")
    parser.add_argument("--max-requests", type=int, default=5000, help="per player, a bound")
    parser.add_argument("--seed", type=int, default=7, help="virtual tables and choices")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()

    results = []
    for server in each_backend(args.backend, "crash"):
        results.append(drill(server, args))
        report(results[-1])
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))
    passed = all(r["kills"] > 0 and not r["verdict"]["problems"] for r in results)
    print("\nPASS: nothing acknowledged was lost" if passed else "\nFAIL")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
