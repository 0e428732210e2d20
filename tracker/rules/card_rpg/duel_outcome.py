"""How a duel goes to its end (T-34–T-36): the opponent's hits, saves and deaths on either side,
the win, and a duel called off or abandoned.
"""

from ..errors import RuleError
from ..text import _
from . import rivalry
from .duel_core import DuelCore
from .facts import whole_number


class DuelOutcome(DuelCore):
    """Hits taken, saves, deaths, wins and call-offs."""

    # -- the opponent's turn -----------------------------------------------------------------------

    def do_duel_hit(self, action: dict) -> None:
        damage, deadly = action.get("damage"), action.get("deadly")
        if deadly is not None and (deadly is not True or damage is not None):
            raise RuleError(
                "T-37", _("a hit is a number of points of damage or a deadly blow, not both")
            )
        if deadly is None and not (whole_number(damage) and damage >= 1):
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

    # -- saves and death (T-34) --------------------------------------------------------------------

    def after_save(self, hp: int) -> None:
        """T-34: the opponent's log hears of the save, and the opponent's turn goes on (T-32)."""
        self.send(rivalry.DUEL_SAVED, hp=hp)
        self.set_step("duel_opponent")

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

    # -- the opponent's save, and winning (T-35) ---------------------------------------------------

    def do_duel_saved(self, action: dict) -> None:
        hp = action.get("hp")
        if not (whole_number(hp) and hp >= 1):
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

    # -- draws and calling off (T-36) --------------------------------------------------------------

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
