"""Issue 28, point 4: fast taps in the card picker are never lost or misread. Every tap is kept
in the order made, whatever order the server's answers come in, and no answer changes a pick.

The bad order is forced, not hoped for: every answer to a picker tap is held back (Playwright
routing) and let through only after the next tap, the order a slow phone met at 4× CPU and
40 ms latency.
"""

from urllib.parse import parse_qs

import pytest
from playwright.sync_api import expect

from tests.play.conftest import make_character
from tests.play.test_play_browser import check_phone_screen, log_in, step
from tests.play.test_play_stale_browser import apply

pytestmark = pytest.mark.django_db(transaction=True)


def unknown_hand_fight(player):
    """Your turn against the Q♠ (12 HP) with a hand the app has not seen: cards are picked."""
    character = make_character(player)
    return apply(
        player,
        character,
        {"type": "start_session"},
        {"type": "reveal_monster", "card": "QS"},
        {"type": "roll_monster_hp", "dice": [4, 2, 6]},
    )


# Counts the swaps htmx has finished, so that a released answer is known to be drawn.
SETTLED = """() => { window.settled = 0;
  document.addEventListener("htmx:afterSettle", () => { window.settled += 1; }); }"""


class Held:
    """Answers to picker taps held back (each let through only when asked, and then waited for
    until it is drawn), and the attacks as they were posted."""

    def __init__(self, page):
        self.page = page
        self.picks = []
        self.posted = []
        page.evaluate(SETTLED)
        page.route("**/play/pick/**", lambda route: self.picks.append(route))
        page.route("**/play/attack/", self.attack)

    def attack(self, route):
        self.posted.append(parse_qs(route.request.post_data or ""))
        route.continue_()

    def release(self, route):
        before = self.page.evaluate("window.settled")
        route.fulfill(response=route.fetch())
        self.page.wait_for_function(f"window.settled > {before}")

    def release_oldest(self):
        if self.picks:
            self.release(self.picks.pop(0))

    def release_all(self, newest_first=False):
        while self.picks:
            self.release(self.picks.pop() if newest_first else self.picks.pop(0))


def picker(page, kind="attack"):
    return page.locator(f"#entry-{kind}")


def tap_rank(page, rank, kind="attack"):
    picker(page, kind).locator("fieldset.ranks label.chip", has_text=rank).first.click()


def tap_suit(page, suit, kind="attack"):
    picker(page, kind).locator("fieldset.suits").get_by_label(suit).click()


def last_action(character) -> dict:
    character.refresh_from_db()
    return character.log_entries.order_by("-seq").first().action


def test_s20_rank_suit_attack_with_the_rank_answer_late_attacks_with_the_card_tapped(
    live_server, page, player
):
    """The issue's case: the late answer to the rank tap redrew the picker and wiped the suit,
    and the attack went with no card."""
    character = unknown_hand_fight(player)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    held = Held(page)
    tap_rank(page, "7")
    tap_suit(page, "Hearts")
    held.release_oldest()  # the rank's answer comes after the suit was tapped
    with page.expect_response("**/play/attack/"):
        page.get_by_test_id("attack").click()
    held.release_all()
    (posted,) = held.posted
    assert posted.get("picked") == ["7H"], posted
    assert last_action(character) == {"type": "attack", "cards": ["7H"]}
    expect(page.get_by_test_id("monster-hp")).to_have_text("HP 5 / 12")


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_a_starting_hand_of_mixed_ranks_tapped_fast_is_the_hand_tapped(
    live_server, page, player, language
):
    """Five cards of four ranks, each tap's answer held until after the next tap and then let
    through newest first: the hand started is the one tapped, the list shows every card."""
    character = make_character(player)
    log_in(page, live_server)
    if language == "zh-hant":
        page.get_by_role("button", name="中文").click()
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    page.locator("details.optional > summary").first.click()
    suits = {
        "en": ("Hearts", "Clubs", "Diamonds", "Spades"),
        "zh-hant": ("紅心", "梅花", "方塊", "黑桃"),
    }
    hearts, clubs, diamonds, spades = suits[language]
    held = Held(page)
    kind = "start_session"
    shown = ""
    for rank, suit in (("7", hearts), ("7", clubs), ("8", diamonds), ("Q", hearts), ("2", spades)):
        if rank != shown:
            tap_rank(page, rank, kind)
            shown = rank
        tap_suit(page, suit, kind)
        held.release_oldest()
    held.release_all(newest_first=True)
    chips = picker(page, kind).locator("button.unpick")
    expect(chips).to_have_count(5)
    head = picker(page, kind).locator(".picked-head")
    expect(head).to_contain_text("5")
    check_phone_screen(page)
    # A card taken off and put back: still only the taps count.
    picker(page, kind).locator("button.unpick[value='8D']").click()
    expect(chips).to_have_count(4)
    tap_rank(page, "8", kind)
    tap_suit(page, diamonds, kind)
    expect(chips).to_have_count(5)
    step(page, lambda: picker(page, kind).locator(".typed-row button.primary").click())
    character.refresh_from_db()
    assert sorted(character.state["session"]["hand"]["known"]) == sorted(
        ["7H", "7C", "8D", "QH", "2S"]
    )


def test_taps_50_to_110_ms_apart_on_a_slow_phone_attack_with_the_cards_tapped(
    live_server, page, player
):
    """The tester's measurement: 4× CPU slowdown, 40 ms latency, rank → suit → Attack tapped
    50–110 ms apart, five times over (each attack undone to try the next)."""
    character = unknown_hand_fight(player)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 40, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    suits = {"H": "Hearts", "C": "Clubs", "D": "Diamonds", "S": "Spades"}
    for card, gap in (("9S", 50), ("8D", 70), ("5C", 90), ("10H", 110), ("3S", 60)):
        tap_rank(page, card[:-1])
        page.wait_for_timeout(gap)
        tap_suit(page, suits[card[-1]])
        page.wait_for_timeout(gap)
        step(page, lambda: page.get_by_test_id("attack").click())
        assert last_action(character) == {"type": "attack", "cards": [card]}
        expect(page.get_by_test_id("undo")).to_contain_text("Attack with")
        step(page, lambda: page.get_by_test_id("undo").click())
        expect(page.get_by_test_id("attack")).to_be_visible()
