"""Barbarian Vince as the core sees it: its engine, models and what it projects from its log.

The projector folds every action into the turn being played (tracker.barbarian_vince.
projections, pure) and keeps it in the adventure's `projection`, written with the adventure's
row at no extra cost. A turn gets its row once it ends, as one upsert. Undo writes no turn row:
the adventure's `turns_ended` moves back with it and the rows beyond are hidden until play
overwrites them (tracker.core.models.CurrentRows). A `register_card` is also kept
in the player's deck (one upsert), so the card is offered in their next adventures; an undo
leaves the deck as it is.
"""

from __future__ import annotations

from datetime import datetime

from django.urls import reverse
from django.utils.translation import gettext_lazy

from tracker.barbarian_vince import projections
from tracker.barbarian_vince.models import (
    Adventure,
    AdventureLogEntry,
    AdventureTurn,
    RememberedCard,
)
from tracker.barbarian_vince.play_words import heading
from tracker.core import games
from tracker.core.games import Game, Projector
from tracker.core.names import name_check
from tracker.rules import barbarian_vince as engine
from tracker.rules.barbarian_vince.catalogue import MAX_TEXT, clean_text
from tracker.rules.barbarian_vince.engine import FIELD_WORDS

GAME_ID = engine.GAME
NAME_MAX_LENGTH = MAX_TEXT
assert Adventure._meta.get_field("name").max_length >= NAME_MAX_LENGTH

_TURN_COLUMNS = [
    "started_seq",
    "ended_seq",
    "started_at",
    "ended_at",
    "ready_count",
    "exhausted_count",
    "skills",
    "encounter_count",
    "checks_passed",
    "checks_failed",
    "detail",
]
_MEMORY_COLUMNS = ["name", "kind", "fields", "adventure", "seq"]


def check_name(name: str) -> str:
    """An adventure's name as the engine's begin_adventure takes it, by every game's name rule
    (tracker/core/names.py), or RuleError (A-02)."""
    return name_check(name, rule="A-02", what=FIELD_WORDS["name"], longest=NAME_MAX_LENGTH)


def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def turn_row(adventure, turn: dict) -> AdventureTurn:
    """The row of a finished turn."""
    passed, failed = projections.checks_counted(turn)
    return AdventureTurn(
        adventure=adventure,
        number=turn["number"],
        started_seq=turn["started_seq"],
        ended_seq=turn["ended_seq"],
        started_at=_time(turn["started_at"]),
        ended_at=_time(turn["ended_at"]),
        ready_count=turn["ready"],
        exhausted_count=turn["exhausted"],
        skills=turn["skills"],
        encounter_count=len(turn["encounters"]),
        checks_passed=passed,
        checks_failed=failed,
        detail=turn,
    )


def memory_row(adventure, seq: int, action: dict) -> RememberedCard | None:
    """The card memory's row for a register_card the engine accepted."""
    card = clean_text(action.get("id"), "BT-01", "id")
    fields = {
        key: value
        for key, value in action.items()
        if key in engine.ACTION_FIELDS["register_card"] and value is not None
    }
    fields["id"] = card
    name = fields.get("name")
    return RememberedCard(
        owner_id=adventure.owner_id,
        card_id=card,
        name=name.strip()[:MAX_TEXT] if isinstance(name, str) else "",
        kind="_".join(str(fields.get("kind", "")).strip().lower().split())[:10],
        fields=fields,
        adventure=adventure,
        seq=seq,
    )


def _remember(rows: list[RememberedCard]) -> None:
    if rows:
        # One id, one memory: the newest entry of a card wins.
        newest = {row.card_id: row for row in rows}
        RememberedCard.objects.bulk_create(
            list(newest.values()),
            batch_size=500,
            update_conflicts=True,
            unique_fields=["owner", "card_id"],
            update_fields=_MEMORY_COLUMNS,
        )


_NOTHING_FINISHED = {"finished": None}


class AdventureProjector(Projector):
    """The adventure's columns, the turn being played, rows of finished turns, card memory."""

    def start(self) -> dict:
        return projections.start()

    def step(self, projection, before, action, after, *, seq, at):
        return projections.step(projection, before, action, after, seq=seq, at=at)

    def fold(self, projection, before, action, after, *, seq, at):
        return projections.fold(projection, before, action, after, seq=seq, at=at)

    def written(self, projection):
        # write_all reads only the turn the action finished.
        finished = projection.get("finished")
        return {"finished": finished} if finished is not None else _NOTHING_FINISHED

    def record_fields(self, state, projection):
        return projections.record_fields(state)

    def write(self, record, entry, old, new):
        finished = new.get("finished")
        if finished is not None and finished["ended_seq"] == entry.seq:
            AdventureTurn.upsert([turn_row(record, finished)], _TURN_COLUMNS)
        if entry.action.get("type") == "register_card":
            _remember([memory_row(record, entry.seq, entry.action)])

    def rewind(self, record, keep, old, new):
        # Turn rows need nothing: `turns_ended` moves back with the adventure's row. A card
        # entered in what was taken back stays in the player's deck: the deck is theirs, kept
        # apart from any adventure (only its own page removes a card).
        return None

    def write_all(self, record, entries, projections_):
        turns = []
        memory = []
        for entry, projection in zip(entries, projections_, strict=True):
            finished = projection.get("finished")
            if finished is not None and finished["ended_seq"] == entry.seq:
                turns.append(turn_row(record, finished))
            if entry.action.get("type") == "register_card":
                memory.append(memory_row(record, entry.seq, entry.action))
        AdventureTurn.upsert(turns, _TURN_COLUMNS)
        _remember(memory)


def waiting_for(adventure: Adventure) -> str:
    """What the adventure waits for, in a few words (for "Your games")."""
    return heading(adventure.state or {})


GAME = games.register(
    Game(
        id=GAME_ID,
        title=gettext_lazy("Barbarian Vince"),
        noun="adventure",
        file_suffix=".barbarian-vince.json",
        file_fallback="adventure",
        engine=engine,
        record_model=Adventure,
        entry_model=AdventureLogEntry,
        entry_fk="adventure",
        projector=AdventureProjector(),
        name_in_state=lambda state: state.get("name"),
        check_name=check_name,
        url=lambda adventure: reverse("tracker:bv_play", args=[adventure.pk]),
        waiting_for=waiting_for,
        new_url="tracker:bv_new",
        new_label=gettext_lazy("New adventure"),
        home_heading=gettext_lazy("Your adventures"),
        home_template="barbarian_vince/_home.html",
        first_action="begin_adventure",
        # A card entered in the catalogue on another screen leaves a tap drawn before it as
        # meant (the engine still checks every card the tap names).
        asked=lambda adventure, seat: games.asked_of_whole_state(
            adventure, ("actions", "name", "catalogue")
        ),
    )
)
