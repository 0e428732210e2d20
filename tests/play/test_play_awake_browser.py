"""Issue 28, point 5: "Keep the screen on" over the plain-http LAN address, where the page is not
a secure context and the Screen Wake Lock API is missing; and said plainly where a phone can't.

The LAN address is stood in for by a name the browser resolves to this computer
(`--host-resolver-rules`): http://table.lan is no secure context, as http://192.168.1.20 isn't.
What is measured is what Blink's video wake lock asks before it holds the screen (a playing
video with a picture, on a visible page, covering the window: more than a fifth of it and
three quarters of itself on screen, since it is muted), and that it takes no tap.
"""

import pytest
from playwright.sync_api import expect

from tests.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE
from tests.play.conftest import make_character
from tests.play.test_play_browser import check_phone_screen

pytestmark = pytest.mark.django_db(transaction=True)

LAN = "table.lan"
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
)

# Blink's conditions for a muted video to hold the screen on (VideoWakeLock::ShouldBeActive),
# read from the page, plus that it is out of sight and out of the way of every tap.
MEASURE = """async () => {
  const video = document.querySelector("video.awake-video");
  if (!video) return null;
  const seen = await new Promise((resolve) => {
    new IntersectionObserver((entries, observer) => {
      observer.disconnect();
      const entry = entries[entries.length - 1];
      const root = window.innerWidth * window.innerHeight;
      resolve({ own: entry.intersectionRatio,
                ofWindow: entry.intersectionRect.width * entry.intersectionRect.height / root });
    }).observe(video);
  });
  const start = video.currentTime;
  await new Promise((resolve) => setTimeout(resolve, 1200));
  const style = getComputedStyle(video);
  const middle = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
  return { playing: !video.paused && video.currentTime !== start, picture: video.videoWidth > 0,
           muted: video.muted, visible: document.visibilityState === "visible",
           own: seen.own, ofWindow: seen.ofWindow, opacity: style.opacity,
           taps: style.pointerEvents, underTaps: middle !== video };
}"""


@pytest.fixture
def lan(settings, live_server):
    """The app's address as a phone on the LAN opens it: plain http, not this computer."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, LAN, "localhost", "127.0.0.1"]
    port = live_server.url.rsplit(":", 1)[1]
    return f"http://{LAN}:{port}"


@pytest.fixture
def lan_browser(browser_type):
    browser = browser_type.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {LAN} 127.0.0.1"],
    )
    yield browser
    browser.close()


def phone_at(lan_browser, base, user_agent=None, language="en"):
    context = lan_browser.new_context(
        viewport=PHONE, device_scale_factor=2, **({"user_agent": user_agent} if user_agent else {})
    )
    context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{base}/accounts/login/")
    page.locator("input[name=username]").fill("ada")
    page.locator("input[name=password]").fill("correct horse battery")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{base}/")
    return page


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_over_plain_http_a_silent_video_keeps_the_screen_on(
    lan, lan_browser, player, screenshot, language
):
    character = make_character(player)
    page = phone_at(lan_browser, lan, language=language)
    page.goto(f"{lan}/characters/{character.pk}/play/")
    assert page.evaluate("isSecureContext") is False
    assert page.evaluate("'wakeLock' in navigator") is False
    switch = page.get_by_test_id("wake-lock")
    expect(switch).to_be_visible()  # it used to be hidden without a word
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    measured = page.evaluate(MEASURE)
    assert measured is not None, "the video is there"
    assert measured["playing"] and measured["picture"] and measured["visible"], measured
    assert measured["muted"], measured
    assert measured["own"] > 0.75 and measured["ofWindow"] > 0.2, measured
    assert measured["opacity"] == "0" and measured["taps"] == "none", measured
    assert measured["underTaps"], measured
    check_phone_screen(page)
    page.screenshot(path=str(screenshot.__globals__["SCREENSHOTS"] / f"awake-lan-{language}.png"))
    # Off: the video stops, and nothing holds the screen.
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("document.querySelector('video.awake-video').paused")
    # Remembered on this phone: on again when the page is opened, playing from the first tap.
    switch.click()
    page.reload()
    expect(switch).to_have_attribute("aria-pressed", "true")
    page.locator("h1").click()
    assert page.evaluate(MEASURE)["playing"]
    page.context.close()


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_an_iphone_over_plain_http_is_told_it_cannot_and_what_to_do(
    lan, lan_browser, player, language
):
    """WebKit holds the screen for no muted or looping video: the switch would do nothing."""
    character = make_character(player)
    page = phone_at(lan_browser, lan, user_agent=IPHONE, language=language)
    page.goto(f"{lan}/characters/{character.pk}/play/")
    expect(page.get_by_test_id("wake-lock")).to_be_hidden()
    cannot = page.get_by_test_id("wake-cannot")
    expect(cannot).to_be_visible()
    expect(cannot).to_contain_text("https")
    assert page.locator("video").count() == 0
    page.context.close()


def test_in_a_secure_context_the_wake_lock_api_is_used(live_server, page, player):
    """On https (here: localhost, a secure context) no video is needed."""
    from tests.play.test_play_browser import log_in

    character = make_character(player)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    assert page.evaluate("isSecureContext && 'wakeLock' in navigator")
    switch = page.get_by_test_id("wake-lock")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    assert page.locator("video").count() == 0
