"""The worst log files a signed-up player can upload, one per game, of any length.

    .venv/bin/python bench/worst_files.py [--actions 20000] [--out DIR]

Each file is legal (its game's engine accepts every action) and shaped to make one record as
costly as it can be to import, keep and back up:

- Barbarian Vince: an open encounter, then nothing but `move` effects in that one turn (BT-07,
  rules/barbarian-vince-actions.md) — every move lengthens the open turn's journey, the part of
  the projection that grows without bound inside one turn.
- Card RPG: the bot's career (tracker.rules.card_rpg.bot) of that many actions: sessions and
  fights one after another, the shape whose state (inventory, counters) grows the most.
- Barcadia: six heroes played by the table bot (tracker.rules.barcadia.bot) for 1,500 actions,
  then each hero ends every turn at once: the most turn-end events (each a history row and a
  summary in words) a table's log can hold.

`worst_file(game, actions)` gives the file's bytes; the command writes all three to `--out`.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GAMES = ("card-rpg", "barbarian-vince", "heroes-of-barcadia")


def barbarian_vince_actions(actions: int, seed: int = 7) -> list[dict]:
    """An opening, an encounter drawn and left open, then `move`s until `actions` in all."""
    from tracker.rules.barbarian_vince import apply, bot, initial_state
    from tracker.rules.errors import RuleError

    rng = random.Random(seed)
    log = bot.opening(rng)
    state = initial_state()
    for action in log:
        state = apply(state, action)
    for candidate in bot.candidates(state, "draw_encounter", rng, limit=20):
        try:
            steps = bot.apply_all(state, candidate)
        except RuleError:
            continue
        after = steps[-1][2]
        if after["encounter"] is not None and after["check"] is None:
            log += candidate
            state = after
            break
    else:  # pragma: no cover - the opening always has an encounter to draw
        raise RuntimeError("no encounter could be drawn after the opening")
    places = [("Map 1", "Rat Harbor"), ("Map 1", "Bridgewater"), ("Map 1", "Southglen Forest")]
    index = 0
    while len(log) < actions:
        where, name = places[index % len(places)]
        log.append({"type": "move", "map": where, "location": name})
        index += 1
    return log


def card_rpg_actions(actions: int, seed: int = 5) -> list[dict]:
    """The bot's career: `actions` actions, creation included."""
    from tracker.rules.card_rpg.bot import random_game

    return random_game(seed, actions - 1, "KS")


def barcadia_actions(actions: int, seed: int = 3, opening: int = 1_500) -> list[dict]:
    """Six heroes' game by the table bot for `opening` actions (the dungeon explored, heroes
    hurt and laden), then every hero ends each turn at once until `actions` in all: the most
    turn-end events (one history row each) a table's log can hold."""
    from tracker.rules.barcadia import engine
    from tracker.rules.barcadia.bot import RandomTable
    from tracker.rules.errors import RuleError

    longest: list[dict] = []
    for attempt in range(20):
        # A bot game may be won before its opening is over (the bot's choices follow set
        # order too): then the next seed.
        log = _barcadia_game(engine, RandomTable, RuleError, seed + attempt, actions, opening)
        if len(log) >= actions:
            return log
        longest = max(longest, log, key=len)
    return longest


def _barcadia_game(engine, RandomTable, RuleError, seed: int, actions: int, opening: int):
    rng = random.Random(seed)
    table = RandomTable(rng, 6)
    state = engine.initial_state()
    log: list[dict] = []
    while len(log) < actions:
        chosen = None
        if len(log) >= opening and "end_turn" in state["awaiting"]["action"]:
            action = {"type": "end_turn", "player": state["turn"]["player"]}
            try:
                chosen = action, engine.apply(state, action)
            except RuleError:
                chosen = None
        if chosen is None:
            chosen = table.choose(state)
        if chosen is None:
            break  # the game is over
        log.append(chosen[0])
        state = chosen[1]
    return log


def worst_actions(game: str, actions: int) -> list[dict]:
    """The actions of the worst file of `game` with (at most) `actions` actions."""
    return {
        "card-rpg": card_rpg_actions,
        "barbarian-vince": barbarian_vince_actions,
        "heroes-of-barcadia": barcadia_actions,
    }[game](actions)


def worst_file(game: str, actions: int) -> bytes:
    """The worst file of `game` as the import form takes it."""
    from tracker.rules import dump_log

    extra = {} if game == "card-rpg" else {"game": game}
    return dump_log(worst_actions(game, actions), name="Worst", **extra).encode()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--out", default=".")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        data = worst_file(game, args.actions)
        path = out / f"worst-{game}-{args.actions}.cardrpg.json"
        path.write_bytes(data)
        print(f"{path}: {len(data) / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
