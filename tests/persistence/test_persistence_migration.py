"""Existing databases upgrade in place (issue 13; issue 11, storage): characters written the way
the app wrote them before the core existed — a whole state with every log entry, inventory
rows, a row for every session and fight, running ones included — are migrated, and then each
one's export replays to exactly its stored state, its snapshots are the replay's, and its
history shows what a rebuild from the log gives."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tracker.card_rpg import projections, services
from tracker.core.models import is_snapshot_seq
from tracker.rules.card_rpg import apply, initial_state, replay
from tracker.rules.card_rpg.bot import RandomPlayer

BEFORE = [("tracker", "0001_initial")]


def _write_old_character(old_apps, owner_id: int, seed: int, steps: int, class_card: str) -> int:
    """A character stored exactly as the app stored one before the log-backed core."""
    Character = old_apps.get_model("tracker", "Character")
    Entry = old_apps.get_model("tracker", "ActionLogEntry")
    InventoryCard = old_apps.get_model("tracker", "InventoryCard")
    PlaySession = old_apps.get_model("tracker", "PlaySession")
    Fight = old_apps.get_model("tracker", "Fight")

    # A seeded player at the app's table: the table is stored after every action, as then.
    bot = RandomPlayer(seed)
    start = timezone.now() - timedelta(days=3)
    action = bot.table.create_character(f"Bot {seed}", class_card)
    state = apply(initial_state(), action)
    rows = [(1, action, state, bot.table.to_dict(), start)]
    for seq in range(2, steps + 2):
        action = bot.choose(state)
        state = apply(state, action)
        rows.append((seq, action, state, bot.table.to_dict(), start + timedelta(seconds=seq)))
    final = rows[-1][2]
    fields = projections.character_fields(final)
    character = Character.objects.create(
        owner_id=owner_id,
        name=f"Old {seed}",
        state=final,
        table_state=rows[-1][3],
        version=len(rows) + 3,
        last_seq=len(rows),
        **fields,
    )
    Entry.objects.bulk_create(
        Entry(
            character=character,
            seq=seq,
            action=action,
            action_type=action["type"],
            state_after=after,
            table_state=table,
            created_at=at,
        )
        for seq, action, after, table, at in rows
    )
    InventoryCard.objects.bulk_create(
        InventoryCard(character=character, position=position, card=card)
        for position, card in enumerate(projections.inventory(final))
    )
    steps_ = projections.log_steps(
        initial_state(), [(action, after, seq, at) for seq, action, after, _t, at in rows]
    )
    rebuilt = projections.rebuild(steps_)
    by_number = {}
    for record in rebuilt.sessions:
        by_number[record.number] = PlaySession.objects.create(
            character=character,
            **{k: v for k, v in record.__dict__.items()},
        )
    for record in rebuilt.fights:
        values = {k: v for k, v in record.__dict__.items() if k != "session_number"}
        Fight.objects.create(
            character=character, session=by_number[record.session_number], **values
        )
    return character.pk


@pytest.mark.django_db(transaction=True)
def test_todays_characters_are_migrated_in_place_and_still_replay(django_user_model):
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old_apps = executor.loader.project_state(BEFORE).apps
    User = old_apps.get_model("auth", "User")
    owner = User.objects.create(username="veteran")
    # A long career across sessions (in a fight when it stops), one mid-session at the app's
    # table, one just created, and one with more than three snapshots' worth of log.
    made = [
        _write_old_character(old_apps, owner.pk, seed, steps, cls)
        for seed, steps, cls in ((11, 420, "KS"), (12, 45, "QH"), (13, 0, "JD"), (14, 1300, "KC"))
    ]

    # Forward to the newest migration: the tests after this one need every table back.
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    from tracker.card_rpg.models import Character

    for pk in made:
        character = Character.objects.get(pk=pk)
        exported = json.loads(services.character_export(character=character))
        assert exported["game"] == "card-rpg"
        states = []
        state = initial_state()
        for action in exported["actions"]:
            state = apply(state, action)
            states.append(state)
        assert replay(exported["actions"]) == character.state == states[-1], pk
        # Snapshots only where they are due, each equal to the replay at that point.
        for seq, snapshot in character.log_entries.order_by("seq").values_list("seq", "snapshot"):
            assert (snapshot is not None) == is_snapshot_seq(seq), (pk, seq)
            if snapshot is not None:
                assert snapshot["state"] == states[seq - 1], (pk, seq)
        # The inventory column, the running session and fight, and the rows of finished ones
        # are what a rebuild from the log gives.
        assert character.inventory == projections.inventory(character.state)
        entries = list(
            character.log_entries.order_by("seq").values_list("seq", "action", "created_at")
        )
        rebuilt = projections.rebuild(
            projections.log_steps(
                initial_state(),
                [(a, s, seq, at) for (seq, a, at), s in zip(entries, states, strict=True)],
            )
        )
        sessions, fights = services.history_records(character)
        assert sessions == rebuilt.sessions, pk
        assert fights == rebuilt.fights, pk
        # And the migrated character plays on: undo and a new action work.
        if character.last_seq > 1:
            undone = services.character_undo(
                character_id=pk, owner=character.owner, expected_version=character.version
            )
            assert undone.state == states[-2]
