"""A character's sessions and fights as the history lists them: a line each, newest first.

Presentation only, read from the rows the game keeps (tracker.card_rpg.models) and, for the
session and the fight running now, from the character's projection (tracker.card_rpg.services).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from django.db.models import Count, Sum
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tracker.card_rpg import services
from tracker.card_rpg.models import Character, Fight, FightOutcome, PlaySession


def sessions_played(character) -> str:
    """The sessions of a career, counted as its charts count them: the running one too."""
    finished = character.sessions
    if (character.state or {}).get("session") is None:
        return ngettext("%(count)s session played", "%(count)s sessions played", finished) % {
            "count": finished
        }
    count = finished + 1
    return ngettext(
        "%(count)s session, under way", "%(count)s sessions, the last one under way", count
    ) % {"count": count}


SESSIONS_PER_PAGE = 5

_OUTCOME_WORDS = {
    FightOutcome.IN_PROGRESS: _("still going"),
    FightOutcome.WON: pgettext_lazy("a fight", "won"),
    FightOutcome.DIED: pgettext_lazy("a fight", "died"),
    FightOutcome.ESCAPED: _("the monster got away"),
    FightOutcome.ABANDONED: pgettext_lazy("a fight", "abandoned"),
}


@dataclass(frozen=True)
class FightRow:
    """A fight as the history lists it."""

    fight: Fight
    outcome: str  # "won", "died", "the monster got away"…
    summary: str  # "3 turns · dealt 14 · took 5 · +12 XP"


@dataclass(frozen=True)
class SessionRow:
    """A session as the history lists it, with its fights in the order they were fought."""

    session: PlaySession
    ending: str
    fights: list[FightRow]


class Sessions:
    """Every session, newest first, for a Paginator: the running one (from the character's
    projection, where it lives until it ends) and then the rows of the finished ones.

    A page costs the same queries at any length of career: the count, the page's rows, and
    the finished fights of the page's sessions.
    """

    def __init__(self, character: Character):
        self.character = character
        self.running = services.running_session(character)
        self.rows = character.play_sessions.order_by("-number")

    def count(self) -> int:
        return self.rows.count() + (self.running is not None)

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, index: slice) -> list:
        start, stop = index.start or 0, index.stop
        if self.running is None:
            sessions = list(self.rows[index])
        else:
            low = max(0, start - 1)
            high = None if stop is None else stop - 1
            # Always one query for the rows, even when the running session fills the page.
            rows = list(self.rows[low : None if high is None else max(high, low + 1)])
            rows = rows if high is None else rows[: high - low]
            head = [PlaySession(character=self.character, **dataclasses.asdict(self.running))]
            sessions = (head if start == 0 else []) + rows
        keys = {f"{self.character.pk}:{session.number}": session for session in sessions}
        for session in sessions:
            session.finished_fights = []
        fights = self.character.fights.filter(session_id__in=list(keys)).order_by(
            "number_in_session"
        )
        for fight in fights:
            keys[fight.session_id].finished_fights.append(fight)
        return sessions


def career_totals(character: Character) -> dict[str, int]:
    """The whole career's fights, damage dealt and taken, XP and turns (the record sheet): the
    finished fights' rows, and the fight still running, which has no row until it ends."""
    career = character.fights.aggregate(
        fights=Count("pk"),
        dealt=Sum("damage_dealt", default=0),
        taken=Sum("damage_taken", default=0),
        xp=Sum("xp_gained", default=0),
        turns=Sum("turns", default=0),
    )
    now = services.running_fight(character)
    if now is not None:
        career["fights"] += 1
        career["dealt"] += now.damage_dealt
        career["taken"] += now.damage_taken
        career["xp"] += now.xp_gained
        career["turns"] += now.turns
    return career


def session_rows(sessions, character: Character | None = None) -> list[SessionRow]:
    """Sessions (with their finished fights) ready to be listed, the fight running now included.

    The running fight lives in the character's projection until it ends (tracker/card_rpg/
    game.py): given the character, it is shown in its session as it stands now.
    """
    fight_now = services.running_fight(character) if character is not None else None
    rows = []
    for session in sessions:
        fights = getattr(session, "finished_fights", None)
        if fights is None:
            fights = list(session.fights.all())
        if fight_now is not None and fight_now.session_number == session.number:
            values = dataclasses.asdict(fight_now)
            del values["session_number"]
            fights = [*fights, Fight(character=character, **values)]
        fights = [FightRow(fight, fight_outcome(fight), fight_summary(fight)) for fight in fights]
        rows.append(SessionRow(session=session, ending=session_ending(session), fights=fights))
    return rows


def fight_outcome(fight: Fight) -> str:
    """How a fight ended, in words."""
    return _OUTCOME_WORDS.get(fight.outcome, fight.get_outcome_display())


def fight_summary(fight: Fight) -> str:
    """One line for a fight: its turns, the damage both ways and the XP it brought."""
    parts = [
        ngettext("%(count)s turn", "%(count)s turns", fight.turns) % {"count": fight.turns},
        gettext("dealt %(damage)s") % {"damage": fight.damage_dealt},
        gettext("took %(damage)s") % {"damage": fight.damage_taken},
    ]
    if fight.xp_gained:
        parts.append(gettext("+%(xp)s XP") % {"xp": fight.xp_gained})
    # Each part keeps together on a narrow screen ("+4 XP" never splits).
    return " · ".join(part.replace(" ", "\u00a0") for part in parts)


def session_ending(session: PlaySession) -> str:
    """How a session ended, in words."""
    if session.ended_seq is None:
        return gettext("still running")
    return session.get_ending_display()
