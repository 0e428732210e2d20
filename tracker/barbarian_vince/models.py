"""A Barbarian Vince adventure as an append-only action log, and the rows projected from it.

The log (AdventureLogEntry) is the truth. The adventure's columns and its finished turns
(AdventureTurn) are projections of it, written by the core's services in the same transaction
as each action through the game's projector (tracker/barbarian_vince/game.py, folding
tracker.barbarian_vince.projections). The turn being played lives in the adventure's
`projection` until it ends. RememberedCard is the player's memory of the cards they have entered,
offered again in their next adventures. Nothing here holds game rules.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tracker.core.models import LogEntry, LogRecord, NumberedRow


class Adventure(LogRecord):
    """One adventure of Vince's: its state now, and the counters its history pages read."""

    status = models.CharField(_("status"), max_length=10, default="new")
    turn = models.PositiveIntegerField(_("turn"), default=0)
    years = models.PositiveIntegerField(_("years passed"), default=0)
    victories = models.PositiveSmallIntegerField(_("quests won"), default=0)
    # Turns ended in the log as it stands: turn rows numbered beyond them were taken back by
    # undo and are hidden (tracker.core.models.CurrentRows) until play overwrites them.
    turns_ended = models.PositiveIntegerField(default=0, editable=False)

    class Meta(LogRecord.Meta):
        verbose_name = _("adventure")
        indexes = [models.Index(fields=["owner", "-updated_at"], name="adventure_owner_recent")]


class AdventureLogEntry(LogEntry):
    """One action of an adventure's log: append-only; undo deletes from the end."""

    # No index of its own: the unique (adventure, seq) index serves every lookup by adventure.
    adventure = models.ForeignKey(
        Adventure, on_delete=models.CASCADE, related_name="log_entries", db_index=False
    )

    class Meta:
        ordering = ["adventure", "seq"]
        verbose_name = _("adventure log entry")
        verbose_name_plural = _("adventure log entries")
        constraints = [
            models.UniqueConstraint(
                fields=["adventure", "seq"], name="bv_log_seq_unique_per_adventure"
            ),
            models.CheckConstraint(condition=models.Q(seq__gte=1), name="bv_log_seq_from_one"),
        ]


class AdventureTurn(NumberedRow):
    """A finished turn: where Vince went, what he met, the checks and the cards won and lost.

    `detail` is the turn as the projection folded it (tracker.barbarian_vince.projections.
    TurnRecord); the columns beside it are what the charts and counts read without it.
    """

    record_field = "adventure"
    counter = "turns_ended"

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="turns")
    started_seq = models.PositiveIntegerField()
    ended_seq = models.PositiveIntegerField()
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    ready_count = models.PositiveSmallIntegerField(default=0)
    exhausted_count = models.PositiveSmallIntegerField(default=0)
    skills = models.JSONField(default=dict)
    encounter_count = models.PositiveSmallIntegerField(default=0)
    checks_passed = models.PositiveSmallIntegerField(default=0)
    checks_failed = models.PositiveSmallIntegerField(default=0)
    detail = models.JSONField(default=dict)

    class Meta(NumberedRow.Meta):
        ordering = ["adventure", "number"]
        verbose_name = _("turn")
        constraints = [
            models.UniqueConstraint(fields=["adventure", "number"], name="bv_turn_number_unique")
        ]

    def __str__(self) -> str:
        return f"turn {self.number}"


class RememberedCard(models.Model):
    """A card a player entered in one of their adventures, offered again in the next ones.

    The real deck is the same from one adventure to the next, so a card entered once need
    not be typed again: its `register_card` fields are kept here by id (the newest entry of an
    id wins). `adventure` and `seq` say where it was entered, so an undo that takes the entry
    back forgets it too.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="remembered_cards"
    )
    card_id = models.CharField(max_length=60)
    name = models.CharField(max_length=60, blank=True, default="")
    kind = models.CharField(max_length=10)
    fields = models.JSONField(default=dict)  # the register_card action without its type
    # The check terms typed for this card's listings: "terrain|difficulty" → the begin_check
    # fields (skill, target, times, round_speed, damage), offered when that listing comes up.
    listings = models.JSONField(default=dict, blank=True)
    adventure = models.ForeignKey(
        Adventure, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    seq = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["owner", "card_id"]
        verbose_name = _("remembered card")
        constraints = [
            models.UniqueConstraint(fields=["owner", "card_id"], name="bv_remembered_card_unique")
        ]

    def __str__(self) -> str:
        return self.card_id
