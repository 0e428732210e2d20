"""The tiny counter game, registered for the core's tests only (its tables: tests/conftest.py)."""

from __future__ import annotations

import pytest

from tests.core.counter_game import GAME
from tracker.core import games


@pytest.fixture
def counter_game():
    """The counter game, registered while the test runs."""
    games.register(GAME)
    yield GAME
    games.unregister(GAME.id)


@pytest.fixture
def host(django_user_model):
    return django_user_model.objects.create_user("host")


@pytest.fixture
def friend(django_user_model):
    return django_user_model.objects.create_user("friend")
