"""Issue 28 at 360 px, in both languages: the refill said once (point 1), an undo showing only
what to do now (point 2), and the smaller findings a player sees (point 6): a top card refused
as too dear stays entered, a death line's HP, the sessions counted as the charts count them,
the charts' labels whole, and a meta description."""

import re

import pytest
from playwright.sync_api import expect

from tests.play.conftest import make_character
from tests.play.test_play_browser import check_phone_screen
from tests.play.test_play_stale_browser import apply

pytestmark = pytest.mark.django_db(transaction=True)

LANGUAGES = ["en", "zh-hant"]
# The refill sentence's start, as each language says it (T-07).
REFILL = {"en": "Draw 2 cards into your hand", "zh-hant": "先從抽牌堆抽 2 張牌"}
DEATH_HP = {"en": "9 damage taken (HP -2)", "zh-hant": "受到 9 點傷害（生命值 -2）"}
SESSIONS = {"en": "2 sessions, the last one under way", "zh-hant": "2 局，最後一局進行中"}


def sign_in(page, live_server, language):
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/accounts/login/")
    page.locator("input[name=username]").fill("ada")
    page.locator("input[name=password]").fill("correct horse battery")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}/")


def tap(page, click):
    """Tap something that applies an action; wait for the answer that moves the version."""
    before = page.locator("#play-prompt").get_attribute("data-version")
    click()
    expect(page.locator("#play-prompt")).not_to_have_attribute("data-version", before)


def open_side(page, kind):
    """Open the side actions' fold-out and the one of `kind` in it (if not open already)."""
    more = page.locator("details.more")
    if more.get_attribute("open") is None:
        more.locator("> summary").click()
    side = page.locator(f"#side-{kind}")
    if side.get_attribute("open") is None:
        page.get_by_test_id(f"side-{kind}").click()


def won_fight_but_the_roll(player):
    """A K♦ (STR 5) beat the Q♠ with 7♥ 7♣ and took a 3♥ as loot: its level-up roll waits."""
    return apply(
        player,
        make_character(player, cls="KD"),
        {"type": "start_session", "hand": ["7H", "7C", "8D", "9S", "QH"]},
        {"type": "reveal_monster", "card": "QS"},
        {"type": "roll_monster_hp", "dice": [4, 2, 6]},
        {"type": "attack", "cards": ["7H", "7C"]},
        {"type": "turn", "card": "3H"},
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_refill_said_once_an_undo_says_only_now_and_a_dear_card_stays_entered(
    live_server, page, player, screenshot, language
):
    character = won_fight_but_the_roll(player)
    sign_in(page, live_server, language)
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    instruction = page.get_by_test_id("instruction")
    # The fight ends with the roll: the refill is said with it.
    page.locator("form[action$='/play/level_up/'] input[name=typed]").fill("3")
    tap(page, lambda: page.locator("form[action$='/play/level_up/'] .typed-row button").click())
    expect(instruction).to_contain_text(REFILL[language])
    check_phone_screen(page)
    screenshot(f"said-once-fights-end-{language}")
    # A side action (the K♦ sells its 3♥, S-09): the refill is not asked again.
    open_side(page, "sell")
    tap(page, lambda: page.locator("form[action$='/play/sell/'] button[value='3H']").click())
    expect(instruction).not_to_contain_text(REFILL[language])
    # The top card entered with rank and suit, refused as too dear (9 gold, 3 held): it stays
    # entered, so "Discard it" needs no second entry.
    open_side(page, "buy_top")
    buy = page.locator("#buy-top form")
    buy.locator("fieldset.ranks label.chip", has_text=re.compile("^9$")).click()
    buy.locator("fieldset.suits label.chip").nth(3).click()  # ♣
    buy.locator("button[name=answer][value=yes]").click()
    refusal = page.locator(".notice.error[role=alert]")
    expect(refusal).to_contain_text("9")
    expect(page.locator("#buy-top input[name=rank][value='9']")).to_be_checked()
    expect(page.locator("#buy-top input[name=suit][value='C']")).to_be_checked()
    screenshot(f"said-once-dear-card-{language}")
    tap(page, lambda: page.locator("#buy-top button[name=answer][value=no]").click())
    # The next monster, then undo: the table is told how to match, and nothing old is new.
    turn = page.locator("form[action$='/play/reveal_monster/']")
    turn.locator("fieldset.ranks label.chip", has_text=re.compile("^5$")).click()
    tap(page, lambda: turn.locator("fieldset.suits label.chip").first.click())  # 5♠
    tap(page, lambda: page.get_by_test_id("undo").click())
    expect(page.get_by_test_id("undo-moves")).to_be_visible()
    expect(page.get_by_test_id("events")).to_have_count(0)
    expect(instruction).not_to_contain_text(REFILL[language])
    check_phone_screen(page)
    screenshot(f"said-once-undo-{language}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_history_tells_the_death_hp_counts_the_running_session_and_labels_whole(
    live_server, page, player, screenshot, language
):
    """A Queen of Diamonds dies with HP −2 (no King's hand to keep: the fight ends with her),
    then a second session starts."""
    character = apply(
        player,
        make_character(player, cls="QD"),
        {"type": "start_session", "hand": ["7C", "7H", "8C", "QH", "2S"]},
        {"type": "reveal_monster", "card": "10S"},
        {"type": "roll_monster_hp", "dice": [1, 1, 1]},
        {"type": "attack", "cards": ["2S"]},
        {"type": "turn", "card": "9H"},
        {"type": "end_session"},
        {"type": "start_session"},
    )
    sign_in(page, live_server, language)
    page.goto(f"{live_server.url}/characters/{character.pk}/history/log/")
    expect(page.locator("main")).to_contain_text(DEATH_HP[language])
    page.goto(f"{live_server.url}/characters/{character.pk}/history/")
    expect(page.locator(".history-sub")).to_contain_text(SESSIONS[language])
    labels = page.locator("figure[data-chart='damage'] svg text").evaluate_all(
        "(texts) => texts.map((text) => text.textContent)"
    )
    assert labels and not any("…" in label for label in labels), labels
    description = page.locator("meta[name=description]").get_attribute("content")
    assert description and len(description) > 40
    check_phone_screen(page)
    screenshot(f"history-{language}")
