"""A signed-in player changes their password on a 360 px phone and logs in with the new one."""

import re

import pytest
from playwright.sync_api import expect

from tests.phone import check_phone_screen

pytestmark = pytest.mark.django_db(transaction=True)

OLD = "correct horse battery"
NEW = "staple of the tavern"
# A long name: the header must still fit a 360 px screen with the password link in it.
NAME = "Bartholomew_the_Bold"


@pytest.fixture
def policy_errors(page):
    """What the browser says it could not read in the Permissions-Policy (an unknown feature)."""
    seen = []
    page.on("console", lambda m: seen.append(m.text) if "Permissions-Policy" in m.text else None)
    return seen


def log_in(page, live_server, password):
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill(NAME)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def test_a_player_changes_their_password_and_stays_logged_in(
    live_server, page, screenshot, offsite_requests, policy_errors, django_user_model
):
    django_user_model.objects.create_user(NAME, password=OLD)
    log_in(page, live_server, OLD)
    expect(page.get_by_role("heading", name="Your characters")).to_be_visible()
    check_phone_screen(page, ".topbar a, .topbar button")

    page.get_by_role("navigation", name="Account").get_by_role("link", name="Password").click()
    expect(page.get_by_role("heading", name="Change password")).to_be_visible()
    check_phone_screen(page, "form input, form button")

    # A wrong current password: refused, the reason shown, nothing changed.
    page.get_by_label("Old password").fill("not my password")
    page.get_by_label("New password", exact=True).fill(NEW)
    page.get_by_label("New password confirmation").fill(NEW)
    page.get_by_role("button", name="Change password").click()
    expect(page.get_by_text("Your old password was entered incorrectly")).to_be_visible()
    screenshot("password-change-refused")
    check_phone_screen(page, "form input, form button")

    page.get_by_label("Old password").fill(OLD)
    page.get_by_label("New password", exact=True).fill(NEW)
    page.get_by_label("New password confirmation").fill(NEW)
    page.get_by_role("button", name="Change password").click()
    expect(page.get_by_role("status")).to_contain_text("Your password is changed")
    expect(page.get_by_role("heading", name="Your characters")).to_be_visible()
    screenshot("password-changed")
    check_phone_screen(page)

    page.get_by_role("button", name="Log out").click()
    expect(page).to_have_url(re.compile(r"/accounts/login/"))
    log_in(page, live_server, OLD)
    expect(page.get_by_role("alert")).to_contain_text("don't match")
    log_in(page, live_server, NEW)
    expect(page.get_by_role("heading", name="Your characters")).to_be_visible()
    assert offsite_requests == []
    assert policy_errors == []
