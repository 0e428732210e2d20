"""Response headers (issue 11, point 8): nothing a signed-in player sees is kept in a cache — the
play screen must never come back from the browser's cache on Back, showing a stale game — and a
Permissions-Policy turns off the browser features the app never uses.

The URLs are read from the resolver (tests/trust/trust_urls.py), so a page added later is
walked too.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.barbarian_vince.conftest import make_adventure
from tests.trust.conftest import HTMX, make_character, make_table
from tests.trust.trust_urls import PLAUSIBLE_FIELDS, urls_for, walk

pytestmark = pytest.mark.django_db

# Features the app never asks for; the wake lock keeps a phone's screen on at the table.
DENIED = ("camera", "microphone", "geolocation", "payment", "usb", "serial", "hid")


def signed_in_routes():
    """Every route of the app and of the account pages (the admin has its own never-cache)."""
    return [r for r in walk() if not r.route.startswith("admin/")]


def cache_directives(response) -> set[str]:
    return {part.strip().lower() for part in response.get("Cache-Control", "").split(",") if part}


def assert_private(response, what: str) -> None:
    directives = cache_directives(response)
    assert "no-store" in directives, (what, response.status_code, directives)
    assert "private" in directives and "public" not in directives, (what, directives)


def permissions(response) -> dict[str, str]:
    policy = response["Permissions-Policy"]
    return dict(part.strip().split("=", 1) for part in policy.split(",") if part.strip())


@pytest.fixture
def playing(owner):
    """The owner's character in the middle of a fight, so every play URL has something to show."""
    return make_character(owner, "card_to_turn", name="Private Pat")


@pytest.fixture
def adventuring(owner):
    """The owner's adventure in the middle of a skill check."""
    return make_adventure(owner, "round_two", name="Private Pat")


@pytest.fixture
def table(owner):
    """The owner's Heroes of Barcadia table in play, so every table URL has something to show."""
    return make_table(owner, name="Private table")


def test_every_page_and_swap_of_a_signed_in_player_is_never_stored(
    client, owner, playing, adventuring, table
):
    routes = signed_in_routes()
    assert {"tracker:rpg_play", "tracker:character_export", "logout"} <= {r.name for r in routes}
    assert {"tracker:bv_play", "tracker:bv_export"} <= {r.name for r in routes}
    assert {"tracker:hob_table", "tracker:hob_live", "tracker:hob_act"} <= {r.name for r in routes}
    seen = 0
    for route in routes:
        for url in urls_for(route, playing, adventuring, table=table):
            for headers in ({}, HTMX):
                for method in ("get", "post"):
                    if "_auth_user_id" not in client.session:
                        client.force_login(owner)  # logging out is one of the URLs walked
                    # No version posted: each POST is refused, so the character stays as it is.
                    data = PLAUSIBLE_FIELDS if method == "post" else None
                    response = getattr(client, method)(url, data, headers=headers)
                    what = f"{method.upper()} {url} {headers}"
                    # Really signed in: never sent to log in first.
                    assert "/accounts/login/?next=" not in response.get("Location", ""), what
                    assert_private(response, what)
                    assert permissions(response)["camera"] == "()", what
                    seen += 1
    assert seen >= 200


def test_the_export_download_is_never_stored(client, owner, playing):
    client.force_login(owner)
    response = client.get(f"/characters/{playing.pk}/export/")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment")
    assert_private(response, "export")


def test_the_play_screen_is_never_stored_for_back_navigation(client, owner, playing):
    client.force_login(owner)
    response = client.get(f"/characters/{playing.pk}/play/")
    assert response.status_code == 200
    # no-store, not just no-cache: browsers show a no-cache page from their cache on Back.
    assert_private(response, "play")


def test_a_missing_page_seen_signed_in_is_never_stored(client, owner):
    client.force_login(owner)
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert owner.username in response.text  # the header names the player
    assert_private(response, "404")


def test_logging_out_is_never_stored_though_the_player_is_gone_by_then(client, owner):
    client.force_login(owner)
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert_private(response, "logout")


def test_static_files_keep_their_cache_for_a_signed_in_player(settings, owner):
    settings.WHITENOISE_USE_FINDERS = True  # serve from the source folders, as in development
    client = Client()  # its middleware is built on the first request, with the setting above
    client.force_login(owner)
    response = client.get("/static/tracker/app.css")
    assert response.status_code == 200
    directives = cache_directives(response)
    assert "no-store" not in directives and "public" in directives
    assert any(d.startswith("max-age=") and int(d.split("=")[1]) > 0 for d in directives)
    assert permissions(response)["camera"] == "()"


def test_public_pages_are_left_to_their_own_caching(client):
    response = client.get("/accounts/signup/")
    assert response.status_code == 200
    assert "no-store" not in cache_directives(response)


@pytest.mark.parametrize(
    "url", ["/accounts/login/", "/accounts/signup/", "/", "/no/such/page/", "/admin/login/"]
)
def test_every_answer_denies_features_the_app_never_uses(client, url):
    policy = permissions(client.get(url))
    for feature in DENIED:
        assert policy[feature] == "()", feature
    # Kept for the play screen: holding the phone's screen on during a game.
    assert policy["screen-wake-lock"] == "(self)"
    assert all(value in ("()", "(self)") for value in policy.values()), policy


def test_a_guests_table_pages_are_never_stored_either(client, owner, table):
    """A guest's phone holds no account, yet its table is as private: no-store on every answer."""
    seat = table.seats.get(number=2)
    assert client.post(f"/join/heroes-of-barcadia/{seat.join_token}/").status_code == 302
    for url in (
        f"/tables/{table.pk}/",
        f"/tables/{table.pk}/live/?v=0",
        f"/tables/{table.pk}/live/?v={table.version}",
        f"/tables/{table.pk}/history/",
    ):
        response = client.get(url, headers=HTMX)
        assert response.status_code in (200, 204), url
        assert_private(response, url)
    response = client.post(f"/tables/{table.pk}/act/heal/", {"version": table.version})
    assert_private(response, "act")
