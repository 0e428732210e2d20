"""A second adventure with the deck of the first, on a 360 × 740 phone (issue 23, points 1, 3,
4 and 6): the whole deck comes in one tap, no card is typed into the catalogue, a listing met
before begins its check in one tap, and a typical turn — travel, draw the encounter, a 2@ check
of two rounds, rest with a recover — takes at most 14 taps, every one of them on the first
screen (no scrolling)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.barbarian_vince.conftest import PASSWORD, SAMPLE
from tests.barbarian_vince.test_bv_browser import act, log_in, shoot
from tracker.barbarian_vince import services
from tracker.barbarian_vince.models import Adventure

pytestmark = pytest.mark.django_db(transaction=True)

SCREEN_HEIGHT = 740
TURN_TAPS = 14
# The check the first adventure met on Q02's listing (played for G at difficulty 8).
CHECK = {"skill": "combat", "target": 5, "times": 2, "round_speed": 2, "damage": 1}


def first_adventure(owner) -> None:
    """An earlier adventure that entered the sample deck and read Q02's listing at G, 8."""
    actions = [
        *({"type": "register_card", **card} for card in SAMPLE),
        {"type": "setup", "item": "Q03"},
        {"type": "draw_encounter", "card": "X0"},
        {"type": "end_encounter"},
        {"type": "end_turn"},
        {"type": "travel", "map": "Map 2", "location": "Irontree City"},
        {"type": "draw_encounter", "draw": "Q08", "card": "Q02"},
        {"type": "begin_check", **CHECK},
    ]
    adventure = services.adventure_create(owner=owner, name="Earlier")
    for action in actions:
        adventure = services.adventure_play(
            adventure_id=adventure.pk,
            owner=owner,
            action=action,
            expected_version=adventure.version,
        )


class Taps:
    """Every tap and fill of the turn, counted; each target must lie on the first screen."""

    def __init__(self, page):
        self.page = page
        self.count = 0
        self.off_screen: list[str] = []

    def _on_first_screen(self, target, what: str) -> None:
        expect(target).to_be_visible()
        bottom = target.evaluate("el => el.getBoundingClientRect().bottom + window.scrollY")
        if bottom > SCREEN_HEIGHT:
            self.off_screen.append(f"{what} (bottom at {bottom:.0f} px)")

    def click(self, target, what: str) -> None:
        self._on_first_screen(target, what)
        self.count += 1
        act(self.page, target.click)

    def press(self, target, what: str) -> None:
        """A tap whose answer the caller waits for itself."""
        self._on_first_screen(target, what)
        self.count += 1
        target.click()

    def fill(self, target, value: str, what: str) -> None:
        self._on_first_screen(target, what)
        self.count += 1
        target.fill(value)

    def select(self, target, value: str, what: str) -> None:
        self._on_first_screen(target, what)
        self.count += 1
        target.select_option(value)

    def tick(self, target, what: str) -> None:
        self._on_first_screen(target, what)
        self.count += 1
        target.click()


def test_a_second_adventure_from_the_deck_and_a_turn_in_a_dozen_taps_on_one_screen(
    live_server, page, screenshot, player
):
    first_adventure(player)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/adventures/new/")
    with page.expect_navigation():
        page.get_by_test_id("begin").click()

    # -- the whole deck in one tap, no card typed ---------------------------------------------
    bring = page.get_by_test_id("bring-deck").get_by_role("button")
    expect(bring).to_have_text(f"Bring your deck: {len(SAMPLE)} cards entered before")
    shoot(page, screenshot, "deck-setup")
    with page.expect_navigation():
        bring.click()
    expect(page.get_by_test_id("bring-deck")).to_have_count(0)
    page.get_by_label("The Common item you turned up").select_option("Q03")
    act(page, lambda: page.get_by_role("button", name="Start the adventure").click())
    page.get_by_label("The X0 card").fill("X0")
    act(page, lambda: page.get_by_role("button", name="Play the X0 encounter").click())
    act(
        page,
        lambda: page.get_by_role("button", name="It is over: the card goes under the deck").click(),
    )
    act(page, lambda: page.get_by_test_id("end-turn").click())
    expect(page.get_by_test_id("heading")).to_have_text("Turn 2 · Lay Low")

    # -- the counted turn --------------------------------------------------------------------
    taps = Taps(page)
    page.evaluate("window.scrollTo(0, 0)")
    taps.select(page.get_by_label("Travel to"), "Map 2|Irontree City", "travel to")
    taps.click(page.get_by_role("button", name="Travel", exact=True), "Travel")
    taps.fill(page.get_by_label("Difficulty: the card turned first"), "Q08", "difficulty draw")
    taps.fill(page.get_by_label("The encounter card"), "Q02", "encounter card")
    taps.click(page.get_by_role("button", name="Draw the encounter"), "Draw the encounter")
    expect(page.get_by_test_id("encounter")).to_contain_text("Q02 · G · difficulty 8")
    # The listing met before: its terms are filled in, the check begins in one tap.
    expect(page.get_by_test_id("remembered-check")).to_contain_text("Combat check: 2@ 5+")
    shoot(page, screenshot, "deck-remembered-check")
    taps.click(page.get_by_test_id("begin-remembered"), "Begin this check")
    expect(page.get_by_test_id("check")).to_contain_text("Combat check: 2@ 5+")
    shoot(page, screenshot, "deck-check")
    taps.click(page.get_by_test_id("play-Q03"), "play Q03")  # 4 + 1 = 5: round 1 won
    expect(page.get_by_test_id("check-state")).to_have_text("Round 2 · 1 of 2 successes so far")
    taps.click(page.get_by_test_id("play-Map 2"), "play Map 2")  # 5: round 2 won
    expect(page.get_by_test_id("check-state")).to_have_text("Passed: 2 successes, as needed.")
    taps.click(
        page.get_by_role("button", name="It is over: the card goes under the deck"), "end it"
    )
    recover = page.get_by_test_id("recover-form")
    shoot(page, screenshot, "deck-rest")
    taps.tick(recover.locator("label.bv-tick", has_text="Q03"), "tick Q03")
    taps.click(page.get_by_role("button", name="Recover them"), "Recover them")
    taps.click(page.get_by_test_id("end-turn"), "End the turn")
    expect(page.get_by_test_id("heading")).to_have_text("Turn 3 · Lay Low")

    print(f"\nthe typical turn took {taps.count} taps")
    assert taps.count <= TURN_TAPS
    assert taps.off_screen == [], taps.off_screen
    # No card was typed into this adventure's catalogue: every entry came from the deck.
    adventure = Adventure.objects.filter(owner=player).exclude(name="Earlier").get()
    assert set(adventure.state["catalogue"]) == {card["id"] for card in SAMPLE}
    in_chinese(page)
    shoot(page, screenshot, "deck-turn-3-zh")
    in_english(page)


def log_in_as(page, live_server, username: str) -> None:
    page.context.clear_cookies()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    with page.expect_navigation():
        page.get_by_role("button", name="Log in").click()


def in_chinese(page) -> None:
    with page.expect_navigation():
        page.locator("header").get_by_role("button", name="中文").click()


def in_english(page) -> None:
    with page.expect_navigation():
        page.locator("header").get_by_role("button", name="English").click()


NEW_CARD_TAPS = 4


def test_bt01_a_card_never_entered_is_typed_beside_the_tap_in_a_few_taps(
    live_server, page, screenshot, player
):
    """A first adventure: the X0 card turns up before it was entered. Its short form opens in
    place of the refusal, with what was typed kept; three taps enter it and play it."""
    adventure = services.adventure_create(owner=player, name="First")
    for card in SAMPLE:
        if card["id"] != "X0":
            adventure = services.adventure_play(
                adventure_id=adventure.pk,
                owner=player,
                action={"type": "register_card", **card},
                expected_version=adventure.version,
            )
    adventure = services.adventure_play(
        adventure_id=adventure.pk,
        owner=player,
        action={"type": "setup", "item": "Q03"},
        expected_version=adventure.version,
    )
    log_in(page, live_server)
    page.goto(f"{live_server.url}/adventures/{adventure.pk}/")
    page.get_by_label("The X0 card").fill("X0")
    page.get_by_role("button", name="Play the X0 encounter").click()
    form = page.get_by_test_id("new-card-form")
    expect(form).to_contain_text("X0 is new")
    shoot(page, screenshot, "new-card-beside")
    taps = Taps(page)
    taps.fill(form.get_by_label("Random number"), "2", "random number")
    taps.fill(form.get_by_label("Terrain types"), "X0", "terrain types")
    taps.press(page.get_by_test_id("enter-and-go-on"), "Enter X0 and go on")
    expect(page.get_by_test_id("encounter")).to_contain_text("X0")
    expect(page.get_by_test_id("error")).to_have_count(0)
    print(f"\na new card took {taps.count} taps")
    assert taps.count <= NEW_CARD_TAPS
    assert taps.off_screen == [], taps.off_screen
    adventure = Adventure.objects.get(pk=adventure.pk)
    assert adventure.state["encounter"]["card"] == "X0"
    in_chinese(page)
    shoot(page, screenshot, "deck-x0-zh")
    in_english(page)


def test_a_deck_file_exported_by_one_player_is_imported_by_another(
    live_server, page, screenshot, player, other, tmp_path
):
    first_adventure(player)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/adventures/deck/")
    expect(page.get_by_test_id("deck").locator("li")).to_have_count(len(SAMPLE))
    expect(page.get_by_test_id("deck-Q02")).to_contain_text("1 listing remembered")
    shoot(page, screenshot, "deck")
    with page.expect_download() as download:
        page.get_by_test_id("deck-export").click()
    path = tmp_path / "deck.json"
    download.value.save_as(path)
    with page.expect_navigation():
        page.get_by_test_id("deck-share").click()
    expect(page.get_by_test_id("deck-qr").locator("svg")).to_be_visible()
    shoot(page, screenshot, "deck-share")
    in_chinese(page)
    shoot(page, screenshot, "deck-zh")
    in_english(page)

    log_in_as(page, live_server, "bob")
    page.goto(f"{live_server.url}/adventures/deck/")
    page.get_by_label("A deck file").set_input_files(path)
    with page.expect_navigation():
        page.get_by_role("button", name="Add its cards to my deck").click()
    expect(page.locator(".messages")).to_contain_text(
        f"{len(SAMPLE)} cards added, 0 already there."
    )
    expect(page.get_by_test_id("deck").locator("li")).to_have_count(len(SAMPLE))
    expect(page.get_by_test_id("deck-Q02")).to_contain_text("1 listing remembered")
