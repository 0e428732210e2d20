"""Issue 12 at the server: a stale screen is answered with the whole screen as it is now (never a
part of it inside another part), a cheap "has it moved?" question, and the rename logged."""

import re

import pytest

from tests.play.conftest import make_character
from tests.play.test_play_views import HTMX, into_fight, post, text, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(client, player):
    client.force_login(player)
    return client


# -- point 1: stale screens --------------------------------------------------------------------


def test_the_version_question_answers_204_with_no_body_when_nothing_moved(logged_in, character):
    character.refresh_from_db()
    same = logged_in.get(url(character), {"part": "version", "v": character.version})
    assert same.status_code == 204 and same.content == b""
    assert "no-store" in same["Cache-Control"]
    moved = logged_in.get(url(character), {"part": "version", "v": character.version - 1})
    assert moved.status_code == 200 and moved.content == str(character.version).encode()
    assert logged_in.get(url(character), {"part": "version"}).status_code == 200  # no version


def test_the_version_question_is_only_for_the_owner(client, character, django_user_model):
    other = django_user_model.objects.create_user("bob", password="x-correct-horse")
    client.force_login(other)
    assert client.get(url(character), {"part": "version", "v": 1}).status_code == 404
    client.logout()
    assert client.get(url(character), {"part": "version", "v": 1}).status_code == 302


def test_a_picker_tap_on_a_stale_screen_whose_entry_is_gone_redraws_the_whole_prompt(
    logged_in, character
):
    """The issue's nesting: the attack entry is gone (the monster's turn now); the answer must
    replace the prompt, not the entry form inside it."""
    character = into_fight(logged_in, character)
    stale = character.version
    post(logged_in, character, "end_turn")
    response = logged_in.post(
        url(character, "pick/attack"), {"version": stale, "rank": "8"}, headers=HTMX
    )
    page = text(response)
    assert response["HX-Retarget"] == "#play-prompt"
    assert response["HX-Reswap"].startswith("outerHTML")
    assert page.lstrip().startswith('<section id="play-prompt"')
    assert page.count('id="play-prompt"') == 1 and page.count('id="play-status"') == 1
    assert 'data-testid="conflict"' in page and "pick again" not in page


def test_a_fold_out_of_a_stale_screen_redraws_the_whole_prompt(logged_in, character):
    character = into_fight(logged_in, character)
    stale = character.version
    _, character = post(logged_in, character, "end_turn")
    for part in ("grid&source=hand&multi=1", "more"):
        response = logged_in.get(f"{url(character)}?part={part}&v={stale}", headers=HTMX)
        assert response["HX-Retarget"] == "#play-prompt", part
        assert 'data-testid="conflict"' in text(response)
        assert text(response).count('id="play-prompt"') == 1
        current = logged_in.get(f"{url(character)}?part={part}&v={character.version}", headers=HTMX)
        assert "HX-Retarget" not in current and 'id="play-prompt"' not in text(current)


def test_every_htmx_get_of_the_play_screen_names_the_version_it_was_drawn_at(logged_in, character):
    post(logged_in, character, "start_session")  # a hand the app doesn't know: a grid to fetch
    post(logged_in, character, "reveal_monster", typed="qs")
    post(logged_in, character, "roll_monster_hp", typed="4 2 6")
    _, character = post(logged_in, character, "end_turn")
    response, character = post(logged_in, character, "turn", typed="3c")
    page = text(response)
    gets = re.findall(r'hx-get="([^"]+)"', page)
    assert gets, "the swapped prompt fetches its fold-outs when opened"
    assert all(f"v={character.version}" in get for get in gets), gets
    assert f'data-version="{character.version}"' in page


# -- point 3: the name is in the log --------------------------------------------------------------


def test_s03_a_rename_reaches_the_games_messages_the_history_and_the_export(logged_in, character):
    character = into_fight(logged_in, character)
    logged_in.post(
        f"/characters/{character.pk}/rename/", {"name": "Bertha", "version": character.version}
    )
    character.refresh_from_db()
    assert character.name == "Bertha"
    page = text(logged_in.get(url(character)))
    assert "↶ Undo: Rename to Bertha" in page
    # The monster kills her: the game's own message says her new name.
    post(logged_in, character, "end_turn")
    response, character = post(logged_in, character, "turn", typed="10s")
    assert "Bertha dies" in text(response)
    assert "Capi" not in text(response)
    log = text(logged_in.get(f"/characters/{character.pk}/history/log/"))
    assert "Renamed Capi to Bertha." in log and "Bertha died" in log
    exported = logged_in.get(f"/characters/{character.pk}/export/").json()
    assert exported["name"] == "Bertha"
    assert {"type": "rename", "name": "Bertha"} in exported["actions"]


def test_s03_renaming_to_the_same_name_logs_nothing(logged_in, player):
    character = make_character(player)
    response = logged_in.post(
        f"/characters/{character.pk}/rename/", {"name": " Capi ", "version": character.version}
    )
    assert response.status_code == 302
    character.refresh_from_db()
    assert (character.last_seq, character.version) == (1, 1)


def test_s03_undo_on_the_play_screen_takes_a_rename_back(logged_in, character):
    logged_in.post(
        f"/characters/{character.pk}/rename/", {"name": "Bertha", "version": character.version}
    )
    response, character = post(logged_in, character, "undo")
    assert "Undone: Rename to Bertha." in text(response)
    assert character.name == "Capi" and character.state["character"]["name"] == "Capi"
    assert '<h1 class="who-name">Capi</h1>' in text(logged_in.get(url(character)))


def test_only_answers_to_a_part_of_the_prompt_are_retargeted(logged_in, character):
    response, _ = post(logged_in, character, "start_session", htmx=False)
    assert response.status_code == 302 and "HX-Retarget" not in response
    character.refresh_from_db()
    # The prompt's own forms target the prompt: their answer goes where they asked.
    response = logged_in.post(
        url(character, "end_session"),
        {"version": character.version},
        headers={**HTMX, "HX-Target": "play-prompt"},
    )
    assert response.status_code == 200 and "HX-Retarget" not in response
