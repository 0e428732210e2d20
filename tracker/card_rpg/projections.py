"""What the database keeps beside the action log, derived from the log alone (no Django here).

Every row the history pages read — a character's counters, its inventory, its sessions and its
fights — is a *projection*: a pure function of the engine states the log goes through. One step
of that function looks at a single action together with the state before and after it
(``step``); folding the steps over the whole log rebuilds everything (``fold``). The services
run the same step for each new action, and re-fold a session's stretch of the log on undo, so an
incrementally kept row and a rebuilt one can never disagree.

The step reads what the rules document promises (rules/actions.md: the character's counters,
``session``, ``fight``, ``awaiting``) and the engine's per-action ``events`` for the amounts a
diff can't see (the damage of the blow that ends a fight is gone with the fight).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tracker.rules.cards import CardNotationError, is_face, is_joker, parse_card, rank, suit

# How a session ended.
SESSION_RUNNING = ""
SESSION_ENDED_BY_PLAYER = "player"
SESSION_DECK_RAN_OUT = "deck"
SESSION_FIGHT_ABANDONED = "abandoned"

# How a fight ended.
FIGHT_IN_PROGRESS = "in_progress"
FIGHT_WON = "won"
FIGHT_DIED = "died"
FIGHT_ESCAPED = "escaped"
FIGHT_ABANDONED = "abandoned"

MONSTER_NUMBER = "number"
MONSTER_FACE = "face"
MONSTER_JOKER = "joker"

# The `turn` reasons (awaiting.reason) whose card is loot rather than an attack (T-17, S-07).
LOOT_REASONS = ("loot", "jack extra card")
MONSTER_ATTACK_REASON = "monster attack card"

# The character fields of the Character row that mirror the engine's `character` state.
CHARACTER_COUNTERS = (
    "level",
    "str",
    "hp_max",
    "xp",
    "xp_next",
    "gold",
    "jokers",
    "kills",
    "deaths",
    "sessions",
)

PHASE_NEW = "new"
PHASE_BETWEEN_SESSIONS = "between_sessions"
PHASE_SESSION = "session"
PHASE_FIGHT = "fight"


@dataclass
class SessionRecord:
    """One session of play: from `start_session` until the deck runs out or the player stops."""

    number: int
    started_seq: int
    started_at: datetime
    level_start: int
    level_end: int
    hand_dealt: int
    ended_seq: int | None = None
    ended_at: datetime | None = None
    ending: str = SESSION_RUNNING
    actions: int = 0
    fight_count: int = 0
    kills: int = 0
    deaths: int = 0
    jokers: int = 0
    xp_gained: int = 0
    gold_gained: int = 0
    gold_spent: int = 0

    @property
    def running(self) -> bool:
        return self.ended_seq is None


@dataclass
class FightRecord:
    """One fight: from the monster's reveal until its cards leave the table."""

    number: int
    session_number: int
    number_in_session: int
    started_seq: int
    started_at: datetime
    monster: str
    monster_kind: str
    monster_rank: str
    monster_suit: str
    level: int
    hp_max: int
    ended_seq: int | None = None
    ended_at: datetime | None = None
    outcome: str = FIGHT_IN_PROGRESS
    monster_hp: int | None = None
    xp_value: int | None = None
    xp_gained: int = 0
    damage_dealt: int = 0
    damage_taken: int = 0
    turns: int = 0
    attacks: int = 0
    monster_attacks: int = 0
    items_used: int = 0
    saves: int = 0
    loot: list[str] = field(default_factory=list)

    @property
    def running(self) -> bool:
        return self.ended_seq is None


@dataclass
class Latest:
    """The newest session and fight (either may have ended): all a step can change."""

    session: SessionRecord | None = None
    fight: FightRecord | None = None


@dataclass
class Projection:
    """Every session and fight of a character, oldest first."""

    sessions: list[SessionRecord] = field(default_factory=list)
    fights: list[FightRecord] = field(default_factory=list)


def monster_kind(card: str) -> str:
    """number, face or joker (S-16)."""
    if is_joker(card):
        return MONSTER_JOKER
    return MONSTER_FACE if is_face(card) else MONSTER_NUMBER


def character_fields(state: dict) -> dict[str, Any]:
    """The Character row's columns that mirror the state (everything but owner and name)."""
    character = state.get("character")
    if character is None:
        raise ValueError("the state holds no character yet (create_character comes first)")
    fields = {key: character[key] for key in CHARACTER_COUNTERS}
    fields["class_card"] = character["class"]
    fields["ruleset"] = character.get("ruleset") or {}
    fields["phase"] = phase(state)
    return fields


def phase(state: dict) -> str:
    """Where the character is: in a fight, in a session, or between sessions."""
    if state.get("character") is None:
        return PHASE_NEW
    if state.get("fight") is not None:
        return PHASE_FIGHT
    if state.get("session") is not None:
        return PHASE_SESSION
    return PHASE_BETWEEN_SESSIONS


def inventory(state: dict) -> list[str]:
    """The inventory cards in the order they arrived."""
    character = state.get("character") or {}
    return list(character.get("inventory") or [])


def step(
    before: dict, action: dict, after: dict, *, seq: int, at: datetime, latest: Latest
) -> Latest:
    """The newest session and fight once the action `seq` (applied at `at`) has taken effect.

    Returns new records; the given ones are never changed, so a caller can compare old and new
    to know what to write.
    """
    kind = action.get("type")
    old_char = before.get("character") or {}
    new_char = after.get("character") or {}
    session = dataclasses.replace(latest.session) if latest.session else None
    fight = _copy_fight(latest.fight) if latest.fight else None
    events = after.get("events") or []

    if kind == "start_session":
        session = SessionRecord(
            number=session.number + 1 if session else 1,
            started_seq=seq,
            started_at=at,
            level_start=new_char["level"],
            level_end=new_char["level"],
            hand_dealt=_hand_dealt(after, events),
        )
    if session is None or not session.running:
        return Latest(session, fight)

    # Counters the rules change anywhere in a session (S-03).
    session.actions += 1
    session.kills += _delta(old_char, new_char, "kills")
    session.deaths += _delta(old_char, new_char, "deaths")
    session.jokers += _delta(old_char, new_char, "jokers")
    gold = _delta(old_char, new_char, "gold")
    session.gold_gained += max(gold, 0)
    session.gold_spent += max(-gold, 0)
    session.level_end = new_char.get("level", session.level_end)

    if kind == "reveal_monster":
        monster = after["fight"]["monster"]
        session.fight_count += 1
        fight = FightRecord(
            number=fight.number + 1 if fight else 1,
            session_number=session.number,
            number_in_session=session.fight_count,
            started_seq=seq,
            started_at=at,
            monster=monster,
            monster_kind=monster_kind(monster),
            monster_rank=rank(monster),
            monster_suit=suit(monster) or "",
            level=new_char["level"],
            hp_max=after["fight"]["hp"],
        )
        before = {**before, "fight": None}  # the turn count below starts from here

    if fight is not None and fight.running:
        _fight_step(fight, session, before, action, after, events, old_char, new_char)
        if after.get("fight") is None:
            fight.ended_seq, fight.ended_at = seq, at
            if fight.outcome == FIGHT_IN_PROGRESS:
                # T-14: the monster escaped; T-08: the deck ran out and the session ends with it.
                session_over = new_char.get("sessions", 0) > old_char.get("sessions", 0)
                fight.outcome = FIGHT_ABANDONED if session_over else FIGHT_ESCAPED

    if new_char.get("sessions", 0) > old_char.get("sessions", 0):
        session.ended_seq, session.ended_at = seq, at
        if kind == "end_session":
            session.ending = SESSION_ENDED_BY_PLAYER
        elif fight is not None and fight.ended_seq == seq and fight.outcome == FIGHT_ABANDONED:
            session.ending = SESSION_FIGHT_ABANDONED
        else:
            session.ending = SESSION_DECK_RAN_OUT
    return Latest(session, fight)


def _fight_step(
    fight: FightRecord,
    session: SessionRecord,
    before: dict,
    action: dict,
    after: dict,
    events: list[dict],
    old_char: dict,
    new_char: dict,
) -> None:
    kind = action.get("type")
    old_fight, new_fight = before.get("fight"), after.get("fight")
    awaiting = before.get("awaiting") or {}
    reason = awaiting.get("reason") if kind == "turn" else None

    if new_fight is not None:
        if new_fight.get("monster_hp_max") is not None:
            fight.monster_hp = new_fight["monster_hp_max"]
        if new_fight.get("xp_value") is not None:
            fight.xp_value = new_fight["xp_value"]

    for event in events:
        if event.get("type") == "damage":
            fight.damage_dealt += event.get("damage", 0)
        elif event.get("type") == "hit":
            fight.damage_taken += event.get("damage", 0)
        elif event.get("type") == "deadly_blow":
            # T-12: all the HP its target had left.
            if event.get("on") == "monster":
                fight.damage_dealt += event.get("damage", 0)
            else:
                fight.damage_taken += event.get("damage", 0)

    # A character's turn begins when the turn passes to it, or when the monster's turn is
    # skipped within the action (T-14) and the turn comes straight back.
    was = old_fight.get("turn") if old_fight else None
    now = new_fight.get("turn") if new_fight else None
    skipped = any(event.get("type") == "skip" for event in events)
    if now == "character" and (was != "character" or skipped):
        fight.turns += 1

    if kind == "attack":
        fight.attacks += 1
    elif kind == "use_item":
        fight.items_used += 1
    elif kind == "save":
        fight.saves += 1
    elif reason == MONSTER_ATTACK_REASON:
        fight.monster_attacks += 1
    elif reason in LOOT_REASONS:
        fight.loot.append(_card(action.get("card")))

    if fight.outcome == FIGHT_IN_PROGRESS:
        if _delta(old_char, new_char, "kills") > 0:
            fight.outcome = FIGHT_WON
            xp = (new_fight or old_fight or {}).get("xp_value") or fight.xp_value or 0
            fight.xp_gained = xp
            session.xp_gained += xp
        elif _delta(old_char, new_char, "deaths") > 0:
            fight.outcome = FIGHT_DIED


def fold(
    states: Iterable[tuple[dict, dict, dict, int, datetime]], latest: Latest | None = None
) -> list[SessionRecord | FightRecord]:
    """Run `step` over (before, action, after, seq, at) tuples, starting from `latest`.

    Returns the final record of every session and fight the steps created or changed, in the
    order they were first touched.
    """
    latest = latest or Latest()
    touched: dict[tuple[str, int], SessionRecord | FightRecord] = {}
    for before, action, after, seq, at in states:
        new = step(before, action, after, seq=seq, at=at, latest=latest)
        if new.session is not None and new.session != latest.session:
            touched["session", new.session.number] = new.session
        if new.fight is not None and new.fight != latest.fight:
            touched["fight", new.fight.number] = new.fight
        latest = new
    return list(touched.values())


def rebuild(states: Iterable[tuple[dict, dict, dict, int, datetime]]) -> Projection:
    """Every session and fight of a whole log, from its first action."""
    projection = Projection()
    for record in fold(states):
        if isinstance(record, SessionRecord):
            projection.sessions.append(record)
        else:
            projection.fights.append(record)
    return projection


def log_steps(
    initial: dict, entries: Iterable[tuple[dict, dict, int, datetime]]
) -> Iterator[tuple[dict, dict, dict, int, datetime]]:
    """(before, action, after, seq, at) for log entries given as (action, after, seq, at)."""
    before = initial
    for action, after, seq, at in entries:
        yield before, action, after, seq, at
        before = after


def _copy_fight(fight: FightRecord) -> FightRecord:
    return dataclasses.replace(fight, loot=list(fight.loot))


def _delta(old: dict, new: dict, key: str) -> int:
    return (new.get(key) or 0) - (old.get(key) or 0)


def _hand_dealt(after: dict, events: list[dict]) -> int:
    session = after.get("session")
    if session is not None:
        return session["hand"]["count"]
    return 0  # the session ended as it started (T-08): nothing was left to deal


def _card(text) -> str:
    try:
        return parse_card(text)
    except CardNotationError:
        return str(text)
