"""Issue 12, point 2: any name the form accepts (up to 100 characters, long words included)
fits a 360 px phone on every page, and never hides HP, the monster or a control."""

import pytest
from playwright.sync_api import expect

from tests.play.conftest import make_character
from tests.play.test_play_browser import log_in, shoot
from tests.play.test_play_stale_browser import apply
from tracker.card_rpg import services

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = {
    "one-word": "W" * 100,
    "words": ("Capitaine Fracasse de la Tour " * 4)[:99] + "x",
    "wide": "Ｗ" * 100,  # full-width letters: twice as wide as a W
}
PHONE_WIDTH = 360


def fits(page, what: str):
    """No sideways scrolling, and each of `what`'s elements lies within the screen's width."""
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH, what


def inside(page, locator, what: str):
    """The element is drawn within the screen's width, and a tap at its middle reaches it."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE_WIDTH + 0.5, (what, box)
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    hit = page.evaluate(
        "([x, y, el]) => { const at = document.elementFromPoint(x, y);"
        " return at === el || el.contains(at); }",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, locator.element_handle()],
    )
    assert hit, what


@pytest.mark.parametrize("kind", list(NAMES))
def test_a_long_name_fits_every_page_of_the_character(live_server, page, screenshot, player, kind):
    name = NAMES[kind]
    assert len(name) == 100
    character = make_character(player, name=name)
    log_in(page, live_server)
    base = f"{live_server.url}/characters/{character.pk}"

    page.goto(live_server.url + "/")
    fits(page, "list")
    inside(page, page.get_by_role("link", name=f"Play: {name}"), "the play button")
    shoot(page, screenshot, f"long-name-{kind}-list")

    page.goto(base + "/")
    fits(page, "sheet")
    rename = page.get_by_role("link", name="Rename")
    inside(page, rename, "rename")
    assert rename.bounding_box()["width"] >= 60  # never one letter a line
    shoot(page, screenshot, f"long-name-{kind}-sheet")
    rename.click()
    expect(page.get_by_label("New name")).to_be_visible()
    fits(page, "inline rename")

    # Between sessions: the switch "the app deals for me" must be reachable.
    page.goto(base + "/play/")
    fits(page, "play, no session")
    inside(page, page.get_by_test_id("virtual"), "the dealer switch")
    inside(page, page.get_by_test_id("hp"), "your HP")
    shoot(page, screenshot, f"long-name-{kind}-play")

    # In a fight: HP, the monster and its HP in sight.
    character = apply(
        player,
        character,
        {"type": "start_session", "hand": ["7H", "7C", "8D", "9S", "QH"]},
        {"type": "reveal_monster", "card": "QS"},
        {"type": "roll_monster_hp", "dice": [4, 2, 6]},
    )
    page.goto(base + "/play/")
    fits(page, "play, fight")
    for testid in ("hp", "monster-hp", "xp-value", "count-hand"):
        inside(page, page.get_by_test_id(testid), testid)
    inside(page, page.get_by_role("img", name="Queen of Spades").first, "the monster")
    inside(page, page.get_by_test_id("end-turn"), "end turn")
    shoot(page, screenshot, f"long-name-{kind}-fight")

    for path, what in (
        ("/history/", "history"),
        ("/history/log/", "log"),
        ("/history/undo-to/2/", "undo to here"),
        ("/record-sheet/", "record sheet"),
        ("/discard/", "discard pile"),
        ("/rename/", "rename page"),
        ("/delete/", "delete page"),
    ):
        page.goto(base + path)
        fits(page, what)
    shoot(page, screenshot, f"long-name-{kind}-delete")
    inside(page, page.get_by_role("button", name="Delete for good"), "delete")
    assert services.character_get(character_id=character.pk, owner=player).name == name
