"""Run many simulated players at once, from processes of their own, against a loopback server.

Players are spread over a few worker processes (threads inside each), so the load generator is
not one Python process fighting its own GIL while it parses every screen. Two phases:
`setup` (sign up, create a character, switch on the virtual deck) and `play` (a bounded number
of seconds and requests). While playing, a player whose request got no answer — the server was
killed — waits for the server to come back and settles that request by reading its page
(Player.resync), so a crash drill can go on playing after the restart.
"""

from __future__ import annotations

import statistics
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bench.players import HttpTransport, Player, PlayerError, Sample, ServerGone


@dataclass
class PlayConfig:
    """How players play: for how long, how hard, and what else they measure."""

    seconds: float = 60.0
    max_requests: int = 20_000  # per player: a run always ends
    think: float = 0.0  # seconds between a player's taps
    baseline: bool = False  # after each step, one request to the baseline view
    write_floor: bool = False  # and after each action, one to the write floor beside it
    undo_rate: float = 0.02
    recovery: float = 60.0  # how long a player waits for a killed server to come back
    start_at: float = 0.0  # wall-clock time all players start together


def _make(port: int, index: int, prefix: str, seed: int) -> Player:
    return Player(HttpTransport("127.0.0.1", port), f"{prefix}{index}", seed=seed + index)


def _setup_chunk(port: int, indices: list[int], prefix: str, seed: int) -> list[Player]:
    players = [_make(port, i, prefix, seed) for i in indices]
    errors: list[BaseException] = []

    def run(player: Player) -> None:
        try:
            player.start()
            player.screen = None  # parsed screens stay in this process
        except BaseException as exc:  # noqa: BLE001 - reported to the caller below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(p,)) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return players


def _baseline(player: Player, after: Sample) -> None:
    """The floor, measured right beside the step: a page after a page, else a swap."""
    page = after.kind == "page"
    headers = {} if page else {"HX-Request": "true", "HX-Target": "baseline-swap"}
    answer = player.http.request("GET", "/bench/baseline/", None, headers)
    kind = "baseline page" if page else "baseline swap"
    player._record(kind, answer, "read" if answer.status == 200 else "error")


def _write_floor(player: Player) -> None:
    """The least a write costs (a read, an insert, an update, the fragment), beside an action."""
    headers = player._htmx_headers("baseline-swap")
    answer = player.http.request("POST", "/bench/baseline/write/", [], headers)
    player._record("write floor", answer, "ok" if answer.status == 200 else "error")


def _play_one(player: Player, config: PlayConfig, stop: threading.Event) -> None:
    player.undo_rate = config.undo_rate
    player.gone = getattr(player, "gone", 0)
    player.resyncs = getattr(player, "resyncs", [])
    end = config.start_at + config.seconds
    requests = 0
    while not stop.is_set() and time.time() < end and requests < config.max_requests:
        try:
            sample = player.step()
            requests += 1
            if config.baseline:
                _baseline(player, sample)
                requests += 1
            if config.write_floor and sample.kind != "page":
                _write_floor(player)
                requests += 1
        except ServerGone:
            player.gone += 1
            deadline = time.time() + config.recovery
            while True:
                time.sleep(0.2)
                try:
                    player.resyncs.append(player.resync())
                    break
                except ServerGone:
                    if time.time() > deadline:
                        player.ledger.problems.append("the server never came back")
                        return
        except PlayerError as exc:
            player.ledger.problems.append(str(exc))
            return
        if config.think:
            time.sleep(config.think)


def _play_chunk(players: list[Player], config: PlayConfig) -> list[Player]:
    time.sleep(max(0.0, config.start_at - time.time()))
    stop = threading.Event()
    threads = [threading.Thread(target=_play_one, args=(p, config, stop)) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for player in players:
        player.screen = None
    return players


def _chunks(items: list, count: int) -> list[list]:
    return [items[i::count] for i in range(count) if items[i::count]]


def setup(port: int, count: int, *, prefix: str, seed: int = 1, processes: int = 4) -> list[Player]:
    """Sign up `count` players and give each a character at a virtual table."""
    indices = _chunks(list(range(count)), processes)
    with ProcessPoolExecutor(len(indices)) as pool:
        futures = [pool.submit(_setup_chunk, port, chunk, prefix, seed) for chunk in indices]
        return [p for f in futures for p in f.result()]


def play(players: list[Player], config: PlayConfig, *, processes: int = 4) -> list[Player]:
    """Let the players play (in `processes` processes) until the time or request bound."""
    if not config.start_at:
        config.start_at = time.time() + 1.0  # every process ready before the first tap
    chunks = _chunks(players, processes)
    with ProcessPoolExecutor(len(chunks)) as pool:
        futures = [pool.submit(_play_chunk, chunk, config) for chunk in chunks]
        return [p for f in futures for p in f.result()]


# --- figures ---------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0–100) by linear interpolation; nan for no values."""
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[max(0, min(98, int(q) - 1))]


def summarise(samples: list[Sample], seconds: float) -> dict:
    """Count, errors, p50/p95/p99 (ms), requests per second and mean bytes for some samples."""
    times = sorted(s.seconds * 1000 for s in samples)
    return {
        "count": len(samples),
        "errors": sum(s.outcome == "error" for s in samples),
        "p50": percentile(times, 50),
        "p95": percentile(times, 95),
        "p99": percentile(times, 99),
        "rps": len(samples) / seconds if seconds else float("nan"),
        "bytes": statistics.fmean(s.size for s in samples) if samples else float("nan"),
        "max_bytes": max((s.size for s in samples), default=0),
    }
