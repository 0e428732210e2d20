"""What the file commands (backup, restore, import) share: the FILE they read or write."""

from django.core.management.base import BaseCommand


class FileCommand(BaseCommand):
    """A command whose first argument is the FILE it reads or writes (`file_help` says which)."""

    file_help = ""

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE", help=self.file_help)
        self.add_options(parser)

    def add_options(self, parser) -> None:
        """The command's options beside its FILE."""
