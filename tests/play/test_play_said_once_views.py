"""Issue 28 at the server: every instruction said once — the refill with the fight's end, and
after an undo only what to do now (the moves already made are not shown again as new)."""

import re

import pytest

from tests.play.test_play_views import HTMX, post, text, url, win_first_fight

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(client, player):
    client.force_login(player)
    return client


def instruction(page: str) -> str:
    found = re.search(r'data-testid="instruction">(.*?)</p>', page, re.S)
    assert found, page
    return found.group(1)


def test_t07_the_refill_is_said_with_the_fights_end_and_not_after_a_side_action(
    logged_in, character
):
    character = into_refill(logged_in, character)
    page = text(logged_in.get(url(character)))
    assert "Draw 2 cards into your hand from the draw pile first" in instruction(page)
    response, character = post(logged_in, character, "buy_top", typed="KH", answer="no")
    assert character.state["events"], "the top card was discarded"
    assert "Draw" not in instruction(text(response))


def into_refill(client, character):
    """The first fight won: the hand refilled with 2 cards, the next monster not turned yet."""
    character = win_first_fight(client, character)
    assert character.state["awaiting"]["choices"]["refill"] == 2
    return character


def test_undo_back_to_a_fights_end_shows_only_what_to_do_now(logged_in, character):
    """The issue's example: the real table is told how to match, and under it nothing of the
    fight's end appears again as new (its discards, its refill)."""
    character = into_refill(logged_in, character)
    post(logged_in, character, "reveal_monster", typed="5s")
    response, character = post(logged_in, character, "undo")
    page = text(response)
    assert 'data-testid="undo-moves"' in page
    assert "Put the 5♠, the monster, back on top of the draw pile" in page
    assert 'data-testid="events"' not in page, "the fight's end is not said again"
    assert "on the discard pile" not in page.split('data-testid="undo-moves"')[1]
    assert "Draw" not in instruction(page)
    assert "Turn the top card of the draw pile" in instruction(page)


def test_undo_across_a_session_end_and_its_rebuild_shows_only_what_to_do_now(logged_in, character):
    character = into_refill(logged_in, character)
    post(logged_in, character, "end_session")
    character.refresh_from_db()
    response = logged_in.post(
        url(character, "undo"), {"version": character.version, "rebuild": "on"}, headers=HTMX
    )
    character.refresh_from_db()
    page = text(response)
    assert character.state["session"] is not None, "the session end was undone"
    assert 'data-testid="events"' not in page
    assert "Draw" not in instruction(page)
    assert "Dice:" not in page, "the level-up roll is not said again either"


def test_undo_of_a_roll_does_not_ask_again_for_the_cards_dealt_to_the_monster(logged_in, character):
    post(logged_in, character, "start_session")
    post(logged_in, character, "reveal_monster", typed="qs")
    post(logged_in, character, "roll_monster_hp", typed="4 2 6")
    response, character = post(logged_in, character, "undo")
    page = text(response)
    assert character.state["awaiting"]["reason"] == "monster HP"
    assert "Deal" not in instruction(page)
    assert "Roll 3 dice" in instruction(page) or "roll 3 dice" in instruction(page)


def test_s13_a_top_card_refused_as_too_dear_stays_entered_for_discard_it(logged_in, player):
    """Issue 28: after "Buy it" is refused the card entered with rank and suit was cleared, so
    "Discard it" asked for it again."""
    from tests.play.conftest import make_character

    character = make_character(player, cls="KD")
    character = win_first_fight(logged_in, character, loot="3h")
    _, character = post(logged_in, character, "sell", card="3H")  # 3 gold (S-09)
    response, character = post(logged_in, character, "buy_top", rank="9", suit="C", answer="yes")
    page = text(response)
    assert "costs 9 gold and you have 3" in page
    form = page.split('id="buy-top"')[1].split("</form>")[0]
    assert re.search(r'name="rank" value="9" checked', form), form
    assert re.search(r'name="suit" value="C" checked', form), form
    response, character = post(logged_in, character, "buy_top", rank="9", suit="C", answer="no")
    assert "9C" in character.state["session"]["discard_pile"]
