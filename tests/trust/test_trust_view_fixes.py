"""Bugs the hostile-input tests found in the views and forms, each pinned by a plain test."""

from __future__ import annotations

import json

import pytest

from tests.trust.conftest import HTMX, make_character, shows_message, snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(client, owner):
    client.force_login(owner)
    return client


# -- S-13: "Turn the top card to buy it" at a virtual table ----------------------------------


def test_s13_turning_the_top_card_without_javascript_shows_the_card_to_buy(player, owner):
    """It used to redirect back to the same page, losing the card turned: nothing happened."""
    character = make_character(owner, "between_fights")
    before = snapshot(character.pk)
    url = f"/characters/{character.pk}/play/deal/"
    response = player.post(url, {"buy_top": "on", "version": character.version})
    assert response.status_code == 200
    assert "The top card is" in response.text
    assert "/play/buy_top/" in response.text
    assert snapshot(character.pk) == before


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
@pytest.mark.parametrize("point", ["awaiting_save", "character_turn", "new"])
def test_s13_turning_the_top_card_when_nothing_can_be_bought_is_refused_with_a_message(
    player, owner, point, htmx
):
    """It used to answer with nothing at all (plain), or offer a buy in the middle of a fight
    or a save (htmx) that the engine then refused."""
    character = make_character(owner, point)
    before = snapshot(character.pk)
    url = f"/characters/{character.pk}/play/deal/"
    response = player.post(
        url, {"buy_top": "on", "version": character.version}, headers=HTMX if htmx else {}
    )
    shown = response if htmx else player.get(response["Location"])
    assert "There is no card to buy now (S-13)" in shown.text
    assert "The top card is" not in shown.text
    assert snapshot(character.pk) == before


# -- rename and delete with a broken version ------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
@pytest.mark.parametrize("bad", ["-1", "seven", ""])
@pytest.mark.parametrize(
    "what, fields",
    [("rename", {"name": "New name"}), ("delete", {"confirm": "on"})],
)
def test_a_broken_version_on_rename_or_delete_is_said_and_the_retry_works(
    player, owner, what, fields, bad, htmx
):
    """It used to answer 400 with no message (the hidden field's error is drawn nowhere), and
    the redrawn form posted the same bad version again, so retrying could never work."""
    character = make_character(owner, "new")
    before = snapshot(character.pk)
    url = f"/characters/{character.pk}/{what}/"
    response = player.post(url, {**fields, "version": bad}, headers=HTMX if htmx else {})
    assert response.status_code == (200 if htmx else 400)
    assert shows_message(player, response)
    assert "out of date or incomplete" in response.text
    assert f'name="version" value="{character.version}"' in response.text
    assert snapshot(character.pk) == before
    # The retry, with what the redrawn form carries, goes through.
    response = player.post(url, {**fields, "version": character.version})
    assert response.status_code == 302
    assert snapshot(character.pk) != before


# -- import: text no database column can hold -----------------------------------------------


@pytest.mark.parametrize("bad", ["\x00", "\ud800", "a\udfffb"], ids=["nul", "surrogate", "low"])
@pytest.mark.parametrize("where", ["action-name", "file-name", "extra-field"])
def test_an_imported_log_with_a_nul_or_a_lone_surrogate_is_refused_not_a_500(
    player, owner, bad, where
):
    """On PostgreSQL these (smuggled in as JSON \\u escapes) made the import a 500: text
    columns refuse NUL and jsonb refuses both. Now reading the log refuses them, on every database."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    create = {"type": "create_character", "name": "A", "class": "KS", "str_dice": [3]}
    create["hp_dice"] = [3]
    document = {"format": "cardrpg-log", "version": 1, "actions": [create]}
    if where == "action-name":
        create["name"] = "A" + bad
    elif where == "file-name":
        document["name"] = "B" + bad
    else:
        create["note"] = bad
    upload = SimpleUploadedFile("a.json", json.dumps(document).encode())
    response = player.post("/import/", {"log_file": upload})
    assert response.status_code == 400
    assert "characters that are not text" in response.text
    assert not owner.characters.exists()


def test_an_imported_file_nested_too_deeply_is_refused_not_a_500(player, owner):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("a.json", b"[" * 100_000 + b"]" * 100_000)
    response = player.post("/import/", {"log_file": upload})
    assert response.status_code == 400
    assert "nested too deeply" in response.text
