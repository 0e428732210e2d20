"""Fixtures for a Card RPG table."""

import pytest


@pytest.fixture
def host(django_user_model):
    return django_user_model.objects.create_user(username="host")  # no password: no hashing
