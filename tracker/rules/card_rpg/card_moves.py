"""Where the cards are, as one action moves them: taking a named card from where it must be,
dealing, spending and claiming cards, and the table events that say so (S-01, T-08a).
"""

from ..cards import and_words, card_text, cards_text, is_ace, is_number, suit, value
from ..errors import RuleError
from ..text import _, ngettext
from . import places
from .play_base import IN_DISCARD, IN_HAND, ON_TOP, TO_BOTTOM, TO_DISCARD, TO_INVENTORY, PlayBase


class CardMoves(PlayBase):
    """Cards taken from and put into the draw pile, hand, discard pile and inventory."""

    def refuse_if_known(self, card: str, wanted: str) -> None:
        """Refuse a card named for an unknown place when it is known to be elsewhere (S-01)."""
        phrase = places.locations(self.state).get(card)
        if phrase is None:
            return
        if phrase == places.DRAW_BOTTOM and wanted == ON_TOP:
            above = self.cards["draw_unknown"] + self.cards["draw_bottom"].index(card)
            raise RuleError(
                "T-08a",
                _(
                    "{place}: it can be turned only once the {above} cards above it are drawn",
                    place=places.describe_place(card, phrase),
                    above=above,
                ),
            )
        raise RuleError(
            "S-01",
            _(
                "{place}, so it can't be {wanted}",
                place=places.describe_place(card, phrase),
                wanted=wanted,
            ),
        )

    def take_top(self, card: str, rule: str) -> None:
        """Take `card` off the top of the draw pile, refusing a card that can't be there."""
        cards = self.cards
        if self.draw_count() == 0:
            raise RuleError(rule, _("the draw pile is empty"))
        if cards["draw_unknown"] > 0:
            self.refuse_if_known(card, ON_TOP)
            cards["draw_unknown"] -= 1
            cards["dealt"] += 1
            return
        top = cards["draw_bottom"][0]
        if card != top:
            # T-08a: only the known cards put at the bottom are left, in the order put there.
            raise RuleError(
                "T-08a",
                _(
                    "the top card of the draw pile is the {top} (put at the bottom earlier, and "
                    "every card above it has been drawn), not the {card}",
                    top=card_text(top),
                    card=card_text(card),
                ),
            )
        cards["draw_bottom"].pop(0)

    def deal(self, count: int) -> list:
        """Deal up to `count` cards off the top: deal numbers for unknown cards, names for known."""
        cards, dealt = self.cards, []
        for _deal in range(count):
            if cards["draw_unknown"] > 0:
                dealt.append(cards["dealt"])
                cards["dealt"] += 1
                cards["draw_unknown"] -= 1
            elif cards["draw_bottom"]:
                dealt.append(cards["draw_bottom"].pop(0))
            else:
                break  # T-08: if the pile runs out, deal what there is
        return dealt

    def take_from_face_down(self, pile: str, card: str, rule: str, where: str) -> None:
        """Turn the next card of a face-down pile, in the order dealt (T-08a)."""
        slot = self.cards[pile][0]
        if isinstance(slot, str):
            if card != slot:
                raise RuleError(
                    "T-08a",
                    _(
                        "the next card {where} is known to be the {known}, not the {card}",
                        where=where,
                        known=card_text(slot),
                        card=card_text(card),
                    ),
                )
        else:
            self.refuse_if_known(card, where)
        self.cards[pile].pop(0)

    def hand_listing(self) -> str:
        """What the hand holds, in full: ``7♥, 6♣ and 1 card the app hasn't seen``."""
        unseen = len(self.cards["hand_unknown"])
        parts = [card_text(card) for card in self.hand["known"]]
        if unseen:
            parts.append(
                ngettext(
                    "{count} card the app hasn't seen", "{count} cards the app hasn't seen", unseen
                )
            )
        if not parts:
            return _("your hand is empty")
        return _("your hand holds {cards}", cards=and_words(parts))

    def take_from_hand(self, card: str, rule: str, before: tuple[str, int] | None = None) -> None:
        """Take a card out of the hand. `before` = (the whole hand as text, how many of its
        cards were unseen) before this play began, so a refusal lists the hand in full."""
        known = self.hand["known"]
        if card in known:
            known.remove(card)
            return
        self.refuse_if_known(card, IN_HAND)
        if not self.cards["hand_unknown"]:
            listing, unseen = before or (self.hand_listing(), 0)
            if unseen:
                message = _(
                    "the {card} isn't one of your known cards, and this play already names as "
                    "many cards the app hasn't seen as your hand holds: {hand}",
                    card=card_text(card),
                    hand=listing,
                )
            else:
                message = _(
                    "the {card} isn't one of your known cards: {hand}",
                    card=card_text(card),
                    hand=listing,
                )
            raise RuleError(rule, message)
        self.cards["hand_unknown"].pop(0)

    def take_from_discard(self, card: str) -> None:
        known = self.session["discard_pile"]
        if card in known:
            known.remove(card)
            return
        self.refuse_if_known(card, IN_DISCARD)
        if not self.cards["discard_unknown"]:
            raise RuleError(
                "T-05",
                _(
                    "the {card} is not in the discard pile: it holds {cards}",
                    card=card_text(card),
                    cards=cards_text(known),
                )
                if known
                else _("the {card} is not in the discard pile: it is empty", card=card_text(card)),
            )
        self.cards["discard_unknown"].pop(0)

    def take_from_inventory(self, card: str, rule: str) -> None:
        inventory = self.character["inventory"]
        if card not in inventory:
            phrase = places.locations(self.state).get(card)
            if inventory:
                holds = _("Your inventory holds {cards}", cards=cards_text(inventory))
            else:
                holds = _("Your inventory is empty")
            if phrase:
                message = _(
                    "the {card} is not in your inventory; it {place}. {inventory}",
                    card=card_text(card),
                    place=phrase,
                    inventory=holds,
                )
            else:
                message = _(
                    "the {card} is not in your inventory. {inventory}",
                    card=card_text(card),
                    inventory=holds,
                )
            raise RuleError(rule, message)
        inventory.remove(card)

    def to_discard(self, slot) -> None:
        if isinstance(slot, str):
            self.session["discard_pile"].append(slot)
        else:
            self.cards["discard_unknown"].append(slot)

    def to_bottom(self, card: str) -> None:
        """S-10, S-12: Diamonds and spent Aces go to the bottom of the draw pile, known (T-08a)."""
        self.cards["draw_bottom"].append(card)

    def to_hand(self, slot) -> None:
        if isinstance(slot, str):
            self.hand["known"].append(slot)
        else:
            self.cards["hand_unknown"].append(slot)

    def spend(self, card: str, announce: bool = True) -> None:
        """An inventory card once used: Aces to the bottom of the draw pile, others discarded."""
        if is_ace(card):
            self.to_bottom(card)  # S-12
            if announce:
                self.move(
                    [card],
                    TO_BOTTOM,
                    "S-12",
                    _(
                        "Put the {card} at the bottom of the draw pile (a spent Ace goes there, "
                        "not to the discard pile).",
                        card=card_text(card),
                    ),
                )
        else:
            self.to_discard(card)  # S-11
            if announce:
                self.move(
                    [card],
                    TO_DISCARD,
                    "S-11",
                    _("Put the {cards} on the discard pile.", cards=card_text(card)),
                )

    def claim(self, card: str, how: str) -> None:
        """A card claimed into the inventory (loot, Jack's card, buying): S-10, T-04a, T-17."""
        moved = {"cards": [card], "count": 1}
        if not is_number(card):
            self.to_discard(card)
            self.event(
                "discard",
                "T-17",
                _(
                    "The {card} ({how}) is not an item: put it on the discard pile.",
                    card=card_text(card),
                    how=how,
                ),
                to=TO_DISCARD,
                **moved,
            )
            return
        if suit(card) == "D" and card != "AD":
            gold = value(card)
            self.character["gold"] += gold
            self.to_bottom(card)
            self.event(
                "gold",
                "S-10",
                _(
                    "The {card} ({how}) turns into {gold} gold: put it at the bottom of the draw "
                    "pile.",
                    card=card_text(card),
                    how=how,
                    gold=gold,
                ),
                gold=gold,
                to=TO_BOTTOM,
                **moved,
            )
            return
        self.character["inventory"].append(card)
        self.event(
            "item",
            "S-10",
            _(
                "The {card} ({how}) goes into your inventory: put it with your inventory cards.",
                card=card_text(card),
                how=how,
            ),
            to=TO_INVENTORY,
            **moved,
        )

    def flush_table(self) -> None:
        """T-11, T-13: the cards played or turned this turn go to the discard pile."""
        fight = self.fight
        if fight is not None and fight["table"]:
            table = fight["table"]
            self.session["discard_pile"].extend(table)
            fight["table"] = []
            self.move(
                table,
                TO_DISCARD,
                "T-13" if fight["turn"] == "monster" else "T-11",
                _("Put the {cards} on the discard pile.", cards=cards_text(table)),
            )
