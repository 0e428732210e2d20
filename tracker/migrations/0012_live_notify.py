"""On PostgreSQL, a record's new version is announced to every server process (LISTEN/NOTIFY).

A trigger on each game's record table NOTIFYs "<table> <id> <version>" on the channel the live
listeners hear (tracker/core/live.py) whenever a row's version changes, and "<table> <id> -1"
when it is deleted: inside the writing transaction, so it is heard at the commit and never for
a write rolled back, whoever wrote it (a tap, an import, a restore, the admin). SQLite has no
such channel: there each process looks at the database itself.
"""

from django.db import migrations

TABLES = ("tracker_character", "tracker_adventure", "tracker_table")

FUNCTION = """
CREATE OR REPLACE FUNCTION tracker_live_notify() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('tracker_live', TG_TABLE_NAME || ' ' || OLD.id || ' -1');
        RETURN OLD;
    END IF;
    IF NEW.version IS DISTINCT FROM OLD.version THEN
        PERFORM pg_notify('tracker_live', TG_TABLE_NAME || ' ' || NEW.id || ' ' || NEW.version);
    END IF;
    RETURN NEW;
END
$$ LANGUAGE plpgsql;
"""


def add_triggers(schema_editor, tables) -> None:
    """The announcing trigger on each of `tables` (PostgreSQL only; later migrations add more)."""
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in tables:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS tracker_live ON {table}")
        schema_editor.execute(
            f"CREATE TRIGGER tracker_live AFTER UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION tracker_live_notify()"
        )


def drop_triggers(schema_editor, tables) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in tables:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS tracker_live ON {table}")


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(FUNCTION)
    add_triggers(schema_editor, TABLES)


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    drop_triggers(schema_editor, TABLES)
    schema_editor.execute("DROP FUNCTION IF EXISTS tracker_live_notify()")


class Migration(migrations.Migration):
    dependencies = [("tracker", "0011_virtual_deck_names")]

    operations = [migrations.RunPython(create, drop)]
