"""A new player signs up, logs out and back in, in a phone-size Chromium."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_signup_logout_login_shows_empty_character_list(
    live_server, page, screenshot, offsite_requests
):
    page.goto(f"{live_server.url}/accounts/signup/")
    page.get_by_label("Username").fill("ada")
    page.get_by_label("Password", exact=True).fill("correct horse battery")
    page.get_by_label("Password confirmation").fill("correct horse battery")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Your characters")).to_be_visible()
    expect(page.get_by_test_id("no-characters")).to_be_visible()
    screenshot("character-list-empty")

    page.get_by_role("button", name="Log out").click()
    expect(page).to_have_url(re.compile(r"/accounts/login/"))
    screenshot("login")

    page.get_by_label("Username").fill("ada")
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_test_id("no-characters")).to_have_text("You have no characters yet.")
    # Nothing sticks out sideways on a 360 px screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert offsite_requests == []


def test_bad_signup_shows_errors_in_the_form(live_server, page, screenshot):
    page.goto(f"{live_server.url}/accounts/signup/")
    page.get_by_label("Username").fill("ada")
    page.get_by_label("Password", exact=True).fill("abc")
    page.get_by_label("Password confirmation").fill("abd")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_text("The two password fields didn’t match.")).to_be_visible()
    screenshot("signup-errors")
