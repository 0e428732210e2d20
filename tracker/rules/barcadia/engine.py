"""The Heroes of Barcadia state machine: ``apply(state, action) -> new state``.

The state is plain JSON (heroes-of-barcadia-actions.md prints it). `apply` never changes the state
it is given: it copies the top level and the small indexes (players, tiles, turn, pending) and
copies a hero or a tile only when it changes, so an action costs the same in the first turn and
the thousandth. States share their unchanged parts, so a state handed out must be treated as
read-only. Randomness never happens here: rolls and tile faces arrive as action fields.
"""

from .. import log
from ..errors import RuleError
from ..text import _
from .awaiting import describe
from .card_effects import CardEffects
from .exploring import Exploring
from .fights import Fights
from .loot import Loot
from .moving import Moving
from .power_ups import PowerUps
from .ruleset import check_ruleset, shown
from .setting_up import SettingUp

GAME = "heroes-of-barcadia"

# The fields each action type reads (HL-02: any other top-level field is ignored).
ACTION_FIELDS = {
    "set_up_table": ("type", "players", "ruleset"),
    "roll_for_order": ("type", "rolls"),
    "duel": ("type", "player", "target", "roll", "target_roll", "modifiers"),
    "explore": ("type", "player", "at", "tile"),
    "fight": ("type", "player", "roll", "modifiers"),
    "team_battle": ("type", "player", "partner", "roll", "partner_roll", "modifiers"),
    "boss_fight": ("type", "player", "boss_player", "roll", "boss_roll", "modifiers"),
    "challenge_hoard": ("type", "player", "roll", "modifiers"),
    "move": ("type", "player", "path"),
    "use_portal": ("type", "player", "to"),
    "trap_roll": ("type", "player", "roll", "modifiers"),
    "gain_power_up": ("type", "player", "card", "from", "from_player"),
    "discard_power_up": ("type", "player", "card"),
    "gain_loot": ("type", "player", "count", "cards"),
    "note_loot": ("type", "player", "cards"),
    "play_loot": ("type", "player", "when", "card", "extra_action"),
    "set_trap": ("type", "player", "at", "when", "card"),
    "take_damage": ("type", "player", "amount", "note"),
    "heal": ("type", "player", "amount"),
    "place_hero": ("type", "player", "at", "note"),
    "move_tile": ("type", "player", "from", "to"),
    "end_turn": ("type", "player"),
}
ACTION_TYPES = tuple(ACTION_FIELDS)


def initial_state() -> dict:
    """The empty table every log is applied to: nothing set up yet."""
    state = {
        "game": GAME,
        "phase": "setup",
        "ruleset": check_ruleset(None),
        "dungeon": None,
        "players": {},
        "order": [],
        "order_rolls": {},
        "turn": None,
        "tiles": {},
        "pending": [],
        "awaiting": None,
        "winner": None,
        "actions": 0,
    }
    state["awaiting"] = describe(state)
    return state


def apply(state: dict, action: dict) -> dict:
    """Return the state after `action`, or raise RuleError (the given state is never changed)."""
    if not isinstance(action, dict):
        raise RuleError("HL-01", _("an action is an object with a type"))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_FIELDS:
        raise RuleError(
            "HL-01",
            _("{what} is not an action of this game", what=shown(kind)),
        )
    _check_phase(state, kind)
    play = _Play(state)
    getattr(play, "do_" + kind)(action)
    new = play.state
    new["actions"] = state["actions"] + 1
    new["awaiting"] = describe(new)
    return new


def replay(actions) -> dict:
    """Apply `actions` to the empty table; raise ReplayError at the first refusal."""
    return log.replay(apply, initial_state(), actions)


def _check_phase(state: dict, kind: str) -> None:
    phase = state["phase"]
    if phase == "over":
        raise RuleError("HT-22", _("{hero} has won: this game is over", hero=state["winner"]))
    if phase == "setup" and kind != "set_up_table":
        raise RuleError("H-01", _("set up the table first: name the heroes"))
    if phase != "setup" and kind == "set_up_table":
        raise RuleError("H-01", _("the table is already set up"))
    if phase == "order" and kind not in ("roll_for_order", "note_loot"):
        raise RuleError(
            "H-07", _("first roll for the turn order: everyone who is asked rolls a D20")
        )
    if phase == "play" and kind == "roll_for_order":
        raise RuleError("H-07", _("the turn order is already settled"))


class _Play(SettingUp, Exploring, Fights, Moving, PowerUps, Loot, CardEffects):
    """One action applied to a working copy of the state: the handlers of every phase."""
