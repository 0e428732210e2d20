"""The app's own dice, rolled at the edge of the game with the system's randomness.

The rules engine never rolls (rules/actions.md): this module rolls for a player who taps
"Roll for me", and the numbers go into the action exactly like dice typed in from the table.
"""

import random

from tracker.rules import RuleError
from tracker.rules.card_rpg import apply, initial_state
from tracker.rules.dice import roll

# Unpredictable, unseeded: a player's character should not be guessable from a seed.
_SYSTEM_RANDOM = random.SystemRandom()

DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def roll_dice(count: int) -> list[int]:
    """Roll `count` six-sided dice."""
    return roll(_SYSTEM_RANDOM, count)


def die_face(value: int) -> str:
    """The die face ⚀…⚅ that shows `value` (1–6)."""
    return DIE_FACES[value - 1]


def creation_stats(str_dice: list[int], hp_dice: list[int], ruleset: dict) -> dict:
    """STR and HP that these creation dice give, as the engine computes them (S-05, T-02).

    Asks the engine itself (a trial `create_character` on an empty start) rather than
    repeating S-05 here, so the preview can never disagree with the character created.
    Raises RuleError when the engine refuses the dice.
    """
    trial = {
        "type": "create_character",
        "name": "preview",
        "class": "JS",  # any class: it does not change STR or HP
        "str_dice": list(str_dice),
        "hp_dice": list(hp_dice),
        "ruleset": ruleset,
    }
    character = apply(initial_state(), trial)["character"]
    return {
        "str": character["str"],
        "hp_max": character["hp_max"],
        "str_roll": sum(str_dice),
        "hp_roll": sum(hp_dice),
    }


__all__ = ["DIE_FACES", "RuleError", "creation_stats", "die_face", "roll_dice"]
