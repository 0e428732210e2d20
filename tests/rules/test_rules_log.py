"""The cardrpg-log file format and replay (rules/actions.md)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tracker.rules import ReplayError, RuleError, dump_log, load_log, replay_file
from tracker.rules.card_rpg import replay
from tracker.rules.card_rpg.bot import random_game

ROOT = Path(__file__).resolve().parents[2]
CREATE = {
    "type": "create_character",
    "name": "Capi",
    "class": "KS",
    "str_dice": [5],
    "hp_dice": [5],
}
START = {"type": "start_session", "hand": ["7C", "7H", "8C", "QH", "2S"]}


def test_dump_and_load_round_trip_with_extra_fields():
    text = dump_log([CREATE, START], character="Capi")
    document = json.loads(text)
    assert document["format"] == "cardrpg-log" and document["version"] == 1
    assert document["character"] == "Capi"
    assert load_log(text) == [CREATE, START]
    assert load_log(text.encode("utf-8")) == [CREATE, START]
    assert load_log(b"\xef\xbb\xbf" + text.encode("utf-8")) == [CREATE, START]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{", "not JSON"),
        ("[]", "JSON object"),
        ('{"format": "other", "version": 1, "actions": []}', "format"),
        ('{"version": 1, "actions": []}', "format"),
        ('{"format": "cardrpg-log", "version": 2, "actions": []}', "version 2"),
        ('{"format": "cardrpg-log", "version": "1", "actions": []}', "version"),
        ('{"format": "cardrpg-log", "version": true, "actions": []}', "version"),
        ('{"format": "cardrpg-log", "version": 1}', "actions"),
        ('{"format": "cardrpg-log", "version": 1, "actions": {}}', "actions"),
        ('{"format": "cardrpg-log", "version": 1, "actions": [1]}', "action 0"),
        (b"\xff\xfe", "UTF-8"),
    ],
)
def test_bad_files_raise_a_one_line_value_error(text, says):
    with pytest.raises(ValueError) as caught:
        load_log(text)
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_replay_a_random_game_reproduces_it_exactly():
    actions = random_game(21, 600, "QD")
    state = replay(actions)
    assert state["actions"] == len(actions)
    assert replay(load_log(dump_log(actions))) == state


def test_replay_error_names_the_index_the_action_and_the_rule_error():
    bad = {"type": "attack", "cards": ["7C", "8C"]}
    reveal = {"type": "reveal_monster", "card": "9S"}
    roll = {"type": "roll_monster_hp", "dice": [6, 6, 6]}
    with pytest.raises(ReplayError) as caught:
        replay([CREATE, START, reveal, roll, bad])
    assert caught.value.index == 4 and caught.value.action == bad
    assert isinstance(caught.value.error, RuleError) and caught.value.error.rule == "S-20"


def test_replay_file_exit_codes(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(dump_log([{**CREATE, "name": "Çapi"}, START]), encoding="utf-8")
    code, text = replay_file(good)
    assert code == 0 and json.loads(text)["character"]["name"] == "Çapi"
    assert '"name": "Çapi"' in text  # indent 2, not ASCII-escaped

    refused = tmp_path / "refused.json"
    refused.write_text(dump_log([CREATE, {"type": "attack", "cards": ["7C"]}]), encoding="utf-8")
    code, text = replay_file(refused)
    assert code == 1
    assert "action 1" in text and '"attack"' in text and "S-14:" in text

    for name, content in (("notjson.json", "nope"), ("wrong.json", '{"format": "x"}')):
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        code, text = replay_file(path)
        assert code == 2 and "\n" not in text and text.startswith("error:")
    code, text = replay_file(tmp_path / "missing.json")
    assert code == 2 and "\n" not in text and "cannot read" in text
    code, text = replay_file(tmp_path)  # a folder
    assert code == 2 and "\n" not in text


def test_the_engine_never_imports_django():
    code = (
        "import sys, tracker.rules, tracker.rules.card_rpg.bot; "
        "print(any(name == 'django' or name.startswith('django.') for name in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.stdout.strip() == "False", result.stderr


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "cardrpg-log", "version": 1, "actions": [{"type": "a\\u0000"}]}',
        '{"format": "cardrpg-log", "version": 1, "actions": [{"type": "\\ud800"}]}',
        '{"format": "cardrpg-log", "version": 1, "actions": [], "name": "x\x00"}',
        "[" * 100_000 + "]" * 100_000,
    ],
    ids=["escaped-nul", "lone-surrogate", "raw-nul", "deep-nesting"],
)
def test_load_log_refuses_text_no_database_can_store_in_one_line(text):
    with pytest.raises(ValueError) as caught:
        load_log(text)
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith("not a cardrpg-log file")
