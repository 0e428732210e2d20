"""The language: the browser's on a first visit, switched from every page's header, remembered
on this phone and — for a signed-in player — on their account, so it follows them to a new phone."""

import pytest
from django.conf import settings
from django.test import Client

from tracker.core.models import Preferences

pytestmark = pytest.mark.django_db

PASSWORD = "a long pass phrase 42"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.AUTHENTICATION_BACKENDS = ["django.contrib.auth.backends.ModelBackend"]


def test_the_languages_are_english_and_traditional_chinese():
    assert [code for code, _ in settings.LANGUAGES] == ["en", "zh-hant"]
    assert "django.middleware.locale.LocaleMiddleware" in settings.MIDDLEWARE


def test_a_first_visit_follows_the_browsers_accept_language(client):
    page = client.get("/accounts/login/", headers={"Accept-Language": "zh-TW,zh;q=0.9,en;q=0.5"})
    assert '<html lang="zh-Hant">' in page.content.decode()
    page = client.get("/accounts/login/", headers={"Accept-Language": "fr, en;q=0.8"})
    assert '<html lang="en">' in page.content.decode()


def test_every_page_offers_the_switch_and_it_sticks_on_this_phone(client):
    page = client.get("/accounts/login/").content.decode()
    assert 'action="/language/"' in page and 'value="zh-hant"' in page
    response = client.post("/language/", {"language": "zh-hant", "next": "/accounts/login/"})
    assert response.status_code == 302 and response["Location"] == "/accounts/login/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "zh-hant"
    page = client.get("/accounts/login/").content.decode()
    assert '<html lang="zh-Hant">' in page and 'value="en"' in page


def test_the_switch_never_sends_the_player_elsewhere_and_refuses_unknown_languages(client):
    response = client.post("/language/", {"language": "zh-hant", "next": "https://evil.example/"})
    assert response["Location"] == "/"
    response = client.post("/language/", {"language": "klingon"})
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    assert client.get("/language/").status_code == 405


def test_a_signed_in_players_choice_follows_them_to_another_phone(django_user_model):
    user = django_user_model.objects.create_user("polyglot", password=PASSWORD)
    phone = Client()
    phone.force_login(user)
    phone.post("/language/", {"language": "zh-hant", "next": "/"})
    assert Preferences.objects.get(user=user).language == "zh-hant"
    other = Client()
    response = other.post("/accounts/login/", {"username": "polyglot", "password": PASSWORD})
    assert response.status_code == 302
    assert other.cookies[settings.LANGUAGE_COOKIE_NAME].value == "zh-hant"
    assert '<html lang="zh-Hant">' in other.get("/").content.decode()
