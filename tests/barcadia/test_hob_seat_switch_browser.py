"""A phone holds one seat of a table (issue 21, point 7), at 360 px: a guest's phone that took
Ana's seat opens Bo's link, is told it switches and that Ana's seat is freed, confirms with a
plain form, and plays as Bo; Ana's link then seats another phone. In English and in 中文."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests import phone as phone_checks
from tests.barcadia.conftest import PASSWORD, make_table
from tests.conftest import SCREENSHOTS, follow_console_errors

pytestmark = pytest.mark.django_db(transaction=True)

TARGETS = "main button, main .button, header a, header button"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def table(transactional_db):
    host = get_user_model().objects.create_user("host", password=PASSWORD)
    return make_table(host)


def link(live_server, table, number: int) -> str:
    token = table.seats.get(number=number).join_token
    return f"{live_server.url}/join/heroes-of-barcadia/{token}/"


def shoot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def test_issue21_7_a_phone_opening_a_second_seat_switches_and_frees_the_first(
    page, browser, browser_context_args, live_server, table
):
    errors = []
    follow_console_errors(page, errors)
    page.goto(link(live_server, table, 1))
    page.get_by_role("button", name="take this seat").click()
    expect(page.locator("#hob-live")).to_be_visible()

    page.goto(link(live_server, table, 2))
    question = page.get_by_test_id("seat-switch")
    expect(question).to_have_text(
        "You hold Ana's seat at this table, and a phone holds one seat. Taking Bo's seat frees "
        "Ana's, for whoever has its link or code."
    )
    expect(page.get_by_role("heading", level=1)).to_have_text("Switch to Bo?")
    expect(page.get_by_role("link", name="Stay as Ana")).to_be_visible()
    phone_checks.check_phone_screen(page, TARGETS)
    shoot(page, "hob-seat-switch")

    # The same question in Traditional Chinese.
    page.get_by_role("button", name="中文").click()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    expect(question).to_be_visible()
    assert "You hold" not in question.inner_text() and "Ana" in question.inner_text()
    phone_checks.check_phone_screen(page, TARGETS)
    shoot(page, "hob-seat-switch-zh")
    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")

    page.get_by_role("button", name="Leave Ana's seat and sit as Bo").click()
    expect(page.locator("#hob-live")).to_be_visible()
    expect(page.get_by_text("You sit as Bo; Ana's seat is free for someone else.")).to_be_visible()
    seats = {seat.name: seat.taken for seat in table.seats.all()}
    assert seats == {"Ana": False, "Bo": True, "Cy": False}

    # Ana's own link seats another phone now.
    other = browser.new_context(**browser_context_args)
    try:
        friend = other.new_page()
        friend.goto(link(live_server, table, 1))
        expect(friend.get_by_test_id("seat-switch")).to_have_count(0)
        friend.get_by_role("button", name="take this seat").click()
        expect(friend.locator("#hob-live")).to_be_visible()
    finally:
        other.close()
    assert {seat.name: seat.taken for seat in table.seats.all()} == {
        "Ana": True,
        "Bo": True,
        "Cy": False,
    }
    assert errors == []
