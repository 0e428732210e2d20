"""Heroes of Barcadia tables for the Django-side tests: a host, a table made through the services,
guests' phones that took their seats with the join links, and a driver that plays actions
through the services (the engine's own test helpers drive the state)."""

from __future__ import annotations

import html
import random
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tracker.barcadia import services
from tracker.barcadia.game import GAME
from tracker.barcadia.models import Table
from tracker.core import seats
from tracker.core import services as core
from tracker.rules import dump_log
from tracker.rules.barcadia.bot import play as bot_play

PASSWORD = "correct horse battery"
HTMX = {"HX-Request": "true"}
HEROES = ("Ana", "Bo", "Cy")


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Test accounts need no slow password hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def host(db):
    return get_user_model().objects.create_user("host", password=PASSWORD)


@pytest.fixture
def stranger(db):
    return get_user_model().objects.create_user("stranger", password=PASSWORD)


def make_table(owner, heroes=HEROES, ruleset=None, moves=None) -> Table:
    """A table set up through the service: one free seat per hero."""
    players = [
        {"name": name, **({"signature_move": moves[name]} if moves and name in moves else {})}
        for name in heroes
    ]
    return services.table_create(
        owner=owner, name="Friday night", players=players, ruleset=ruleset or {}
    )


def play(table: Table, *actions: dict) -> Table:
    """Apply actions through the service, each on the version the last one left."""
    for action in actions:
        table = services.table_apply(table=table, action=action, expected_version=table.version)
    return table


def ordered(table: Table, order=HEROES) -> Table:
    """Settle the turn order as `order` (each rolls lower than the one before)."""
    return play(
        table,
        {"type": "roll_for_order", "rolls": {name: 20 - i for i, name in enumerate(order)}},
    )


def join(table: Table, number: int) -> Client:
    """A guest's phone that took seat `number` with its join link."""
    phone = Client()
    seat = table.seats.get(number=number)
    response = phone.post(f"/join/{GAME.id}/{seat.join_token}/")
    assert response.status_code == 302, response.content[:300]
    assert phone.cookies[seats.cookie_name(GAME, table.pk)].value
    return phone


STASH = re.compile(r'<template id="hob-stash">.*?</template>', re.S)


def seen(response) -> str:
    """What a page says, as the player reads it (entities such as &#x27; turned back; the
    parts the page keeps aside for the panels to come, out of sight, left out)."""
    return html.unescape(STASH.sub("", response.content.decode()))


def fresh(table: Table) -> Table:
    return Table.objects.get(pk=table.pk)


@pytest.fixture
def table(host) -> Table:
    return make_table(host)


@pytest.fixture
def phones(table) -> dict[str, Client]:
    """Ana's, Bo's and Cy's phones, each seated with its link (no accounts)."""
    return {name: join(table, number) for number, name in enumerate(HEROES, start=1)}


@pytest.fixture
def host_client(client, host) -> Client:
    client.force_login(host)
    return client


def bot_log(players: int, prefix: int, turns: int = 0, seed: int = 7) -> list[dict]:
    """A random game's first `prefix`-odd actions (cut where nothing is pending, never past a
    winner: the bot's choices may differ between processes), then `turns` quick turns."""
    played, cut, state = [], 0, None
    for _before, action, after in bot_play(random.Random(seed), players, None, prefix + 200):
        played.append(action)
        if after["phase"] == "play" and not after["pending"]:
            cut, state = len(played), after
            if cut >= prefix:
                break
    actions = played[:cut]
    order = state["order"]
    active = order.index(state["turn"]["player"])
    for step in range(turns):
        hero = order[(active + step) % len(order)]
        actions += [
            {"type": "take_damage", "player": hero, "amount": 7},
            {"type": "end_turn", "player": hero},
        ]
    return actions


def imported(owner, actions: list[dict], name: str = "Imported") -> Table:
    """A table made from a log file through the core's import, with its seats."""
    table = core.record_import(owner=owner, text=dump_log(actions, game=GAME.id), name=name)
    services.seats_ensure(table=table)
    return fresh(table)
