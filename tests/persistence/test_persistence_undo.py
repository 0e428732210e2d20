"""Undo: any number of steps, across fights and sessions, leaves no trace of what it took back."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.card_rpg import services
from tracker.card_rpg.game import GAME
from tracker.card_rpg.models import Character
from tracker.card_rpg.services import UndoError, VersionConflict
from tracker.core import services as core

pytestmark = pytest.mark.django_db


def undo(character, steps=1):
    return services.character_undo(
        character_id=character.pk,
        owner=character.owner,
        steps=steps,
        expected_version=character.version,
    )


def test_undo_one_step_at_a_time_retraces_every_action(table, take_snapshot, check_log):
    game = table(31, "JH")
    game.play(25)
    snapshots = [take_snapshot(game.character)]
    for _ in range(80):
        game.play(1)
        snapshots.append(take_snapshot(game.character))
    # The window must cross fights of every ending and a session's end to mean anything.
    window = game.character.log_entries.filter(seq__gt=snapshots[0]["last_seq"])
    types = set(window.values_list("action_type", flat=True))
    assert {"reveal_monster", "attack", "turn", "level_up", "start_session"} <= types
    character = game.character
    for expected in reversed(snapshots[:-1]):
        version = character.version
        character = undo(character)
        assert character.version == version + 1  # open screens must notice
        assert take_snapshot(character) == expected
    check_log(character)


def test_undo_many_steps_across_sessions_restores_everything(table, take_snapshot, check_log):
    game = table(32, "QD")
    game.play(50)
    at_k = take_snapshot(game.character)
    game.play(150)
    later = take_snapshot(game.character)
    assert len(later["sessions"]) > len(at_k["sessions"])
    assert len(later["fights"]) > len(at_k["fights"]) + 5
    character = undo(game.character, steps=150)
    assert take_snapshot(character) == at_k
    check_log(character)


def test_undo_to_here_goes_back_to_just_after_that_action(table, take_snapshot, check_log):
    game = table(33, "KC")
    game.play(40)
    at_k = take_snapshot(game.character)
    game.play(120)
    character = services.character_undo_to(
        character_id=game.character.pk,
        owner=game.owner,
        seq=at_k["last_seq"],
        expected_version=game.character.version,
    )
    assert take_snapshot(character) == at_k
    check_log(character)


def test_after_undo_play_goes_on_with_a_log_without_gaps(table, check_log):
    game = table(34, "KD")
    game.play(90)
    game.character = undo(game.character, steps=37)
    game.play(60)  # the restored virtual table deals on
    check_log(game.character)
    assert game.character.last_seq == 1 + 90 - 37 + 60


def test_undo_restores_the_virtual_deck_of_the_last_remaining_action(table):
    game = table(35, "QS")
    game.play(30)
    character = game.character
    _state, _projection, kept = core.record_state_at(
        game=GAME, record=character, seq=character.last_seq - 5
    )
    assert kept != character.virtual_deck
    character = undo(character, steps=5)
    assert Character.objects.get(pk=character.pk).virtual_deck == kept


def test_the_creation_cannot_be_undone(player, table):
    character = table(36).character
    with pytest.raises(UndoError, match="nothing to undo"):
        undo(character)
    game = table(37)
    game.play(3)
    with pytest.raises(UndoError, match="only 3 actions can be undone"):
        undo(game.character, steps=4)
    for steps in (0, -1, 1.5):
        with pytest.raises(UndoError):
            undo(game.character, steps=steps)
    for seq in (0, 5):
        with pytest.raises(UndoError):
            services.character_undo_to(
                character_id=game.character.pk,
                owner=player,
                seq=seq,
                expected_version=game.character.version,
            )
    stored = Character.objects.get(pk=game.character.pk)
    assert (stored.last_seq, stored.version) == (4, game.character.version)
    character = undo(game.character, steps=3)
    assert character.last_seq == 1 and character.log_entries.count() == 1


def test_undo_to_the_newest_action_changes_nothing(player, table):
    game = table(38)
    game.play(4)
    character = services.character_undo_to(
        character_id=game.character.pk,
        owner=player,
        seq=5,
        expected_version=game.character.version,
    )
    assert (character.last_seq, character.version) == (5, game.character.version)


def test_undo_takes_the_version_the_screen_showed(table):
    game = table(39)
    game.play(5)
    stale = game.character.version - 1
    with pytest.raises(VersionConflict) as conflict:
        services.character_undo(
            character_id=game.character.pk, owner=game.owner, expected_version=stale
        )
    assert conflict.value.record.last_seq == 6
    assert Character.objects.get(pk=game.character.pk).last_seq == 6


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 10_000),
    class_card=st.sampled_from(["JS", "QH", "KD", "JC"]),
    before=st.integers(0, 80),
    after=st.integers(1, 80),
)
def test_undo_any_number_of_steps_from_any_point(
    table, take_snapshot, check_log, seed, class_card, before, after
):
    game = table(seed, class_card)
    game.play(before)
    at_k = take_snapshot(game.character)
    game.play(after)
    character = undo(game.character, steps=after)
    assert take_snapshot(character) == at_k
    check_log(character)
