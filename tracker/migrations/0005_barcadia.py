"""Heroes of Barcadia joins the core: tables (log-backed records), their log, their seats, and the
events the history reads (turns ended, rolls, deaths, the win)."""

import django.db.models.deletion
import django.db.models.manager
from django.conf import settings
from django.db import migrations, models

import tracker.core.models


class Migration(migrations.Migration):
    dependencies = [
        ("tracker", "0004_preferences"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Table",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=100)),
                ("state", models.JSONField(default=dict)),
                ("projection", models.JSONField(blank=True, default=dict)),
                ("table_state", models.JSONField(blank=True, null=True)),
                ("version", models.PositiveIntegerField(default=0)),
                ("last_seq", models.PositiveIntegerField(default=0)),
                ("imported_at", models.DateTimeField(blank=True, null=True)),
                ("import_digest", models.CharField(blank=True, default="", max_length=64)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                ("phase", models.CharField(default="setup", max_length=10)),
                ("turn_number", models.PositiveIntegerField(default=0)),
                ("winner", models.CharField(blank=True, default="", max_length=24)),
                ("events_count", models.PositiveIntegerField(default=0, editable=False)),
                ("pass_phone", models.BooleanField(blank=True, default=None, null=True)),
                (
                    "owner",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="%(class)ss",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-updated_at", "-id"],
                "abstract": False,
            },
        ),
        migrations.CreateModel(
            name="TableEvent",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveIntegerField()),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("order", "order roll"),
                            ("turn", "turn"),
                            ("roll", "roll"),
                            ("death", "death"),
                            ("win", "win"),
                        ],
                        max_length=8,
                    ),
                ),
                ("seq", models.PositiveIntegerField()),
                ("turn", models.PositiveIntegerField(default=0)),
                ("hero", models.CharField(blank=True, default="", max_length=24)),
                ("text", models.JSONField(default=dict)),
                ("data", models.JSONField(blank=True, default=dict)),
                ("at", models.DateTimeField()),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="events",
                        to="tracker.table",
                    ),
                ),
            ],
            options={
                "ordering": ["table", "number"],
                "base_manager_name": "all_rows",
                "default_manager_name": "objects",
            },
            managers=[
                ("all_rows", django.db.models.manager.Manager()),
                ("objects", django.db.models.manager.Manager()),
            ],
        ),
        migrations.CreateModel(
            name="TableLogEntry",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("seq", models.PositiveIntegerField()),
                ("action", tracker.core.models.LogJSONField()),
                ("action_type", models.CharField(max_length=40)),
                ("snapshot", tracker.core.models.LogJSONField(blank=True, null=True)),
                ("table_state", tracker.core.models.LogJSONField(blank=True, null=True)),
                ("table_changed", models.BooleanField(default=False)),
                ("created_at", models.DateTimeField()),
                (
                    "table",
                    models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="log_entries",
                        to="tracker.table",
                    ),
                ),
            ],
            options={
                "verbose_name": "table log entry",
                "verbose_name_plural": "table log entries",
                "ordering": ["table", "seq"],
                "abstract": False,
            },
        ),
        migrations.CreateModel(
            name="TableSeat",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField()),
                ("name", models.CharField(max_length=40)),
                ("join_token", models.CharField(max_length=64, unique=True)),
                ("holder_key", models.CharField(blank=True, default="", max_length=64)),
                ("joined_at", models.DateTimeField(blank=True, null=True)),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="tracker.table",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="%(class)ss",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["table", "number"],
                "abstract": False,
            },
        ),
        migrations.AddIndex(
            model_name="table",
            index=models.Index(fields=["owner", "-updated_at"], name="hob_table_owner_recent"),
        ),
        migrations.AddIndex(
            model_name="tableevent",
            index=models.Index(fields=["table", "kind", "number"], name="hob_event_kind"),
        ),
        migrations.AddIndex(
            model_name="tableevent",
            index=models.Index(fields=["table", "turn"], name="hob_event_turn"),
        ),
        migrations.AddConstraint(
            model_name="tableevent",
            constraint=models.UniqueConstraint(
                fields=("table", "number"), name="hob_event_number_unique"
            ),
        ),
        migrations.AddConstraint(
            model_name="tablelogentry",
            constraint=models.UniqueConstraint(fields=("table", "seq"), name="hob_log_seq_unique"),
        ),
        migrations.AddConstraint(
            model_name="tablelogentry",
            constraint=models.CheckConstraint(
                condition=models.Q(("seq__gte", 1)), name="hob_log_seq_from_one"
            ),
        ),
        migrations.AddConstraint(
            model_name="tableseat",
            constraint=models.UniqueConstraint(
                fields=("table", "number"), name="hob_seat_number_unique"
            ),
        ),
    ]
