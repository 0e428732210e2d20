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
    assert "This file was imported before, as “Capi”" in page
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


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_every_page_describes_the_app_for_search_and_sharing(client, host, language):
    """Issue 28: no meta description (Lighthouse SEO 90); it speaks the page's language."""
    import re

    character = make(host, "Capi")
    client.cookies["django_language"] = language
    pages = [client.get(reverse("login")), client.get(reverse("signup"))]
    client.force_login(host)
    pages += [client.get(reverse("tracker:home"))]
    pages += [client.get(reverse("tracker:rpg_play", args=[character.pk]))]
    for response in pages:
        url = response.request["PATH_INFO"]
        assert response.status_code == 200, url
        page = response.content.decode()
        found = re.findall(r'<meta name="description" content="([^"]+)">', page)
        assert len(found) == 1, url
        if language == "en":
            assert "phone" in found[0] and "cards" in found[0], found
        else:
            assert re.search(r"[\u4e00-\u9fff]", found[0]), found
