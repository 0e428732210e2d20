"""Import drill: players keep playing while someone imports the worst file the limits allow.

    .venv/bin/python bench/import_drill.py [--backend sqlite|postgres|both] [--players 16]
                                           [--seconds 30] [--actions N] [--games G,G]
                                           [--importers 1] [--cost-sizes 5000,20000]

For each database: start the app as `make run` does (bench/server.py), sign up `--players`
players and let them play for `--seconds` (the baseline); then, for each game, let them play as
long again while `--importers` more users upload, one file after another, that game's worst
file of `--actions` actions (bench/worst_files.py; by default the app's limit,
CARDRPG_MAX_LOG_ACTIONS) through the import form (/import/). Then check: no player request
failed, nothing acknowledged is missing from the log and every state equals replay(log)
(bench/verify.py), the server's log holds no "database is locked", no 5xx and no traceback,
every import was accepted — and the players' action p95 while the imports ran is within 2×
their p95 without them.

Then, in a process of its own for each file (bench/import_cost.py), each game's worst file of
each of `--cost-sizes` actions is imported, backed up, checked (`restore --check`) and restored
into the same database: CPU seconds, peak memory, rows and characters stored. The ratio of the
figures at 20,000 and at 5,000 actions is 4 when the cost is linear in the file's size.

Prints the figures; exit status 1 if a check fails. Only 127.0.0.1 is ever contacted.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import drive  # noqa: E402
from bench.players import HttpTransport, Player  # noqa: E402
from bench.server import Server, each_backend, in_django  # noqa: E402
from bench.worst_files import GAMES, worst_file  # noqa: E402

IMPORT_URL = "/import/"


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
        page = self.http.request("GET", IMPORT_URL)
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
            IMPORT_URL,
            body=body,
            headers={
                "Content-Type": f"multipart/form-data; boundary={boundary}",
                "Cookie": cookies,
                "Referer": f"http://127.0.0.1:{self.port}{IMPORT_URL}",
            },
        )
        answer = connection.getresponse()
        answer.read()
        connection.close()
        return {"status": answer.status, "seconds": time.perf_counter() - started}

    def run(self, until: float) -> None:
        while time.time() < until:
            self.results.append(self.upload())


def run(server: Server, args) -> list[dict]:
    server.prepare()
    server.start()
    files = {game: worst_file(game, args.actions) for game in args.games}
    players = drive.setup(server.port, args.players, prefix="imp", seed=args.seed)
    quiet = drive.play(players, drive.PlayConfig(seconds=args.seconds, undo_rate=0.0))
    quiet_summary = drive.summarise(_writes(quiet, 0), args.seconds)
    results = []
    playing = quiet
    for game, data in files.items():
        importers = [Importer(server.port, data) for _ in range(args.importers)]
        for importer in importers:
            importer.sign_up()
        config = drive.PlayConfig(seconds=args.seconds, undo_rate=0.0)
        config.start_at = time.time() + 1.0
        threads = [
            threading.Thread(target=importer.run, args=(config.start_at + args.seconds,))
            for importer in importers
        ]
        for thread in threads:
            thread.start()
        playing = drive.play(playing, config)
        for thread in threads:
            thread.join()
        loaded_summary = drive.summarise(_writes(playing, config.start_at), args.seconds)
        results.append(
            {
                "backend": server.backend,
                "game": game,
                "players": len(players),
                "file_actions": args.actions,
                "file_bytes": len(data),
                "importers": args.importers,
                "imports": [one for importer in importers for one in importer.results],
                "quiet": quiet_summary,
                "importing": loaded_summary,
                "p95_ratio": loaded_summary["p95"] / quiet_summary["p95"],
                "errors": sum(
                    s.outcome == "error"
                    for p in playing
                    for s in p.samples
                    if s.at >= config.start_at
                ),
            }
        )
    server.stop()

    ledger_file = server.tmp / "ledgers.json"
    ledger_file.write_text(json.dumps([p.ledger.to_dict() for p in playing]))
    verdict = json.loads(in_django(server.env, "bench.verify", str(ledger_file)))
    log = server.scan_log()
    for result in results:
        result["verdict"], result["log"] = verdict, log
    # Each file alone in a database of its own (SQLite; a PostgreSQL run reuses the drill's
    # database, so its archive holds the players' records too).
    costs = []
    for game in args.games:
        for size in args.cost_sizes:
            env = dict(server.env)
            if not server.database_url:
                env["CARDRPG_DATA_DIR"] = tempfile.mkdtemp(prefix="import-cost-", dir=server.tmp)
            costs.append(
                json.loads(in_django(env, "bench.import_cost", game, str(size), timeout=1800))
            )
    results[0]["costs"] = costs
    return results


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
    print(f"\n== {result['backend']}, {result['game']}: {'PASS' if passed(result) else 'FAIL'}")
    print(
        f"  file: {result['file_actions']} actions, {result['file_bytes'] / 1e6:.1f} MB; "
        f"{len(took)} imports by {result['importers']} at once (statuses {sorted({x['status'] for x in result['imports']})}), "
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


def report_costs(backend: str, costs: list[dict]) -> None:
    """The cost of each worst file, and the ratio of each figure to the smaller file's."""
    print(f"\n== {backend}: what one worst file costs (one process each)")
    by_game: dict[str, list[dict]] = {}
    for cost in costs:
        by_game.setdefault(cost["game"], []).append(cost)
    for game, rows in by_game.items():
        base = rows[0]
        for row in rows:
            stored = row["stored"]
            ratio = row["actions"] / base["actions"]

            def r(now, was, first=row is base):
                return f" (×{now / was:.1f})" if not first and was else ""

            imp = row["import"]
            print(
                f"  {game}, {row['actions']:,} actions ({row['file_mb']} MB): import "
                f"{imp['cpu_s']} s CPU{r(imp['cpu_s'], base['import']['cpu_s'])}, RSS "
                f"{row['base_rss_mb']} → {imp['rss_mb']} MB; stored "
                f"{stored['entries']:,} entries, {stored['snapshots']} snapshots "
                f"({stored['snapshot_mb']} MB{r(stored['snapshot_mb'], base['stored']['snapshot_mb'])}"
                f"), actions {stored['action_mb']} MB, {stored['history_rows']:,} history rows, "
                f"record {stored['record_mb']} MB"
            )
            for key, label in (
                ("backup", "backup"),
                ("restore_check", "restore --check"),
                ("restore", "restore"),
            ):
                part = row[key]
                print(
                    f"      {label}: {part['cpu_s']} s CPU{r(part['cpu_s'], base[key]['cpu_s'])}, "
                    f"RSS high-water {part['rss_mb']} MB"
                    + (f", archive {part['file_mb']} MB" if "file_mb" in part else "")
                )
            if row is not base:
                print(f"      (the file is ×{ratio:.0f} the size in actions)")


def main() -> int:
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--actions", type=int, default=0, help="0: the app's limit")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--importers", type=int, default=1, help="uploads at once")
    parser.add_argument("--cost-sizes", default="5000,20000", help="comma-separated")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    args.games = [game for game in args.games.split(",") if game]
    args.cost_sizes = [int(size) for size in args.cost_sizes.split(",") if size]
    if not args.actions:
        import django

        django.setup()
        from tracker.core.services import max_log_actions

        args.actions = max_log_actions()
    results = []
    for server in each_backend(args.backend, "import"):
        ran = run(server, args)
        for result in ran:
            report(result)
        report_costs(ran[0]["backend"], ran[0]["costs"])
        results += ran
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))
    ok = all(passed(r) for r in results)
    print("\nPASS" if ok else "\nFAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
