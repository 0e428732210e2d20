"""Set up Heroes of Barcadia tables for bench/barcadia_idle.py and bench/live.py, in a server's
own database.

    python -m bench.barcadia_setup TABLES PHONES [--idle-phones N] [--no-in-process]
    (with the server's environment)

Makes a host, TABLES tables of PHONES heroes each (order rolled), seats every hero on a guest's
phone, and prints JSON: for each phone its table, the signed seat cookie a browser would hold
after taking the seat with the join link, the table's version and whether the table is one of
the TABLES (`active`). `--idle-phones N` adds tables of up to PHONES heroes holding N more
phones in all (bench/live.py: phones that only stay connected). Then, in this process, it times
the live check itself (Django's test client, no network) and counts its queries, unless
`--no-in-process`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection, reset_queries  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tracker.barcadia import services  # noqa: E402
from tracker.barcadia.game import GAME  # noqa: E402
from tracker.core import seats  # noqa: E402

NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay")
IN_PROCESS_CHECKS = 2000


def idle_sizes(phones: int, idle_phones: int) -> list[int]:
    """Heroes per extra table so that they seat exactly `idle_phones` (a table has 2 to 6)."""
    sizes = [phones] * (idle_phones // phones)
    rest = idle_phones % phones
    if rest == 1:
        # A table of one hero is no table: borrow a seat from (or lend one to) the last table.
        if sizes and sizes[-1] < len(NAMES):
            sizes[-1] += 1
        elif sizes:
            sizes[-1] -= 1
            sizes.append(2)
        else:
            sizes.append(2)  # one idle phone asked for: two are seated
    elif rest:
        sizes.append(rest)
    return sizes


def make(tables: int, phones: int, idle_phones: int = 0) -> list[dict]:
    host, _ = get_user_model().objects.get_or_create(username="bench-host")
    made = []
    sizes = [phones] * tables + idle_sizes(phones, idle_phones)
    for number, size in enumerate(sizes):
        heroes = [{"name": name} for name in NAMES[:size]]
        table = services.table_create(owner=host, name=f"Bench {number}", players=heroes)
        rolls = {name: 20 - i for i, name in enumerate(NAMES[:size])}
        table = services.table_apply(
            table=table,
            action={"type": "roll_for_order", "rolls": rolls},
            expected_version=table.version,
        )
        name = seats.cookie_name(GAME, table.pk)
        for seat in table.seats.order_by("number"):
            seat, key = seats.seat_take(game=GAME, token=seat.join_token)
            # The cookie exactly as the join page sets it on the guest's phone.
            response = HttpResponse()
            seats.remember_guest(response, game=GAME, seat=seat, key=key)
            value = response.cookies[name].value
            made.append(
                {
                    "table": table.pk,
                    "cookie": name,
                    "value": value,
                    "version": table.version,
                    "active": number < tables,
                }
            )
    return made


def in_process(phone: dict) -> dict:
    """Server time and queries of one idle check, without the network (test client)."""
    client = Client(HTTP_HOST="127.0.0.1")
    client.cookies[phone["cookie"]] = phone["value"]
    url = f"/tables/{phone['table']}/live/?v={phone['version']}"
    headers = {"HX-Request": "true"}
    assert client.get(url, headers=headers).status_code == 204
    # Each request empties the query log as it starts: begin the count from an empty one.
    reset_queries()
    with CaptureQueriesContext(connection) as captured:
        client.get(url, headers=headers)
    sql = [q["sql"][:200] for q in captured.captured_queries]  # read now: later requests empty it
    times = []
    for _ in range(IN_PROCESS_CHECKS):
        started = time.perf_counter()
        client.get(url, headers=headers)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return {
        "queries": len(sql),
        "sql": sql,
        "ms_median": round(statistics.median(times), 3),
        "ms_p95": round(times[int(len(times) * 0.95)], 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("tables", type=int)
    parser.add_argument("phones", type=int)
    parser.add_argument("--idle-phones", type=int, default=0)
    parser.add_argument("--no-in-process", action="store_true")
    args = parser.parse_args()
    made = make(args.tables, args.phones, args.idle_phones)
    timed = None if args.no_in_process else in_process(made[0])
    print(json.dumps({"phones": made, "in_process": timed}))


if __name__ == "__main__":
    main()
