"""A Heroes of Barcadia table as an append-only action log, its seats, and the rows its history reads.

The log (TableLogEntry) is the truth. The table's columns and its events (turns ended, rolls,
deaths) are projections of it, written by the core's services in the same transaction as each
action through the game's projector (tracker/barcadia/game.py). An event gets its row once it
is over, as one upsert; the turn running now lives in the table's `projection`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tracker.core.models import LogEntry, LogRecord, NumberedRow, Seat


class Table(LogRecord):
    """One game of Heroes of Barcadia for 2–6 heroes, shared by the players' phones."""

    phase = models.CharField(max_length=10, default="setup")
    turn_number = models.PositiveIntegerField(default=0)
    winner = models.CharField(max_length=24, blank=True, default="")
    # How many events have ended in the log as it stands: rows numbered beyond it were taken
    # back by undo (see tracker.core.models.CurrentRows).
    events_count = models.PositiveIntegerField(default=0, editable=False)
    # "Pass one phone around": the host's phone acts for every hero. None: not chosen, which
    # means on while no seat is taken and off once one is (tracker.barcadia.play_screen:
    # Screen.pass_phone).
    pass_phone = models.BooleanField(null=True, blank=True, default=None)
    # A two-sided roll (team battle, boss fight, duel) being built from each phone's part: the
    # contract records a roll as one action, so its parts wait here, outside the log, until the
    # last one is in (tracker.barcadia.roll_parts). None: no roll is being built.
    roll_draft = models.JSONField(null=True, blank=True, default=None)
    # Table rule: the roller's phone enters both dice of a two-sided roll (one phone passed
    # round, or friends who'd rather not), instead of each phone rolling its own part.
    one_phone_rolls = models.BooleanField(default=False)
    # The newest undo, said on every phone while the table stands where it left it: who took
    # back what (``{"version", "by", "what"}``, `what` a Msg as JSON).
    undo_note = models.JSONField(null=True, blank=True, default=None)

    class Meta(LogRecord.Meta):
        indexes = [models.Index(fields=["owner", "-updated_at"], name="hob_table_owner_recent")]


class TableLogEntry(LogEntry):
    """One action of a table's log: append-only; undo deletes from the end."""

    # No index of its own: the unique (table, seq) index serves every lookup by table.
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="log_entries", db_index=False
    )

    class Meta(LogEntry.Meta):
        ordering = ["table", "seq"]
        verbose_name = "table log entry"
        verbose_name_plural = "table log entries"
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="hob_log_seq_unique"),
            models.CheckConstraint(condition=models.Q(seq__gte=1), name="hob_log_seq_from_one"),
        ]


class TableSeat(Seat):
    """A hero's seat at a table: taken by a friend's phone (a guest) or account."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")

    class Meta(Seat.Meta):
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hob_seat_number_unique")
        ]


class EventKind(models.TextChoices):
    ORDER = "order", "order roll"
    TURN = "turn", "turn"
    ROLL = "roll", "roll"
    DEATH = "death", "death"
    WIN = "win", "win"
    HOARD = "hoard", "the Drink Hoard turned up"


class TableEvent(NumberedRow):
    """Something of a game that is over: a turn ended, a roll made, a hero's death, the win.

    `text` is the event in a player's words (a tracker.rules.text.Msg as JSON, so a screen can
    translate it); `data` holds its numbers: a roll's sides and totals, or at a turn's end
    every hero's health, power-ups and who led.
    """

    record_field = "table"
    counter = "events_count"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=8, choices=EventKind)
    seq = models.PositiveIntegerField()  # the log entry it happened at
    turn = models.PositiveIntegerField(default=0)  # 0 while rolling for order
    hero = models.CharField(max_length=24, blank=True, default="")
    text = models.JSONField(default=dict)
    data = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField()

    class Meta(NumberedRow.Meta):
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hob_event_number_unique")
        ]
        indexes = [
            models.Index(fields=["table", "kind", "number"], name="hob_event_kind"),
            models.Index(fields=["table", "turn"], name="hob_event_turn"),
        ]

    def __str__(self) -> str:
        return f"event {self.number}: {self.kind}"


class TileBoxFace(models.Model):
    """One face of a host's tile box, with how many tiles of it the host has (two identical
    monster tiles are two tiles). Kept apart from every table's log: no undo removes one."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tile_box"
    )
    # The face as heroes-of-barcadia-actions.md writes it (every reward key), and that face
    # as one compact text, the key it is found by (tracker.barcadia.tile_box.face_key).
    face = models.JSONField()
    key = models.CharField(max_length=64)
    count = models.PositiveSmallIntegerField(default=1)
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["owner", "key"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "key"], name="hob_tile_box_face_unique")
        ]

    def __str__(self) -> str:
        return f"{self.key} ×{self.count}"
