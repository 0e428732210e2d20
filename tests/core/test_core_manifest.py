"""The web app manifest: served by the app in the language the page is in, public like the
static files (a phone fetches it to install the app), with the same id in every language."""

import json

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


def test_every_page_links_the_manifest_fetched_with_the_players_cookies(client):
    page = client.get("/accounts/login/").content.decode()
    assert (
        '<link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials">' in page
    )


def test_the_manifest_names_the_app_and_its_icons_without_an_account(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/manifest+json")
    manifest = json.loads(response.content)
    assert manifest["name"] == "Card table companion"
    assert manifest["short_name"] == "Card table"
    assert manifest["description"].startswith("A companion at the table for card games")
    assert manifest["lang"] == "en"
    assert (manifest["id"], manifest["start_url"], manifest["scope"]) == ("/", "/", "/")
    assert manifest["display"] == "standalone"
    sources = [icon["src"] for icon in manifest["icons"]]
    assert len(sources) == 3 and all(src.startswith("/static/tracker/icon") for src in sources)
    for src in sources:
        assert finders.find(src.removeprefix("/static/")), src


def test_the_manifest_follows_the_language_the_player_chose(client):
    client.post("/language/", {"language": "zh-hant", "next": "/"})
    response = client.get("/manifest.webmanifest")
    manifest = json.loads(response.content)
    assert manifest["lang"] == "zh-hant"
    assert manifest["id"] == "/" and manifest["start_url"] == "/"
    assert "Cookie" in response["Vary"] and "Accept-Language" in response["Vary"]


def test_the_manifest_takes_no_posts(client):
    assert client.post("/manifest.webmanifest").status_code == 405
