"""The PostgreSQL pass of CI runs only the tests marked `database` and not `browser`: the marks
must find them."""

import pytest


@pytest.fixture
def through_a_fixture(db):
    return db


def test_a_test_asking_for_the_database_is_marked(request, db):
    assert request.node.get_closest_marker("database")


def test_a_test_reaching_the_database_through_a_fixture_is_marked(request, through_a_fixture):
    assert request.node.get_closest_marker("database")


@pytest.mark.django_db
def test_a_test_marked_django_db_is_marked(request):
    assert request.node.get_closest_marker("database")


def test_a_test_with_no_database_is_not_marked_and_is_refused_it(request):
    from django.contrib.auth.models import User

    assert not request.node.get_closest_marker("database")
    with pytest.raises(RuntimeError, match="Database access not allowed"):
        User.objects.count()


class Collected:
    """A collected test as the marking hook sees it: its fixtures' closure and its marks."""

    def __init__(self, *fixtures: str):
        self.fixturenames = list(fixtures)
        self.marks: list = []

    def get_closest_marker(self, name):
        return next((mark for mark in self.marks if mark.name == name), None)

    def add_marker(self, marker):
        self.marks.append(getattr(marker, "mark", marker))


def test_a_test_launching_a_browser_of_its_own_is_marked_browser():
    """tests/play/test_play_awake_browser.py launches Chromium through `browser_type` alone: left
    unmarked it ran in the PostgreSQL pass, and Playwright's event loop, left running in the
    main thread, kept a database connection open past the test database's drop."""
    from tests.conftest import pytest_collection_modifyitems

    own_browser = Collected("lan", "live_server", "lan_browser", "browser_type", "playwright")
    no_browser = Collected("db", "client")
    pytest_collection_modifyitems(None, [own_browser, no_browser])
    assert {mark.name for mark in own_browser.marks} >= {"browser", "database"}
    assert [mark.name for mark in no_browser.marks] == ["database"]
