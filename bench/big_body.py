"""Big-body drill: a body past the limit is refused before it is stored, on the server `make run` starts.

    .venv/bin/python bench/big_body.py [--servers granian] [--megabytes 300]

Starts the app as `make run` does (bench/server.py) with a temporary folder of its own as
TMPDIR (where Django would spool an upload), then, to `/import/` without an account:

1. declares a Content-Length of `--megabytes` MB and sends the body as fast as the server takes
   it, until the server answers;
2. sends a chunked body that never ends, until the server answers.

Samples, every 20 ms while each request runs, the bytes in the server's TMPDIR and the
resident memory of the server's processes. Prints, per request: the answer, how long it took,
how many bytes the client managed to send before it (most sit in socket buffers), the largest
TMPDIR seen and the server's peak RSS against its RSS before. Exit status 1 unless both were
answered 413 with nothing spooled. Only 127.0.0.1 is ever contacted.
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

from bench.server import Server  # noqa: E402

CHUNK = 64 * 1024


def group_rss(pgid: int) -> int:
    """Resident bytes of every process in a process group."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[2]) != pgid:
                continue
            for line in (entry / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except (OSError, ValueError, IndexError):
            continue
    return total


def folder_bytes(folder: Path) -> int:
    total = 0
    for path in folder.rglob("*"):
        try:
            if path.is_file():
                total += path.stat().st_size
        except OSError:
            continue
    return total


class Sampler:
    """The largest TMPDIR and group RSS seen while a request runs."""

    def __init__(self, folder: Path, pgid: int):
        self.folder, self.pgid = folder, pgid
        self.spooled = 0
        self.rss = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stop.is_set():
            self.spooled = max(self.spooled, folder_bytes(self.folder))
            self.rss = max(self.rss, group_rss(self.pgid))
            self.stop.wait(0.02)

    def __enter__(self) -> Sampler:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join()


def send_until_answered(port: int, head: bytes, frame: bytes, limit: int) -> dict:
    """Send `head`, then `frame` again and again (at most `limit` bytes) until an answer comes."""
    started = time.perf_counter()
    sent, answer, pending = 0, b"", frame
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        sock.sendall(head)
        sock.setblocking(False)
        deadline = time.monotonic() + 120
        while b"\r\n\r\n" not in answer and time.monotonic() < deadline:
            try:
                data = sock.recv(65536)
                if not data:
                    break
                answer += data
            except BlockingIOError:
                pass
            if sent >= limit:
                time.sleep(0.01)
                continue
            try:
                done = sock.send(pending)
                sent += done
                pending = pending[done:] or frame
            except BlockingIOError:
                time.sleep(0.002)
            except OSError:
                break
        sock.setblocking(True)
        try:
            while b"\r\n\r\n" not in answer:
                data = sock.recv(65536)
                if not data:
                    break
                answer += data
        except OSError:
            pass
    status = answer.split(b" ", 2)[1].decode() if answer.startswith(b"HTTP/") else "none"
    return {"status": status, "seconds": time.perf_counter() - started, "sent": sent}


def run(kind: str, args) -> list[dict]:
    results = []
    tmpdir = Path(os.environ.get("TMPDIR", "/tmp")) / f"cardrpg-bigbody-spool-{os.getpid()}"
    tmpdir.mkdir(exist_ok=True)
    with Server(label=f"bigbody-{kind}", server=kind, env={"TMPDIR": str(tmpdir)}) as server:
        server.prepare()
        server.start()
        huge = args.megabytes * 1024 * 1024
        cases = {
            f"Content-Length {args.megabytes} MB": (
                b"POST /import/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: multipart/form-data; boundary=x\r\n"
                b"Content-Length: " + str(huge).encode() + b"\r\n\r\n",
                b"x" * CHUNK,
            ),
            "chunked, endless": (
                b"POST /import/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
                b"Transfer-Encoding: chunked\r\n\r\n",
                f"{CHUNK:x}\r\n".encode() + b"x" * CHUNK + b"\r\n",
            ),
        }
        for name, (head, frame) in cases.items():
            before = group_rss(server.process.pid)
            with Sampler(tmpdir, server.process.pid) as sampler:
                result = send_until_answered(server.port, head, frame, huge)
            result |= {
                "server": kind,
                "case": name,
                "spooled": sampler.spooled,
                "rss_before": before,
                "rss_peak": sampler.rss,
            }
            results.append(result)
    for leftover in tmpdir.glob("*"):
        leftover.unlink(missing_ok=True)
    tmpdir.rmdir()
    return results


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--servers", default="granian")
    parser.add_argument("--megabytes", type=int, default=300)
    args = parser.parse_args()
    results = [r for kind in args.servers.split(",") for r in run(kind, args)]
    mb = 1024 * 1024
    for r in results:
        print(
            f"{r['server']:8} {r['case']:24} answered {r['status']} in {r['seconds']:.2f} s; "
            f"client sent {r['sent'] / mb:.1f} MB before it; spooled to disk {r['spooled'] / mb:.1f} MB; "
            f"server RSS {r['rss_before'] / mb:.0f} → peak {r['rss_peak'] / mb:.0f} MB"
        )
    ok = all(
        r["status"] == "413" and r["spooled"] == 0 for r in results if r["server"] == "granian"
    )
    print("\nPASS" if ok else "\nFAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
