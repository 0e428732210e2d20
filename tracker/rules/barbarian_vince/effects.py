"""Card effects told by the table: draws, exhausting, restoring, discarding, items (B-29, B-31)."""

from ..errors import RuleError
from ..text import _
from .awaiting import rest_ready
from .catalogue import has_class, parse_class
from .play_base import PlayBase


class Effects(PlayBase):
    """The handlers of what a card's text does."""

    def do_random_draw(self, fields: dict) -> None:
        self.random_draw(fields)

    def do_exhaust(self, fields: dict) -> None:
        cards = self.cards(fields)
        for card in cards:
            self.in_ready(card)
        for card in cards:
            self.to_exhausted(card)

    def do_restore(self, fields: dict) -> None:
        cards = self.cards(fields)
        for card in cards:
            self.in_exhausted(card)
        for card in cards:
            self.to_ready(card)

    def do_discard(self, fields: dict) -> None:
        cards = self.cards(fields)
        self.check_discard(cards, self.flag(fields, "conditions_met"))
        resting = rest_ready(self.old)
        for card in cards:
            self.discard(card)
        if resting:
            self.new["phase"] = "rest"

    def do_draw_item(self, fields: dict) -> None:
        item_class = parse_class(fields.get("class"), "BT-14") if "class" in fields else None
        if item_class is None:
            raise RuleError("A-02", _("name the item class drawn for"))
        card = self.card(fields)
        self.in_deck(card)
        if not has_class(self.catalogue[card], item_class):
            raise RuleError(
                "B-31", _("{card} is not a {item_class} item", card=card, item_class=item_class)
            )
        self.to_ready(card)
