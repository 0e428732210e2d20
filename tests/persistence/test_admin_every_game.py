"""Every game has an admin on the core's base (tracker/core/admin.py): its records listed and
searched, renamed through the core's service under the game's own name rule, rebuilt from
their logs; their logs and what is derived from them view only (issue 22)."""

import re

import pytest
from django.urls import reverse

from tests.barbarian_vince.conftest import make_adventure
from tracker.barbarian_vince.models import Adventure, AdventureLogEntry, AdventureTurn
from tracker.barcadia import services as hob_services
from tracker.barcadia.models import Table, TableEvent, TableLogEntry

pytestmark = pytest.mark.django_db


def an_adventure(player):
    return make_adventure(player, "after_x0", name="Long road")


def a_table(player):
    table = hob_services.table_create(
        owner=player, name="Friday night", players=[{"name": "Ana"}, {"name": "Bo"}]
    )
    return hob_services.table_apply(
        table=table,
        action={"type": "roll_for_order", "rolls": {"Ana": 20, "Bo": 19}},
        expected_version=table.version,
    )


GAMES = {
    "barbarian-vince": (an_adventure, Adventure, AdventureLogEntry, AdventureTurn, "adventure"),
    "heroes-of-barcadia": (a_table, Table, TableLogEntry, TableEvent, "table"),
}


@pytest.fixture(params=list(GAMES))
def game(request, player):
    make, record_model, entry_model, derived_model, fk = GAMES[request.param]
    record = make(player)
    record.refresh_from_db()
    return record, record_model, entry_model, derived_model, fk


def admin_url(model, view: str, *args) -> str:
    return reverse(f"admin:tracker_{model._meta.model_name}_{view}", args=args)


def form_data(client, url) -> dict:
    html = client.get(url).content.decode()
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))


def test_the_records_are_listed_and_searched(boss, game):
    record, model, *_ = game
    page = boss.get(admin_url(model, "changelist"), {"q": record.name})
    assert page.status_code == 200
    assert record.name in page.content.decode()
    assert (
        record.name
        not in boss.get(admin_url(model, "changelist"), {"q": "nobody"}).content.decode()
    )


def test_a_record_shows_its_log_and_state_and_edits_only_its_name(boss, game):
    record, model, entry_model, _derived, fk = game
    page = boss.get(admin_url(model, "change", record.pk))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'name="name"' in text
    for derived in ("state", "version", "last_seq", "owner"):
        assert f'name="{derived}"' not in text, derived
    log = admin_url(entry_model, "changelist") + f"?{fk}__id__exact={record.pk}"
    assert f'href="{log}"' in text.replace("&amp;", "&")
    assert f"{record.last_seq} actions" in text
    assert boss.get(admin_url(model, "add")).status_code == 403


def test_renaming_goes_through_the_core_under_the_games_name_rule(boss, game):
    record, model, *_ = game
    url = admin_url(model, "change", record.pk)
    answer = boss.post(url, form_data(boss, url) | {"name": "  Second wind  "})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    stored = model.objects.get(pk=record.pk)
    assert stored.name == "Second wind"
    assert stored.version > record.version  # open screens reload
    refused = boss.post(url, form_data(boss, url) | {"name": "   "})
    assert refused.status_code == 200
    assert model.objects.get(pk=record.pk).name == "Second wind"


def test_log_entries_and_derived_rows_are_view_only(boss, game):
    record, _model, entry_model, derived_model, fk = game
    entry = entry_model.objects.filter(**{fk: record}).order_by("seq").first()
    assert boss.get(admin_url(entry_model, "changelist")).status_code == 200
    url = admin_url(entry_model, "change", entry.pk)
    assert boss.get(url).status_code == 200
    assert boss.post(url, {"seq": 99}).status_code == 403
    assert boss.get(admin_url(entry_model, "add")).status_code == 403
    assert boss.post(admin_url(entry_model, "delete", entry.pk), {"post": "yes"}).status_code == 403
    assert entry_model.objects.get(pk=entry.pk).action == entry.action
    assert boss.get(admin_url(derived_model, "add")).status_code == 403


def test_the_rebuild_action_replays_the_log(boss, game):
    record, model, *_ = game
    model.objects.filter(pk=record.pk).update(state={})
    answer = boss.post(
        admin_url(model, "changelist"),
        {"action": "rebuild_from_log", "_selected_action": [record.pk]},
    )
    assert answer.status_code == 302
    assert model.objects.get(pk=record.pk).state == record.state


def test_deleting_a_record_deletes_its_log(boss, game):
    record, model, entry_model, _derived, fk = game
    assert boss.post(admin_url(model, "delete", record.pk), {"post": "yes"}).status_code == 302
    assert not model.objects.filter(pk=record.pk).exists()
    assert not entry_model.objects.filter(**{f"{fk}_id": record.pk}).exists()
