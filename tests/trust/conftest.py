"""Trust tests: two players, characters driven to interesting points of a game, and a snapshot
of everything stored about a character (to prove a refused or foreign request changed nothing).

Characters are made through the persistence services exactly as the app makes them:
``character_create`` and then one ``character_apply`` per action, at a virtual table. The
actions come from the engine's own ``VirtualDeck`` (card and dice inputs) and
``candidate_actions`` (the player's decisions), chosen by a seeded random generator; the
shortest seeded game that reaches each point is searched once per test process and cached.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model

from tracker.card_rpg import services
from tracker.card_rpg.models import Character, Fight, PlaySession
from tracker.rules.card_rpg import VirtualDeck, apply, initial_state
from tracker.rules.card_rpg.bot import candidate_actions

PASSWORD = "correct horse battery"
HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Test accounts need no slow password hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def owner(db):
    """Player A, who owns the characters under attack."""
    return get_user_model().objects.create_user("trust-owner", password=PASSWORD)


@pytest.fixture
def intruder(db):
    """Player B, logged in on another phone, trying to reach A's characters."""
    return get_user_model().objects.create_user("trust-intruder", password=PASSWORD)


# -- driving a game to a point ----------------------------------------------------------------


def _step(state: dict) -> str:
    return state["internal"]["step"]


def _in_fight_with_known_hand(state: dict) -> bool:
    return _step(state) == "character_turn" and bool(state["session"]["hand"]["known"])


# The points of a game the hostile-input tests attack: each awaits different actions.
POINTS: dict[str, Callable[[dict], bool]] = {
    "new": lambda s: _step(s) == "no_session",
    "between_fights": lambda s: _step(s) == "between" and s["character"]["sessions"] == 0,
    "monster_hp": lambda s: _step(s) == "monster_hp",
    "character_turn": _in_fight_with_known_hand,
    "card_to_turn": lambda s: _step(s) == "turn",
    "awaiting_save": lambda s: _step(s) == "save",
    "level_up": lambda s: _step(s) == "level_up",
    "king_keeps_hand": lambda s: _step(s) == "keep_hand",
}

# Weights that make a random player fight rather than shop or end sessions early.
_WEIGHTS = {"reveal_monster": 20.0, "attack": 6.0, "use_item": 4.0, "save": 3.0, "end_turn": 0.3}


def choose_action(rng: random.Random, table: VirtualDeck, state: dict) -> dict:
    """One action: the table's card or dice input, else a weighted random decision."""
    table_action = table.next_action(state)
    if table_action is not None and (
        _step(state) != "between" or table_action["type"] == "note_hand"
    ):
        return table_action
    options = candidate_actions(state)
    if table_action is not None:
        options.append(table_action)  # between fights: the next monster
    weights = [_WEIGHTS.get(action["type"], 1.0) for action in options]
    return rng.choices(options, weights)[0]


@functools.cache
def game_to(point: str, class_card: str = "KS") -> tuple[dict, tuple[tuple[dict, dict], ...]]:
    """The shortest seeded game (of seeds 0–79) reaching `point`: (create action, table), then
    ((action, table after it), …). Pure engine: computed once per process."""
    wanted = POINTS[point]
    best = None
    for seed in range(80):
        rng = random.Random(seed)
        table = VirtualDeck(seed)
        create = table.create_character(f"Trust {point}", class_card)
        state = apply(initial_state(), create)
        start = (create, table.to_dict())
        steps: list[tuple[dict, dict]] = []
        limit = 400 if best is None else len(best[1])
        while not wanted(state) and len(steps) < limit:
            action = choose_action(rng, table, state)
            state = apply(state, action)
            steps.append((action, table.to_dict()))
        if wanted(state) and (best is None or len(steps) < len(best[1])):
            best = (start, tuple(steps))
    if best is None:
        raise AssertionError(f"no seeded game reached {point!r}")
    return best


def make_character(owner, point: str = "new", *, class_card: str = "KS", name=None) -> Character:
    """A character of `owner` played through the services, at a virtual table, up to `point`."""
    (create, table), steps = game_to(point, class_card)
    character = services.character_create(
        owner=owner,
        name=name or create["name"],
        class_card=create["class"],
        str_dice=create["str_dice"],
        hp_dice=create["hp_dice"],
        virtual_deck=table,
    )
    for action, table_after in steps:
        character = services.character_apply(
            character_id=character.pk,
            owner=owner,
            action=action,
            expected_version=character.version,
            virtual_deck=table_after,
        )
    assert POINTS[point](character.state), point
    return character


# -- what a request must not change ----------------------------------------------------------


def snapshot(character_id: int) -> dict | None:
    """Everything stored about a character (None once it is gone), as plain data."""
    character = Character.objects.filter(pk=character_id).first()
    if character is None:
        return None
    fields = [f.attname for f in Character._meta.concrete_fields if f.name != "updated_at"]
    return {
        "character": {name: getattr(character, name) for name in fields},
        "log": list(
            character.log_entries.order_by("seq").values_list(
                "seq",
                "action",
                "action_type",
                "snapshot",
                "virtual_deck",
                "virtual_deck_changed",
                "created_at",
            )
        ),
        "sessions": list(
            PlaySession.all_rows.filter(character=character).order_by("number").values()
        ),
        "fights": list(Fight.all_rows.filter(character=character).order_by("number").values()),
    }


def shows_message(client, response) -> bool:
    """Whether the answer — or the page it sends the browser to — says something to the player."""
    location = response.headers.get("HX-Redirect") or (
        response.headers.get("Location") if response.status_code == 302 else None
    )
    if location:
        response = client.get(location)
    body = response.content.decode()
    # An alert or status line, or a top card turned to be bought (a look, not a change).
    return any(mark in body for mark in ('role="alert"', 'role="status"', "The top card is"))


# -- a Heroes of Barcadia table: the shared table the walks also attack -------------------------

TABLE_ACTIONS = (
    {"type": "roll_for_order", "rolls": {"Ana": 15, "Bo": 9, "Cy": 4}},
    {
        "type": "explore",
        "player": "Ana",
        "at": [2, -1],
        "tile": {"kind": "monster", "level": 8, "damage": 20, "reward": {"power_ups": 1}},
    },
    {"type": "fight", "player": "Ana", "roll": 12},
    {"type": "gain_power_up", "player": "Ana", "card": "Lucky Mug"},
    {"type": "note_loot", "player": "Ana", "cards": ["Secret Smoke Bomb"]},
    {"type": "end_turn", "player": "Ana"},
)


def make_table(owner, name: str = "Trust table"):
    """A table of `owner` in play (Bo's turn, a roll and a turn in its history), seats free."""
    from tracker.barcadia import services as tables

    heroes = [{"name": "Ana"}, {"name": "Bo"}, {"name": "Cy"}]
    table = tables.table_create(owner=owner, name=name, players=heroes)
    for action in TABLE_ACTIONS:
        table = tables.table_apply(table=table, action=action, expected_version=table.version)
    return table


def table_snapshot(table_id: int) -> dict | None:
    """Everything stored about a table (None once it is gone): row, log, events and seats."""
    from tracker.barcadia.models import Table, TableEvent

    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return None
    fields = [f.attname for f in Table._meta.concrete_fields if f.name != "updated_at"]
    return {
        "table": {name: getattr(table, name) for name in fields},
        "log": list(table.log_entries.order_by("seq").values_list("seq", "action", "snapshot")),
        "events": list(TableEvent.all_rows.filter(table=table).order_by("number").values()),
        "seats": list(table.seats.order_by("number").values()),
    }
