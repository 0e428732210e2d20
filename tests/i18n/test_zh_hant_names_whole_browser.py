"""Issue 26, point 2, on the phone: a Chinese name never breaks across two lines ("阿 / 明"),
at any width a phone may have, on a Heroes of Barcadia table and a Card RPG play screen."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.barcadia.conftest import make_table, ordered
from tests.conftest import ARTIFACTS
from tests.play.conftest import make_character

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "correct horse battery"
# Long enough that some width puts a line's end inside one of them, were they breakable.
HEROES = ["歐陽明月", "諸葛小美", "司馬長風"]
WIDTHS = range(300, 431, 3)

# Each name's text, and the lines it is drawn on (more than one: broken inside the name). Its
# box draws nothing of its own (display: contents), so the text itself is measured.
BROKEN = """() => [...document.querySelectorAll('span.name')].flatMap((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
                        .map((r) => Math.round(r.top)));
  return lines.size > 1 ? [el.textContent] : [];
})"""
# How many names are drawn on the screen (not hidden).
DRAWN = """() => [...document.querySelectorAll('span.name')].filter((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  return [...range.getClientRects()].some((r) => r.width > 0);
}).length"""


@pytest.fixture
def host(db, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return get_user_model().objects.create_user("host", password=PASSWORD)


def broken_at_some_width(page, shot: str) -> dict[int, list[str]]:
    """The names drawn across two lines, by the width that breaks them; a screenshot at 360."""
    broken = {}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 740})
        found = page.evaluate(BROKEN)
        if found:
            broken[width] = found
    page.set_viewport_size({"width": 360, "height": 740})
    (ARTIFACTS / "zh-hant").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "zh-hant" / f"{shot}.png"), full_page=True)
    return broken


def in_chinese(page, live_server) -> None:
    page.context.add_cookies(
        [{"name": "django_language", "value": "zh-hant", "url": live_server.url}]
    )


def test_a_heroes_name_stays_on_one_line_at_every_phone_width(live_server, page, host):
    table = ordered(make_table(host, heroes=HEROES), order=HEROES)
    in_chinese(page, live_server)
    token = table.seats.get(number=1).join_token
    page.goto(f"{live_server.url}/join/heroes-of-barcadia/{token}/")
    page.locator("main form button[type=submit]").click()
    page.wait_for_selector("#hob-live")
    assert page.evaluate(DRAWN) >= 3, "the heroes' names are boxed"
    assert broken_at_some_width(page, "names-whole-hob") == {}


def test_a_characters_name_stays_on_one_line_at_every_phone_width(live_server, page, host):
    character = make_character(host, name="歐陽明月長風")
    in_chinese(page, live_server)
    page.goto(f"{live_server.url}/accounts/login/")
    page.locator("input[name=username]").fill("host")
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    assert page.evaluate(DRAWN) >= 1
    assert broken_at_some_width(page, "names-whole-crpg") == {}
