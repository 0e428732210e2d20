"""Accounts: sign up, log in, log out, and the landing page after login."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

pytestmark = pytest.mark.django_db

GOOD = {
    "username": "ada",
    "password1": "correct horse battery",
    "password2": "correct horse battery",
}


def test_signup_creates_user_logs_in_and_lands_on_character_list(client):
    response = client.post(reverse("signup"), GOOD)
    assert response.status_code == 302
    assert response["Location"] == reverse("tracker:character_list")
    assert get_user_model().objects.filter(username="ada").exists()
    page = client.get(reverse("tracker:character_list"))
    assert page.status_code == 200
    assert "You have no characters yet." in page.text


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({**GOOD, "password2": "something else"}, "The two password fields"),
        ({**GOOD, "password1": "short", "password2": "short"}, "too short"),
        ({**GOOD, "username": ""}, "This field is required"),
    ],
)
def test_bad_signup_returns_the_form_with_errors_and_creates_nothing(client, data, message):
    response = client.post(reverse("signup"), data)
    assert response.status_code == 400
    assert message in response.text
    assert 'name="username"' in response.text
    assert not get_user_model().objects.exists()


def test_duplicate_username_is_refused(client, django_user_model):
    django_user_model.objects.create_user("ada", password="x")
    response = client.post(reverse("signup"), GOOD)
    assert response.status_code == 400
    assert "already exists" in response.text
    assert django_user_model.objects.count() == 1


def test_character_list_needs_login(client):
    response = client.get(reverse("tracker:character_list"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_login_and_logout(client, django_user_model):
    django_user_model.objects.create_user("ada", password="correct horse battery")
    response = client.post(
        reverse("login"), {"username": "ada", "password": "correct horse battery"}
    )
    assert response["Location"] == reverse("tracker:character_list")
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert client.get(reverse("tracker:character_list")).status_code == 302


def test_pages_name_no_external_url_and_serve_htmx_locally(client):
    html = client.get(reverse("login")).text
    assert "http://" not in html and "https://" not in html and "//cdn" not in html
    assert "/static/django_htmx/htmx-2" in html
    assert "X-CSRFToken" in html


def test_a_missing_page_is_a_page_of_the_app_with_a_way_back(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("ada", password="x"))
    response = client.get("/characters/999999/")
    assert response.status_code == 404
    assert "Nothing here" in response.text
    assert 'href="/"' in response.text
