"""Login throttling and the Content-Security-Policy."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"


def test_login_is_refused_after_five_wrong_passwords_even_with_the_right_one(
    client, django_user_model
):
    django_user_model.objects.create_user("ada", password=PASSWORD)
    for _ in range(5):
        response = client.post(reverse("login"), {"username": "ada", "password": "wrong"})
    assert response.status_code == 429
    response = client.post(reverse("login"), {"username": "ada", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many tries" in response.text
    assert "_auth_user_id" not in client.session


def test_a_lockout_for_one_user_leaves_other_users_alone(client, django_user_model):
    django_user_model.objects.create_user("ada", password=PASSWORD)
    django_user_model.objects.create_user("bob", password=PASSWORD)
    for _ in range(5):
        client.post(reverse("login"), {"username": "ada", "password": "wrong"})
    response = client.post(reverse("login"), {"username": "bob", "password": PASSWORD})
    assert response.status_code == 302


def test_pages_carry_a_csp_allowing_only_the_app_itself(client):
    response = client.get(reverse("login"))
    policy = response["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert directives["frame-ancestors"] == "'none'"
    assert "includeIndicatorStyles" in response.text


def test_pages_travel_compressed_when_the_browser_accepts_it(client):
    response = client.get(reverse("login"), headers={"accept-encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
