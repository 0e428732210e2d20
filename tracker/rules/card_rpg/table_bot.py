"""A random table of two to six characters, for property tests and benchmarks (T-25–T-38).

Each character has its own virtual deck and dice (T-25) and plays its own fights as the solo
random player does; between its fights and sessions the table also robs (T-27–T-29),
challenges (T-30), duels (T-31–T-35), passes, calls duels off (T-36) and runs decks down in
duels. Every step goes through `exchange`, as the app's would, so each log receives exactly what
the other sends it.
"""

import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..cards import FACE_CARDS, rank
from . import rivalry
from .bot import RandomPlayer, candidate_actions
from .duel_core import CALL_OFF_STEPS
from .exchange import Step, challenge_action, exchange, rob_action
from .rivals import initial_state

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")
# Steps of a duel in which this character is the one to act.
OWN_STEPS = ("duel_turn", "turn", "save", "keep_hand", "level_up")
WEIGHTS = {
    "attack": 3.0,
    "use_item": 4.0,
    "buy_back": 0.5,
    "sell": 0.5,
    "end_turn": 1.0,
    "call_off_duel": 0.05,
    "save": 9.0,
    "accept_death": 1.0,
    "keep_hand": 1.0,
}


@dataclass(frozen=True)
class Move:
    """One step the table takes: whose it is, the action, and whom else it concerns."""

    actor: int
    action: dict
    other: int | None


class TableBot:
    """Plays a table of characters at random; `states` and `logs` hold each one's."""

    def __init__(
        self, seed, classes=None, *, count: int = 2, ruleset=None, duel_rules=None, states=None
    ):
        """A table of new characters of `classes` (or `count` random ones), or of `states`
        already made (then `logs` hold what is played from them on)."""
        self.rng = random.Random(f"table-{seed}")
        if states is not None:
            classes = [state["character"]["class"] for state in states]
        elif classes is None:
            classes = [self.rng.choice(FACE_CARDS) for _ in range(count)]
        self.classes = list(classes)
        self.players = [RandomPlayer(f"{seed}-{index}") for index in range(len(self.classes))]
        self.duel_rules = duel_rules  # None: the table draws them for each duel
        self.states: list[dict] = list(states or [])
        self.logs: list[list[dict]] = [[] for _ in self.classes]
        self.opponent: dict[int, int] = {}  # a duellist -> its opponent, while either duels
        if states is None:
            for index, cls in enumerate(self.classes):
                action = self.players[index].table.create_character(NAMES[index], cls, ruleset)
                self.states.append(exchange(initial_state(), None, action).actor)
                self.logs[index].append(action)

    # -- playing ------------------------------------------------------------------------------

    def step(self) -> tuple[Move, Step]:
        """Choose and apply one step; return it with what it applied to each log."""
        move = self.choose()
        other = None if move.other is None else self.states[move.other]
        result = exchange(self.states[move.actor], other, move.action)
        self.record(move, result)
        return move, result

    def record(self, move: Move, result: Step) -> None:
        """Keep what an accepted step did to each log."""
        self.states[move.actor] = result.actor
        self.logs[move.actor] += result.actions("actor")
        if move.other is not None:
            self.states[move.other] = result.other
            self.logs[move.other] += result.actions("other")
        if move.action["type"] == rivalry.START_DUEL:
            self.opponent[move.actor], self.opponent[move.other] = move.other, move.actor

    def play(self, steps: int) -> Iterator[tuple[Move, Step]]:
        """Take `steps` steps, yielding each."""
        for _ in range(steps):
            yield self.step()

    def choose(self) -> Move:
        """A step some character may take now, at random."""
        moves = [move for index in range(len(self.states)) for move in self.moves(index)]
        weights = [weight for weight, _move in moves]
        return self.rng.choices([move for _weight, move in moves], weights)[0]

    def moves(self, index: int) -> list[tuple[float, Move]]:
        """The steps character `index` may take now, weighted."""
        state = self.states[index]
        duel = state["duel"]
        rivals = state["rivals"]
        opponent = self.opponent.get(index) if duel is not None else None
        step = state["internal"]["step"]
        if duel is not None and step not in OWN_STEPS:
            # The opponent's turn or save: only a call-off, when the opponent may confirm it.
            if self.opponent_may_call_off(opponent):
                return [(0.02, Move(index, {"type": rivalry.CALL_OFF_DUEL}, opponent))]
            return []
        if duel is not None:
            return [(1.0, Move(index, self.duel_action(index, opponent), opponent))]
        own = 1.0
        if rivalry.ROB in rivals["allowed"]:
            own = 0.3  # a robber lingers before its session, waiting for someone to rob (T-28)
        moves = [(own, Move(index, self.players[index].choose(state), None))]
        if rivalry.ROB in rivals["allowed"]:
            moves += self.robberies(index)
        if rivalry.START_DUEL in rivals["allowed"]:
            moves += self.challenges(index)
        if step == "between" and rank(self.classes[index]) in rivalry.ROBS:
            # Robbers end sessions now and then, so that there are robberies to make (T-28).
            moves.append((0.05, Move(index, {"type": "end_session"}, None)))
        return moves

    def duel_action(self, index: int, opponent: int | None) -> dict:
        state = self.states[index]
        player = self.players[index]
        unseen = [card for card in player.table.hand(state) if card not in _known(state)]
        if unseen:
            return {"type": "note_hand", "cards": unseen}
        table_action = player.table.next_action(state)
        if table_action is not None:
            return table_action  # a card to turn, a level-up roll
        options = [
            action
            for action in candidate_actions(state)
            if action["type"] != rivalry.CALL_OFF_DUEL or self.opponent_may_call_off(opponent)
        ]
        weights = [WEIGHTS[action["type"]] for action in options]
        return self.rng.choices(options, weights)[0]

    def opponent_may_call_off(self, opponent: int | None) -> bool:
        """T-36: the other log confirms a call-off only while it awaits no step of its own."""
        if opponent is None:
            return False
        other = self.states[opponent]
        return other["duel"] is not None and other["internal"]["step"] in CALL_OFF_STEPS

    def robberies(self, index: int) -> list[tuple[float, Move]]:
        robber = self.states[index]
        moves = []
        for victim, state in enumerate(self.states):
            if victim == index or rivalry.ROBBED not in state["rivals"]["allowed"]:
                continue
            if not rivalry.may_rob(robber["character"]["class"], state["character"]["class"]):
                continue
            cards = [
                card
                for card in state["character"]["inventory"]
                if card not in robber["character"]["inventory"]
            ]
            for card in cards:
                action = rob_action(robber, state, card)
                moves.append((3.0 / len(cards), Move(index, action, victim)))
        return moves

    def challenges(self, index: int) -> list[tuple[float, Move]]:
        challenger = self.states[index]
        moves = []
        for challenged, state in enumerate(self.states):
            if challenged == index or rivalry.START_DUEL not in state["rivals"]["allowed"]:
                continue
            rules = self.duel_rules or {
                option: self.rng.choice(choices) for option, choices in rivalry.DUEL_RULES.items()
            }
            action = challenge_action(challenger, state, rules)
            # Duels between characters holding items make for saves, Spades and Aces (T-33).
            held = len(challenger["character"]["inventory"]) + len(state["character"]["inventory"])
            moves.append((0.2 * (1 + held), Move(index, action, challenged)))
        return moves


def _known(state: dict) -> list[str]:
    return state["session"]["hand"]["known"] if state["session"] else []
