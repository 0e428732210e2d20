"""Browser loop drill: every browser test, run again and again, on SQLite and PostgreSQL.

    .venv/bin/python bench/browser_loop.py [--runs 20] [--backend sqlite|postgres|both]
                                           [--workers 2] [PATH ...]

A flaky test is a bug, in the app until shown otherwise: a player at the table meets the same
race. Each run is `pytest -m browser` over PATHs (all of tests/ by default) with its own JUnit
report; backends alternate run by run when both are asked. It prints one line a run and, at
the end, every test that failed with the runs it failed in, then the tally
`N passed, M failed`. PostgreSQL is the one at 127.0.0.1:5432 (user postgres, database test).
Exit status 1 if any run failed.
"""

import argparse
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POSTGRES = "postgres://postgres@127.0.0.1:5432/test"


def one_run(paths: list[str], backend: str, workers: int, report: Path) -> tuple[int, list[str]]:
    """(tests passed, ids of the tests that failed or errored) of one run."""
    env = {**os.environ, "CI": "true"}
    env.pop("DATABASE_URL", None)
    if backend == "postgres":
        env["DATABASE_URL"] = POSTGRES
    command = [sys.executable, "-m", "pytest", "-m", "browser", "-q", "-p", "no:cacheprovider"]
    # The report keeps each failure's captured output too (the server's traceback of a 500).
    command += ["-n", str(workers), f"--junitxml={report}", "-o", "junit_logging=all", *paths]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if not report.exists():
        said = (done.stdout + done.stderr).strip().splitlines()[-3:]
        return 0, [f"the run itself (pytest exit status {done.returncode}, no report: {said})"]
    passed, failed = 0, []
    for case in ET.parse(report).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed.append(f"{case.get('classname')}::{case.get('name')}")
        elif case.find("skipped") is None:
            passed += 1
    return passed, failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("paths", nargs="*", default=["tests"])
    options = parser.parse_args()
    backends = ["sqlite", "postgres"] if options.backend == "both" else [options.backend]
    failures: dict[str, list[str]] = defaultdict(list)
    total_passed = total_failed = 0
    # The runs' reports are kept (test-artifacts/browser-loop/) to read a failure's cause.
    folder = ROOT / "test-artifacts" / "browser-loop"
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(1, options.runs + 1):
        backend = backends[(number - 1) % len(backends)]
        started = time.monotonic()
        report = folder / f"run-{number}.xml"
        report.unlink(missing_ok=True)  # a run that writes none must not read an older one
        passed, failed = one_run(options.paths, backend, options.workers, report)
        total_passed, total_failed = total_passed + passed, total_failed + len(failed)
        for test in failed:
            failures[test].append(f"{number} ({backend})")
        seconds = time.monotonic() - started
        print(f"run {number} {backend}: {passed} passed, {len(failed)} failed in {seconds:.0f} s")
        sys.stdout.flush()
    for test, runs in sorted(failures.items()):
        print(f"failed: {test} in runs {', '.join(runs)}")
    print(f"{total_passed} passed, {total_failed} failed")
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main())
