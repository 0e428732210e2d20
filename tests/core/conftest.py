"""The tiny counter game's tables, and the game registered for the core's tests only."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.core.counter_game import GAME, MODELS
from tracker.core import games


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database, plus the counter game's tables (no migration knows them)."""
    with (
        django_db_blocker.unblock(),
        connection.constraint_checks_disabled(),
        connection.schema_editor() as editor,
    ):
        for model in MODELS:
            editor.create_model(model)


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
