"""Moving: a walk of one or two steps and the portals (H-10, H-18, HT-07, HT-12, HT-20)."""

from ..errors import RuleError
from ..text import _
from . import board, fields
from .geometry import ORIGIN, are_adjacent, place_of
from .geometry import key as hex_key
from .geometry import text as hex_text
from .play_base import PlayBase


class Moving(PlayBase):
    """The handlers that take a hero from place to place."""

    def do_move(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        path = action.get("path")
        if not isinstance(path, list):
            raise fields.refuse("path", _("list the steps of the move"))
        if not 1 <= len(path) <= 2:
            raise RuleError("H-10", _("a move is one or two steps, not {count}", count=len(path)))
        steps = [place_of(fields.hex_(step, f"path[{index}]")) for index, step in enumerate(path)]
        self.turn_action("move", name)
        if self.turn["actions_left"] < 1:
            raise RuleError("H-08", _("you have already taken your action this turn"))
        start = previous = self.where(name)
        for index, step in enumerate(steps):
            self.check_step(name, previous, step, last=index == len(steps) - 1)
            previous = step
        if steps[-1] == start:
            raise RuleError("HT-07", _("a move must end somewhere other than where it began"))
        self.spend_action()
        self.walk(name, steps)

    def check_step(self, name: str, previous, step, last: bool) -> None:
        """HT-07, HT-20: one step of a move."""
        if step == previous:
            if step == ORIGIN:
                raise RuleError("HT-07", _("moving within the Starting Point is no step at all"))
            raise RuleError("HT-07", _("each step goes to another place"))
        if not are_adjacent(previous, step):
            raise RuleError(
                "HT-07",
                _("{to} is not next to {at}", to=hex_text(step), at=hex_text(previous)),
            )
        tile = self.state["tiles"].get(hex_key(step))
        if tile is None or tile["face"] == "down":
            raise RuleError(
                "H-10", _("{at} is not a revealed tile: explore it first", at=hex_text(step))
            )
        if tile["kind"] == "hoard":
            raise RuleError("H-20", _("nobody may enter or pass through the Drink Hoard"))
        if not board.is_open(self.state, step):
            raise RuleError("HT-07", _("{at} can't be walked into now", at=hex_text(step)))
        others = board.heroes_at(self.state, step, but=name) if step != ORIGIN else []
        if others:
            blocker = {"hero": others[0], "at": hex_text(step)}
            if self.ruleset["rooms"] != "shared":
                raise RuleError(
                    "HT-20", _("{hero} stands in {at}: beat them in a duel to get past", **blocker)
                )
            if not last:
                raise RuleError(
                    "HT-20",
                    _("{hero} stands in {at}: you may stop there but not pass through", **blocker),
                )

    def do_use_portal(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        to = place_of(fields.required_hex(action, "to"))
        self.turn_action("use_portal", name)
        turn = self.turn
        if turn["portal_used"]:
            raise RuleError("H-18", _("a portal may be used once per turn"))
        here = self.where(name)
        if not board.is_portal(self.state, here):
            raise RuleError("H-18", _("{hero} is not on a portal", hero=name))
        if self.ruleset["portal"] == "on_arrival" and not turn["arrived"]:
            raise RuleError(
                "HT-12",
                _("table rule: a portal works only for a hero who entered it this turn"),
            )
        if not board.portal_free(self.state, here, name):
            raise RuleError(
                "HT-12",
                _(
                    "{hero} stands on this portal too: beat them in a duel before using it",
                    hero=board.heroes_at(self.state, here, but=name)[0],
                ),
            )
        if to == here:
            raise RuleError("H-18", _("{hero} is already on that portal", hero=name))
        if not board.is_portal(self.state, to):
            raise RuleError("H-18", _("{at} is not a portal", at=hex_text(to)))
        if not board.portal_free(self.state, to, name):
            raise RuleError(
                "HT-12",
                _(
                    "{hero} stands on the portal at {at}: beat them in a duel before going there",
                    hero=board.heroes_at(self.state, to, but=name)[0],
                    at=hex_text(to),
                ),
            )
        turn["portal_used"] = True
        turn["started"] = True
        self.enter(name, to)  # HT-12: traps in the portal reached are sprung
