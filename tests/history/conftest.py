"""History tests: players, characters played through the services on a virtual table, and a
long career written in bulk for the query-count tests."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tracker.card_rpg import services
from tracker.card_rpg.models import ActionLogEntry, Character, Fight, PlaySession
from tracker.rules.card_rpg.bot import RandomPlayer
from tracker.rules.card_rpg.table import VirtualTable

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
            table_state=self.bot.table.to_dict(),
        )

    def apply(self, action: dict) -> Character:
        self.character = services.character_apply(
            character_id=self.character.pk,
            owner=self.owner,
            action=action,
            expected_version=self.character.version,
            table_state=self.bot.table.to_dict(),
        )
        return self.character

    def step(self) -> Character:
        self.bot.table = VirtualTable.from_dict(self.character.table_state)
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
    """Give `character` a log of `actions` actions and matching session and fight rows, in bulk.

    Not a real game: the same few stored states repeat. It is the size of the tables that
    matters to the query-count tests, so every row is written with bulk_create.
    """
    state = character.state
    now = timezone.now()
    start = now - timedelta(days=actions // 100 + 1)
    entries = [
        ActionLogEntry(
            character=character,
            seq=seq,
            action={"type": "attack", "cards": ["7C", "7H"]},
            action_type="attack",
            state_after=state,
            created_at=start + timedelta(seconds=seq),
        )
        for seq in range(2, actions + 1)
    ]
    ActionLogEntry.objects.bulk_create(entries, batch_size=1000)
    per_session = 60
    sessions = [
        PlaySession(
            character=character,
            number=number,
            started_seq=2 + (number - 1) * per_session,
            ended_seq=1 + number * per_session,
            started_at=start + timedelta(hours=number),
            ended_at=start + timedelta(hours=number, minutes=40),
            ending="deck",
            level_start=min(10, 1 + number // 10),
            level_end=min(10, 1 + (number + 1) // 10),
            actions=per_session,
            fight_count=4,
            kills=3,
            deaths=number % 3 == 0,
            xp_gained=25,
        )
        for number in range(1, (actions - 1) // per_session + 1)
    ]
    PlaySession.objects.bulk_create(sessions, batch_size=1000)
    sessions = list(character.play_sessions.order_by("number"))
    monsters = ["7S", "QH", "JK1", "3D"]
    fights = [
        Fight(
            character=character,
            session=session,
            number=(session.number - 1) * 4 + index + 1,
            number_in_session=index + 1,
            started_seq=session.started_seq + index * 15,
            ended_seq=session.started_seq + index * 15 + 14,
            started_at=session.started_at,
            ended_at=session.started_at,
            monster=monster,
            monster_kind={"7S": "number", "QH": "face", "JK1": "joker", "3D": "number"}[monster],
            monster_rank=monster[:-1] if monster != "JK1" else "JK",
            monster_suit=monster[-1] if monster != "JK1" else "",
            monster_hp=12,
            xp_value=12,
            level=session.level_start,
            hp_max=7,
            outcome="won" if index < 3 else "died",
            xp_gained=12 if index < 3 else 0,
            damage_dealt=14,
            damage_taken=5,
            turns=3,
            loot=["4S"] if monster == "QH" else [],
        )
        for session in sessions
        for index, monster in enumerate(monsters)
    ]
    Fight.objects.bulk_create(fights, batch_size=1000)
    Character.objects.filter(pk=character.pk).update(last_seq=actions, sessions=len(sessions))
    character.refresh_from_db()
    return character
