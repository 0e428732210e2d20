"""A Card RPG table's changes (who sits where, open challenges) are announced as the games'
records are (0012_live_notify): every phone at the table hears them on its live stream."""

from django.db import migrations

TABLE = "tracker_rpgtable"


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP TRIGGER IF EXISTS tracker_live ON {TABLE}")
    schema_editor.execute(
        f"CREATE TRIGGER tracker_live AFTER UPDATE OR DELETE ON {TABLE} "
        "FOR EACH ROW EXECUTE FUNCTION tracker_live_notify()"
    )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP TRIGGER IF EXISTS tracker_live ON {TABLE}")


class Migration(migrations.Migration):
    dependencies = [("tracker", "0012_live_notify")]

    operations = [migrations.RunPython(create, drop)]
