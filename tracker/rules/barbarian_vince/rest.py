"""Rest: recovering, trading and the turn's end (B-32, B-33, BT-04, BT-07)."""

from ..errors import RuleError
from ..text import _
from . import places
from .catalogue import has_class
from .play_base import PlayBase


class Rest(PlayBase):
    """The handlers of the Rest phase."""

    def do_recover(self, fields: dict) -> None:
        cards = self.cards(fields)
        recovery = self.new["skills"]["recovery"]
        if len(cards) > recovery:
            raise RuleError(
                "B-32", _("Recovery {value}: restore at most {value} cards", value=recovery)
            )
        for card in cards:
            self.in_exhausted(card)
        for card in cards:
            self.to_ready(card)
        self.new["recoveries_left"] -= 1
        self.new["phase"] = "rest"

    def do_trade(self, fields: dict) -> None:
        item_class = self.choice(fields, "class", ("common", "uncommon"), None).capitalize()
        give = self.cards(fields, "give")
        if item_class not in places.trade_classes(self.new):
            where = self.new["location"]["location"]
            if item_class == "Uncommon":
                raise RuleError(
                    "B-33",
                    _("an Uncommon item is bought only in a City; {place} is not one", place=where),
                )
            raise RuleError(
                "B-33",
                _(
                    "trading needs a Village, a City or a Port; {place} is none of them",
                    place=where,
                ),
            )
        cost = places.trade_cost(item_class)
        if len(give) < cost:
            raise RuleError(
                "B-33",
                _(
                    "{item_class} items cost at least {count} cards",
                    item_class=item_class,
                    count=cost,
                ),
            )
        self.check_discard(give, self.flag(fields, "conditions_met"))
        # The price is checked before the item drawn: no card to enter for a trade refused.
        card = self.card(fields)
        if card in give:
            raise RuleError("BT-15", _("{card} is one of the cards given", card=card))
        self.in_deck(card)
        if not has_class(self.catalogue[card], item_class):
            raise RuleError(
                "B-33", _("{card} is not a {item_class} item", card=card, item_class=item_class)
            )
        for given in give:
            self.discard(given)
        self.to_ready(card)
        self.new["trades"] += 1
        self.new["phase"] = "rest"

    def do_end_turn(self, fields: dict) -> None:
        internal = self.internal()
        where = self.new["location"]
        here = [where["map"], where["location"]]
        internal["encounter_places_last_turn"] = internal["encounter_places"]
        self.new["encounter_here_last_turn"] = here in internal["encounter_places"]
        self.new["turn"] += 1
        self.new["laid_low"] = False
        self.new["recoveries_left"] = 1
        self.new["trades"] = 0
        self.clear_check()
        encounter = self.new["encounter"]
        if encounter is not None and encounter["suspended"]:
            # BT-07: the ongoing encounter is the new turn's encounter, here.
            self.new["encounter"] = {**encounter, "suspended": False}
            self.new["phase"] = "encounter"
            self.new["encounters_this_turn"] = 1
            internal["encounter_places"] = [here]
        else:
            self.new["phase"] = "lay_low"
            self.new["encounters_this_turn"] = 0
            internal["encounter_places"] = []
