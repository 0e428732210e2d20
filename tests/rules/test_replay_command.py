"""``manage.py replay FILE`` (needs the Django project; touches no database)."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tracker.rules import dump_log

ROOT = Path(__file__).resolve().parents[2]
CREATE = {
    "type": "create_character",
    "name": "Capi",
    "class": "KS",
    "str_dice": [5],
    "hp_dice": [5],
}


@pytest.fixture
def call_command():
    django = pytest.importorskip("django")
    from django.conf import settings

    if not settings.configured:
        import os

        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")
        try:
            django.setup()
        except Exception as exc:  # the project's settings are not available here
            pytest.skip(f"Django project not set up: {exc}")
    from django.core.management import call_command

    return call_command


def test_replay_command_prints_the_final_state_as_json(call_command, tmp_path):
    path = tmp_path / "log.json"
    path.write_text(dump_log([{**CREATE, "name": "Çapi"}, {"type": "start_session"}]), "utf-8")
    out = io.StringIO()
    call_command("replay", str(path), stdout=out)
    state = json.loads(out.getvalue())
    assert state["session"]["hand"]["count"] == 5
    assert '\n  "character": {\n    "name": "Çapi"' in out.getvalue()  # indent 2, not escaped


def test_replay_command_reports_a_refused_action_with_exit_1(call_command, tmp_path):
    path = tmp_path / "log.json"
    path.write_text(dump_log([CREATE, {"type": "end_turn"}]), encoding="utf-8")
    out = io.StringIO()
    with pytest.raises(SystemExit) as caught:
        call_command("replay", str(path), stdout=out)
    assert caught.value.code == 1
    assert "action 1" in out.getvalue() and "end_turn" in out.getvalue()


@pytest.mark.parametrize("content", [None, "not json", '{"format": "cardrpg-log", "version": 9}'])
def test_replay_command_bad_file_one_line_exit_2_no_traceback(tmp_path, content):
    if not (ROOT / "manage.py").exists():
        pytest.skip("the Django project is not there yet")
    path = tmp_path / "log.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert len(result.stderr.strip().splitlines()) == 1 and result.stdout == ""


def _log_of(game: str, actions: list[dict]) -> str:
    return json.dumps({"format": "cardrpg-log", "version": 1, "game": game, "actions": actions})


BV_START = [{"type": "begin_adventure", "name": "First try"}]
HOB_START = [
    {"type": "set_up_table", "players": [{"name": "Ana"}, {"name": "Bo"}]},
]


@pytest.mark.parametrize(
    ("game", "actions", "key"),
    [
        ("card-rpg", [CREATE], "character"),
        ("barbarian-vince", BV_START, "status"),
        ("heroes-of-barcadia", HOB_START, "players"),
    ],
)
def test_replay_dispatches_on_the_files_game(call_command, tmp_path, game, actions, key):
    path = tmp_path / "log.json"
    path.write_text(_log_of(game, actions), encoding="utf-8")
    out = io.StringIO()
    call_command("replay", str(path), stdout=out)
    state = json.loads(out.getvalue())
    assert key in state
    if game != "card-rpg":
        assert state["game"] == game


@pytest.mark.parametrize(
    ("game", "actions"),
    [
        ("barbarian-vince", [*BV_START, {"type": "setup", "item": "nowhere"}]),
        ("heroes-of-barcadia", [*HOB_START, {"type": "end_turn", "player": "Ana"}]),
    ],
)
def test_the_other_games_report_a_refusal_as_one_json_object(call_command, tmp_path, game, actions):
    path = tmp_path / "log.json"
    path.write_text(_log_of(game, actions), encoding="utf-8")
    out = io.StringIO()
    with pytest.raises(SystemExit) as caught:
        call_command("replay", str(path), stdout=out)
    assert caught.value.code == 1
    refusal = json.loads(out.getvalue())
    assert refusal["index"] == 1 and refusal["action"] == actions[1]
    rule = refusal["error"].split(":", 1)[0]
    assert rule[0] in "BH" and "-" in rule  # starts with the rule's ID


def test_an_unknown_game_is_exit_2_naming_the_games_it_knows(tmp_path):
    path = tmp_path / "log.json"
    path.write_text(_log_of("chess", []), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 2 and result.stdout == ""
    line = result.stderr.strip()
    assert "\n" not in line and "chess" in line
    for game in ("card-rpg", "barbarian-vince", "heroes-of-barcadia"):
        assert game in line
