"""Fixtures for the persistence tests: players, random play through the services, and the
check that every projected row equals what replaying the log gives."""

from __future__ import annotations

import dataclasses

import pytest

from tracker.card_rpg import projections, services
from tracker.card_rpg.models import Character
from tracker.card_rpg.projections import FightRecord, SessionRecord
from tracker.core.models import is_snapshot_seq
from tracker.rules.card_rpg import apply, initial_state
from tracker.rules.card_rpg.bot import RandomPlayer
from tracker.rules.log import replay as replay_with


@pytest.fixture
def boss(client, django_user_model):
    """The admin's client, signed in as a superuser."""
    user = django_user_model.objects.create_superuser("boss", "boss@example.org", None)
    client.force_login(user)
    return client


@pytest.fixture
def player(django_user_model):
    return django_user_model.objects.create_user(username="capi")  # no password: no slow hashing


@pytest.fixture
def other_player(django_user_model):
    return django_user_model.objects.create_user(username="rival")


class Table:
    """A character played through the services by a seeded random player on a virtual table."""

    def __init__(self, owner, seed, class_card="KS", ruleset=None):
        self.owner = owner
        self.bot = RandomPlayer(seed)
        action = self.bot.table.create_character(f"Bot {seed}", class_card, ruleset)
        self.character = services.character_create(
            owner=owner,
            name=action["name"],
            class_card=class_card,
            str_dice=action["str_dice"],
            hp_dice=action["hp_dice"],
            ruleset=ruleset,
            virtual_deck=self.bot.table.to_dict(),
        )

    def play(self, steps: int) -> Character:
        """Play `steps` random legal actions, each through character_apply."""
        from tracker.rules.card_rpg.virtual_deck import VirtualDeck

        for _ in range(steps):
            # The table is stored with the character, as the UI's "deal for me" mode does.
            self.bot.table = VirtualDeck.from_dict(self.character.virtual_deck)
            action = self.bot.choose(self.character.state)
            self.character = services.character_apply(
                character_id=self.character.pk,
                owner=self.owner,
                action=action,
                expected_version=self.character.version,
                virtual_deck=self.bot.table.to_dict(),
            )
        return self.character

    def play_until(self, predicate, limit: int = 2000) -> Character:
        """Play until `predicate(state)` holds for the state awaiting the next action."""
        for _ in range(limit):
            if predicate(self.character.state):
                return self.character
            self.play(1)
        raise AssertionError("the random game never reached the wanted point")


@pytest.fixture
def table(player):
    """table(seed, class_card="KS", ruleset=None) -> a Table for `player`."""

    def make(seed, class_card="KS", ruleset=None):
        return Table(player, seed, class_card, ruleset)

    return make


def snapshot(character: Character) -> dict:
    """Everything projected for a character, as plain data (no primary keys, no ordering noise)."""
    character.refresh_from_db()
    sessions, fights = services.history_records(character)
    fields = {
        name: getattr(character, name)
        for name in (*projections.CHARACTER_COUNTERS, "class_card", "ruleset", "phase", "name")
    }
    return {
        "character": fields,
        "state": character.state,
        "virtual_deck": character.virtual_deck,
        "last_seq": character.last_seq,
        "inventory": list(enumerate(character.inventory)),
        "sessions": sessions,
        "fights": fights,
        "log": list(
            character.log_entries.order_by("seq").values_list(
                "seq", "action", "virtual_deck", "virtual_deck_changed"
            )
        ),
    }


def replayed(character: Character) -> tuple[list[dict], projections.Projection]:
    """The states after each logged action, replayed by the engine, and the rows they give."""
    entries = list(character.log_entries.order_by("seq").values_list("seq", "action", "created_at"))
    states: list[dict] = []

    def collect(state, action):
        states.append(apply(state, action))
        return states[-1]

    replay_with(collect, initial_state(), [action for _, action, _ in entries])
    steps = projections.log_steps(
        initial_state(),
        [
            (action, state, seq, at)
            for (seq, action, at), state in zip(entries, states, strict=True)
        ],
    )
    return states, projections.rebuild(steps)


def assert_matches_log(character: Character) -> None:
    """Every projection of `character` equals what replaying its log gives."""
    got = snapshot(character)
    states, expected = replayed(character)
    seqs = [seq for seq, *_ in got["log"]]
    assert seqs == list(range(1, len(seqs) + 1)), "the log has a gap or a duplicate"
    assert got["last_seq"] == len(seqs)
    assert got["state"] == states[-1]
    # Entry 1 and every SNAPSHOT_EVERY-th entry keep the whole state after them.
    for seq, kept in character.log_entries.order_by("seq").values_list("seq", "snapshot"):
        assert (kept is not None) == is_snapshot_seq(seq), seq
        if kept is not None:
            assert kept["state"] == states[seq - 1], seq
    final = states[-1]
    fields = projections.character_fields(final)
    assert {k: got["character"][k] for k in fields} == fields
    assert got["inventory"] == list(enumerate(final["character"]["inventory"]))
    assert got["sessions"] == expected.sessions
    assert got["fights"] == expected.fights
    # Independent of the derivation: the record sheet's counters agree with the history rows.
    sessions, fights = got["sessions"], got["fights"]
    c = final["character"]
    assert c["kills"] == sum(f.outcome == "won" for f in fights) == sum(s.kills for s in sessions)
    assert (
        c["deaths"] == sum(f.outcome == "died" for f in fights) == sum(s.deaths for s in sessions)
    )
    assert c["jokers"] == sum(f.outcome == "won" and f.monster_kind == "joker" for f in fights)
    assert c["sessions"] == sum(not s.running for s in sessions)
    assert all(not s.running for s in sessions[:-1])
    assert all(not f.running for f in fights[:-1])
    assert (final["fight"] is not None) == bool(fights and fights[-1].running)
    assert (final["session"] is not None) == bool(sessions and sessions[-1].running)
    for session in sessions:
        assert session.fight_count == sum(f.session_number == session.number for f in fights)


@pytest.fixture
def check_log():
    return assert_matches_log


@pytest.fixture
def take_snapshot():
    return snapshot


def records_equal(a, b) -> bool:
    return dataclasses.asdict(a) == dataclasses.asdict(b)


__all__ = ["FightRecord", "SessionRecord"]
