"""Accounts in the browser: the screens and their flow, not the cost of hashing a password.

Django's password hasher is slow on purpose (about half a second a hash here, several seconds
on a loaded machine); a test that changes a password hashes five times in a row, which left
its 5 s waits to chance. The flow is the same with the fast hasher every other test uses.
"""

import pytest


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
