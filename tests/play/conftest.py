"""Play-screen test helpers: a logged-in player with a character made through the service."""

import pytest
from django.contrib.auth import get_user_model

from tracker.card_rpg import services


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Test accounts need no slow password hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def player(db):
    """A player account."""
    return get_user_model().objects.create_user("ada", password="correct horse battery")


def make_character(owner, *, cls="KS", str_die=5, hp_die=5, name="Capi", virtual_deck=None):
    """A new character created through the persistence service (S-05: die 5 → STR 5, HP 7)."""
    return services.character_create(
        owner=owner,
        name=name,
        class_card=cls,
        str_dice=[str_die],
        hp_dice=[hp_die],
        virtual_deck=virtual_deck,
    )


@pytest.fixture
def character(player):
    """A King of Spades, STR 5, HP 7, with no session yet."""
    return make_character(player)
