"""Create a new character from a cardrpg-log file, after replaying it to check every action."""

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tracker.card_rpg import services
from tracker.rules import ReplayError, RuleError


class Command(BaseCommand):
    help = (
        "Replay the log in FILE and, if every action is accepted, create a new character "
        "owned by USERNAME from it; prints the new character's id. A refused file creates "
        "nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE", help="a cardrpg-log file (export_character)")
        parser.add_argument(
            "--owner", required=True, metavar="USERNAME", help="the user who will own it"
        )
        parser.add_argument("--name", help="name the character (default: the name in the file)")

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
        try:
            character = services.character_import(owner=user, text=data, name=name)
        except ReplayError as exc:
            action = json.dumps(exc.action, ensure_ascii=False)
            raise CommandError(
                f"{file}: action {exc.index} (counting from 0) was refused, so nothing was "
                f"imported\naction: {action}\nerror: {exc.error}"
            ) from None
        except RuleError as exc:
            raise CommandError(f"{file}: {exc}") from None
        except ValueError as exc:
            raise CommandError(f"{file}: {exc}") from None
        self.stdout.write(str(character.pk))
