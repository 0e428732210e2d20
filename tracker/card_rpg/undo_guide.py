"""What the real table must do when actions are taken back: the engine's words, read for a screen.

The engine says where each real card goes back (`undo_card_moves`) and what an undo past a
session end means (`session_crossing`: the real deck was gathered and shuffled since, so the
table must be rebuilt, or the undo can stop at the session's start). This module feeds it the
log's states — a long span in pages, keeping only the states the engine looks at across a
session end — and says whether real cards are concerned at all: at the app's table the app
puts its own cards back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tracker.card_rpg.game import GAME
from tracker.core import services as core
from tracker.rules import session_crossing, undo_card_moves

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


def table_at(character, seq: int) -> dict | None:
    """The app's table as it was just after log entry `seq` (None: real cards)."""
    return (
        GAME.entry_model.objects.filter(character=character, seq__lte=seq, table_changed=True)
        .order_by("-seq")
        .values_list("table_state", flat=True)
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


__all__ = ["UndoGuide", "guide", "guide_of", "moves_of", "table_at"]
