"""Undo in the table's words: which tap the undo button takes back, and what the real table
must do when actions are taken back (the engine's words, read for a screen).

The engine says where each real card goes back (`undo_card_moves`) and what an undo past a
session end means (`session_crossing`: the real deck was gathered and shuffled since, so the
table must be rebuilt, or the undo can stop at the session's start). This module feeds it the
log's states — a long span in pages, keeping only the states the engine looks at across a
session end — and says whether real cards are concerned at all: at the app's table the app
puts its own cards back.

One undo takes back the player's last tap: at the app's table with the steps the app took by
itself after it (tracker.card_rpg.app_deals), with real cards one entry, as the player entered
each.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tracker.card_rpg import app_deals
from tracker.card_rpg.game import GAME
from tracker.core import services as core
from tracker.rules.card_rpg import session_crossing, undo_card_moves

# How many of the newest log entries the undo button looks at to find the player's last tap.
RECENT = 40
# Actions whose undo never goes back past a session end.
NEVER_CROSSING = ("create_character", "start_session", "rename")
# States read from the log at a time: a long undo is followed in pages of this many actions.
PAGE = 200
# Card by card moves are said for spans within a session up to this long (a session of play
# is far shorter); a longer span is followed only for its session ends.
MOST_MOVES = 1000


@dataclass
class UndoGuide:
    """The real table's side of taking back the actions after log entry `keep`."""

    keep: int
    moves: list[dict] = field(default_factory=list)  # engine moves, each with its `text`
    crossing: dict | None = None  # session_crossing's answer (None: no session end crossed)
    virtual: bool = False  # the point gone back to was played at the app's table
    stop_seq: int | None = None  # the last session end: undoing back to it needs no rebuilding

    @property
    def needs_confirmation(self) -> bool:
        """An undo past a session end with real cards: the player must rebuild the table."""
        return self.crossing is not None and not self.virtual

    @property
    def rebuild(self) -> list[dict]:
        return list(self.crossing["rebuild"]) if self.crossing else []


@dataclass(frozen=True)
class UndoPlan:
    """What one undo takes back: the action the button names, how many log entries that is,
    and (between sessions) what taking them back asks of the real table."""

    action: dict | None
    steps: int = 1
    guide: UndoGuide | None = None


def at_app_table(character) -> bool:
    """Whether the newest actions were played at the app's table.

    Who deals is chosen for a whole session, so while one runs its actions were played at the
    table the character has now; between sessions the newest one is taken back alone.
    """
    return character.virtual_deck is not None and character.state.get("session") is not None


def newest_actions(character) -> list[dict]:
    """The newest log entries' actions, newest first (enough to hold the player's last tap)."""
    return list(character.log_entries.order_by("-seq").values_list("action", flat=True)[:RECENT])


def tap_of(newest: list[dict], at_table: bool) -> tuple[dict | None, int]:
    """The action the undo button names, and how many log entries undoing it takes back."""
    if not newest:
        return None, 1
    steps = app_deals.tap_length(newest, at_table)
    return newest[steps - 1], steps


def button_plan(
    character, recent: list | None, *, at_hand: list | None = None, guide: bool = True
) -> UndoPlan:
    """The undo button's plan for a screen. `recent`: the newest actions, newest first, when
    the caller has them (the tap it just applied; None: read from the log); `at_hand`: the
    Steps ending the log, when the caller has them. `guide`: say what the undo asks of the real
    table (read from the log between sessions)."""
    at_table = at_app_table(character)
    if recent is None or (at_table and recent and app_deals.tap_continues(recent)):
        # Not given, or the given actions are only the end of a tap (the app's own steps after
        # a decision made in an earlier request): read the log.
        recent = newest_actions(character)
    action, steps = tap_of(recent, at_table)
    if not guide:
        return UndoPlan(action, steps)
    return UndoPlan(action, steps, crossing_guide(character, steps, action, at_hand))


def undo_plan(character) -> UndoPlan:
    """What the undo button takes back now, read from the log (for the undo itself)."""
    if character.state.get("session") is None and character.last_seq > 1:
        # Between sessions the newest action is taken back alone, and it may cross a session
        # end: one read gives both that action and what taking it back asks of the table.
        (kept, kept_table), (newest, _table) = core.record_tail(
            game=GAME, record=character, count=2
        )
        found = None
        if newest.action.get("type") not in NEVER_CROSSING:
            found = guide_of(kept.seq, [newest], virtual=kept_table is not None)
        return UndoPlan(newest.action, 1, found)
    action, steps = tap_of(newest_actions(character), at_app_table(character))
    return UndoPlan(action, steps, crossing_guide(character, steps, action))


def crossing_guide(
    character, steps: int, undo_action: dict | None, at_hand: list | None = None
) -> UndoGuide | None:
    """The undo guide when taking back `steps` entries may cross a session end (else None).

    Only an undo made between sessions can go back past one; reading the log is left for then
    — unless the Steps it would take back are `at_hand` (the tap just applied).
    """
    if character.state.get("session") is not None or not undo_action:
        return None
    if undo_action.get("type") in NEVER_CROSSING:
        return None
    keep = character.last_seq - steps
    if at_hand and len(at_hand) >= steps and at_hand[-1].seq == character.last_seq:
        # Who deals is chosen for a whole session: the tap was played at the table there is now.
        virtual = character.virtual_deck is not None
        return guide_of(keep, list(at_hand[-steps:]), virtual=virtual)
    return guide(character, keep)


def tap_steps(character, count: int) -> list:
    """The Steps of the last tap, the `count` newest log entries (replayed from the log)."""
    last = character.last_seq
    return core.record_steps(game=GAME, record=character, first=last - count + 1, last=last)


def table_at(character, seq: int) -> dict | None:
    """The app's table as it was just after log entry `seq` (None: real cards)."""
    return (
        GAME.entry_model.objects.filter(
            character=character, seq__lte=seq, virtual_deck_changed=True
        )
        .order_by("-seq")
        .values_list("virtual_deck", flat=True)
        .first()
    )


def moves_of(undone) -> list[dict]:
    """The card moves for Steps just taken back (a record's `undone`, oldest first)."""
    if not undone:
        return []
    return undo_card_moves(
        undone[0].before, [step.action for step in undone], [step.after for step in undone]
    )


def guide(character, keep: int) -> UndoGuide:
    """What taking back every action after `keep` asks of the real table (read from the log)."""
    answer = UndoGuide(keep=keep, virtual=table_at(character, keep) is not None)
    last = character.last_seq
    if keep >= last:
        return answer
    before = None
    chain_actions: list[dict] = []
    chain_states: list[dict] = []
    seqs: list[int] = []
    whole = last - keep <= MOST_MOVES
    previous = None
    for first in range(keep + 1, last + 1, PAGE):
        for step in core.record_steps(
            game=GAME, record=character, first=first, last=min(last, first + PAGE - 1)
        ):
            if before is None:
                before = step.before
            ended = step.before.get("session") is not None and step.after.get("session") is None
            if whole or ended or step.seq == last:
                if not whole and ended and previous is not None and seqs[-1:] != [previous.seq]:
                    # The state just before the end, so the engine sees the session end.
                    chain_actions.append(previous.action)
                    chain_states.append(previous.after)
                    seqs.append(previous.seq)
                chain_actions.append(step.action)
                chain_states.append(step.after)
                seqs.append(step.seq)
            previous = step
    if before is None:
        return answer
    answer.crossing = session_crossing(before, chain_actions, chain_states)
    if answer.crossing is not None:
        answer.stop_seq = seqs[answer.crossing["stop_index"]]
        answer.moves = list(answer.crossing["rebuild"])
    elif whole:
        answer.moves = undo_card_moves(before, chain_actions, chain_states)
    return answer


def guide_of(keep: int, steps: list, *, virtual: bool) -> UndoGuide:
    """The same guide for a short span whose Steps are at hand (a tap just applied): no read."""
    answer = UndoGuide(keep=keep, virtual=virtual)
    if not steps:
        return answer
    before = steps[0].before
    actions = [step.action for step in steps]
    states = [step.after for step in steps]
    answer.crossing = session_crossing(before, actions, states)
    if answer.crossing is not None:
        answer.stop_seq = steps[answer.crossing["stop_index"]].seq
        answer.moves = list(answer.crossing["rebuild"])
    else:
        answer.moves = undo_card_moves(before, actions, states)
    return answer


__all__ = [
    "NEVER_CROSSING",
    "RECENT",
    "UndoGuide",
    "UndoPlan",
    "at_app_table",
    "button_plan",
    "crossing_guide",
    "guide",
    "guide_of",
    "moves_of",
    "newest_actions",
    "table_at",
    "tap_of",
    "tap_steps",
    "undo_plan",
]
