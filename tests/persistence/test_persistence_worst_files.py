"""The worst files a player can upload (bench/worst_files.py) cost storage linear in their size,
and the replay that makes it so — projections folded in place, snapshots kept by their size,
the replay keeping only what it needs — gives exactly the states the one-step-at-a-time
projection gives. An upload whose answer can't reach the uploader leaves nothing behind.

No timings here: bench/import_drill.py prints them. These count rows and characters.
"""

from __future__ import annotations

import json
import random
import socket

import pytest
from django.test import Client, override_settings
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.worst_files import barbarian_vince_actions, worst_file
from tracker.barbarian_vince import projections as bv
from tracker.core import backups, games, uploads
from tracker.core import models as core_models
from tracker.core import services as core
from tracker.core.services.replay import log_replay
from tracker.rules.barbarian_vince import bot
from tracker.rules.log import dump_log

pytestmark = pytest.mark.django_db

BV = "barbarian-vince"


def stepped(game, actions: list[dict], now=None) -> list[tuple[dict, str]]:
    """(state, projection as JSON, times left out unless `now` is given) after each action, by
    the pure one-step projection."""
    state, projection = game.engine.initial_state(), game.projector.start()
    out = []
    at = now or timezone.now()
    for seq, action in enumerate(actions, start=1):
        after = game.engine.apply(state, action)
        projection = game.projector.step(projection, state, action, after, seq=seq, at=at)
        out.append((after, as_json(projection, times=now is not None)))
        state = after
    return out


def as_json(value, *, times: bool = False) -> str:
    """`value` as JSON to compare, without the times an import stamps (keys ending in _at)."""

    def drop(item):
        if isinstance(item, dict):
            return {k: drop(v) for k, v in item.items() if times or not k.endswith("_at")}
        if isinstance(item, list):
            return [drop(v) for v in item]
        return item

    return json.dumps(drop(value), sort_keys=True)


# --- the Barbarian Vince projection, folded in place --------------------------------------------


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), length=st.integers(20, 300))
def test_bv_fold_gives_what_step_gives_after_every_action(seed, length):
    """BT-07, BT-15: folding each action into the same turn gives, after every action, the
    projection the copying step gives; what `write_all` reads (finished, last) never changes
    afterwards."""
    actions = bot.random_adventure(random.Random(seed), length)
    from tracker.rules.barbarian_vince import apply, initial_state

    state, pure, folded = initial_state(), bv.start(), bv.start()
    now = timezone.now()
    kept = []
    for seq, action in enumerate(actions, start=1):
        after = apply(state, action)
        pure = bv.step(pure, state, action, after, seq=seq, at=now)
        folded = bv.fold(folded, state, action, after, seq=seq, at=now)
        assert json.dumps(folded, sort_keys=True) == json.dumps(pure, sort_keys=True), seq
        kept.append((folded, json.dumps([pure["finished"], pure["last"]], sort_keys=True)))
        state = after
    for folded_then, then in kept:
        assert json.dumps([folded_then["finished"], folded_then["last"]], sort_keys=True) == then


def test_bv_step_leaves_the_given_projection_as_it_was():
    actions = barbarian_vince_actions(40)
    from tracker.rules.barbarian_vince import apply, initial_state

    state, projection = initial_state(), bv.start()
    now = timezone.now()
    for seq, action in enumerate(actions, start=1):
        after = apply(state, action)
        before = json.dumps(projection, sort_keys=True)
        new = bv.step(projection, state, action, after, seq=seq, at=now)
        assert json.dumps(projection, sort_keys=True) == before
        projection, state = new, after
    moves = sum(action["type"] == "move" for action in actions)
    assert moves > 20 and len(projection["turn"]["journey"]) == moves


# --- the core's replay and its snapshots ---------------------------------------------------------


@pytest.mark.parametrize("game_id", ["card-rpg", BV, "heroes-of-barcadia"])
def test_replay_snapshots_hold_the_states_of_one_step_at_a_time(game_id):
    """Each snapshot the replay writes out holds the state and projection after its entry, as
    the pure projection gives them, though the fold changed the projection since."""
    game = games.get(game_id)
    from bench.worst_files import worst_actions

    actions = worst_actions(game_id, 900)
    now = timezone.now()
    truth = stepped(game, actions, now)
    steps, projections, snapshots = log_replay(game, actions, now)
    # States under the budget (a 900-move turn still is): every 200th entry, as ever.
    assert sorted(snapshots) == [1, 200, 400, 600, 800]
    for seq, text in snapshots.items():
        kept = json.loads(text)
        state, projection = truth[seq - 1]
        assert kept["state"] == state
        assert as_json(kept["projection"], times=True) == projection
    assert as_json(projections[-1], times=True) == truth[-1][1]
    assert steps[-1].after == truth[-1][0]


def test_a_big_state_is_kept_farther_apart_within_the_budget(monkeypatch):
    """A Barbarian Vince turn of thousands of moves (BT-07): once a snapshot is bigger than
    the budget, it is kept half as often for each doubling, so the characters snapshots store
    stay within the budget per SNAPSHOT_EVERY entries (plus the first)."""
    monkeypatch.setattr(core_models, "SNAPSHOT_BUDGET", 16_000)
    game = games.get(BV)
    actions = barbarian_vince_actions(4_000)
    _steps, _projections, snapshots = log_replay(game, actions, timezone.now())
    sizes = {seq: len(text) for seq, text in snapshots.items()}
    assert 1 in sizes and len(sizes) < 4_000 // core_models.SNAPSHOT_EVERY
    for seq, size in sizes.items():
        assert seq == 1 or seq % core_models.snapshot_spacing(size) == 0
    every = core_models.SNAPSHOT_EVERY
    # Each size level keeps at most its share of the budget, and one snapshot more.
    assert sum(sizes.values()) <= 16_000 * (4_000 // every) + 2 * max(sizes.values())
    # The spacing grew: fewer snapshots near the end than the every-200th rule would keep.
    seqs = sorted(sizes)
    assert max(b - a for a, b in zip(seqs, seqs[1:], strict=False)) > every


def test_storage_of_the_worst_adventure_is_bounded_and_reads_are_exact(player, monkeypatch):
    """Imported, the worst adventure keeps few snapshots (counted, with their characters), and
    every state read back — an entry's state, undo, the log's tail — is the true one."""
    monkeypatch.setattr(core_models, "SNAPSHOT_BUDGET", 16_000)
    game = games.get(BV)
    actions = barbarian_vince_actions(2_500)
    record = core.record_import(owner=player, text=dump_log(actions, game=BV, name="Worst"))
    entries = game.entry_model.objects.filter(adventure=record)
    kept = list(entries.exclude(snapshot=None).values_list("seq", flat=True))
    assert entries.count() == 2_500
    assert 1 in kept and len(kept) <= 2_500 // core_models.SNAPSHOT_EVERY
    sizes = [len(core_models.json_text(e.snapshot)) for e in entries.exclude(snapshot=None)]
    assert sum(sizes) <= 16_000 * (2_500 // core_models.SNAPSHOT_EVERY) + 2 * max(sizes)
    truth = stepped(game, actions)
    for seq in (1, 199, 200, 1_601, 2_399, 2_500):
        state, projection, _table = core.record_state_at(game=game, record=record, seq=seq)
        assert state == truth[seq - 1][0]
        assert as_json(projection) == truth[seq - 1][1]
    tail = core.record_tail(game=game, record=record, count=3)
    assert [step.after for step, _table in tail] == [t[0] for t in truth[-3:]]
    record = core.record_undo(
        game=game, record_id=record.pk, owner=player, steps=7, expected_version=record.version
    )
    record.refresh_from_db()
    assert record.state == truth[-8][0]
    assert as_json(record.projection) == truth[-8][1]
    assert [step.seq for step in record.undone] == list(range(2_494, 2_501))


@pytest.mark.parametrize("budget, kept", [(64 * 1024, True), (100, False)])
def test_a_table_switch_rewrites_the_newest_snapshot_only_where_one_is_kept(
    player, monkeypatch, budget, kept
):
    """record_set_virtual_deck on a candidate entry: its snapshot gets the table if it keeps one, and
    an entry that keeps none (its state over the budget) still keeps none."""
    monkeypatch.setattr(core_models, "SNAPSHOT_BUDGET", budget)
    game = games.get(BV)
    record = core.record_import(
        owner=player, text=dump_log(barbarian_vince_actions(400), game=BV, name="Worst")
    )
    core.record_set_virtual_deck(
        game=game,
        record_id=record.pk,
        owner=player,
        virtual_deck={"deck": []},
        expected_version=record.version,
    )
    entry = game.entry_model.objects.get(adventure=record, seq=400)
    assert entry.virtual_deck_changed and entry.virtual_deck == {"deck": []}
    if kept:
        assert entry.snapshot["table"] == {"deck": []}
        assert entry.snapshot["state"] == record.state
    else:
        assert entry.snapshot is None


def test_backup_check_and_restore_keep_the_same_snapshots(player, tmp_path, monkeypatch):
    """`restore --check` and `restore` of the worst adventure: the same log, the same few
    snapshots as its import kept."""
    monkeypatch.setattr(core_models, "SNAPSHOT_BUDGET", 16_000)
    game = games.get(BV)
    data = worst_file(BV, 1_500)
    record = core.record_import(owner=player, text=data)
    before = list(
        game.entry_model.objects.filter(adventure=record)
        .order_by("seq")
        .values_list("seq", "action", "snapshot")
    )
    path = tmp_path / "games.jsonl.gz"
    assert backups.backup_write(path=path) == 1
    assert backups.backup_check(path=path) == {"adventure": 1}
    (restored,) = backups.backup_restore(path=path, replace=True)
    after = list(
        game.entry_model.objects.filter(adventure=restored)
        .order_by("seq")
        .values_list("seq", "action", "snapshot")
    )
    assert after == before
    assert len([row for row in after if row[2] is not None]) < 1_500 // 200


# --- an answer that never reaches the uploader ---------------------------------------------------


def test_an_import_given_up_before_it_commits_writes_nothing(player):
    game = games.get(BV)
    prepared = core.record_import_prepare(text=worst_file(BV, 300))
    with pytest.raises(core.ImportAbandoned):
        core.record_import_write(prepared=prepared, owner=player, still_wanted=lambda: False)
    assert not game.record_model.objects.exists()
    assert not game.entry_model.objects.exists()
    record = core.record_import_write(prepared=prepared, owner=player, still_wanted=lambda: True)
    assert game.entry_model.objects.filter(adventure=record).count() == 300


def test_a_closed_connection_is_told_from_an_open_one():
    ours, theirs = socket.socketpair()
    request = type("Request", (), {"META": {"gunicorn.socket": ours}})()
    assert uploads.connection_open(request)
    theirs.close()
    assert not uploads.connection_open(request)
    ours.close()
    assert uploads.connection_open(type("Request", (), {"META": {}})())  # no socket: assumed


def test_under_granian_a_client_hanging_up_mid_request_is_told_to_the_view():
    """cardrpg/threaded.py listens for http.disconnect while the view runs; the import's check
    (uploads.connection_open) then says the uploader is gone."""
    import asyncio
    import threading

    from cardrpg.threaded import ThreadedWSGI

    seen = {}
    hung_up = threading.Event()

    def view(environ, start_response):
        request = type("Request", (), {"META": environ})()
        seen["before"] = uploads.connection_open(request)
        hung_up.set()  # now the client goes away
        for _ in range(200):
            if not uploads.connection_open(request):
                break
            threading.Event().wait(0.01)
        seen["after"] = uploads.connection_open(request)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"done"]

    async def scenario():
        messages = [{"type": "http.request", "body": b"file", "more_body": False}]

        async def receive():
            if messages:
                return messages.pop(0)
            while not hung_up.is_set():
                await asyncio.sleep(0.005)
            return {"type": "http.disconnect"}

        sent = []

        async def send(message):
            sent.append(message)

        scope = {"type": "http", "method": "POST", "path": "/import/", "headers": []}
        await ThreadedWSGI(view, threads=1)(scope, receive, send)
        return sent

    result = {}
    runner = threading.Thread(target=lambda: result.update(sent=asyncio.run(scenario())))
    runner.start()
    runner.join(10)
    assert seen == {"before": True, "after": False}
    assert result["sent"][0]["status"] == 200


@pytest.fixture
def signed_in(player):
    client = Client()
    client.force_login(player)
    return client


@pytest.mark.parametrize("game_id", ["card-rpg", BV])
def test_an_upload_past_its_deadline_is_answered_503_and_kept_nowhere(signed_in, game_id):
    url = "/import/"
    game = games.get(game_id)
    data = worst_file(game_id, 300)
    upload = {"log_file": _file(data)}
    with override_settings(CARDRPG_IMPORT_DEADLINE=-1):
        answer = signed_in.post(url, upload)
    assert answer.status_code == 503
    assert "not kept" in answer.content.decode()
    assert not game.record_model.objects.exists()
    assert not game.entry_model.objects.exists()
    answer = signed_in.post(url, {"log_file": _file(data)})
    assert answer.status_code == 302
    assert game.record_model.objects.count() == 1


def test_an_upload_whose_uploader_hung_up_is_kept_nowhere(signed_in, monkeypatch):
    monkeypatch.setattr(uploads, "connection_open", lambda request: False)
    answer = signed_in.post("/import/", {"log_file": _file(worst_file(BV, 300))})
    assert answer.status_code == 503
    assert not games.get(BV).record_model.objects.exists()


def _file(data: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("worst.cardrpg.json", data, content_type="application/json")
