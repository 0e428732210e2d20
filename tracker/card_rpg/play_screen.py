"""The play screen's presenter: turns a character's engine state into what the page shows.

No game rules here. What may happen next comes from the engine's ``awaiting`` (its action
types and choices); where the cards are comes from the engine's card places. This module only
decides how that looks; each part of the page has its own module (the prompt, the status, what
the last tap did, the side actions, the card entries), and `Screen` puts them together.
`screen_of` and `tapped_screen` draw a screen for a character as stored, reading from its log
only what the page shows (the undo button's tap, what taking it back asks of the table).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from tracker.card_rpg import undo_guide
from tracker.card_rpg.game import GAME
from tracker.card_rpg.play_entries import Entries
from tracker.card_rpg.play_events import Events
from tracker.card_rpg.play_prompt import Prompt
from tracker.card_rpg.play_side import SideActions
from tracker.card_rpg.play_status import Status
from tracker.card_rpg.words import action_words, tap_said
from tracker.core import services as core
from tracker.core.presenters import undone_notice
from tracker.rules.card_rpg import VirtualDeck, describe, settled


@dataclass
class Screen(Prompt, Status, Events, SideActions, Entries):
    """Everything the play page shows, drawn from one engine state."""

    character_id: int
    version: int
    state: dict
    # The fingerprint of what this screen asks (tracker.core.services.asked_of): a tap drawn
    # here still goes ahead after a change elsewhere that asks nothing new.
    asked: str = ""
    virtual: bool = False
    table: VirtualDeck | None = None
    error: str = ""
    error_rule: str = ""
    conflict: bool = False
    notice: str = ""
    last_dice: list[int] = field(default_factory=list)
    peek: str = ""  # a virtual top card turned to be bought or discarded
    # What the undo button takes back: the newest logged action that is not an app-filled
    # note_hand (that one goes with the action before it), and how many log entries that is.
    undo_action: dict | None = None
    undo_steps: int = 1
    # The log entries of the last tap (Steps: action, before, after), when it was more than one:
    # at the app's table the steps it took by itself are said with what each did. The first
    # `said_first` are said by the notice already.
    tap_steps: list = field(default_factory=list)
    said_first: int = 0
    # Where the real cards go back after an undo (the engine's moves, in order), and, before
    # an undo past a session end, what rebuilding the table means (tracker.card_rpg.undo_guide).
    undo_moves: list = field(default_factory=list)
    undo_guide: object | None = None
    # A card entry drawn again as the player left it: after a refusal or a picker tap.
    entry_kind: str = ""
    typed: str = ""
    picked: list[str] = field(default_factory=list)
    ticked: list[str] = field(default_factory=list)
    shown_rank: str = ""
    suit: str = ""  # the suit tapped in a one-card entry
    hint: str = ""
    # Drawn just after an undo: the real table is being put back to match the state, so what
    # the state's last action did (its events, dice and reminders) is not said again as new.
    after_undo: bool = False
    # The events the style sheet sets apart (play.css); the others carry no class, since a
    # turn at the app's table can list a dozen of them in one answer.
    marked_events = frozenset({"level_up", "kill", "save", "death", "deadly_blow"})

    def __post_init__(self) -> None:
        if self.after_undo:
            self.state = _settled(self.state)
            self.last_dice = []

    # -- the record and the fight ---------------------------------------------------------------

    @property
    def character(self) -> dict:
        return self.state["character"] or {}

    @property
    def session(self) -> dict | None:
        return self.state.get("session")

    @property
    def fight(self) -> dict | None:
        return self.state.get("fight")

    @property
    def awaiting(self) -> dict:
        return self.state.get("awaiting") or {}

    @property
    def choices(self) -> dict:
        return self.awaiting.get("choices") or {}

    @property
    def actions(self) -> list[str]:
        action = self.awaiting.get("action") or []
        return [action] if isinstance(action, str) else list(action)

    # -- undo -----------------------------------------------------------------------------------

    @property
    def undo_label(self) -> str:
        """What the undo button takes back, e.g. "End my turn" (empty: nothing to undo)."""
        action = self.undo_action
        if not action or action.get("type") == "create_character":
            return ""
        return action_words(action)

    @property
    def undo_crossing(self) -> dict | None:
        """The session end the undo button would go back past, with real cards (else None)."""
        guide = self.undo_guide
        return guide.crossing if guide is not None and guide.needs_confirmation else None


def _settled(state: dict) -> dict:
    """The state once the real table matches it (engine.settled), in a duel too: there what
    is awaited is the duel's (rivals.describe), which the engine's own settling does not know."""
    if state.get("duel") is None:
        return settled(state)
    internal = state["internal"]
    if not state["events"] and not internal["deal"] and not internal["refill"]:
        return state
    new = copy.deepcopy(state)
    new["events"] = []
    new["internal"]["deal"] = None
    new["internal"]["refill"] = 0
    new["awaiting"] = describe(new)
    return new


def screen_of(
    character,
    *,
    recent: list | None = None,
    known: list | None = None,
    choices_only: bool = False,
    **extra,
) -> Screen:
    """The screen for a character as stored now, with the undo button's tap read from its log.

    `recent` is the newest log entries' actions, newest first, when the caller already has
    them (a tap just applied: the whole tap), which saves reading them back. The undo button
    and the dice shown come from them. `known` is the Steps ending the log, when the caller has
    them (an undo does). `choices_only`: only what is awaited is drawn (a fold-out, the discard
    pile), with neither the undo button nor the last tap's dice, and the log is not read.
    """
    table = VirtualDeck.from_dict(character.virtual_deck) if character.virtual_deck else None
    if choices_only:
        plan = undo_guide.UndoPlan(None)
    else:
        plan = undo_guide.button_plan(
            character,
            recent,
            at_hand=known or extra.get("tap_steps"),
            guide="undo_guide" not in extra,
        )
    if "undo_guide" not in extra:
        extra["undo_guide"] = plan.guide
    last = plan.action or {}
    dice = last.get("dice") or last.get("hp_dice") or []
    if last.get("type") == "create_character":
        dice = []
    return Screen(
        character_id=character.pk,
        version=character.version,
        asked=core.asked_of(GAME, character),
        state=character.state,
        virtual=table is not None,
        table=table,
        last_dice=dice,
        undo_action=plan.action,
        undo_steps=plan.steps,
        **extra,
    )


def page_screen(character) -> Screen:
    """The whole page's screen: when the app took steps by itself after the last tap, the
    page shows what the whole tap did (read from the log: that tap's entries alone)."""
    screen = screen_of(character)
    if screen.undo_steps > 1:
        screen.tap_steps = undo_guide.tap_steps(character, screen.undo_steps)
    return screen


def tapped_screen(character, *, by_app: bool) -> Screen:
    """The screen after a tap (`character.steps`: the entries it wrote), what it did said on
    top; `by_app`: the app filled in the tap's input (the deal button). A duel's step is drawn
    from the log (its entries are written in both duellists' logs)."""
    steps = character.steps
    if not steps:
        return screen_of(character)
    notice, said_first = tap_said(steps, by_app=by_app)
    return screen_of(
        character,
        recent=[step.action for step in reversed(steps)],
        tap_steps=steps,
        said_first=said_first,
        notice=notice,
    )


def undone_screen(character) -> Screen:
    """The screen after an undo: what was taken back, and with real cards where each goes."""
    notice = undone_notice([action_words(character.undo_action)] if character.undo_action else [])
    # With real cards, the table is put back as the log now stands: each card where it was.
    moves = [] if character.virtual_deck is not None else undo_guide.moves_of(character.undone)
    steps = character.steps
    return screen_of(
        character,
        recent=[step.action for step in reversed(steps)] if len(steps) > 1 else None,
        known=steps,
        notice=notice,
        undo_moves=moves,
        after_undo=True,
    )


__all__ = ["Screen", "page_screen", "screen_of", "tapped_screen", "undone_screen"]
