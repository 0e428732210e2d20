"""The browser tests' console watch (tests.conftest.follow_console_errors): a request the page
dropped itself is no error, a request that failed is."""

import pytest

from tests.conftest import follow_console_errors

pytestmark = pytest.mark.django_db(transaction=True)

# A request from a div, as the dice preview makes; the signup page stands in for any answer.
ASK = """() => { const d = document.createElement('div'); d.id = 'asker';
  d.setAttribute('hx-get', '/accounts/signup/'); d.setAttribute('hx-trigger', 'ask');
  document.body.appendChild(d); htmx.process(d); htmx.trigger(d, 'ask'); }"""


def held_request(page, live_server) -> list:
    page.goto(f"{live_server.url}/accounts/login/")
    held = []
    page.route("**/accounts/signup/", lambda route: held.append(route))
    page.evaluate(ASK)
    for _ in range(250):
        if held:
            break
        page.wait_for_timeout(20)
    assert held, "the request was made"
    return held


def test_a_request_the_page_dropped_is_no_console_error(live_server, page):
    errors, heard = [], []
    page.on("console", lambda m: heard.append(m.text))
    follow_console_errors(page, errors)
    held_request(page, live_server)
    page.evaluate("() => htmx.trigger('#asker', 'htmx:abort')")
    page.wait_for_function("() => !document.querySelector('#asker.htmx-request')")
    page.evaluate("() => console.error('something else')")
    page.wait_for_timeout(100)
    assert any(h.startswith("htmx:sendAbort") for h in heard), "htmx did report the drop"
    assert errors == ["something else"]


def test_a_request_that_failed_is_a_console_error(live_server, page):
    errors = []
    follow_console_errors(page, errors)
    held = held_request(page, live_server)
    held[0].abort("connectionreset")
    page.wait_for_function("() => !document.querySelector('#asker.htmx-request')")
    page.wait_for_timeout(100)
    assert any(e.startswith("htmx:sendError") for e in errors), errors
    assert any(e.startswith("htmx:afterRequest") for e in errors), errors
