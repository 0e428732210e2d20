"""Taps that reach the server twice, and taps drawn before another screen's change (issue 21,
points 2 and 3), in the core, against the counter game (tests/core/counter_game.py).

A tap carries an id: sent again after its answer was lost, it is refused with AlreadyApplied
and written once. A tap drawn at an older version goes ahead when what its screen asked
(`asked`, the game's fingerprint) is still what the record asks; otherwise VersionConflict.
"""

from __future__ import annotations

import dataclasses

import pytest

from tests.core.counter_game import CounterLogEntry
from tracker.core import services as core

pytestmark = pytest.mark.django_db

TAP = "0f" * 16
OTHER_TAP = "a1" * 16


def start(game, owner):
    return core.record_create(
        game=game, owner=owner, actions=[{"type": "start", "name": "Tally"}], name="Tally"
    )


def add(game, counter, *, version, by=1, **taps):
    return core.record_apply(
        game=game,
        record_id=counter.pk,
        owner=counter.owner,
        action={"type": "add", "by": by},
        expected_version=version,
        **taps,
    )


def reread(game, counter):
    return game.record_model.objects.get(pk=counter.pk)


def test_a_tap_sent_again_after_it_was_saved_is_answered_not_applied_again(counter_game, host):
    counter = start(counter_game, host)
    drawn_at = counter.version
    add(counter_game, counter, version=drawn_at, tap=TAP)
    with pytest.raises(core.AlreadyApplied) as saved:
        add(counter_game, counter, version=drawn_at, tap=TAP)
    assert saved.value.record.state["count"] == 1
    assert CounterLogEntry.objects.filter(counter=counter).count() == 2
    assert CounterLogEntry.objects.get(counter=counter, seq=2).tap == TAP


def test_a_tap_sent_again_as_of_the_version_it_made_is_answered_not_applied_again(
    counter_game, host
):
    """A phone's script may send a tap as of the newest version it holds; sent again after it
    was saved, that is the version the tap itself made: still the same tap."""
    counter = start(counter_game, host)
    counter = add(counter_game, counter, version=counter.version, tap=TAP)
    with pytest.raises(core.AlreadyApplied):
        add(counter_game, counter, version=counter.version, tap=TAP)
    assert reread(counter_game, counter).state["count"] == 1


def test_a_tap_sent_again_after_other_writes_is_found_in_the_log(counter_game, host):
    counter = start(counter_game, host)
    drawn_at = counter.version
    counter = add(counter_game, counter, version=drawn_at, tap=TAP)
    add(counter_game, counter, version=counter.version, tap=OTHER_TAP)
    asked = core.asked_of(counter_game, reread(counter_game, counter))
    with pytest.raises(core.AlreadyApplied):
        add(counter_game, counter, version=drawn_at, tap=TAP, asked=asked)
    assert reread(counter_game, counter).state["count"] == 2


def test_the_same_tap_from_the_screen_as_read_is_told_apart_too(counter_game, host):
    """The optimistic path (the caller passes the record it read) finds it as well."""
    counter = start(counter_game, host)
    drawn_at = counter.version
    add(counter_game, counter, version=drawn_at, tap=TAP)
    read = reread(counter_game, counter)
    with pytest.raises(core.AlreadyApplied):
        core.record_apply(
            game=counter_game,
            record_id=read.pk,
            owner=host,
            action={"type": "add", "by": 1},
            expected_version=drawn_at,
            record=read,
            tap=TAP,
        )
    assert reread(counter_game, counter).last_seq == 2


def test_an_undo_sent_again_is_not_taken_back_twice(counter_game, host):
    counter = start(counter_game, host)
    counter = add(counter_game, counter, version=counter.version)
    counter = add(counter_game, counter, version=counter.version)
    drawn_at = counter.version
    core.record_undo(
        game=counter_game, record_id=counter.pk, owner=host, expected_version=drawn_at, tap=TAP
    )
    with pytest.raises(core.AlreadyApplied):
        core.record_undo(
            game=counter_game, record_id=counter.pk, owner=host, expected_version=drawn_at, tap=TAP
        )
    assert reread(counter_game, counter).state["count"] == 1


def test_a_new_tap_on_a_stale_screen_is_still_a_conflict(counter_game, host):
    counter = start(counter_game, host)
    drawn_at = counter.version
    asked = core.asked_of(counter_game, counter)
    add(counter_game, counter, version=drawn_at, tap=TAP)
    with pytest.raises(core.VersionConflict):
        add(counter_game, counter, version=drawn_at, tap=OTHER_TAP, asked=asked)
    assert reread(counter_game, counter).state["count"] == 1


def test_a_tap_drawn_before_a_change_that_asks_nothing_new_goes_ahead(counter_game, host):
    """A game whose screens ask only what the counter awaits: another screen's add changes the
    count, not what is asked, so a tap drawn before it is applied on the count as it is now."""
    awaits = dataclasses.replace(counter_game, asked=lambda record, seat: record.state["awaiting"])
    counter = add(awaits, start(awaits, host), version=1)
    drawn_at, asked = counter.version, core.asked_of(awaits, counter)
    add(awaits, counter, version=drawn_at, by=2)  # another screen
    counter = add(awaits, counter, version=drawn_at, by=3, tap=TAP, asked=asked)
    assert counter.state["count"] == 6
    assert counter.version == drawn_at + 2


def test_without_a_fingerprint_a_stale_tap_is_a_conflict(counter_game, host):
    awaits = dataclasses.replace(counter_game, asked=lambda record, seat: record.state["awaiting"])
    counter = add(awaits, start(awaits, host), version=1)
    drawn_at = counter.version
    add(awaits, counter, version=drawn_at)
    with pytest.raises(core.VersionConflict):
        add(awaits, counter, version=drawn_at, tap=TAP)


def test_what_a_seat_is_asked_is_the_games_to_say(counter_game, host):
    """The fingerprint is of the seat's part only: `seat` reaches the game's hook."""
    seen = []

    def asked(record, seat):
        seen.append(seat)
        return {"mine": record.state["count"] if seat == ("Ana",) else 0}

    per_seat = dataclasses.replace(counter_game, asked=asked)
    counter = start(per_seat, host)
    drawn_at = counter.version
    bo_asked = core.asked_of(per_seat, counter, ("Bo",))
    add(per_seat, counter, version=drawn_at)  # changes what Ana is asked, not Bo
    counter = add(per_seat, counter, version=drawn_at, asked=bo_asked, seat=("Bo",))
    assert counter.state["count"] == 2
    ana_asked = core.asked_of(per_seat, reread(per_seat, counter), ("Ana",))
    add(per_seat, counter, version=counter.version)
    with pytest.raises(core.VersionConflict):
        add(per_seat, counter, version=counter.version - 1, asked=ana_asked, seat=("Ana",))
    assert ("Bo",) in seen and ("Ana",) in seen


def test_a_fingerprint_from_a_newer_version_than_the_record_is_not_taken(counter_game, host):
    """Only a screen drawn before the record's version may go ahead on it."""
    awaits = dataclasses.replace(counter_game, asked=lambda record, seat: record.state["awaiting"])
    counter = add(awaits, start(awaits, host), version=1)
    asked = core.asked_of(awaits, counter)
    with pytest.raises(core.VersionConflict):
        add(awaits, counter, version=counter.version + 5, asked=asked)
