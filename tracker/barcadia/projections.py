"""What a Heroes of Barcadia table keeps beside its log, folded action by action (pure functions).

The projection is JSON stored with the table's row (and with every snapshot of its log):

- ``events``: how many events have ended in the log so far (their rows are numbered 1…);
- ``turn``: the turn running now (who, its number, the log entry it began after);
- ``new``: the events the newest action ended, which the projector writes as one upsert;
- ``last``: the newest action in words, with its roll if it was one — every phone shows it
  without reading the log, and the undo button names it.

An event is over once it is in the log: a roll, a hero's death, a turn ended, the win, an
order roll. Nothing here reads the database.
"""

from __future__ import annotations

from datetime import datetime

from tracker.rules.barcadia import describe_action, fight_words, roll_result, seated
from tracker.rules.barcadia.at_the_table import instructions
from tracker.rules.barcadia.geometry import text as hex_text
from tracker.rules.barcadia.words import ROLL_TYPES
from tracker.rules.text import _


def start() -> dict:
    """The projection before the first action."""
    return {"events": 0, "turn": None, "new": [], "last": None}


def acting_hero(action: dict) -> str | None:
    """The hero an action is about (its `player`, trimmed), or None for a table-wide one."""
    player = action.get("player")
    return player.strip() if isinstance(player, str) else None


def leaders(state: dict) -> list[str]:
    """The heroes holding the most power-ups (nobody leads while nobody holds one)."""
    counts = {name: len(state["players"][name]["power_ups"]) for name in seated(state)}
    most = max(counts.values(), default=0)
    return [name for name, count in counts.items() if most and count == most]


def standing(state: dict) -> dict:
    """Every hero's health, power-ups held and deaths, and who leads: a turn's end in numbers."""
    players = state["players"]
    return {
        "hp": {name: hero["hp"] for name, hero in players.items()},
        "hp_max": {name: hero["hp_max"] for name, hero in players.items()},
        "power_ups": {name: len(hero["power_ups"]) for name, hero in players.items()},
        "deaths": {name: hero["deaths"] for name, hero in players.items()},
        "leaders": leaders(state),
    }


def step(projection: dict, before: dict, action: dict, after: dict, *, seq: int, at) -> dict:
    """The projection once action `seq` has taken effect (the given one is never changed)."""
    number = projection["events"]
    new: list[dict] = []
    when = at.isoformat() if isinstance(at, datetime) else at
    kind = action["type"]
    line = describe_action(before, action, after)
    turn_before = before["turn"]["number"] if before.get("turn") else 0

    def add(event_kind: str, hero: str, text, data: dict, turn: int) -> None:
        nonlocal number
        number += 1
        new.append(
            {
                "number": number,
                "kind": event_kind,
                "seq": seq,
                "turn": turn,
                "hero": hero,
                "text": text.to_json(),
                "data": data,
                "at": when,
            }
        )

    roll = None
    words = None
    if kind == "roll_for_order":
        rolls = {name.strip(): value for name, value in action["rolls"].items()}
        add("order", "", line, {"rolls": rolls, "order": list(after["order"])}, 0)
    elif kind in ROLL_TYPES:
        roll = roll_result(before, action)
        words = fight_words(before, action)
        other = roll["sides"][1]["hero"] if len(roll["sides"]) > 1 else ""
        add("roll", acting_hero(action) or "", line, {**roll, "other": other}, turn_before)
    elif kind == "explore" and after["tiles"][_key(action["at"])]["kind"] == "hoard":
        # The Drink Hoard turned up: the turn's one event, though no die was rolled (H-20).
        add("hoard", acting_hero(action) or "", line, {"at": list(action["at"])}, turn_before)
    if before["phase"] == "play":
        for name, hero in after["players"].items():
            if hero["deaths"] > before["players"][name]["deaths"]:
                was = before["players"][name]
                text = _(
                    "{hero} died at {at}: back to the Starting Point with a full cup",
                    hero=name,
                    at=_place_words(was["position"]),
                )
                data = {
                    "at": was["position"],
                    "dropped": list(was["power_ups"]),
                    "loot_kept": hero["loot_count"],
                }
                add("death", name, text, data, turn_before)
    turn = projection["turn"]
    now = after.get("turn")
    ended = turn is not None and (
        now is None or now["number"] != turn["number"] or after["phase"] == "over"
    )
    if ended:
        data = {
            **standing(after),
            "started_seq": turn["since"],
            "ended_seq": seq,
            "actions": seq - turn["since"],
        }
        text = _("Turn {number}: {hero}", number=turn["number"], hero=turn["hero"])
        add("turn", turn["hero"], text, data, turn["number"])
    if after["phase"] == "over" and before["phase"] != "over":
        add("win", after["winner"], line, standing(after), turn_before)
    if after["phase"] != "play":
        turn = None
    elif turn is None or ended:
        turn = {"number": now["number"], "hero": now["player"], "since": seq, "at": when}
    return {
        "events": number,
        "turn": turn,
        "new": new,
        "last": {
            "seq": seq,
            "type": kind,
            "player": acting_hero(action),
            "text": line.to_json(),
            "roll": roll,
            "words": words.to_json() if words is not None else None,
            # What to do with the real things, on every phone (tracker.rules.barcadia.at_the_table).
            "todo": [
                {"text": item["text"].to_json(), "rule": item["rule"]}
                for item in instructions(before, action, after)
            ],
        },
    }


def _key(at) -> str:
    return f"{at[0]},{at[1]}"


def _place_words(position) -> str:
    if list(position) == [0, 0]:
        return _("the Starting Point")
    return hex_text(position)
