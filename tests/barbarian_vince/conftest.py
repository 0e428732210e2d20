"""Barbarian Vince screen tests: players, the sample catalogue, and adventures played through the
services up to named points of a first adventure (the story the browser test tells too)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tracker.barbarian_vince import services

PASSWORD = "correct horse battery"
HTMX = {"HX-Request": "true"}

# The sample catalogue of the rules (barbarian-vince.md section 11), as a player would enter it.
SAMPLE = [
    {"id": "Vince", "kind": "player", "skills": {"recovery": 2}},
    {
        "id": "Map 1",
        "kind": "map",
        "number": 4,
        "neighbours": ["Map 2", "Map 3"],
        "locations": [
            {"name": "Ulendi", "lay_low": 8, "terrains": ["X0", "U", "G"]},
            {"name": "Rat Harbor", "lay_low": 9, "terrains": ["U", "C"]},
            {"name": "Bridgewater", "lay_low": 7, "terrains": ["V"]},
        ],
    },
    {
        "id": "Map 2",
        "kind": "map",
        "number": 5,
        "bonus": {"survival": 1},
        "neighbours": ["Map 1"],
        "locations": [
            {"name": "Goblin Pass", "lay_low": 7, "terrains": ["M", "O"]},
            {"name": "Irontree City", "lay_low": 8, "terrains": ["G+2", "C"]},
            {"name": "Goblin Mines", "terrains": ["X3"]},
        ],
    },
    {"id": "X0", "kind": "quest", "terrains": ["X0"], "number": 2},
    {"id": "Q01", "kind": "quest", "terrains": ["O"], "number": 1, "classes": ["Common"]},
    {
        "id": "Q02",
        "kind": "quest",
        "terrains": ["G"],
        "number": 7,
        "classes": ["Uncommon"],
        "modifiers": {"charm": 1},
    },
    {
        "id": "Q03",
        "kind": "quest",
        "terrains": ["U", "V"],
        "number": 4,
        "classes": ["Common", "Reusable"],
        "modifiers": {"combat": 1},
    },
    {
        "id": "Q04",
        "kind": "quest",
        "terrains": ["M"],
        "number": 8,
        "classes": ["Common", "Skill"],
        "modifiers": {"hide": 1},
    },
    {"id": "Q08", "kind": "quest", "terrains": ["O"], "number": 6},
    {"id": "One Year", "kind": "one_year"},
]

# A first adventure, action by action, with the points the tests start from: the name of a
# point is reached once every action before it has been applied.
STORY: list[tuple[str | None, dict]] = [
    ("setup", {"type": "register_card", **SAMPLE[0]}),
    *[(None, {"type": "register_card", **card}) for card in SAMPLE[1:]],
    ("catalogued", {"type": "setup", "item": "Q03"}),
    ("turn_one", {"type": "draw_encounter", "card": "X0"}),
    ("x0_open", {"type": "draw_item", "class": "Common", "card": "Q04"}),
    (None, {"type": "end_encounter"}),
    ("after_x0", {"type": "end_turn"}),
    ("lay_low", {"type": "lay_low", "draw": "Q08"}),
    ("travel", {"type": "travel", "map": "Map 2", "location": "Irontree City"}),
    ("encounter", {"type": "draw_encounter", "draw": "Q08", "card": "Q02"}),
    (
        "q02_open",
        {
            "type": "begin_check",
            "skill": "combat",
            "target": 5,
            "times": 2,
            "round_speed": 1,
            "damage": 1,
        },
    ),
    ("check", {"type": "play_check_card", "card": "Map 1"}),
    ("damage", {"type": "take_damage", "cards": ["Vince"]}),
    ("round_two", {"type": "play_check_card", "card": "Q03"}),
    ("reuse", {"type": "reuse", "card": "Q03"}),
    ("round_three", {"type": "play_check_card", "card": "Map 2"}),
    ("passed", {"type": "end_encounter", "outcome": "keep"}),
    ("rest", {"type": "recover", "cards": ["Map 1", "Vince"]}),
    ("recovered", {"type": "trade", "class": "Common", "give": ["Q02", "Q04"], "card": "Q01"}),
    ("traded", {"type": "end_turn"}),
    ("turn_three", {"type": "one_year_passed"}),
    ("interlude", {"type": "resume"}),
    ("resumed", {"type": "die", "how": "died"}),
    ("over", None),
]
POINTS = [name for name, _action in STORY if name is not None]


def story_to(point: str) -> list[dict]:
    """The actions of the story before `point` (begin_adventure not included)."""
    actions = []
    for name, action in STORY:
        if name == point:
            return actions
        actions.append(action)
    raise KeyError(point)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Test accounts need no slow password hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def player(db):
    """A player account."""
    return get_user_model().objects.create_user("ada", password=PASSWORD)


@pytest.fixture
def other(db):
    """Another player, on another phone."""
    return get_user_model().objects.create_user("bob", password=PASSWORD)


def make_adventure(owner, point: str = "setup", *, name: str = "First try", ruleset=None):
    """An adventure of `owner` played through the services up to `point` of the story."""
    adventure = services.adventure_create(owner=owner, name=name, ruleset=ruleset)
    for action in story_to(point):
        adventure = services.adventure_apply(
            adventure_id=adventure.pk,
            owner=owner,
            action=action,
            expected_version=adventure.version,
        )
    return adventure


def play_on(adventure, owner, *actions: dict):
    """Apply more actions to an adventure through the services."""
    for action in actions:
        adventure = services.adventure_apply(
            adventure_id=adventure.pk,
            owner=owner,
            action=action,
            expected_version=adventure.version,
        )
    return adventure
