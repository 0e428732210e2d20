"""This character's turn in a duel (T-32): its plays, the cards they turn, and the one hit each
play is, sent to the opponent's log.
"""

from ..cards import card_text, cards_text, is_joker, is_number, rank, value
from ..errors import RuleError
from ..text import _
from . import rivalry
from .duel_core import DuelCore
from .play_base import TO_DISCARD
from .rulebook import ESCALATE, TURN_REASONS, TURN_RULE
from .turned_cards import turned_damage


class DuelOwnTurn(DuelCore):
    """The duellist's own plays, card by card, and the hits they deliver."""

    def do_attack(self, action: dict) -> None:
        duel = self.duel
        if self.hand_count() == 0:
            raise RuleError(
                "T-15",
                _("your hand is empty: you may use an item, buy back a card, or end the turn"),
            )
        if duel["attacked"] and duel["extra_attacks"] <= 0:
            raise RuleError("T-15", _("you have made every play of this turn: end the turn"))
        cards = self.cards_field(action)
        if len({rank(card) for card in cards}) > 1 and not duel["blitz"]:
            raise RuleError(
                "S-20",
                _(
                    "a combo needs cards of one rank: {cards} differ. Play them one at a time (an "
                    "inventory Club gives an extra play) or use the A♣ first",
                    cards=cards_text(cards),
                ),
            )
        before = (self.hand_listing(), len(self.cards["hand_unknown"]))
        for card in cards:
            self.take_from_hand(card, "S-20", before)
        for card in cards:
            self.to_discard(card)  # T-37: the duellist's own discard pile
        if duel["attacked"]:
            duel["extra_attacks"] -= 1  # T-15: a Club-granted play
        duel.update(attacked=True, blitz=False, play=list(cards), play_damage=0, play_deadly=False)
        # T-11a: number cards first, then each random attack in the order played.
        numbers = [card for card in cards if is_number(card)]
        randoms = [card for card in cards if not is_number(card)]
        self.internal["random_cards"] = list(randoms)
        if numbers:
            self.play_damage(sum(map(value, numbers)), cards_text(numbers))
            if duel["opponent_hp"] < 0:
                self.stop_play()
                return
        # S-21: a face card makes a random attack; a Joker's draw is a critical hit at once.
        self.internal["pending"] = [
            "critical hit" if is_joker(card) else "random attack" for card in randoms
        ]
        self.proceed()

    def damage(self, damage: int, how: str) -> None:
        """Damage off the opponent's HP as this log knows it, card by card (T-32)."""
        duel = self.duel
        duel["opponent_hp"] -= damage
        self.event(
            "duel_damage",
            "T-32",
            _(
                "{how}: {damage} damage to {name} (HP {hp}).",
                how=how,
                damage=damage,
                name=self.opponent,
                hp=duel["opponent_hp"],
            ),
            damage=damage,
        )

    def play_damage(self, damage: int, how: str) -> None:
        """Damage of the play resolving now: it adds up into the play's one hit (T-32)."""
        self.duel["play_damage"] += damage
        self.damage(damage, how)

    def proceed(self) -> None:
        """Await the play's next card to turn, or resolve the play once there is none."""
        if not self.internal["pending"]:
            self.resolve_play()
        elif self.draw_count() == 0:
            self.abandon()  # T-36 (b), T-08
        else:
            self.set_step("turn")

    def do_turn(self, action: dict) -> None:
        card = self.card_field(action)
        pending = self.internal["pending"]
        reason = pending[0]
        self.take_top(card, TURN_RULE[reason])
        self.to_discard(card)
        self.duel["play"].append(card)
        critical = reason == "critical hit"
        if is_number(card):
            pending.pop(0)
            self.random_attack_done()
            self.play_damage(*turned_damage(card, reason))
            if self.duel["opponent_hp"] < 0:
                self.stop_play()
                return
        elif is_joker(card) and not critical:
            pending.pop(0)
            self.random_attack_done()
            self.duel["play_deadly"] = True
            self.event(
                "deadly_blow",
                "T-12",
                _("A Joker: a deadly blow on {name}!", name=self.opponent),
            )
            self.stop_play()
            return
        elif critical:
            # T-12: in a critical hit, face cards and Jokers are only discarded until a number.
            self.event(
                "critical_goes_on",
                "T-12",
                _(
                    "The {card} is discarded: the critical hit goes on until a number card comes.",
                    card=card_text(card),
                ),
                cards=[card],
            )
        else:
            pending[0] = ESCALATE[reason]  # T-12: a face card turned escalates
            self.event(
                "critical_hit",
                "T-12",
                _(
                    "{card}: {reason}!",
                    card=card_text(card),
                    reason=TURN_REASONS[pending[0]],
                ),
            )
        self.proceed()

    def stop_play(self) -> None:
        """T-32: the opponent is below zero (or dealt a deadly blow): no more cards are turned."""
        unneeded = self.internal["random_cards"]
        self.internal.update(pending=[], random_cards=[])
        if unneeded:
            if len(unneeded) == 1:
                text = _(
                    "{name} is down: turn no card for the {card}'s random attack (the {card} "
                    "still goes on the discard pile).",
                    name=self.opponent,
                    card=card_text(unneeded[0]),
                )
            else:
                text = _(
                    "{name} is down: turn no card for the random attacks of the {cards} (they "
                    "still go on the discard pile).",
                    name=self.opponent,
                    cards=cards_text(unneeded),
                )
            self.event("not_turned", "T-32", text, cards=list(unneeded))
        self.resolve_play()

    def resolve_play(self) -> None:
        """T-32: the play has resolved: it is one hit, sent to the opponent's log."""
        duel = self.duel
        played = duel["play"]
        self.move(
            played,
            TO_DISCARD,
            "T-37",
            _("Put the {cards} on your discard pile.", cards=cards_text(played)),
        )
        deadly = duel["play_deadly"]
        duel.update(play=[], play_deadly=False)
        damage, duel["play_damage"] = duel["play_damage"], 0
        self.hit(damage, deadly, after="play")

    def hit(self, damage: int, deadly: bool, after: str) -> None:
        """One hit delivered (T-32): a play, a Spade or the A♠; the turn pauses if it may kill."""
        duel = self.duel
        duel["hit"] = True
        if deadly:
            self.send(rivalry.DUEL_HIT, deadly=True)
            text = _("A deadly blow on {name}.", name=self.opponent)
        else:
            self.send(rivalry.DUEL_HIT, damage=damage)
            text = _(
                "A hit of {damage} on {name} (HP {hp}).",
                damage=damage,
                name=self.opponent,
                hp=duel["opponent_hp"],
            )
        self.event("hit_given", "T-32", text, damage=0 if deadly else damage, deadly=deadly)
        if deadly or duel["opponent_hp"] < 0:
            duel["after"] = after
            self.set_step("duel_opponent_save")
        elif after == "play":
            self.after_play()
        else:
            self.set_step("duel_turn")  # T-32: after a Spade the turn goes on

    def after_play(self) -> None:
        """T-32, T-15: the turn goes on while a Club-granted play is left and the hand holds a
        card; otherwise it is over."""
        if self.duel["extra_attacks"] > 0 and self.hand_count() > 0:
            self.set_step("duel_turn")
        else:
            self.end_own_turn()

    def do_end_turn(self, action: dict) -> None:
        self.end_own_turn()

    def end_own_turn(self) -> None:
        self.send(rivalry.DUEL_TURN_OVER)
        if self.count_turn(_("your turn")):
            self.opponent_turn()
