"""In-process measurements for the benchmark: queries per action, and cost at 10 vs 10,000 actions.

    python -m bench.inprocess [--steps 150] [--long 10000]   # with a server's settings in the env

Runs the same simulated player (bench/players.py) over Django's test client instead of HTTP,
counting the SQL queries of every request with CaptureQueriesContext. Then imports seeded random
games (as an uploaded log would be, through services.character_import, cut back to the last
point between sessions, where "the app deals for me" can be switched on), plays on unmeasured
until the logs hold 10 and `--long` actions, and measures `--steps` more actions with each, to
compare an action's cost at both lengths. Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time


def _player(client, name: str, seed: int):
    from bench.players import DjangoTransport, Player

    return Player(DjangoTransport(client, measure=True), name, seed=seed, reload_every=25)


def _by_kind(samples) -> dict:
    """Queries (min/max) and server time (median ms) per request kind."""
    kinds: dict[str, list] = {}
    for sample in samples:
        kinds.setdefault(sample.kind, []).append(sample)
    return {
        kind: {
            "count": len(group),
            "queries_min": min(s.queries for s in group),
            "queries_max": max(s.queries for s in group),
            "ms_median": statistics.median(s.seconds * 1000 for s in group),
            "bytes_max": max(s.size for s in group),
        }
        for kind, group in sorted(kinds.items())
    }


def _ready_player(client, user, character, seed: int, length: int):
    """A player on an imported character, played on (unmeasured) up to `length` log entries."""
    player = _player(client, user.username, seed)
    player.ledger.character_id = character.pk
    player.ledger.version = character.version
    player.ledger.seq = character.last_seq
    player.load_page()
    player.switch_virtual_on()
    while player.ledger.seq < length:
        player.step()
    player.measured_from = len(player.samples)
    return player


def _between_sessions(actions: list[dict]) -> list[dict]:
    """The longest start of a log that ends between sessions.

    "The app deals for me" is switched on only while no session runs, so the measured play
    can begin right where the imported log ends.
    """
    from tracker.rules.card_rpg import apply, initial_state

    state, keep = initial_state(), 1
    for count, action in enumerate(actions, start=1):
        state = apply(state, action)
        if state.get("session") is None:
            keep = count
    return actions[:keep]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=150, help="actions to play per character")
    parser.add_argument(
        "--long",
        type=int,
        default=10_000,
        help="prior actions of the long log",
    )
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from tracker.card_rpg import services
    from tracker.rules import dump_log
    from tracker.rules.card_rpg.bot import random_game

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    users = get_user_model().objects
    result: dict = {}

    # Queries per action: a new character played from its creation.
    user = users.create_user(f"inproc{args.seed}")
    client = Client()
    client.force_login(user)
    player = _player(client, user.username, args.seed)
    player.create_character()
    player.load_page()
    player.switch_virtual_on()
    while player.actions < args.steps * 2:
        player.step()
    result["queries"] = _by_kind(player.samples)

    # An action's cost at 10 and at `--long` prior actions. The two characters take turns, one
    # action each, so that whatever else the machine does weighs on both alike.
    result["cost"] = {}
    players, built = {}, {}
    for length in (10, args.long):
        owner = users.create_user(f"inproc{args.seed}-{length}")
        client = Client()
        client.force_login(owner)
        actions = _between_sessions(random_game(args.seed, length - 1, "KS"))
        started = time.perf_counter()
        character = services.character_import(owner=owner, text=dump_log(actions))
        built[length] = time.perf_counter() - started
        players[length] = _ready_player(client, owner, character, args.seed + length, length)
    for _ in range(args.steps):
        for player in players.values():
            player.step()
    for length, player in players.items():
        samples = player.samples[player.measured_from :]
        writes = [s for s in samples if s.outcome in ("ok", "refused")]
        result["cost"][str(length)] = {
            "import_seconds": round(built[length], 1),
            "actions": len(writes),
            "ms_median": statistics.median(s.seconds * 1000 for s in writes),
            "ms_mean": statistics.fmean(s.seconds * 1000 for s in writes),
            "queries_mean": statistics.fmean(s.queries for s in writes),
            "queries_max": max(s.queries for s in writes),
            "page_queries": max((s.queries for s in samples if s.kind == "page"), default=-1),
            "by_kind": _by_kind(writes),
        }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
