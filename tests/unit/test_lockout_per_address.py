"""Login throttling (issue 21, point 7): failed passwords count per user name and device, and per
device alone — one phone guessing a few passwords on each of many names is locked — and guessing
the current password on the password-change page counts as a failed log-in too."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"
NEW = "staple of the tavern"
GUESSER = "203.0.113.5"
FRIEND = "198.51.100.7"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def names(django_user_model):
    """Thirty accounts on one server."""
    made = [f"player{n}" for n in range(30)]
    for name in made:
        django_user_model.objects.create_user(name, password=PASSWORD)
    return made


def log_in(client: Client, name: str, password: str):
    return client.post(reverse("login"), {"username": name, "password": password})


def test_issue21_7_one_address_guessing_over_thirty_names_is_locked(names):
    guesser = Client(REMOTE_ADDR=GUESSER)
    answers = [log_in(guesser, name, f"guess{n}") for n in range(4) for name in names]
    # 120 guesses, four a name (under the five a name locks): locked after 20 by the address.
    assert [r.status_code for r in answers[:19]] == [200] * 19
    assert {r.status_code for r in answers[19:]} == {429}
    assert "Too many wrong passwords were tried from this device" in answers[-1].content.decode()
    # Even the right password of a name never guessed at is refused from that address...
    assert log_in(guesser, names[0], PASSWORD).status_code == 429
    # ...while another phone logs in.
    assert log_in(Client(REMOTE_ADDR=FRIEND), names[0], PASSWORD).status_code == 302


def test_issue21_7_a_few_typos_over_accounts_on_one_phone_lock_nothing(names):
    phone = Client(REMOTE_ADDR=GUESSER)
    for name in names[:4]:
        for _ in range(4):
            assert log_in(phone, name, "typo").status_code == 200
    assert log_in(phone, names[0], PASSWORD).status_code == 302


def test_issue21_7_the_lockout_page_is_translated(names):
    guesser = Client(REMOTE_ADDR=GUESSER, headers={"Accept-Language": "zh-Hant"})
    for _ in range(5):
        response = log_in(guesser, names[0], "wrong")
    assert response.status_code == 429
    with translation.override("zh-hant"):
        text = translation.gettext(
            "Too many wrong passwords were tried from this device. Wait 15 minutes and try again."
        )
    assert text != "Too many wrong passwords were tried from this device. Wait 15 minutes " + (
        "and try again."
    )
    assert text in response.content.decode()


def change(client: Client, old: str):
    return client.post(
        reverse("password_change"),
        {"old_password": old, "new_password1": NEW, "new_password2": NEW},
    )


def test_issue21_7_guessing_the_current_password_on_the_change_page_is_throttled(
    names, django_user_model
):
    ada = django_user_model.objects.get(username=names[0])
    stolen = Client(REMOTE_ADDR=GUESSER)
    stolen.force_login(ada)
    answers = [change(stolen, f"guess{n}") for n in range(5)]
    assert [r.status_code for r in answers[:4]] == [400] * 4
    assert "Your old password was entered incorrectly" in answers[0].content.decode()
    assert answers[4].status_code == 429
    page = answers[4].content.decode()
    assert "Too many wrong passwords were tried from this device" in page
    assert reverse("tracker:home") in page
    # Locked: even the right password changes nothing now, here or at the log-in page.
    assert change(stolen, PASSWORD).status_code == 429
    ada.refresh_from_db()
    assert ada.check_password(PASSWORD)
    assert log_in(Client(REMOTE_ADDR=GUESSER), names[0], PASSWORD).status_code == 429
    # Ada's own phone still changes it.
    own = Client(REMOTE_ADDR=FRIEND)
    own.force_login(ada)
    assert change(own, PASSWORD).status_code == 302
    ada.refresh_from_db()
    assert ada.check_password(NEW)
