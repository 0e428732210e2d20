"""export and import of a Card RPG character on the command line, and the services behind them."""

import dataclasses
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tracker.card_rpg import services
from tracker.card_rpg.models import ActionLogEntry, Character
from tracker.rules import ReplayError, dump_log, load_log
from tracker.rules.card_rpg import replay
from tracker.rules.card_rpg.bot import random_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(player):
    """A character with 150 actions of random play (imported: quicker than playing them)."""
    actions = random_game(51, 150, "QH", {"ace_of_diamonds": "once_per_fight"})
    return services.character_import(owner=player, text=dump_log(actions))


def export(character_id, *args) -> str:
    out = StringIO()
    call_command("export", "card-rpg", str(character_id), *args, stdout=out)
    return out.getvalue()


def import_file(path, owner="capi", *args) -> int:
    out = StringIO()
    call_command("import", str(path), "--owner", owner, *args, stdout=out)
    game, record = out.getvalue().split()
    assert game == "card-rpg"
    return int(record)


def test_export_writes_the_log_in_the_actions_md_format(played):
    text = export(played.pk)
    document = json.loads(text)
    assert (document["format"], document["version"]) == ("cardrpg-log", 1)
    assert document["name"] == played.name
    assert document["ruleset"]["ace_of_diamonds"] == "once_per_fight"
    assert document["actions"] == list(played.log_entries.values_list("action", flat=True))
    assert load_log(text) == document["actions"]
    assert replay(document["actions"]) == Character.objects.get(pk=played.pk).state


def test_export_to_a_file(played, tmp_path):
    path = tmp_path / "capi.json"
    assert export(played.pk, "-o", str(path)) == ""
    assert json.loads(path.read_text(encoding="utf-8"))["actions"][0]["type"] == "create_character"


def test_export_of_a_missing_character_fails():
    with pytest.raises(CommandError, match="no character with id 999"):
        export(999)


def test_import_creates_a_new_character_with_the_same_life(
    played, tmp_path, other_player, take_snapshot, check_log
):
    services.character_rename(
        character_id=played.pk, owner=played.owner, name="Renamed", expected_version=played.version
    )
    path = tmp_path / "log.json"
    export(played.pk, "-o", str(path))
    new_id = import_file(path, "rival")
    assert new_id != played.pk
    copy = Character.objects.get(pk=new_id)
    assert copy.owner == other_player and copy.name == "Renamed"
    assert (copy.version, copy.virtual_deck) == (1, None)
    check_log(copy)
    original, imported = take_snapshot(played), take_snapshot(copy)
    for key in ("state", "last_seq", "inventory", "character"):
        assert imported[key] == original[key], key
    # The same history, only it happened now.
    for key in ("sessions", "fights"):
        assert [untimed(r) for r in imported[key]] == [untimed(r) for r in original[key]], key
    assert len(imported["sessions"]) >= 2 and len(imported["fights"]) >= 10


def untimed(record):
    return dataclasses.replace(record, started_at=None, ended_at=None)


def test_import_name_option_overrides_the_file(played, tmp_path):
    path = tmp_path / "log.json"
    export(played.pk, "-o", str(path))
    assert Character.objects.get(pk=import_file(path, "capi", "--name", "Twin")).name == "Twin"


def test_a_refused_action_creates_nothing_and_names_the_action(played, tmp_path):
    document = json.loads(export(played.pk))
    document["actions"].insert(3, {"type": "attack", "cards": ["JK1", "2S"]})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    before = (Character.objects.count(), ActionLogEntry.objects.count())
    with pytest.raises(CommandError) as failed:
        import_file(path)
    message = str(failed.value)
    assert "action 3 (counting from 0) was refused" in message
    assert '"type": "attack"' in message and "error: " in message
    assert (Character.objects.count(), ActionLogEntry.objects.count()) == before


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("not json", "not JSON"),
        ('{"format": "other", "version": 1, "actions": []}', "does not import other files"),
        ('{"format": "cardrpg-log", "version": 2, "actions": []}', "unsupported"),
        ('{"format": "cardrpg-log", "version": 1, "actions": []}', "holds no actions"),
        (
            '{"format": "cardrpg-log", "version": 1, "actions": [{"type": "start_session"}]}',
            "action 0 (counting from 0) was refused",
        ),
    ],
)
def test_a_bad_file_creates_nothing(player, tmp_path, content, expected):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CommandError, match=expected.replace("(", r"\(").replace(")", r"\)")):
        import_file(path)
    assert not Character.objects.exists()


def test_a_bad_name_in_the_file_creates_nothing(played, tmp_path):
    document = json.loads(export(played.pk))
    document["name"] = "   "
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CommandError, match="S-03"):
        import_file(path)
    assert Character.objects.count() == 1


def test_an_unknown_owner_is_a_clear_error(played, tmp_path):
    path = tmp_path / "log.json"
    export(played.pk, "-o", str(path))
    with pytest.raises(CommandError, match="no user named 'nobody'"):
        import_file(path, "nobody")
    assert Character.objects.count() == 1


def test_a_missing_file_is_a_clear_error(player, tmp_path):
    with pytest.raises(CommandError, match="cannot read"):
        import_file(tmp_path / "missing.json")


def test_the_import_service_takes_text_bytes_or_an_open_file(played, player, tmp_path):
    text = services.character_export(character=played)
    path = tmp_path / "log.json"
    path.write_text(text, encoding="utf-8")
    with path.open("rb") as handle:
        sources = [text, text.encode("utf-8"), handle]
        ids = [services.character_import(owner=player, text=source).pk for source in sources]
    states = {json.dumps(Character.objects.get(pk=pk).state, sort_keys=True) for pk in ids}
    assert len(set(ids)) == 3 and len(states) == 1


def test_the_import_service_raises_replay_error(player):
    text = '{"format": "cardrpg-log", "version": 1, "actions": [{"type": "end_session"}]}'
    with pytest.raises(ReplayError) as refused:
        services.character_import(owner=player, text=text)
    assert refused.value.index == 0 and refused.value.action == {"type": "end_session"}
