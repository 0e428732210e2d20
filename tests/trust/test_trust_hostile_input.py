"""Hostile input (issue 7, point 2): random and garbage fields posted to every action endpoint
never give a 500, change nothing when refused, and always tell the player what happened.

Hypothesis draws the character (one per point of a game: new, between fights, rolling a
monster's HP, the player's turn, a card to turn, dying, levelling up, a King's death), the
endpoint (read from the URL resolver, so a new endpoint is attacked too), the fields (known
names and random ones, repeated, missing, empty), their values (good and bad cards, huge and
negative numbers, unicode, very long strings, wrong types) and the version (current, stale,
future, garbage, missing), with and without htmx. Each example runs in a savepoint that is
rolled back, so examples don't disturb each other.
"""

from __future__ import annotations

import contextlib
import json

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.trust.conftest import HTMX, POINTS, make_character, shows_message, snapshot
from tests.trust.trust_urls import ACTIONS, app_routes
from tracker.card_rpg import app_deals, services
from tracker.card_rpg.models import Character
from tracker.card_rpg.views.play import ACTION_FORMS
from tracker.rules.card_rpg import apply, initial_state

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=160,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Every field name any form of the app reads, so that random bodies often reach the engine.
FIELD_NAMES = [
    "card",
    "typed",
    "rank",
    "suit",
    "suits",
    "answer",
    "item",
    "roll",
    "on",
    "seed",
    "buy_top",
    "confirm",
    "name",
    "intent",
    "class_card",
    "creation_dice",
    "ace_of_diamonds",
    "empty_attack_pile",
    "str_die_1",
    "str_die_2",
    "hp_die_1",
    "hp_die_2",
]
GOOD_CARDS = ["7H", "7h", "10♠", "qd", "KS", "AH", "AD", "AC", "JK1", "BJ", "RJ", "2C", "9S"]
BAD_CARDS = ["", " ", "1S", "11H", "ZZ", "7X", "♠", "7h 7c 7d", "QS,QS", "K", "H", "10", "JK3"]
NUMBERS = st.one_of(
    st.integers(min_value=-10, max_value=60),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([2**31, 2**63, -(2**63) - 1, 10**40]),
).map(str)
ODD_WORDS = ["on", "yes", "no", "true", "false", "[]", "{}", "null", "1e309", "NaN", "-0", "0x1F"]
VALUES = st.one_of(
    st.sampled_from(GOOD_CARDS),
    st.sampled_from(BAD_CARDS),
    NUMBERS,
    st.sampled_from(ODD_WORDS),
    st.text(max_size=40),  # any unicode, control characters included
    st.sampled_from(["x" * 5000, "7h " * 2000, "é" * 300, "\u202e\u0000\ufeff"]),
    st.sampled_from(["4 2 6", "426", "1", "6 6 6 6 6 6", "0", "7", "1,2,3"]),
)
# Known names most of the time, a few random ones, each with one value or several (QueryDict).
FIELDS = st.dictionaries(
    st.one_of(st.sampled_from(FIELD_NAMES), st.text(min_size=1, max_size=12)),
    st.lists(VALUES, min_size=1, max_size=3),
    max_size=6,
)
VERSIONS = st.sampled_from(["current", "current", "stale", "future", "garbage", "missing"])
VERSIONS |= st.sampled_from(["repeated", "huge", "negative", "float"])
# The posted versions that name the one the screen showed ("7.0" is 7; of repeated values
# the last counts, as in any Django form).
ACCEPTED_VERSIONS = {"current", "float", "repeated"}


def version_field(kind: str, current: int) -> list[str] | None:
    """The posted version: the one the screen shows, an old or impossible one, or none."""
    return {
        "current": [str(current)],
        "stale": [str(current - 1)],
        "future": [str(current + 1)],
        "garbage": ["seven"],
        "missing": None,
        "repeated": [str(current - 1), str(current)],
        "huge": [str(10**30)],
        "negative": ["-1"],
        "float": [f"{current}.0"],
    }[kind]


@contextlib.contextmanager
def rolled_back():
    """Run one example in a savepoint that is always undone, so the next starts afresh."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


@pytest.fixture
def characters(owner) -> dict[str, Character]:
    """One character of the owner at each point of a game (a King of Spades, virtual table)."""
    return {point: make_character(owner, point) for point in POINTS}


@pytest.fixture
def player(client, owner):
    client.force_login(owner)
    return client


def character_endpoints() -> list[tuple[str, str]]:
    """(route name, URL with {pk}/{seq} holes) of every character-scoped endpoint taking POSTs."""
    endpoints = []
    for route in app_routes():
        if not route.character_scoped:
            continue
        template = "/" + route.route.replace("<int:pk>", "{pk}").replace("<int:seq>", "{seq}")
        if "<str:action>" in template:
            for action in ACTIONS:
                endpoints.append((route.name, template.replace("<str:action>", action)))
        else:
            endpoints.append((route.name, template))
    return endpoints


# GET-only pages are attacked with GETs; the rest with POSTs.
GET_ONLY = {
    "tracker:character_detail",
    "tracker:character_export",
    "tracker:rpg_play",
    "tracker:rpg_discard_pile",
    "tracker:rpg_history",
    "tracker:rpg_history_log",
    "tracker:rpg_record_sheet",
    "tracker:rpg_strip",
}
ENDPOINTS = character_endpoints()
NOT_PLAYABLE = set(ACTIONS) - set(ACTION_FORMS)
# The table's steps (a seat, another character) answer a character at no table with 404 or a
# redirect back; the walk of tests/trust/test_trust_ownership.py and tests/table cover them.
TABLE_STEPS = {
    name for name, url in ENDPOINTS if "/table/" in url or url.startswith("/card-tables/")
}
POST_ENDPOINTS = [e for e in ENDPOINTS if e[0] not in GET_ONLY | TABLE_STEPS]
PLAY_ENDPOINTS = [e for e in POST_ENDPOINTS if "/play/" in e[1]]
FORM_ENDPOINTS = [e for e in POST_ENDPOINTS if "/play/" not in e[1]]


def test_the_fuzzed_endpoints_are_every_post_endpoint_of_a_character():
    names = {name for name, _ in POST_ENDPOINTS}
    assert {
        "tracker:rpg_play_action",
        "tracker:rpg_play_undo",
        "tracker:rpg_play_virtual",
        "tracker:rpg_play_deal",
        "tracker:character_rename",
        "tracker:character_delete",
        "tracker:rpg_history_undo_to",
    } <= names
    assert {u for n, u in PLAY_ENDPOINTS if n == "tracker:rpg_play_action"} >= {
        f"/characters/{{pk}}/play/{action}/" for action in ACTION_FORMS
    }
    # Every route of a character is either a page (GET) or one of these.
    assert {r.name for r in app_routes() if r.character_scoped} == names | GET_ONLY | TABLE_STEPS


def replayed_state(character_id: int) -> dict:
    """The state replaying the stored log gives (the engine is the judge of an accepted action)."""
    state = initial_state()
    for entry in Character.objects.get(pk=character_id).log_entries.order_by("seq"):
        state = apply(state, entry.action)
        if entry.snapshot is not None:
            assert state == entry.snapshot["state"]
    return state


def post_and_check(client, character: Character, url: str, body: dict, version: str, htmx: bool):
    """POST `body`; then check the answer and what is stored, whatever the body was."""
    before = snapshot(character.pk)
    current = before["character"]["version"]
    posted = dict(body)
    value = version_field(version, current)
    if value is None:
        posted.pop("version", None)
    else:
        posted["version"] = value
    client.cookies.pop("messages", None)  # a message left by an earlier example proves nothing
    response = client.post(url, posted, headers=HTMX if htmx else {})
    after = snapshot(character.pk)
    event(f"{response.status_code} {'unchanged' if after == before else 'changed'}")
    if "/play/" in url and url.rstrip("/").rsplit("/", 1)[1] in NOT_PLAYABLE:
        # An action type the player never posts (create_character) or no game has: 404.
        assert response.status_code == 404
        assert after == before
        return response, before, after
    assert response.status_code in (200, 302, 400, 409), response.status_code
    if htmx:
        # htmx swaps only 2xx answers: a refusal must still arrive as one to be seen.
        assert response.status_code == 200, response.status_code
    if after == before:
        assert shows_message(client, response), (url, posted, response.content[:2000])
    elif after is None:
        # Deleted: only with the confirmation ticked and the version the page showed.
        assert "/delete/" in url and version in ACCEPTED_VERSIONS, (url, posted)
    else:
        # Accepted: only on the version the screen showed, one version up per request (one
        # transaction), log = replay. One request writes one entry of the player's, except that at the app's
        # table the app then takes the steps that ask no decision by itself (issue 12: cards
        # turned, HP and level-up rolls, a look at the cards drawn; tracker.card_rpg.app_deals),
        # each an entry of its own; anything more is a defect.
        assert version in ACCEPTED_VERSIONS, (url, version, posted)
        # Switching the app's table rewrites the newest entry's table, so compare the actions.
        acted_before = [entry[:2] for entry in before["log"]]
        acted_after = [entry[:2] for entry in after["log"]]
        if len(acted_after) < len(acted_before):  # an undo: one write that cuts the log
            assert acted_after == acted_before[: len(acted_after)]
            assert after["character"]["version"] == current + 1
        else:
            added = after["log"][len(before["log"]) :]
            assert acted_before == acted_after[: len(acted_before)]
            assert after["character"]["version"] == current + 1
            # (Who deals is chosen per session: the app's own steps are the app's table's.)
            at_table = after["character"]["virtual_deck"] is not None
            app_steps = [e for e in added[1:] if e[2] in app_deals.NO_DECISION and at_table]
            assert len(added) - len(app_steps) <= 1, added
        assert after["character"]["state"] == replayed_state(character.pk)
    return response, before, after


@FUZZ
@given(data=st.data())
def test_garbage_posted_to_play_endpoints_never_500s_and_refusals_change_nothing(
    player, characters, data
):
    point = data.draw(st.sampled_from(sorted(characters)), label="point")
    _, template = data.draw(st.sampled_from(PLAY_ENDPOINTS), label="endpoint")
    body = data.draw(FIELDS, label="fields")
    version = data.draw(VERSIONS, label="version")
    htmx = data.draw(st.booleans(), label="htmx")
    character = characters[point]
    with rolled_back():
        post_and_check(player, character, template.format(pk=character.pk), body, version, htmx)


@FUZZ
@given(data=st.data())
def test_garbage_posted_to_rename_delete_and_undo_to_never_500s(player, characters, data):
    point = data.draw(st.sampled_from(sorted(characters)), label="point")
    _, template = data.draw(st.sampled_from(FORM_ENDPOINTS), label="endpoint")
    seq = data.draw(
        st.one_of(st.integers(min_value=0, max_value=40), st.sampled_from([2**31, 10**25])),
        label="seq",
    )
    body = data.draw(FIELDS, label="fields")
    version = data.draw(VERSIONS, label="version")
    htmx = data.draw(st.booleans(), label="htmx")
    character = characters[point]
    url = template.format(pk=character.pk, seq=seq)
    with rolled_back():
        post_and_check(player, character, url, body, version, htmx)


@FUZZ
@given(body=FIELDS, htmx=st.booleans())
def test_garbage_posted_to_create_never_500s_nor_creates_a_broken_character(
    player, owner, body, htmx
):
    with rolled_back():
        count = Character.objects.count()
        response = player.post("/characters/new/", body, headers=HTMX if htmx else {})
        assert response.status_code in (200, 302, 400)
        if Character.objects.count() == count:
            assert response.status_code in (200, 400)
        else:
            character = Character.objects.get(owner=owner, name__isnull=False, version=1)
            assert character.state == replayed_state(character.pk)


# -- import ------------------------------------------------------------------------------


def _log(actions, **extra) -> str:
    return json.dumps({"format": "cardrpg-log", "version": 1, **extra, "actions": actions})


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
CREATE = {"type": "create_character", "name": "Imp", "class": "KS", "str_dice": [5], "hp_dice": [5]}
FILES = st.one_of(
    st.binary(max_size=400),
    st.sampled_from([b"", b"\xff\xfe\x00", b"\xef\xbb\xbf", b"{", b"null", b"[]", b"\x00" * 64]),
    JSON_VALUES.map(lambda v: json.dumps(v).encode()),
    # Files that look like logs, with garbage where the actions should be.
    st.lists(JSON_VALUES, max_size=4).map(lambda a: _log(a).encode()),
    st.lists(st.dictionaries(st.sampled_from(["type", "card", "cards", "dice"]), JSON_VALUES)).map(
        lambda a: _log([CREATE, *a]).encode()
    ),
    # A good start, then a top-level name or ruleset nobody could have written.
    JSON_VALUES.map(lambda n: _log([CREATE], name=n).encode()),
    JSON_VALUES.map(lambda r: _log([{**CREATE, "ruleset": r}]).encode()),
    st.text(max_size=200).map(lambda n: _log([{**CREATE, "name": n}]).encode("utf-8", "replace")),
)


@FUZZ
@given(content=FILES, name=st.text(max_size=30), htmx=st.booleans())
def test_garbage_files_uploaded_to_import_never_500_and_create_nothing(
    player, owner, content, name, htmx
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    with rolled_back():
        count = Character.objects.count()
        # A browser sends a plain file name (any path part is dropped by Django's parser).
        upload = SimpleUploadedFile(
            "f" + name.replace("/", "-"), content, content_type="application/json"
        )
        player.cookies.pop("messages", None)
        response = player.post("/import/", {"log_file": upload}, headers=HTMX if htmx else {})
        assert response.status_code in (200, 302, 400)
        if Character.objects.count() == count:
            assert response.status_code == (200 if htmx else 400)
            assert shows_message(player, response)
        else:
            # A file the engine accepted in full: the new character is exactly its replay.
            character = Character.objects.get(owner=owner)
            assert character.state == replayed_state(character.pk)


def test_import_with_no_file_or_a_repeated_file_field_is_refused_with_a_message(player):
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = player.post("/import/", {})
    assert response.status_code == 400
    assert shows_message(player, response)
    files = [SimpleUploadedFile(f"{i}.json", b"{}") for i in range(3)]
    response = player.post("/import/", {"log_file": files})
    assert response.status_code == 400
    assert Character.objects.count() == 0


# -- double submits and other deliberate cases -------------------------------------------


def form_for(action: dict) -> dict:
    """The play form a player would post for an engine action (what the screen's buttons send)."""
    kind = action["type"]
    match kind:
        case "attack" | "note_hand":
            return {"typed": " ".join(action["cards"])}
        case "start_session":
            return {"typed": " ".join(action.get("hand", []))}
        case "reveal_monster" | "turn" | "buy_back":
            return {"card": action["card"]}
        case "roll_monster_hp":
            return {"typed": " ".join(map(str, action["dice"]))}
        case "level_up":
            return {"typed": " ".join(map(str, action["hp_dice"]))}
        case "use_item":
            return {"item": f"{action['card']}:{action.get('as', '')}"}
        case "save" | "sell":
            return {"card": action["card"]}
        case "keep_hand":
            return {"answer": "yes" if action["keep"] else "no"}
    return {}


def a_legal_action(character: Character) -> dict:
    """An action the engine accepts now: the table's input, else the player's first option."""
    from tracker.rules.card_rpg import VirtualDeck
    from tracker.rules.card_rpg.bot import candidate_actions

    table = VirtualDeck.from_dict(character.virtual_deck)
    return table.next_action(character.state) or candidate_actions(character.state)[0]


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
@pytest.mark.parametrize("point", sorted(POINTS))
def test_a_double_submit_applies_once_and_the_second_says_it_changed(player, owner, point, htmx):
    character = make_character(owner, point)
    action = a_legal_action(character)
    url = f"/characters/{character.pk}/play/{action['type']}/"
    body = {**form_for(action), "version": character.version}
    headers = HTMX if htmx else {}
    first = player.post(url, body, headers=headers)
    assert first.status_code == (200 if htmx else 302)
    once = snapshot(character.pk)
    # The tap is one entry; at the app's table the steps it then takes by itself follow it
    # (issue 12), in the same transaction: one version up.
    added = once["log"][character.last_seq :]
    assert once["character"]["version"] == character.version + 1
    assert added[0][1] == action
    assert all(entry[2] in app_deals.NO_DECISION for entry in added[1:]), added
    player.cookies.pop("messages", None)
    second = player.post(url, body, headers=headers)
    assert second.status_code == (200 if htmx else 302)
    assert snapshot(character.pk) == once
    shown = second if htmx else player.get(second["Location"])
    assert "changed on another screen" in shown.text


@pytest.mark.parametrize("point", ["awaiting_save", "character_turn"])
def test_every_play_action_posted_empty_is_refused_with_a_message(player, owner, point):
    character = make_character(owner, point)
    before = snapshot(character.pk)
    for action in ACTION_FORMS:
        for headers in ({}, HTMX):
            player.cookies.pop("messages", None)
            url = f"/characters/{character.pk}/play/{action}/"
            response = player.post(url, {}, headers=headers)
            assert response.status_code in (200, 302), (action, response.status_code)
            assert shows_message(player, response), action
    assert snapshot(character.pk) == before


def test_too_many_fields_is_a_bad_request_not_a_crash(player, owner):
    character = make_character(owner, "character_turn")
    before = snapshot(character.pk)
    body = {f"f{i}": "x" for i in range(1500)} | {"version": character.version}
    response = player.post(f"/characters/{character.pk}/play/end_turn/", body)
    assert response.status_code == 400
    assert snapshot(character.pk) == before


def test_a_hostile_name_is_stored_as_text_and_shown_escaped(player, owner):
    character = make_character(owner, "new")
    name = '<script>alert("x")</script> ☠ Ω'
    response = player.post(
        f"/characters/{character.pk}/rename/", {"name": name, "version": character.version}
    )
    assert response.status_code == 302
    page = player.get(f"/characters/{character.pk}/").text
    assert "<script>alert" not in page
    assert "&lt;script&gt;" in page
    assert services.character_get(character_id=character.pk, owner=owner).name == name


# -- a shared table (Heroes of Barcadia) ---------------------------------------------------------

TABLE_FIELD_NAMES = [
    "player", "confirm", "at", "to", "kind", "level", "damage", "loot", "power_ups", "heal",
    "roll", "partner", "partner_roll", "boss_player", "boss_roll", "target", "target_roll",
    "mod_source_0", "mod_value_0", "mod_note_0", "mod_source_2", "card", "from", "from_player",
    "count", "cards", "when", "extra_action", "amount", "note", "roll_1", "roll_2", "roll_3",
    "on", "path", "rolls", "tile", "modifiers", "type",
]  # fmt: skip
TABLE_VALUES = st.one_of(
    VALUES,
    st.sampled_from(["2,-1", "0,0", "0,-2", "1,0", "999,999", "[1, 2]", "2;-1", "-2,2"]),
    st.sampled_from(["Ana", "Bo", "Cy", " Ana ", "Zed", ""]),
    st.sampled_from(["monster", "team_monster", "boss", "reward", "portal", "hoard", "dragon"]),
    st.sampled_from(["p|1|0", "s|1", "l|2", "o|3", "p|9|9", "x|y", "p|1|-1", "s|"]),
    st.sampled_from(["your_turn", "between_turns", "deck", "room", "player", "yes"]),
)
TABLE_FIELDS = st.dictionaries(
    st.one_of(st.sampled_from(TABLE_FIELD_NAMES), st.text(min_size=1, max_size=12)),
    st.lists(TABLE_VALUES, min_size=1, max_size=3),
    max_size=8,
)
BOSS = {"kind": "boss", "level": 8, "attack": 30, "reward": {"power_ups": 1}}
MONSTER = {"kind": "monster", "level": 8, "damage": 20, "reward": {"power_ups": 2, "loot": 1}}
# Points of a game the table attacks start from: each awaits different actions.
TABLE_POINTS = {
    "order": [],
    "turn": [{"type": "roll_for_order", "rolls": {"Ana": 9, "Bo": 3, "Cy": 1}}],
    "fight": [
        {"type": "roll_for_order", "rolls": {"Ana": 9, "Bo": 3, "Cy": 1}},
        {"type": "explore", "player": "Ana", "at": [2, -1], "tile": MONSTER},
    ],
    "boss": [
        {"type": "roll_for_order", "rolls": {"Ana": 9, "Bo": 3, "Cy": 1}},
        {"type": "explore", "player": "Ana", "at": [0, -2], "tile": BOSS},
    ],
    "power_up": [
        {"type": "roll_for_order", "rolls": {"Ana": 9, "Bo": 3, "Cy": 1}},
        {"type": "explore", "player": "Ana", "at": [2, -1], "tile": MONSTER},
        {"type": "fight", "player": "Ana", "roll": 19},
    ],
}


@pytest.fixture
def tables(owner):
    """One table of the owner at each point, with Ana's and Bo's phones seated (guests)."""
    from django.test import Client

    from tracker.barcadia import services as table_services

    made = {}
    for point, actions in TABLE_POINTS.items():
        table = table_services.table_create(
            owner=owner, name=point, players=[{"name": n} for n in ("Ana", "Bo", "Cy")]
        )
        for action in actions:
            table = table_services.table_apply(
                table=table, action=action, expected_version=table.version
            )
        phones = {}
        for number, name in ((1, "Ana"), (2, "Bo")):
            phone = Client()
            token = table.seats.get(number=number).join_token
            assert phone.post(f"/join/heroes-of-barcadia/{token}/").status_code == 302
            phones[name] = phone
        made[point] = (table, phones)
    return made


def table_endpoints() -> list[str]:
    """Every POST endpoint of a table, with {table} and {number} holes."""
    from tests.trust.trust_urls import TABLE_ACTIONS

    found = []
    posts = {"act", "undo", "revoke", "sit", "pass_phone"}
    for route in app_routes():
        if not route.table_scoped or route.name.removeprefix("tracker:hob_") not in posts:
            continue
        template = "/" + route.route.replace("<int:table>", "{table}")
        template = template.replace("<int:number>", "{number}")
        if "<str:action>" in template:
            found += [template.replace("<str:action>", action) for action in TABLE_ACTIONS]
        else:
            found.append(template)
    return found


TABLE_ENDPOINTS = table_endpoints()


def table_replayed(table_id: int) -> dict:
    from tracker.barcadia.models import Table
    from tracker.rules.barcadia import replay

    table = Table.objects.get(pk=table_id)
    return replay(list(table.log_entries.order_by("seq").values_list("action", flat=True)))


@FUZZ
@given(data=st.data())
def test_garbage_posted_to_a_tables_endpoints_never_500s_and_refusals_change_nothing(
    tables, owner, client, data
):
    from tests.trust.conftest import table_snapshot
    from tracker.rules.barcadia import ACTION_FIELDS

    point = data.draw(st.sampled_from(sorted(tables)), label="point")
    template = data.draw(st.sampled_from(TABLE_ENDPOINTS), label="endpoint")
    who = data.draw(st.sampled_from(["Ana", "Bo", "host"]), label="phone")
    body = data.draw(TABLE_FIELDS, label="fields")
    version = data.draw(VERSIONS, label="version")
    htmx = data.draw(st.booleans(), label="htmx")
    table, phones = tables[point]
    if who == "host":
        client.force_login(owner)
        phone = client
    else:
        phone = phones[who]
    url = template.format(table=table.pk, number=data.draw(st.sampled_from([1, 2, 99, 0])))
    with rolled_back():
        before = table_snapshot(table.pk)
        current = before["table"]["version"]
        posted = dict(body)
        value = version_field(version, current)
        if value is None:
            posted.pop("version", None)
        else:
            posted["version"] = value
        phone.cookies.pop("messages", None)
        response = phone.post(url, posted, headers=HTMX if htmx else {})
        after = table_snapshot(table.pk)
        event(f"{response.status_code} {'unchanged' if after == before else 'changed'}")
        assert response.status_code in (200, 204, 302, 403, 404), response.status_code
        if "/act/" in url and url.rstrip("/").rsplit("/", 1)[1] not in ACTION_FIELDS:
            assert response.status_code == 404 and after == before
            return
        if "/act/" in url and url.rstrip("/").endswith("set_up_table"):
            assert response.status_code == 404 and after == before
            return
        if after["log"] == before["log"]:
            # Nothing played: the seats or the phone rule may have changed (the host's
            # pages), else the phone was told why nothing happened.
            if after == before and response.status_code not in (403, 404):
                assert shows_message(phone, response), (url, posted, response.content[:2000])
            if response.status_code in (403, 404):
                assert after == before
            return
        # Played or undone: only on the version the screen showed, one entry, log = replay.
        assert version in ACCEPTED_VERSIONS, (url, version, posted)
        assert after["table"]["version"] == current + 1
        grew = len(after["log"]) - len(before["log"])
        assert grew in (1, -1), (before["log"], after["log"])
        assert after["table"]["state"] == table_replayed(table.pk)
        for _seq, action, _snapshot in after["log"]:
            assert set(action) <= set(ACTION_FIELDS[action["type"]]), action
