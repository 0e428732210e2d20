"""Start the app as `make run` does, on a loopback port with its own data, and stop it.

`make run` migrates, collects the static files and runs `manage.py serve`, which execs granian
(Django as ASGI: one front process and a pool of processes behind it, two processes per core in
all, access log on stdout). A Server does the same with a temporary data folder (SQLite) or a
PostgreSQL database of its own, binds 127.0.0.1 on a free port, and starts the server in a
process group of its own so that a crash drill can SIGKILL granian's main process, its front
and the pool at once. `server="gunicorn"` starts the sync workers the app
was served with before, for comparison (bench/slow_clients.py).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
ACCESS_LINE = re.compile(r'"(?P<method>[A-Z]+) (?P<path>\S+) HTTP/[\d.]+" (?P<status>\d{3}) ')


def free_port() -> int:
    """A TCP port nobody listens on at the moment (on 127.0.0.1)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def postgres_database(name: str) -> Iterator[str]:
    """A fresh PostgreSQL database (dropped afterwards); yields its DATABASE_URL."""
    import psycopg

    if not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
        raise ValueError(f"not a plain database name: {name!r}")
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield f"postgres://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def process_stats() -> Iterator[tuple[int, list[str]]]:
    """Each running process's pid and the fields of its /proc/<pid>/stat after the command
    name (fields[1] is the parent's pid, fields[2] the process group, fields[11:13] the user
    and system CPU ticks)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            yield int(entry.name), (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue


class Server:
    """One server started through `manage.py serve`, with its own data and log file."""

    def __init__(
        self,
        *,
        database_url: str | None = None,
        workers: int | None = None,
        baseline: bool = False,
        label: str = "bench",
        server: str = "granian",
        env: dict | None = None,
    ):
        self.tmp = Path(tempfile.mkdtemp(prefix=f"cardrpg-{label}-"))
        self.port = free_port()
        self.workers = workers
        self.server = server
        self.database_url = database_url
        self.log_path = self.tmp / "server.log"
        self.env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        self.env |= {
            "CARDRPG_DATA_DIR": str(self.tmp / "data"),
            "DEBUG": "0",
            "PYTHONUNBUFFERED": "1",
        }
        if database_url:
            self.env["DATABASE_URL"] = database_url
        if baseline:
            self.env["CARDRPG_BENCH_BASELINE"] = "1"
        self.env |= env or {}
        self.process: subprocess.Popen | None = None
        self.starts = 0

    @property
    def backend(self) -> str:
        return "PostgreSQL" if self.database_url else "SQLite"

    def manage(self, *args: str) -> None:
        """Run one manage.py command with this server's settings (fails loudly)."""
        subprocess.run(
            [PYTHON, "manage.py", *args], cwd=ROOT, env=self.env, check=True, capture_output=True
        )

    def prepare(self) -> None:
        """What `make run` does before serving: migrate and collect the static files."""
        self.manage("migrate", "--noinput")
        self.manage("collectstatic", "--noinput", "-v0")

    def start(self, timeout: float = 60.0) -> None:
        """Start `manage.py serve` on 127.0.0.1 and wait until it answers."""
        argv = [PYTHON, "manage.py", "serve", "--bind", "127.0.0.1", "--port", str(self.port)]
        argv += ["--server", self.server]
        if self.workers:
            argv += ["--workers", str(self.workers)]
        log = open(self.log_path, "ab")  # noqa: SIM115 - the child keeps writing to it
        self.process = subprocess.Popen(
            argv,
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        self.starts += 1
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited at start:\n{self.log_tail()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                    sock.sendall(b"GET /accounts/login/ HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
                    if sock.recv(12).startswith(b"HTTP/"):
                        return  # any answer: a worker is up and serving
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer within {timeout} s:\n{self.log_tail()}")

    def kill(self) -> None:
        """SIGKILL the whole process group: master and workers die mid-request."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        """Stop gracefully (SIGTERM lets workers finish their request), else kill."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()
            return
        # Workers exit with the master; make sure none lingers in the group.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process = None

    def cleanup(self) -> None:
        """Stop and delete the temporary data folder."""
        self.stop()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc) -> None:
        self.cleanup()

    # -- the log ----------------------------------------------------------------------------

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])

    def scan_log(self) -> dict:
        """What the server's own log says: statuses, locked database, tracebacks."""
        text = self.log_text()
        statuses: dict[str, int] = {}
        for match in ACCESS_LINE.finditer(text):
            statuses[match["status"]] = statuses.get(match["status"], 0) + 1
        return {
            "requests": sum(statuses.values()),
            "statuses": dict(sorted(statuses.items())),
            "server_errors": sum(n for s, n in statuses.items() if s.startswith("5")),
            "database_is_locked": text.count("database is locked"),
            "tracebacks": text.count("Traceback (most recent call last)"),
            "worker_timeouts": text.count("WORKER TIMEOUT"),
        }


def in_django(env: dict, module: str, *args: str, timeout: float = 600) -> str:
    """Run `python -m module args` with a server's settings; return its stdout."""
    done = subprocess.run(
        [PYTHON, "-m", module, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{module} failed:\n{done.stderr[-3000:]}")
    return done.stdout


def each_backend(choice: str, label: str) -> Iterator[Server]:
    """A started server per database `choice` ("sqlite", "postgres" or "both"), one at a time.

    SQLite lives in the server's own temp folder; PostgreSQL gets a scratch database named after
    `label`, dropped afterwards.
    """
    for backend in ["sqlite", "postgres"] if choice == "both" else [choice]:
        if backend == "sqlite":
            with Server(label=label) as server:
                yield server
        else:
            with (
                postgres_database(f"cardrpg_{label}") as url,
                Server(database_url=url, label=label) as server,
            ):
                yield server
