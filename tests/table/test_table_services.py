"""A Card RPG table's services over two logs (T-26, T-37): both logs written or neither."""

import pytest
from django.db import connection
from seating import ANA_HAND, bo_loots, create, fresh, seated, solo

from tracker.card_rpg import services, table_services
from tracker.card_rpg.models import Character, RpgSeat, SharedStep
from tracker.core.seats import SeatError
from tracker.core.services import UndoError, VersionConflict
from tracker.rules.card_rpg import replay
from tracker.rules.errors import RuleError

pytestmark = pytest.mark.django_db


def log_of(character):
    return [entry.action for entry in character.log_entries.order_by("seq")]


def replays_alone(character):
    character = fresh(character)
    assert replay(log_of(character)) == character.state
    return character


def test_t26_a_table_has_2_to_6_seats(host):
    ana = create(host, "Ana")
    for seats in (1, 7):
        with pytest.raises(table_services.TableError, match="T-26"):
            table_services.table_create(owner=host, name="x", character_id=ana.pk, seats=seats)
    table = table_services.table_create(owner=host, name="Kitchen", character_id=ana.pk, seats=6)
    assert [seat.character_id for seat in table.seats.order_by("number")] == [ana.pk] + [None] * 5


def test_t26_a_character_sits_at_one_table_at_a_time(host):
    table, (ana, bo) = seated(host, "Ana", "Bo")
    with pytest.raises(table_services.TableError, match="T-26"):
        table_services.table_create(owner=host, name="Again", character_id=ana.pk)
    other = table_services.table_create(owner=host, name="Hall", character_id=create(host, "Cy").pk)
    free = other.seats.get(number=2)
    with pytest.raises(table_services.TableError, match="T-26"):
        table_services.table_join(token=free.join_token, user=bo.owner, character_id=bo.pk)
    taken = table.seats.get(number=2)
    with pytest.raises(SeatError):
        table_services.table_join(token=taken.join_token, user=host, character_id=ana.pk)


def test_t26_a_new_character_is_its_players_own_or_sits_at_once_a_guests_in_the_hosts_account(
    host,
):
    from django.contrib.auth.models import AnonymousUser

    fields = {"name": "Dee", "class_card": "QS", "str_dice": [4], "hp_dice": [4]}
    table, _ = seated(host, "Ana")
    alone = table_services.character_create_for(user=host, seat_token=None, new_character=fields)
    assert alone.seat is None and alone.key is None and alone.character.owner == host
    friend = type(host).objects.create_user(username="friend")
    free = table.seats.get(number=2)
    made = table_services.character_create_for(
        user=friend, seat_token=free.join_token, new_character={**fields, "name": "Eve"}
    )
    assert made.seat.pk == free.pk and made.key is None
    assert made.character.owner == friend and fresh(made.character).pk == made.seat.character_id
    guest_table = table_services.table_create(
        owner=host, name="Hall", character_id=create(host, "Cy").pk
    )
    guest_seat = guest_table.seats.get(number=2)
    guest = table_services.character_create_for(
        user=AnonymousUser(), seat_token=guest_seat.join_token, new_character=fields
    )
    assert guest.seat.pk == guest_seat.pk and guest.key
    assert guest.character.owner == host  # T-26: a guest's character is in the host's account
    with pytest.raises(SeatError):
        table_services.character_create_for(
            user=AnonymousUser(), seat_token=guest_seat.join_token, new_character=fields
        )


def test_t26_a_phone_joins_only_with_its_own_character(host):
    table, _ = seated(host, "Ana")
    stranger = create(type(host).objects.create_user(username="stranger"), "Bo")
    with pytest.raises(Character.DoesNotExist):
        table_services.table_join(
            token=table.seats.get(number=2).join_token, user=host, character_id=stranger.pk
        )


def test_t29_a_robbery_writes_both_logs_in_one_step_example_2(host):
    table, (bo, ana) = seated(host, "Bo", "Ana")
    bo = bo_loots(bo)
    ana = fresh(ana)
    done = table_services.character_rob(
        robber_id=ana.pk,
        victim_id=bo.pk,
        card="6S",
        robber_version=ana.version,
        victim_version=bo.version,
    )
    assert done.actor_actions == [
        {"type": "rob", "card": "6S", "victim": {"name": "Bo", "class": "JH"}}
    ]
    assert done.other_actions == [
        {"type": "robbed", "card": "6S", "robber": {"name": "Ana", "class": "QS"}}
    ]
    ana, bo = replays_alone(ana), replays_alone(bo)
    assert ana.inventory == ["6S"] and bo.inventory == ["4H"]
    assert log_of(ana)[-1]["type"] == "rob" and log_of(bo)[-1]["type"] == "robbed"
    assert SharedStep.objects.get().other_last == bo.last_seq


def test_t37_a_refusal_in_the_other_log_leaves_both_unchanged(host):
    table, (bo, ana) = seated(host, "Bo", "Ana")
    bo = bo_loots(bo)
    bo = solo(bo, "reveal_monster", card="9S")  # in a fight: he can't be robbed (T-28)
    ana = fresh(ana)
    before = (ana.version, ana.last_seq, bo.version, bo.last_seq)
    with pytest.raises(RuleError) as refused:
        table_services.character_rob(
            robber_id=ana.pk,
            victim_id=bo.pk,
            card="6S",
            robber_version=ana.version,
            victim_version=bo.version,
        )
    assert refused.value.rule == "T-28"
    ana, bo = fresh(ana), fresh(bo)
    assert (ana.version, ana.last_seq, bo.version, bo.last_seq) == before
    assert not SharedStep.objects.exists()


def test_t37_a_stale_version_of_either_character_is_refused(host):
    table, (bo, ana) = seated(host, "Bo", "Ana")
    bo, ana = bo_loots(bo), fresh(ana)
    for versions in ((ana.version - 1, bo.version), (ana.version, bo.version - 1)):
        with pytest.raises(VersionConflict):
            table_services.character_rob(
                robber_id=ana.pk,
                victim_id=bo.pk,
                card="6S",
                robber_version=versions[0],
                victim_version=versions[1],
            )
    assert fresh(ana).last_seq == ana.last_seq and fresh(bo).last_seq == bo.last_seq


def test_t26_only_characters_at_the_same_table_rob_each_other(host):
    bo = bo_loots(create(host, "Bo"))
    table, (ana,) = seated(host, "Ana")
    with pytest.raises(table_services.TableError, match="T-26"):
        table_services.character_rob(
            robber_id=ana.pk,
            victim_id=bo.pk,
            card="6S",
            robber_version=ana.version,
            victim_version=bo.version,
        )


def play_duel_to_the_save(host):
    """Example 5 through the services, up to Bo's save (both logs at each step)."""
    table, (bo, ana) = seated(host, "Bo", "Ana")
    bo, ana = bo_loots(bo), fresh(ana)
    table_services.character_rob(
        robber_id=ana.pk, victim_id=bo.pk, card="6S",
        robber_version=ana.version, victim_version=bo.version,
    )  # fmt: skip
    ana = solo(fresh(ana), "start_session", hand=ANA_HAND)
    bo = fresh(bo)
    seat = table_services.duel_challenge(challenger_id=ana.pk, challenged_id=bo.pk)
    assert seat.challenging.character_id == bo.pk
    table_services.duel_answer(challenged_id=bo.pk, challenger_id=ana.pk, accept=True)
    assert RpgSeat.objects.get(character=ana).duelling.character_id == bo.pk
    for who, action in (
        (bo, {"type": "attack", "cards": ["5C"]}),
        (ana, {"type": "use_item", "card": "6S"}),
        (bo, {"type": "save", "card": "4H"}),
    ):
        me, them = fresh(who), table_services.duel_opponent(fresh(who))
        table_services.duel_apply(
            character_id=me.pk,
            action=action,
            expected_version=me.version,
            opponent_version=them.version,
        )
    return fresh(ana), fresh(bo)


def test_t30_t35_a_duel_won_through_both_logs_example_5(host):
    ana, bo = play_duel_to_the_save(host)
    assert ana.state["duel"]["opponent_hp"] == 4
    ana = fresh(ana)
    done = table_services.duel_apply(
        character_id=ana.pk,
        action={"type": "attack", "cards": ["QH"]},
        expected_version=ana.version,
        opponent_version=bo.version,
    )
    assert done.other_actions == []  # a random attack awaited: no hit yet
    ana = fresh(ana)
    done = table_services.duel_apply(
        character_id=ana.pk,
        action={"type": "turn", "card": "9C"},
        expected_version=ana.version,
        opponent_version=bo.version,
    )
    assert done.other_actions == [{"type": "duel_hit", "damage": 9}]
    assert done.actor_actions == [{"type": "turn", "card": "9C"}, {"type": "duel_won"}]
    ana, bo = replays_alone(ana), replays_alone(bo)
    assert ana.state["rivals"]["player_kills"] == 1 and bo.state["rivals"]["player_deaths"] == 1
    assert ana.state["duel"] is None and bo.state["duel"] is None
    assert RpgSeat.objects.get(character=ana).duelling is None


def test_t30_a_declined_challenge_writes_nothing(host):
    table, (ana, cy) = seated(host, "Ana", "Cy")
    ana = solo(ana, "start_session", hand=ANA_HAND)
    cy = solo(fresh(cy), "start_session", hand=["2C", "3C", "4C", "5C"])
    table_services.duel_challenge(challenger_id=ana.pk, challenged_id=cy.pk)
    assert (
        table_services.duel_answer(challenged_id=cy.pk, challenger_id=ana.pk, accept=False) is None
    )
    assert (fresh(ana).last_seq, fresh(cy).last_seq) == (ana.last_seq, cy.last_seq)
    with pytest.raises(table_services.TableError, match="T-30"):
        table_services.duel_answer(challenged_id=cy.pk, challenger_id=ana.pk, accept=True)


def test_t30_a_challenge_only_between_fights(host):
    table, (ana, cy) = seated(host, "Ana", "Cy")
    with pytest.raises(RuleError) as refused:
        table_services.duel_challenge(challenger_id=ana.pk, challenged_id=cy.pk)
    assert refused.value.rule == "T-30"


def test_t37_undo_takes_the_whole_step_back_from_both_logs(host):
    ana, bo = play_duel_to_the_save(host)
    shared = table_services.last_shared_step(bo)
    assert shared is not None and shared.actor_id == bo.pk  # Bo's save, Ana's duel_saved
    before_ana = log_of(ana)[: shared.other_first - 1]
    done = table_services.duel_undo(character_id=ana.pk, expected_version=ana.version)
    assert done.actor_actions == [{"type": "save", "card": "4H"}]
    assert done.other_actions == [{"type": "duel_saved", "hp": 4}]
    ana, bo = replays_alone(ana), replays_alone(bo)
    assert log_of(ana) == before_ana
    assert bo.state["awaiting"]["reason"] == "HP below zero"
    assert ana.state["awaiting"]["reason"] == "opponent's save"
    # The step before (Ana's Spade and the hit it sent) is now the last in both: undo goes on.
    table_services.duel_undo(character_id=bo.pk, expected_version=bo.version)
    assert fresh(bo).state["duel"]["hp"] == 4 and fresh(ana).state["duel"]["turn"] == "self"


def test_t37_the_ordinary_undo_of_a_shared_step_takes_it_back_from_both(host):
    ana, bo = play_duel_to_the_save(host)
    services.character_undo(character_id=bo.pk, owner=bo.owner, expected_version=bo.version)
    assert fresh(ana).state["awaiting"]["reason"] == "opponent's save"
    assert fresh(bo).state["awaiting"]["reason"] == "HP below zero"


def test_t37_undo_only_while_the_step_is_the_last_in_both_logs(host):
    table, (bo, ana) = seated(host, "Bo", "Ana")
    bo, ana = bo_loots(bo), fresh(ana)
    table_services.character_rob(
        robber_id=ana.pk, victim_id=bo.pk, card="6S",
        robber_version=ana.version, victim_version=bo.version,
    )  # fmt: skip
    bo = solo(fresh(bo), "reveal_monster", card="9S")  # Bo played on
    ana = fresh(ana)
    with pytest.raises(UndoError, match="Bo has played on"):
        table_services.duel_undo(character_id=ana.pk, expected_version=ana.version)
    assert fresh(ana).inventory == ["6S"]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs DATABASE_URL=postgres://…")
@pytest.mark.django_db(transaction=True)
def test_t37_two_phones_racing_apply_exactly_one_on_postgresql(host):
    """Ana and Cy rob Bo at the same moment, from Bo's same version: exactly one lands."""
    import threading
    import time

    from tracker.rules import card_rpg as exchange

    table, (bo, ana, cy) = seated(host, "Bo", "Ana", "Cy")
    bo, ana, cy = bo_loots(bo), fresh(ana), fresh(cy)
    real = exchange.exchange

    def slow(*args):
        time.sleep(0.3)  # both phones busy with the rules at once, so their writes meet
        return real(*args)

    outcomes, start = {}, threading.Barrier(2)

    def rob(robber, card):
        start.wait()
        try:
            table_services.character_rob(
                robber_id=robber.pk, victim_id=bo.pk, card=card,
                robber_version=robber.version, victim_version=bo.version,
            )  # fmt: skip
            outcomes[robber.name] = "landed"
        except VersionConflict:
            outcomes[robber.name] = "conflict"
        finally:
            connection.close()

    exchange.exchange = slow
    try:
        threads = [
            threading.Thread(target=rob, args=(ana, "6S")),
            threading.Thread(target=rob, args=(cy, "4H")),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        exchange.exchange = real
    assert sorted(outcomes.values()) == ["conflict", "landed"]
    bo = replays_alone(bo)
    assert len(bo.inventory) == 1 and bo.state["rivals"]["times_robbed"] == 1
    assert SharedStep.objects.count() == 1


def test_t36_a_call_off_asked_on_one_phone_and_confirmed_on_the_other(host):
    table, (ana, cy) = seated(host, "Ana", "Cy")
    ana = solo(ana, "start_session", hand=ANA_HAND)
    cy = solo(fresh(cy), "start_session", hand=["2C", "3C", "4H", "5D"])
    table_services.duel_challenge(challenger_id=ana.pk, challenged_id=cy.pk)
    table_services.duel_answer(challenged_id=cy.pk, challenger_id=ana.pk, accept=True)
    ana = fresh(ana)
    asked = table_services.duel_call_off(character_id=ana.pk, expected_version=ana.version)
    assert asked is None and RpgSeat.objects.get(character=ana).asks_call_off
    assert fresh(ana).state["duel"] is not None  # nothing written until the other agrees
    cy = fresh(cy)
    done = table_services.duel_call_off(character_id=cy.pk, expected_version=cy.version)
    assert done.actor.pk == ana.pk  # the asking player's call_off_duel
    assert done.actor_actions == [{"type": "call_off_duel"}]
    assert done.other_actions == [{"type": "duel_called_off"}]
    ana, cy = replays_alone(ana), replays_alone(cy)
    assert ana.state["duel"] is None and cy.state["rivals"]["duels_drawn"] == 1
    assert not RpgSeat.objects.filter(asks_call_off=True).exists()
