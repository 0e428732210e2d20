"""What idle phones at Heroes of Barcadia tables cost the server: 50 tables × 6 phones polling.

    .venv/bin/python bench/barcadia_idle.py [--tables 50] [--phones 6] [--seconds 60]
                                            [--interval 1.0] [--clients 4] [--change-every 0]

Starts the app as `make run` does (bench/server.py: granian by default, a temporary SQLite
database), sets up the tables with every seat held by a guest's phone (bench/barcadia_setup.py,
which also times one check in-process and counts its queries), then lets every phone do what
the table page does while nobody plays: ask "has the table moved?" every `--interval` seconds
(GET /tables/<id>/live/?v=<version> with its seat cookie and the htmx header; 204 while not,
else the live region, whose version the phone then asks about). The phones are asyncio tasks
in `--clients` processes, each check on a fresh connection as gunicorn's sync workers close
every one. `--change-every S` lets one
phone per table heal its hero every S seconds, so the other five redraw.

Reports: checks per minute per phone, the latency of a check (p50/p95/p99, seen by the phones,
network included), the server's CPU time per check (its workers' CPU seconds over the run
divided by the checks answered), queries per check, 204 vs 200, errors. Only 127.0.0.1 is
contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import Server, in_django, process_stats  # noqa: E402

VERSION = re.compile(rb'data-version="(\d+)"')
CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


def worker_cpu_seconds(master_pid: int) -> float:
    """CPU seconds (user + system) used so far by the server's main process's children."""
    tick = os.sysconf("SC_CLK_TCK")
    return sum(
        (int(fields[11]) + int(fields[12])) / tick  # utime, stime
        for _pid, fields in process_stats()
        if int(fields[1]) == master_pid  # ppid
    )


async def fetch(port: int, method: str, path: str, headers: dict, body: bytes = b""):
    """One HTTP/1.1 request on a fresh connection (gunicorn's sync workers close each one)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if body:
        lines.append(f"Content-Length: {len(body)}")
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, content = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    received = [tuple(line.split(": ", 1)) for line in header_lines if ": " in line]
    return int(status_line.split()[1]), received, content


async def heal(port: int, phone: dict, cookie: str) -> int:
    """The writer phone heals its hero (a light action): the table moves on for the others."""
    _status, headers, page = await fetch(
        port, "GET", f"/tables/{phone['table']}/", {"Cookie": cookie}
    )
    token = CSRF.search(page).group(1).decode()
    csrf = next(
        v.split(";")[0]
        for k, v in headers
        if k.lower() == "set-cookie" and v.startswith("csrftoken=")
    )
    version = int(VERSION.search(page).group(1))
    form = f"version={version}&amount=5&csrfmiddlewaretoken={token}".encode()
    _status, _headers, answer = await fetch(
        port,
        "POST",
        f"/tables/{phone['table']}/act/heal/",
        {
            "Cookie": f"{cookie}; {csrf}",
            "Content-Type": "application/x-www-form-urlencoded",
            "HX-Request": "true",
        },
        form,
    )
    found = VERSION.search(answer)
    return int(found.group(1)) if found else version


async def phone_loop(port, phone, interval, until, writer_every, results):
    """One phone: a check every `interval` seconds, as the table page's poll makes it."""
    cookie = f"{phone['cookie']}={phone['value']}"
    version = phone["version"]
    latencies, statuses, errors = [], {}, 0
    loop = asyncio.get_running_loop()
    await asyncio.sleep(random.random() * interval)  # phones opened at different moments
    next_write = loop.time() + writer_every if writer_every else None
    while loop.time() < until:
        now = loop.time()
        if next_write is not None and now >= next_write:
            version = await heal(port, phone, cookie)
            next_write += writer_every
        started = time.perf_counter()
        try:
            status, _headers, body = await fetch(
                port,
                "GET",
                f"/tables/{phone['table']}/live/?v={version}",
                {"Cookie": cookie, "HX-Request": "true"},
            )
        except OSError:
            errors += 1
            continue
        latencies.append((time.perf_counter() - started) * 1000)
        statuses[status] = statuses.get(status, 0) + 1
        if status == 200:
            found = VERSION.search(body)
            if found:
                version = int(found.group(1))
        await asyncio.sleep(max(0.0, interval - (loop.time() - now)))
    results.append({"latencies": latencies, "statuses": statuses, "errors": errors})


def client_process(port, phones, interval, seconds, change_every, queue):
    async def run():
        results = []
        until = asyncio.get_running_loop().time() + seconds
        await asyncio.gather(
            *[
                phone_loop(
                    port, phone, interval, until, change_every if phone["writer"] else 0, results
                )
                for phone in phones
            ]
        )
        return results

    queue.put(asyncio.run(run()))


def percentile(values, share):
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * share))], 2) if ordered else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--interval", type=float, default=1.5)
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--change-every", type=float, default=0.0)
    args = parser.parse_args()

    with Server(label="hobidle") as server:
        server.prepare()
        setup = json.loads(
            in_django(server.env, "bench.barcadia_setup", str(args.tables), str(args.phones))
        )
        server.start()
        phones = setup["phones"]
        for index, phone in enumerate(phones):
            phone["writer"] = index % args.phones == 0
        shares = [phones[i :: args.clients] for i in range(args.clients)]
        queue = multiprocessing.Queue()
        time.sleep(1.0)
        cpu_before = worker_cpu_seconds(server.process.pid)
        processes = [
            multiprocessing.Process(
                target=client_process,
                args=(server.port, share, args.interval, args.seconds, args.change_every, queue),
            )
            for share in shares
        ]
        started = time.monotonic()
        for process in processes:
            process.start()
        results = [item for _ in processes for item in queue.get()]
        for process in processes:
            process.join()
        elapsed = time.monotonic() - started
        cpu = worker_cpu_seconds(server.process.pid) - cpu_before
        log = server.scan_log()
        workers = server.workers or 2 * os.cpu_count()

    latencies = [ms for r in results for ms in r["latencies"]]
    statuses: dict[int, int] = {}
    for r in results:
        for status, count in r["statuses"].items():
            statuses[status] = statuses.get(status, 0) + count
    checks = len(latencies)
    report = {
        "tables": args.tables,
        "phones": len(phones),
        "seconds": round(elapsed, 1),
        "interval": args.interval,
        "change_every": args.change_every,
        "checks": checks,
        "checks_per_minute_per_phone": round(checks / len(phones) / (elapsed / 60), 1),
        "checks_per_second": round(checks / elapsed, 1),
        "statuses": statuses,
        "errors": sum(r["errors"] for r in results),
        "latency_ms": {
            "p50": percentile(latencies, 0.5),
            "p95": percentile(latencies, 0.95),
            "p99": percentile(latencies, 0.99),
            "mean": round(statistics.mean(latencies), 2) if latencies else None,
        },
        "server_cpu_ms_per_check": round(1000 * cpu / max(1, checks), 3),
        "server_cpu_share_of_workers": round(cpu / (elapsed * workers), 3),
        "in_process": setup["in_process"],
        "server_log": log,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
