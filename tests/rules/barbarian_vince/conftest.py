"""The `bv` fixture: builds Barbarian Vince states through real actions (bv_support.py)."""

import pytest
from bv_support import Adventure


@pytest.fixture
def bv() -> Adventure:
    return Adventure()
