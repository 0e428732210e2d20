"""Two screens, one character: exactly one of two simultaneous actions lands, the other gets
VersionConflict, and the log stays whole (no gap, no duplicate, state == replay(log))."""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from tracker.card_rpg.models import Character
from tracker.rules.card_rpg import replay

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "two_screens.py"


def load_two_screens():
    spec = importlib.util.spec_from_file_location("two_screens", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_race(result: dict) -> None:
    """Exactly one action per round landed; the loser saw the winner's version; the log is whole."""
    for number, round_ in enumerate(result["rounds"]):
        outcomes = round_["outcomes"]
        assert all("error" not in outcome for outcome in outcomes), outcomes
        landed = [outcome for outcome in outcomes if outcome["landed"]]
        lost = [outcome for outcome in outcomes if not outcome["landed"]]
        assert len(landed) == 1 and len(lost) == 1, (number, outcomes)
        assert landed[0]["version"] == round_["version"] + 1
        assert lost[0]["expected"] == round_["version"]
        assert lost[0]["version"] == round_["version"] + 1  # reloaded with the winner's state
    seqs = [seq for seq, _ in result["log"]]
    assert seqs == list(range(1, 2 + len(result["rounds"]) + 1))  # create, start, one per round
    assert result["last_seq"] == seqs[-1]
    assert result["state"] == replay([action for _, action in result["log"]])


@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs DATABASE_URL=postgres://…")
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("read_first", [False, True], ids=["locked read", "screen's own read"])
def test_two_screens_on_postgresql(player, check_log, read_first):
    result = load_two_screens().race(player, read_first=read_first)
    assert result["vendor"] == "postgresql"
    check_race(result)
    check_log(Character.objects.get(pk=result["character_id"]))


def test_two_screens_on_sqlite_with_the_project_settings(tmp_path):
    """The project's settings (IMMEDIATE transactions, WAL) on a file database of their own."""
    env = {**os.environ, "CARDRPG_DATA_DIR": str(tmp_path), "SECRET_KEY": "two-screens-test"}
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, str(SCRIPT)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=HERE.parents[1],
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = [line for line in done.stdout.splitlines() if line.startswith("RACE RESULT ")]
    assert len(lines) == 2  # the service's own locked read, then the screen's read handed over
    for line in lines:
        result = json.loads(line.removeprefix("RACE RESULT "))
        assert (result["vendor"], result["transaction_mode"]) == ("sqlite", "IMMEDIATE")
        check_race(result)
    assert (tmp_path / "cardrpg.sqlite3").exists()
