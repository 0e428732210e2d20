"""The admin shows characters and their logs and edits nothing the log is the truth for."""

import re

import pytest
from django.urls import reverse

from tracker.card_rpg import services
from tracker.card_rpg.models import ActionLogEntry, Character, Fight, PlaySession
from tracker.rules import dump_log
from tracker.rules.card_rpg.bot import random_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(player):
    """A character with 120 actions of random play (imported: quicker than playing them)."""
    return services.character_import(owner=player, text=dump_log(random_game(61, 120, "JD")))


def test_character_list_shows_the_record_sheet_columns_and_searches(boss, played):
    other = random_game(62, 3, "QS")  # another character that the search must leave out
    services.character_import(owner=played.owner, text=dump_log(other))
    page = boss.get(reverse("admin:tracker_character_changelist"), {"q": "Bot 61"})
    assert page.status_code == 200
    text = page.content.decode()
    for column in ("Owner", "Class", "Level", "XP", "Kills", "Deaths", "Sessions played"):
        assert column in text, column
    assert "Bot 61" in text and "Bot 62" not in text
    assert boss.get(reverse("admin:tracker_character_changelist"), {"q": "capi"}).status_code == 200


def test_character_page_shows_inventory_and_state_read_only(boss, played):
    played.refresh_from_db()
    page = boss.get(reverse("admin:tracker_character_change", args=[played.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'name="name"' in text
    for derived in ("level", "xp", "state", "version", "kills"):
        assert f'name="{derived}"' not in text, derived
    for card in played.inventory:
        assert card in text
    assert f"{played.last_seq} actions" in text
    assert reverse("admin:tracker_character_add") not in text
    assert boss.get(reverse("admin:tracker_character_add")).status_code == 403


def form_data(client, url) -> dict:
    """The hidden inputs of the admin change form (the inlines' management forms)."""
    html = client.get(url).content.decode()
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))


def test_renaming_in_the_admin_goes_through_the_service(boss, played):
    played.refresh_from_db()
    url = reverse("admin:tracker_character_change", args=[played.pk])
    answer = boss.post(url, form_data(boss, url) | {"name": " Boss Pick ", "level": 10})
    stored = Character.objects.get(pk=played.pk)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert (stored.name, stored.level) == ("Boss Pick", played.level)
    assert stored.version == played.version + 1  # open screens reload
    assert stored.log_entries.get(seq=1).action["name"] == "Bot 61"
    refused = boss.post(url, form_data(boss, url) | {"name": "   "})
    assert refused.status_code == 200 and Character.objects.get(pk=played.pk).name == "Boss Pick"


def test_log_entries_are_view_only(boss, played):
    entry = played.log_entries.get(seq=5)
    listing = boss.get(reverse("admin:tracker_actionlogentry_changelist"))
    assert listing.status_code == 200 and entry.action_type in listing.content.decode()
    url = reverse("admin:tracker_actionlogentry_change", args=[entry.pk])
    assert boss.get(url).status_code == 200
    assert boss.post(url, {"seq": 99, "action": "{}"}).status_code == 403
    assert boss.get(reverse("admin:tracker_actionlogentry_add")).status_code == 403
    delete = reverse("admin:tracker_actionlogentry_delete", args=[entry.pk])
    assert boss.post(delete, {"post": "yes"}).status_code == 403
    assert ActionLogEntry.objects.get(pk=entry.pk).action == entry.action


@pytest.mark.parametrize("model", [PlaySession, Fight])
def test_history_rows_are_view_only(boss, played, model):
    name = model._meta.model_name
    row = model.objects.filter(character=played).first()
    assert boss.get(reverse(f"admin:tracker_{name}_changelist")).status_code == 200
    assert boss.get(reverse(f"admin:tracker_{name}_change", args=[row.pk])).status_code == 200
    assert boss.get(reverse(f"admin:tracker_{name}_add")).status_code == 403
    assert boss.post(reverse(f"admin:tracker_{name}_change", args=[row.pk]), {}).status_code == 403


def test_the_rebuild_action_replays_the_log(boss, played, check_log):
    played.fights.update(damage_dealt=0)
    answer = boss.post(
        reverse("admin:tracker_character_changelist"),
        {"action": "rebuild_from_log", "_selected_action": [played.pk]},
    )
    assert answer.status_code == 302
    check_log(Character.objects.get(pk=played.pk))


def test_deleting_a_character_deletes_its_log(boss, played):
    url = reverse("admin:tracker_character_delete", args=[played.pk])
    assert boss.post(url, {"post": "yes"}).status_code == 302
    assert not ActionLogEntry.objects.exists() and not Fight.objects.exists()
