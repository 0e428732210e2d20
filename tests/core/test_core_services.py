"""The core's services, written once against a game that is not Card RPG (tests/core/counter_game.py):
apply with the version check, refusals that write nothing, undo N and undo to, snapshots,
export/import, rebuild and backups."""

from __future__ import annotations

import json

import pytest
from django.db import connection

from tests.core.counter_game import Counter, CounterLogEntry
from tracker.core import backups
from tracker.core import services as core
from tracker.core.models import SNAPSHOT_EVERY
from tracker.rules.errors import ReplayError, RuleError

pytestmark = pytest.mark.django_db


def start(game, owner, name="Tally"):
    return core.record_create(
        game=game, owner=owner, actions=[{"type": "start", "name": name}], name=name
    )


def add(game, counter, by=1, version=None):
    return core.record_apply(
        game=game,
        record_id=counter.pk,
        owner=counter.owner,
        action={"type": "add", "by": by},
        expected_version=counter.version if version is None else version,
    )


def played(game, owner, adds: int):
    counter = start(game, owner)
    for number in range(adds):
        counter = add(game, counter, by=number % 3 + 1)
    return counter


def test_apply_appends_one_entry_and_writes_the_record_once(counter_game, host):
    counter = start(counter_game, host)
    counter = add(counter_game, counter, 2)
    assert (counter.state["count"], counter.total, counter.version, counter.last_seq) == (
        2,
        2,
        2,
        2,
    )
    assert counter.projection == {"adds": 1}
    stored = Counter.objects.get(pk=counter.pk)
    assert (stored.state, stored.version, stored.total) == (counter.state, 2, 2)
    assert list(counter.log_entries.values_list("seq", "action_type")) == [(1, "start"), (2, "add")]
    assert [step.action for step in counter.steps] == [{"type": "add", "by": 2}]


def test_a_stale_version_is_a_conflict_and_writes_nothing(counter_game, host):
    counter = add(counter_game, start(counter_game, host))
    with pytest.raises(core.VersionConflict) as conflict:
        add(counter_game, counter, version=counter.version - 1)
    assert conflict.value.current_version == counter.version
    assert conflict.value.record.state["count"] == 1
    assert CounterLogEntry.objects.count() == 2


def test_a_refusal_names_the_rule_and_writes_nothing(counter_game, host):
    counter = start(counter_game, host)
    with pytest.raises(RuleError) as refused:
        add(counter_game, counter, by=7)
    assert refused.value.rule == "C-02"
    stored = Counter.objects.get(pk=counter.pk)
    assert (stored.version, stored.last_seq, stored.state["count"]) == (1, 1, 0)


def test_several_actions_in_one_transaction(counter_game, host):
    counter = start(counter_game, host)
    keep = core.KEEP_VIRTUAL_DECK
    counter = core.record_apply(
        game=counter_game,
        record_id=counter.pk,
        owner=host,
        actions=[({"type": "add", "by": 1}, keep), ({"type": "add", "by": 3}, keep)],
        expected_version=1,
    )
    assert (counter.state["count"], counter.last_seq, counter.version) == (4, 3, 2)
    with pytest.raises(RuleError):
        core.record_apply(
            game=counter_game,
            record_id=counter.pk,
            owner=host,
            actions=[({"type": "add", "by": 1}, keep), ({"type": "add", "by": 9}, keep)],
            expected_version=2,
        )
    assert Counter.objects.get(pk=counter.pk).last_seq == 3  # all or nothing


def test_states_the_caller_already_computed_are_written_without_running_the_rules_again(
    counter_game, host, monkeypatch
):
    counter = start(counter_game, host)
    keep = core.KEEP_VIRTUAL_DECK
    actions = [({"type": "add", "by": 1}, keep), ({"type": "add", "by": 2}, keep)]
    first = counter_game.engine.apply(counter.state, actions[0][0])
    second = counter_game.engine.apply(first, actions[1][0])

    def refuse(state, action):
        raise AssertionError("the rules ran twice for one tap")

    monkeypatch.setattr(counter_game.engine, "apply", refuse)
    counter = core.record_apply(
        game=counter_game,
        record_id=counter.pk,
        owner=host,
        actions=actions,
        afters=[first, second],
        expected_version=1,
        record=counter,
    )
    assert (counter.state["count"], counter.last_seq) == (3, 3)
    assert [step.after for step in counter.steps] == [first, second]
    assert Counter.objects.get(pk=counter.pk).state == second


def test_states_given_for_fewer_actions_than_applied_are_refused(counter_game, host):
    counter = start(counter_game, host)
    keep = core.KEEP_VIRTUAL_DECK
    with pytest.raises(ValueError):
        core.record_apply(
            game=counter_game,
            record_id=counter.pk,
            owner=host,
            actions=[({"type": "add", "by": 1}, keep), ({"type": "add", "by": 2}, keep)],
            afters=[{"count": 1}],
            expected_version=1,
            record=counter,
        )
    assert CounterLogEntry.objects.count() == 1


def test_only_every_snapshot_every_th_entry_keeps_a_snapshot(counter_game, host):
    counter = played(counter_game, host, 2 * SNAPSHOT_EVERY + 5)
    kept = list(counter.log_entries.filter(snapshot__isnull=False).values_list("seq", flat=True))
    assert kept == [1, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY]


@pytest.mark.parametrize("steps", [1, 3, SNAPSHOT_EVERY + 7])
def test_undo_n_steps_equals_replaying_the_shorter_log(counter_game, host, steps):
    counter = played(counter_game, host, SNAPSHOT_EVERY + 30)
    before = counter.last_seq
    counter = core.record_undo(
        game=counter_game,
        record_id=counter.pk,
        owner=host,
        steps=steps,
        expected_version=counter.version,
    )
    assert counter.last_seq == before - steps
    actions = list(counter.log_entries.order_by("seq").values_list("action", flat=True))
    assert len(actions) == before - steps
    from tests.core.counter_game import replay

    assert counter.state == replay(actions)
    assert counter.total == counter.state["count"]
    assert counter.projection == {"adds": len(actions) - 1}
    if steps <= core.UNDONE_TOLD:
        assert len(counter.undone) == steps
        assert counter.undone[-1].seq == before
    else:
        assert counter.undone is None  # a long span is not told action by action


def test_undo_to_the_first_action_and_errors(counter_game, host):
    counter = played(counter_game, host, 250)
    with pytest.raises(core.UndoError):
        core.record_undo_to(
            game=counter_game,
            record_id=counter.pk,
            owner=host,
            seq=0,
            expected_version=counter.version,
        )
    counter = core.record_undo_to(
        game=counter_game, record_id=counter.pk, owner=host, seq=1, expected_version=counter.version
    )
    assert (counter.last_seq, counter.state["count"], counter.projection) == (1, 0, {"adds": 0})
    with pytest.raises(core.UndoError, match="only been created"):
        core.record_undo(
            game=counter_game, record_id=counter.pk, owner=host, expected_version=counter.version
        )


def test_undo_costs_the_same_queries_however_long_the_log(counter_game, host):
    def undo_queries(adds: int) -> int:
        counter = played(counter_game, host, adds)
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            core.record_undo(
                game=counter_game,
                record_id=counter.pk,
                owner=host,
                steps=1,
                expected_version=counter.version,
            )
        return sum(
            not q["sql"].startswith(("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE"))
            for q in queries.captured_queries
        )

    assert undo_queries(12) == undo_queries(SNAPSHOT_EVERY * 3 + 40) <= 4


def test_steps_between_replay_from_the_snapshot_before(counter_game, host):
    counter = played(counter_game, host, 230)
    steps = core.record_steps(game=counter_game, record=counter, first=150, last=160)
    assert [step.seq for step in steps] == list(range(150, 161))
    for step in steps:
        assert step.after["count"] - step.before["count"] == step.action["by"]
    state, projection, table = core.record_state_at(game=counter_game, record=counter, seq=101)
    assert (state["actions"], projection["adds"], table) == (101, 100, None)


def test_export_names_the_game_and_import_replays_it_first(counter_game, host, friend):
    counter = played(counter_game, host, 20)
    text = core.record_export(game=counter_game, record=counter)
    document = json.loads(text)
    assert (document["format"], document["game"], document["name"]) == (
        "cardrpg-log",
        "counter",
        "Tally",
    )
    copy = core.record_import(owner=friend, text=text)
    assert (copy.owner, copy.state, copy.last_seq, copy.total) == (
        friend,
        counter.state,
        counter.last_seq,
        counter.total,
    )
    assert copy.imported_at is not None and len(copy.import_digest) == 64
    assert core.earlier_imports(game=counter_game, owner=friend, digest=copy.import_digest) == [
        copy
    ]


def test_an_import_replays_with_no_transaction_open(counter_game, host, monkeypatch):
    """The slow part of an import (checking and replaying) never holds the write lock."""
    counter = played(counter_game, host, 5)
    text = core.record_export(game=counter_game, record=counter)
    seen = []
    real_apply = counter_game.engine.apply

    def watching(state, action):
        seen.append(connection.in_atomic_block)
        return real_apply(state, action)

    monkeypatch.setattr(counter_game.engine, "apply", staticmethod(watching))
    # pytest-django wraps each test in a transaction: compare with that depth, not with zero.
    outer = connection.in_atomic_block
    prepared = core.record_import_prepare(text=text)
    assert seen and all(flag == outer for flag in seen)
    core.record_import_write(prepared=prepared, owner=host)


def test_a_refused_import_names_the_action_and_writes_nothing(counter_game, host):
    text = json.dumps(
        {
            "format": "cardrpg-log",
            "version": 1,
            "game": "counter",
            "actions": [{"type": "start", "name": "A"}, {"type": "add", "by": 9}],
        }
    )
    with pytest.raises(ReplayError) as refused:
        core.record_import(owner=host, text=text)
    assert refused.value.index == 1 and refused.value.error.rule == "C-02"
    assert not Counter.objects.exists()


def test_an_import_of_a_game_the_app_does_not_know_is_refused(counter_game, host):
    text = json.dumps({"format": "cardrpg-log", "version": 1, "game": "chess", "actions": []})
    with pytest.raises(core.ImportRefused, match="chess"):
        core.record_import(owner=host, text=text)


def test_too_many_actions_are_refused_before_anything_is_replayed(counter_game, host, settings):
    settings.CARDRPG_MAX_LOG_ACTIONS = 10
    actions = [{"type": "start", "name": "A"}] + [{"type": "add", "by": 1}] * 10
    text = json.dumps(
        {"format": "cardrpg-log", "version": 1, "game": "counter", "actions": actions}
    )
    with pytest.raises(ValueError, match="at most 10"):
        core.record_import(owner=host, text=text)


def test_rename_and_delete_check_the_version(counter_game, host):
    counter = start(counter_game, host)
    with pytest.raises(RuleError):
        core.record_rename(
            game=counter_game, record_id=counter.pk, owner=host, name="   ", expected_version=1
        )
    counter = core.record_rename(
        game=counter_game, record_id=counter.pk, owner=host, name=" Score ", expected_version=1
    )
    assert (counter.name, counter.version) == ("Score", 2)
    with pytest.raises(core.VersionConflict):
        core.record_delete(game=counter_game, record_id=counter.pk, owner=host, expected_version=1)
    core.record_delete(game=counter_game, record_id=counter.pk, owner=host, expected_version=2)
    assert not Counter.objects.exists() and not CounterLogEntry.objects.exists()


def test_records_are_found_only_with_their_owner(counter_game, host, friend):
    counter = start(counter_game, host)
    with pytest.raises(Counter.DoesNotExist):
        core.record_get(game=counter_game, record_id=counter.pk, owner=friend)
    with pytest.raises(Counter.DoesNotExist):
        add(counter_game, Counter(pk=counter.pk, owner=friend, version=1))


def test_rebuild_rewrites_state_projection_and_snapshots_from_the_log(counter_game, host):
    counter = played(counter_game, host, SNAPSHOT_EVERY + 20)
    Counter.objects.filter(pk=counter.pk).update(state={}, projection={}, total=-1)
    CounterLogEntry.objects.filter(counter=counter).update(snapshot=None)
    rebuilt = core.record_rebuild(game=counter_game, record_id=counter.pk, owner=host)
    assert rebuilt.state == counter.state and rebuilt.total == counter.total
    assert rebuilt.projection == counter.projection
    assert list(
        rebuilt.log_entries.filter(snapshot__isnull=False).values_list("seq", flat=True)
    ) == [
        1,
        SNAPSHOT_EVERY,
    ]


def test_backup_and_restore_carry_a_game_the_core_knew_nothing_of(counter_game, host, tmp_path):
    counter = played(counter_game, host, 30)
    archive = tmp_path / "all.jsonl.gz"
    assert backups.backup_write(path=archive) == 1
    assert backups.backup_check(path=archive) == {"counter": 1}
    restored = backups.backup_restore(path=archive, replace=True)
    assert len(restored) == 1
    again = Counter.objects.get()
    assert (again.state, again.version, again.last_seq, again.name) == (
        counter.state,
        counter.version,
        counter.last_seq,
        counter.name,
    )


def test_the_export_and_import_commands_carry_any_game(counter_game, host, tmp_path):
    from django.core.management import CommandError, call_command

    counter = played(counter_game, host, 12)
    path = tmp_path / "tally.cardrpg.json"
    call_command("export", "counter", str(counter.pk), "-o", str(path))
    assert json.loads(path.read_text())["game"] == "counter"
    out = __import__("io").StringIO()
    call_command("import", str(path), "--owner", "host", stdout=out)
    game_id, pk = out.getvalue().split()
    copy = Counter.objects.get(pk=int(pk))
    assert game_id == "counter" and copy.state == counter.state and copy.pk != counter.pk
    with pytest.raises(CommandError, match="no game 'chess'"):
        call_command("export", "chess", "1")
    with pytest.raises(CommandError, match="no counter with id"):
        call_command("export", "counter", "999999")


def test_a_record_the_caller_read_is_not_read_again_and_the_write_proves_it_was_current(
    counter_game, host
):
    from django.test.utils import CaptureQueriesContext

    counter = start(counter_game, host)
    screen = Counter.objects.get(pk=counter.pk)  # the read the screen was drawn from
    with CaptureQueriesContext(connection) as queries:
        core.record_apply(
            game=counter_game,
            record_id=screen.pk,
            owner=host,
            action={"type": "add", "by": 1},
            expected_version=screen.version,
            record=screen,
        )
    writes = [
        q["sql"] for q in queries.captured_queries if q["sql"].startswith(("INSERT", "UPDATE"))
    ]
    reads = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    assert len(writes) == 2 and not reads  # one insert, one update, no second read
    assert (screen.version, screen.state["count"]) == (2, 1)


@pytest.mark.parametrize("meanwhile", ["another action", "a rename"])
def test_a_write_on_a_stale_read_is_a_conflict_and_writes_nothing(counter_game, host, meanwhile):
    counter = start(counter_game, host)
    stale = Counter.objects.get(pk=counter.pk)
    if meanwhile == "another action":
        add(counter_game, Counter.objects.get(pk=counter.pk))
    else:
        core.record_rename(
            game=counter_game, record_id=counter.pk, owner=host, name="Other", expected_version=1
        )
    before = (CounterLogEntry.objects.count(), Counter.objects.get(pk=counter.pk).version)
    with pytest.raises(core.VersionConflict) as conflict:
        core.record_apply(
            game=counter_game,
            record_id=stale.pk,
            owner=host,
            action={"type": "add", "by": 3},
            expected_version=1,
            record=stale,
        )
    assert conflict.value.record.version == before[1] == 2
    assert (CounterLogEntry.objects.count(), Counter.objects.get(pk=counter.pk).version) == before
    with pytest.raises(core.VersionConflict):
        core.record_undo(
            game=counter_game,
            record_id=stale.pk,
            owner=host,
            expected_version=1,
            record=Counter.objects.get(pk=counter.pk),
        )


def test_an_undo_on_a_stale_read_takes_nothing_back(counter_game, host):
    counter = played(counter_game, host, 4)
    stale = Counter.objects.get(pk=counter.pk)
    add(counter_game, Counter.objects.get(pk=counter.pk))  # another screen acted meanwhile
    with pytest.raises(core.VersionConflict):
        core.record_undo(
            game=counter_game,
            record_id=stale.pk,
            owner=host,
            steps=2,
            expected_version=stale.version,
            record=stale,
        )
    assert Counter.objects.get(pk=counter.pk).last_seq == 6  # the new action is still there


def test_a_record_of_another_owner_is_refused_even_when_read_already(counter_game, host, friend):
    counter = start(counter_game, host)
    screen = Counter.objects.get(pk=counter.pk)
    with pytest.raises(Counter.DoesNotExist):
        core.record_apply(
            game=counter_game,
            record_id=screen.pk,
            owner=friend,
            action={"type": "add", "by": 1},
            expected_version=1,
            record=screen,
        )
