"""Storage drill: bytes stored per action for a long career, and undo back to its first action.

    .venv/bin/python bench/storage.py [--actions 10000] [--backend sqlite|postgres|both]

For each database (a scratch SQLite file, or a scratch PostgreSQL database): imports a seeded
bot career of `--actions` actions, played at the app's virtual table, as the app stores it
now (an action per entry, a whole state only every 200th entry, the virtual table only where it
changed), and the same career as the app stored it before (a whole state and table with every
entry) in a table of that old shape, with the indexes it had. Reports the bytes each takes per
action (table and indexes, as the database itself counts them), then times the undo that goes
back to the career's very first action (server time: the service call alone). Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

OLD_TABLE = "bench_old_actionlogentry"


def career(actions: int, seed: int) -> list[tuple[dict, dict, dict | None]]:
    """A bot career at the virtual table: (action, state after, table after) for each action."""
    from tracker.rules.card_rpg import apply, initial_state
    from tracker.rules.card_rpg.bot import RandomPlayer

    bot = RandomPlayer(seed)
    action = bot.table.create_character("Long career", "KS")
    state = apply(initial_state(), action)
    rows = [(action, state, bot.table.to_dict())]
    while len(rows) < actions:
        action = bot.choose(state)
        state = apply(state, action)
        rows.append((action, state, bot.table.to_dict()))
    return rows


def measure(actions: int, seed: int) -> dict:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.utils import timezone

    from tracker.card_rpg.game import GAME
    from tracker.card_rpg.models import ActionLogEntry, Character
    from tracker.core import services as core
    from tracker.core.services.replay import entries_insert, entry_rows, log_replay

    call_command("migrate", verbosity=0)
    rows = career(actions, seed)
    owner = get_user_model().objects.create_user(f"storage{seed}")

    # Now: as record_apply would have written them, action after action at the app's table.
    now = timezone.now()
    tables = [t for _, _, t in rows]
    steps, projections, snapshots = log_replay(GAME, [a for a, _, _ in rows], now, tables=tables)
    character = Character(owner=owner, name="Long career", version=1, last_seq=len(steps))
    for key, value in GAME.projector.record_fields(steps[-1].after, projections[-1]).items():
        setattr(character, key, value)
    character.state, character.projection, character.virtual_deck = (
        steps[-1].after,
        projections[-1],
        rows[-1][2],
    )
    character.save(force_insert=True)
    entries = entry_rows(GAME, steps, projections, tables, snapshots=snapshots)
    entries_insert(GAME, character, entries)
    GAME.projector.write_all(character, entries, projections)

    # Before: a whole state and virtual table with every entry, same indexes.
    vendor = connection.vendor
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {OLD_TABLE}")
        json_type = "jsonb" if vendor == "postgresql" else "text"
        key_type = "bigserial" if vendor == "postgresql" else "integer"
        cursor.execute(
            f"CREATE TABLE {OLD_TABLE} (id {key_type} PRIMARY KEY, character_id bigint, "
            f"seq integer, action {json_type}, action_type varchar(40), "
            f"state_after {json_type}, virtual_deck {json_type}, created_at timestamp)"
        )
        cursor.execute(f"CREATE UNIQUE INDEX old_seq ON {OLD_TABLE} (character_id, seq)")
        cursor.execute(f"CREATE INDEX old_type ON {OLD_TABLE} (character_id, action_type)")
        cursor.execute(f"CREATE INDEX old_character ON {OLD_TABLE} (character_id)")
        cursor.executemany(
            f"INSERT INTO {OLD_TABLE} (character_id, seq, action, action_type, state_after, "
            "virtual_deck, created_at) VALUES (%s, %s, %s, %s, %s, %s, %s)",
            [
                (
                    character.pk,
                    seq,
                    json.dumps(action),
                    action["type"],
                    json.dumps(state),
                    json.dumps(_as_before(table)),
                    now,
                )
                for seq, (action, state, table) in enumerate(rows, start=1)
            ],
        )
    new_bytes = _table_bytes(connection, ActionLogEntry._meta.db_table)
    parts = _parts(connection, ActionLogEntry._meta.db_table)
    columns = _columns(connection, ActionLogEntry._meta.db_table)
    old_bytes = _table_bytes(connection, OLD_TABLE)
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE {OLD_TABLE}")

    # Undo back to the very first action, timed as the server spends it (the service call).
    character = Character.objects.get(pk=character.pk)
    started = time.perf_counter()
    undone = core.record_undo_to(
        game=GAME, record_id=character.pk, owner=owner, seq=1, expected_version=character.version
    )
    undo_seconds = time.perf_counter() - started
    assert undone.last_seq == 1 and isinstance(undone.steps, list)
    return {
        "backend": vendor,
        "actions": len(rows),
        "bytes_per_action_now": round(new_bytes / len(rows), 1),
        "bytes_per_action_before": round(old_bytes / len(rows), 1),
        "ratio": round(new_bytes / old_bytes, 3),
        "undo_to_first_action_seconds": round(undo_seconds, 3),
        "parts_bytes_per_action": {name: round(size / len(rows), 1) for name, size in parts},
        "column_bytes_per_action": {name: round(size / len(rows), 1) for name, size in columns},
    }


def _columns(connection, table: str) -> list[tuple[str, int]]:
    """What the log's JSON columns hold, in bytes as stored (compressed where it is)."""
    size = "pg_column_size" if connection.vendor == "postgresql" else "length"
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT SUM({size}(action)), SUM({size}(snapshot)), SUM({size}(virtual_deck)) "
            f"FROM {table}"
        )
        return list(zip(("action", "snapshot", "table_state"), cursor.fetchone(), strict=True))


def _parts(connection, table: str) -> list[tuple[str, int]]:
    """The table itself and each of its indexes, in bytes."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT %s, pg_table_size(%s) UNION ALL SELECT indexrelid::regclass::text, "
                "pg_relation_size(indexrelid) FROM pg_index WHERE indrelid = %s::regclass",
                [table, table, table],
            )
        else:
            cursor.execute(
                "SELECT name, SUM(pgsize) FROM dbstat WHERE name = %s OR name IN (SELECT name "
                "FROM sqlite_master WHERE type = 'index' AND tbl_name = %s) GROUP BY name",
                [table, table],
            )
        return cursor.fetchall()


def _as_before(table: dict) -> dict:
    """The virtual table as it was stored before: its deck order a list of cards."""
    order = [None if card == "?" else card for card in table["order"].split()]
    return {**table, "order": order}


def _table_bytes(connection, table: str) -> int:
    """A table's bytes with its indexes, as the database counts them."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT pg_total_relation_size(%s)", [table])
            return cursor.fetchone()[0]
        cursor.execute(
            "SELECT SUM(pgsize) FROM dbstat WHERE name = %s OR name IN "
            "(SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = %s)",
            [table, table],
        )
        return cursor.fetchone()[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="sqlite")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.actions, args.seed)))
        return 0
    import subprocess

    from bench.server import postgres_database

    results = []
    for backend in ["sqlite", "postgres"] if args.backend == "both" else [args.backend]:
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        env["DJANGO_SETTINGS_MODULE"] = "cardrpg.settings"
        argv = [sys.executable, __file__, "--child", "--actions", str(args.actions)]
        argv += ["--seed", str(args.seed)]
        with tempfile.TemporaryDirectory() as folder:
            env["CARDRPG_DATA_DIR"] = folder
            if backend == "postgres":
                with postgres_database("cardrpg_storage") as url:
                    env["DATABASE_URL"] = url
                    out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
            else:
                out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
        results.append(json.loads(out.stdout.strip().splitlines()[-1]))
        print(json.dumps(results[-1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
