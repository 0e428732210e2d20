"""What every part of a duel reads and does (T-30, T-31, T-36, T-37): the `duel` part of the
state, what the other log is sent, the start, whose turn it is, passes and the duel's end.
"""

from ..cards import card_text
from ..errors import RuleError
from ..text import _
from . import facts, rivalry
from .play_base import PlayBase

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


class DuelCore(PlayBase):
    """A duel's state and messages, its start, its turns and its end, for every phase of it."""

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

    # -- the start (T-30, T-31) --------------------------------------------------------------------

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

    # -- whose turn, passes and the end (T-32, T-36, T-37) -----------------------------------------

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

    def end_duel(self) -> None:
        """T-37: the duel is over; the hand is refilled and the between-fights check follows."""
        self.state["duel"] = None
        self.internal.update(pending=[], deadly=False, free_buy_used=False, random_cards=[])
        self.refill_hand()

    def draw(self) -> None:
        self.rivals["duels_drawn"] += 1
        self.end_duel()

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
