"""The app's own dice, rolled at the edge of the game with the system's randomness.

The rules engine never rolls (rules/actions.md): this module rolls for a player who taps
"Roll for me", and the numbers go into the action exactly like dice typed in from the table.
"""

import random

from tracker.rules import RuleError
from tracker.rules.card_rpg import Ruleset, apply, initial_state
from tracker.rules.dice import roll

# Unpredictable, unseeded: a player's character should not be guessable from a seed.
_SYSTEM_RANDOM = random.SystemRandom()

DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def roll_dice(count: int) -> list[int]:
    """Roll `count` six-sided dice."""
    return roll(_SYSTEM_RANDOM, count)


def creation_option(chosen: str | None) -> str:
    """The creation-dice option chosen (T-02), or the table's default for one it does not know."""
    return chosen if chosen in Ruleset.CHOICES["creation_dice"] else Ruleset().creation_dice


def creation_roll(chosen: str | None) -> dict:
    """The app's creation roll under the creation-dice option chosen (T-02): the option, and
    STR's and HP's dice, as many of each as the option rolls."""
    option = creation_option(chosen)
    count = Ruleset(creation_dice=option).creation_dice_count
    return {"creation_dice": option, "str": roll_dice(count), "hp": roll_dice(count)}


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
