"""A free seat for each hero of every Heroes of Barcadia table that has none.

Tables imported from a file or restored from a backup came without seats, which the table page
then made on its first visit (a write on a GET). Seats are now made whenever a table is written
from a whole log; this makes them for the tables left without.
"""

import secrets

from django.db import migrations


def seat_every_table(apps, schema_editor):
    Table = apps.get_model("tracker", "Table")
    TableSeat = apps.get_model("tracker", "TableSeat")
    seatless = Table.objects.filter(seats__isnull=True).exclude(phase="setup")
    for table in seatless.only("pk", "state").iterator():
        TableSeat.objects.bulk_create(
            TableSeat(table=table, number=number, name=name, join_token=secrets.token_urlsafe(24))
            for number, name in enumerate(table.state.get("players") or {}, start=1)
        )


class Migration(migrations.Migration):
    dependencies = [("tracker", "0009_table")]

    operations = [migrations.RunPython(seat_every_table, migrations.RunPython.noop)]
