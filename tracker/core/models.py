"""What every game's record is made of: an append-only action log and the state it leads to.

These are abstract models; each game declares its concrete ones in its own folder (a Card RPG
character, a Barbarian Vince adventure, a Barcadia table), adding what it projects from its
log for the history pages. Nothing here knows a game's rules. See docs/architecture.md.

Storage stays small however long a career grows: a log entry keeps its action, and only every
``SNAPSHOT_EVERY``-th entry (and the first) keeps the whole state after it — fewer when that
state is big (``keeps_snapshot``), so snapshots stay within a budget per action. Any other
state is the nearest snapshot at or before it with the actions after it replayed — at most
``SNAPSHOT_EVERY - 1`` of them for a state of ordinary size, so undo and history cost the same
at any length of log.
"""

from __future__ import annotations

import json
from typing import ClassVar

from django.conf import settings
from django.db import models

from tracker.core.bulk import insert_rows

# The longest tap id a phone may send (tracker/static/tracker/taps.js makes 32 hex digits).
TAP_LENGTH = 40

# A snapshot of the whole state may be kept with entry 1 and every SNAPSHOT_EVERY-th entry.
SNAPSHOT_EVERY = 200
# ...as long as snapshots cost no more than this many characters per SNAPSHOT_EVERY entries:
# a bigger state (a Barbarian Vince turn of thousands of moves) is kept half as often for each
# doubling of its size, so snapshots never store more than about SNAPSHOT_BUDGET /
# SNAPSHOT_EVERY characters per action, and a replay from one is as long as reading it.
SNAPSHOT_BUDGET = 64 * 1024


def is_snapshot_seq(seq: int) -> bool:
    """Whether the log entry `seq` may keep a snapshot of the state after it (the first entry
    always does; every SNAPSHOT_EVERY-th one does when its snapshot is small: keeps_snapshot)."""
    return seq == 1 or seq % SNAPSHOT_EVERY == 0


def snapshot_spacing(size: int) -> int:
    """How many entries apart snapshots of `size` characters are kept."""
    spacing = SNAPSHOT_EVERY
    while size > SNAPSHOT_BUDGET * (spacing // SNAPSHOT_EVERY):
        spacing *= 2
    return spacing


def keeps_snapshot(seq: int, size: int) -> bool:
    """Whether entry `seq` keeps its snapshot of `size` characters."""
    return seq == 1 or seq % snapshot_spacing(size) == 0


def snapshot_seq_at_or_before(seq: int) -> int:
    """The newest entry at or before `seq` that may keep a snapshot (one does at or before it:
    readers look for the newest that does, tracker.core.services.entries_read)."""
    return max(1, seq - seq % SNAPSHOT_EVERY)


class JSONText(str):
    """A value for a LogJSONField already written out as its compact JSON (a snapshot is
    written out when it is made: the state it holds may change afterwards)."""


def json_text(value) -> JSONText:
    """`value` as the compact JSON a LogJSONField stores."""
    return JSONText(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


class LogJSONField(models.TextField):
    """JSON kept as compact text: for the log's many small values, leaner than PostgreSQL's
    jsonb (which spends as much on its structure as on a short action) and than SQLite's
    default spacing. Read back as Python values; nothing queries inside it."""

    def from_db_value(self, value, expression, connection):
        return None if value is None else json.loads(value)

    def to_python(self, value):
        return json.loads(value) if isinstance(value, str) else value

    def get_prep_value(self, value):
        if value is None:
            return None
        if isinstance(value, JSONText):
            return str(value)
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    def value_to_string(self, obj):
        return self.get_prep_value(self.value_from_object(obj))


class Preferences(models.Model):
    """What a player chose for the app itself, kept with their account (the language)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    language = models.CharField(max_length=10, blank=True, default="")

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"{self.user}: {self.language or 'browser language'}"


class LogRecord(models.Model):
    """A game's record, kept as an append-only action log: its state now, and its version.

    `state` is the engine's state after the newest action (every screen is drawn from it);
    `projection` is what the game folds from its log beside the engine (e.g. the running
    session's counters) so an action needs no other read. A write names the `version` its
    screen showed; a stale one is refused (VersionConflict) and nothing is written.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="%(class)ss"
    )
    # The name shown everywhere; a rename changes it (and what the game's messages say).
    name = models.CharField(max_length=100)
    state = models.JSONField(default=dict)
    projection = models.JSONField(default=dict, blank=True)
    # The app's virtual table (it deals and rolls for a player without cards), if one is used.
    virtual_deck = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    # seq of the newest log entry (the number of actions in the log).
    last_seq = models.PositiveIntegerField(default=0)
    # Set for a record created from a log file: when, and the file's SHA-256 (a second import
    # of the same file is told apart and said so).
    imported_at = models.DateTimeField(null=True, blank=True)
    import_digest = models.CharField(max_length=64, blank=True, default="")
    # The id the phone gave the newest write (any kind: an action, an undo, a rename), so that
    # the same tap sent again after its answer was lost is told apart from a new one.
    last_tap = models.CharField(max_length=TAP_LENGTH, blank=True, default="", db_default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True
        ordering = ["-updated_at", "-id"]

    def __str__(self) -> str:
        return self.name


class LogEntry(models.Model):
    """One action of a record's log: append-only; undo deletes from the end.

    A concrete entry adds the foreign key to its record with ``related_name="log_entries"``.
    """

    seq = models.PositiveIntegerField()  # 1 for the record's first action, then one per action
    action = LogJSONField()
    action_type = models.CharField(max_length=40)  # action["type"], for the admin's filter
    # Entry 1 and every SNAPSHOT_EVERY-th entry (farther apart for a big state, see
    # keeps_snapshot): {"state", "projection", "table"} after it.
    snapshot = LogJSONField(null=True, blank=True)
    # The virtual table after this entry, kept only where it changed (virtual_deck_changed).
    virtual_deck = LogJSONField(null=True, blank=True)
    virtual_deck_changed = models.BooleanField(default=False)
    # The id of the tap that wrote this entry (the first of a tap's entries), if the phone gave
    # one: a tap sent again is found here and answered with what it did, not applied twice.
    # (A database default too: bulk inserts that name the other columns leave it empty.)
    tap = models.CharField(
        max_length=TAP_LENGTH, blank=True, default="", db_default="", db_index=True
    )
    created_at = models.DateTimeField()

    class Meta:
        abstract = True
        ordering = ["seq"]

    def __str__(self) -> str:
        return f"#{self.seq} {self.action_type}"


class Seat(models.Model):
    """A place at a shared table: held by an account, or by a guest's phone, or still free.

    A guest joins with the seat's unguessable `join_token` (a link or QR code the host shows)
    and from then on holds the seat through a signed cookie naming `holder_key`; the host can
    revoke the seat, which gives it new keys, so the old link and cookie get nothing.
    A concrete seat adds the foreign key to its record with ``related_name="seats"``.
    """

    number = models.PositiveSmallIntegerField()  # 1-based, in seating order
    name = models.CharField(max_length=40)  # the player's name in the game (e.g. the hero)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="%(class)ss",
    )
    join_token = models.CharField(max_length=64, unique=True)
    holder_key = models.CharField(max_length=64, blank=True, default="")
    joined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["number"]

    def __str__(self) -> str:
        return f"seat {self.number}: {self.name}"

    @property
    def taken(self) -> bool:
        return self.user_id is not None or bool(self.holder_key)


class CurrentRows(models.Manager):
    """Only the numbered rows of the log as it stands: undo leaves rows of what it took back.

    An undo costs the same whatever it takes back: the record's counter of current rows moves
    back with its row, and the rows numbered beyond it are hidden here — and overwritten (one
    upsert) when play reaches that number again. Related managers (`character.fights`) use
    this manager too; the base manager (`all_rows`) still sees every row.
    """

    def get_queryset(self):
        counted = f"{self.model.record_field}__{self.model.counter}"
        return super().get_queryset().filter(number__lte=models.F(counted))


class NumberedRow(models.Model):
    """A row a game derives from its log, numbered 1, 2, … within its record (a finished turn,
    session or fight, an event): written once its thing is over, hidden after an undo takes it
    back (CurrentRows), overwritten when play ends it again (`upsert`)."""

    # The row's foreign key to its record, and the record's column counting the current rows.
    record_field: ClassVar[str] = ""
    counter: ClassVar[str] = ""

    number = models.PositiveIntegerField()

    all_rows = models.Manager()
    objects = CurrentRows()

    class Meta:
        abstract = True
        base_manager_name = "all_rows"
        default_manager_name = "objects"

    @classmethod
    def upsert(cls, rows: list, fields: list[str], *, fresh: bool = False) -> None:
        """Insert rows, or overwrite the ones with the same numbers (left there by an undo).

        `fresh`: the record has no such rows yet (a whole log written at once), so they are
        inserted in batches, the quickest way to hold the write lock briefly.
        """
        if fresh:
            insert_rows(cls, rows)
        elif rows:
            cls.all_rows.bulk_create(
                rows,
                batch_size=500,
                update_conflicts=True,
                unique_fields=[cls.record_field, "number"],
                update_fields=fields,
            )
