"""Slow-client drill: sockets dribbling a request head a byte a second must not stall the table.

    .venv/bin/python bench/slow_clients.py [--servers gunicorn,granian] [--sockets 50]
                                           [--players 4] [--seconds 20] [--think 0.3]

For each server (started as `make run` does, bench/server.py, on SQLite with a temporary data
folder): sign up `--players` players with a character each and let them tap (a real tap every
`--think` seconds) for `--seconds`: the baseline. Then open `--sockets` connections that each
send the start of a request head and one more byte of it every second, never finishing it (a
socket the server drops is opened again at once, so that many are always pressing), and let
the players tap as long again. `--slow body` sends a whole head instead, declaring a body
that then comes a byte a second. Every tap counts, including one that got no answer within
`--timeout` seconds (counted at the time it waited). Prints each server's tap p50/p95 without
and with the slow sockets and the p95 ratio, which must be within 2× for the server `make run`
uses. Only 127.0.0.1 is ever contacted. Exit status 1 if the default server fails.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import drive  # noqa: E402
from bench.players import Player, ServerGone  # noqa: E402
from bench.server import Server  # noqa: E402

HEADS = {
    # The start of a request head, never finished.
    "head": b"GET /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ",
    # A whole head declaring a body, which then comes a byte a second.
    "body": b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nx=",
}


class SlowSockets:
    """`count` connections each sending one byte of an endless request head every second."""

    def __init__(self, port: int, count: int, head: bytes = HEADS["head"]):
        self.port, self.count, self.head = port, count, head
        self.sockets: list[socket.socket | None] = [None] * count
        self.opened = 0
        self.dropped = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _open(self) -> socket.socket | None:
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=2)
            sock.sendall(self.head)
            self.opened += 1
            return sock
        except OSError:
            return None

    def _run(self) -> None:
        while not self.stop.is_set():
            for i, sock in enumerate(self.sockets):
                if sock is not None:
                    try:
                        sock.sendall(b"a")
                        continue
                    except OSError:
                        self.dropped += 1
                        sock.close()
                self.sockets[i] = self._open()
            self.stop.wait(1.0)
        for sock in self.sockets:
            if sock is not None:
                sock.close()

    def open_now(self) -> int:
        return sum(s is not None for s in self.sockets)

    def __enter__(self) -> SlowSockets:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(timeout=30)


def tap_times(players: list[Player], seconds: float, think: float) -> tuple[list[float], int]:
    """Let the players tap for `seconds`; every tap's time (ms), and how many got no answer."""
    times: list[float] = []
    stalled = 0
    lock = threading.Lock()
    end = time.time() + seconds

    def play(player: Player) -> None:
        nonlocal stalled
        while time.time() < end:
            started = time.perf_counter()
            try:
                player.step()
                took, failed = time.perf_counter() - started, False
            except ServerGone:
                took, failed = time.perf_counter() - started, True
            with lock:
                times.append(took * 1000)
                stalled += failed
            if failed:
                # Find out where the table stands before tapping on (the page, when it answers).
                while time.time() < end:
                    try:
                        player.resync()
                        break
                    except ServerGone:
                        time.sleep(0.2)
            time.sleep(think)

    threads = [threading.Thread(target=play, args=(p,)) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times, stalled


def run(kind: str, args) -> dict:
    with Server(label=f"slow-{kind}", server=kind) as server:
        server.prepare()
        server.start()
        players = drive.setup(server.port, args.players, prefix="slow", seed=3, processes=1)
        for player in players:
            player.http.timeout = args.timeout
            player.undo_rate = 0.0
            player.load_page()
        quiet, quiet_stalled = tap_times(players, args.seconds, args.think)
        with SlowSockets(server.port, args.sockets, HEADS[args.slow]) as slow:
            time.sleep(3)  # every socket open and dribbling
            held = slow.open_now()
            loaded, loaded_stalled = tap_times(players, args.seconds, args.think)
            held = min(held, slow.open_now())
            opened, dropped = slow.opened, slow.dropped
        log = server.scan_log()
    q95, l95 = drive.percentile(sorted(quiet), 95), drive.percentile(sorted(loaded), 95)
    return {
        "server": kind,
        "quiet": {
            "taps": len(quiet),
            "stalled": quiet_stalled,
            "p50": drive.percentile(sorted(quiet), 50),
            "p95": q95,
        },
        "loaded": {
            "taps": len(loaded),
            "stalled": loaded_stalled,
            "p50": drive.percentile(sorted(loaded), 50),
            "p95": l95,
        },
        "ratio": l95 / q95,
        "sockets": {"held": held, "opened": opened, "dropped": dropped},
        "server_errors": log["server_errors"],
    }


def report(result: dict, default: str) -> None:
    q, lo, s = result["quiet"], result["loaded"], result["sockets"]
    verdict = "" if result["server"] != default else (" PASS" if passed(result) else " FAIL")
    print(
        f"\n== {result['server']}{' (make run)' if result['server'] == default else ''}:{verdict}"
    )
    print(
        f"  taps without slow sockets: {q['taps']}, p50 {q['p50']:.0f} ms, p95 {q['p95']:.0f} ms, {q['stalled']} unanswered"
    )
    print(
        f"  taps with slow sockets:    {lo['taps']}, p50 {lo['p50']:.0f} ms, p95 {lo['p95']:.0f} ms, {lo['stalled']} unanswered"
    )
    print(
        f"  p95 ratio {result['ratio']:.2f} (must be ≤ 2); slow sockets: {s['held']} held open, {s['opened']} opened, {s['dropped']} dropped by the server; {result['server_errors']} 5xx"
    )


def passed(result: dict) -> bool:
    return (
        result["ratio"] <= 2.0 and result["loaded"]["stalled"] == 0 and result["server_errors"] == 0
    )


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--servers", default="gunicorn,granian")
    parser.add_argument("--sockets", type=int, default=50)
    parser.add_argument(
        "--slow", choices=sorted(HEADS), default="head", help="what comes a byte a second"
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.3)
    parser.add_argument(
        "--timeout", type=float, default=10.0, help="a tap unanswered this long counts as stalled"
    )
    args = parser.parse_args()
    default = "granian"
    results = [run(kind, args) for kind in args.servers.split(",")]
    for result in results:
        report(result, default)
    mine = [r for r in results if r["server"] == default]
    ok = all(passed(r) for r in mine)
    print("\nPASS" if ok else "\nFAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
