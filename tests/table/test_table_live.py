"""Issue 27: a Card RPG phone at a table hears the others and the table itself move, on its
character's one live stream, through the database's own listener (SQLite's data version, or
PostgreSQL's NOTIFY from the triggers of migrations 0012 and 0013)."""

from __future__ import annotations

import pytest
from seating import BO_HAND, create, fresh, seated, solo

from tracker.card_rpg import table_services
from tracker.card_rpg.game import GAME, TABLE_KIND
from tracker.core import live

pytestmark = pytest.mark.django_db(transaction=True)

# Long enough for a loaded machine; the listener hears a commit within a few tens of ms.
WITHIN = 10.0


def why(hub, follower) -> str:
    """What the hub and its listener held when a wait came back empty (for the failure)."""
    from tracker.card_rpg.models import RpgTable

    listener = hub._listener
    return (
        f"listener alive: {listener is not None and listener.is_alive()}, followed: "
        f"{hub.followed()}, the follower's nearby: {follower.nearby}, moved: "
        f"{follower.nearby_moved}, tables now: {dict(RpgTable.objects.values_list('pk', 'version'))}"
    )


@pytest.fixture
def hub():
    hub = live.Hub()  # the database's own listener, as a server process has
    yield hub
    hub.end_all()


def test_i27_t26_a_phone_at_a_table_hears_another_character_and_the_table_move(
    hub, django_user_model
):
    host = django_user_model.objects.create_user("host")
    table, (ana, bo) = seated(host, "Ana", "Bo")
    nearby = GAME.nearby(ana.pk)
    table.refresh_from_db()
    bo = fresh(bo)
    assert nearby == {(TABLE_KIND, table.pk): table.version, ("card-rpg", bo.pk): bo.version}
    follower = hub.follow(
        game_id=GAME.id,
        record_id=ana.pk,
        told=ana.version,
        who="user:ana",
        address="10.0.0.2",
        nearby=nearby,
    )
    stream = live.LiveStream(
        follower=follower,
        version=ana.version,
        access=lambda: fresh(ana).version,
        gone_words="gone",
        nearby=lambda: GAME.nearby(ana.pk),
        hub=hub,
    )
    assert follower.wait(0.5) is False, "nothing has moved since the stream began"

    solo(fresh(bo), "start_session", hand=BO_HAND)  # Bo plays on his own phone
    assert follower.wait(WITHIN) is True, why(hub, follower)
    assert stream.next_event(True) == live.event("nearby")

    seat = table.seats.get(character=bo)
    table_services.table_leave(seat_id=seat.pk, owner_id=bo.owner_id)  # the table moves
    assert follower.wait(WITHIN) is True, why(hub, follower)
    assert stream.next_event(True) == live.event("nearby")
    assert set(follower.nearby) == {(TABLE_KIND, table.pk)}, "Bo is no longer at the table"

    cy = create(django_user_model.objects.create_user("cy-player"), "Cy")
    seat.refresh_from_db()
    table_services.table_join(token=seat.join_token, user=cy.owner, character_id=cy.pk)
    assert follower.wait(WITHIN) is True, why(hub, follower)
    assert stream.next_event(True) == live.event("nearby")
    assert ("card-rpg", cy.pk) in follower.nearby, "the newcomer is followed from now on"
    solo(fresh(cy), "start_session", hand=["9S", "2C", "3H", "5H"])
    assert follower.wait(WITHIN) is True, why(hub, follower)
    assert stream.next_event(True) == live.event("nearby")


def test_i27_a_character_at_no_table_follows_nothing_else():
    assert GAME.nearby(10**9) == {}
