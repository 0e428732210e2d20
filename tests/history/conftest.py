"""History tests: players, characters played through the services on a virtual table, and a
long career imported in bulk for the query-count tests."""

from __future__ import annotations

import pytest

from tracker.card_rpg import services
from tracker.card_rpg.models import Character
from tracker.rules import dump_log
from tracker.rules.card_rpg.bot import RandomPlayer, random_game
from tracker.rules.card_rpg.virtual_deck import VirtualDeck

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Test accounts need no slow password hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def player(django_user_model):
    return django_user_model.objects.create_user("ada", password=PASSWORD)


@pytest.fixture
def other_player(django_user_model):
    return django_user_model.objects.create_user("rival", password=PASSWORD)


class Career:
    """A character played through the services, with a seeded virtual table and random choices.

    The table deals every card and rolls every die (the app's "deal for me" mode); a seeded
    random player makes the decisions (attacks, items, buying, saves) as a person would.
    """

    def __init__(self, owner, seed: int, class_card: str = "KS", name: str = "Capi"):
        self.owner = owner
        self.bot = RandomPlayer(seed)
        action = self.bot.table.create_character(name, class_card)
        self.character = services.character_create(
            owner=owner,
            name=name,
            class_card=class_card,
            str_dice=action["str_dice"],
            hp_dice=action["hp_dice"],
            virtual_deck=self.bot.table.to_dict(),
        )

    def apply(self, action: dict) -> Character:
        self.character = services.character_apply(
            character_id=self.character.pk,
            owner=self.owner,
            action=action,
            expected_version=self.character.version,
            virtual_deck=self.bot.table.to_dict(),
        )
        return self.character

    def step(self) -> Character:
        self.bot.table = VirtualDeck.from_dict(self.character.virtual_deck)
        return self.apply(self.bot.choose(self.character.state))

    def play_sessions(self, count: int, limit: int = 5000) -> Character:
        """Play until `count` more sessions have ended."""
        target = self.character.sessions + count
        for _ in range(limit):
            if self.character.sessions >= target:
                return self.character
            self.step()
        raise AssertionError("the sessions never ended")

    def play_until(self, predicate, limit: int = 5000) -> Character:
        for _ in range(limit):
            if predicate(self.character.state):
                return self.character
            self.step()
        raise AssertionError("the game never reached the wanted point")


@pytest.fixture
def career(player):
    """career(seed, class_card="KS") -> a Career for `player`."""

    def make(seed: int = 3, class_card: str = "KS", owner=None) -> Career:
        return Career(owner or player, seed, class_card)

    return make


def write_long_career(character: Character, actions: int) -> Character:
    """A character of the same owner whose log holds `actions` actions of a real seeded game.

    Imported as a log file would be (the engine replays it once, the rows are written in
    bulk), so the history pages read a real career: sessions, fights, snapshots and all.
    """
    log = random_game(character.pk + 1000, actions - 1, character.class_card)
    return services.character_import(owner=character.owner, text=dump_log(log), name="Long")
