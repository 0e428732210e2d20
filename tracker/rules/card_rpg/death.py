"""Death: the saves that may stop it, and what a death costs (S-07, S-23, T-21–T-22a)."""

from ..cards import card_text, cards_text, is_ace, suit, value
from ..errors import RuleError
from ..text import _, ngettext
from .play_base import TO_BOTTOM, TO_DISCARD, TO_HAND, TO_INVENTORY, PlayBase


class Death(PlayBase):
    """A dying character saved, or dead and what is lost."""

    def saves(self) -> list[dict]:
        """Possible saves, smallest Heart first and the A♥ last (T-21, T-22a)."""
        if self.internal["deadly"]:
            hearts = []  # T-12: Hearts do not save from a deadly blow
        else:
            heart_class = self.class_suit() == "H"
            hearts = [
                card
                for card in self.character["inventory"]
                if not is_ace(card) and (suit(card) == "H" or heart_class)
            ]
        options = [{"card": card, "hp": value(card)} for card in sorted(hearts, key=value)]
        if "AH" in self.character["inventory"]:
            options.append({"card": "AH", "hp": self.character["hp_max"]})  # S-12
        return options

    def dying(self, deadly: bool) -> None:
        """S-23, T-22a: HP below zero (or a deadly blow): wait for a save, or die at once."""
        self.internal["pending"] = []
        self.internal["deadly"] = deadly
        if self.saves():
            self.set_step("save")
        else:
            self.die()

    def do_save(self, action: dict) -> None:
        card = self.card_field(action)
        options = {option["card"]: option["hp"] for option in self.saves()}
        if card not in options:
            listed = cards_text(list(options))
            raise RuleError(
                "T-22a",
                _(
                    "the {card} can't save you now: choose {cards} or accept death",
                    card=card_text(card),
                    cards=listed,
                ),
            )
        self.take_from_inventory(card, "T-22a")
        saved = self.round_of_play()  # a save is an inventory card acting on the fight or duel
        saved["hp"] = options[card]
        saved["deadly_blow"] = False
        self.internal["deadly"] = False
        self.event(
            "save",
            "S-12" if card == "AH" else "S-10",
            _("The {card} saves you: HP {hp}.", card=card_text(card), hp=options[card]),
        )
        self.spend(card)
        self.after_save(options[card])

    def after_save(self, hp: int) -> None:
        """T-13: the monster's attack is over and the character lives: its turn."""
        self.character_turn()

    def do_accept_death(self, action: dict) -> None:
        self.die()

    def die(self) -> None:
        """T-22: deaths +1; no XP or loot; XP to 0 unless a Queen; a King may keep the hand."""
        self.record_death()
        self.fight["result"] = "died"
        self.flush_table()  # T-13: the attack card that killed goes to the discard pile
        if self.class_rank() == "K" and self.hand_count() > 0:
            self.set_step("keep_hand")  # S-07
        else:
            self.finish_death(keep=False)

    def record_death(self) -> None:
        """T-22: deaths +1 and the XP lost (none for a Queen, S-07), said in a `death` event."""
        character = self.character
        character["deaths"] += 1
        lost_xp = character["xp"] if self.class_rank() != "Q" else 0
        character["xp"] -= lost_xp
        self.internal["deadly"] = False
        if lost_xp:
            xp_words = _("XP {xp} → 0", xp=lost_xp)
        elif self.class_rank() == "Q":
            xp_words = _("a Queen keeps her XP ({xp}, S-07)", xp=character["xp"])
        else:
            xp_words = _("no XP to lose")
        self.event("death", "T-22", self.death_text(xp_words), xp_lost=lost_xp)

    def death_text(self, xp_words: str) -> str:
        """The `death` event's sentence: what is lost and kept (T-22)."""
        character = self.character
        return _(
            "{name} dies: no XP or loot from this fight, {xp}; level, STR, HP, gold, kills "
            "and Jokers are kept. Deaths: {deaths}.",
            name=character["name"],
            xp=xp_words,
            deaths=character["deaths"],
        )

    def do_keep_hand(self, action: dict) -> None:
        keep = self.bool_field(action, "keep", "S-07", _("does your King keep his hand"))
        self.finish_death(keep)

    def finish_death(self, keep: bool) -> None:
        count = self.hand_count()
        if keep:
            self.move(
                list(self.hand["known"]),
                TO_HAND,
                "S-07",
                ngettext(
                    "Your King keeps his hand: hold on to your {count} card.",
                    "Your King keeps his hand: hold on to your {count} cards.",
                    count,
                ),
            )
        elif count:
            hand = list(self.hand["known"]) + list(self.cards["hand_unknown"])
            for slot in hand:
                self.to_discard(slot)
            self.hand["known"] = []
            self.cards["hand_unknown"] = []
            self.move(
                hand,
                TO_DISCARD,
                "T-22",
                ngettext(
                    "Put your hand ({count} card) on the discard pile.",
                    "Put your hand ({count} cards) on the discard pile.",
                    count,
                ),
            )
        # T-22: the inventory is lost but the A♦ (S-12); Aces to the bottom of the draw pile.
        inventory = self.character["inventory"]
        lost = [card for card in inventory if card != "AD"]
        for card in lost:
            inventory.remove(card)
            self.spend(card, announce=False)
        kept = _("Keep the A♦: it is never lost on death (S-12).") if "AD" in inventory else ""
        discarded = [card for card in lost if not is_ace(card)]
        aces = [card for card in lost if is_ace(card)]
        if discarded:
            text = _(
                "Your inventory is lost: put the {cards} on the discard pile.",
                cards=cards_text(discarded),
            )
            if kept and not aces:
                text = _("{text} {kept}", text=text, kept=kept)
            self.move(discarded, TO_DISCARD, "T-22", text)
        if aces:
            text = _(
                "Put the {cards} at the bottom of the draw pile (spent Aces go there, S-12).",
                cards=cards_text(aces),
            )
            if kept:
                text = _("{text} {kept}", text=text, kept=kept)
            self.move(aces, TO_BOTTOM, "T-22", text)
        if not lost and kept:
            self.move(["AD"], TO_INVENTORY, "S-12", kept)
        self.end_fight()
