"""Serve the app with gunicorn on the LAN and say where to open it (with a QR code for phones)."""

import os
import shutil
import sys

import segno
from django.conf import settings
from django.core.management.base import BaseCommand


def lan_urls(port: int) -> list[str]:
    """The addresses a phone on the same network can open."""
    scheme = "https" if settings.TLS_CERTFILE else "http"
    return [f"{scheme}://{address}:{port}/" for address in settings.LAN_ADDRESSES]


def tls_arguments() -> list[str]:
    """What the server is given to speak HTTPS itself (`TLS=on`): the certificate chain and
    its key (settings.TLS_CERTFILE, TLS_KEYFILE); nothing for plain http."""
    if not settings.TLS_CERTFILE:
        return []
    return ["--certfile", settings.TLS_CERTFILE, "--keyfile", settings.TLS_KEYFILE]


class Command(BaseCommand):
    help = "Serve the app with gunicorn on 0.0.0.0 (PORT, default 8000) and print the LAN address."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
        parser.add_argument("--bind", default=os.environ.get("BIND", "0.0.0.0"))
        parser.add_argument(
            "--workers",
            type=int,
            default=int(os.environ.get("WEB_CONCURRENCY", 2 * (os.cpu_count() or 1))),
        )

    def handle(self, *args, port: int, bind: str, workers: int, **options):
        urls = lan_urls(port)
        self.stdout.write(self.style.SUCCESS("Card RPG companion is starting."))
        scheme = "https" if settings.TLS_CERTFILE else "http"
        self.stdout.write(f"  On this computer: {scheme}://localhost:{port}/")
        for url in urls:
            self.stdout.write(f"  On a phone on the same network: {url}")
        if urls:
            qr = segno.make(urls[0], error="m")
            self.stdout.write("Scan this with the phone's camera:")
            qr.terminal(out=self.stdout._out, compact=True)
        else:
            self.stdout.write("  (No network address found: only this computer can connect.)")
        if settings.TLS_CERTFILE and urls:
            self.stdout.write(
                f"  A phone's first time: install this computer's certificate from {urls[0]}ca.crt"
                " (README: HTTPS on the LAN)."
            )
        self.stdout.write("Stop it with Ctrl+C.")
        self.stdout.flush()
        gunicorn = shutil.which("gunicorn", path=os.path.dirname(sys.executable)) or "gunicorn"
        argv = [
            gunicorn,
            "cardrpg.wsgi:application",
            "--bind",
            f"{bind}:{port}",
            # Sync workers measured fastest and steadiest here, two per core.
            "--workers",
            str(workers),
            "--worker-class",
            "sync",
            "--no-control-socket",
            # The largest import (paced beside the players, docs/reliability.md) takes seconds
            # on a busy machine: room for it before a worker counts as stuck.
            "--timeout",
            "90",
            "--access-logfile",
            "-",
            *tls_arguments(),
        ]
        os.execv(argv[0], argv)
