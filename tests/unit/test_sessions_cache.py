"""Sessions are read from a cache every worker shares and written through to the database."""

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db


def test_a_signed_in_page_reads_no_session_row(client, django_user_model):
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.cached_db"
    user = django_user_model.objects.create_user("reader")
    client.force_login(user)
    client.get("/")  # the session is cached now
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/").status_code == 200
    assert not [q for q in queries.captured_queries if "django_session" in q["sql"]]


def test_logging_out_ends_the_session_for_every_copy_of_its_cookie(django_user_model):
    user = django_user_model.objects.create_user("leaver")
    phone, thief = Client(), Client()
    phone.force_login(user)
    thief.cookies[settings.SESSION_COOKIE_NAME] = phone.cookies[settings.SESSION_COOKIE_NAME].value
    assert thief.get("/").status_code == 200
    phone.post("/accounts/logout/")
    response = thief.get("/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
