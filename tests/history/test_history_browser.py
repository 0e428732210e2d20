"""A player looks back on a career on a phone-size screen: two sessions played through the
services with the app dealing, the history with its charts, the action log, undo to a point,
and the record sheet on screen and on paper."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests import phone
from tests.conftest import SCREENSHOTS
from tests.history.conftest import PASSWORD, Career
from tracker.card_rpg import charts
from tracker.card_rpg.models import Fight, PlaySession

pytestmark = pytest.mark.django_db(transaction=True)

SEED = 3


def log_in(page, live_server, username="ada"):
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Your characters")).to_be_visible()


@pytest.fixture
def watch(page, live_server):
    """Requests leaving the app's origin and Content-Security-Policy refusals (there must be none)."""
    seen = {"elsewhere": [], "csp": []}
    page.on(
        "request",
        lambda r: (
            None
            if r.url.startswith(live_server.url) or r.url.startswith("data:")
            else seen["elsewhere"].append(r.url)
        ),
    )
    page.on(
        "console",
        lambda m: seen["csp"].append(m.text) if "Content Security Policy" in m.text else None,
    )
    return seen


def check_phone_screen(page):
    """The shared phone checks (the history's targets are checked where they are drawn)."""
    phone.check_phone_screen(page)


def shoot(page, screenshot, name, dark=True):
    """Phone-size screenshots, light and dark; the dark one is checked for contrast too."""
    # A full-page picture would draw the sticky top bar where the page was scrolled to. (Set
    # through the DOM: the Content-Security-Policy refuses an added <style>.)
    page.evaluate("document.querySelector('.topbar').style.position = 'static'")
    screenshot(name)
    if dark:
        page.emulate_media(color_scheme="dark")
        screenshot(f"{name}-dark")
        phone.check_contrast(page)
        page.emulate_media(color_scheme="light")


def test_history_after_two_sessions_lists_both_and_charts_every_point(
    live_server, page, screenshot, player, watch
):
    played = Career(player, SEED).play_sessions(2)
    sessions = PlaySession.objects.filter(character=played)
    fights = Fight.objects.filter(character=played)
    assert sessions.count() == 2

    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{played.pk}/history/")
    listed = page.get_by_test_id("session")
    expect(listed).to_have_count(2)
    assert [listed.nth(i).get_attribute("data-number") for i in range(2)] == ["2", "1"]
    expect(page.get_by_test_id("fight")).to_have_count(fights.count())

    # Each chart draws one mark per number in the database (pygal: .dot on lines, .rect bars).
    kinds = {kind for kind in fights.filter(outcome="won").values_list("monster_kind", flat=True)}
    expected = {
        "level-xp": ("circle.dot", 2 * (sessions.count() + 1)),  # level and XP, from the start
        "kills": ("rect.rect", 3),  # number card, face card, Joker
        "damage": ("rect.rect", 2 * min(fights.count(), charts.RECENT_FIGHTS)),
        "deaths": ("rect.rect", sessions.count()),
    }
    for slug, (marks, count) in expected.items():
        figure = page.locator(f"figure[data-chart='{slug}']")
        assert figure.locator(f"svg {marks}").count() == count, slug
        assert figure.get_attribute("data-points") == str(count)
        assert figure.locator("svg").get_attribute("role") == "img"
        expect(figure.locator("figcaption")).not_to_be_empty()
    # The text alternatives hold the same numbers as the database.
    kills = page.locator("figure[data-chart='kills'] tbody tr")
    expect(kills).to_have_count(3)
    assert sum(int(kills.nth(i).locator("td").text_content()) for i in range(3)) == played.kills
    assert kinds  # the career killed something
    deaths = page.locator("figure[data-chart='deaths'] tbody td").all_text_contents()
    assert [int(d) for d in deaths] == list(
        sessions.order_by("number").values_list("deaths", flat=True)
    )

    check_phone_screen(page)
    shoot(page, screenshot, "history-page")
    page.locator("figure[data-chart='damage'] summary").click()
    figure = page.locator("figure[data-chart='damage']")
    figure.scroll_into_view_if_needed()
    figure.screenshot(path=str(SCREENSHOTS / "history-chart-table.png"))
    assert watch == {"elsewhere": [], "csp": []}


def test_log_in_words_pages_older_actions_and_undoes_to_a_point(
    live_server, page, screenshot, player, watch
):
    played = Career(player, SEED).play_sessions(2)
    last = played.last_seq
    assert last > 60  # more than one page of the log

    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{played.pk}/history/log/")
    lines = page.get_by_test_id("log-line")
    expect(lines).to_have_count(50)
    assert lines.first.get_attribute("data-seq") == str(last)
    check_phone_screen(page)
    shoot(page, screenshot, "history-log")

    # htmx appends the older actions in place of the button.
    older = page.get_by_role("link", name="Older actions")
    for shown in range(100, last + 50, 50):
        older.click()
        expect(lines).to_have_count(min(shown, last))
    expect(older).to_have_count(0)
    expect(page.locator("[data-seq='1']")).to_contain_text("Created Capi")

    # Undo to here: a confirmation first, then back to the log, ending at that action.
    target = last - 5
    page.locator(f"[data-seq='{target}']").get_by_role("link", name="Undo to here").click()
    expect(page.get_by_role("heading", name="Undo to here?")).to_be_visible()
    expect(page.get_by_test_id("undo-target")).not_to_be_empty()
    check_phone_screen(page)
    shoot(page, screenshot, "history-undo-confirm")
    page.get_by_role("button", name="Undo 5 actions").click()
    expect(page.get_by_text(f"Back to just after action {target}.")).to_be_visible()
    expect(lines.first).to_have_attribute("data-seq", str(target))
    played.refresh_from_db()
    assert played.last_seq == target
    assert watch == {"elsewhere": [], "csp": []}


def test_undo_confirmed_after_another_screen_played_on_shows_the_conflict(
    live_server, page, screenshot, player
):
    career = Career(player, SEED)
    career.play_sessions(1)
    last = career.character.last_seq
    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{career.character.pk}/history/undo-to/{last - 3}/")
    expect(page.get_by_role("button", name="Undo 3 actions")).to_be_visible()

    career.step()  # another screen plays on meanwhile
    page.get_by_role("button", name="Undo 3 actions").click()
    expect(page.get_by_test_id("undo-problem")).to_contain_text("changed on another screen")
    shoot(page, screenshot, "history-undo-conflict", dark=False)
    career.character.refresh_from_db()
    assert career.character.last_seq == last + 1  # nothing was lost

    # Confirmed again, on top of what the other screen did.
    page.get_by_role("button", name="Undo 4 actions").click()
    expect(page.get_by_test_id("log-line").first).to_have_attribute("data-seq", str(last - 3))


def test_record_sheet_on_screen_and_on_paper(live_server, page, screenshot, player, watch):
    career = Career(player, SEED)
    career.play_sessions(2)
    # Played on until the inventory holds cards, between fights.
    played = career.play_until(
        lambda s: len(s["character"]["inventory"]) >= 2 and s["session"] and not s["fight"]
    )
    log_in(page, live_server)
    page.goto(f"{live_server.url}/characters/{played.pk}/record-sheet/")
    fields = page.get_by_test_id("paper-fields")
    for label, value in [
        ("Name", played.name),
        ("Level", played.level),
        ("STR", played.str),
        ("HP", played.hp_max),
        ("XP", played.xp),
        ("XP for next level", played.xp_next),
        ("Gold", played.gold),
        ("Jokers killed", played.jokers),
        ("Kills", played.kills),
        ("Deaths", played.deaths),
        ("Sessions played", played.sessions),
    ]:
        expect(fields.locator(f"div:has(> dt:text-is('{label}')) dd")).to_contain_text(str(value))
    expect(fields).to_contain_text("King of Spades")
    inventory = list(played.inventory)
    expect(page.get_by_test_id("paper-inventory").locator("tbody tr")).to_have_count(len(inventory))
    check_phone_screen(page)
    shoot(page, screenshot, "history-record-sheet")

    page.emulate_media(media="print")
    expect(page.locator(".topbar")).to_be_hidden()
    expect(page.locator(".print-hint")).to_be_hidden()
    screenshot("history-record-sheet-print")
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    screenshot("history-record-sheet-print-a4")
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 1
    assert watch == {"elsewhere": [], "csp": []}
