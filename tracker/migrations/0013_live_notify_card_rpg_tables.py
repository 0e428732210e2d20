"""A Card RPG table's changes (who sits where, open challenges) are announced as the games'
records are (0012_live_notify): every phone at the table hears them on its live stream."""

import importlib

from django.db import migrations

# The trigger and its function as 0012 made them (a module whose name starts with a digit).
LIVE_NOTIFY = importlib.import_module("tracker.migrations.0012_live_notify")
TABLES = ("tracker_rpgtable",)


def create(apps, schema_editor):
    LIVE_NOTIFY.add_triggers(schema_editor, TABLES)


def drop(apps, schema_editor):
    LIVE_NOTIFY.drop_triggers(schema_editor, TABLES)


class Migration(migrations.Migration):
    dependencies = [("tracker", "0012_live_notify")]

    operations = [migrations.RunPython(create, drop)]
