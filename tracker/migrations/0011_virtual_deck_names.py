"""The virtual deck (Card RPG's app-dealt cards and dice) is named for what it is: "table"
was also Barcadia's record and the real table several characters sit at. Names only: no data
changes, and the backup and log file formats keep their keys."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tracker", "0010_barcadia_seats_for_every_table"),
    ]

    operations = [
        migrations.RenameField(
            model_name="adventure",
            old_name="table_state",
            new_name="virtual_deck",
        ),
        migrations.RenameField(
            model_name="character",
            old_name="table_state",
            new_name="virtual_deck",
        ),
        migrations.RenameField(
            model_name="table",
            old_name="table_state",
            new_name="virtual_deck",
        ),
        migrations.RenameField(
            model_name="actionlogentry",
            old_name="table_state",
            new_name="virtual_deck",
        ),
        migrations.RenameField(
            model_name="adventurelogentry",
            old_name="table_state",
            new_name="virtual_deck",
        ),
        migrations.RenameField(
            model_name="tablelogentry",
            old_name="table_state",
            new_name="virtual_deck",
        ),
        migrations.RenameField(
            model_name="actionlogentry",
            old_name="table_changed",
            new_name="virtual_deck_changed",
        ),
        migrations.RenameField(
            model_name="adventurelogentry",
            old_name="table_changed",
            new_name="virtual_deck_changed",
        ),
        migrations.RenameField(
            model_name="tablelogentry",
            old_name="table_changed",
            new_name="virtual_deck_changed",
        ),
    ]
