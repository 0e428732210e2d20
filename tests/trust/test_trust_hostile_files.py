"""No file can hurt other players (issue 11): each finding of the hostile-user pass, as a test.

Imports and restores are bounded and checked before any work is wasted, with no transaction
open while they are checked; every refusal is a clear answer (never a 500), nothing is stored;
names must be something a player can read, in the form, the import and the rename alike.
"""

from __future__ import annotations

import gzip
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import connection
from django.urls import reverse

from tests.trust.conftest import make_character
from tracker.card_rpg import services
from tracker.card_rpg.models import ActionLogEntry, Character
from tracker.core import backups
from tracker.rules import dump_log

pytestmark = pytest.mark.django_db

CREATE = {
    "type": "create_character",
    "name": "Capi",
    "class": "KS",
    "str_dice": [5],
    "hp_dice": [5],
}


def upload(client, content: bytes | str, url: str = "tracker:import"):
    if isinstance(content, str):
        content = content.encode()
    file = SimpleUploadedFile("log.cardrpg.json", content, "application/json")
    return client.post(reverse(url), {"log_file": file})


def stored() -> tuple[int, int]:
    return Character.objects.count(), ActionLogEntry.objects.count()


def raw_log(*actions: str, extra: str = "") -> str:
    """A log file written by hand, each action as raw JSON text (for what json.dumps won't write)."""
    return (
        '{"format": "cardrpg-log", "version": 1'
        + extra
        + ', "actions": ['
        + ", ".join(actions)
        + "]}"
    )


CREATED = json.dumps(CREATE)


@pytest.fixture
def signed_in(client, owner):
    client.force_login(owner)
    return client


# -- 1. one import never holds everyone's saves ------------------------------------------------


def test_an_import_checks_and_replays_with_no_transaction_open(owner, monkeypatch):
    """Finding 1: the write lock was held for the whole replay."""
    from tracker.rules import card_rpg

    real = card_rpg.apply
    depth = connection.in_atomic_block  # pytest-django's own transaction around the test
    seen = []

    def watching(state, action):
        seen.append(connection.in_atomic_block)
        return real(state, action)

    monkeypatch.setattr(card_rpg, "apply", watching)
    text = dump_log([CREATE, {"type": "start_session"}, {"type": "end_session"}] * 1)
    services.character_import(owner=owner, text=text)
    assert seen and set(seen) == {depth}


def test_a_file_longer_than_any_career_is_refused_before_it_is_replayed(signed_in, settings):
    settings.CARDRPG_MAX_LOG_ACTIONS = 50
    actions = [CREATE] + [{"type": "start_session"}, {"type": "end_session"}] * 30
    response = upload(signed_in, dump_log(actions))
    assert response.status_code == 400
    assert "at most 50" in response.content.decode()
    assert stored() == (0, 0)


# -- 2. card lists are checked in linear time ----------------------------------------------------


def test_a_card_list_longer_than_the_deck_is_refused_at_once(signed_in):
    """Finding 2: 100,000 cards took tens of seconds before the refusal."""
    hand = '["7H"' + ', "7H"' * 99_999 + "]"
    text = raw_log(CREATED, '{"type": "start_session", "hand": ' + hand + "}")
    response = upload(signed_in, text)
    assert response.status_code == 400
    assert "S-01" in response.content.decode()
    assert stored() == (0, 0)


# -- 3. a huge name inside the file -------------------------------------------------------------


def test_a_huge_name_inside_the_file_is_refused_not_stored(signed_in):
    """Finding 3: actions[0].name was never checked and was copied into every stored state."""
    huge = {**CREATE, "name": "N" * 1_000_000}
    response = upload(signed_in, dump_log([huge, {"type": "start_session"}]))
    assert response.status_code == 400
    assert "S-03" in response.content.decode()
    assert stored() == (0, 0)


# -- 4. stored bytes grow slowly ----------------------------------------------------------------


def test_log_entries_keep_no_whole_state_but_a_few_snapshots(owner):
    """Finding 4: each entry kept a 2–3 KB state; now only snapshots do, one per 200 entries."""
    from tracker.core.models import SNAPSHOT_EVERY
    from tracker.rules.card_rpg.bot import random_game

    steps = 2 * SNAPSHOT_EVERY + 50
    character = services.character_import(owner=owner, text=dump_log(random_game(3, steps, "KS")))
    kept = character.log_entries.filter(snapshot__isnull=False).values_list("seq", flat=True)
    assert list(kept) == [1, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY]
    actions = character.log_entries.values_list("action", flat=True)
    assert max(len(json.dumps(action)) for action in actions) < 200


# -- 5. what ended in a 500 is a refusal ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (raw_log(CREATED, '{"type": "roll_monster_hp", "dice": [NaN]}'), "NaN"),
        (raw_log(CREATED, '{"type": "level_up", "hp_dice": [Infinity]}'), "Infinity"),
        (raw_log(CREATED, extra=', "x": ' + "9" * 5000), "digits"),
        (raw_log(CREATED, extra=', "x": ' + "[" * 5000 + "]" * 5000), "nested"),
        (raw_log(json.dumps({**CREATE, "junk": [[[1]]]})), "junk"),
        (raw_log(CREATED, extra=', "game": "chess"'), "chess"),
    ],
    ids=["nan", "infinity", "5000-digits", "depth-5000", "unknown-field", "unknown-game"],
)
def test_an_ill_formed_file_is_a_refusal_with_words_never_a_500(signed_in, text, said):
    """Finding 5: NaN, Infinity, deep nesting and long numbers reached the database."""
    response = upload(signed_in, text)
    assert response.status_code == 400, response.status_code
    body = response.content.decode()
    assert 'data-testid="import-error"' in body and said in body
    assert stored() == (0, 0)


# -- 6. restore ------------------------------------------------------------------------------


def _archive(tmp_path, owner, change=None):
    make_character(owner, "new", name="Archived")
    path = tmp_path / "all.jsonl"
    backups.backup_write(path=path)
    if change is not None:
        lines = path.read_text(encoding="utf-8").splitlines()
        path.write_text("\n".join(change(lines)) + "\n", encoding="utf-8")
    return path


def test_restore_checks_the_whole_archive_with_no_transaction_open(tmp_path, owner, monkeypatch):
    """Finding 6: the archive was checked inside the write transaction."""
    path = _archive(tmp_path, owner)
    from tracker.rules import card_rpg

    real = card_rpg.apply
    depth = connection.in_atomic_block
    seen = []

    def watching(state, action):
        seen.append(connection.in_atomic_block)
        return real(state, action)

    monkeypatch.setattr(card_rpg, "apply", watching)
    backups.backup_restore(path=path, replace=True)
    assert seen and set(seen) == {depth}


def test_restore_refuses_a_virtual_deck_the_play_screen_could_not_load(tmp_path, owner):
    """Finding 6: a table of {"bogus": 1} restored and then every play page answered 500."""

    def bogus(lines):
        record = json.loads(lines[1])
        record["table_state"] = {"bogus": 1}
        record["entries"][-1]["table_state"] = {"bogus": 1}
        return [lines[0], json.dumps(record), *lines[2:]]

    path = _archive(tmp_path, owner, bogus)
    before = stored()
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(path), "--replace")
    assert "Archived" in str(refused.value) and "virtual table" in str(refused.value)
    assert stored() == before


def test_restore_refuses_a_line_longer_than_any_record_without_reading_it_whole(
    tmp_path, monkeypatch, db
):
    """Finding 6: a small gzip expanding to one 1 GiB line was read whole into memory."""
    monkeypatch.setattr(backups, "MAX_LINE_CHARACTERS", 1_000_000)
    path = tmp_path / "bomb.jsonl.gz"
    with gzip.open(path, "wb") as out:
        out.write(b'{"format": "cardrpg-backup", "version": 1}\n')
        for _ in range(64):  # 64 MB of one line, 64 KB on disk
            out.write(b"x" * 1_000_000)
    assert path.stat().st_size < 1_000_000
    out = io.StringIO()
    with pytest.raises(CommandError, match="longer than"):
        call_command("restore", str(path), "--check", stdout=out)


# -- 8. names a player can read ------------------------------------------------------------------

INVISIBLE = ["\u200b\u200b", "\u202e", " \u2060 ", "Capi\x1b[31m", "Capi\nCapi", "\t"]


@pytest.mark.parametrize(
    "name", INVISIBLE, ids=["zero-width", "rtl", "joiner", "esc", "newline", "tab"]
)
def test_a_name_with_nothing_to_read_or_control_characters_is_refused_everywhere(
    signed_in, owner, name
):
    """Finding 8: names of invisible or control characters were accepted."""
    created = signed_in.post(
        reverse("tracker:character_create"),
        {
            "name": name,
            "class_card": "KS",
            "creation_dice": "1d6",
            "ace_of_diamonds": "free",
            "empty_attack_pile": "skip",
            "str_die_1": "5",
            "hp_die_1": "5",
            "intent": "create",
        },
    )
    assert created.status_code == 400
    assert not Character.objects.exists()
    imported = upload(signed_in, dump_log([{**CREATE, "name": name}]))
    assert imported.status_code == 400 and not Character.objects.exists()
    character = make_character(owner, "new", name="Fine")
    renamed = signed_in.post(
        reverse("tracker:character_rename", args=[character.pk]),
        {"name": name, "version": character.version},
    )
    assert renamed.status_code in (400, 409) or "S-03" in renamed.content.decode()
    assert Character.objects.get(pk=character.pk).name == "Fine"


def test_a_name_is_normalised_and_trimmed_alike_everywhere(owner):
    decomposed = "Cafe\u0301 "  # "Café" as e + combining accent, and a trailing space
    character = make_character(owner, "new", name=decomposed)
    assert character.name == "Café" and len(character.name) == 4
