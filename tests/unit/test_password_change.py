"""Passwords (issue 11, point 8): players have no e-mail address, so there are no reset pages
(one tried to send mail through a server that isn't there); a signed-in player changes their
password on a page of the app instead, and stays signed in."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import NoReverseMatch, reverse

pytestmark = pytest.mark.django_db

OLD = "correct horse battery"
NEW = "staple of the tavern"
CHANGE = {"old_password": OLD, "new_password1": NEW, "new_password2": NEW}


@pytest.fixture
def ada(django_user_model):
    return django_user_model.objects.create_user("ada", password=OLD)


@pytest.fixture
def signed_in(client, ada):
    client.force_login(ada)
    return client


@pytest.mark.parametrize(
    "url",
    [
        "/accounts/password_reset/",
        "/accounts/password_reset/done/",
        "/accounts/reset/MQ/set-password/",
        "/accounts/reset/MQ/abc-123/",
        "/accounts/reset/done/",
        "/accounts/password_change/done/",
    ],
)
def test_password_reset_pages_are_gone(client, url):
    assert client.get(url).status_code == 404
    assert client.post(url, {"email": "ada@example.org"}).status_code == 404


def test_a_reset_post_sends_no_mail(client, ada, mailoutbox):
    ada.email = "ada@example.org"
    ada.save()
    assert client.post("/accounts/password_reset/", {"email": ada.email}).status_code == 404
    assert mailoutbox == []


@pytest.mark.parametrize(
    "name",
    ["password_reset", "password_reset_done", "password_reset_complete", "password_change_done"],
)
def test_no_reset_url_names_are_left_to_link_to(name):
    with pytest.raises(NoReverseMatch):
        reverse(name)


def test_the_account_urls_kept_are_login_logout_signup_and_password_change():
    assert reverse("login") == "/accounts/login/"
    assert reverse("logout") == "/accounts/logout/"
    assert reverse("signup") == "/accounts/signup/"
    assert reverse("password_change") == "/accounts/password/"


def test_the_header_links_to_the_password_page_when_signed_in(signed_in):
    page = signed_in.get(reverse("tracker:character_list")).text
    assert f'href="{reverse("password_change")}"' in page


def test_the_password_page_asks_for_the_old_password_and_the_new_one_twice(signed_in):
    response = signed_in.get(reverse("password_change"))
    assert response.status_code == 200
    for field in ("old_password", "new_password1", "new_password2"):
        assert f'name="{field}"' in response.text
    # The project's plain labels: no trailing colon.
    assert ">Old password</label>" in response.text


def test_changing_the_password_keeps_the_player_signed_in_with_a_message(signed_in, ada):
    response = signed_in.post(reverse("password_change"), CHANGE, follow=True)
    assert response.redirect_chain[0] == (reverse("tracker:character_list"), 302)
    assert response.status_code == 200
    assert "Your password is changed" in response.text
    # Still signed in on this phone, on the same account.
    assert signed_in.get(reverse("tracker:character_list")).status_code == 200
    assert int(signed_in.session["_auth_user_id"]) == ada.pk
    ada.refresh_from_db()
    assert ada.check_password(NEW) and not ada.check_password(OLD)


def test_after_the_change_only_the_new_password_logs_in(signed_in):
    signed_in.post(reverse("password_change"), CHANGE)
    fresh = Client()
    response = fresh.post(reverse("login"), {"username": "ada", "password": OLD})
    assert response.status_code == 200 and "_auth_user_id" not in fresh.session
    response = fresh.post(reverse("login"), {"username": "ada", "password": NEW})
    assert response.status_code == 302
    assert response["Location"] == reverse("tracker:character_list")


def test_the_change_signs_out_the_players_other_phones(signed_in, ada):
    other_phone = Client()
    other_phone.force_login(ada)
    assert other_phone.get(reverse("tracker:character_list")).status_code == 200
    signed_in.post(reverse("password_change"), CHANGE)
    response = other_phone.get(reverse("tracker:character_list"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({**CHANGE, "old_password": "wrong"}, "Your old password was entered incorrectly"),
        ({**CHANGE, "new_password2": "something else"}, "The two password fields"),
        ({**CHANGE, "new_password1": "short", "new_password2": "short"}, "too short"),
        ({**CHANGE, "new_password1": "", "new_password2": ""}, "This field is required"),
    ],
)
def test_a_refused_change_is_a_400_showing_why_and_changes_nothing(signed_in, ada, data, message):
    response = signed_in.post(reverse("password_change"), data)
    assert response.status_code == 400
    assert message in response.text
    assert 'name="old_password"' in response.text
    ada.refresh_from_db()
    assert ada.check_password(OLD)
    assert signed_in.get(reverse("tracker:character_list")).status_code == 200


def test_an_anonymous_visitor_is_sent_to_log_in(client, ada):
    for response in (
        client.get(reverse("password_change")),
        client.post(reverse("password_change"), CHANGE),
    ):
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={reverse('password_change')}"
    assert get_user_model().objects.get(pk=ada.pk).check_password(OLD)
