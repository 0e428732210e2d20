"""A new player's first Barbarian Vince adventure on a phone-size screen (360 px), with the real
cards on the table and every card typed in as it turns up.

They start an adventure, enter the Player Card, Map 1 and a Common item, and play five turns: the
X0 card with an item drawn, a lay-low attempt that fails, travel onto the neighbouring map, an
encounter with a two-round combat check that loses a round and takes damage, a Reusable item
restored, a rest with a recovery and a trade; then they undo back across the end of a turn.
Every screen is checked for sideways scrolling, thumb-sized targets and axe-core's serious
findings, and pictured in the light and the dark theme (test-artifacts/screenshots/).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests import phone
from tests.barbarian_vince.conftest import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)

# What a thumb must hit: buttons, button-like links, fields, tick boxes, fold-outs' titles.
TARGETS = (
    "main button, main .button, main input[type=text], main input[type=number], main select,"
    " main textarea, main label.bv-tick, main summary, header a, header button"
)


def check(page) -> None:
    phone.check_phone_screen(page, TARGETS)


def shoot(page, screenshot, name: str) -> None:
    """The screen as it is, in the light and the dark theme (contrast checked in the dark)."""
    check(page)
    screenshot(f"bv-{name}")
    page.emulate_media(color_scheme="dark")
    screenshot(f"bv-{name}-dark")
    phone.check_contrast(page)
    page.emulate_media(color_scheme="light")


def log_in(page, live_server) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("ada")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/$"))


def version(page) -> str:
    return page.locator("#bv-prompt input[name=version]").first.input_value()


def act(page, click) -> None:
    """Do something that applies an action, and wait for the swap that follows."""
    before = version(page)
    click()
    error = page.get_by_test_id("error")
    expect(page.locator("#bv-prompt input[name=version]").first.or_(error)).not_to_have_value(
        before
    )
    assert error.count() == 0, error.inner_text()


def instruction(page):
    return page.get_by_test_id("instruction")


def enter_card(page, kind_label: str, fields: dict, *, another: bool = False) -> None:
    """On the catalogue page: choose the kind, fill the fields, enter the card."""
    choose_kind(page, kind_label)
    form = page.get_by_test_id("card-form")
    for label, value in fields.items():
        if label == "classes":
            for name in value:
                form.locator("label.bv-tick", has_text=re.compile(f"^{name}$")).click()
        else:
            form.get_by_label(label, exact=False).fill(str(value))
    button = "enter-another" if another else "enter-card"
    with page.expect_navigation():
        page.get_by_test_id(button).click()


def choose_kind(page, kind_label: str) -> None:
    """Show the quick form of a kind of card (swapped in), unless it is the one shown."""
    link = page.get_by_role("link", name=kind_label, exact=True)
    if link.get_attribute("aria-current") != "page":
        link.click()
        expect(link).to_have_attribute("aria-current", "page")


def quest(card: str, number: int, terrains: str, classes=(), modifiers: str = "") -> dict:
    fields = {"Id on the card": card, "Random number": number, "Terrain types": terrains}
    if classes:
        fields["classes"] = list(classes)
    if modifiers:
        fields["Item skill modifiers"] = modifiers
    return fields


def open_more(page) -> None:
    """Open "More" (its forms are fetched the first time it opens)."""
    page.locator("#bv-prompt details.more > summary").click()
    expect(page.locator("#bv-prompt .more-body form").first).to_be_visible()


def test_a_first_adventure_of_five_turns_with_undo_across_a_turn(
    live_server, page, screenshot, player, offsite_requests
):
    log_in(page, live_server)

    # -- a new adventure: the table rules, each with a line on what it changes ----------------
    page.goto(f"{live_server.url}/adventures/new/")
    expect(page.get_by_text("The first Victory ends the adventure.")).to_be_visible()
    shoot(page, screenshot, "new")
    page.get_by_label("Name of the adventure").fill("First try")
    with page.expect_navigation():
        page.get_by_test_id("begin").click()
    expect(page.get_by_role("heading", name="Set up the deck")).to_be_visible()
    shoot(page, screenshot, "setup")

    # -- the Player Card, Map 1 and a Common item (Q03, also Reusable) -------------------------
    page.get_by_role("link", name="Enter the Player Card").click()
    enter_card(page, "Player Card", {"Id on the card": "Vince", "Recovery": 2})
    expect(page.get_by_text("✓ the Player Card")).to_be_visible()
    page.get_by_role("link", name="Enter Map 1, with Ulendi on it").click()
    choose_kind(page, "Map")
    form = page.get_by_test_id("card-form")
    form.get_by_label("Id on the card").fill("Map 1")
    form.get_by_label("Random number").fill("4")
    form.get_by_label("Maps in the map key").fill("Map 2, Map 3")
    form.get_by_label("Locations, one a line").fill(
        "Ulendi [8+] (X0, U, G)\nRat Harbor [9+] (U, C)\nBridgewater [7+] (V)"
    )
    shoot(page, screenshot, "catalogue-map")
    with page.expect_navigation():
        page.get_by_test_id("enter-card").click()
    page.get_by_role("link", name="Enter the Common item you turned up").click()
    enter_card(page, "Quest card", quest("Q03", 4, "U, V", ["Common", "Reusable"], "Combat +1"))
    expect(page.locator("select[name=item]")).to_have_value("Q03")
    act(page, lambda: page.get_by_role("button", name="Start the adventure").click())

    # -- turn 1: the X0 card, entered when the app asks for it -------------------------------
    expect(page.get_by_test_id("heading")).to_have_text("Turn 1 · Encounter")
    expect(instruction(page)).to_contain_text("The first encounter is the X0 card")
    ready = page.get_by_test_id("ready")
    expect(ready).to_contain_text("Combat +1 when played")
    shoot(page, screenshot, "turn-1")
    page.get_by_label("The X0 card").fill("X0")
    # Refused (nothing is stored): the screen says why, with the rule, and offers to enter it.
    page.get_by_role("button", name="Play the X0 encounter").click()
    expect(page.get_by_test_id("error")).to_contain_text("BT-01: register X0 first")
    shoot(page, screenshot, "refused")
    page.get_by_role("link", name="Enter X0 in the catalogue").click()
    expect(page.get_by_test_id("card-id")).to_have_value("X0")
    enter_card(page, "Quest card", {"Random number": 2, "Terrain types": "X0"}, another=True)
    # The cards this adventure will meet, entered in a row ("Enter it, then another").
    enter_card(
        page, "Quest card", quest("Q04", 8, "M", ["Common", "Skill"], "Hide +1"), another=True
    )
    enter_card(page, "Quest card", quest("Q08", 6, "O"), another=True)
    enter_card(page, "Quest card", quest("Q02", 7, "G", ["Uncommon"], "Charm +1"), another=True)
    enter_card(page, "Quest card", quest("Q01", 1, "O", ["Common"]), another=True)
    choose_kind(page, "Map")
    form = page.get_by_test_id("card-form")
    form.get_by_label("Id on the card").fill("Map 2")
    form.get_by_label("Random number").fill("5")
    form.get_by_label("Skill bonus").fill("Survival +1")
    form.get_by_label("Maps in the map key").fill("Map 1")
    form.get_by_label("Locations, one a line").fill(
        "Goblin Pass [7+] (M, O)\nIrontree City [8+] (G+2, C)\nGoblin Mines [-] (X3)"
    )
    with page.expect_navigation():
        page.get_by_test_id("enter-card").click()
    page.get_by_label("The X0 card").fill("X0")
    act(page, lambda: page.get_by_role("button", name="Play the X0 encounter").click())
    expect(page.get_by_test_id("encounter")).to_contain_text("X0 · no difficulty")
    expect(page.get_by_test_id("encounter")).not_to_contain_text("X0 · X0")
    # The X0 card says to draw a Common item: an effect, under "Effects, and more".
    open_more(page)
    page.get_by_label("Draw an item of the class").select_option("Common")
    page.get_by_label("The item found").fill("Q04")
    act(page, lambda: page.get_by_role("button", name="Add it to the ready hand").click())
    expect(ready).to_contain_text("Hide +1 while ready")
    act(
        page,
        lambda: page.get_by_role("button", name="It is over: the card goes under the deck").click(),
    )
    expect(page.get_by_role("heading", name="After the encounter")).to_be_visible()
    act(page, lambda: page.get_by_test_id("end-turn").click())

    # -- turn 2: a lay-low attempt that fails, travel onto Map 2 -----------------------------
    expect(page.get_by_test_id("heading")).to_have_text("Turn 2 · Lay Low")
    expect(instruction(page)).to_contain_text("8 or more")
    shoot(page, screenshot, "lay-low")
    page.get_by_label("Lay low: the card you turned").fill("Q08")
    act(page, lambda: page.get_by_role("button", name="Try to lay low").click())
    expect(page.get_by_test_id("notice")).to_contain_text("Lay low: Q08 drew 6, not enough")
    expect(page.get_by_test_id("heading")).to_have_text("Turn 2 · Travel")
    page.get_by_label("Travel to").select_option("Map 2|Irontree City")
    act(page, lambda: page.get_by_role("button", name="Travel", exact=True).click())
    expect(page.get_by_test_id("where")).to_contain_text("Irontree City Map 2 [8+] G+2 C")
    expect(ready).to_contain_text("Survival +1 while ready")
    page.get_by_label("Difficulty: the card turned first").fill("Q08")
    page.get_by_label("The encounter card").fill("Q02")
    act(page, lambda: page.get_by_role("button", name="Draw the encounter").click())
    expect(page.get_by_test_id("encounter")).to_contain_text("Q02 · G · difficulty 8")

    # -- the skill check: Combat check: 2@ 5+ (Round Speed 1, Damage 1) ----------------------
    check_form = page.get_by_test_id("check-form")
    check_form.get_by_label("Skill").select_option("combat")
    check_form.get_by_label("Target (N+)").fill("5")
    check_form.get_by_label("Times (n@)").fill("2")
    check_form.get_by_label("Round speed").fill("1")
    check_form.get_by_label("Damage").fill("1")
    act(page, lambda: page.get_by_role("button", name="Begin the check").click())
    check_box = page.get_by_test_id("check")
    expect(check_box).to_contain_text("Combat check: 2@ 5+")
    expect(page.get_by_test_id("check-state")).to_have_text("Round 1 · 0 of 2 successes so far")
    # Each ready card shows what it would give now: Q03 4 + 1 = 5, enough; Map 1 gives 4.
    expect(page.get_by_test_id("play-Q03")).to_contain_text("4 + 1")
    expect(page.get_by_test_id("play-Q03").locator("b")).to_have_text("5")
    expect(page.get_by_test_id("play-Map 1").locator("b")).to_have_text("4")
    shoot(page, screenshot, "check")
    act(page, lambda: page.get_by_test_id("play-Map 1").click())  # 4: the round is lost
    expect(page.get_by_text("Exhaust 1 card as damage")).to_be_visible()
    shoot(page, screenshot, "damage")
    page.get_by_test_id("damage-form").locator("label.bv-tick", has_text="Vince").click()
    act(page, lambda: page.get_by_role("button", name="Exhaust them").click())
    expect(page.get_by_test_id("check-state")).to_have_text("Round 2 · 0 of 2 successes so far")
    act(page, lambda: page.get_by_test_id("play-Q03").click())  # 5: a success
    expect(page.get_by_test_id("check-state")).to_have_text("Round 3 · 1 of 2 successes so far")
    # BT-12: the round is won with cards still ready: the Reusable Q03 may come back.
    expect(page.get_by_test_id("reuse-form")).to_be_visible()
    shoot(page, screenshot, "reuse")
    act(page, lambda: page.get_by_role("button", name="Restore Q03").click())
    expect(page.get_by_test_id("notice")).to_contain_text("Restore the Reusable item Q03")
    act(page, lambda: page.get_by_test_id("play-Map 2").click())  # 5: the second success
    expect(page.get_by_test_id("check-state")).to_have_text("Passed: 2 successes, as needed.")
    shoot(page, screenshot, "check-passed")
    act(
        page,
        lambda: page.get_by_role(
            "button", name="Keep the card: its item joins the ready hand"
        ).click(),
    )

    # -- rest: a recovery and a trade -------------------------------------------------------
    recover = page.get_by_test_id("recover-form")
    expect(recover).to_contain_text("Recover: restore up to 2 cards")
    recover.locator("label.bv-tick", has_text="Map 1").click()
    recover.locator("label.bv-tick", has_text="Vince").click()
    shoot(page, screenshot, "rest")
    act(page, lambda: page.get_by_role("button", name="Recover them").click())
    expect(page.get_by_test_id("exhausted")).not_to_contain_text("Vince")
    open_more(page)
    trade = page.get_by_test_id("trade-form")
    trade.get_by_label("Buy").select_option("Common")
    trade.locator("label.bv-tick", has_text="Q02").click()
    trade.locator("label.bv-tick", has_text="Q04").click()
    trade.get_by_label("The item you drew").fill("Q01")
    act(page, lambda: trade.get_by_role("button", name="Trade").click())
    expect(page.get_by_test_id("notice")).to_contain_text("Trade Q04 and Q02 for Q01")
    expect(ready).to_contain_text("Q01")
    act(page, lambda: page.get_by_test_id("end-turn").click())

    # -- turns 3 to 5: an encounter each, at Irontree City ------------------------------------
    for turn in (3, 4, 5):
        expect(page.get_by_test_id("heading")).to_have_text(f"Turn {turn} · Lay Low")
        page.get_by_label("Difficulty: the card turned first").fill("X0")
        page.get_by_label("The encounter card").fill("Q02")
        act(page, lambda: page.get_by_role("button", name="Draw the encounter").click())
        expect(page.get_by_test_id("encounter")).to_contain_text("Q02 · G · difficulty 4")
        act(
            page,
            lambda: page.get_by_role(
                "button", name="It is over: the card goes under the deck"
            ).click(),
        )
        act(page, lambda: page.get_by_test_id("end-turn").click())
    expect(page.get_by_test_id("heading")).to_have_text("Turn 6 · Lay Low")
    expect(page.get_by_test_id("turn")).to_have_text("6")

    # -- undo back across the end of turn 5 ----------------------------------------------------
    undo = page.get_by_test_id("undo")
    expect(undo).to_have_text("↶ Undo: End turn 5")
    act(page, lambda: undo.click())
    expect(page.get_by_test_id("notice")).to_contain_text("Undone: End turn 5.")
    expect(page.get_by_test_id("heading")).to_have_text("Turn 5 · Encounter")
    expect(undo).to_have_text("↶ Undo: The encounter with Q02 is over")
    act(page, lambda: undo.click())
    expect(page.get_by_test_id("moves")).to_contain_text(
        "Move Q02 from the draw deck back to the encounter (set aside)"
    )
    expect(page.get_by_test_id("encounter")).to_contain_text("Q02")
    shoot(page, screenshot, "undone")

    # -- the history: turns, the journey, the check with its result -----------------------------
    with page.expect_navigation():
        page.get_by_test_id("history").click()
    turn_two = page.locator('[data-testid="turn"][data-number="2"]')
    expect(turn_two).to_contain_text("Journey: Ulendi (Map 1) → Irontree City (Map 2)")
    expect(turn_two).to_contain_text("Combat check: 2@ 5+: Passed")
    expect(page.locator('[data-testid="turn"]')).to_have_count(5)
    expect(page.locator('svg[role="img"]')).to_have_count(2)
    shoot(page, screenshot, "history")
    assert offsite_requests == []
