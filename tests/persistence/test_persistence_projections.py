"""Every projected row equals what replaying the log gives, after random play."""

from datetime import UTC, datetime

import pytest

from tracker.card_rpg import projections, services
from tracker.rules.card_rpg.bot import play, random_game

pytestmark = pytest.mark.django_db

GAMES = [
    (11, "KS", None),
    (12, "JH", None),  # Jack: the extra loot card (S-07)
    (13, "QD", None),  # Queen keeps XP on death; Diamond sells (S-09)
    (14, "JC", {"empty_attack_pile": "monster_redeals"}),
    (15, "KH", {"ace_of_diamonds": "once_per_fight", "creation_dice": "2d6"}),
]


@pytest.mark.parametrize(("seed", "class_card", "ruleset"), GAMES)
def test_projections_equal_the_replayed_log_after_random_play(
    table, check_log, seed, class_card, ruleset
):
    game = table(seed, class_card, ruleset)
    for _ in range(3):
        game.play(70)
        check_log(game.character)
    assert game.character.play_sessions.count() >= 2
    assert game.character.fights.count() >= 10


def test_random_play_reaches_every_kind_of_ending():
    """The games above are worth something only if they reach wins, deaths, escapes and ends.

    The engine's own random game with the same seed is the game the services played (checked
    below), so its rows can be derived without a database.
    """
    outcomes, endings = set(), set()
    for seed, class_card, ruleset in GAMES:
        steps = play(seed, 360, class_card, ruleset)
        at = datetime(2025, 1, 1, tzinfo=UTC)
        rows = projections.rebuild((b, a, s, seq, at) for seq, (b, a, s) in enumerate(steps, 1))
        outcomes |= {fight.outcome for fight in rows.fights}
        endings |= {session.ending for session in rows.sessions}
    assert {"won", "died", "escaped", "abandoned"} <= outcomes
    assert {"player", "deck", "abandoned"} <= endings


def test_the_services_play_the_engines_random_game(table):
    """A virtual table stored between actions deals exactly what a table kept in memory does."""
    game = table(12, "JH")
    game.play(150)
    logged = list(game.character.log_entries.values_list("action", flat=True))
    assert logged == random_game(12, 150, "JH")


def test_rebuild_from_the_log_changes_nothing(table, take_snapshot):
    game = table(21, "JS")
    game.play(250)
    before = take_snapshot(game.character)
    rows = sorted(game.character.fights.values_list("pk", flat=True))
    character = services.character_rebuild(character_id=game.character.pk, owner=game.owner)
    after = take_snapshot(character)
    assert after == before
    assert sorted(character.fights.values_list("pk", flat=True)) == rows  # rows updated in place


def test_rebuild_repairs_rows_that_drifted(table, take_snapshot, check_log):
    game = table(22, "QH")
    game.play(200)
    before = take_snapshot(game.character)
    character = game.character
    character.fights.filter(number=2).update(damage_dealt=999, loot=["AS"])
    character.play_sessions.filter(number=1).delete()  # and its fights with it
    type(character).objects.filter(pk=character.pk).update(kills=0, state={}, inventory=[])
    character = services.character_rebuild(character_id=character.pk, owner=game.owner)
    check_log(character)
    after = take_snapshot(character)
    assert {k: v for k, v in after.items() if k != "character"} == {
        k: v for k, v in before.items() if k != "character"
    }
    assert after["character"] == before["character"]
