"""Issue 12 on the phone: undo in the table's words (point 4), one picker between fights
(point 5), and a dying Diamond character selling (point 11, S-09)."""

import re

import pytest
from playwright.sync_api import expect

from tests.play.conftest import make_character
from tests.play.test_play_browser import check_phone_screen, instruction, log_in, shoot, step
from tests.play.test_play_stale_browser import apply

pytestmark = pytest.mark.django_db(transaction=True)

HAND = ["7H", "7C", "KD", "9S", "QH"]


def test_t12_s15_undo_says_where_the_cards_go_and_asks_before_crossing_a_session_end(
    live_server, page, screenshot, player
):
    character = apply(
        player,
        make_character(player),
        {"type": "start_session", "hand": HAND},
        {"type": "reveal_monster", "card": "QS"},
        {"type": "roll_monster_hp", "dice": [4, 2, 6]},
        {"type": "attack", "cards": ["KD"]},
    )
    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    turn = page.locator("form[action$='/play/turn/']")
    turn.locator("fieldset.ranks label", has_text="7").click()
    step(page, lambda: turn.locator("fieldset.suits").get_by_label("Spades").click())
    step(page, lambda: page.get_by_test_id("undo").click())
    expect(page.get_by_test_id("notice")).to_have_text("Undone: Turn the 7♠.")
    moves = page.get_by_test_id("undo-moves").locator("li")
    expect(moves).to_have_text(
        [
            "Put the K♦ from the discard pile back on the table with this turn's cards.",
            "Put the 7♠ from the discard pile back on top of the draw pile.",
        ]
    )
    check_phone_screen(page)
    shoot(page, screenshot, "play-undo-moves")

    # The session ends; undoing that asks first, and says what to rebuild.
    apply(
        player,
        character.__class__.objects.get(pk=character.pk),
        {"type": "turn", "card": "7S"},  # 7 damage: the Q♠ has 5 HP left
        {"type": "turn", "card": "2C"},  # its attack card: 2 damage
        {"type": "attack", "cards": ["7H", "7C"]},
        {"type": "turn", "card": "4H"},
        {"type": "level_up", "hp_dice": [3]},
        {"type": "end_session"},
    )
    page.reload()
    undo = page.get_by_test_id("undo")
    expect(undo).to_have_text("↶ Undo: End the session…")
    undo.click()
    expect(page.locator(".undo-cross")).to_contain_text("the real deck has been gathered")
    expect(page.get_by_test_id("rebuild").locator("li").first).to_have_text(
        "Take the 9♠ and Q♥ out of the deck into your hand."
    )
    check_phone_screen(page)
    shoot(page, screenshot, "play-undo-across-a-session-end")
    step(page, lambda: page.get_by_test_id("undo-rebuild").click())
    expect(page.get_by_test_id("notice")).to_have_text("Undone: End the session.")
    expect(page.get_by_test_id("undo-moves")).to_contain_text(
        re.compile(r"The \d+ cards left are the draw pile\.")
    )
    expect(instruction(page)).to_contain_text("next monster")


def test_s16_between_fights_one_picker_for_the_monster(live_server, page, screenshot, player):
    character = apply(
        player,
        make_character(player, cls="QD"),
        {"type": "start_session", "hand": HAND},
        {"type": "reveal_monster", "card": "QS"},
        {"type": "roll_monster_hp", "dice": [4, 2, 6]},
        {"type": "attack", "cards": ["7H", "7C"]},
        {"type": "turn", "card": "6D"},  # loot: 6 gold (S-10)
        {"type": "level_up", "hp_dice": [3]},
    )
    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    rank_pickers = page.locator("fieldset.picker.ranks")
    visible = [rank_pickers.nth(i).is_visible() for i in range(rank_pickers.count())]
    assert visible.count(True) == 1  # the next monster's
    page.locator("details.more > summary").click()
    # Each side action is its own named button; no second picker shows until one is opened.
    for testid, name in (
        ("side-buy_back", "Buy a card back from the discard pile (1 gold)…"),
        ("side-buy_top", "Buy the top card of the draw pile (you have 6 gold)…"),
        ("side-note_hand", "Note the cards in your hand (2 the app doesn't know)…"),
    ):
        expect(page.get_by_test_id(testid)).to_have_text(name)
    visible = [rank_pickers.nth(i).is_visible() for i in range(rank_pickers.count())]
    assert visible.count(True) == 1
    check_phone_screen(page)
    shoot(page, screenshot, "play-between-fights-side-actions")
    page.get_by_test_id("side-buy_top").click()
    buy = page.locator("#buy-top")
    expect(buy.get_by_role("button", name="Buy it")).to_be_visible()
    buy.locator("fieldset.ranks label", has_text=re.compile("^5$")).click()
    buy.locator("fieldset.suits").get_by_label("Clubs").click()
    step(page, lambda: buy.get_by_role("button", name="Buy it").click())
    expect(page.get_by_test_id("gold")).to_have_text("1")
    # 1 gold buys nothing: the top card is no longer offered.
    page.locator("details.more > summary").click()
    expect(page.get_by_test_id("side-buy_back")).to_be_visible()
    expect(page.get_by_test_id("side-buy_top")).to_have_count(0)


def test_s09_t22a_a_dying_diamond_character_sells_on_the_phone(
    live_server, page, screenshot, player
):
    character = apply(
        player,
        make_character(player, cls="QD", hp_die=1),  # HP 3
        {"type": "start_session", "hand": HAND},
        {"type": "reveal_monster", "card": "QS"},
        {"type": "roll_monster_hp", "dice": [6, 6, 6]},
        {"type": "attack", "cards": ["7H", "7C"]},  # 14 of 18
        {"type": "turn", "card": "2S"},  # its attack card: HP 1
        {"type": "attack", "cards": ["9S"]},  # 23 > 18: dead, loot
    )
    assert character.state["awaiting"]["reason"] == "loot"
    character = apply(
        player,
        character,
        {"type": "turn", "card": "4H"},  # a Heart: a save
        {"type": "level_up", "hp_dice": [1]},
        {"type": "reveal_monster", "card": "KS"},
        {"type": "roll_monster_hp", "dice": [6, 6, 6]},
        {"type": "end_turn"},
        {"type": "turn", "card": "10C"},  # HP 4 - 10 = -6: dying, the 4♥ can save
    )
    assert character.state["awaiting"]["reason"] == "dying"
    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    expect(page.get_by_test_id("hero-fate")).to_have_text("dying")
    page.locator("details.more > summary").click()
    page.get_by_test_id("side-sell").click()
    sell = page.get_by_role(
        "button", name="Sell the 4♥ for 4 gold — your last save: you die at once"
    )
    expect(sell).to_be_visible()
    check_phone_screen(page)
    shoot(page, screenshot, "play-dying-sell")
    # Selling the last card that could save means death at once (T-22a).
    step(page, sell.click)
    expect(page.get_by_test_id("events")).to_contain_text(
        "No card in your inventory can save you now"
    )
    expect(page.get_by_test_id("gold")).to_have_text("4")
    expect(page.get_by_test_id("hp")).to_have_text(re.compile(r"HP \d+ / \d+"))
