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

from ..cards import typed
from ..errors import RuleError
from ..text import _
from . import engine, rivalry
from .duel_items import DuelItems
from .duel_outcome import DuelOutcome
from .duel_own_turn import DuelOwnTurn

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


class Duel(DuelOwnTurn, DuelItems, DuelOutcome, engine._Play):
    """One action of a duel applied to a working copy of one character's state: the engine's
    play, with each phase a duel plays its own way in its own class."""


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
