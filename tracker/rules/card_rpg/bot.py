"""Candidate actions for a player's decisions, and a random player used by tests and benchmarks.

`candidate_actions` lists concrete acceptable actions for the decisions a player makes (attacks,
items, buying, selling, saves…). Card and dice inputs (turned cards, rolls, the hand dealt) come
from a VirtualDeck instead.
"""

import random
from collections.abc import Iterator

from ..cards import FACE_CARDS, is_number, rank, value
from . import rivals
from .ruleset import Ruleset
from .virtual_deck import VirtualDeck


def candidate_actions(state: dict) -> list[dict]:
    """Concrete acceptable actions for the player's decisions now (not card/dice inputs)."""
    step = state["internal"]["step"]
    awaiting = state["awaiting"]
    choices = awaiting["choices"]
    actions: list[dict] = []
    if step in ("character_turn", "duel_turn"):
        # T-32, T-33: a duel's own turn offers what a fight's does, against the opponent.
        if choices["attacks_left"]:
            actions += _attacks(state["session"]["hand"]["known"], choices["blitz"])
        for item in choices["usable_items"]:
            for as_suit in item["as"]:
                actions.append({"type": "use_item", "card": item["card"], "as": as_suit})
        actions.append({"type": "end_turn"})
    if step in ("duel_turn", "duel_opponent", "duel_opponent_save"):
        # T-36: the other duellist's log confirms, or refuses while it waits for a step.
        actions.append({"type": "call_off_duel"})
    if step == "between":
        actions.append({"type": "end_session"})
    if step in ("between", "character_turn", "duel_turn") and choices.get("buy_back"):
        for card in choices["discard_pile"]["known"]:
            actions.append({"type": "buy_back", "card": card})
    for item in choices.get("sellable", []):
        actions.append({"type": "sell", "card": item["card"]})
    if step == "save":
        actions += [{"type": "save", "card": save["card"]} for save in choices["saves"]]
        actions.append({"type": "accept_death"})
    if step == "keep_hand":
        actions += [{"type": "keep_hand", "keep": True}, {"type": "keep_hand", "keep": False}]
    return actions


def _attacks(hand: list[str], blitz: bool) -> list[dict]:
    """Each single card, and each whole group of one rank (S-20); the whole hand under blitz."""
    by_rank: dict[str, list[str]] = {}
    for card in hand:
        by_rank.setdefault(rank(card), []).append(card)
    plays = [[card] for card in hand]
    plays += [group for group in by_rank.values() if len(group) > 1]
    if blitz and len(by_rank) > 1:
        plays.append(list(hand))  # S-12: the A♣ unloads any cards at once
    return [{"type": "attack", "cards": play} for play in plays]


class RandomPlayer:
    """Plays legal actions at random, weighted so that characters fight, loot, buy and die."""

    def __init__(self, seed, table: VirtualDeck | None = None):
        self.rng = random.Random(seed)
        self.table = table or VirtualDeck(seed)

    def choose(self, state: dict) -> dict | None:
        """The next action for `state` (None only before a character exists)."""
        step = state["internal"]["step"]
        table_action = self.table.next_action(state)
        if table_action is not None and (step != "between" or table_action["type"] == "note_hand"):
            return table_action
        options = candidate_actions(state)
        if step == "between":
            options.append(table_action)  # the next monster
            if state["awaiting"]["choices"]["buy_top"]:
                options.append(self._buy_top(state))
        if not options:
            return None
        weights = [self._weight(state, action) for action in options]
        return self.rng.choices(options, weights)[0]

    def _buy_top(self, state: dict) -> dict:
        top = self.table.top_card(state)
        price = 20 if rank(top) == "A" else value(top)
        affordable = is_number(top) and price <= state["character"]["gold"]
        return {"type": "buy_top", "card": top, "buy": affordable and self.rng.random() < 0.9}

    @staticmethod
    def _weight(state: dict, action: dict) -> float:
        kind = action["type"]
        if kind == "attack":
            return 3.0 + 2 * len(action["cards"])
        return {
            "reveal_monster": 20.0,
            "buy_top": 2.0 if state["character"]["gold"] >= 2 else 0.3,
            "buy_back": 1.0,
            "sell": 0.7,
            "use_item": 6.0,
            "end_turn": 0.3,
            "end_session": 0.15,
            "save": 9.0,
            "accept_death": 1.0,
            "keep_hand": 1.0,
        }[kind]


def play(
    seed,
    steps: int,
    class_card: str | None = None,
    ruleset: dict | None = None,
    state: dict | None = None,
) -> Iterator[tuple[dict, dict, dict]]:
    """Play `steps` random legal actions for one character; yield (before, action, after)."""
    player = RandomPlayer(seed)
    if state is None:
        state = rivals.initial_state()
    if state["character"] is None:
        class_card = class_card or player.rng.choice(FACE_CARDS)
        Ruleset.from_dict(ruleset)  # refuse bad options early
        action = player.table.create_character(f"Bot {seed}", class_card, ruleset)
        after = rivals.apply(state, action)
        yield state, action, after
        state = after
    for _ in range(steps):
        action = player.choose(state)
        after = rivals.apply(state, action)
        yield state, action, after
        state = after


def random_game(seed, steps: int, class_card: str | None = None, ruleset=None) -> list[dict]:
    """The actions of a random game of `steps` (+1 creation) actions: a log to replay."""
    return [action for _, action, _ in play(seed, steps, class_card, ruleset)]
