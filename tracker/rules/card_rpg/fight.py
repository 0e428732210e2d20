"""A fight: the monster turned up, its HP, whose turn it is, and the character's attacks
(S-16–S-22, T-10–T-15).
"""

from ..cards import card_text, cards_text, is_face, is_joker, is_number, rank, value
from ..errors import RuleError
from ..text import _
from .play_base import PlayBase
from .rulebook import TURN_SIDE, TURN_SOURCE, hp_dice_count


class Fight(PlayBase):
    """A monster's fight from its reveal to the end of each turn."""

    def do_reveal_monster(self, action: dict) -> None:
        card = self.card_field(action)
        self.take_top(card, "S-16")
        level = self.character["level"]
        # S-16: 1 card under a face card, 2 under a Joker; S-17: level (2 × level) attack cards.
        hidden = self.deal(2 if is_joker(card) else 1 if is_face(card) else 0)
        attack_pile = self.deal(2 * level if is_joker(card) else level)
        self.cards["hidden"] = hidden
        self.cards["attack_pile"] = attack_pile
        self.internal["deal"] = {"hidden": len(hidden), "attack_pile": len(attack_pile)}
        dice = hp_dice_count(level)
        self.state["fight"] = {
            "monster": card,
            "hidden": len(hidden),
            "attack_pile": len(attack_pile),
            "monster_hp": None,
            "monster_hp_max": None,
            # T-16: a number card is worth its value, known before its HP roll.
            "xp_value": value(card) if is_number(card) else None,
            "hp": self.character["hp_max"],
            "turn": None,
            "extra_attacks": 0,
            "hp_dice": dice,
            "attacked": False,
            "blitz": False,
            "table": [],
            "result": None,
            "deadly_blow": False,
        }
        self.event("monster", "S-16", _("The monster is the {card}.", card=card_text(card)))
        if is_joker(card):
            hp = 6 * dice  # S-18: a Joker does not roll, every die counts 6
            self.set_monster_hp(hp, hp)
            self.begin_fight()
        else:
            self.set_step("monster_hp")

    def set_monster_hp(self, hp: int, xp: int) -> None:
        fight = self.fight
        fight["monster_hp"] = fight["monster_hp_max"] = hp
        fight["xp_value"] = xp  # T-16
        fight["hp_dice"] = None
        self.event(
            "monster_hp",
            "S-18",
            _(
                "The {monster} has {hp} HP and is worth {xp} XP.",
                monster=card_text(fight["monster"]),
                hp=hp,
                xp=xp,
            ),
        )

    def do_roll_monster_hp(self, action: dict) -> None:
        fight = self.fight
        dice = self.dice_field(action, "dice", fight["hp_dice"], "S-18", _("monster HP roll"))
        hp = sum(dice)
        monster = fight["monster"]
        # S-18, T-16: a face card is worth its HP roll, a number card its value.
        self.set_monster_hp(hp, hp if is_face(monster) else value(monster))
        self.begin_fight()

    def begin_fight(self) -> None:
        self.fight["hp"] = self.character["hp_max"]  # T-10: every fight at full HP
        if rank(self.fight["monster"]) == "J":
            self.event("jack_first", "S-19", _("A Jack monster strikes first."))
            self.monster_turn()  # S-19
        else:
            self.character_turn()

    def character_turn(self) -> None:
        self.flush_table()
        fight = self.fight
        fight.update(turn="character", attacked=False, extra_attacks=0, blitz=False)
        self.set_step("character_turn")

    def monster_turn(self) -> None:
        """T-13, T-14: the monster turns its next attack card, or skips, or is dealt a new pile."""
        self.flush_table()
        fight = self.fight
        fight.update(turn="monster", extra_attacks=0, blitz=False)
        if not self.cards["attack_pile"]:
            if self.ruleset.empty_attack_pile == "monster_redeals":
                pile = self.deal(self.character["level"])
                if not pile:
                    self.abandon(
                        _("the monster needs a new attack pile and the draw pile is empty")
                    )
                    return
                self.cards["attack_pile"] = pile
                self.internal["deal"] = {"hidden": 0, "attack_pile": len(pile)}
                self.event(
                    "redeal",
                    "T-14",
                    _(
                        "The monster's attack pile was empty: deal it {count} new cards.",
                        count=len(pile),
                    ),
                )
            else:
                self.event("skip", "T-14", _("The monster has no attack cards left: it skips."))
                self.character_turn()
                return
        self.queue(["monster attack card"])

    def queue(self, reasons: list[str]) -> None:
        """Wait for these cards to be turned (all for one side), then carry on."""
        self.internal["pending"] = list(reasons)
        self.proceed(TURN_SIDE[reasons[0]])

    def proceed(self, side: str) -> None:
        """Await the next pending turn, or carry on once there is none."""
        pending = self.internal["pending"]
        while pending:
            reason = pending[0]
            if TURN_SOURCE[reason] == "draw_pile" and self.draw_count() == 0:
                if reason == "jack extra card":
                    # T-17: no card left for the Jack: nothing else happens.
                    pending.pop(0)
                    self.event("no_extra_card", "T-17", _("The draw pile is empty: no extra card."))
                    continue
                self.abandon(_("a card must be turned and the draw pile is empty"))
                return
            self.set_step("turn")
            return
        if side == "character":
            self.after_play()
        elif side == "monster":
            self.character_turn()  # T-13: the character lives: its turn
        else:
            self.after_loot()

    def abandon(self, why: str) -> None:
        """T-08: a fight that needs a card from an empty draw pile is abandoned; session over."""
        self.event(
            "abandon", "T-08", _("The fight is abandoned ({why}): no XP, no death.", why=why)
        )
        self.end_session(_("the deck ran out in a fight"))

    # -- the character's turn -----------------------------------------------------------------

    def do_attack(self, action: dict) -> None:
        fight = self.fight
        if self.hand_count() == 0:
            raise RuleError(
                "T-15",
                _("your hand is empty: you may use an item, buy back a card, or end the turn"),
            )
        if fight["attacked"] and fight["extra_attacks"] <= 0:
            raise RuleError("T-15", _("you have made every attack of this turn: end the turn"))
        cards = self.cards_field(action)
        ranks = {rank(card) for card in cards}
        if len(ranks) > 1 and not fight["blitz"]:
            raise RuleError(
                "S-20",
                _(
                    "a combo needs cards of one rank: {cards} differ. Play them one at a time (an "
                    "inventory Club gives an extra attack) or use the A♣ first",
                    cards=cards_text(cards),
                ),
            )
        before = (self.hand_listing(), len(self.cards["hand_unknown"]))
        for card in cards:
            self.take_from_hand(card, "S-20", before)
        if fight["attacked"]:
            fight["extra_attacks"] -= 1  # T-15: a Club-granted attack
        fight["attacked"] = True
        fight["blitz"] = False  # T-04b: the A♣ changes this one play
        fight["table"].extend(cards)
        # T-11a: number cards first, then each random attack in the order played.
        numbers = [card for card in cards if is_number(card)]
        self.internal["random_cards"] = [card for card in cards if not is_number(card)]
        if numbers and self.hit_monster(sum(map(value, numbers)), cards_text(numbers)):
            return
        # S-21: a face card makes a random attack; a Joker's draw is a critical hit at once.
        randoms = ["critical hit" if is_joker(c) else "random attack" for c in cards]
        randoms = [
            reason for card, reason in zip(cards, randoms, strict=True) if not is_number(card)
        ]
        if randoms:
            self.queue(randoms)
        else:
            self.after_play()

    def hit_monster(self, damage: int, how: str) -> bool:
        """S-22: damage off the monster's HP; True if that killed it (the fight is won)."""
        fight = self.fight
        fight["monster_hp"] -= damage
        monster = card_text(fight["monster"])
        if fight["monster_hp"] > 0:
            text = _(
                "{how}: {damage} damage to the {monster} (HP {hp}).",
                how=how,
                damage=damage,
                monster=monster,
                hp=fight["monster_hp"],
            )
        else:
            text = _(
                "{how}: {damage} damage to the {monster} (HP 0: it is dead).",
                how=how,
                damage=damage,
                monster=monster,
            )
        self.event("damage", "S-22", text, damage=damage)
        if fight["monster_hp"] <= 0:
            self.win()
            return True
        return False

    def after_play(self) -> None:
        """T-15: the turn goes on while granted attacks remain and the hand holds cards."""
        self.flush_table()
        if self.fight["extra_attacks"] > 0 and self.hand_count() > 0:
            self.set_step("character_turn")
        else:
            self.end_character_turn()

    def do_end_turn(self, action: dict) -> None:
        self.end_character_turn()

    def end_character_turn(self) -> None:
        self.flush_table()
        skip = self.ruleset.empty_attack_pile == "skip"
        if skip and self.hand_count() == 0 and not self.cards["attack_pile"]:
            # T-14: empty hand, empty attack pile, monster alive: it escapes.
            self.event(
                "escape",
                "T-14",
                _(
                    "The {monster} escapes: no XP, no loot.",
                    monster=card_text(self.fight["monster"]),
                ),
            )
            self.end_fight()
            return
        self.monster_turn()
