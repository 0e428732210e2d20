"""Bring a file into the app: a game's log (a new record), or what a player owns beside their
records (a Barcadia host's tile box). The file's `format` picks its importer (FILE_FORMATS)."""

import json
import re
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tracker.barbarian_vince import deck
from tracker.barcadia import tile_box
from tracker.core import services as core
from tracker.rules.errors import ReplayError, RuleError

# The `format` key is read from the file's opening (every file this app writes starts with it);
# a file that names none is taken for a log, which says what is wrong with it.
_FORMAT = re.compile(rb'"format"\s*:\s*"([a-z0-9-]{1,40})"')
SNIFFED_BYTES = 4096


def import_log(command, data: bytes, user, options) -> str:
    """A cardrpg-log file: replayed whole, then a new record; prints the game and its id."""
    try:
        prepared = core.record_import_prepare(text=data, name=options.get("name"))
    except ReplayError as exc:
        action = json.dumps(exc.action, ensure_ascii=False)[:2000]
        raise CommandError(
            f"{options['file']}: action {exc.index} (counting from 0) was refused, so nothing "
            f"was imported\naction: {action}\nerror: {exc.error}"
        ) from None
    except (RuleError, ValueError) as exc:
        raise CommandError(f"{options['file']}: {exc}") from None
    record = core.record_import_write(prepared=prepared, owner=user)
    return f"{prepared.game.id} {record.pk}"


def import_tiles(command, data: bytes, user, options) -> str:
    """A cardrpg-tiles file: its faces merged into the user's tile box."""
    try:
        added, there = tile_box.import_file(owner=user, data=data)
    except tile_box.TilesRefused as exc:
        raise CommandError(f"{options['file']}: {exc}") from None
    return f"{added} tiles added, {there} already there"


def import_deck(command, data: bytes, user, options) -> str:
    """A cardrpg-deck file: its cards added to the user's Barbarian Vince deck."""
    try:
        added, there = deck.import_file(owner=user, data=data)
    except deck.DeckRefused as exc:
        raise CommandError(f"{options['file']}: {exc}") from None
    return f"{added} cards added, {there} already there"


# format → importer(command, data, user, options) -> the line to print
FILE_FORMATS = {
    "cardrpg-log": import_log,
    "cardrpg-tiles": import_tiles,
    "cardrpg-deck": import_deck,
}


def file_format(data: bytes) -> str:
    found = _FORMAT.search(data[:SNIFFED_BYTES])
    return found[1].decode() if found else "cardrpg-log"


class Command(BaseCommand):
    help = (
        "Import FILE for USERNAME: a cardrpg-log file is replayed with the rules of the game it "
        "names and, if every action is accepted, becomes a new record (character, adventure or "
        "table; prints the game and the new id); a cardrpg-tiles file is added to the user's "
        "Heroes of Barcadia tile box (prints how many tiles were added); a cardrpg-deck file is "
        "added to the user's Barbarian Vince deck (prints how many cards were added). A refused "
        "file changes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE", help="a file this app exported")
        parser.add_argument(
            "--owner", required=True, metavar="USERNAME", help="the user who will own it"
        )
        parser.add_argument("--name", help="a name for a record (default: the name in the file)")

    def handle(self, *args, file, owner, name=None, **options):
        User = get_user_model()
        try:
            user = User.objects.get(**{User.USERNAME_FIELD: owner})
        except User.DoesNotExist:
            raise CommandError(
                f"there is no user named {owner!r}: create the account first (sign up in the "
                "app, or manage.py createsuperuser)"
            ) from None
        try:
            data = Path(file).read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read {file}: {exc.strerror or exc}") from None
        kind = file_format(data)
        importer = FILE_FORMATS.get(kind)
        if importer is None:
            known = ", ".join(FILE_FORMATS)
            raise CommandError(f"{file}: this app does not import {kind} files (it reads {known})")
        self.stdout.write(importer(self, data, user, {"file": file, "name": name}))
