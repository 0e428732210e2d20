"""Write every character of every player to one archive file (docs/reliability.md)."""

from pathlib import Path

from django.core.management.base import CommandError

from tracker.core import backups
from tracker.management.files import FileCommand


class Command(FileCommand):
    help = (
        "Write every character of every player — the whole action log with its times and "
        "virtual tables, the name and the owner's user name — to FILE (JSON Lines; gzip if "
        "FILE ends in .gz). restore reads it back."
    )

    file_help = "the archive to write (replaced)"

    def handle(self, *args, file, **options):
        try:
            count = backups.backup_write(path=Path(file))
        except OSError as exc:
            raise CommandError(f"cannot write {file}: {exc.strerror or exc}") from None
        self.stdout.write(f"Wrote {count} character(s) to {file}")
