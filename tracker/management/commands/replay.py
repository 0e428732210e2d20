"""``manage.py replay FILE``: apply a cardrpg-log file to an empty start and print the result."""

import sys

from django.core.management.base import BaseCommand

from tracker.rules import replay_file


class Command(BaseCommand):
    help = (
        "Replay a cardrpg-log file (rules/actions.md): print the final state as JSON (exit 0), "
        "or the refused action's index, the action and the error (exit 1); an unreadable or "
        "ill-formed file gives a one-line error (exit 2)."
    )
    requires_system_checks = []  # a pure computation: no database, no checks needed

    def add_arguments(self, parser):
        parser.add_argument("file", help="path of the log file (JSON)")

    def handle(self, *args, **options):
        code, text = replay_file(options["file"])
        # The final state and a refusal report are the command's output; a bad file is an error.
        (self.stderr if code == 2 else self.stdout).write(text)
        if code:
            sys.exit(code)
