"""Restore every character of a backup archive into an empty database (docs/reliability.md)."""

from pathlib import Path

from django.core.management.base import CommandError
from django.db import DatabaseError

from tracker.core import backups
from tracker.management.files import FileCommand


class Command(FileCommand):
    help = (
        "Check the archive FILE written by backup — every log replayed by the rules engine — "
        "and only then restore all its characters in one transaction (all or nothing). "
        "Refuses a database that already holds characters unless --replace is given. Owners "
        "are matched by user name; missing ones are created without a usable password "
        "(set one with changepassword)."
    )

    file_help = "an archive written by backup"

    def add_options(self, parser):
        parser.add_argument(
            "--replace",
            action="store_true",
            help="delete every character already in the database first (same transaction)",
        )
        parser.add_argument(
            "--check",
            action="store_true",
            help="only check the archive (replay every log); write nothing",
        )

    def handle(self, *args, file, replace=False, check=False, **options):
        try:
            if check:
                counts = backups.backup_check(path=Path(file))
                each = ", ".join(f"{count} {noun}(s)" for noun, count in counts.items())
                total = sum(counts.values())
                self.stdout.write(f"{file}: {total} record(s): {each or 'none'}, every log replays")
                return
            restored = backups.backup_restore(path=Path(file), replace=replace)
        except backups.BackupError as exc:
            raise CommandError(f"{exc}\nNothing was restored.") from None
        except DatabaseError as exc:
            # The transaction was rolled back as the error left it.
            raise CommandError(
                f"the database refused the archive: {exc}\nNothing was restored."
            ) from None
        self.stdout.write(f"Restored {len(restored)} record(s) from {file}")
