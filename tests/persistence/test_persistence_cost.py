"""The cost of an action does not grow with the history: the same queries at 10 and 5,000."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tracker.card_rpg import services
from tracker.rules import dump_log
from tracker.rules.card_rpg.bot import random_game

pytestmark = pytest.mark.django_db

LONG = 5_000


@pytest.fixture(scope="module")
def long_game():
    """One random game long enough to cut at 10 and at 5,000 actions."""
    return random_game(41, LONG + 300, "KS")


def cut_before_a_fight(actions: list[dict], at_least: int) -> int:
    """An index >= at_least where the game next reveals a monster, then rolls its HP."""
    for index in range(at_least, len(actions) - 1):
        following = (actions[index]["type"], actions[index + 1]["type"])
        if following == ("reveal_monster", "roll_monster_hp"):
            return index
    raise AssertionError("no fight starts after that point")


def character_with_history(owner, actions: list[dict], length: int):
    """A character whose log holds the first `length` actions (replayed, bulk-inserted)."""
    character = services.character_import(owner=owner, text=dump_log(actions[:length]))
    assert character.last_seq == length
    return character


def measure(owner, character, actions: list[dict]) -> list[list[str]]:
    """Apply each action, then undo the last one, and read the state: the SQL of each."""
    runs = []
    for action in actions:
        with CaptureQueriesContext(connection) as queries:
            character = services.character_apply(
                character_id=character.pk,
                owner=owner,
                action=action,
                expected_version=character.version,
            )
        runs.append([q["sql"] for q in queries.captured_queries])
    with CaptureQueriesContext(connection) as queries:
        character = services.character_undo(
            character_id=character.pk, owner=owner, expected_version=character.version
        )
    runs.append([q["sql"] for q in queries.captured_queries])
    with CaptureQueriesContext(connection) as queries:
        state = services.character_get(character_id=character.pk, owner=owner).state
    runs.append([q["sql"] for q in queries.captured_queries])
    assert state["fight"] is not None  # the fight the undo kept
    return runs


def test_an_action_costs_the_same_queries_at_10_and_at_5000_prior_actions(
    player, long_game, django_assert_max_num_queries
):
    short_cut = cut_before_a_fight(long_game, 10)
    long_cut = cut_before_a_fight(long_game, LONG)
    short = character_with_history(player, long_game, short_cut)
    long = character_with_history(player, long_game, long_cut)
    assert long.log_entries.count() >= LONG and long.fights.count() > 100

    fight = slice(0, 2)  # reveal the monster, roll its HP
    short_runs = measure(player, short, long_game[short_cut:][fight])
    long_runs = measure(player, long, long_game[long_cut:][fight])

    assert [len(run) for run in long_runs] == [len(run) for run in short_runs]
    reveal, roll, undo, read = long_runs
    assert len(read) == 1
    # Applying never reads the log: its only query on the log table is the INSERT.
    for run in (reveal, roll):
        log_queries = [sql for sql in run if "tracker_actionlogentry" in sql]
        assert len(log_queries) == 1 and log_queries[0].startswith("INSERT")
    with django_assert_max_num_queries(len(roll)):
        services.character_apply(
            character_id=long.pk,
            owner=player,
            action=long_game[long_cut + 1],
            expected_version=long.version + 3,  # two actions and an undo since
        )
