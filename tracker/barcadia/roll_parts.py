"""A two-sided roll built from each phone's part (team battle, boss fight, duel).

The actions contract records such a roll as one action holding both dice and every modifier
(`team_battle`, `boss_fight`, `duel`), and has no place for half a roll. So the parts wait
outside the log, in the table's `roll_draft`: the explorer (or challenger) names the other side,
then each side's phone gives its die and its own modifiers; when the last part is in, the one
contract action is built from them and applied, and the draft is cleared. Undo clears it too.

A draft only counts while the table still waits for that roll (`current`): the same pending
item (or, for a duel not yet rolled, the same challenge still open). Pure functions: no database.
"""

from __future__ import annotations

from tracker.rules.barcadia import duel_targets

KINDS = ("team_battle", "boss_fight", "duel")
# The field that names the other side, and the one that holds their die, by action type.
OTHER = {"team_battle": "partner", "boss_fight": "boss_player", "duel": "target"}
OTHER_ROLL = {"team_battle": "partner_roll", "boss_fight": "boss_roll", "duel": "target_roll"}


def new(kind: str, player: str, other: str | None, at=None) -> dict:
    """A draft with no part in yet."""
    return {"kind": kind, "player": player, "other": other, "at": at, "parts": {}}


def current(state: dict, draft: dict | None) -> dict | None:
    """The draft if the table still waits for its roll, else None (a stale draft counts not)."""
    if not draft or state.get("phase") != "play":
        return None
    kind, player, other = draft["kind"], draft["player"], draft["other"]
    if player not in state["players"] or other not in state["players"] or other == player:
        return None
    first = state["pending"][0] if state["pending"] else None
    if kind in ("team_battle", "boss_fight"):
        if first is None or first["kind"] != kind or first["player"] != player:
            return None
        if first["at"] != draft["at"]:
            return None
        if kind == "boss_fight" and first["boss_player"] not in (None, other):
            return None
        return draft
    if first is not None:
        same = first["kind"] == "duel" and first["player"] == player and first["target"] == other
        return draft if same else None
    return draft if other in duel_targets(state, player) else None


def sides(state: dict, draft: dict | None) -> dict | None:
    """The two-sided roll the table waits for now, if any: ``{"kind", "player", "other",
    "at", "parts"}`` — `other` None while the explorer has still to name them."""
    draft = current(state, draft)
    first = state["pending"][0] if state.get("phase") == "play" and state["pending"] else None
    if first is not None and first["kind"] in KINDS:
        fixed = first.get("boss_player") if first["kind"] == "boss_fight" else None
        if first["kind"] == "duel":
            fixed = first["target"]
        other = fixed or (draft["other"] if draft else None)
        parts = draft["parts"] if draft else {}
        return {
            "kind": first["kind"],
            "player": first["player"],
            "other": other,
            "at": first.get("at"),
            "parts": parts,
            "again": fixed is not None,
        }
    if draft is not None and draft["kind"] == "duel":
        return {**draft, "again": False}
    return None


def action(roll: dict, parts: dict) -> dict:
    """The one contract action of a roll whose both parts are in."""
    kind, player, other = roll["kind"], roll["player"], roll["other"]
    return {
        "type": kind,
        "player": player,
        OTHER[kind]: other,
        "roll": parts[player]["roll"],
        OTHER_ROLL[kind]: parts[other]["roll"],
        "modifiers": [*parts[player]["modifiers"], *parts[other]["modifiers"]],
    }


def trial(roll: dict, hero: str, part: dict) -> dict:
    """An action with only `hero`'s part real (the other side's die a 1, no modifiers): the
    engine checks that part's modifiers with it before the part is kept."""
    other_side = roll["other"] if hero == roll["player"] else roll["player"]
    parts = {hero: part, other_side: {"roll": 1, "modifiers": []}}
    return action(roll, parts)
