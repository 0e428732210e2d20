"""Serve the app with granian on the LAN and say where to open it (with a QR code for phones).

granian (a Rust HTTP server) reads every request in its own event loop and hands Django only a
request whose head has fully arrived, so a phone on a weak signal — or someone holding sockets
open a byte at a time — ties up no worker that answers players (bench/slow_clients.py measured
it against gunicorn's sync workers: docs/reliability.md). The app is served as ASGI
(`cardrpg.asgi:application`, behind the body limit of cardrpg/body_limit.py) by one granian
worker, the front, which holds the phones' live streams; the Django work of every other request
is done by `--workers` processes fed from one queue (cardrpg/pool.py says why).
"""

import contextlib
import os
import resource
import shutil
import sys

import segno
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

SERVERS = ("granian", "gunicorn", "uvicorn")


def lan_urls(port: int, scheme: str = "http") -> list[str]:
    """The addresses a phone on the same network can open."""
    return [f"{scheme}://{address}:{port}/" for address in settings.LAN_ADDRESSES]


def _listening(*, bind: str, port: int, workers: int) -> list[str]:
    """Where to listen and how many worker processes, as granian and uvicorn both say it."""
    return ["--host", bind, "--port", str(port), "--workers", str(workers)]


def granian_argv(
    *,
    bind: str,
    port: int,
    certificate: str = "",
    keyfile: str = "",
) -> list[str]:
    """The granian command line `make run` execs (with `pool_environment(workers)`)."""
    granian = shutil.which("granian", path=os.path.dirname(sys.executable)) or "granian"
    argv = [
        granian,
        "--interface",
        "asgi",
        "cardrpg.asgi:application",
        # One front process; the processes answering requests are its pool (WEB_PROCESSES,
        # cardrpg/pool.py).
        *_listening(bind=bind, port=port, workers=1),
        # A request head not complete within 10 s is dropped (a slow client holds only a
        # socket in the meantime, never a worker).
        "--http1-header-read-timeout",
        "10000",
        # Each phone at a table holds a live stream open (tracker/core/live.py): an open
        # stream counts as a request in progress, yet costs only a socket (the event loop
        # holds it), while the pool of threads bounds the requests that do work. Room for a
        # thousand phones and their taps, rather than granian's default of backlog/workers.
        "--backlog",
        "4096",
        "--backpressure",
        "4096",
        # A worker that dies is started again, as gunicorn's master did.
        "--respawn-failed-workers",
        "--respawn-interval",
        "1",
        "--access-log",
        "--log-level",
        "warning",
    ]
    if certificate:
        argv += ["--ssl-certificate", certificate, "--ssl-keyfile", keyfile]
    return argv


def gunicorn_argv(*, bind: str, port: int, workers: int) -> list[str]:
    """gunicorn with sync workers, as the app was served before granian (for comparison)."""
    gunicorn = shutil.which("gunicorn", path=os.path.dirname(sys.executable)) or "gunicorn"
    return [
        gunicorn,
        "cardrpg.wsgi:application",
        "--bind",
        f"{bind}:{port}",
        "--workers",
        str(workers),
        "--worker-class",
        "sync",
        "--no-control-socket",
        "--timeout",
        "90",
        "--access-logfile",
        "-",
    ]


def pool_environment(workers: int) -> dict[str, str]:
    """What tells granian's front how many processes answer requests: `workers` processes in
    all, the front among them (two per core by default, as the sync workers were)."""
    return {"WEB_PROCESSES": str(max(1, workers - 1))}


def uvicorn_argv(*, bind: str, port: int, workers: int) -> list[str]:
    """uvicorn's own worker processes on the same ASGI app: the other kind of ASGI server
    (Python's event loop accepts, where granian's is Rust's), measured against granian."""
    uvicorn = shutil.which("uvicorn", path=os.path.dirname(sys.executable)) or "uvicorn"
    return [
        uvicorn,
        "cardrpg.asgi:application",
        *_listening(bind=bind, port=port, workers=workers),
        "--backlog",
        "4096",
        "--log-level",
        "info",
    ]


class Command(BaseCommand):
    help = "Serve the app with granian on 0.0.0.0 (PORT, default 8000) and print the LAN address."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
        parser.add_argument("--bind", default=os.environ.get("BIND", "0.0.0.0"))
        parser.add_argument(
            "--workers",
            type=int,
            default=int(os.environ.get("WEB_CONCURRENCY", 2 * (os.cpu_count() or 1))),
        )
        parser.add_argument(
            "--server",
            choices=SERVERS,
            default=os.environ.get("CARDRPG_SERVER", "granian"),
            help="granian (the default); gunicorn or uvicorn only to compare, if installed",
        )
        # `make run TLS=on` (or TLS_CERTFILE/TLS_KEYFILE) sets these in settings: the chain of
        # this computer's own certificates (cardrpg/lan_tls.py) and its key.
        parser.add_argument(
            "--tls-certificate",
            default=settings.TLS_CERTFILE,
            help="a PEM certificate chain: serve HTTPS with it (granian only)",
        )
        parser.add_argument(
            "--tls-keyfile",
            default=settings.TLS_KEYFILE,
            help="its private key, PKCS#8 PEM",
        )

    def handle(
        self,
        *args,
        port: int,
        bind: str,
        workers: int,
        server: str,
        tls_certificate: str,
        tls_keyfile: str,
        **options,
    ):
        if server not in SERVERS:
            raise CommandError(f"CARDRPG_SERVER must be one of {', '.join(SERVERS)}: {server!r}")
        if bool(tls_certificate) != bool(tls_keyfile):
            raise CommandError("TLS needs both a certificate and its key file.")
        if tls_certificate and server != "granian":
            raise CommandError("Only granian serves TLS itself.")
        if server == "granian":
            argv = granian_argv(
                bind=bind,
                port=port,
                certificate=tls_certificate,
                keyfile=tls_keyfile,
            )
            os.environ.update(pool_environment(workers))
        else:
            compared = uvicorn_argv if server == "uvicorn" else gunicorn_argv
            argv = compared(bind=bind, port=port, workers=workers)
            if not shutil.which(argv[0]):
                raise CommandError(f"{server} is not installed: pip install {server}")
        scheme = "https" if tls_certificate else "http"
        urls = lan_urls(port, scheme)
        self.stdout.write(self.style.SUCCESS("Card RPG companion is starting."))
        self.stdout.write(f"  On this computer: {scheme}://localhost:{port}/")
        for url in urls:
            self.stdout.write(f"  On a phone on the same network: {url}")
        if urls:
            qr = segno.make(urls[0], error="m")
            self.stdout.write("Scan this with the phone's camera:")
            qr.terminal(out=self.stdout._out, compact=True)
        else:
            self.stdout.write("  (No network address found: only this computer can connect.)")
        if tls_certificate and urls:
            self.stdout.write(
                f"  A phone's first time: install this computer's certificate from {urls[0]}ca.crt"
                " (README: HTTPS on the LAN)."
            )
        self.stdout.write("Stop it with Ctrl+C.")
        self.stdout.flush()
        _open_files_as_many_as_allowed()
        os.execv(argv[0], argv)


def _open_files_as_many_as_allowed() -> None:
    """Each phone's live stream is an open socket: the soft limit on open files (often 1024)
    is raised to the hard one, which the server inherits."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        wanted = 65536 if hard == resource.RLIM_INFINITY else hard
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
