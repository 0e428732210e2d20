"""Write a character's action log as a cardrpg-log file (rules/actions.md)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tracker.card_rpg import services
from tracker.card_rpg.models import Character


class Command(BaseCommand):
    help = (
        "Write character ID's whole action log, with its name and table rules, in the "
        "cardrpg-log format that import_character and replay read."
    )

    def add_arguments(self, parser):
        parser.add_argument("character_id", type=int, metavar="ID", help="the character's id")
        parser.add_argument(
            "-o", "--output", metavar="FILE", help="write to FILE instead of standard output"
        )

    def handle(self, *args, character_id, output=None, **options):
        try:
            character = Character.objects.get(pk=character_id)
        except Character.DoesNotExist:
            raise CommandError(f"there is no character with id {character_id}") from None
        text = services.character_export(character=character)
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"cannot write {output}: {exc.strerror or exc}") from None
        self.stderr.write(f"Wrote {character.last_seq} actions of {character.name} to {output}")
