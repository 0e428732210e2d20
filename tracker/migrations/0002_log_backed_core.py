"""Characters move onto the log-backed core, in place, keeping every log and history row.

- A log entry keeps a snapshot of the whole state only at entry 1 and every 200th entry (the
  core replays from the nearest one), and the virtual table only where it changed; it loses
  two indexes the unique (character, seq) one makes useless.
- The character's row gains its projection (the running session and fight), its inventory (a
  column instead of rows) and the counters that hide rows taken back by undo.
- A session row gets its key ("<character>:<number>"), which its fights now refer to; a session
  or a fight has a row once it is over (the running ones move into the character's projection).
"""

import dataclasses
from datetime import datetime

import django.db.models.deletion
import django.db.models.manager
from django.conf import settings
from django.db import migrations, models

import tracker.core.models

SNAPSHOT_EVERY = 200  # as tracker.core.models.SNAPSHOT_EVERY when this migration was written


def _snapshot_due(seq: int) -> bool:
    return seq == 1 or seq % SNAPSHOT_EVERY == 0


def _dump(record) -> dict | None:
    if record is None:
        return None
    data = dataclasses.asdict(record)
    for key, value in data.items():
        if isinstance(value, datetime):
            data[key] = value.isoformat()
    return data


def forwards(apps, schema_editor):
    from tracker.card_rpg import projections

    Character = apps.get_model("tracker", "Character")
    Entry = apps.get_model("tracker", "ActionLogEntry")
    InventoryCard = apps.get_model("tracker", "InventoryCard")
    PlaySession = apps.get_model("tracker", "PlaySession")
    Fight = apps.get_model("tracker", "Fight")
    db = schema_editor.connection.alias

    for session in PlaySession.objects.using(db).all():
        session.key = f"{session.character_id}:{session.number}"
        session.save(update_fields=["key"])
    # A running fight now lives in its character's projection until it ends.
    Fight.objects.using(db).filter(ended_seq__isnull=True).delete()
    keys = dict(PlaySession.objects.using(db).values_list("pk", "key"))
    for fight in Fight.objects.using(db).all():
        fight.session_key = keys[fight.session_id]
        fight.save(update_fields=["session_key"])

    for character in Character.objects.using(db).all():
        before = {"character": None, "session": None, "fight": None, "events": []}
        latest = projections.Latest()
        previous_table = object()
        changed_rows = []
        rows = Entry.objects.using(db).filter(character=character).order_by("seq")
        for entry in rows.iterator(chunk_size=1000):
            after = entry.state_after
            latest = projections.step(
                before, entry.action, after, seq=entry.seq, at=entry.created_at, latest=latest
            )
            projection = {"session": _dump(latest.session), "fight": _dump(latest.fight)}
            entry.snapshot = (
                {"state": after, "projection": projection, "table": entry.table_state}
                if _snapshot_due(entry.seq)
                else None
            )
            entry.table_changed = entry.seq == 1 or entry.table_state != previous_table
            previous_table = entry.table_state
            if not entry.table_changed:
                entry.table_state = None
            changed_rows.append(entry)
            if len(changed_rows) >= 1000:
                Entry.objects.using(db).bulk_update(
                    changed_rows, ["snapshot", "table_state", "table_changed"]
                )
                changed_rows = []
            before = after
        if changed_rows:
            Entry.objects.using(db).bulk_update(
                changed_rows, ["snapshot", "table_state", "table_changed"]
            )
        session, fight = latest.session, latest.fight
        character.projection = {"session": _dump(session), "fight": _dump(fight)}
        character.inventory = list(
            InventoryCard.objects.using(db)
            .filter(character=character)
            .order_by("position")
            .values_list("card", flat=True)
        )
        character.fights_ended = (fight.number - (fight.ended_seq is None)) if fight else 0
        character.save(update_fields=["projection", "inventory", "fights_ended"])


def drop_running_sessions(apps, schema_editor):
    """A running session lives in its character's projection until it ends (its finished
    fights keep their rows: they name the session by its key)."""
    PlaySession = apps.get_model("tracker", "PlaySession")
    db = schema_editor.connection.alias
    PlaySession.objects.using(db).filter(ended_seq__isnull=True)._raw_delete(db)


class Migration(migrations.Migration):
    dependencies = [
        ("tracker", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # The inventory rows give up the name "inventory" to the character's new column.
        migrations.AlterField(
            model_name="inventorycard",
            name="character",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="inventory_rows",
                to="tracker.character",
            ),
        ),
        # The character's row: what the core keeps for every record, and the new projections.
        migrations.AddField(
            model_name="character",
            name="projection",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="character",
            name="imported_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="character",
            name="import_digest",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.AddField(
            model_name="character",
            name="inventory",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name="character",
            name="fights_ended",
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
        # Log entries: sparse snapshots and virtual tables.
        migrations.AddField(
            model_name="actionlogentry",
            name="snapshot",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="actionlogentry",
            name="table_changed",
            field=models.BooleanField(default=False),
        ),
        migrations.AlterModelOptions(
            name="actionlogentry",
            options={
                "ordering": ["character", "seq"],
                "verbose_name": "action log entry",
                "verbose_name_plural": "action log entries",
            },
        ),
        # Sessions get a key; fights refer to it (filled in below, from the old foreign key).
        migrations.AddField(
            model_name="playsession",
            name="key",
            field=models.CharField(editable=False, max_length=40, null=True),
        ),
        migrations.AddField(
            model_name="fight",
            name="session_key",
            field=models.CharField(max_length=40, null=True),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop, elidable=False),
        migrations.AlterField(
            model_name="playsession",
            name="key",
            field=models.CharField(editable=False, max_length=40, unique=True),
        ),
        migrations.RemoveIndex(model_name="fight", name="fight_in_session"),
        migrations.RemoveField(model_name="fight", name="session"),
        migrations.RenameField(model_name="fight", old_name="session_key", new_name="session"),
        migrations.AlterField(
            model_name="fight",
            name="session",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="fights",
                to="tracker.playsession",
                to_field="key",
                db_constraint=False,
            ),
        ),
        migrations.AddIndex(
            model_name="fight",
            index=models.Index(fields=["session", "number_in_session"], name="fight_in_session"),
        ),
        migrations.RunPython(drop_running_sessions, migrations.RunPython.noop, elidable=False),
        migrations.RemoveField(model_name="actionlogentry", name="state_after"),
        # The log's JSON as compact text (tracker.core.models.LogJSONField).
        migrations.AlterField(
            model_name="actionlogentry",
            name="action",
            field=tracker.core.models.LogJSONField(),
        ),
        migrations.AlterField(
            model_name="actionlogentry",
            name="snapshot",
            field=tracker.core.models.LogJSONField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="actionlogentry",
            name="table_state",
            field=tracker.core.models.LogJSONField(blank=True, null=True),
        ),
        # Two indexes a log entry no longer needs: (character, seq) is unique, and leads with
        # the character; nothing looks entries up by type for one character.
        migrations.RemoveIndex(model_name="actionlogentry", name="log_action_type"),
        migrations.AlterField(
            model_name="actionlogentry",
            name="character",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="log_entries",
                to="tracker.character",
            ),
        ),
        migrations.DeleteModel(name="InventoryCard"),
        # Rows of what undo took back stay hidden behind the default managers.
        migrations.AlterModelOptions(
            name="fight",
            options={
                "base_manager_name": "all_rows",
                "default_manager_name": "objects",
                "ordering": ["character", "number"],
            },
        ),
        migrations.AlterModelOptions(
            name="playsession",
            options={
                "base_manager_name": "all_rows",
                "default_manager_name": "objects",
                "ordering": ["character", "number"],
                "verbose_name": "session",
            },
        ),
        migrations.AlterModelManagers(
            name="fight",
            managers=[
                ("all_rows", django.db.models.manager.Manager()),
                ("objects", django.db.models.manager.Manager()),
            ],
        ),
        migrations.AlterModelManagers(
            name="playsession",
            managers=[
                ("all_rows", django.db.models.manager.Manager()),
                ("objects", django.db.models.manager.Manager()),
            ],
        ),
        migrations.AlterField(
            model_name="character",
            name="owner",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="%(class)ss",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
    ]
