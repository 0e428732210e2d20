"""The SQLite write-ahead log is cut back after each checkpoint (issue 11, point 8): without
`journal_size_limit` a WAL file that once grew large — a big import, a long load — keeps its
size on disk for as long as the server runs."""

import sqlite3

import pytest
from django.db import connection

from cardrpg import envconfig

LIMIT = 64 * 1024 * 1024


def pragmas(init_command: str) -> dict[str, str]:
    return dict(
        part.strip().removeprefix("PRAGMA ").split("=", 1)
        for part in init_command.split(";")
        if part.strip()
    )


def test_sqlite_connections_cap_the_wal_file_at_64_mb(tmp_path):
    config = envconfig.database({}, tmp_path)
    assert pragmas(config["OPTIONS"]["init_command"])["journal_size_limit"] == str(LIMIT)


def test_the_cap_keeps_the_other_pragmas(tmp_path):
    found = pragmas(envconfig.database({}, tmp_path)["OPTIONS"]["init_command"])
    assert found["journal_mode"] == "WAL" and found["synchronous"] == "NORMAL"


def test_a_sqlite_url_gets_the_cap_too(tmp_path):
    config = envconfig.database({"DATABASE_URL": f"sqlite:///{tmp_path}/x.db"}, tmp_path)
    assert "journal_size_limit" in pragmas(config["OPTIONS"]["init_command"])


def test_a_plain_connection_with_the_init_command_reports_the_cap(tmp_path):
    """The pragma text is one SQLite accepts (a misspelt pragma is silently ignored)."""
    db = sqlite3.connect(tmp_path / "cap.sqlite3")
    try:
        for statement in envconfig.SQLITE_OPTIONS["init_command"].split(";"):
            db.execute(statement)
        assert db.execute("PRAGMA journal_size_limit").fetchone()[0] == LIMIT
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        db.close()


@pytest.mark.django_db
def test_the_apps_live_connection_reports_the_cap():
    if connection.vendor != "sqlite":
        pytest.skip("a SQLite setting; PostgreSQL has no WAL file of its own to cap")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_size_limit")
        assert cursor.fetchone()[0] == LIMIT
