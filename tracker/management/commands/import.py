"""Create a new record of any game from a cardrpg-log file, after replaying every action in it."""

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tracker.core import services as core
from tracker.rules.errors import ReplayError, RuleError


class Command(BaseCommand):
    help = (
        "Replay the log in FILE with the rules of the game it names and, if every action is "
        "accepted, create a new record (character, adventure or table) owned by USERNAME; "
        "prints the game and the new id. A refused file creates nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE", help="a cardrpg-log file (export)")
        parser.add_argument(
            "--owner", required=True, metavar="USERNAME", help="the user who will own it"
        )
        parser.add_argument("--name", help="a name for it (default: the name in the file)")

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
            prepared = core.record_import_prepare(text=data, name=name)
        except ReplayError as exc:
            action = json.dumps(exc.action, ensure_ascii=False)[:2000]
            raise CommandError(
                f"{file}: action {exc.index} (counting from 0) was refused, so nothing was "
                f"imported\naction: {action}\nerror: {exc.error}"
            ) from None
        except (RuleError, ValueError) as exc:
            raise CommandError(f"{file}: {exc}") from None
        record = core.record_import_write(prepared=prepared, owner=user)
        self.stdout.write(f"{prepared.game.id} {record.pk}")
