"""Shared test set-up: Debian's Chromium for Playwright, static files, phone-size screens."""

import asyncio
import os
import re
import sys
import threading
from pathlib import Path

import pytest
from django.utils import translation

# Sync Playwright runs an event loop in the test thread; Django's ORM calls from the
# live_server fixtures would otherwise be refused as "async unsafe".
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 360, "height": 740}
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"

_skipped_browser_tests: list[str] = []
# A test asking for any of these (itself or through its fixtures) drives a browser. A test
# that launches a browser of its own asks only for `browser_type`; it starts Playwright, whose
# event loop then runs in the main thread (and Django's connections there become per asyncio
# context: one left open outlives the test database's drop on PostgreSQL).
BROWSER_FIXTURES = {"page", "browser", "context", "browser_type", "playwright"}
# A test asking for any of these, or marked django_db, reaches the database; pytest-django
# refuses the database to every other test, so those give the same result on any backend.
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


@pytest.hookimpl(tryfirst=True)  # before -m deselects: "not browser" must see the mark
def pytest_collection_modifyitems(config, items):
    """Mark every test that drives a browser or reaches the database; skip browser tests only
    where no Chromium exists."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if DATABASE_FIXTURES & fixtures or item.get_closest_marker("django_db"):
            item.add_marker(pytest.mark.database)
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())) or item.get_closest_marker(
            "browser"
        ):
            item.add_marker(pytest.mark.browser)
            if not os.path.exists(CHROMIUM):
                item.add_marker(pytest.mark.skip(reason=f"{CHROMIUM} is not installed"))


def pytest_runtest_logreport(report):
    if report.skipped and "browser" in report.keywords:
        _skipped_browser_tests.append(report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    """In CI a skipped browser test is a failure: they must run, not skip."""
    if os.environ.get("CI") and _skipped_browser_tests:
        print(f"\n{len(_skipped_browser_tests)} browser test(s) skipped in CI; failing the run.")
        session.exitstatus = 1


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Point pytest-playwright at Debian's Chromium (Playwright's download can't work here)."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Every browser test sees a phone-size screen first."""
    return {**browser_context_args, "viewport": PHONE, "device_scale_factor": 2}


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database, plus the tables of the tiny game the core is tested with.

    Its models (tests/core/counter_game.py) are known to Django wherever the tests are
    collected, so every worker's database has their tables; no migration knows them.
    """
    from django.db import connection

    from tests.core.counter_game import MODELS

    with (
        django_db_blocker.unblock(),
        connection.constraint_checks_disabled(),
        connection.schema_editor() as editor,
    ):
        for model in MODELS:
            editor.create_model(model)


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    """Tests serve static files from the source folders, not from a collected manifest."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _language_left_as_found():
    """A request in another language leaves it active in the thread (the locale middleware
    activates a language and never puts it back): the next test's words would be Chinese."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _live_streams_ended():
    """A test's live streams end with it (tracker/core/live.py): none is left holding a live
    server's thread, or a database connection the test database's teardown would wait on."""
    yield
    from tracker.core import live

    live.HUB.end_all()


# PostgreSQL sessions opened by this test process: backend pid -> the test that opened it.
_OPENED_BY: dict[int, str] = {}


def _name_postgresql_sessions_by_thread(sender, connection, **kwargs):
    """Each PostgreSQL session says which thread of the test process opened it (seen in
    pg_stat_activity), and which test was running then, so that a session left open at the
    end can be traced."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            name = f"pytest {threading.current_thread().name}"[:63]
            cursor.execute(
                "SELECT set_config('application_name', %s, false), pg_backend_pid()", [name]
            )
            opened = os.environ.get("PYTEST_CURRENT_TEST", "(no test)")
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                pass
            else:  # Django's connections are then per asyncio context, not per thread
                opened += " with an event loop running"
            _OPENED_BY[cursor.fetchone()[1]] = opened


@pytest.fixture(scope="session", autouse=True)
def _no_session_left_on_the_test_database(request, django_db_blocker):
    """On PostgreSQL the test database is dropped at the end, which fails ("being accessed by
    other users") while any other session holds it: that warning says a connection leaked. Say
    which thread opened each session still there, before the drop, so it can be found."""
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        yield
        return
    from django.db.backends.signals import connection_created

    connection_created.connect(_name_postgresql_sessions_by_thread)
    request.getfixturevalue("django_db_setup")
    yield
    import time
    import warnings

    from django.db import connection

    others = []
    for _ in range(20):  # a session that is closing goes within a moment
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT pid, application_name, state, left(query, 120) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            others = cursor.fetchall()
        if not others:
            break
        time.sleep(0.1)
    if others:
        found = "; ".join(
            f"pid {pid} {name!r} opened in {_OPENED_BY.get(pid, '?')}, {state}: {query!r}"
            for pid, name, state, query in others
        )
        warnings.warn(f"sessions still open on the test database: {found}", stacklevel=1)
        print(f"\nsessions still open on the test database: {found}", file=sys.stderr)


@pytest.fixture
def screenshot(page):
    """Save a phone-size screenshot under test-artifacts/screenshots/NAME.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        # A full-page picture would draw the sticky top bar wherever the page was scrolled to.
        # Set through the CSSOM: the Content-Security-Policy refuses injected <style> tags.
        page.evaluate(
            "() => { const bar = document.querySelector('.topbar');"
            " if (bar) bar.style.setProperty('position', 'static', 'important'); }"
        )
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.fixture
def page(page):
    """Fail fast: a missing element should not cost half a minute."""
    page.set_default_timeout(5_000)
    page.set_default_navigation_timeout(10_000)
    return page


@pytest.fixture
def offsite_requests(page, live_server):
    """Every request the page makes outside the app's own origin (there must be none)."""
    elsewhere = []
    page.on(
        "request",
        lambda r: (
            None
            if r.url.startswith(live_server.url) or r.url.startswith("data:")
            else elsewhere.append(r.url)
        ),
    )
    return elsewhere


# A record's live stream (tracker/core/live.py), not a Barcadia table's own check (/live/?v=).
LIVE_STREAM = re.compile(r"/live/[a-z-]+/\d+/")


def run_async(awaitable):
    """Run a coroutine to its end in a thread of its own and give back its result: a browser
    test run earlier in this process (sync Playwright) may have left its event loop set in this
    thread, where asyncio.run() refuses to start."""
    outcome: dict = {}

    def run() -> None:
        try:
            outcome["result"] = asyncio.run(awaitable)
        except BaseException as exc:  # noqa: BLE001 - raised again in the test's thread
            outcome["error"] = exc

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["result"]


def hold_the_first(page, pattern: str) -> list:
    """Hold the first request matching `pattern` (its route is put in the list given back, for
    the test to let it go); the later ones go as usual."""
    held: list = []

    def handle(route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route(re.compile(pattern), handle)
    return held


def wait_for(page, held: list, what: str) -> None:
    """Until a request routed into `held` has come (at most 10 s)."""
    for _ in range(200):
        if held:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{what} never came")


def without_live_stream(page) -> None:
    """This screen can't hold its live stream (as behind a proxy that buffers, or where the
    stream is refused): it learns of another screen's change as before live updates, when its
    next tap is refused as out of date (or, at a Barcadia table, from its own check)."""
    page.route(LIVE_STREAM, lambda route: route.abort())


def follow_console_errors(page, errors: list) -> None:
    """Append each console error and uncaught exception of `page` to `errors`. htmx reports a
    request the page itself dropped (the browser aborts it when a form's post leaves the page,
    e.g. a dice preview still on its way) as two errors; those are no fault and are left out.
    A request that failed (htmx:sendError, a response error) is kept."""

    def heard(message) -> None:
        if message.type != "error":
            return
        text = message.text
        if text.startswith("htmx:sendAbort"):
            of = text.removeprefix("htmx:sendAbort")
            if errors and errors[-1] == "htmx:afterRequest" + of:
                errors.pop()
            return
        errors.append(text)

    page.on("console", heard)
    page.on("pageerror", lambda e: errors.append(str(e)))


def python_calls(work) -> int:
    """The Python function calls made while `work()` runs: a measure of work that, unlike a
    clock, a loaded machine does not change (tests compare it; benchmarks time)."""
    made = 0

    def count(_frame, event, _arg) -> None:
        nonlocal made
        if event == "call":
            made += 1

    sys.setprofile(count)
    try:
        work()
    finally:
        sys.setprofile(None)
    return made
