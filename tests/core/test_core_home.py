"""Your games: one home for a player, every game's records newest first with what each waits
for; importing any game's file from it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tracker.card_rpg import services
from tracker.rules import dump_log

pytestmark = pytest.mark.django_db

CREATE = {
    "type": "create_character",
    "name": "Capi",
    "class": "KS",
    "str_dice": [5],
    "hp_dice": [5],
}


def make(owner, name: str):
    return services.character_create(
        owner=owner, name=name, class_card="KS", str_dice=[5], hp_dice=[5]
    )


def test_home_lists_each_games_records_newest_first_with_what_they_wait_for(client, host, friend):
    older = make(host, "Older")
    make(host, "Newer")
    services.character_apply(
        character_id=older.pk,
        owner=host,
        action={"type": "start_session"},
        expected_version=older.version,
    )  # played last, so it is the newest now
    make(friend, "Not mine")
    client.force_login(host)
    response = client.get(reverse("tracker:home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Your games" in html and "Your characters" in html
    assert html.index("Older") < html.index("Newer")
    assert "Not mine" not in html
    assert 'class="waiting-for"' in html  # what each one is waiting for
    # "New…" offers every registered game that can be started from the home.
    assert reverse("tracker:character_create") in html
    assert reverse("tracker:import") in html
    assert reverse("tracker:character_list") == reverse("tracker:home")  # old links still work


def test_importing_any_game_file_and_a_second_copy_is_told_apart(client, host):
    client.force_login(host)
    text = dump_log([CREATE, {"type": "start_session"}], name="Capi")
    upload = {"log_file": ("capi.cardrpg.json", text.encode(), "application/json")}
    from django.core.files.uploadedfile import SimpleUploadedFile

    def post():
        name, content, kind = upload["log_file"]
        return client.post(
            reverse("tracker:import"), {"log_file": SimpleUploadedFile(name, content, kind)}
        )

    first = post()
    assert first.status_code == 302 and first["Location"].startswith("/characters/")
    second = post()
    page = client.get(second["Location"]).content.decode()
    assert "You imported this file before" in page
    home = client.get(reverse("tracker:home")).content.decode()
    assert home.count("Capi") >= 2
    refused = client.post(
        reverse("tracker:import"),
        {
            "log_file": SimpleUploadedFile(
                "x.json",
                b'{"format": "cardrpg-log", "version": 1, "game": "chess", "actions": []}',
                "application/json",
            )
        },
    )
    assert refused.status_code == 400 and "chess" in refused.content.decode()
