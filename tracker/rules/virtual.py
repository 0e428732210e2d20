"""Seeded randomness for a virtual table: a reproducible, JSON-storable source of shuffles and
dice, and the bookkeeping of a shuffled deck's secret order. Game-agnostic.

A game's rules engine never rolls or shuffles; a virtual table does it for a player who has no
deck or dice, and hands the results to the engine as ordinary actions.
"""

import random
import secrets

from .dice import roll


class RandomSource:
    """A seeded stream of random draws whose whole state is two JSON values (seed, draws).

    Each draw uses its own ``random.Random`` seeded from ``(seed, draw number)``, so the state
    stays small enough to store between HTTP requests and replays exactly.
    """

    def __init__(self, seed=None, draws: int = 0):
        self.seed = secrets.randbits(64) if seed is None else seed
        self.draws = draws

    def rng(self) -> random.Random:
        """A fresh generator for the next draw."""
        self.draws += 1
        return random.Random(f"{self.seed}/{self.draws}")

    def roll(self, count: int, sides: int = 6) -> list[int]:
        """Roll `count` dice."""
        return roll(self.rng(), count, sides)

    def shuffled(self, items) -> list:
        """A shuffled copy of `items`."""
        result = list(items)
        self.rng().shuffle(result)
        return result

    def to_dict(self) -> dict:
        """JSON-serialisable state."""
        return {"seed": self.seed, "draws": self.draws}

    @classmethod
    def from_dict(cls, data: dict) -> "RandomSource":
        """Rebuild from `to_dict`'s output."""
        return cls(seed=data["seed"], draws=data["draws"])


def reconcile_order(order: list, live: list[int], unknown: set[str], source: RandomSource) -> bool:
    """Make a secret deck order agree with what is publicly known; return False if it can't.

    `order[i]` is the card at deal position i. `live` lists the positions whose card is still
    unseen (face down somewhere, or not yet dealt); `unknown` is the set of cards nobody has
    seen. A player may name a card other than the one the secret order had (typing a real card
    in, buying back a face-down discard): then the card named is seen, its position is not, and
    the card the order had there is still unseen. Swapping the displaced unseen cards back into
    the live positions keeps every future deal consistent with the engine.
    """
    if len(live) != len(unknown) or any(not 0 <= i < len(order) for i in live):
        return False
    held = {order[i] for i in live}
    clashes = [i for i in live if order[i] not in unknown]
    if not clashes:
        return True
    orphans = sorted(unknown - held)
    if len(orphans) != len(clashes):
        return False
    orphans = source.shuffled(orphans)
    for position, card in zip(clashes, orphans, strict=True):
        order[position] = card
    return True
