"""Serve the app with gunicorn on the LAN and say where to open it (with a QR code for phones)."""

import os
import shutil
import sys

import segno
from django.conf import settings
from django.core.management.base import BaseCommand


def lan_urls(port: int) -> list[str]:
    """The addresses a phone on the same network can open."""
    return [f"http://{address}:{port}/" for address in settings.LAN_ADDRESSES]


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
        self.stdout.write(f"  On this computer: http://localhost:{port}/")
        for url in urls:
            self.stdout.write(f"  On a phone on the same network: {url}")
        if urls:
            qr = segno.make(urls[0], error="m")
            self.stdout.write("Scan this with the phone's camera:")
            qr.terminal(out=self.stdout._out, compact=True)
        else:
            self.stdout.write("  (No network address found: only this computer can connect.)")
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
        ]
        os.execv(argv[0], argv)
