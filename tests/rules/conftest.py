"""The rules engine's tests need no Django: they also run with ``pytest -p no:django``."""

import pytest


@pytest.fixture(autouse=True)
def _plain_static_storage():
    """Override tests/conftest.py's settings fixture: the engine touches no Django settings."""
    yield
