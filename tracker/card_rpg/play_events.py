"""What the last tap did, as the play screen lists it: the engine's events, and at the app's
table each step the app took by itself and where it put its own cards."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy, ngettext

from tracker.card_rpg.card_words import card_words as card_text
from tracker.card_rpg.words import and_list, app_did
from tracker.core.i18n import say

APP_MOVES = {
    "discard pile": gettext_lazy("The app put {what} on the discard pile."),
    "bottom of draw pile": gettext_lazy("The app put {what} at the bottom of the draw pile."),
    "deck": gettext_lazy("The app gathered the cards back into the deck."),
}


def _app_moved(event: dict, named: list[str] = ()) -> dict:
    """An event that moves real cards, told as the app's own move (its table holds the cards).

    A `table` event is only the move. Other events that move a card (loot, gold, buying) read
    "what happened: where to put the card" — the app keeps what happened and says the move.
    `named`: the app's names for the cards the event only counts (it dealt them itself).
    """
    if "to" not in event:
        return event
    words = APP_MOVES.get(event["to"])
    known = [card_text(card) for card in [*(event.get("cards") or []), *named]]
    unseen = (event.get("count") or len(known)) - len(known)
    face_down = ngettext("{count} face-down card", "{count} face-down cards", unseen)
    parts = known + ([face_down.format(count=unseen)] if unseen else [])
    what = and_list(parts) or gettext("them")
    moved = str(words).format(what=what) if words else ""
    if event.get("type") == "table":
        return event | {"text": moved} if moved else event
    said = say(event.get("text", ""))
    happened = said.rsplit("：" if "：" in said else ": ", 1)[0].rstrip(".。")
    return event | {
        "text": gettext("{happened}. {moved}").format(happened=happened, moved=moved).strip()
    }


class Events:
    """What the last tap did, event by event."""

    @property
    def events(self) -> list[dict]:
        """What the last tap did, in order. At a virtual table each step the app took by itself
        is said first ("The app turned the 9♣ from the Q♠'s attack pile."), and the engine's
        `table` events (where real cards go) say what the app did with its cards instead."""
        if not self.tap_steps:
            return self._step_events(self.state)
        events: list[dict] = []
        for index, step in enumerate(self.tap_steps):
            if self.virtual and index >= self.said_first:
                did = app_did(step.action, step.before, step.after)
                if did:
                    events.append({"type": "app", "text": did})
            events += self._step_events(step.after)
        return events

    def _step_events(self, after: dict) -> list[dict]:
        events = list(after.get("events") or [])
        if not self.virtual:
            return events
        return [_app_moved(event, self._named(event, after)) for event in events]

    def _named(self, event: dict, after: dict) -> list[str]:
        """The app's names for the cards an event moves that nobody saw (it dealt them)."""
        unseen = event.get("unseen")
        if not unseen or self.table is None:
            return []
        try:
            if after.get("cards") is not None:
                self.table.hand(after)  # follows the deal the state is in
            names = [self.table.order[slot] for slot in unseen]
        except (KeyError, IndexError, ValueError, TypeError):
            return []
        return names if None not in names else []
