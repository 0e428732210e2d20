"""Ownership (issue 7, point 1): every URL of the app, walked as another logged-in player and
as an anonymous visitor, gives away nothing and changes nothing.

The URLs are not listed by hand: they are read from the resolver, so a URL added later is
walked too — and a new kind of URL parameter fails the walk until it is taught how to fill it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tests.trust.conftest import HTMX, make_character, snapshot
from tracker.models import ActionLogEntry, Character
from tracker.views.play import ACTION_FORMS

pytestmark = pytest.mark.django_db

# Not the app's own pages, so not walked here (with the reason):
SKIPPED_PREFIXES = {
    # Django's admin: staff only, with its own permission checks (tests/persistence/…admin).
    "admin/": "the admin is staff-only and tested in tests/persistence",
    # Log-in, sign-up, log-out and password pages are meant for anonymous visitors and hold no
    # character (the throttling of log-in is tested in tests/unit/test_hardening.py).
    "accounts/": "account pages hold no character",
}

# Every action type of rules/actions.md, the play screen's own list, and one the app lacks.
ENGINE_ACTIONS = {
    "create_character",
    "start_session",
    "note_hand",
    "reveal_monster",
    "roll_monster_hp",
    "attack",
    "use_item",
    "sell",
    "turn",
    "end_turn",
    "save",
    "accept_death",
    "keep_hand",
    "level_up",
    "buy_back",
    "buy_top",
    "end_session",
}
ACTIONS = sorted(ENGINE_ACTIONS | set(ACTION_FORMS) | {"no_such_action"})

# A POST body that each endpoint would accept from the owner (the right version is added):
# the 404 must come from the ownership check, not from a malformed form.
PLAUSIBLE_FIELDS = {
    "card": "7H",
    "typed": "7h",
    "rank": "7",
    "suit": "H",
    "answer": "yes",
    "item": "7H:H",
    "roll": "on",
    "on": "on",
    "seed": "7",
    "confirm": "on",
    "name": "Taken over",
    "intent": "create",
}


@dataclass(frozen=True)
class Route:
    """One URL pattern of the app: its route text, name and the parameters it takes."""

    route: str
    name: str
    params: tuple[str, ...]

    @property
    def character_scoped(self) -> bool:
        return "pk" in self.params


def walk(patterns=None, prefix: str = "", namespace: str = "") -> list[Route]:
    """Every URL pattern under the root URLconf, resolvers included, outermost prefix first."""
    routes: list[Route] = []
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        text = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            routes += walk(pattern.url_patterns, text, inner)
        elif isinstance(pattern, URLPattern):
            params = tuple(re.findall(r"<(?:\w+:)?(\w+)>", text))
            routes.append(Route(text, f"{namespace}{pattern.name}", params))
    return routes


def app_routes() -> list[Route]:
    """The routes the walk visits: everything but the skipped prefixes."""
    return [r for r in walk() if not r.route.startswith(tuple(SKIPPED_PREFIXES))]


def urls_for(route: Route, character: Character) -> list[str]:
    """Concrete URLs for a route aimed at `character`: one per value of each parameter."""
    values = {
        "pk": [character.pk],
        # A real seq of the log: the creation, the middle and the newest action.
        "seq": sorted({1, max(1, character.last_seq // 2), character.last_seq}),
        "action": ACTIONS,
    }
    unknown = set(route.params) - values.keys()
    assert not unknown, f"{route.name}: teach the ownership walk to fill {sorted(unknown)}"
    urls = ["/" + route.route]
    for param in route.params:
        urls = [
            re.sub(rf"<(?:\w+:)?{param}>", str(value), url, count=1)
            for url in urls
            for value in values[param]
        ]
    return urls


# Query strings a page might read (the play page's lazy parts, paging of the history).
QUERIES = ["", "?part=grid&source=hand&multi=1", "?part=more", "?page=2", "?before=2"]


@pytest.fixture
def victim(owner):
    """A's character in the middle of a fight at a virtual table, with a distinctive name."""
    return make_character(owner, "card_to_turn", name="Zyxwv the Unreachable")


def everything_stored() -> tuple[int, int]:
    return Character.objects.count(), ActionLogEntry.objects.count()


def test_the_walk_sees_every_character_url_and_skips_only_admin_and_accounts():
    routes = walk()
    names = {r.name for r in app_routes()}
    # The walk reaches the app's URLs through the include() of tracker.urls.
    assert {"tracker:play_action", "tracker:character_delete", "tracker:history_undo_to"} <= names
    for route in routes:
        if route.name not in names:
            assert route.route.startswith(tuple(SKIPPED_PREFIXES)), route
    assert sum(r.character_scoped for r in app_routes()) >= 10


@pytest.mark.parametrize("route", app_routes(), ids=lambda r: r.name)
def test_another_player_gets_404_everywhere_and_changes_nothing(
    client, owner, intruder, victim, route
):
    client.force_login(intruder)
    if not route.character_scoped:
        # The player's own pages (list, create, import): they never show A's character.
        response = client.get("/" + route.route)
        assert response.status_code == 200
        assert "Zyxwv" not in response.text
        assert f"/characters/{victim.pk}/" not in response.text
        return
    before = snapshot(victim.pk)
    stored = everything_stored()
    for url in urls_for(route, victim):
        for headers in ({}, HTMX):
            for query in QUERIES:
                response = client.get(url + query, headers=headers)
                assert response.status_code in (404, 405), (url + query, response.status_code)
                assert "Zyxwv" not in response.text
            data = {**PLAUSIBLE_FIELDS, "version": victim.version}
            response = client.post(url, data, headers=headers)
            assert response.status_code in (404, 405), (url, response.status_code)
            assert "Zyxwv" not in response.text
            # Methods the views don't take answer 405 before looking anything up: no leak.
            for method in (client.put, client.delete, client.patch):
                assert method(url, headers=headers).status_code in (404, 405)
        assert snapshot(victim.pk) == before, url
    assert everything_stored() == stored


@pytest.mark.parametrize("route", app_routes(), ids=lambda r: r.name)
def test_an_anonymous_visitor_is_sent_to_log_in_and_changes_nothing(client, victim, route):
    before = snapshot(victim.pk)
    stored = everything_stored()
    urls = urls_for(route, victim) if route.character_scoped else ["/" + route.route]
    for url in urls:
        for headers in ({}, HTMX):
            for response in (
                client.get(url, headers=headers),
                client.post(url, {**PLAUSIBLE_FIELDS, "version": victim.version}, headers=headers),
            ):
                if response.status_code == 405:
                    continue  # a method the view never takes: refused before anything else
                assert response.status_code == 302, (url, response.status_code)
                assert response["Location"].startswith("/accounts/login/?next="), url
    assert snapshot(victim.pk) == before
    assert everything_stored() == stored


def test_a_missing_character_and_another_players_answer_alike(client, intruder, victim):
    """404 for both, so ids can't be probed for existence; also for absurdly large ids."""
    client.force_login(intruder)
    for pk in (victim.pk, victim.pk + 1000, 2**31, 2**63 - 1, 10**30):
        assert client.get(f"/characters/{pk}/").status_code == 404, pk
        assert client.post(f"/characters/{pk}/play/end_turn/", {"version": 1}).status_code == 404
        assert client.get(f"/characters/{pk}/history/undo-to/{10**30}/").status_code == 404


def test_the_character_list_of_another_player_never_shows_mine(client, owner, intruder, victim):
    make_character(owner, "new", name="Qwerty the Second")
    mine = make_character(intruder, "new", name="Bob's own")
    client.force_login(intruder)
    response = client.get("/")
    assert response.status_code == 200
    assert "Bob&#x27;s own" in response.text or "Bob's own" in response.text
    assert f"/characters/{mine.pk}/" in response.text
    for theirs in Character.objects.filter(owner=owner):
        assert f"/characters/{theirs.pk}/" not in response.text
        assert theirs.name not in response.text


def test_the_owner_can_do_what_the_intruder_could_not(client, owner, victim):
    """The control: the same plausible requests work for the owner, so the 404s above came
    from the ownership check and not from a malformed request."""
    client.force_login(owner)
    for name in ("character_detail", "play", "history", "history_log", "record_sheet"):
        route = next(r for r in app_routes() if r.name == f"tracker:{name}")
        assert client.get(urls_for(route, victim)[0]).status_code == 200, name
    response = client.post(
        f"/characters/{victim.pk}/rename/", {**PLAUSIBLE_FIELDS, "version": victim.version}
    )
    assert response.status_code == 302
    victim.refresh_from_db()
    assert victim.name == "Taken over"
    response = client.post(
        f"/characters/{victim.pk}/play/undo/", {**PLAUSIBLE_FIELDS, "version": victim.version}
    )
    assert response.status_code == 302
    assert Character.objects.get(pk=victim.pk).version == victim.version + 1
