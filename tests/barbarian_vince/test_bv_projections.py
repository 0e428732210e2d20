"""What an adventure keeps beside its log: turn rows, the turn being played, the newest action
in words, the player's card memory — kept action by action exactly as a rebuild would make them."""

from __future__ import annotations

import random

import pytest

from tests.barbarian_vince.conftest import make_adventure, play_on, story_to
from tracker.barbarian_vince import projections, services
from tracker.barbarian_vince.game import GAME
from tracker.barbarian_vince.models import Adventure, AdventureTurn, RememberedCard
from tracker.core import services as core
from tracker.rules.barbarian_vince import bot, undo_card_moves
from tracker.rules.log import dump_log
from tracker.rules.text import Msg

pytestmark = pytest.mark.django_db


def turn_rows(adventure) -> list[tuple]:
    """The current turn rows without their times (an import stamps its own)."""
    rows = AdventureTurn.objects.filter(adventure=adventure).order_by("number")
    return [
        (
            row.number,
            row.started_seq,
            row.ended_seq,
            row.ready_count,
            row.exhausted_count,
            row.skills,
            row.checks_passed,
            row.checks_failed,
            {k: v for k, v in row.detail.items() if not k.endswith("_at")},
        )
        for row in rows
    ]


def columns(adventure) -> tuple:
    adventure = Adventure.objects.get(pk=adventure.pk)
    return (adventure.status, adventure.turn, adventure.years, adventure.victories,
            adventure.turns_ended, adventure.last_seq)  # fmt: skip


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_turns_kept_action_by_action_match_a_rebuilt_import_over_random_rulesets(player, seed):
    rng = random.Random(seed)
    ruleset = rng.choice(bot.all_rulesets())
    actions = bot.random_adventure(rng, 250, ruleset, weights=bot.ENDLESS)
    played = services.adventure_create(owner=player, name="Played", ruleset=ruleset)
    played = play_on(played, player, *actions[1:])
    imported = core.record_import(
        owner=player, text=dump_log(actions, game="barbarian-vince", name="Imported")
    )
    assert played.turn > 3
    assert turn_rows(played) == turn_rows(imported)
    assert columns(played)[:5] == columns(imported)[:5]
    strip = {k: v for k, v in played.projection["turn"].items() if not k.endswith("_at")}
    assert strip == {k: v for k, v in imported.projection["turn"].items() if not k.endswith("_at")}
    # One row per turn ended, numbered from 1 without gaps.
    assert [row[0] for row in turn_rows(played)] == list(range(1, played.turn))


def test_undo_across_a_turn_hides_its_row_and_playing_it_again_overwrites_it(player):
    adventure = make_adventure(player, "turn_three")
    assert AdventureTurn.objects.filter(adventure=adventure).count() == 2
    adventure = services.adventure_undo(
        adventure_id=adventure.pk, owner=player, steps=3, expected_version=adventure.version
    )
    assert adventure.turn == 2 and adventure.turns_ended == 1
    # Turn 2's row is still stored but no longer current.
    assert AdventureTurn.all_rows.filter(adventure=adventure).count() == 2
    assert [row.number for row in AdventureTurn.objects.filter(adventure=adventure)] == [1]
    assert services.running_turn(adventure)["number"] == 2
    # Play turn 2's end differently: no trade this time. Its row is overwritten in place.
    adventure = play_on(adventure, player, {"type": "end_turn"})
    row = AdventureTurn.objects.get(adventure=adventure, number=2)
    assert row.detail["trades"] == 0 and row.detail["recovered"] == []
    assert AdventureTurn.all_rows.filter(adventure=adventure).count() == 2


def test_turn_two_tells_its_journey_lay_low_check_and_cards(player):
    adventure = make_adventure(player, "turn_three")
    turn = AdventureTurn.objects.get(adventure=adventure, number=2).detail
    assert turn["start"] == {"map": "Map 1", "location": "Ulendi"}
    assert turn["journey"] == [{"map": "Map 2", "location": "Irontree City", "how": "travel"}]
    # BT-04: the lay-low attempt with its draw and the value needed.
    assert turn["lay_low"] == {"card": "Q08", "number": 6, "needed": 8, "success": False}
    [encounter] = turn["encounters"]
    assert (encounter["card"], encounter["terrain"], encounter["difficulty"]) == ("Q02", "G", 8)
    assert encounter["outcome"] == "keep"
    [check] = encounter["checks"]
    assert check["status"] == "passed" and check["successes"] == 2
    # Each play with the value it gave (Q03: 4 + its own Combat +1; Map 1: 4 + 0).
    assert [(p["card"], p["value"]) for p in check["plays"]] == [
        ("Map 1", 4),
        ("Q03", 5),
        ("Map 2", 5),
    ]
    assert check["damage_cards"] == ["Vince"] and check["reused"] == ["Q03"]
    assert turn["gained"] == ["Map 2", "Q02", "Q01"]
    assert turn["lost"] == ["Q02", "Q04"]
    assert turn["recovered"] == ["Map 1", "Vince"] and turn["trades"] == 1
    row = AdventureTurn.objects.get(adventure=adventure, number=2)
    assert (row.checks_passed, row.checks_failed, row.encounter_count) == (1, 0, 1)


def test_the_newest_action_is_kept_in_words_with_where_its_cards_go_back(player):
    adventure = make_adventure(player, "reuse")
    last = adventure.projection["last"]
    assert last["seq"] == adventure.last_seq
    assert str(projections.words(last["words"])) == "Play Q03 in the Combat check: 5"
    assert [str(projections.words(m)) for m in last["moves"]] == [
        "Move Q03 from the exhausted hand back to the ready hand"
    ]
    # Kept as the engine's Msg, so a screen can translate it.
    assert isinstance(projections.words(last["words"]), Msg)


def test_only_changed_cards_are_asked_about_and_the_lines_are_the_engines(player):
    """The projection asks undo_card_moves about the cards that may have moved only; the lines
    must be exactly those of the whole catalogue."""
    rng = random.Random(11)
    for before, action, after in bot.play(rng, 400, rng.choice(bot.all_rulesets())):
        assert projections._moves(before, after) == undo_card_moves(before, after), action


def test_a_card_entered_is_remembered_and_an_undo_that_takes_it_back_keeps_it(player):
    adventure = make_adventure(player, "catalogued")
    remembered = dict(RememberedCard.objects.filter(owner=player).values_list("card_id", "kind"))
    assert remembered["Map 1"] == "map" and remembered["Vince"] == "player"
    assert len(remembered) == len(story_to("catalogued"))
    one_year = RememberedCard.objects.get(owner=player, card_id="One Year")
    assert one_year.fields == {"id": "One Year", "kind": "one_year"}
    services.adventure_undo(
        adventure_id=adventure.pk, owner=player, steps=1, expected_version=adventure.version
    )
    # The deck is the player's, apart from any adventure (issue 23): undo keeps the card.
    assert RememberedCard.objects.filter(owner=player, card_id="One Year").exists()
    assert RememberedCard.objects.filter(owner=player, card_id="Q08").exists()


def test_the_memory_outlives_the_adventure_and_is_offered_by_id_or_name(player, other):
    adventure = make_adventure(player, "catalogued")
    play_on(
        adventure,
        player,
        {"type": "register_card", "id": "Q10", "kind": "item", "name": "Rope", "number": 3,
         "classes": ["Common"]},
    )  # fmt: skip
    services.adventure_delete(
        adventure_id=adventure.pk,
        owner=player,
        expected_version=Adventure.objects.get(pk=adventure.pk).version,
    )
    by_name = services.remembered_cards(owner=player, text="rop")
    assert [card.card_id for card in by_name] == ["Q10"]
    assert [c.card_id for c in services.remembered_cards(owner=player, text="Map")] == [
        "Map 1",
        "Map 2",
    ]
    assert services.remembered_cards(owner=other, text="Map") == []
    fresh = services.adventure_create(owner=player, name="Again")
    fresh = services.card_enter(
        adventure_id=fresh.pk, owner=player, card="Q10", expected_version=fresh.version
    )
    assert fresh.state["catalogue"]["Q10"]["name"] == "Rope"
    # Cards already in this catalogue are not offered again.
    offered = services.remembered_cards(owner=player, exclude=list(fresh.state["catalogue"]))
    assert "Q10" not in [card.card_id for card in offered]


def test_a_rebuild_rewrites_the_same_turns_and_memory(player):
    adventure = make_adventure(player, "resumed")
    before = turn_rows(adventure)
    memory = sorted(RememberedCard.objects.filter(owner=player).values_list("card_id", "seq"))
    AdventureTurn.all_rows.filter(adventure=adventure).delete()
    rebuilt = core.record_rebuild(game=GAME, record_id=adventure.pk, owner=player)
    assert turn_rows(rebuilt) == before
    assert sorted(RememberedCard.objects.filter(owner=player).values_list("card_id", "seq")) == (
        memory
    )


def test_bt17_the_last_turn_ends_with_the_adventure_and_stays_in_the_projection(player):
    adventure = make_adventure(player, "over")
    turn = services.running_turn(adventure)
    assert turn["number"] == 3 and turn["ending"] == "dead"
    assert turn["ended_seq"] == adventure.last_seq
    assert turn["years"] == 1
    assert adventure.status == "dead"
    assert not AdventureTurn.objects.filter(adventure=adventure, number=3).exists()


def test_a_backup_restores_the_adventure_its_turns_and_its_cards_memory(player, tmp_path):
    from tracker.core import backups

    adventure = make_adventure(player, "resumed")
    before = (turn_rows(adventure), columns(adventure), adventure.state)
    path = tmp_path / "all.cardrpg-backup"
    assert backups.backup_write(path=path) == 1
    Adventure.objects.all().delete()
    RememberedCard.objects.all().delete()
    [restored] = backups.backup_restore(path=path)
    assert restored.state == before[2]
    assert turn_rows(restored) == before[0] and columns(restored) == before[1]
    assert RememberedCard.objects.filter(owner=player, adventure=restored).count() == 10
