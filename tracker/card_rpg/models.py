"""A Card RPG character's life as an append-only action log, and the rows projected from it.

The log (ActionLogEntry) is the truth. The character's columns, its sessions and its fights are
projections of it, written by the core's services in the same transaction as each action
through the game's projector (tracker/card_rpg/game.py, folding tracker.card_rpg.projections);
nothing here holds game rules. See docs/persistence.md.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tracker.card_rpg import projections as p
from tracker.core.models import LogEntry, LogRecord, NumberedRow, Seat


class Phase(models.TextChoices):
    NEW = p.PHASE_NEW, "new"
    BETWEEN_SESSIONS = p.PHASE_BETWEEN_SESSIONS, "between sessions"
    SESSION = p.PHASE_SESSION, "in a session"
    FIGHT = p.PHASE_FIGHT, "in a fight"


class SessionEnding(models.TextChoices):
    # Shown on the history page as how each session ended.
    RUNNING = p.SESSION_RUNNING, _("running")
    PLAYER = p.SESSION_ENDED_BY_PLAYER, _("ended by the player")
    DECK = p.SESSION_DECK_RAN_OUT, _("the deck ran out")
    ABANDONED = p.SESSION_FIGHT_ABANDONED, _("a fight was abandoned")


class FightOutcome(models.TextChoices):
    IN_PROGRESS = p.FIGHT_IN_PROGRESS, "in progress"
    WON = p.FIGHT_WON, "won"
    DIED = p.FIGHT_DIED, "died"
    ESCAPED = p.FIGHT_ESCAPED, "monster escaped"
    ABANDONED = p.FIGHT_ABANDONED, "abandoned"


class MonsterKind(models.TextChoices):
    NUMBER = p.MONSTER_NUMBER, "number card"
    FACE = p.MONSTER_FACE, "face card"
    JOKER = p.MONSTER_JOKER, "Joker"


class Character(LogRecord):
    """A player's character: the record sheet (S-03) and the engine state it was drawn from.

    The name starts as the create_character action's name; a rename changes the name shown
    everywhere, the game's messages and exports included.
    """

    class_card = models.CharField("class", max_length=3)
    level = models.PositiveSmallIntegerField(default=1)
    str = models.PositiveSmallIntegerField("STR", default=0)
    hp_max = models.PositiveSmallIntegerField("HP max", default=0)
    xp = models.PositiveIntegerField("XP", default=0)
    xp_next = models.PositiveIntegerField("XP needed", null=True, blank=True)  # null at level 10
    gold = models.PositiveIntegerField(default=0)
    jokers = models.PositiveIntegerField("Jokers", default=0)
    kills = models.PositiveIntegerField(default=0)
    deaths = models.PositiveIntegerField(default=0)
    sessions = models.PositiveIntegerField("sessions played", default=0)
    ruleset = models.JSONField("table rules", default=dict)
    phase = models.CharField(max_length=20, choices=Phase, default=Phase.NEW)
    # The inventory cards in the order they arrived (S-03), kept in the character's own row so
    # an action that changes it costs no extra statement.
    inventory = models.JSONField(default=list, blank=True)
    # How many fights have ended in the log as it stands (`sessions` counts the sessions):
    # rows numbered beyond them were taken back by undo (see tracker.core.models.CurrentRows).
    fights_ended = models.PositiveIntegerField(default=0, editable=False)

    class Meta(LogRecord.Meta):
        indexes = [models.Index(fields=["owner", "-updated_at"], name="character_owner_recent")]

    def __str__(self) -> str:
        return f"{self.name} ({self.class_card}, level {self.level})"


class ActionLogEntry(LogEntry):
    """One action of a character's log: append-only; undo deletes from the end."""

    # No index of its own: the unique (character, seq) index serves every lookup by character.
    character = models.ForeignKey(
        Character, on_delete=models.CASCADE, related_name="log_entries", db_index=False
    )

    class Meta:
        ordering = ["character", "seq"]
        verbose_name = "action log entry"
        verbose_name_plural = "action log entries"
        constraints = [
            models.UniqueConstraint(
                fields=["character", "seq"], name="log_seq_unique_per_character"
            ),
            models.CheckConstraint(condition=models.Q(seq__gte=1), name="log_seq_from_one"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.action_type}"


class PlaySession(NumberedRow):
    """A session of play (S-14, S-15): its span in the log and what happened in it.

    A session has its row once it is over; the one running lives in the character's
    projection (written with every action at no extra cost) and the history reads it from
    there. Rows of sessions that undo took back are hidden (CurrentRows) and overwritten when
    play reaches them again.
    """

    record_field = "character"
    counter = "sessions"

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="play_sessions")
    # "<character id>:<number>": what a fight names its session by, known without a read.
    key = models.CharField(max_length=40, unique=True, editable=False)
    started_seq = models.PositiveIntegerField()
    ended_seq = models.PositiveIntegerField(null=True, blank=True)
    started_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)
    ending = models.CharField(max_length=10, choices=SessionEnding, blank=True)
    level_start = models.PositiveSmallIntegerField()
    level_end = models.PositiveSmallIntegerField()
    hand_dealt = models.PositiveSmallIntegerField(default=0)
    actions = models.PositiveIntegerField(default=0)
    fight_count = models.PositiveIntegerField("fights", default=0)
    kills = models.PositiveIntegerField(default=0)
    deaths = models.PositiveIntegerField(default=0)
    jokers = models.PositiveIntegerField(default=0)
    xp_gained = models.PositiveIntegerField("XP gained", default=0)
    gold_gained = models.PositiveIntegerField(default=0)
    gold_spent = models.PositiveIntegerField(default=0)

    class Meta(NumberedRow.Meta):
        ordering = ["character", "number"]
        verbose_name = "session"
        constraints = [
            models.UniqueConstraint(fields=["character", "number"], name="session_number_unique")
        ]
        indexes = [
            models.Index(fields=["character", "started_seq"], name="session_started_seq"),
            models.Index(fields=["character", "started_at"], name="session_started_at"),
        ]

    def __str__(self) -> str:
        return f"session {self.number}"

    @property
    def running(self) -> bool:
        return self.ended_seq is None


class Fight(NumberedRow):
    """A fight against one monster (S-16 … T-22), once it is over: outcome, damage, XP, loot.

    The fight running now lives in the character's projection until it ends. Rows of fights
    that undo took back are hidden (CurrentRows) and overwritten when play reaches them again.
    """

    record_field = "character"
    counter = "fights_ended"

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="fights")
    # By the session's key: a fight ends (and gets its row) before its session does.
    session = models.ForeignKey(
        PlaySession,
        to_field="key",
        on_delete=models.CASCADE,
        related_name="fights",
        db_constraint=False,
    )
    number_in_session = models.PositiveIntegerField()
    started_seq = models.PositiveIntegerField()
    ended_seq = models.PositiveIntegerField(null=True, blank=True)
    started_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)
    monster = models.CharField(max_length=3)
    monster_kind = models.CharField(max_length=6, choices=MonsterKind)
    monster_rank = models.CharField(max_length=2)  # A 2 … 10 J Q K, or JK
    monster_suit = models.CharField(max_length=1, blank=True)  # blank for a Joker
    monster_hp = models.PositiveSmallIntegerField("monster HP", null=True, blank=True)
    xp_value = models.PositiveSmallIntegerField("XP value", null=True, blank=True)
    level = models.PositiveSmallIntegerField()  # the character's level when the fight began
    hp_max = models.PositiveSmallIntegerField("HP at the start")
    outcome = models.CharField(
        max_length=12, choices=FightOutcome, default=FightOutcome.IN_PROGRESS
    )
    xp_gained = models.PositiveIntegerField("XP gained", default=0)
    damage_dealt = models.PositiveIntegerField(default=0)
    damage_taken = models.PositiveIntegerField(default=0)
    turns = models.PositiveIntegerField(default=0)  # the character's turns
    attacks = models.PositiveIntegerField(default=0)  # plays from the hand
    monster_attacks = models.PositiveIntegerField(default=0)  # attack-pile cards turned
    items_used = models.PositiveIntegerField(default=0)
    saves = models.PositiveIntegerField(default=0)  # Hearts / A♥ spent to live on
    loot = models.JSONField(default=list, blank=True)  # the cards turned as loot, in order

    class Meta(NumberedRow.Meta):
        ordering = ["character", "number"]
        constraints = [
            models.UniqueConstraint(fields=["character", "number"], name="fight_number_unique")
        ]
        indexes = [
            models.Index(fields=["character", "started_seq"], name="fight_started_seq"),
            models.Index(fields=["character", "outcome"], name="fight_outcome"),
            models.Index(fields=["character", "monster_kind"], name="fight_monster_kind"),
            models.Index(fields=["session", "number_in_session"], name="fight_in_session"),
        ]

    def __str__(self) -> str:
        return f"fight {self.number}: {self.monster} ({self.get_outcome_display()})"

    @property
    def running(self) -> bool:
        return self.ended_seq is None


# --- several characters at one table (T-25 … T-38) ---------------------------------------------


class DuelAceOfSpades(models.TextChoices):
    DEADLY = "deadly", _("deadly: only the A♥ survives it")
    OFF = "off", _("off: not usable in a duel")


class DuelXp(models.TextChoices):
    NONE = "none", _("none")
    HP_MAX = "hp_max", _("the loser's HP max")


class RpgTable(models.Model):
    """A Card RPG table of 2–6 seats (T-26): each seat holds one character, each its own log.

    The table itself writes nothing into any log; its options (T-38) enter a duel's
    `start_duel` as it is accepted. `version` moves with every change of who sits where and of
    open challenges, so each phone's strip sees a change with one cheap read.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rpg_tables"
    )
    name = models.CharField(max_length=60)
    robbing = models.BooleanField(default=True)
    duels = models.BooleanField(default=True)
    duel_ace_of_spades = models.CharField(
        max_length=6, choices=DuelAceOfSpades, default=DuelAceOfSpades.DEADLY
    )
    duel_xp = models.CharField(max_length=6, choices=DuelXp, default=DuelXp.NONE)
    version = models.PositiveIntegerField(default=0)
    # The newest undo of a step over two logs, said on both phones while both characters stand
    # where it left them: {"by": name, "what": words, "at": {character id: version}}.
    undo_note = models.JSONField(null=True, blank=True, default=None)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = "Card RPG table"

    def __str__(self) -> str:
        return self.name

    @property
    def duel_rules(self) -> dict:
        """The table's duel options as `start_duel.rules` carries them (T-38)."""
        return {"ace_of_spades": self.duel_ace_of_spades, "xp": self.duel_xp}


class RpgSeat(Seat):
    """A seat at a Card RPG table: the character sitting there, and its open challenge.

    A character sits at one table at a time (T-26): the one-to-one link says so. `challenging`
    is the seat this one has challenged and that has not answered yet (at most one, T-30);
    `duelling` is the seat of the duel opponent while a duel runs.
    """

    table = models.ForeignKey(RpgTable, on_delete=models.CASCADE, related_name="seats")
    character = models.OneToOneField(
        Character, on_delete=models.SET_NULL, null=True, blank=True, related_name="seat"
    )
    virtual_deck = models.BooleanField(default=False)
    challenging = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="challenged_by"
    )
    duelling = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # This duellist asked to call the duel off; the other phone confirms (T-36).
    asks_call_off = models.BooleanField(default=False)

    class Meta(Seat.Meta):
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="rpg_seat_number_unique")
        ]


class SharedStep(models.Model):
    """One step over two characters' logs (T-37): the entries it appended to each.

    Undo takes such a step back as a whole, from both logs, and only while it is the last thing
    in both (`actor_last` and `other_last` are then each log's `last_seq`).
    """

    actor = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="steps_made")
    actor_first = models.PositiveIntegerField()
    actor_last = models.PositiveIntegerField()
    other = models.ForeignKey(
        Character, on_delete=models.CASCADE, null=True, blank=True, related_name="steps_received"
    )
    other_first = models.PositiveIntegerField(null=True, blank=True)
    other_last = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["actor", "actor_last"], name="shared_step_actor"),
            models.Index(fields=["other", "other_last"], name="shared_step_other"),
        ]

    def __str__(self) -> str:
        return f"step of {self.actor_id} #{self.actor_first}–{self.actor_last}"
