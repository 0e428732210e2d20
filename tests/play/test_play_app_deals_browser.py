"""Issue 12, point 6: when the app deals, a step that asks the player nothing is done by the app
in the same tap as the step before it, and said. Ten fights, taps counted: at most 3 a fight."""

import re

import pytest
from playwright.sync_api import expect

from tests.play.conftest import make_character
from tests.play.test_play_browser import (
    check_phone_screen,
    choose_attack,
    instruction,
    log_in,
    shoot,
    step,
)
from tracker.card_rpg import services

pytestmark = pytest.mark.django_db(transaction=True)

SEED = 63
FIGHTS = 10


def fights_over(player, character) -> int:
    return services.character_get(character_id=character.pk, owner=player).fights_ended


def test_ten_fights_with_the_app_dealing_take_at_most_3_taps_each(
    live_server, page, screenshot, player
):
    character = make_character(player)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    page.get_by_text("Advanced: deal from a seed").click()
    page.get_by_label("Seed").fill(str(SEED))
    step(page, lambda: page.get_by_test_id("virtual").click())

    taps = sessions = 0
    said = []
    labels: set[str] = set()
    while fights_over(player, character) < FIGHTS:
        assert taps < 10 * FIGHTS, "never got through the fights"
        said += page.get_by_test_id("events").all_inner_texts()
        deal = page.get_by_test_id("deal")
        attack = page.locator("#entry-attack")
        if deal.count():
            labels.add(deal.inner_text())
            # Dealing a session's hand is no fight's: counted on its own.
            sessions += deal.inner_text() == "Shuffle and deal my hand"
            click = deal.click
        elif page.locator("form[action$='/play/save/'] button").count():
            click = page.locator("form[action$='/play/save/'] button").first.click
        elif page.get_by_role("button", name="Keep my hand").count():
            click = page.get_by_role("button", name="Keep my hand").click
        elif attack.count():
            hand = attack.locator("fieldset.hand input[name=card]")
            cards = [hand.nth(i).get_attribute("value") for i in range(hand.count())]
            for card in choose_attack(cards):
                attack.locator(f"fieldset.hand label:has(input[value='{card}'])").click()
            click = attack.get_by_role("button", name="Attack").click
        else:
            click = page.get_by_test_id("end-turn").click
        step(page, click)
        taps += 1
        if taps == 4:
            shoot(page, screenshot, "play-app-deals-fight")
            check_phone_screen(page)
    # Only the choices are left to tap: the next monster, the dealing of a session.
    assert labels <= {"Turn the next monster", "Shuffle and deal my hand"}, labels
    # The app said what it did in the player's stead.
    said = " ".join(said)
    assert re.search(r"The app rolled [\d +]+= \d+ for the .+'s HP", said), said
    assert re.search(r"The app turned the \S+ from the .+'s attack pile", said), said
    # Each fight: the next monster, the attacks and the choices (a save, a King's hand).
    assert (taps - sessions) / FIGHTS <= 3, f"{taps} taps, {sessions} sessions, {FIGHTS} fights"
    assert sessions <= 2
    expect(instruction(page)).to_be_visible()
