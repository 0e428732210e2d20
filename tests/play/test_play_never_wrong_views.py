"""Issue 12 at the server: a stale screen is answered with the whole screen as it is now (never a
part of it inside another part), a cheap "has it moved?" question, and the rename logged."""

import html
import re

import pytest

from tests.play.conftest import make_character
from tests.play.test_play_views import HTMX, into_fight, post, text, url, win_first_fight
from tracker.card_rpg import services
from tracker.card_rpg.models import Character

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


# -- point 4: undo in the table's words --------------------------------------------------------


def undo_moves(response) -> list[str]:
    found = re.search(r'data-testid="undo-moves">.*?<ol>(.*?)</ol>', text(response), re.S)
    return (
        [html.unescape(m) for m in re.findall(r"<li>(.*?)</li>", found.group(1))] if found else []
    )


def test_t12_undo_says_where_each_real_card_goes_back_in_order(logged_in, character):
    character = into_fight(logged_in, character, hand="7h 7c kd 9s qh")
    post(logged_in, character, "attack", card=["KD"])  # S-21: a random attack
    response, character = post(logged_in, character, "turn", typed="7s")
    response, character = post(logged_in, character, "undo")
    page = text(response)
    assert "Undone: Turn the 7♠." in page
    # The play had resolved: both cards lay on the discard pile.
    assert undo_moves(response) == [
        "Put the K♦ from the discard pile back on the table with this turn's cards.",
        "Put the 7♠ from the discard pile back on top of the draw pile.",
    ]
    response, character = post(logged_in, character, "undo")
    assert "Undone: Attack with K♦." in text(response)
    assert undo_moves(response) == ["Take the K♦ from the table back into your hand."]
    assert character.state["session"]["hand"]["known"] == ["7H", "7C", "KD", "9S", "QH"]


def test_s15_an_undo_past_a_session_end_asks_first_and_says_what_to_rebuild(logged_in, character):
    character = into_fight(logged_in, character)
    post(logged_in, character, "attack", card=["7H", "7C"])
    post(logged_in, character, "turn", typed="4h")
    post(logged_in, character, "level_up", typed="3")
    response, character = post(logged_in, character, "end_session")
    page = text(response)
    # The undo button is a question now, with the rebuilding it asks for.
    cross = re.search(r'<details class="confirm undo-cross">(.*?)</details>', page, re.S)
    assert cross, "the undo past the session end asks first"
    assert "↶ Undo: End the session…" in cross.group(1)
    assert "the real deck has been gathered and shuffled since" in cross.group(1)
    assert "Take the 4♥ out of the deck into your inventory." not in cross.group(1)
    rebuild = re.search(r'data-testid="rebuild">(.*?)</ol>', cross.group(1), re.S).group(1)
    assert re.findall(r"<li>(.*?)</li>", rebuild)[:2] == [
        "Take the 8♦, 9♠ and Q♥ out of the deck into your hand.",
        "Take the 7♥, 7♣ and Q♠ out of the deck and put them on the discard pile.",
    ]
    # A plain tap on it (no confirmation) is refused with those words; nothing is undone.
    seq = character.last_seq
    response, character = post(logged_in, character, "undo")
    assert character.last_seq == seq
    assert "the table must be rebuilt as it was" in text(response)
    assert '<details class="confirm undo-cross" open>' in text(response)
    # Confirmed: undone, and the rebuilding is said again as what to do now.
    response, character = post(logged_in, character, "undo", rebuild="on")
    assert character.last_seq == seq - 1 and character.state["session"] is not None
    assert "Undone: End the session." in text(response)
    moves = undo_moves(response)
    assert moves[0] == "Take the 8♦, 9♠ and Q♥ out of the deck into your hand."
    assert moves[-1] == "The 43 cards left are the draw pile."


def test_s15_at_the_apps_table_an_undo_past_a_session_end_needs_no_rebuilding(logged_in, player):
    character = make_character(player)
    post(logged_in, character, "virtual", on="on", seed="63")
    post(logged_in, character, "deal")
    response, character = post(logged_in, character, "end_session")
    assert "undo-cross" not in text(response)
    response, character = post(logged_in, character, "undo")
    assert character.state["session"] is not None
    assert 'data-testid="undo-moves"' not in text(response)  # the app holds the cards


def test_s15_undo_to_here_past_a_session_end_asks_to_rebuild_or_stops_at_the_end(
    logged_in, character
):
    character = into_fight(logged_in, character)
    post(logged_in, character, "attack", card=["7H", "7C"])
    post(logged_in, character, "turn", typed="4h")
    _, character = post(logged_in, character, "level_up", typed="3")
    in_session_one = character.last_seq
    _, character = post(logged_in, character, "end_session")
    ended = character.last_seq
    post(logged_in, character, "start_session")
    _, character = post(logged_in, character, "reveal_monster", typed="5d")
    last = character.last_seq
    address = f"/characters/{character.pk}/history/undo-to/{in_session_one}/"
    page = text(logged_in.get(address))
    assert 'data-testid="undo-crossing"' in page
    assert "This goes back into session 1, past its end" in page
    assert "Take the 8♦, 9♠ and Q♥ out of the deck into your hand." in page
    assert f'action="/characters/{character.pk}/history/undo-to/{ended}/"' in page
    assert "Undo only 2 actions, back to the session's end" in html.unescape(page)
    # Not confirmed: nothing is undone, and the page says why.
    refused = logged_in.post(address, {"version": character.version})
    assert refused.status_code == 400 and "must be rebuilt" in text(refused)
    character.refresh_from_db()
    assert character.last_seq == last
    # The service holds the rule, whoever asks it.
    with pytest.raises(services.UndoNeedsRebuild):
        services.character_undo_to(
            character_id=character.pk,
            owner=character.owner,
            seq=in_session_one,
            expected_version=character.version,
        )
    assert Character.objects.get(pk=character.pk).last_seq == last
    # Stopping at the session's end needs no rebuilding.
    stop = f"/characters/{character.pk}/history/undo-to/{ended}/"
    assert 'data-testid="undo-crossing"' not in text(logged_in.get(stop))
    logged_in.post(stop, {"version": character.version})
    character.refresh_from_db()
    assert character.last_seq == ended and character.state["session"] is None
    # Confirmed: back into session 1.
    logged_in.post(address, {"version": character.version, "rebuild": "on"})
    character.refresh_from_db()
    assert character.last_seq == in_session_one and character.state["session"]["number"] == 1


def test_undo_to_here_within_a_session_says_where_the_real_cards_go(logged_in, character):
    character = into_fight(logged_in, character)
    _, character = post(logged_in, character, "attack", card=["9S"])
    page = text(
        logged_in.get(f"/characters/{character.pk}/history/undo-to/{character.last_seq - 2}/")
    )
    moves = re.search(r'data-testid="undo-moves".*?<ol class="moves">(.*?)</ol>', page, re.S)
    assert moves, "the real cards' way back is said before the undo"
    assert "9♠" in moves.group(1) and "back into your hand" in html.unescape(moves.group(1))


# -- point 5: between fights, one picker ------------------------------------------------------


def visible_pickers(page: str) -> int:
    """Rank pickers drawn outside any fold-out: the ones a player sees without a tap."""
    outside = re.sub(r"<details.*?</details>", "", page, flags=re.S)
    return outside.count('class="picker ranks"')


def test_s13_s16_between_fights_one_picker_and_each_side_action_behind_its_own_button(
    logged_in, character
):
    post(logged_in, character, "start_session")  # the whole hand unknown: noting it is offered
    page = text(logged_in.get(url(character)))
    assert visible_pickers(page) == 1  # the next monster's
    more = re.search(r'<details class="more".*?<div class="more-body">(.*)', page, re.S).group(1)
    # Each side action sits behind its own named button, its picker folded away.
    titles = re.findall(r'<summary data-testid="side-(\w+)">([^<]*)</summary>', more)
    assert [kind for kind, _ in titles] == ["note_hand"], titles
    assert dict(titles)["note_hand"].startswith("Note the cards in your hand")
    assert "End the session…" in more
    # With 0 gold nothing can be bought: buying the top card is not offered at all.
    assert "/play/buy_top/" not in page and "buy the top card" not in page.lower()


def test_s13_buying_the_top_card_is_offered_with_gold_behind_its_own_button(logged_in, character):
    character = win_first_fight(logged_in, character, loot="6d")  # S-10: 6 gold
    page = text(logged_in.get(url(character)))
    titles = dict(re.findall(r'<summary data-testid="side-(\w+)">([^<]*)</summary>', page))
    assert titles["buy_top"] == "Buy the top card of the draw pile (you have 6 gold)…"
    assert titles["buy_back"] == "Buy a card back from the discard pile (1 gold)…"
    assert titles["note_hand"].startswith("Note the cards in your hand")
    assert visible_pickers(page) == 1


def test_a_stale_screen_is_redrawn_whole_even_when_its_form_is_incomplete(logged_in, character):
    character = into_fight(logged_in, character)
    stale = character.version
    _, character = post(logged_in, character, "end_turn")
    # "Attack" with nothing chosen, from the old screen: the conflict, not a refusal of a
    # control the screen now shows no more; the status comes along.
    response = logged_in.post(url(character, "attack"), {"version": stale}, headers=HTMX)
    page = text(response)
    assert 'data-testid="conflict"' in page and "Choose at least one card" not in page
    assert 'id="play-status"' in page and 'hx-swap-oob="true"' in page


def test_the_apps_top_card_is_not_turned_for_a_stale_screen(logged_in, player):
    character = make_character(player)
    post(logged_in, character, "virtual", on="on", seed="63")
    _, character = post(logged_in, character, "deal")
    stale = character.version
    logged_in.post(
        f"/characters/{character.pk}/rename/", {"name": "Other", "version": character.version}
    )
    response = logged_in.post(
        url(character, "deal"), {"version": stale, "buy_top": "on"}, headers=HTMX
    )
    assert 'data-testid="conflict"' in text(response)
    assert "The top card is" not in text(response)
