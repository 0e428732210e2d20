"""Backups (issue 7, point 6): `manage.py backup FILE` writes every character to one archive;
`manage.py restore FILE` brings them all back into an empty database — every log, state and
projection equal — or, if anything in the archive is wrong, nothing at all."""

from __future__ import annotations

import gzip
import json
import random

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from tests.trust.conftest import choose_action, make_character
from tracker.card_rpg import services
from tracker.card_rpg.models import Character
from tracker.rules.card_rpg import VirtualDeck

pytestmark = pytest.mark.django_db


def play_on(character: Character, steps: int, seed: int) -> Character:
    """Play `steps` more actions through the services at the character's virtual table."""
    rng = random.Random(seed)
    for _ in range(steps):
        table = VirtualDeck.from_dict(character.virtual_deck)
        action = choose_action(rng, table, character.state)
        character = services.character_apply(
            character_id=character.pk,
            owner=character.owner,
            action=action,
            expected_version=character.version,
            virtual_deck=table.to_dict(),
        )
    return character


def everything() -> dict:
    """Every character with its log and projections, keyed by owner and name (no row ids)."""
    result = {}
    for character in Character.objects.select_related("owner"):
        fields = {
            f.attname: getattr(character, f.attname)
            for f in Character._meta.concrete_fields
            if f.attname not in ("id", "owner_id")
        }
        sessions = list(character.play_sessions.order_by("number").values())
        for row in sessions:
            del row["id"], row["character_id"], row["key"]  # the key names the character's id
        fights = [
            {k: v for k, v in row.items() if k not in ("id", "character_id", "session_id")}
            for row in character.fights.order_by("number").values()
        ]
        # A fight names its session by key ("<character id>:<number>").
        keys = character.fights.order_by("number").values_list("session_id", flat=True)
        numbers = [int(key.rsplit(":", 1)[1]) for key in keys]
        for row, number in zip(fights, numbers, strict=True):
            row["session_number"] = number
        result[character.owner.get_username(), character.name] = {
            "character": fields,
            "log": list(
                character.log_entries.order_by("seq").values_list(
                    "seq",
                    "action",
                    "action_type",
                    "snapshot",
                    "virtual_deck",
                    "virtual_deck_changed",
                    "created_at",
                )
            ),
            "sessions": sessions,
            "fights": fights,
        }
    return result


@pytest.fixture
def careers(owner, intruder) -> dict:
    """Characters of two players at many points: a long career across sessions, a renamed one,
    one with actions undone, one back at real cards, one dying, and one just created."""
    long = play_on(make_character(owner, "new", name="Long career"), 400, seed=1)
    assert long.sessions >= 1 and long.kills >= 1, "the career should span fights and sessions"
    renamed = play_on(make_character(owner, "character_turn"), 30, seed=2)
    services.character_rename(
        character_id=renamed.pk, owner=owner, name="Renamed ☘", expected_version=renamed.version
    )
    undone = play_on(make_character(intruder, "level_up", class_card="QH"), 60, seed=3)
    undone = services.character_undo(
        character_id=undone.pk, owner=intruder, steps=7, expected_version=undone.version
    )
    # Back on real cards (the switch is made between sessions); its creation kept the app's table.
    real = make_character(intruder, "new", name="Real cards")
    services.character_set_virtual_deck(
        character_id=real.pk, owner=intruder, virtual_deck=None, expected_version=real.version
    )
    make_character(intruder, "awaiting_save", name="Dying")
    make_character(owner, "new", name="Fresh")
    return everything()


@pytest.fixture
def some(owner, intruder) -> dict:
    """A few short games of two players, for the tests of what restore refuses."""
    make_character(owner, "character_turn", name="Fighting")
    make_character(owner, "new", name="Fresh")
    make_character(owner, "level_up", name="Levelling")
    make_character(intruder, "awaiting_save", name="Dying")
    return everything()


def test_backup_then_restore_into_an_empty_database_gives_back_everything(tmp_path, careers):
    archive = tmp_path / "all.jsonl.gz"
    call_command("backup", str(archive))
    Character.objects.all().delete()
    get_user_model().objects.all().delete()
    assert everything() == {}
    call_command("restore", str(archive))
    restored = everything()
    assert restored.keys() == careers.keys()
    for key, before in careers.items():
        after = restored[key]
        assert after["log"] == before["log"], key  # actions, states, tables, times
        assert after["character"] == before["character"], key
        assert after["sessions"] == before["sessions"], key
        assert after["fights"] == before["fights"], key
    # Owners come back as accounts nobody can log in to until an admin sets a password.
    for user in get_user_model().objects.all():
        assert not user.has_usable_password()


def test_the_archive_is_one_cardrpg_log_per_line(tmp_path, some):
    """Each character line is a log file `manage.py replay` and import read as it is."""
    archive = tmp_path / "all.jsonl"
    call_command("backup", str(archive))
    lines = archive.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["format"] == "cardrpg-backup"
    assert json.loads(lines[-1]) == {"format": "cardrpg-backup-end", "records": len(some)}
    owner = get_user_model().objects.get(username="trust-owner")
    line = next(line for line in lines[1:-1] if '"Levelling"' in line)
    original = Character.objects.get(name="Levelling")
    copy = services.character_import(owner=owner, text=line)
    assert copy.state == original.state


def test_restore_refuses_a_database_with_characters_unless_replace(tmp_path, some, owner):
    archive = tmp_path / "all.jsonl"
    call_command("backup", str(archive))
    with pytest.raises(CommandError, match="already holds .* --replace"):
        call_command("restore", str(archive))
    assert everything() == some
    make_character(owner, "new", name="Made after the backup")
    call_command("restore", str(archive), "--replace")
    assert everything() == some


def _rewrite(archive, change):
    lines = archive.read_text(encoding="utf-8").splitlines()
    archive.write_text("\n".join(change(lines)) + "\n", encoding="utf-8")


def test_restore_replays_every_log_first_and_writes_nothing_if_one_action_is_refused(
    tmp_path, some
):
    archive = tmp_path / "all.jsonl"
    call_command("backup", str(archive))

    def tamper(lines):
        # The last character's 3rd action names a card that is no card (T-01).
        record = json.loads(lines[-2])
        record["actions"][2] = {"type": "reveal_monster", "card": "ZZ"}
        return [*lines[:-2], json.dumps(record), lines[-1]]

    _rewrite(archive, tamper)
    Character.objects.all().delete()
    get_user_model().objects.all().delete()
    with pytest.raises(
        CommandError, match=r"(?s)'Dying'\): action 3 was refused — T-01: .*Nothing was restored"
    ):
        call_command("restore", str(archive))
    assert Character.objects.count() == 0
    assert get_user_model().objects.count() == 0  # not even the owners of the good lines


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda lines: lines[:-1], "incomplete"),  # cut off before the end line
        (lambda lines: lines[:-2] + lines[-1:], "incomplete"),  # a character lost
        (lambda lines: ["{}", *lines[1:]], "not a cardrpg-backup file"),
        (lambda lines: [lines[0], "not json", *lines[1:]], "not a cardrpg-log file"),
        (lambda lines: [*lines, lines[1]], "after the end"),
        (lambda lines: lines[:1], "incomplete"),
        (lambda lines: [], "empty"),
    ],
    ids=["cut-off", "line-lost", "no-header", "garbage-line", "after-end", "no-end", "empty"],
)
def test_restore_refuses_a_damaged_archive(tmp_path, some, change, message):
    archive = tmp_path / "all.jsonl"
    call_command("backup", str(archive))
    _rewrite(archive, change)
    Character.objects.all().delete()
    with pytest.raises(CommandError, match=message):
        call_command("restore", str(archive))
    assert Character.objects.count() == 0


def test_restore_refuses_a_file_that_is_not_an_archive_at_all(tmp_path, db):
    for name, content in [("x.jsonl.gz", b"not gzip"), ("x.jsonl", b"\xff\xfe"), ("y.gz", b"")]:
        path = tmp_path / name
        path.write_bytes(content if name != "y.gz" else gzip.compress(b""))
        with pytest.raises(CommandError, match="Nothing was restored"):
            call_command("restore", str(path))
    with pytest.raises(CommandError, match="cannot read"):
        call_command("restore", str(tmp_path / "missing.jsonl"))


def test_restore_gives_characters_to_existing_users_by_name(tmp_path, some, owner):
    archive = tmp_path / "all.jsonl"
    call_command("backup", str(archive))
    Character.objects.all().delete()
    get_user_model().objects.exclude(pk=owner.pk).delete()
    call_command("restore", str(archive))
    owner.refresh_from_db()
    assert owner.has_usable_password()  # the account that was there is left as it was
    assert Character.objects.filter(owner=owner).count() == 3
    assert everything() == some


def test_restore_check_only_reads(tmp_path, some, capsys):
    archive = tmp_path / "all.jsonl"
    call_command("backup", str(archive))
    Character.objects.all().delete()
    call_command("restore", str(archive), "--check")
    assert f"{len(some)} character(s), every log replays" in capsys.readouterr().out
    assert Character.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_backup_outside_any_transaction_reads_one_moment(tmp_path, owner):
    """Run as the command runs (no test transaction around it): on PostgreSQL it reads in one
    repeatable-read snapshot, on SQLite character by character."""
    make_character(owner, "monster_hp", name="Alone")
    archive = tmp_path / "one.jsonl"
    call_command("backup", str(archive))
    lines = archive.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3 and '"Alone"' in lines[1]


@pytest.mark.parametrize("bad", ["\x00", "\ud800"], ids=["nul", "surrogate"])
def test_restore_refuses_text_no_database_can_hold(tmp_path, some, bad):
    archive = tmp_path / "all.jsonl"
    call_command("backup", str(archive))

    def tamper(lines):
        record = json.loads(lines[1])
        record["name"] = "X" + bad
        return [lines[0], json.dumps(record), *lines[2:]]

    _rewrite(archive, tamper)
    Character.objects.all().delete()
    with pytest.raises(CommandError, match="characters that are not text"):
        call_command("restore", str(archive))
    assert Character.objects.count() == 0


def _gzip_of(path, header: bool, line: bytes, total: int) -> None:
    """A gzip archive written as a stream: a header line (or none), then `line` over and over
    up to `total` bytes — never held whole in memory."""
    with gzip.open(path, "wb", compresslevel=1) as out:
        if header:
            out.write(b'{"format": "cardrpg-backup", "version": 1}\n')
        chunk = line * max(1, (1 << 20) // len(line))
        written = 0
        while written < total:
            out.write(chunk)
            written += len(chunk)


@pytest.mark.parametrize("header", [True, False], ids=["after-a-header", "from-the-start"])
def test_issue21_7_restore_check_refuses_a_gzip_of_blank_lines_at_once(tmp_path, db, header):
    """Issue 21, point 7: a 2 MB gzip of 2 GiB of blank lines kept `restore --check` reading
    for minutes. An archive this app writes has no blank lines: past 100, it is refused."""
    bomb = tmp_path / "blank.jsonl.gz"
    _gzip_of(bomb, header, b"\n", 16 << 20)  # 16 million blank lines, a 16 KB file
    assert bomb.stat().st_size < 100_000
    with pytest.raises(CommandError, match="more than 100 blank lines .line 10[12]."):
        call_command("restore", str(bomb), "--check")
    with pytest.raises(CommandError, match="blank lines.*\nNothing was restored"):
        call_command("restore", str(bomb))


def test_issue21_7_restore_reads_no_more_than_the_archive_bound(tmp_path, db, settings):
    """What restore reads, decompressed, is bounded (CARDRPG_MAX_BACKUP_MB, here 1 MiB): long
    lines of spaces, few enough to pass the blank-line bound, are refused past it."""
    settings.CARDRPG_MAX_BACKUP_MB = 1
    bomb = tmp_path / "spaces.jsonl.gz"
    _gzip_of(bomb, True, b" " * 65_535 + b"\n", 3 << 20)  # 48 lines of 64 KB
    with pytest.raises(CommandError, match=r"more than 1,048,576 characters once decompressed"):
        call_command("restore", str(bomb), "--check")
    settings.CARDRPG_MAX_BACKUP_MB = 4  # under the bound, the same file is read to its end
    with pytest.raises(CommandError, match="is incomplete"):
        call_command("restore", str(bomb), "--check")


def _owner_renamed(archive, old: str, new: str) -> None:
    def rename(lines):
        changed = [lines[0]]
        for line in lines[1:-1]:
            record = json.loads(line)
            if record["owner"] == old:
                record["owner"] = new
            changed.append(json.dumps(record, ensure_ascii=False))
        return [*changed, lines[-1]]

    _rewrite(archive, rename)


@pytest.mark.parametrize(
    "name",
    [
        "trust owner",
        "trust-owner\u202e",
        "trust\u200bowner",
        "ｔｒｕｓｔ",
        "trust/owner",
        "trust\towner",
    ],
    ids=["space", "override", "zero-width", "fullwidth", "slash", "tab"],
)
def test_issue21_7_restore_refuses_owners_whose_names_sign_up_refuses(tmp_path, some, name):
    """Issue 21, point 7: restore created accounts sign-up would have refused. An owner's user
    name now passes sign-up's rule, or the archive is refused, by --check too, naming it."""
    archive = tmp_path / "all.jsonl"
    call_command("backup", str(archive))
    _owner_renamed(archive, "trust-owner", name)
    Character.objects.all().delete()
    users = get_user_model().objects.count()
    for args in (["--check"], []):
        with pytest.raises(CommandError, match="is one sign-up refuses") as refused:
            call_command("restore", str(archive), *args)
        assert f"user name {name!r}" in str(refused.value)
    assert Character.objects.count() == 0
    assert get_user_model().objects.count() == users


def test_issue21_7_restore_refuses_owners_differing_only_in_letter_case(tmp_path, some, owner):
    """Sign-up refuses a second name differing only in letter case: so does restore, between
    the archive's owners (--check too) and against the accounts already here."""
    archive = tmp_path / "all.jsonl"
    call_command("backup", str(archive))
    Character.objects.all().delete()
    clash = tmp_path / "clash.jsonl"
    clash.write_text(archive.read_text(encoding="utf-8"), encoding="utf-8")
    _owner_renamed(clash, "trust-intruder", "Trust-Owner")
    with pytest.raises(CommandError, match="'Trust-Owner' differs from 'trust-owner'"):
        call_command("restore", str(clash), "--check")
    owner.username = "TRUST-OWNER"
    owner.save()
    with pytest.raises(CommandError, match="'TRUST-OWNER' already here only in letter case"):
        call_command("restore", str(archive))
    assert Character.objects.count() == 0
    assert not get_user_model().objects.filter(username="trust-owner").exists()
