"""The PostgreSQL pass of CI runs only the tests marked `database`: the mark must find them."""

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
