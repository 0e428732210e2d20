"""Issue 12, point 10: installable (a web app manifest with its icons) and awake (the play
screen can keep the phone's screen on, remembered on the device)."""

import json
import struct

import pytest
from playwright.sync_api import expect

from tests.play.conftest import make_character
from tests.play.test_play_browser import check_phone_screen, log_in, shoot

pytestmark = pytest.mark.django_db(transaction=True)

# Records every wake-lock request and hands back a sentinel the page can release; headless
# Chromium may refuse the real one.
WAKE_LOCK_STUB = """
window.__wakeLocks = [];
window.__released = 0;
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
  request: async (type) => {
    const sentinel = new EventTarget();
    sentinel.type = type;
    sentinel.released = false;
    sentinel.release = async () => {
      sentinel.released = true;
      window.__released += 1;
      sentinel.dispatchEvent(new Event("release"));
    };
    window.__wakeLocks.push(sentinel);
    return sentinel;
  },
}});
"""


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_app_has_a_manifest_with_its_icons(live_server, page, player):
    log_in(page, live_server)
    href = page.locator("link[rel=manifest]").get_attribute("href")
    answer = page.request.get(live_server.url + href)
    assert answer.status == 200
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(answer.text())
    assert manifest["name"] and manifest["short_name"]
    assert len(manifest["short_name"]) <= 12  # fits under a home-screen icon
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"]
    sizes = {}
    for icon in manifest["icons"]:
        url = page.evaluate("([href, src]) => new URL(src, new URL(href, location)).href",
                            [href, icon["src"]])  # fmt: skip
        image = page.request.get(url)
        assert image.status == 200, url
        if icon["type"] == "image/png":
            width, height = png_size(image.body())
            assert icon["sizes"] == f"{width}x{height}"
            sizes[width] = icon["src"]
    assert {192, 512} <= set(sizes)
    # The start page is the home page, reached once signed in.
    page.goto(live_server.url + manifest["start_url"])
    expect(page.get_by_role("heading", name="Your characters")).to_be_visible()


def test_the_play_screen_keeps_the_screen_on_when_asked_and_remembers_it(
    live_server, page, screenshot, player
):
    page.add_init_script(WAKE_LOCK_STUB)
    character = make_character(player)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    switch = page.get_by_test_id("wake-lock")
    expect(switch).to_have_attribute("aria-pressed", "false")
    expect(switch).to_have_text("Keep the screen on: off")
    assert page.evaluate("window.__wakeLocks.length") == 0  # never taken unasked
    check_phone_screen(page)

    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(switch).to_have_text("Keep the screen on: on")
    page.wait_for_function("window.__wakeLocks.length === 1")
    assert page.evaluate("window.__wakeLocks[0].type") == "screen"
    shoot(page, screenshot, "play-keep-screen-on")

    # The game goes on (the regions are swapped): the switch stays as it is.
    page.get_by_test_id("start-session").click()
    expect(page.get_by_test_id("instruction")).to_contain_text("next monster")
    expect(switch).to_have_attribute("aria-pressed", "true")

    # The phone locks anyway (the browser lets the lock go when hidden); shown again, the
    # page takes it again.
    page.evaluate("window.__wakeLocks[0].release()")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("window.__wakeLocks.length === 2")

    # Remembered on this device: the next visit asks at once.
    page.reload()
    expect(page.get_by_test_id("wake-lock")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("window.__wakeLocks.length === 1")

    # Off: the lock is let go, and it stays off.
    page.get_by_test_id("wake-lock").click()
    expect(page.get_by_test_id("wake-lock")).to_have_text("Keep the screen on: off")
    page.wait_for_function("window.__released === 1")
    page.reload()
    expect(page.get_by_test_id("wake-lock")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("window.__wakeLocks.length") == 0


def test_without_the_wake_lock_api_the_switch_keeps_the_screen_on_another_way(
    live_server, page, player
):
    """Issue 28: where the API is missing (no secure context) the switch is offered all the
    same and plays the silent video (tests/play/test_play_awake_browser.py measures it)."""
    page.add_init_script("Object.defineProperty(Navigator.prototype, 'wakeLock', {get: undefined})"
                         "; delete Navigator.prototype.wakeLock;")  # fmt: skip
    character = make_character(player)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    expect(page.get_by_test_id("instruction")).to_be_visible()
    switch = page.get_by_test_id("wake-lock")
    expect(switch).to_be_visible()
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(page.locator("video.awake-video")).to_have_count(1)
