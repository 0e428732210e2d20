"""An adventure's history in words: its turns (journey, encounters, checks, cards won and lost)
and its action log a page at a time.

Presentation only. The turns are the rows the projector wrote when each turn ended, plus the
turn being played from the adventure's projection; the log is read a page at a time from the
nearest snapshot (tracker.core.services.record_steps), so a page costs the same few queries
however long the adventure. Every sentence about an action is the engine's own
(`describe_action`), shown in the player's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tracker.barbarian_vince import services
from tracker.barbarian_vince.models import Adventure, AdventureTurn
from tracker.barbarian_vince.play_screen import check_status_words, check_words
from tracker.core import history as log_pages
from tracker.core.i18n import listing, say
from tracker.rules.barbarian_vince import describe_action

TURNS_PER_PAGE = 5
LOG_PAGE_SIZE = 50
RECENT_ACTIONS = 6


# --- turns -----------------------------------------------------------------------------------


class Turns:
    """Every turn, newest first, for a Paginator: the one being played (from the projection,
    where it lives until it ends) and then the rows of the finished ones.

    A page costs the same queries at any length of adventure: the count and the page's rows.
    """

    def __init__(self, adventure: Adventure):
        self.adventure = adventure
        self.running = services.running_turn(adventure)
        self.rows = services.finished_turns(adventure)

    def count(self) -> int:
        return self.rows.count() + (self.running is not None)

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, index: slice) -> list[dict]:
        start, stop = index.start or 0, index.stop
        if self.running is None:
            details = [row.detail for row in self.rows.only("detail")[index]]
        else:
            low = max(0, start - 1)
            high = None if stop is None else max(stop - 1, low + 1)
            rows = list(self.rows.only("detail")[low:high])
            if stop is not None:
                rows = rows[: max(0, stop - 1 - low)]
            details = ([self.running] if start == 0 else []) + [row.detail for row in rows]
        return [turn_view(detail) for detail in details]


def _place(place: dict | None) -> str:
    if not place:
        return ""
    return _("%(location)s (%(map)s)") % {"location": place["location"], "map": place["map"]}


def _cards(cards: list[str]) -> str:
    return listing(cards)


def turn_view(turn: dict) -> dict:
    """One turn as the history lists it, every part in words."""
    journey = [_place(turn["start"])] + [_place(step) for step in turn["journey"]]
    moved_by = [step["how"] for step in turn["journey"]]
    lay_low = turn["lay_low"]
    if lay_low is None:
        lay_low_words = ""
    elif lay_low["success"]:
        lay_low_words = _("Laid low: %(card)s drew %(number)s (needed %(needed)s).") % lay_low
    else:
        lay_low_words = _("Tried to lay low: %(card)s drew %(number)s (needed %(needed)s).") % (
            lay_low
        )
    encounters = [_encounter_view(encounter) for encounter in turn["encounters"]]
    ending = turn["ending"]
    if ending == "":
        state = _("being played")
    elif ending == "end_turn":
        state = ""
    else:
        state = {
            "won": _("the adventure was won"),
            "dead": _("Vince died"),
            "removed": _("Vince left the game"),
            "ended": _("the adventure was stopped"),
        }.get(ending, ending)
    return {
        "number": turn["number"],
        "started_seq": turn["started_seq"],
        "ended_seq": turn["ended_seq"],
        "started_at": _time(turn["started_at"]),
        "state": state,
        "running": ending == "",
        "journey": " → ".join(journey) if turn["journey"] else journey[0],
        "travelled": bool(turn["journey"]),
        "moved_by_card": "move" in moved_by,
        "lay_low": lay_low_words,
        "encounters": encounters,
        "gained": _cards(turn["gained"]),
        "lost": _cards(turn["lost"]),
        "recovered": _cards(turn["recovered"]),
        "trades": turn["trades"],
        "quests_won": _cards(turn["quests_won"]),
        "years": turn["years"],
        "hands": _hands_words(turn, running=ending == ""),
    }


def _hands_words(turn: dict, *, running: bool) -> str:
    counts = {"ready": turn["ready"], "exhausted": turn["exhausted"]}
    total = turn["ready"] + turn["exhausted"]
    if running:
        return (
            ngettext(
                "%(ready)s ready and %(exhausted)s exhausted card now",
                "%(ready)s ready and %(exhausted)s exhausted cards now",
                total,
            )
            % counts
        )
    return (
        ngettext(
            "%(ready)s ready and %(exhausted)s exhausted card at the end",
            "%(ready)s ready and %(exhausted)s exhausted cards at the end",
            total,
        )
        % counts
    )


def _encounter_view(encounter: dict) -> dict:
    if encounter["difficulty"] is None:
        title = _("%(card)s, %(terrain)s") % encounter
    else:
        title = _("%(card)s, %(terrain)s, difficulty %(difficulty)s") % encounter
    outcome = {
        "": _("still open"),
        "done": _("over"),
        "keep": _("over; Vince kept the card"),
        "ongoing": _("goes on next turn"),
    }.get(encounter["outcome"], encounter["outcome"])
    checks = []
    for check in encounter["checks"]:
        # BT-09: under a fresh draw the value comes from the card drawn: it is named with it.
        plays = listing(
            (
                _("%(card)s, %(draw)s drawn (%(value)s)")
                if play.get("draw")
                else _("%(card)s (%(value)s)")
            )
            % {
                "card": play["card"],
                "draw": play.get("draw") or "",
                "value": play["value"] if play["value"] is not None else "?",
            }
            for play in check["plays"]
        )
        checks.append(
            {
                "words": check_words(check),
                "result": check_status_words(check),
                "status": check["status"],
                "plays": plays,
                "damage": _cards(check["damage_cards"]),
                "reused": _cards(check["reused"]),
            }
        )
    return {
        "title": title,
        "resumed": encounter["resumed"],
        "outcome": outcome,
        "won": encounter["won"],
        "checks": checks,
    }


def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def chart_points(adventure: Adventure, most: int) -> list[tuple]:
    """(turn, ready, exhausted, skills) at the end of each of the last `most` turns (one query),
    the turn being played last."""
    rows = list(
        AdventureTurn.objects.filter(adventure=adventure)
        .order_by("-number")
        .values_list("number", "ready_count", "exhausted_count", "skills")[:most]
    )
    rows.reverse()
    turn = services.running_turn(adventure)
    if turn is not None:
        rows.append((turn["number"], turn["ready"], turn["exhausted"], turn["skills"]))
    return rows[-most:]


# --- the log ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class LogLine:
    """One action of the log in words."""

    seq: int
    at: datetime | None
    kind: str
    text: str


def log_page(adventure: Adventure, before: int | None = None, size: int = LOG_PAGE_SIZE):
    """The `size` actions before seq `before` (default: the newest), newest first; one query."""
    return log_pages.log_page(
        adventure, lambda bottom, top: _lines(adventure, bottom, top), before=before, size=size
    )


def log_line(adventure: Adventure, seq: int) -> LogLine | None:
    """The one action `seq` in words (None if the log has no such entry)."""
    lines = _lines(adventure, seq, seq) if 1 <= seq <= adventure.last_seq else []
    return lines[0] if lines else None


def _lines(adventure: Adventure, bottom: int, top: int) -> list[LogLine]:
    return [
        LogLine(
            seq=step.seq,
            at=step.at,
            kind=str(step.action.get("type", "")),
            text=say(describe_action(step.before, step.action, step.after)),
        )
        for step in services.adventure_steps(adventure=adventure, first=bottom, last=top)
    ]
