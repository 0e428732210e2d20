"""Loot cards gained, noted, played and set as traps (H-13, H-21, H-24, HT-15, HT-18)."""

from ..errors import RuleError
from ..text import _, ngettext
from . import board, fields
from .geometry import is_start
from .geometry import key as hex_key
from .geometry import text as hex_text
from .play_base import MAX_TRAPS, PlayBase


class Loot(PlayBase):
    """The handlers of loot cards."""

    def do_gain_loot(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        count = 1
        if fields.given(action, "count"):
            count = fields.integer(action["count"], "count", 1, 10, _("a number of loot cards"))
        cards = fields.names(action, "cards", required=False)
        if len(cards) > count:
            raise fields.refuse("cards", _("name at most the {count} cards gained", count=count))
        hero = self.hero(name)
        hero["loot_count"] += count
        hero["loot_known"].extend(cards)

    def do_note_loot(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        cards = fields.names(action, "cards", required=True)
        unnamed = board.unnamed_loot(self.state["players"][name])
        if len(cards) > unnamed:
            raise RuleError(
                "HT-15",
                ngettext(
                    "{hero} holds {count} loot card with no name noted",
                    "{hero} holds {count} loot cards with no name noted",
                    unnamed,
                    hero=name,
                ),
            )
        self.hero(name)["loot_known"].extend(cards)

    def loot_timing(self, name: str, when: str) -> None:
        """H-13, H-21, HT-15: a card is played at the time it says."""
        if when == "your_turn" and name != self.active():
            raise RuleError(
                "HT-15",
                _(
                    "a during-your-turn card is played only by {active}, whose turn it is",
                    active=self.active(),
                ),
            )
        if when == "between_turns" and self.turn["started"]:
            raise RuleError(
                "H-13",
                _(
                    "{active}'s turn has started: between-turns cards wait for the turn's end",
                    active=self.active(),
                ),
            )

    def do_play_loot(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        when = fields.choice(action, "when", ("your_turn", "between_turns"))
        card = fields.card_name(action["card"], "card") if fields.given(action, "card") else None
        extra = fields.boolean(action, "extra_action")
        self.loot_timing(name, when)
        if extra and when != "your_turn":
            raise RuleError("HT-17", _("an extra action comes from a during-your-turn card"))
        self.spend_loot(name, card)
        if when == "your_turn":
            self.turn["started"] = True
        if extra:
            self.turn["actions_left"] += 1  # HT-17

    def do_set_trap(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        at = fields.required_hex(action, "at")
        when = fields.choice(action, "when", ("your_turn", "between_turns"))
        card = fields.card_name(action["card"], "card") if fields.given(action, "card") else None
        self.card_effect("set_trap")
        self.loot_timing(name, when)
        if is_start(at):
            raise RuleError("H-02", _("no trap can be set on the Starting Point"))
        tile = self.state["tiles"].get(hex_key(at))
        if tile is not None and tile["kind"] == "hoard":
            raise RuleError("H-24", _("no trap can be set on the Drink Hoard"))
        if tile is None or not board.is_open(self.state, at):
            raise RuleError(
                "HT-18", _("a trap goes only in an open room; {at} is not one", at=hex_text(at))
            )
        others = board.heroes_at(self.state, at)
        if others:
            raise RuleError(
                "H-24",
                _(
                    "{hero} is in {at}: a trap goes in an empty room",
                    hero=others[0],
                    at=hex_text(at),
                ),
            )
        if tile["traps"] >= MAX_TRAPS:
            raise RuleError("H-24", _("a room holds at most three traps"))
        self.spend_loot(name, card)
        self.tile(at)["traps"] += 1
        if when == "your_turn":
            self.turn["started"] = True
