"""One character's log at a table: the engine's game, plus robbing and duels (T-25–T-38).

`apply` here is Card RPG's `apply` for every log. An action of a character's own game with no
duel running goes to the engine unchanged; a table action (`rob`, `robbed`, `start_duel`, the
duel's) and every action during a duel are played by robbing.py and duel.py. Either way the
state gains two keys (rules/actions.md, "Several characters at one table"): `rivals` — the
record of robberies and duels, which table actions are acceptable now (`allowed`) and what the
other character's log must receive because of this action (`send`) — and `duel`, null unless
a duel is running. A log in which nobody robs or duels replays exactly as before but for them.
"""

from .. import log
from ..errors import RuleError
from ..text import _
from . import awaiting, duel_awaiting, engine, rivalry
from .duel import OUT_OF_PLACE, STEP_ACTIONS, Duel, refuse_out_of_place
from .robbing import Robbery


def initial_state() -> dict:
    """The empty start every log is applied to: no character yet."""
    state = engine.initial_state()
    state["rivals"] = rivalry.fresh()
    state["duel"] = None
    return state


def apply(state: dict, action: dict) -> dict:
    """Return the state after `action`, or raise RuleError (the given state is never changed)."""
    state = _with_table_keys(state)
    kind = action.get("type") if isinstance(action, dict) else None
    if state["duel"] is None and kind not in rivalry.ACTION_TYPES:
        new, sends = engine.apply(state, action), []
    else:
        new, sends = _apply_at_table(state, action)
    rivals = new["rivals"]
    rivals["send"] = sends
    if _sessions(new) > _sessions(state):
        rivals["rob_used"] = False  # T-28: a session has ended, however it ended
    rivals["allowed"] = rivalry.allowed(new)
    return new


def replay(actions) -> dict:
    """Apply `actions` to the initial state; raise ReplayError at the first refusal."""
    return log.replay(apply, initial_state(), actions)


def describe(state: dict) -> dict:
    """The `awaiting` dict for any state, in a duel or not."""
    if state.get("duel") is not None:
        return duel_awaiting.describe(state)
    return awaiting.describe(state, engine._Play(state))


def _sessions(state: dict) -> int:
    character = state["character"]
    return character["sessions"] if character else 0


def _with_table_keys(state: dict) -> dict:
    """A state stored before characters shared tables, with its `rivals` and `duel` added."""
    if "rivals" in state and "duel" in state:
        return state
    state = {**state, "rivals": rivalry.fresh(), "duel": None}
    state["rivals"]["allowed"] = rivalry.allowed(state)
    return state


def _apply_at_table(state: dict, action: dict) -> tuple[dict, list[dict]]:
    """A table action, or any action in a duel: (the new state, what the other log receives)."""
    kind = action.get("type")
    if state["character"] is None:
        engine._refuse_out_of_turn(state, kind)
    if state["duel"] is not None:
        if kind == engine.RENAME:
            return engine._rename(state, action, awaiting=describe), []
        if kind not in STEP_ACTIONS[state["internal"]["step"]] + rivalry.SETUP_TYPES:
            refuse_out_of_place(state, kind)
    if kind in (rivalry.ROB, rivalry.ROBBED):
        play_class = Robbery
    elif kind == rivalry.START_DUEL or state["duel"] is not None:
        play_class = Duel
    else:
        raise RuleError(
            OUT_OF_PLACE[kind],
            _(
                "{name} is not in a duel. {allowed}",
                name=state["character"]["name"],
                allowed=engine._allowed_now(state),
            ),
        )
    # L-01, as in the engine: the fields of an action possible now are checked first.
    possible = kind in engine.legal_action_types(state) or kind in state["rivals"]["allowed"]
    if possible:
        engine.check_fields(action)
    new = engine._copy_state(state)
    new["events"] = []
    if kind != rivalry.ROBBED:
        # As in the engine: a deal or a refill is said once, with the action that asks it; a
        # robbery by another character is not this player's action and leaves it to be done.
        new["internal"]["deal"] = None
        new["internal"]["refill"] = 0
    play = play_class(new)
    play.handle(kind, action)
    if not possible:
        engine.check_fields(action)
    new["actions"] += 1
    engine._publish(new)
    new["awaiting"] = describe(new)
    return new, play.sends
