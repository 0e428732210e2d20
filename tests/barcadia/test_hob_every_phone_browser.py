"""Issue 24 on four phones at 360 px (point 6): a boss fight rolled on two phones, a team battle
rolled by the partner, a duel rolled by its target, each result's table instruction on every
phone, a second game explored from the tile box in two taps, and the turn nudge. Every screen
is checked for sideways scrolling, thumb-sized targets and axe's serious findings; screenshots
in light and dark."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.barcadia.test_hob_browser import (
    LIVE_WITHIN,
    check,
    end_turn,
    explore_by_tap,
    roll,
    shoot,
    sit,
    step,
    table_so_far,
)
from tests.conftest import follow_console_errors
from tracker.barcadia import services

pytestmark = pytest.mark.django_db(transaction=True)

HEROES = ("Ana", "Bo", "Cy", "Dee")
ORDER4 = {"type": "roll_for_order", "rolls": {"Ana": 20, "Bo": 19, "Cy": 18, "Dee": 17}}
WAIT = LIVE_WITHIN * 1000
# navigator.vibrate as the phones' browsers have it, counted (Chromium headless has none).
VIBRATE = "window.hobBuzz = 0; navigator.vibrate = () => { window.hobBuzz += 1; return true; };"


@pytest.fixture
def four(browser, browser_context_args):
    """Four phones (browser contexts of their own), each ending its test without a console
    error or a failed request."""
    contexts = [browser.new_context(**browser_context_args) for _ in HEROES]
    pages, errors = [], []
    for context in contexts:
        context.add_init_script(VIBRATE)
        page = context.new_page()
        page.set_default_timeout(5_000)
        page.set_default_navigation_timeout(15_000)  # four phones loading one live server
        follow_console_errors(page, errors)
        page.on(
            "response",
            lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )
        pages.append(page)
    yield pages
    for context in contexts:
        context.close()
    assert errors == []


def seat_all(live_server, table, pages) -> dict:
    for number, page in enumerate(pages, start=1):
        sit(page, live_server, table, number)
    return dict(zip(HEROES, pages, strict=True))


def todo_everywhere(phones, line: str) -> None:
    for phone in phones.values():
        expect(phone.get_by_test_id("todo")).to_contain_text(line, timeout=WAIT)


def test_a_boss_fight_on_two_phones_a_team_battle_by_the_partner_and_the_turn_nudge(
    live_server, host, four
):
    table = table_so_far(host, ORDER4, names=HEROES)
    at = seat_all(live_server, table, four)
    ana, bo, cy, dee = (at[name] for name in HEROES)
    expect(ana.get_by_test_id("your-turn")).to_have_text("Your turn!")
    expect(bo.get_by_test_id("your-turn")).to_have_count(0)

    # Ana turns up a boss and names Bo to play it: both phones roll their own die.
    explore_by_tap(ana, "2,-1", "Boss", Level=8, **{"Damage or attack (HP)": 30})
    step(ana, ana.get_by_test_id("choose").get_by_role("button", name="Bo", exact=True).click)
    expect(bo.get_by_test_id("part")).to_be_visible(timeout=WAIT)
    expect(bo.get_by_test_id("your-turn")).to_have_text("Your roll!")
    roll(ana, "Roll for Ana", **{"Ana's D20": 14})
    for phone in (ana, bo, cy, dee):  # both phones (and the others) show it building
        expect(phone.get_by_test_id("building")).to_contain_text("Ana rolled 14", timeout=WAIT)
        expect(phone.get_by_test_id("building")).to_contain_text("Waiting for Bo's roll")
    check(bo)
    shoot(bo, "hob24-boss-part", dark=True)
    roll(bo, "Roll for Bo", **{"Bo's D20": 9})
    todo_everywhere(at, "Bo: drink 30 (H-19)")
    todo_everywhere(at, "Ana: move your hero onto the tile at [2, -1] (H-19)")
    expect(bo.locator('[data-hero="Bo"] [data-testid="hp"]')).to_have_text("70 / 100 HP")
    check(cy)
    shoot(cy, "hob24-boss-result", dark=True)
    end_turn(ana)

    # The nudge: Bo's phone buzzes and says it is his turn, its banner clear of the header.
    expect(bo.get_by_test_id("your-turn")).to_have_text("Your turn!", timeout=WAIT)
    # The buzz comes as the swap settles (htmx:afterSettle), a moment after the words show.
    bo.wait_for_function("() => window.hobBuzz >= 2", timeout=WAIT)  # his roll, then his turn
    bo.locator("#hob-live").scroll_into_view_if_needed()
    header = bo.locator(".topbar").bounding_box()
    banner = bo.get_by_test_id("banner").bounding_box()
    assert banner["y"] >= header["y"] + header["height"] - 1
    # In the background the tab's title says so (Cy's phone, hidden while Bo plays).
    cy.evaluate(
        "() => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )

    # Bo's team battle: Cy is the partner and rolls first, on her phone.
    explore_by_tap(
        bo, "0,-2", "Team battle", Level=20, **{"Damage or attack (HP)": 15, "Loot_cards": 1}
    )
    step(bo, bo.get_by_test_id("choose").get_by_role("button", name="Cy", exact=True).click)
    expect(cy.get_by_test_id("part")).to_be_visible(timeout=10_000)  # a hidden tab polls less
    expect(cy).to_have_title(re.compile(r"^● Your turn"))  # marked as the swap settles
    cy.evaluate(
        "() => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    assert not cy.title().startswith("●")  # back in front: the title is the table's again
    roll(cy, "Roll for Cy", **{"Cy's D20": 11})
    expect(bo.get_by_test_id("building")).to_contain_text("Cy rolled 11", timeout=WAIT)
    roll(bo, "Roll for Bo", **{"Bo's D20": 12})
    todo_everywhere(at, "Bo: draw a loot card (HT-09)")
    todo_everywhere(at, "Cy: draw a loot card (HT-09)")
    check(dee)
    shoot(dee, "hob24-team-result", dark=True)

    # A phone may switch the nudge off: it is kept on the phone.
    dee.get_by_label("Tell me when it's my turn").uncheck()
    dee.reload()
    expect(dee.get_by_label("Tell me when it's my turn")).not_to_be_checked()


def test_a_duel_rolled_by_its_target_and_a_second_game_explored_from_the_tile_box(
    live_server, host, four
):
    table = table_so_far(
        host,
        ORDER4,
        {"type": "explore", "player": "Ana", "at": [2, -1], "tile": {"kind": "portal"}},
        {"type": "end_turn", "player": "Ana"},
        {"type": "explore", "player": "Bo", "at": [0, -2],
         "tile": {"kind": "monster", "level": 12, "damage": 20, "reward": {"loot": 2}}},
        {"type": "fight", "player": "Bo", "roll": 2},
        {"type": "end_turn", "player": "Bo"},
        {"type": "end_turn", "player": "Cy"},
        {"type": "end_turn", "player": "Dee"},
        names=HEROES,
    )  # fmt: skip
    at = seat_all(live_server, table, four)
    ana, bo = at["Ana"], at["Bo"]
    # Ana (on the portal next to the start) challenges Bo; Bo rolls his own die on his phone.
    ana.get_by_text("Duel a neighbour (before your action)").click()
    step(ana, ana.get_by_role("button", name="Challenge Bo").click)
    expect(bo.get_by_test_id("part")).to_be_visible(timeout=WAIT)
    check(bo)
    shoot(bo, "hob24-duel-target", dark=True)
    roll(bo, "Roll for Bo", **{"Bo's D20": 3})
    expect(ana.get_by_test_id("building")).to_contain_text("Bo rolled 3", timeout=WAIT)
    roll(ana, "Roll for Ana", **{"Ana's D20": 15})
    todo_everywhere(at, "Bo: drink 10 (H-26)")
    todo_everywhere(at, "Ana and Bo: swap places (H-26)")

    # A second game at the host's: exploring offers last game's faces, two taps in all.
    second = services.table_create(
        owner=host, name="Saturday", players=[{"name": name} for name in HEROES]
    )
    second = services.table_apply(table=second, action=ORDER4, expected_version=second.version)
    ana2 = four[0]
    sit(ana2, live_server, second, 1)
    ana2.locator('#hob-lit a[href="?at=2,-1"]').click()  # tap 1: the hex
    box = ana2.get_by_test_id("tile-box")
    expect(box).to_be_visible()
    check(ana2)
    shoot(ana2, "hob24-tile-box", dark=True)
    step(ana2, box.get_by_role("button", name="a level-12 monster (damage 20) · 2 loot").click)
    expect(ana2.get_by_text("roll at least 12 to win")).to_be_visible()  # tap 2 turned it up
