"""Issue 12, point 8: an imported character is told apart in the list, and a second import of
the same file says so."""

import datetime
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from tests.characters.test_characters_views import make, url
from tracker.card_rpg.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(client, django_user_model):
    user = django_user_model.objects.create_user("ada", password="correct horse battery")
    client.force_login(user)
    return user


def upload(content: bytes):
    return SimpleUploadedFile("Capi.cardrpg.json", content, "application/json")


def test_an_imported_character_is_told_apart_and_a_second_import_says_so(client, player):
    original = make(player, name="Capi")
    exported = client.get(url("character_export", original)).content

    first = client.post(url("import"), {"log_file": upload(exported)}, follow=True)
    page = first.content.decode()
    assert "Capi was imported." in page
    assert "imported before" not in page

    second = client.post(url("import"), {"log_file": upload(exported)}, follow=True)
    page = second.content.decode()
    copies = Character.objects.filter(owner=player, name="Capi").order_by("pk")
    assert copies.count() == 3
    earlier = copies[1]
    when = timezone.localtime(earlier.imported_at)
    assert re.search(
        r"This file was imported before, as “Capi” \(imported \d+ \w{3}, \d\d:\d\d\): this is "
        r"another copy",
        page,
    ), page
    assert f"{when.day} {when:%b}" in page

    # The list tells the copies apart: the one made here says nothing, each import its date.
    listing = client.get(url("character_list")).content.decode()
    assert listing.count('data-testid="imported"') == 2
    assert re.findall(r'data-testid="imported">imported (\d+ \w{3}, \d\d:\d\d)<', listing)


def test_the_import_date_is_said_the_way_django_formats_dates(client, player):
    original = make(player, name="Capi")
    exported = client.get(url("character_export", original)).content
    client.post(url("import"), {"log_file": upload(exported)})
    imported = Character.objects.exclude(pk=original.pk).get()
    moment = timezone.make_aware(datetime.datetime(2025, 11, 30, 14, 5))
    Character.objects.filter(pk=imported.pk).update(imported_at=moment)
    listing = client.get(url("character_list")).content.decode()
    assert 'data-testid="imported">imported 30 Nov, 14:05<' in listing
    sheet = client.get(url("character_detail", imported)).content.decode()
    assert "Imported from a file on 30 Nov 2025, 14:05" in sheet


def test_the_same_file_imported_by_another_player_is_not_theirs_to_be_told_of(
    client, player, django_user_model
):
    original = make(player, name="Capi")
    exported = client.get(url("character_export", original)).content
    client.post(url("import"), {"log_file": upload(exported)})
    other = django_user_model.objects.create_user("bob", password="correct horse battery")
    client.force_login(other)
    page = client.post(url("import"), {"log_file": upload(exported)}, follow=True).content.decode()
    assert "imported before" not in page
