"""Six-sided dice: checking dice typed in by a player, and rolling them from a seeded source."""

import random

from .cards import typed
from .text import _, ngettext


class DiceError(ValueError):
    """Dice that are not a list of the right number of integers 1–6."""


def check_dice(dice, count: int, sides: int = 6) -> list[int]:
    """Return `dice` as a list if it holds exactly `count` integers 1–`sides`, or raise."""
    if not isinstance(dice, list | tuple):
        raise DiceError(
            ngettext(
                "roll {count} die and enter what it shows",
                "roll {count} dice and enter what each shows",
                count,
            )
        )
    if len(dice) != count:
        raise DiceError(
            ngettext(
                "roll exactly {count} die, not {given}",
                "roll exactly {count} dice, not {given}",
                count,
                given=len(dice),
            )
        )
    for die in dice:
        # bool is an int in Python; a die is never True/False.
        if type(die) is not int or not 1 <= die <= sides:
            shown = typed(die) if isinstance(die, int | str) and not isinstance(die, bool) else ""
            if shown and shown != "that":
                raise DiceError(
                    _(
                        "each die shows a whole number from 1 to {sides}, not {shown}",
                        sides=sides,
                        shown=shown,
                    )
                )
            raise DiceError(_("each die shows a whole number from 1 to {sides}", sides=sides))
    return list(dice)


def roll(rng: random.Random, count: int, sides: int = 6) -> list[int]:
    """Roll `count` dice with the given random source."""
    return [rng.randint(1, sides) for _ in range(count)]
