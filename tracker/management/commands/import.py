"""Bring a file into the app: a game's log (a new record), or what a player owns beside their
records (a Barcadia host's tile box). The file's `format` picks its importer (FILE_FORMATS)."""

import json
import re
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError

from tracker.barbarian_vince import deck
from tracker.barcadia import tile_box
from tracker.core import services as core
from tracker.management.files import FileCommand
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


def owned_things(import_file, refused: type[Exception], things: str):
    """The importer of a file of things a player owns beside their records (a cardrpg-tiles
    file into a Barcadia host's tile box, a cardrpg-deck file into a Barbarian Vince deck)."""

    def importer(command, data: bytes, user, options) -> str:
        try:
            added, there = import_file(owner=user, data=data)
        except refused as exc:
            raise CommandError(f"{options['file']}: {exc}") from None
        return f"{added} {things} added, {there} already there"

    return importer


# format → importer(command, data, user, options) -> the line to print
FILE_FORMATS = {
    "cardrpg-log": import_log,
    "cardrpg-tiles": owned_things(tile_box.import_file, tile_box.TilesRefused, "tiles"),
    "cardrpg-deck": owned_things(deck.import_file, deck.DeckRefused, "cards"),
}


def file_format(data: bytes) -> str:
    found = _FORMAT.search(data[:SNIFFED_BYTES])
    return found[1].decode() if found else "cardrpg-log"


class Command(FileCommand):
    help = (
        "Import FILE for USERNAME: a cardrpg-log file is replayed with the rules of the game it "
        "names and, if every action is accepted, becomes a new record (character, adventure or "
        "table; prints the game and the new id); a cardrpg-tiles file is added to the user's "
        "Heroes of Barcadia tile box (prints how many tiles were added); a cardrpg-deck file is "
        "added to the user's Barbarian Vince deck (prints how many cards were added). A refused "
        "file changes nothing."
    )

    file_help = "a file this app exported"

    def add_options(self, parser):
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
