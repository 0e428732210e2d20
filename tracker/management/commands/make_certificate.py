"""Make (or bring up to date) the certificates for serving the app over HTTPS on the LAN."""

from django.conf import settings
from django.core.management.base import BaseCommand

from cardrpg import lan_tls


class Command(BaseCommand):
    help = (
        "Make this computer's certificate authority (once) and the server's certificate for "
        "its LAN addresses, in DATA_DIR/tls/ (README: HTTPS on the LAN)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--renew", action="store_true", help="make the server's certificate again"
        )

    def handle(self, *args, renew: bool, **options):
        where, new_ca = lan_tls.make(settings.DATA_DIR, settings.LAN_ADDRESSES, renew=renew)
        if new_ca:
            self.stdout.write("Made this computer's certificate authority: " + str(where.ca))
        self.stdout.write(f"Server certificate: {where.certificate} (key {where.key})")
        self.stdout.write(f"Authority's SHA-256 fingerprint: {lan_tls.fingerprint(where.ca)}")
