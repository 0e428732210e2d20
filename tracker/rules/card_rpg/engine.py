"""The Card RPG – Advanced state machine: ``apply(state, action) -> new state`` (rules/actions.md).

The state is a plain JSON dict. `apply` copies it, lets one handler change the copy and then
runs the automatic steps (damage, deaths, loot, refills, session ends) until the game waits for
the player again; a refusal raises RuleError before the caller ever sees the copy, so the state
it was given never changes. Randomness never happens here: cards and dice come in as actions.
"""

from .. import log
from ..cards import and_words, or_words, typed
from ..errors import RuleError
from ..text import _
from . import awaiting, rivalry
from .card_moves import CardMoves
from .death import Death
from .fight import Fight
from .items import Items
from .market import Market
from .play_base import fresh_internal
from .rulebook import MAX_LEVEL as MAX_LEVEL
from .rulebook import STEP_ACTIONS
from .rulebook import TURN_SOURCE as TURN_SOURCE
from .sessions import NAME_MAX_LENGTH as NAME_MAX_LENGTH
from .sessions import Sessions, check_name
from .turned_cards import TurnedCards
from .victory import Victory

# Action types in a player's words, for refusals ("now the game expects: roll the monster's HP").
ACTION_WORDS = {
    "create_character": _("create a character"),
    "start_session": _("start a session"),
    "note_hand": _("note the cards in your hand"),
    "reveal_monster": _("turn up the next monster"),
    "roll_monster_hp": _("roll the monster's HP"),
    "attack": _("attack"),
    "use_item": _("use an inventory card"),
    "sell": _("sell an inventory card"),
    "turn": _("enter the card turned up"),
    "end_turn": _("end your turn"),
    "save": _("spend a card that saves you"),
    "accept_death": _("accept death"),
    "keep_hand": _("choose whether your King keeps his hand"),
    "level_up": _("roll for the level-up"),
    "buy_back": _("buy back a card"),
    "buy_top": _("turn the top card to buy it"),
    "end_session": _("end the session"),
    **rivalry.ACTION_WORDS,  # several characters at one table (rules/card-rpg-table.md)
}
ACTION_TYPES = tuple(dict.fromkeys(t for types in STEP_ACTIONS.values() for t in types))
# L-01: the fields each action may hold besides its `type` (rules/actions.md); any other field
# is refused, so nothing the rules never read is stored with a log.
ACTION_FIELDS = {
    "create_character": ("name", "class", "str_dice", "hp_dice", "ruleset"),
    "start_session": ("hand",),
    "note_hand": ("cards",),
    "reveal_monster": ("card",),
    "roll_monster_hp": ("dice",),
    "attack": ("cards",),
    "use_item": ("card", "as"),
    "sell": ("card",),
    "turn": ("card",),
    "end_turn": (),
    "save": ("card",),
    "accept_death": (),
    "keep_hand": ("keep",),
    "level_up": ("hp_dice",),
    "buy_back": ("card",),
    "buy_top": ("card", "buy"),
    "end_session": (),
}
# Actions about the record rather than moves of the game (rules/actions.md lets a log add
# actions): accepted at any step once the character exists, never listed in `awaiting.action`
# (which lists what the game itself waits for), and with their fields checked the same way.
RENAME = "rename"
RECORD_ACTION_FIELDS = {RENAME: ("name",)}


def check_fields(action: dict) -> None:
    """L-01: refuse a field its type does not hold (rules/actions.md); the type must be known."""
    kind = action["type"]
    # The table's actions (robbing, duels: rivalry.py) are checked the same way.
    allowed = (ACTION_FIELDS | rivalry.ACTION_FIELDS | RECORD_ACTION_FIELDS)[kind]
    for field in action:
        if field == "type" or field in allowed:
            continue
        if not allowed:
            raise RuleError(
                "L-01",
                _(
                    "the {kind} action holds nothing but its type, not {field}",
                    kind=kind,
                    field=typed(field),
                ),
            )
        listed = and_words(list(allowed))
        raise RuleError(
            "L-01",
            _(
                "the {kind} action holds only {fields}, not {field}",
                kind=kind,
                fields=listed,
                field=typed(field),
            ),
        )


def initial_state() -> dict:
    """The empty start every log is applied to: no character yet."""
    state = {
        "character": None,
        "session": None,
        "fight": None,
        "awaiting": None,
        "actions": 0,
        "events": [],
        "cards": None,
        "internal": fresh_internal("create"),
    }
    state["awaiting"] = describe(state)
    return state


def apply(state: dict, action: dict) -> dict:
    """Return the state after `action`, or raise RuleError (the given state is never changed)."""
    if not isinstance(action, dict):
        raise RuleError(
            state["awaiting"]["rule"],
            _(
                "that is not something you can do in this game. {allowed}",
                allowed=_allowed_now(state),
            ),
        )
    kind = action.get("type")
    step = state["internal"]["step"]
    if kind == RENAME:
        return _rename(state, action)
    if kind not in STEP_ACTIONS[step]:
        _refuse_out_of_turn(state, kind)
    # L-01: an action of a type possible now is checked for unknown fields first (a misspelt
    # field is the likeliest mistake); a type no instance of which fits now is refused by the
    # rule that forbids it, and any action the handler would accept is still checked after.
    possible = kind in legal_action_types(state)
    if possible:
        check_fields(action)
    new = _copy_state(state)
    new["events"] = []
    # The cards dealt to a new monster (S-16, S-17) and the refill (T-07) are said once, with the
    # action that asks them: a player who read them again after a side action would deal or
    # draw cards too many (issue 28).
    new["internal"]["deal"] = None
    new["internal"]["refill"] = 0
    _Play(new).handle(kind, action)
    if not possible:
        check_fields(action)
    new["actions"] += 1
    _publish(new)
    new["awaiting"] = describe(new)
    return new


def settled(state: dict) -> dict:
    """The state once the real table matches it: what its last action asked is done.

    After an undo the table is put back to a state whose last action was played long ago: its
    events, the cards it dealt to a monster (S-16, S-17) and its refill (T-07) are not to be
    done again (issue 28).
    """
    internal = state["internal"]
    if not state["events"] and not internal["deal"] and not internal["refill"]:
        return state
    new = _copy_state(state)
    new["events"] = []
    new["internal"]["deal"] = None
    new["internal"]["refill"] = 0
    new["awaiting"] = describe(new)
    return new


def _rename(state: dict, action: dict, awaiting=None) -> dict:
    """S-03: a new name for the character, at any point after its creation; nothing else moves.

    What the game waits for stays as it was (the reminders of a deal or a refill too): only the
    name changes, so every later message and an export use the new one. `awaiting` builds what
    is awaited (a duel's is built by duel.py).
    """
    if state["character"] is None:
        raise RuleError(
            state["awaiting"]["rule"],
            _("there is no character to rename yet. {allowed}", allowed=_allowed_now(state)),
        )
    check_fields(action)
    name = check_name(action.get("name"))
    new = _copy_state(state)
    old = new["character"]["name"]
    new["character"]["name"] = name
    new["events"] = [
        {
            "type": "renamed",
            "rule": "S-03",
            "text": _("{old} is now called {name}.", old=old, name=name),
            "name": name,
        }
    ]
    new["actions"] += 1
    new["awaiting"] = (awaiting or describe)(new)
    return new


def replay(actions) -> dict:
    """Apply `actions` to the initial state; raise ReplayError at the first refusal."""
    return log.replay(apply, initial_state(), actions)


def legal_action_types(state: dict) -> list[str]:
    """The action types with at least one acceptable instance now (awaiting.action as a list)."""
    action = state["awaiting"]["action"]
    return [action] if isinstance(action, str) else list(action)


# --- internals -------------------------------------------------------------------------------


def _copy(value):
    """A deep copy of JSON data (much faster than copy.deepcopy for these small dicts)."""
    if type(value) is dict:
        return {key: _copy(item) for key, item in value.items()}
    if type(value) is list:
        return [_copy(item) for item in value]
    return value


def _copy_state(state: dict) -> dict:
    """A copy of everything `apply` may change, faster than a generic deep copy: the lists in
    the main parts hold only strings and numbers, so one `list()` copies each. `awaiting` and
    `events` are rebuilt by every action and not copied."""
    new = {key: _copy(value) for key, value in state.items() if key not in _NOT_DEEP}
    for key in _FLAT_LISTS:
        part = state.get(key)
        if part is not None:
            part = {
                name: list(item) if type(item) is list else _copy(item)
                for name, item in part.items()
            }
        new[key] = part
    return new


# State parts whose lists are flat (cards, deal numbers, reasons); nested dicts are deep-copied.
_FLAT_LISTS = ("character", "session", "fight", "cards", "internal")
_NOT_DEEP = (*_FLAT_LISTS, "awaiting", "events")


def _publish(state: dict) -> None:
    """Bring the public counts (actions.md) in line with the internal card lists."""
    session, cards, fight = state["session"], state["cards"], state["fight"]
    if session is not None:
        session["draw_pile"] = cards["draw_unknown"] + len(cards["draw_bottom"])
        session["discard_count"] = len(session["discard_pile"]) + len(cards["discard_unknown"])
        hand = session["hand"]
        hand["count"] = len(hand["known"]) + len(cards["hand_unknown"])
    if fight is not None:
        fight["hidden"] = len(cards["hidden"])
        fight["attack_pile"] = len(cards["attack_pile"])
        # For screens: the monster's HP never shown below zero; `deadly_blow` (T-12) says the
        # character is dying while `hp` keeps its value (T-22a).
        hp = fight["monster_hp"]
        fight["monster_hp_shown"] = None if hp is None else max(hp, 0)
        fight.setdefault("deadly_blow", False)


def _allowed_now(state: dict) -> str:
    awaiting = state["awaiting"]
    words = [ACTION_WORDS.get(kind, kind) for kind in legal_action_types(state)]
    return _(
        "{instruction} (now the game expects: {actions})",
        instruction=awaiting["instruction"],
        actions=or_words(words),
    )


def _refuse_out_of_turn(state: dict, kind) -> None:
    rule = state["awaiting"]["rule"]
    if kind == "sell" and state["internal"]["step"] == "keep_hand":
        # T-22: the King has died; his inventory is lost whatever he chooses about his hand.
        raise RuleError(
            "T-22", _("your King has died: his inventory is lost, so nothing can be sold now")
        )
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        what = typed(kind) if isinstance(kind, str) else _("that")
        raise RuleError(
            rule,
            _(
                "{what} is not something you can do in this game. {allowed}",
                what=what,
                allowed=_allowed_now(state),
            ),
        )
    raise RuleError(
        rule,
        _("you can't {what} now. {allowed}", what=ACTION_WORDS[kind], allowed=_allowed_now(state)),
    )


class _Play(Sessions, Market, Fight, Items, TurnedCards, Death, Victory, CardMoves):
    """One action applied to a working copy of the state (mutated in place): each phase of the
    game is a class of its own, and this play is all of them."""


def describe(state: dict) -> dict:
    """The `awaiting` dict for a state (built in awaiting.py from the play's read-only helpers)."""
    return awaiting.describe(state, _Play(state))
