"""Issue 12, point 1: whatever way a play screen comes back (Back, a phone waking up, a second
phone), it shows the state as it is before it takes a tap, or the tap is refused with the right
words, and a stale screen is replaced as a whole, once: one play region, never two."""

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import without_live_stream
from tests.play.conftest import make_character
from tests.play.test_play_browser import check_phone_screen, instruction, log_in, step, version
from tracker.card_rpg import services

pytestmark = pytest.mark.django_db(transaction=True)

HAND = ["7H", "7C", "8D", "9S", "QH"]


def apply(player, character, *actions):
    for action in actions:
        character = services.character_apply(
            character_id=character.pk,
            owner=player,
            action=action,
            expected_version=character.version,
        )
    return character


def in_a_fight(player, name="Capi"):
    """Your turn against the Q♠ (12 HP); two of the five cards of the hand are known."""
    character = make_character(player, name=name)
    return apply(
        player,
        character,
        {"type": "start_session"},
        {"type": "note_hand", "cards": ["7H", "7C"]},
        {"type": "reveal_monster", "card": "QS"},
        {"type": "roll_monster_hp", "dice": [4, 2, 6]},
    )


def one_play_region(page):
    """Exactly one status and one prompt on the page, never one inside the other."""
    expect(page.locator("#play-prompt")).to_have_count(1)
    expect(page.locator("#play-status")).to_have_count(1)
    expect(page.locator(".play")).to_have_count(1)
    expect(page.locator("#play-prompt #play-prompt, #play-prompt #play-status")).to_have_count(0)
    expect(page.get_by_test_id("instruction")).to_have_count(1)
    expect(page.get_by_test_id("undo")).to_have_count(1)


def current_version(character) -> str:
    character.refresh_from_db()
    return str(character.version)


def test_back_from_the_history_shows_the_fight_as_it_is_now(live_server, page, player):
    character = in_a_fight(player)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    expect(page.locator(".now-title")).to_have_text("Your turn")
    page.get_by_test_id("history").click()
    expect(page.get_by_test_id("history")).to_be_visible()
    # Meanwhile the monster attacked (another phone at the table played it).
    apply(player, character, {"type": "end_turn"})
    page.go_back()
    expect(page.locator(".now-title")).to_have_text("The monster attacks")
    one_play_region(page)
    assert version(page) == current_version(character)
    # A tap on it is taken, not refused as if it came from another screen.
    turn = page.locator("form[action$='/play/turn/']")
    turn.locator("fieldset.ranks label", has_text="3").click()
    step(page, lambda: turn.locator("fieldset.suits").get_by_label("Clubs").click())
    expect(page.get_by_test_id("conflict")).to_have_count(0)
    expect(page.get_by_test_id("hp")).to_have_text("HP 4 / 7")


def test_a_phone_waking_up_redraws_a_stale_screen_before_it_takes_a_tap(live_server, page, player):
    character = in_a_fight(player)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    expect(page.locator(".now-title")).to_have_text("Your turn")

    # Nothing changed: waking up asks the server, which answers with no body, and nothing moves.
    with page.expect_response(re.compile(r"/play/\?part=version&v=\d+$")) as answer:
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    assert answer.value.status == 204  # "no change", with no body
    expect(page.locator(".play")).not_to_have_attribute("inert", "")

    # The phone slept while the other phone played on. While the check is on its way the old
    # screen takes no tap; then it is replaced by the state as it is now.
    apply(player, character, {"type": "end_turn"})
    held = []
    page.route(re.compile(r"/play/\?part=version"), lambda route: held.append(route))
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator(".play")).to_have_attribute("inert", "")
    expect(page.locator(".play")).to_have_attribute("aria-busy", "true")
    page.wait_for_function("() => true")  # let the route handler run
    held[0].continue_()
    expect(page.locator(".now-title")).to_have_text("The monster attacks")
    one_play_region(page)
    expect(page.locator(".play")).not_to_have_attribute("inert", "")
    assert version(page) == current_version(character)


def test_a_tap_on_a_stale_screen_of_a_second_phone_is_refused_and_redrawn_once(
    live_server, page, browser, player
):
    """The issue's case: one phone plays on; the other phone's rank chip of the attack picker
    drew the whole new screen inside the old one. Every kind of control is tapped on a stale
    screen whose question the other phone changed; each time the tap is refused and there is
    one play region, showing the state as it is now. A change that leaves the question as it
    was (a rename) lets the tap through (issue 21, point 3)."""
    character = in_a_fight(player)
    play_url = f"{live_server.url}/characters/{character.pk}/play/"
    without_live_stream(page)  # else the other phone's change redraws this screen at once
    log_in(page, live_server)
    page.goto(play_url)
    other_context = browser.new_context(viewport={"width": 360, "height": 740})
    other = other_context.new_page()
    other.set_default_timeout(5_000)
    log_in(other, live_server)

    def other_phone_plays():
        """The other phone ends the turn: what this phone's screen asks is no longer asked."""
        other.goto(play_url)
        step(other, lambda: other.get_by_test_id("end-turn").click())

    def refused_and_redrawn():
        now = current_version(character)
        expect(page.locator("#play-prompt")).to_have_attribute("data-version", now)
        expect(page.get_by_test_id("conflict")).to_be_visible()
        one_play_region(page)
        assert version(page) == now

    def back_to_the_turn():
        """The other phone takes its end of turn back; this phone starts again from now."""
        expect(page.locator(".now-title")).to_have_text("The monster attacks")
        step(other, lambda: other.get_by_test_id("undo").click())
        page.reload()
        expect(page.locator(".now-title")).to_have_text("Your turn")

    attack = page.locator("#entry-attack")

    # 1. A rank chip, a suit, then "Attack". The picker keeps its taps in the page (issue 28: no
    # answer may change a pick), so the first request is the attack's, refused: nothing applied.
    other_phone_plays()
    attack.locator("fieldset.ranks label", has_text=re.compile("^8$")).click()
    attack.locator("fieldset.suits").get_by_label("Diamonds").click()
    expect(attack.get_by_test_id("picked")).to_contain_text("8♦")
    attack.get_by_role("button", name="Attack").click()
    refused_and_redrawn()
    back_to_the_turn()

    # 2. A suit box of the picker, after a rank chosen on the screen while it was current.
    attack.locator("fieldset.ranks label", has_text=re.compile("^8$")).click()
    expect(attack.locator("input[name=shown_rank]")).to_have_value("8")
    other_phone_plays()
    attack.locator("fieldset.suits").get_by_label("Diamonds").click()
    attack.get_by_role("button", name="Attack").click()
    refused_and_redrawn()
    back_to_the_turn()

    # 3. A picked card's "take off" button, then "Attack" with the cards left.
    attack.locator("fieldset.ranks label", has_text=re.compile("^8$")).click()
    attack.locator("fieldset.suits").get_by_label("Diamonds").click()
    attack.locator("fieldset.ranks label", has_text=re.compile("^7$")).click()
    attack.locator("fieldset.suits").get_by_label("Hearts").click()
    expect(attack.get_by_test_id("picked")).to_contain_text("8♦")
    other_phone_plays()
    page.get_by_role("button", name="Take the 8 of Diamonds off").click()
    expect(attack.get_by_test_id("picked")).not_to_contain_text("8♦")
    attack.get_by_role("button", name="Attack").click()
    refused_and_redrawn()
    back_to_the_turn()

    # 4. A hand card ticked and "Attack".
    other_phone_plays()
    attack.locator("fieldset.hand label:has(input[value='7H'])").click()
    attack.get_by_role("button", name="Attack").click()
    refused_and_redrawn()
    back_to_the_turn()

    # 5. Cards typed in and Enter.
    other_phone_plays()
    attack.get_by_placeholder("e.g. 7h 7c").fill("7h 7c")
    page.keyboard.press("Enter")
    refused_and_redrawn()
    back_to_the_turn()

    # 6. The 54-card grid (drawn with the page), a card ticked in it and "Attack".
    other_phone_plays()
    attack.locator("details.grid > summary").click()
    attack.locator("details.grid label:has(input[value='8D'])").click()
    attack.get_by_role("button", name="Attack").click()
    refused_and_redrawn()

    # 7. The fold-out of side actions of a screen drawn by a swap, fetched when opened, after
    # the other phone took its end of turn back.
    expect(page.locator(".now-title")).to_have_text("The monster attacks")
    step(other, lambda: other.get_by_test_id("undo").click())
    page.locator("details.more > summary").click()
    refused_and_redrawn()
    expect(page.locator(".now-title")).to_have_text("Your turn")

    # 8. "End my turn", and 9. Undo.
    for control in ("end-turn", "undo"):
        other_phone_plays()
        page.get_by_test_id(control).click()
        refused_and_redrawn()
        back_to_the_turn()

    # 10. A one-card entry: a rank, then the suit that enters the card (the monster's attack),
    # after the other phone noted another card of the hand (the hand this screen showed).
    step(page, lambda: page.get_by_test_id("end-turn").click())
    character.refresh_from_db()
    apply(player, character, {"type": "note_hand", "cards": ["9S"]})
    turn = page.locator("form[action$='/play/turn/']")
    turn.locator("fieldset.ranks label", has_text="3").click()
    turn.locator("fieldset.suits").get_by_label("Clubs").click()
    refused_and_redrawn()
    check_phone_screen(page)
    character.refresh_from_db()
    assert character.state["fight"]["hp"] == 7  # no tap of the stale screen was applied

    # 11. The other phone renames the character: nothing this screen asks has changed, so its
    # tap is taken as meant, on the state as it is now.
    other.goto(f"{live_server.url}/characters/{character.pk}/rename/")
    other.get_by_label("New name").fill("Capi the Second")
    other.get_by_role("button", name="Save name").click()
    expect(other.get_by_role("link", name="Rename")).to_be_visible()
    turn.locator("fieldset.ranks label", has_text="3").click()
    step(page, lambda: turn.locator("fieldset.suits").get_by_label("Clubs").click())
    expect(page.get_by_test_id("conflict")).to_have_count(0)
    one_play_region(page)
    assert version(page) == current_version(character)
    expect(page.get_by_test_id("hp")).to_have_text("HP 4 / 7")
    other_context.close()


def test_stale_controls_at_the_apps_table_are_refused_and_redrawn_once(
    live_server, page, browser, player
):
    character = make_character(player)
    play_url = f"{live_server.url}/characters/{character.pk}/play/"
    without_live_stream(page)  # else the other phone's change redraws this screen at once
    log_in(page, live_server)
    page.goto(play_url)
    other_context = browser.new_context(viewport={"width": 360, "height": 740})
    other = other_context.new_page()
    other.set_default_timeout(5_000)
    log_in(other, live_server)
    other.goto(play_url)

    # The switch "the app deals for me", tapped on a screen the other phone has moved on from.
    step(other, lambda: other.get_by_test_id("start-session").click())
    page.get_by_test_id("virtual").click()
    expect(page.get_by_test_id("conflict")).to_be_visible()
    one_play_region(page)
    expect(page.get_by_test_id("virtual")).to_have_count(0)
    # Back to no session, with the app dealing: the deal button on a stale screen.
    step(other, lambda: other.get_by_test_id("undo").click())
    step(other, lambda: other.get_by_test_id("virtual").click())
    page.reload()
    step(other, lambda: other.get_by_test_id("deal").click())
    page.get_by_test_id("deal").click()
    expect(page.get_by_test_id("conflict")).to_be_visible()
    one_play_region(page)
    expect(instruction(page)).to_contain_text("next monster")
    other_context.close()
    character.refresh_from_db()
    assert character.last_seq == 2  # one session started, not two
