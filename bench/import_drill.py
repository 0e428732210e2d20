"""Import drill: players keep playing while someone imports the largest file the limits allow.

    .venv/bin/python bench/import_drill.py [--backend sqlite|postgres|both] [--players 16]
                                           [--seconds 30] [--actions N]

For each database: start the app as `make run` does (bench/server.py), sign up `--players`
players and let them play for `--seconds` (the baseline); then let them play as long again while
one more user uploads, one after another, a character file of `--actions` actions (by default
the app's limit, CARDRPG_MAX_LOG_ACTIONS: a seeded bot career of that length) through the import
form. Then check: no player request failed, nothing acknowledged is missing from the log and
every state equals replay(log) (bench/verify.py), the server's log holds no "database is
locked", no 5xx and no traceback, every import was accepted — and the players' action p95
while the imports ran is within 2× their p95 without them. Prints the figures; exit status 1
if a check fails. Only 127.0.0.1 is ever contacted.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import drive  # noqa: E402
from bench.players import HttpTransport, Player  # noqa: E402
from bench.server import Server, each_backend, in_django  # noqa: E402


def largest_file(actions: int, seed: int) -> bytes:
    """A real career of `actions` actions (the bot's), as the app exports one."""
    from tracker.rules import dump_log
    from tracker.rules.card_rpg.bot import random_game

    return dump_log(random_game(seed, actions - 1, "KS"), name="Imported").encode()


class Importer:
    """One more user, uploading the same big file again and again until told to stop."""

    def __init__(self, port: int, data: bytes):
        self.port = port
        self.data = data
        self.http = HttpTransport("127.0.0.1", port, timeout=120)
        self.player = Player(self.http, f"importer{uuid.uuid4().hex[:6]}", seed=1)
        self.results: list[dict] = []

    def sign_up(self) -> None:
        self.player.sign_up()

    def upload(self) -> dict:
        page = self.http.request("GET", "/characters/import/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
        boundary = uuid.uuid4().hex
        body = b"".join(
            [
                f'--{boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"'
                f"\r\n\r\n{token}\r\n".encode(),
                f'--{boundary}\r\nContent-Disposition: form-data; name="log_file"; '
                f'filename="big.cardrpg.json"\r\nContent-Type: application/json\r\n\r\n'.encode(),
                self.data,
                f"\r\n--{boundary}--\r\n".encode(),
            ]
        )
        cookies = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        started = time.perf_counter()
        connection.request(
            "POST",
            "/characters/import/",
            body=body,
            headers={
                "Content-Type": f"multipart/form-data; boundary={boundary}",
                "Cookie": cookies,
                "Referer": f"http://127.0.0.1:{self.port}/characters/import/",
            },
        )
        answer = connection.getresponse()
        answer.read()
        connection.close()
        return {"status": answer.status, "seconds": time.perf_counter() - started}

    def run(self, until: float) -> None:
        while time.time() < until:
            self.results.append(self.upload())


def run(server: Server, args) -> dict:
    server.prepare()
    server.start()
    data = largest_file(args.actions, args.seed)
    players = drive.setup(server.port, args.players, prefix="imp", seed=args.seed)
    quiet = drive.play(players, drive.PlayConfig(seconds=args.seconds, undo_rate=0.0))
    quiet_writes = _writes(quiet, 0)

    importer = Importer(server.port, data)
    importer.sign_up()
    config = drive.PlayConfig(seconds=args.seconds, undo_rate=0.0)
    config.start_at = time.time() + 1.0
    thread = threading.Thread(target=importer.run, args=(config.start_at + args.seconds,))
    thread.start()
    loaded = drive.play(quiet, config)
    thread.join()
    loaded_writes = _writes(loaded, config.start_at)
    server.stop()

    ledger_file = server.tmp / "ledgers.json"
    ledger_file.write_text(json.dumps([p.ledger.to_dict() for p in loaded]))
    verdict = json.loads(in_django(server.env, "bench.verify", str(ledger_file)))
    quiet_summary = drive.summarise(quiet_writes, args.seconds)
    loaded_summary = drive.summarise(loaded_writes, args.seconds)
    errors = sum(s.outcome == "error" for p in loaded for s in p.samples)
    return {
        "backend": server.backend,
        "players": len(players),
        "file_actions": args.actions,
        "file_bytes": len(data),
        "imports": importer.results,
        "quiet": quiet_summary,
        "importing": loaded_summary,
        "p95_ratio": loaded_summary["p95"] / quiet_summary["p95"],
        "errors": errors,
        "import_started": config.start_at,
        "verdict": verdict,
        "log": server.scan_log(),
    }


def _writes(players, since: float) -> list:
    return [
        s
        for p in players
        for s in p.samples
        if s.at >= since and s.outcome in ("ok", "refused", "conflict")
    ]


def passed(result: dict) -> bool:
    log = result["log"]
    return (
        result["errors"] == 0
        and not result["verdict"]["problems"]
        and log["database_is_locked"] == 0
        and log["server_errors"] == 0
        and log["tracebacks"] == 0
        and result["imports"]
        and all(i["status"] == 302 for i in result["imports"])
        and result["p95_ratio"] <= 2.0
    )


def report(result: dict) -> None:
    q, i, log = result["quiet"], result["importing"], result["log"]
    took = [round(x["seconds"], 2) for x in result["imports"]]
    print(f"\n== {result['backend']}: {'PASS' if passed(result) else 'FAIL'}")
    print(
        f"  file: {result['file_actions']} actions, {result['file_bytes'] / 1e6:.1f} MB; "
        f"{len(took)} imports (statuses {sorted({x['status'] for x in result['imports']})}), "
        f"each {min(took, default=0)}–{max(took, default=0)} s"
    )
    print(
        f"  players' actions without imports: {q['count']}, p50 {q['p50']:.0f} ms, "
        f"p95 {q['p95']:.0f} ms"
    )
    print(
        f"  players' actions during imports:  {i['count']}, p50 {i['p50']:.0f} ms, "
        f"p95 {i['p95']:.0f} ms  (p95 ratio {result['p95_ratio']:.2f}, must be ≤ 2)"
    )
    print(
        f"  {result['errors']} player errors; server log: {log['database_is_locked']} "
        f"'database is locked', {log['server_errors']} 5xx, {log['tracebacks']} tracebacks; "
        f"{len(result['verdict']['problems'])} problems in the ledgers"
    )
    for problem in result["verdict"]["problems"][:10]:
        print(f"  PROBLEM: {problem}")


def main() -> int:
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--actions", type=int, default=0, help="0: the app's limit")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    if not args.actions:
        import django

        django.setup()
        from tracker.core.services import max_log_actions

        args.actions = max_log_actions()
    results = []
    for server in each_backend(args.backend, "import"):
        results.append(run(server, args))
        report(results[-1])
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))
    ok = all(passed(r) for r in results)
    print("\nPASS" if ok else "\nFAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
