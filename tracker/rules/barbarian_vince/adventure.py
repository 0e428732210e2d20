"""The adventure's beginning, its cards registered, its setup and its end (B-08, B-09, BT-01, BT-03)."""

from ..errors import RuleError
from ..text import _
from . import places
from .catalogue import build_entry, clean_text, has_class, location_entry
from .play_base import FIELD_WORDS, PlayBase
from .ruleset import normalise_ruleset


class Adventure(PlayBase):
    """The handlers that begin, set up and end the adventure."""

    def do_begin_adventure(self, fields: dict) -> None:
        self.new["ruleset"] = normalise_ruleset(fields.get("ruleset"))
        if "name" in fields:
            self.new["name"] = clean_text(fields["name"], "A-02", FIELD_WORDS["name"])
        self.new["status"] = "setup"

    def do_register_card(self, fields: dict) -> None:
        internal = self.new["internal"]
        card, entry = build_entry(fields, self.catalogue, internal["player_card"])
        # A new dict: earlier states share the old catalogue and must not see the card.
        self.new["catalogue"] = {**self.catalogue, card: entry}
        if entry["kind"] == "player":
            self.internal()["player_card"] = card

    def do_setup(self, fields: dict) -> None:
        item = self.card(fields, "item")
        player = self.new["internal"]["player_card"]
        if player is None:
            raise RuleError("BT-03", _("enter the Player Card first"))
        map_one = self.catalogue.get("Map 1")
        if map_one is None or map_one["kind"] != "map":
            raise RuleError("BT-03", _("enter Map 1 first"))
        if location_entry(self.catalogue, "Map 1", "Ulendi") is None:
            raise RuleError("BT-03", _("Map 1 must show Ulendi, where Vince starts"))
        self.in_deck(item)
        if not has_class(self.catalogue[item], "Common"):
            raise RuleError(
                "B-09",
                _("{card} is not a Common item: draw on until a Common item turns up", card=item),
            )
        self.new["status"] = places.PLAYING
        self.new["ready"] = [item, player, "Map 1"]
        self.new["exhausted"] = []
        self.new["location"] = {"map": "Map 1", "location": "Ulendi"}
        self.new["turn"] = 1
        self.new["phase"] = "travel" if self.ruleset["first_turn"] == "travel" else "encounter"
        self.new["recoveries_left"] = 1

    def do_one_year_passed(self, fields: dict) -> None:
        self.new["years"] += 1
        if self.ruleset["one_year"] == "end":
            self.new["status"] = "ended"
        else:
            self.new["interlude"] = True

    def do_resume(self, fields: dict) -> None:
        self.new["interlude"] = False

    def do_die(self, fields: dict) -> None:
        how = self.choice(fields, "how", ("died", "removed"), "died")
        self.new["status"] = "dead" if how == "died" else "removed"

    def do_end_adventure(self, fields: dict) -> None:
        self.new["status"] = "ended"
