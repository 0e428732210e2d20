"""Victory and a fight's end: XP, kills, loot, level-ups, the cards cleared and the hand refilled
(T-07, T-16–T-20).
"""

from ..cards import and_words, card_text, cards_text, is_joker
from ..text import _, ngettext
from .play_base import TO_DISCARD, PlayBase
from .rulebook import MAX_LEVEL, STR_LEVELS, XP_PER_LEVEL


class Victory(PlayBase):
    """A monster killed, the loot, the level-ups, and the end of every fight."""

    def win(self) -> None:
        """T-16, T-18a (1)-(2): XP, kills, Jokers; then the hidden cards are turned as loot."""
        fight, character = self.fight, self.character
        self.internal["pending"] = []
        unneeded = self.internal.get("random_cards") or []
        self.internal["random_cards"] = []
        if unneeded:
            # T-11a: the monster is dead: the remaining random attacks are not turned.
            monster = card_text(fight["monster"])
            if len(unneeded) == 1:
                text = _(
                    "The {monster} is already dead: turn no card for the {card}'s random attack "
                    "(the {card} still goes on the discard pile).",
                    monster=monster,
                    card=card_text(unneeded[0]),
                )
            else:
                text = _(
                    "The {monster} is already dead: turn no card for the random attacks of the "
                    "{cards} (they still go on the discard pile).",
                    monster=monster,
                    cards=cards_text(unneeded),
                )
            self.event(
                "not_turned",
                "T-11a",
                text,
                cards=list(unneeded),
            )
        self.flush_table()
        fight["result"] = "won"
        fight["turn"] = None
        fight["extra_attacks"] = 0
        monster = fight["monster"]
        character["xp"] += fight["xp_value"]
        character["kills"] += 1
        text = _(
            "The {monster} is dead: +{xp} XP.", monster=card_text(monster), xp=fight["xp_value"]
        )
        self.event("kill", "T-16", text, xp=fight["xp_value"])
        if is_joker(monster):
            character["jokers"] += 1
            self.event(
                "joker_kill",
                "T-16",
                _("A Joker killed! Jokers: {jokers}.", jokers=character["jokers"]),
            )
        loot = ["loot"] * len(self.cards["hidden"])
        if loot and self.class_rank() == "J":
            loot.append("jack extra card")  # S-07, T-17: with loot only
        if loot:
            self.queue(loot)
        else:
            self.after_loot()

    def after_loot(self) -> None:
        """T-18a (4): one level-up roll per level gained, then the fight ends."""
        if self.level_up_due():
            self.set_step("level_up")
        else:
            self.end_fight()

    def level_up_due(self) -> bool:
        character = self.character
        return character["level"] < MAX_LEVEL and character["xp"] >= character["xp_next"]

    def do_level_up(self, action: dict) -> None:
        (die,) = self.dice_field(action, "hp_dice", 1, "T-20", _("level-up roll"))
        character = self.character
        old = dict(character)
        character["xp"] -= XP_PER_LEVEL * character["level"]  # T-19: the rest carries over
        character["level"] += 1
        character["hp_max"] += die
        if character["level"] in STR_LEVELS:
            character["str"] += 1
        level = character["level"]
        character["xp_next"] = None if level == MAX_LEVEL else XP_PER_LEVEL * level
        gained = dict(old=old["level"], level=level, old_hp=old["hp_max"], hp=character["hp_max"])
        if character["str"] != old["str"]:
            text = _(
                "Level up: level {old} → {level}, HP max {old_hp} → {hp}, STR {old_str} → {str}.",
                **gained,
                old_str=old["str"],
                str=character["str"],
            )
        else:
            text = _("Level up: level {old} → {level}, HP max {old_hp} → {hp}.", **gained)
        self.event("level_up", "T-20", text, level=level)
        if not self.level_up_due():
            self.end_fight()

    def end_fight(self) -> None:
        """T-18, T-22, T-07: the fight's cards to the discard pile, refill the hand, next fight."""
        self.flush_table()
        fight, cards = self.fight, self.cards
        self.to_discard(fight["monster"])
        for slot in cards["hidden"] + cards["attack_pile"]:
            self.to_discard(slot)  # T-18: never-turned cards stay unknown
        self.move(
            [fight["monster"], *cards["hidden"], *cards["attack_pile"]],
            TO_DISCARD,
            {"won": "T-18", "died": "T-22"}.get(fight["result"], "T-14"),
            _(
                "Put {cards} on the discard pile.",
                cards=_fight_cards_text(fight["monster"], cards),
            ),
        )
        cards["hidden"], cards["attack_pile"] = [], []
        self.state["fight"] = None
        self.internal.update(pending=[], deadly=False, free_buy_used=False)
        self.refill_hand()

    def refill_hand(self) -> None:
        """T-07, T-08: between fights again: the hand drawn up to STR, then the session check."""
        self.set_step("between")
        needed = self.character["str"] - self.hand_count()
        self.internal["refill"] = 0
        if needed > 0:
            drawn = self.deal(needed)  # T-07: draw what there is
            for slot in drawn:
                self.to_hand(slot)
            self.internal["refill"] = len(drawn)
        self.check_session_end()


def _fight_cards_text(monster: str, cards: dict) -> str:
    """``the Q♠, the card under it and the 2 cards left in its attack pile`` (T-18)."""
    parts = [_("the {card}", card=card_text(monster))]
    hidden, pile = len(cards["hidden"]), len(cards["attack_pile"])
    if hidden:
        parts.append(ngettext("the card under it", "the {count} cards under it", hidden))
    if pile:
        parts.append(
            ngettext(
                "the card left in its attack pile",
                "the {count} cards left in its attack pile",
                pile,
            )
        )
    return and_words(parts)
