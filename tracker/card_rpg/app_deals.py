"""At the app's table ("the app deals for me"): the steps the app takes by itself after a tap.

A card to turn for an attack or as loot, the monster's HP roll, a level-up roll, a look at the
cards drawn into the hand: none of them asks the player anything, so the app does them in the
same tap as the step before, until the game waits for a choice again (attack or end the turn,
spend a save, the King's hand, the next monster or buying first, starting a session). Each is
still its own log entry in the log format; undo takes the whole tap back (`tap_length`).

Nothing here decides a rule: the engine applies every step and the app's virtual table says
what it would deal or roll; this module only chains them.
"""

from __future__ import annotations

from collections.abc import Sequence

from tracker.core.services import KEEP_VIRTUAL_DECK, VirtualDeckState
from tracker.rules import RuleError
from tracker.rules.card_rpg import VirtualDeck
from tracker.rules.card_rpg import apply as engine_apply

# The table's inputs that ask the player no decision.
NO_DECISION = ("note_hand", "roll_monster_hp", "turn", "level_up")
# The inputs the app's table fills in (the deal button's, or one of the above).
TABLE_INPUTS = ("start_session", "reveal_monster", *NO_DECISION)
# No tap goes on for ever: each step uses up cards or dice, a session ends long before this.
MOST_STEPS = 200


def with_app_steps(
    state: dict,
    action: dict,
    table: VirtualDeck | None,
    first_table: VirtualDeckState = KEEP_VIRTUAL_DECK,
    *,
    from_table: bool = False,
) -> tuple[list[tuple[dict, VirtualDeckState]], list[dict]]:
    """The tap's `action` (recorded with `first_table`), then every step the app takes by itself.

    Returns the (action, table state) pairs and the state after each, so that the write need
    not run the rules again. `table` is the app's table as it stands after `action` (None when
    the player deals real cards: the action alone); it moves on as it deals. Raises the
    engine's RuleError when `action` itself is refused. `from_table`: the action came from the
    deal button; if it was a look at cards drawn into the hand, the input the button named
    comes next, whatever it is.
    """
    after = engine_apply(state, action)
    steps: list[tuple[dict, VirtualDeckState]] = [(action, first_table)]
    afters = [after]
    if table is None:
        return steps, afters
    named_next = from_table and action["type"] == "note_hand"
    while len(steps) < MOST_STEPS:
        step = table.next_action(after)
        if step is None or (step["type"] not in NO_DECISION and not named_next):
            break
        named_next = False
        try:
            after = engine_apply(after, step)
        except RuleError:
            break  # the player sees the step awaited and the deal button offers it
        steps.append((step, table.to_dict()))
        afters.append(after)
    return steps, afters


def tap_continues(newest: Sequence[dict]) -> bool:
    """Whether the player's tap began before `newest` (newest first): all are the app's steps."""
    return all(action.get("type") in NO_DECISION for action in newest)


def tap_length(newest: Sequence[dict], at_table: bool) -> int:
    """How many of the newest log entries (`newest`, newest first) one undo takes back.

    At the app's table: the steps it took by itself and the tap before them. With real cards:
    one entry, as the player entered each.
    """
    if not newest:
        return 1
    if not at_table:
        return 1
    count = 0
    while count < len(newest) and newest[count].get("type") in NO_DECISION:
        count += 1
    return min(count + 1, len(newest))


__all__ = [
    "MOST_STEPS",
    "NO_DECISION",
    "TABLE_INPUTS",
    "tap_continues",
    "tap_length",
    "with_app_steps",
]
