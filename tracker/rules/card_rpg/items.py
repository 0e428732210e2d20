"""Inventory cards in play (S-08, S-10, S-12); a duel's play (T-33) differs only in which round
the cards act on, what the Aces do and the word for a play.
"""

from ..cards import (
    SUIT_NAMES,
    CardNotationError,
    card_text,
    is_ace,
    or_words,
    parse_suit,
    suit,
    value,
)
from ..errors import RuleError
from ..text import _
from .play_base import PlayBase


class Items(PlayBase):
    """Inventory cards used in a turn: which may be, as what, and what each does."""

    ITEMS_STEP = "character_turn"  # the step at which inventory cards are played

    def round_of_play(self) -> dict | None:
        """What inventory cards act on: the fight."""
        return self.fight

    def ace_item(self, card: str) -> dict | None:
        """An Ace usable for its own power (T-04a): the A♠ and A♣; the A♥ and A♦ are not played."""
        if card == "AS":
            return {"card": card, "as": ["S"], "effect": _("kills the monster")}
        if card == "AC":
            return {"card": card, "as": ["C"], "effect": _("blitz: play any cards")}
        return None

    def ace_of_spades_effect(self) -> str:
        """What the A♠ does, said on its button."""
        return _("kills the monster")

    def extra_play_effect(self) -> str:
        """What a Club used from the inventory gives (S-10)."""
        return _("one extra attack")

    def separate_plays_hint(self) -> str:
        """S-20 with S-10: cards of different ranks need a Club's extra play each."""
        return _(
            "Cards of different ranks go in separate attacks: each Club you use gives one "
            "more attack this turn."
        )

    def usable_items(self) -> list[dict]:
        """Inventory cards usable now, with the suits each may be used as (S-08, S-10, S-12)."""
        played = self.round_of_play()
        if played is None or self.internal["step"] != self.ITEMS_STEP:
            return []
        class_suit, items = self.class_suit(), []
        for card in self.character["inventory"]:
            if is_ace(card):
                ace = self.ace_item(card)
                if ace is not None:
                    items.append(ace)
                continue
            suits = []
            for as_suit in dict.fromkeys([suit(card), class_suit]):
                if as_suit == "S" and not played["attacked"]:
                    suits.append("S")  # T-04b: Spades only before the turn's first play
                elif as_suit == "C":
                    suits.append("C")
            if suits:
                effects = {
                    "S": _("{damage} damage", damage=value(card)),
                    "C": self.extra_play_effect(),
                }
                items.append(
                    {"card": card, "as": suits, "effect": or_words([effects[s] for s in suits])}
                )
        return items

    def item_uses(self) -> list[dict]:
        """Each inventory card and suit it may be used as now, with what it does in words."""
        uses = []
        for item in self.usable_items():
            card = item["card"]
            for as_suit in item["as"]:
                if card == "AS":
                    effect = self.ace_of_spades_effect()
                elif card == "AC":
                    effect = _("blitz: your next play may be any cards from your hand")
                elif as_suit == "S":
                    effect = _("{damage} damage", damage=value(card))
                else:
                    effect = self.extra_play_effect()
                if as_suit == suit(card):
                    text = _("Use the {card}: {effect}", card=card_text(card), effect=effect)
                else:
                    text = _(
                        "Use the {card} as a {suit}: {effect}",
                        card=card_text(card),
                        suit=SUIT_NAMES[as_suit],
                        effect=effect,
                    )
                uses.append({"card": card, "as": as_suit, "effect": effect, "text": text})
        return uses

    def mixed_ranks_hint(self, uses: list[dict]) -> str | None:
        """S-20, S-12, S-10: how cards of different ranks could be played, if they can't now."""
        played = self.round_of_play()
        if played["blitz"]:
            return None
        if any(use["card"] == "AC" for use in uses):
            return _("To play cards of different ranks at once, use the A♣ first.")
        if played["extra_attacks"] or any(use["as"] == "C" for use in uses):
            return self.separate_plays_hint()
        return None

    def item_used_as(self, card: str, action: dict) -> str:
        """The suit an inventory card is used as: its own, or the character's (S-08, T-04b)."""
        used_as = suit(card)
        if action.get("as") is None:
            return used_as
        try:
            wanted = parse_suit(action["as"])
        except CardNotationError as exc:
            raise RuleError("S-08", exc.args[0]) from None
        if wanted == used_as:
            return used_as
        if is_ace(card):
            raise RuleError(
                "T-04b",
                _(
                    "an Ace keeps its own power (T-04a): the {card} can't be used as another suit",
                    card=card_text(card),
                ),
            )
        if wanted != self.class_suit():
            raise RuleError(
                "S-08",
                _(
                    "a {card} character may use an inventory card as its own suit or as a {suit}",
                    card=card_text(self.character["class"]),
                    suit=SUIT_NAMES[self.class_suit()],
                ),
            )
        return wanted

    def do_use_item(self, action: dict) -> None:
        card = self.card_field(action)
        self.take_from_inventory(card, "S-11")
        used_as = self.item_used_as(card, action)
        if used_as in ("H", "D"):
            refuse_unplayed(card, used_as)
        played = self.round_of_play()
        if card == "AS":
            self.use_ace_of_spades(card)
        elif card == "AC":
            played["blitz"] = True
            self.event(
                "blitz", "S-12", _("The A♣: your next play may be any cards from your hand.")
            )
            self.spend(card)
        elif used_as == "S":
            self.use_as_spade(card)
        else:
            played["extra_attacks"] += 1  # S-10, T-15
            self.event("club", "S-10", self.club_used_text(card))
            self.spend(card)

    def use_ace_of_spades(self, card: str) -> None:
        """S-12: the A♠ kills the monster outright."""
        fight = self.fight
        fight["monster_hp"] = min(fight["monster_hp"], 0)
        self.event(
            "ace_of_spades",
            "S-12",
            _("The A♠ kills the {monster} outright.", monster=card_text(fight["monster"])),
        )
        self.spend(card)
        self.win()

    def use_as_spade(self, card: str) -> None:
        """S-10: a Spade's damage, only before the turn's first attack (T-04b)."""
        if self.fight["attacked"]:
            raise RuleError("T-04b", _("a Spade can be used only before the turn's first attack"))
        self.spend(card)
        self.hit_monster(value(card), _("{card} used as a Spade", card=card_text(card)))

    def club_used_text(self, card: str) -> str:
        """S-10: what a Club used from the inventory gives, said as it is used."""
        return _("{card} used as a Club: one extra attack this turn.", card=card_text(card))


def refuse_unplayed(card: str, used_as: str) -> None:
    """S-12, S-10, S-09: Hearts and Diamonds are never played; say what they are for instead."""
    if card == "AH":
        message = _("the {card} is not played: it saves you when you die", card=card_text(card))
        raise RuleError("S-12", message)
    if card == "AD":
        message = _("the {card} is not played: it pays for buying back cards", card=card_text(card))
        raise RuleError("S-12", message)
    if used_as == "H":
        raise RuleError(
            "S-10",
            _(
                "the {card} as a Heart is not played: it saves you when your HP falls below zero",
                card=card_text(card),
            ),
        )
    raise RuleError(
        "S-09",
        _(
            "a Diamond is not played: a Diamond character may sell the {card}",
            card=card_text(card),
        ),
    )
