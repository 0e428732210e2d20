"""Hostile input on every POST endpoint of an adventure: random and garbage fields never give a
500, a refusal changes nothing and always tells the player what happened, and whatever is
accepted is exactly what replaying the stored log gives (A-02: unknown fields never reach it).

The endpoints are read from the URL resolver (tests/trust/trust_urls.py), so an endpoint added
later is attacked too. Hypothesis draws the adventure (one per point of a first adventure),
the endpoint, the fields (known names and random ones, repeated, missing, empty), their values
(good and bad card ids, huge and negative numbers, unicode, very long strings) and the version
(current, stale, future, garbage, missing), with and without htmx. Each example runs in a
savepoint that is rolled back.
"""

from __future__ import annotations

import contextlib

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.barbarian_vince.conftest import HTMX, make_adventure
from tests.trust.trust_urls import BV_ACTIONS, app_routes
from tracker.barbarian_vince.models import Adventure, AdventureTurn, RememberedCard
from tracker.barbarian_vince.views.play import PLAYED
from tracker.rules.barbarian_vince import apply, initial_state

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
POINTS = ("setup", "catalogued", "lay_low", "q02_open", "check", "damage", "reuse", "rest",
          "interlude", "over")  # fmt: skip

# Every field name a form of these screens reads, so that random bodies often reach the engine.
FIELD_NAMES = [
    "card", "cards", "draw", "item", "map", "location", "place", "terrain", "adjust", "skill",
    "target", "times", "round_speed", "damage", "class", "give", "conditions_met", "outcome",
    "how", "kind", "id", "name", "number", "bonus", "neighbours", "locations", "terrains",
    "classes", "modifiers", "home_map", "home_location", "next", "remembered", "confirm",
    "skill_combat", "skill_recovery", "type", "ruleset", "note", "_meta",
]  # fmt: skip
GOOD = ["Q01", "Q02", "Q03", "Q04", "Q08", "X0", "Vince", "Map 1", "Map 2", "One Year",
        "Map 2|Irontree City", "Map 1|Rat Harbor", "combat", "Common", "done", "keep",
        "ongoing", "died", "removed", "G", "O", "quest", "map", "player", "item", "on",
        "Ulendi [8+] (X0, U, G)", "Combat +1", "cards", "play"]  # fmt: skip
BAD = ["", " ", "Q99", "q01", "Map 9|Nowhere", "|", "Map 1|", "X0|X0", "G+2", "Z0", "luck",
       "Gold", "dragon", "[]", "{}", "null", "true", "1e309", "NaN", "-0", "0x1F",
       "Ulendi 8+ X0", "Combat +", "\u202e\u0000\ufeff"]  # fmt: skip
NUMBERS = st.one_of(
    st.integers(min_value=-5, max_value=30),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([2**31, 2**63, -(2**63) - 1, 10**40]),
).map(str)
VALUES = st.one_of(
    st.sampled_from(GOOD),
    st.sampled_from(BAD),
    NUMBERS,
    st.text(max_size=40),
    st.sampled_from(["x" * 5000, "Q01," * 400, "é" * 300, "\n".join(["A [1+] (O)"] * 60)]),
)
FIELDS = st.dictionaries(
    st.one_of(st.sampled_from(FIELD_NAMES), st.text(min_size=1, max_size=12)),
    st.lists(VALUES, min_size=1, max_size=3),
    max_size=6,
)
VERSIONS = st.sampled_from(
    ["current", "current", "current", "stale", "future", "garbage", "missing", "huge", "float"]
)
ACCEPTED_VERSIONS = {"current", "float"}


def version_field(kind: str, current: int) -> list[str] | None:
    return {
        "current": [str(current)],
        "stale": [str(current - 1)],
        "future": [str(current + 1)],
        "garbage": ["seven"],
        "missing": None,
        "huge": [str(10**30)],
        "float": [f"{current}.0"],
    }[kind]


def adventure_endpoints() -> list[tuple[str, str]]:
    """(route name, URL with {a}/{seq} holes) of every adventure endpoint taking POSTs."""
    endpoints = []
    for route in app_routes():
        if not route.adventure_scoped or route.name in GET_ONLY:
            continue
        url = "/" + route.route.replace("<int:adventure>", "{a}").replace("<int:seq>", "{seq}")
        if "<str:action>" in url:
            endpoints += [(route.name, url.replace("<str:action>", kind)) for kind in BV_ACTIONS]
        else:
            endpoints.append((route.name, url))
    return endpoints


GET_ONLY = {"tracker:bv_play", "tracker:bv_cards", "tracker:bv_history", "tracker:bv_log",
            "tracker:bv_export"}  # fmt: skip
ENDPOINTS = adventure_endpoints()


def test_the_fuzzed_endpoints_are_every_post_endpoint_of_an_adventure():
    names = {name for name, _url in ENDPOINTS}
    assert names == {"tracker:bv_act", "tracker:bv_undo", "tracker:bv_card_add",
                     "tracker:bv_deck_bring", "tracker:bv_undo_to", "tracker:bv_delete"}  # fmt: skip
    assert {r.name for r in app_routes() if r.adventure_scoped} == names | GET_ONLY
    acts = {url for name, url in ENDPOINTS if name == "tracker:bv_act"}
    assert acts >= {f"/adventures/{{a}}/act/{kind}/" for kind in PLAYED}


@contextlib.contextmanager
def rolled_back():
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


@pytest.fixture
def adventures(player) -> dict:
    return {point: make_adventure(player, point) for point in POINTS}


@pytest.fixture
def me(client, player):
    client.force_login(player)
    return client


def stored(adventure_id: int) -> dict | None:
    adventure = Adventure.objects.filter(pk=adventure_id).first()
    if adventure is None:
        return None
    fields = [f.attname for f in Adventure._meta.concrete_fields if f.name != "updated_at"]
    return {
        "adventure": {name: getattr(adventure, name) for name in fields},
        "log": list(adventure.log_entries.order_by("seq").values_list("seq", "action")),
        "turns": list(AdventureTurn.all_rows.filter(adventure=adventure).values()),
        "memory": list(RememberedCard.objects.values_list("card_id", "fields", "seq")),
    }


def replayed(adventure_id: int) -> dict:
    state = initial_state()
    for entry in Adventure.objects.get(pk=adventure_id).log_entries.order_by("seq"):
        state = apply(state, entry.action)
    return state


def says_something(client, response) -> bool:
    """Whether the answer, or the page it sends the browser to, tells the player something."""
    location = response.headers.get("HX-Redirect") or (
        response.headers.get("Location") if response.status_code == 302 else None
    )
    if location:
        response = client.get(location)
    body = response.content.decode()
    return 'role="alert"' in body or 'role="status"' in body


@FUZZ
@given(data=st.data())
def test_garbage_posted_to_an_adventure_never_500s_and_a_refusal_changes_nothing(
    me, adventures, data
):
    point = data.draw(st.sampled_from(POINTS), label="point")
    # Each endpoint as often as the others (the actions' one takes every action type).
    name = data.draw(st.sampled_from(sorted({n for n, _url in ENDPOINTS})), label="endpoint")
    template = data.draw(st.sampled_from([u for n, u in ENDPOINTS if n == name]), label="url")
    body = data.draw(FIELDS, label="fields")
    version = data.draw(VERSIONS, label="version")
    htmx = data.draw(st.booleans(), label="htmx")
    seq = data.draw(st.sampled_from([0, 1, 5, 12, 40, 2**31, 10**25]), label="seq")
    adventure = adventures[point]
    url = template.format(a=adventure.pk, seq=seq)
    with rolled_back():
        before = stored(adventure.pk)
        current = before["adventure"]["version"]
        posted = dict(body)
        value = version_field(version, current)
        if value is None:
            posted.pop("version", None)
        else:
            posted["version"] = value
        me.cookies.pop("messages", None)
        response = me.post(url, posted, headers=HTMX if htmx else {})
        after = stored(adventure.pk)
        event(f"{name} {response.status_code} {'unchanged' if after == before else 'changed'}")
        kind = url.rstrip("/").rsplit("/", 1)[1]
        if name == "tracker:bv_act" and kind not in PLAYED:
            assert response.status_code == 404 and after == before
            return
        assert response.status_code in (200, 302, 400, 404, 409), response.status_code
        if htmx:
            assert response.status_code == 200, response.status_code
        if after == before:
            assert says_something(me, response), (url, posted, response.content[:1500])
        elif after is None:
            assert name == "tracker:bv_delete" and version in ACCEPTED_VERSIONS
        else:
            assert version in ACCEPTED_VERSIONS, (url, version, posted)
            log_before, log_after = before["log"], after["log"]
            if len(log_after) < len(log_before):
                assert log_after == log_before[: len(log_after)]  # an undo cuts the end
            else:
                assert log_after[: len(log_before)] == log_before
                added = [action for _seq, action in log_after[len(log_before) :]]
                # One action per tap, after the deck's cards it named (issue 23: entered on
                # the way), or the whole deck brought in one tap: only register_card before it.
                assert added and all(a["type"] == "register_card" for a in added[:-1])
                if name != "tracker:bv_deck_bring":
                    assert len(added) == 1 or added[-1]["type"] != "register_card"
                for action in added:
                    # only the fields of that action type were stored, never a stray one.
                    assert not set(action) & {"note", "_meta", "confirm", "next", "remembered"}
            assert after["adventure"]["version"] == current + 1
            assert after["adventure"]["state"] == replayed(adventure.pk)


@FUZZ
@given(body=FIELDS, htmx=st.booleans())
def test_garbage_posted_to_new_adventure_never_500s_nor_makes_a_broken_one(me, player, body, htmx):
    with rolled_back():
        response = me.post("/adventures/new/", body, headers=HTMX if htmx else {})
        assert response.status_code in (200, 302, 400)
        for adventure in Adventure.objects.filter(owner=player):
            assert adventure.state == replayed(adventure.pk)
            assert adventure.last_seq == 1
        if not Adventure.objects.filter(owner=player).exists():
            assert says_something(me, response) or 'class="errorlist' in response.text
