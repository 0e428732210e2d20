"""Cards turned in a fight: random attacks, critical hits, the monster's attacks, loot
(S-21, T-11a–T-13, T-17).
"""

from ..cards import card_text, is_joker, is_number, value
from ..text import _
from .play_base import IN_ATTACK_PILE, UNDER_MONSTER, PlayBase
from .rulebook import CRITICAL, ESCALATE, TURN_REASONS, TURN_RULE, TURN_SIDE, TURN_SOURCE


class TurnedCards(PlayBase):
    """A card turned for what is pending, and the damage or escalation it brings."""

    def do_turn(self, action: dict) -> None:
        card = self.card_field(action)
        pending = self.internal["pending"]
        reason = pending[0]
        source, side, rule = TURN_SOURCE[reason], TURN_SIDE[reason], TURN_RULE[reason]
        if source == "draw_pile":
            self.take_top(card, rule)
        elif source == "attack_pile":
            self.take_from_face_down("attack_pile", card, rule, IN_ATTACK_PILE)
        else:
            self.take_from_face_down("hidden", card, rule, UNDER_MONSTER)
        if side == "loot":
            pending.pop(0)
            self.claim(card, _("Jack's extra card") if reason == "jack extra card" else _("loot"))
            self.proceed(side)
            return
        self.fight["table"].append(card)
        if is_number(card):
            pending.pop(0)
            damage, how = turned_damage(card, reason)
            if side == "character":
                self.random_attack_done()
            took_over = (
                self.hit_monster(damage, how)
                if side == "character"
                else self.hit_character(damage, how)
            )
            if took_over:
                return
        elif is_joker(card) and reason not in CRITICAL:
            pending.pop(0)
            if side == "character":
                self.random_attack_done()
            self.deadly_blow(side)  # T-12, T-13
            return
        elif reason in CRITICAL:
            # T-12: in a critical hit, face cards and Jokers are only discarded until a number
            # comes: no new critical hit, no deadly blow (the damage is the number's, doubled).
            text = (
                _(
                    "The {card} is discarded: the critical hit goes on until a number card comes.",
                    card=card_text(card),
                )
                if side == "character"
                else _(
                    "The {card} is discarded: the monster's critical hit goes on until a number "
                    "card comes.",
                    card=card_text(card),
                )
            )
            self.event("critical_goes_on", "T-12", text, cards=[card])
        else:
            # T-12, T-13: a face card turned for an attack escalates it.
            pending[0] = ESCALATE[reason]
            self.event(
                pending[0].replace("monster ", "").replace(" ", "_"),
                TURN_RULE[pending[0]],
                # What to turn next is the instruction's job: the same words serve real cards
                # and the app's table.
                _("{card}: {reason}!", card=card_text(card), reason=TURN_REASONS[pending[0]]),
            )
        self.proceed(side)

    def random_attack_done(self) -> None:
        """One of the play's random attacks is resolved (T-11a)."""
        played = self.internal.get("random_cards")
        if played:
            played.pop(0)

    def hit_character(self, damage: int, how: str) -> bool:
        """T-13: damage to the character; True if its HP fell below zero (S-23)."""
        fight = self.fight
        fight["hp"] -= damage
        self.event(
            "hit",
            "T-13",
            _("{how}: you take {damage} damage (HP {hp}).", how=how, damage=damage, hp=fight["hp"]),
            damage=damage,
            hp=fight["hp"],  # the HP the blow left (S-23: below zero is dying), for the history
        )
        if fight["hp"] < 0:
            self.dying(deadly=False)
            return True
        return False

    def deadly_blow(self, side: str) -> None:
        """T-12: a Joker turned for an attack kills its target outright."""
        # `damage`: all the HP the target had left, for the fight's counts (issue 28).
        if side == "character":
            left = max(self.fight["monster_hp"], 0)
            self.fight["monster_hp"] = min(self.fight["monster_hp"], 0)
            self.event(
                "deadly_blow",
                "T-12",
                _(
                    "A Joker: deadly blow! The {monster} dies.",
                    monster=card_text(self.fight["monster"]),
                ),
                on="monster",
                damage=left,
            )
            self.win()
        else:
            self.fight["deadly_blow"] = (
                True  # `hp` stays as it was; screens show the character dying
            )
            self.event(
                "deadly_blow",
                "T-12",
                _("A Joker: the monster strikes a deadly blow!"),
                on="character",
                damage=max(self.fight["hp"], 0),
            )
            self.dying(deadly=True)


def turned_damage(card: str, reason: str) -> tuple[int, str]:
    """A number card turned for an attack: its damage, doubled in a critical hit (T-12), and
    the words that say where the damage comes from."""
    if reason in CRITICAL:
        how = _(
            "{card} ({reason}, 2 × {value})",
            card=card_text(card),
            reason=TURN_REASONS[reason],
            value=value(card),
        )
        return 2 * value(card), how
    return value(card), _("{card} ({reason})", card=card_text(card), reason=TURN_REASONS[reason])
