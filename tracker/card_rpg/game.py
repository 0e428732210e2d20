"""Card RPG – Advanced as the core sees it: its engine, models and what it projects from its log.

The projector folds every action into the running session and fight (tracker.card_rpg.
projections, pure) and keeps them in the character's `projection`, written with the
character's row at no extra cost. A session or a fight gets its row once it is over, as one
upsert. Undo writes no row at all: the character's counters move back with it, and the rows
beyond them are hidden until play overwrites them (tracker.core.models.CurrentRows;
docs/persistence.md).
"""

from __future__ import annotations

import dataclasses
from datetime import datetime

from django.urls import reverse
from django.utils.translation import gettext_lazy

from tracker.card_rpg import projections
from tracker.card_rpg.models import (
    ActionLogEntry,
    Character,
    Fight,
    PlaySession,
    RpgSeat,
    RpgTable,
)
from tracker.card_rpg.projections import FightRecord, Latest, SessionRecord
from tracker.core import games
from tracker.core.games import Game, Projector
from tracker.rules import card_rpg as engine
from tracker.rules.card_rpg import describe as describe_awaiting
from tracker.rules.card_rpg.virtual_deck import VirtualDeck

# The engine's S-03 name rule is the one limit for the form, an import and a rename.
NAME_MAX_LENGTH = engine.NAME_MAX_LENGTH
assert Character._meta.get_field("name").max_length >= NAME_MAX_LENGTH

# The record fields that are columns of the session and fight rows.
_SESSION_FIELDS = [f.name for f in dataclasses.fields(SessionRecord)]
_FIGHT_FIELDS = [f.name for f in dataclasses.fields(FightRecord) if f.name != "session_number"]


def session_key(character_id: int, number: int) -> str:
    """What a fight names its session by: the character's id and the session's number."""
    return f"{character_id}:{number}"


def latest(projection: dict) -> Latest:
    """The running (or last) session and fight kept in a character's projection."""
    session = projection.get("session")
    fight = projection.get("fight")
    return Latest(
        session=_load(SessionRecord, session) if session else None,
        fight=_load(FightRecord, fight) if fight else None,
    )


_NAMES = {kind: [f.name for f in dataclasses.fields(kind)] for kind in (SessionRecord, FightRecord)}


def _dump(record) -> dict | None:
    # By hand rather than dataclasses.asdict, which deep-copies every value: this runs for
    # every action of an import or a replay.
    if record is None:
        return None
    data = {name: getattr(record, name) for name in _NAMES[type(record)]}
    for key in ("started_at", "ended_at"):
        if data[key] is not None:
            data[key] = data[key].isoformat()
    if "loot" in data:
        data["loot"] = list(data["loot"])
    return data


def _load(kind, data: dict):
    values = dict(data)
    for key in ("started_at", "ended_at"):
        if isinstance(values.get(key), str):
            values[key] = datetime.fromisoformat(values[key])
    if "loot" in values:
        values["loot"] = list(values["loot"])
    return kind(**values)


def _session_row(character, record: SessionRecord) -> PlaySession:
    return PlaySession(
        character=character,
        key=session_key(character.pk, record.number),
        **{name: getattr(record, name) for name in _SESSION_FIELDS},
    )


def _fight_row(character, record: FightRecord) -> Fight:
    values = {name: getattr(record, name) for name in _FIGHT_FIELDS}
    values["loot"] = list(values["loot"])
    return Fight(
        character=character,
        session_id=session_key(character.pk, record.session_number),
        **values,
    )


_SESSION_COLUMNS = ["key", *_SESSION_FIELDS]
_FIGHT_COLUMNS = ["session", *_FIGHT_FIELDS]


_NOTHING_ENDED = {"session": None, "fight": None}


class CharacterProjector(Projector):
    """The character's columns, the running session and fight, and rows of finished ones."""

    def start(self) -> dict:
        return {"session": None, "fight": None}

    def step(self, projection, before, action, after, *, seq, at):
        # A replay hands each step the projection the step before returned: its records are
        # kept beside it, so they are not read back from JSON at every action.
        known = self._last
        current = known[1] if known is not None and known[0] is projection else latest(projection)
        new = projections.step(before, action, after, seq=seq, at=at, latest=current)
        result = {"session": _dump(new.session), "fight": _dump(new.fight)}
        self._last = (result, new)
        return result

    _last: tuple | None = None

    def written(self, projection):
        # write_all reads only the sessions and fights that are over.
        session, fight = projection.get("session"), projection.get("fight")
        session = session if session is not None and session["ended_seq"] is not None else None
        fight = fight if fight is not None and fight["ended_seq"] is not None else None
        return _NOTHING_ENDED if session is None and fight is None else projection

    def record_fields(self, state, projection):
        fields = projections.character_fields(state)
        fields["inventory"] = projections.inventory(state)
        fight = projection.get("fight")
        if fight is None:
            fields["fights_ended"] = 0
        else:
            fields["fights_ended"] = fight["number"] - (fight["ended_seq"] is None)
        return fields

    def write(self, record, entry, old, new):
        session, fight = new.get("session"), new.get("fight")
        if session is not None and session["ended_seq"] == entry.seq:
            PlaySession.upsert(
                [_session_row(record, _load(SessionRecord, session))], _SESSION_COLUMNS
            )
        if fight is not None and fight["ended_seq"] == entry.seq:
            Fight.upsert([_fight_row(record, _load(FightRecord, fight))], _FIGHT_COLUMNS)

    def rewind(self, record, keep, old, new):
        # Nothing to write: the character's counters move back with its row, which hides the
        # rows of what was taken back (CurrentRows) until play overwrites them.
        return

    def write_all(self, record, entries, projections_):
        sessions: dict[int, dict] = {}
        fights: dict[int, dict] = {}
        for projection in projections_:
            session, fight = projection.get("session"), projection.get("fight")
            if session is not None and session["ended_seq"] is not None:
                sessions[session["number"]] = session
            if fight is not None and fight["ended_seq"] is not None:
                fights[fight["number"]] = fight
        # A log written at once for a new character (an import, a restore) has no rows yet.
        fresh = not PlaySession.all_rows.filter(character=record).exists()
        PlaySession.upsert(
            [_session_row(record, _load(SessionRecord, s)) for s in sessions.values()],
            _SESSION_COLUMNS,
            fresh=fresh,
        )
        Fight.upsert(
            [_fight_row(record, _load(FightRecord, f)) for f in fights.values()],
            _FIGHT_COLUMNS,
            fresh=fresh and not Fight.all_rows.filter(character=record).exists(),
        )


def check_virtual_deck(table, state: dict) -> None:
    """Load a stored virtual table and let it follow `state`, as the play screen does."""
    if table is None:
        return
    if not isinstance(table, dict):
        raise ValueError("the virtual table is not an object")
    virtual = VirtualDeck.from_dict(table)
    if state.get("cards") is not None:
        virtual.hand(state)
        virtual.top_card(state)
    virtual.next_action(state)


def _waiting_for(character: Character) -> str:
    state = character.state or {}
    text = (state.get("awaiting") or {}).get("instruction") or ""
    if text and (state.get("internal") or {}).get("step"):
        # The stored state keeps the sentence as English text; asked again, the engine gives
        # the sentence that a screen can show in the player's language.
        text = describe_awaiting(state).get("instruction") or text
    return text


def _asked(character, seat) -> dict:
    """What a play screen asks: everything but the character's name and what the last action
    did (a rename on another screen leaves a tap drawn before it as meant)."""
    asked = games.asked_of_whole_state(character, ("actions", "events"))
    state = asked["state"]
    if isinstance(state.get("character"), dict):
        state["character"] = {k: v for k, v in state["character"].items() if k != "name"}
    return asked


def _guest_following(request, character_id: int) -> tuple[int, str] | None:
    # The views' own check, read when a stream asks (the views import this module).
    from tracker.card_rpg.views.acting import guest_following

    return guest_following(request, character_id)


# The live listeners hear a Card RPG table's own changes (who sits where, open challenges) by
# this kind.
TABLE_KIND = "card-rpg-table"


def _nearby(character_id: int) -> dict[tuple[str, int], int]:
    """What a play screen's table strip shows besides its own character: the table and the
    characters sitting at it, each with its version now (none when it sits at no table)."""
    seat = RpgSeat.objects.filter(character_id=character_id).order_by()
    seat = seat.values_list("table_id", "table__version").first()
    if seat is None:
        return {}
    table_id, table_version = seat
    others = RpgSeat.objects.filter(table_id=table_id, character__isnull=False).order_by()
    others = others.exclude(character_id=character_id)
    return {(TABLE_KIND, table_id): table_version} | {
        (games.CARD_RPG, other): version
        for other, version in others.values_list("character_id", "character__version")
    }


GAME = games.register(
    Game(
        id=games.CARD_RPG,
        title=gettext_lazy("Card RPG – Advanced"),
        noun="character",
        file_suffix=".cardrpg.json",
        file_fallback="character",
        engine=engine,
        record_model=Character,
        entry_model=ActionLogEntry,
        entry_fk="character",
        projector=CharacterProjector(),
        name_in_state=lambda state: (state.get("character") or {}).get("name"),
        check_name=engine.check_name,
        url=lambda character: reverse("tracker:character_detail", args=[character.pk]),
        waiting_for=_waiting_for,
        new_url="tracker:character_create",
        new_label=gettext_lazy("New character"),
        home_heading=gettext_lazy("Your characters"),
        home_template="card_rpg/characters/_home.html",
        first_action="create_character",
        export_extra=lambda character: {"ruleset": character.ruleset},
        check_virtual_deck=check_virtual_deck,
        rename_action=lambda name: {"type": engine.RENAME, "name": name},
        asked=_asked,
        nearby=_nearby,
        may_follow=_guest_following,
        also_followed={TABLE_KIND: RpgTable},
    )
)
