"""Exploring: turning up a tile next to the hero and what it holds (H-09, HT-08, HT-09)."""

from ..errors import RuleError
from ..text import _
from . import board, fields
from .geometry import are_adjacent, is_start
from .geometry import key as hex_key
from .geometry import text as hex_text
from .play_base import HOARD_POWER_UPS, PlayBase, hex_list
from .words import face_words


class Exploring(PlayBase):
    """The handler of the turn's explore action."""

    def do_explore(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        at = fields.required_hex(action, "at")
        face = fields.face(action["tile"]) if fields.given(action, "tile") else None
        self.turn_action("explore", name)
        if self.turn["actions_left"] < 1:
            raise RuleError("H-08", _("you have already taken your action this turn"))
        here = self.where(name)
        if is_start(at):
            raise RuleError(
                "H-02",
                _(
                    "{at} is a start tile: the Starting Point has nothing to turn up",
                    at=hex_text(at),
                ),
            )
        if not are_adjacent(here, at):
            raise RuleError(
                "H-09",
                _(
                    "{at} is not next to {hero}'s place {here}",
                    at=hex_text(at),
                    hero=name,
                    here=hex_text(here),
                ),
            )
        dungeon = self.state["dungeon"]
        record = self.state["tiles"].get(hex_key(at))
        if record is not None and record["face"] == "up":
            if record["kind"] == "hoard":
                raise RuleError(
                    "H-20",
                    _(
                        "the Drink Hoard at {at} is already face up: challenge the guardian",
                        at=hex_text(at),
                    ),
                )
            raise RuleError("H-09", _("the tile at {at} is already face up", at=hex_text(at)))
        if record is None:
            if dungeon["recorded"] >= dungeon["size"]:
                raise RuleError(
                    "HT-03",
                    _(
                        "all {size} dungeon tiles are already recorded: {at} can't hold a new one",
                        size=dungeon["size"],
                        at=hex_text(at),
                    ),
                )
            if face is None:
                raise RuleError(
                    "HT-08",
                    _("say what you turned up at {at}: its kind and values", at=hex_text(at)),
                )
            if face["kind"] == "hoard" and dungeon["hoard"] is not None:
                raise RuleError(
                    "HT-03",
                    _(
                        "there is only one Drink Hoard, and it is at {at}",
                        at=hex_text(dungeon["hoard"]),
                    ),
                )
        elif face is not None and not _same_face(record, face):
            raise RuleError(
                "HT-08",
                _(
                    "the tile at {at} was recorded as {recorded}: that is not what you typed",
                    at=hex_text(at),
                    recorded=face_words(record),
                ),
            )
        self.spend_action()
        if record is None:
            self.state["dungeon"] = dungeon = {**dungeon, "recorded": dungeon["recorded"] + 1}
            self.state["tiles"][hex_key(at)] = _new_tile(at, face)
            self._tiles.add(hex_key(at))
        tile = self.tile(at)
        tile["face"] = "up"
        kind = tile["kind"]
        if kind == "portal":
            self.enter(name, at)
        elif kind == "reward":
            tile["taken"] = True  # H-17: it gives nothing more
            self.enter(name, at)
            self.take_reward(name, tile["reward"])
        elif kind in board.FIGHT_KINDS:
            item = {"kind": _FIGHT_ITEMS[kind], "player": name, "at": hex_list(at)}
            if kind == "boss":
                item["boss_player"] = None
            self.pending.append(item)
        else:  # the Drink Hoard: the explorer stays where they are (HT-13)
            self.state["dungeon"] = {**dungeon, "hoard": hex_list(at)}
            if len(self.state["players"][name]["power_ups"]) >= HOARD_POWER_UPS:
                self.pending.append({"kind": "hoard", "player": name, "at": hex_list(at)})
            else:
                self.end_turn()  # H-20: with fewer than three, the turn ends at once


_FIGHT_ITEMS = {"monster": "fight", "team_monster": "team_battle", "boss": "boss_fight"}


def _new_tile(at, face: dict) -> dict:
    """A tile record in the order the state prints it (HT-08)."""
    tile = {"at": hex_list(at), "kind": face["kind"], "face": "up"}
    kind = face["kind"]
    if kind in ("monster", "team_monster"):
        tile |= {"level": face["level"], "damage": face["damage"], "reward": face["reward"]}
        tile["defeated"] = False
    elif kind == "boss":
        tile |= {"level": face["level"], "attack": face["attack"], "reward": face["reward"]}
        tile["defeated"] = False
    elif kind == "reward":
        tile |= {"reward": face["reward"], "taken": False}
    elif kind == "hoard":
        tile |= {"level": face["level"], "attack": face["attack"]}
    tile |= {"traps": 0, "power_ups": []}
    return tile


def _same_face(record: dict, face: dict) -> bool:
    """HT-08: kind and every value equal (missing reward keys read as 0)."""
    if record["kind"] != face["kind"]:
        return False
    return all(record.get(name) == value for name, value in face.items())
