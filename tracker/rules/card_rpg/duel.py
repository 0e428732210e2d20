"""Duels (T-30–T-36): two characters fight each other, each in its own log.

Each log plays its own duellist's turns exactly as a fight's (T-32, T-33) with the opponent in
the monster's place, and learns of the opponent only what the other log sends it (`duel_hit`,
`duel_turn_over`, `duel_saved`, `duel_won`, `duel_called_off`): its HP after a save, each
hit's damage, never its cards (T-37). The steps a duel waits in:

| step | what is awaited |
| --- | --- |
| `duel_turn` | this character's turn: a play, an item, a buy-back, the end of the turn |
| `turn` | a card of this character's play turned from its draw pile (random attack, critical hit) |
| `duel_opponent` | the opponent's turn: its hits and the end of its turn |
| `duel_opponent_save` | the opponent, hit below zero or by a deadly blow, saves itself or dies |
| `save` | this character, hit below zero or by a deadly blow, saves itself or dies (T-34) |
| `keep_hand` | this character died as a King holding cards (S-07) |
| `level_up` | this character won under `duel_xp: hp_max` and gained a level (T-35) |

Cards played and turned in a duel go straight to their owner's discard pile (T-37): no monster
holds them, and nothing else can happen while a play resolves.
"""

from ..cards import (
    card_text,
    cards_text,
    is_joker,
    is_number,
    rank,
    typed,
    value,
)
from ..errors import RuleError
from ..text import _
from . import engine, facts, rivalry
from .play_core import TO_DISCARD
from .rulebook import ESCALATE, TURN_REASONS, TURN_RULE

# The action types each step of a duel lets through to a handler (the handler then checks the
# details); `duel_called_off` may arrive whenever a call-off may be asked (T-36).
STEP_ACTIONS = {
    "duel_turn": (
        "attack",
        "use_item",
        "buy_back",
        "end_turn",
        rivalry.CALL_OFF_DUEL,
        rivalry.DUEL_CALLED_OFF,
        "sell",
        "note_hand",
    ),
    "turn": ("turn", "sell", "note_hand"),
    "duel_opponent": (
        rivalry.DUEL_HIT,
        rivalry.DUEL_TURN_OVER,
        rivalry.CALL_OFF_DUEL,
        rivalry.DUEL_CALLED_OFF,
        "sell",
        "note_hand",
    ),
    "duel_opponent_save": (
        rivalry.DUEL_SAVED,
        rivalry.DUEL_WON,
        rivalry.CALL_OFF_DUEL,
        rivalry.DUEL_CALLED_OFF,
        "sell",
        "note_hand",
    ),
    "save": ("save", "accept_death", "sell", "note_hand"),
    "keep_hand": ("keep_hand", "note_hand"),
    "level_up": ("level_up", "sell", "note_hand"),
}
# What refuses an action out of place in a duel: the rule that says when it may be taken.
OUT_OF_PLACE = {
    "create_character": "S-04",
    "start_session": "S-14",
    "reveal_monster": "S-16",
    "roll_monster_hp": "S-18",
    "buy_top": "T-05",
    "end_session": "T-08",
    "attack": "T-15",
    "use_item": "T-15",
    "end_turn": "T-15",
    "buy_back": "T-05",
    rivalry.ROB: "T-28",
    rivalry.ROBBED: "T-28",
    rivalry.START_DUEL: "T-30",
    rivalry.DUEL_HIT: "T-37",
    rivalry.DUEL_TURN_OVER: "T-37",
    rivalry.DUEL_SAVED: "T-34",
    rivalry.DUEL_WON: "T-34",
    rivalry.CALL_OFF_DUEL: "T-36",
    rivalry.DUEL_CALLED_OFF: "T-36",
}
# The steps in which neither a card, a save, a King's choice nor a level-up is awaited from this
# character: a duel may be called off then (T-36).
CALL_OFF_STEPS = ("duel_turn", "duel_opponent", "duel_opponent_save")


def new_duel(opponent: dict, challenger: bool, rules: dict, hp: int) -> dict:
    """The `duel` part of a state as a duel starts (T-31: full HP, the hand as it is)."""
    return {
        "opponent": opponent,
        "challenger": challenger,
        "rules": rules,
        "hp": hp,
        "opponent_hp": opponent["hp_max"],
        "turn": None,
        "extra_attacks": 0,
        "passes": 0,
        # For the turn in progress (rules/actions.md lets a state add fields):
        "attacked": False,  # the turn's first play is made: Spades no longer (T-04b)
        "blitz": False,  # the A♣ is active for the next play (S-12)
        "hit": False,  # a hit was delivered in this turn, by either duellist (T-36)
        "play": [],  # the cards of the play resolving now (already on the discard pile)
        "play_damage": 0,  # its damage so far, card by card (T-32)
        "play_deadly": False,  # it turned a Joker for a random attack: a deadly blow (T-12)
        "after": None,  # what the opponent's save pauses: "play" or "spade" (T-32)
        "deadly_blow": False,  # this character was dealt a deadly blow and has not saved yet
        "result": None,  # "won" or "lost" while a level-up or a King's choice is awaited
    }


class Duel(engine._Play):
    """One action of a duel applied to a working copy of one character's state."""

    def __init__(self, state: dict):
        super().__init__(state)
        self.sends: list[dict] = []  # what the opponent's log must receive (T-37)

    @property
    def duel(self) -> dict:
        return self.state["duel"]

    @property
    def rivals(self) -> dict:
        return self.state["rivals"]

    @property
    def opponent(self) -> str:
        return self.duel["opponent"]["name"]

    def send(self, kind: str, **fields) -> None:
        self.sends.append({"type": kind, **fields})

    # -- the start (T-30, T-31) -----------------------------------------------------------------

    def do_start_duel(self, action: dict) -> None:
        if self.internal["step"] != "between" or self.state["duel"] is not None:
            raise RuleError(
                "T-30",
                _(
                    "{name} can't duel now: a duel starts only when both characters are between "
                    "fights",
                    name=self.character["name"],
                ),
            )
        opponent = facts.other_character(action.get("opponent"), "T-30", duellist=True)
        challenger = action.get("challenger")
        if not isinstance(challenger, bool):
            raise RuleError("T-30", _("say whether this character challenged or was challenged"))
        rules = rivalry.duel_rules(action.get("rules"))
        character = self.character
        self.state["duel"] = new_duel(opponent, challenger, rules, character["hp_max"])
        # T-03 once_per_fight: one free buy-back per duel; the refill was a step before it.
        self.internal.update(
            pending=[], deadly=False, free_buy_used=False, refill=0, random_cards=[]
        )
        first = rivalry.strikes_first(character["class"], opponent["class"], challenger)
        who = _("you strike first") if first else _("{name} strikes first", name=opponent["name"])
        self.event(
            "duel_start",
            "T-31",
            _(
                "A duel with {name} ({card}, level {level}, HP {hp}): {who}. Your HP: {own}.",
                name=opponent["name"],
                card=card_text(opponent["class"]),
                level=opponent["level"],
                hp=opponent["hp_max"],
                who=who,
                own=character["hp_max"],
            ),
            opponent=opponent,
        )
        if challenger:
            self.send(
                rivalry.START_DUEL,
                opponent=facts.of(self.state, duellist=True),
                challenger=False,
                rules=dict(rules),
            )
        if first:
            self.own_turn()
        else:
            self.opponent_turn()

    def own_turn(self) -> None:
        self.duel.update(
            turn="self", attacked=False, extra_attacks=0, blitz=False, hit=False, after=None
        )
        self.set_step("duel_turn")

    def opponent_turn(self) -> None:
        self.duel.update(
            turn="opponent", attacked=False, extra_attacks=0, blitz=False, hit=False, after=None
        )
        self.set_step("duel_opponent")

    # -- this character's turn (T-32, T-33) -----------------------------------------------------

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
            if critical:
                how = _(
                    "{card} ({reason}, 2 × {value})",
                    card=card_text(card),
                    reason=TURN_REASONS[reason],
                    value=value(card),
                )
            else:
                how = _("{card} ({reason})", card=card_text(card), reason=TURN_REASONS[reason])
            self.play_damage(value(card) * (2 if critical else 1), how)
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

    def count_turn(self, whose: str) -> bool:
        """T-36: a turn has ended: count it as a pass or not; False if two passes drew the duel."""
        duel = self.duel
        if duel["hit"]:
            duel["passes"] = 0
            return True
        duel["passes"] += 1
        if duel["passes"] >= 2:
            self.event(
                "duel_drawn",
                "T-36",
                _("Two passes in a row: the duel with {name} is a draw.", name=self.opponent),
            )
            self.draw()
            return False
        self.event(
            "duel_pass",
            "T-36",
            _("A pass ({whose}): another pass ends the duel in a draw.", whose=whose),
        )
        return True

    # -- inventory cards in a duel: the engine's, on the duel's turn and in its words (T-33) --

    ITEMS_STEP = "duel_turn"

    def round_of_play(self) -> dict | None:
        """What inventory cards act on: the duel."""
        return self.state["duel"]

    def ace_item(self, card: str) -> dict | None:
        """The A♠ only where it is a deadly blow between players (T-33); the A♣ as alone."""
        if card == "AS":
            if self.duel["rules"]["ace_of_spades"] != "deadly":
                return None
            return {"card": card, "as": ["S"], "effect": _("a deadly blow")}
        if card == "AC":
            return {"card": card, "as": ["C"], "effect": _("blitz: play any cards")}
        return None

    def ace_of_spades_effect(self) -> str:
        return _("a deadly blow on {name}", name=self.opponent)

    def extra_play_effect(self) -> str:
        return _("one extra play")

    def separate_plays_hint(self) -> str:
        return _(
            "Cards of different ranks go in separate plays: each Club you use gives one more "
            "play this turn."
        )

    def do_use_item(self, action: dict) -> None:
        card = self.card_field(action)
        self.take_from_inventory(card, "S-11")
        used_as = self.item_used_as(card, action)
        duel = self.duel
        if card == "AS":
            if duel["rules"]["ace_of_spades"] == "off":
                raise RuleError(
                    "T-33",
                    _("this duel is played with the A♠ off: it can't be used against a player"),
                )
            self.event(
                "ace_of_spades",
                "T-33",
                _("The A♠: a deadly blow on {name}.", name=self.opponent),
            )
            self.spend(card)
            self.hit(0, deadly=True, after="spade")
        elif card == "AC":
            duel["blitz"] = True
            self.event(
                "blitz", "S-12", _("The A♣: your next play may be any cards from your hand.")
            )
            self.spend(card)
        elif card in ("AH", "AD"):
            if card == "AH":
                message = _(
                    "the {card} is not played: it saves you when you die", card=card_text(card)
                )
            else:
                message = _(
                    "the {card} is not played: it pays for buying back cards", card=card_text(card)
                )
            raise RuleError("S-12", message)
        elif used_as == "S":
            if duel["attacked"]:
                raise RuleError("T-04b", _("a Spade can be used only before the turn's first play"))
            self.spend(card)
            self.damage(value(card), _("{card} used as a Spade", card=card_text(card)))
            self.hit(value(card), deadly=False, after="spade")
        elif used_as == "C":
            duel["extra_attacks"] += 1  # S-10, T-15
            self.event(
                "club",
                "S-10",
                _("{card} used as a Club: one extra play this turn.", card=card_text(card)),
            )
            self.spend(card)
        elif used_as == "H":
            raise RuleError(
                "S-10",
                _(
                    "the {card} as a Heart is not played: it saves you when your HP falls below "
                    "zero",
                    card=card_text(card),
                ),
            )
        else:
            raise RuleError(
                "S-09",
                _(
                    "a Diamond is not played: a Diamond character may sell the {card}",
                    card=card_text(card),
                ),
            )

    def buy_back_cost(self) -> int:
        """T-03 in a duel: the A♦ pays for one buy-back per duel under `once_per_fight`."""
        if "AD" not in self.character["inventory"]:
            return 1
        if self.ruleset.ace_of_diamonds == "free" or not self.internal["free_buy_used"]:
            return 0
        return 1

    # -- the opponent's turn ----------------------------------------------------------------------

    def do_duel_hit(self, action: dict) -> None:
        damage, deadly = action.get("damage"), action.get("deadly")
        if deadly is not None and (deadly is not True or damage is not None):
            raise RuleError(
                "T-37", _("a hit is a number of points of damage or a deadly blow, not both")
            )
        if deadly is None and not (_whole(damage) and damage >= 1):
            raise RuleError("T-37", _("a hit deals a whole number of points of damage, at least 1"))
        duel = self.duel
        duel["hit"] = True
        if deadly:
            duel["deadly_blow"] = True
            self.event(
                "hit_taken",
                "T-32",
                _("{name} deals you a deadly blow!", name=self.opponent),
                damage=0,
                deadly=True,
            )
            self.dying(deadly=True)
            return
        duel["hp"] -= damage
        self.event(
            "hit_taken",
            "T-32",
            _(
                "{name} hits you for {damage}: HP {hp}.",
                name=self.opponent,
                damage=damage,
                hp=duel["hp"],
            ),
            damage=damage,
            deadly=False,
        )
        if duel["hp"] < 0:
            self.dying(deadly=False)

    def dying(self, deadly: bool) -> None:
        """T-34 (S-23, T-22a): below zero or dealt a deadly blow: a save is awaited, or death."""
        self.internal["deadly"] = deadly
        if self.saves():
            self.set_step("save")
        else:
            self.event(
                "no_save",
                "T-22a",
                _("No card in your inventory can save you: you die.")
                if not deadly
                else _("Only the A♥ saves from a deadly blow, and you don't hold it: you die."),
            )
            self.die()

    def do_duel_turn_over(self, action: dict) -> None:
        self.event("duel_turn", "T-32", _("{name}'s turn is over.", name=self.opponent))
        if self.count_turn(_("{name}'s turn", name=self.opponent)):
            self.own_turn()

    # -- saves and death (T-34) -------------------------------------------------------------------

    def do_save(self, action: dict) -> None:
        card = self.card_field(action)
        options = {option["card"]: option["hp"] for option in self.saves()}
        if card not in options:
            raise RuleError(
                "T-22a",
                _(
                    "the {card} can't save you now: choose {cards} or accept death",
                    card=card_text(card),
                    cards=cards_text(list(options)),
                ),
            )
        self.take_from_inventory(card, "T-22a")
        duel = self.duel
        duel["hp"] = options[card]
        duel["deadly_blow"] = False
        self.internal["deadly"] = False
        self.event(
            "save",
            "S-12" if card == "AH" else "S-10",
            _("The {card} saves you: HP {hp}.", card=card_text(card), hp=options[card]),
        )
        self.spend(card)
        self.send(rivalry.DUEL_SAVED, hp=options[card])
        self.set_step("duel_opponent")  # the opponent's turn goes on (T-32)

    def die(self) -> None:
        """T-34, T-22: a death in every respect; the opponent wins at once (even before a dead
        King has chosen about his hand)."""
        self.record_death()
        duel = self.duel
        self.rivals["player_deaths"] += 1
        duel.update(turn=None, result="lost")
        self.send(rivalry.DUEL_WON)
        self.event(
            "duel_lost",
            "T-34",
            _("{name} has won the duel.", name=self.opponent),
        )
        if self.class_rank() == "K" and self.hand_count() > 0:
            self.set_step("keep_hand")  # S-07
        else:
            self.finish_death(keep=False)

    def death_text(self, xp_words: str) -> str:
        character = self.character
        return _(
            "{name} dies in the duel with {opponent}: {xp}; level, STR, HP, gold, kills and "
            "Jokers are kept. Deaths: {deaths}.",
            name=character["name"],
            opponent=self.opponent,
            xp=xp_words,
            deaths=character["deaths"],
        )

    def end_fight(self) -> None:
        """What ends a fight ends a duel here: after a death's losses and after level-ups."""
        self.end_duel()

    def end_duel(self) -> None:
        """T-37: the duel is over; the hand is refilled and the between-fights check follows."""
        self.state["duel"] = None
        self.internal.update(pending=[], deadly=False, free_buy_used=False, random_cards=[])
        self.refill_hand()

    # -- the opponent's save, and winning (T-35) ----------------------------------------------------

    def do_duel_saved(self, action: dict) -> None:
        hp = action.get("hp")
        if not (_whole(hp) and hp >= 1):
            raise RuleError(
                "T-34", _("a save leaves the opponent a whole number of HP, at least 1")
            )
        duel = self.duel
        duel["opponent_hp"] = hp
        self.event(
            "duel_saved",
            "T-34",
            _("{name} is saved: HP {hp}.", name=self.opponent, hp=hp),
        )
        after, duel["after"] = duel["after"], None
        if after == "spade":
            self.set_step("duel_turn")  # T-32: after a Spade or the A♠ the turn goes on
        else:
            self.after_play()

    def do_duel_won(self, action: dict) -> None:
        duel, character = self.duel, self.character
        self.rivals["player_kills"] += 1
        duel.update(turn=None, result="won", after=None)
        self.event(
            "duel_won",
            "T-35",
            _(
                "You killed {name}: player kills {kills}.",
                name=self.opponent,
                kills=self.rivals["player_kills"],
            ),
        )
        if duel["rules"]["xp"] == "hp_max":
            xp = duel["opponent"]["hp_max"]
            character["xp"] += xp
            self.event(
                "duel_xp",
                "T-35",
                _("+{xp} XP ({name}'s HP max).", xp=xp, name=self.opponent),
                xp=xp,
            )
        if self.level_up_due():
            self.set_step("level_up")  # T-19, T-20; the refill follows (T-35)
        else:
            self.end_duel()

    # -- draws and calling off (T-36) -------------------------------------------------------------

    def draw(self) -> None:
        self.rivals["duels_drawn"] += 1
        self.end_duel()

    def do_call_off_duel(self, action: dict) -> None:
        self.refuse_call_off()
        self.send(rivalry.DUEL_CALLED_OFF)
        self.event(
            "duel_called_off",
            "T-36",
            _("The duel with {name} is called off: no winner.", name=self.opponent),
        )
        self.draw()

    def do_duel_called_off(self, action: dict) -> None:
        self.refuse_call_off()
        self.event(
            "duel_called_off",
            "T-36",
            _("{name} has called the duel off: no winner.", name=self.opponent),
        )
        self.draw()

    def refuse_call_off(self) -> None:
        if self.internal["step"] not in CALL_OFF_STEPS:
            raise RuleError(
                "T-36",
                _(
                    "{name} has a card to turn, a save, a King's choice or a level-up roll to "
                    "make: a duel is called off only between those",
                    name=self.character["name"],
                ),
            )

    def abandon(self) -> None:
        """T-36 (b), T-08: a random attack needs a card and the draw pile is empty."""
        self.internal.update(pending=[], random_cards=[])
        self.event(
            "abandon",
            "T-36",
            _(
                "A card must be turned and your draw pile is empty: the play deals nothing and "
                "the duel with {name} is called off.",
                name=self.opponent,
            ),
        )
        self.send(rivalry.DUEL_CALLED_OFF)
        self.rivals["duels_drawn"] += 1
        self.state["duel"] = None
        self.end_session(_("the deck ran out in a duel"))


def refuse_out_of_place(state: dict, kind) -> None:
    """Refuse an action that does not fit the duel's step, naming the rule that forbids it."""
    if kind == "sell" and state["internal"]["step"] == "keep_hand":
        raise RuleError(
            "T-22", _("your King has died: his inventory is lost, so nothing can be sold now")
        )
    if kind in (rivalry.CALL_OFF_DUEL, rivalry.DUEL_CALLED_OFF):
        Duel(state).refuse_call_off()
    name = state["duel"]["opponent"]["name"]
    if kind in (rivalry.DUEL_HIT, rivalry.DUEL_TURN_OVER):
        raise RuleError(
            "T-37",
            _(
                "it is not {name}'s turn: a hit and the end of a turn come only in it. {allowed}",
                name=name,
                allowed=engine._allowed_now(state),
            ),
        )
    if kind in (rivalry.DUEL_SAVED, rivalry.DUEL_WON):
        raise RuleError(
            "T-34",
            _(
                "{name} is not below zero after a hit of yours: there is no save or death to hear "
                "of. {allowed}",
                name=name,
                allowed=engine._allowed_now(state),
            ),
        )
    if not isinstance(kind, str) or kind not in engine.ACTION_TYPES + rivalry.ACTION_TYPES:
        what = typed(kind) if isinstance(kind, str) else _("that")
        raise RuleError(
            state["awaiting"]["rule"],
            _(
                "{what} is not something you can do in this game. {allowed}",
                what=what,
                allowed=engine._allowed_now(state),
            ),
        )
    raise RuleError(
        OUT_OF_PLACE.get(kind, state["awaiting"]["rule"]),
        _(
            "you can't {what} now: you are in a duel. {allowed}",
            what=engine.ACTION_WORDS[kind],
            allowed=engine._allowed_now(state),
        ),
    )


def _whole(number) -> bool:
    return isinstance(number, int) and not isinstance(number, bool)
