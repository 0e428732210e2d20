"""Write any game's record (a character, an adventure, a table) as a cardrpg-log file."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tracker.core import games
from tracker.core import services as core


class Command(BaseCommand):
    help = (
        "Write record ID of GAME (card-rpg, barbarian-vince, heroes-of-barcadia) as a "
        "cardrpg-log file naming its game: the whole action log and its name. import and "
        "replay read it."
    )

    def add_arguments(self, parser):
        parser.add_argument("game", metavar="GAME", help="the game's id, e.g. barbarian-vince")
        parser.add_argument("record_id", type=int, metavar="ID", help="the record's id")
        parser.add_argument(
            "-o", "--output", metavar="FILE", help="write to FILE instead of standard output"
        )

    def handle(self, *args, game, record_id, output=None, **options):
        try:
            found = games.get(game)
        except KeyError:
            known = ", ".join(games.ids())
            raise CommandError(f"there is no game {game!r} (the games: {known})") from None
        record = found.record_model.objects.filter(pk=record_id).first()
        if record is None:
            raise CommandError(f"there is no {found.noun} with id {record_id}")
        text = core.record_export(game=found, record=record)
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"cannot write {output}: {exc.strerror or exc}") from None
        self.stderr.write(f"Wrote {record.last_seq} actions of {record.name} to {output}")
