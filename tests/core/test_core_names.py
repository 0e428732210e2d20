"""One name rule for every game (issue 21, point 7): Barbarian Vince and Barcadia took
zero-width-only names, right-to-left overrides and line breaks in adventure, table, hero and
card names (two heroes that looked identical; the override reached the export's file name).
Every game now uses Card RPG's rule (tracker/rules/names.py, asked through
tracker/core/names.py), and no export's file name holds an override."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tracker.barbarian_vince import services as bv_services
from tracker.barbarian_vince.game import GAME as BV
from tracker.barbarian_vince.models import Adventure
from tracker.barcadia import services as hob_services
from tracker.barcadia.game import GAME as HOB
from tracker.barcadia.models import Table
from tracker.card_rpg.game import GAME as CARD_RPG
from tracker.core.names import export_file_name
from tracker.rules.barbarian_vince.catalogue import clean_text
from tracker.rules.errors import RuleError

PASSWORD = "correct horse battery"

BAD = {
    "zero-width only": "\u200b\u200b",
    "override": "Evil\u202enosj.exe",
    "isolate": "An\u2067a",
    "line break": "Ana\nBo",
    "line separator": "Ana\u2028Bo",
    "tab": "Ana\tBo",
    "escape": "Ana\x1b[31m",
}


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def host(db):
    return get_user_model().objects.create_user("host", password=PASSWORD)


@pytest.mark.parametrize("name", BAD.values(), ids=BAD.keys())
def test_issue21_7_every_games_record_name_follows_card_rpgs_rule(name):
    for game, rule in ((CARD_RPG, "S-03"), (BV, "A-02"), (HOB, "HL-02")):
        with pytest.raises(RuleError) as refused:
            game.check_name(name)
        assert refused.value.rule == rule, game.id


@pytest.mark.parametrize("name", BAD.values(), ids=BAD.keys())
def test_issue21_7_barbarian_vince_refuses_such_adventure_and_card_names(host, name):
    with pytest.raises(RuleError):
        bv_services.adventure_create(owner=host, name=name)
    with pytest.raises(RuleError, match="BT-01"):
        clean_text(name, "BT-01", "the card's name")
    assert Adventure.objects.count() == 0


@pytest.mark.parametrize("name", BAD.values(), ids=BAD.keys())
def test_issue21_7_barcadia_refuses_such_table_hero_and_card_names(host, name):
    heroes = [{"name": "Ana"}, {"name": "Bo"}]
    with pytest.raises(RuleError):
        hob_services.table_create(owner=host, name=name, players=heroes)
    with pytest.raises(RuleError, match="HL-02"):
        hob_services.table_create(owner=host, name="Friday", players=[{"name": name}, *heroes])
    with pytest.raises(RuleError, match="HL-02"):
        hob_services.table_create(
            owner=host, name="Friday", players=[{"name": "Cy", "signature_move": name}, *heroes]
        )
    assert Table.objects.count() == 0


@pytest.mark.parametrize("twin", ["A\u200bna", "ANA", "Ａｎａ"], ids=["zero-width", "case", "wide"])
def test_issue21_7_two_heroes_that_look_identical_are_refused(host, twin):
    with pytest.raises(RuleError, match="two heroes are called"):
        hob_services.table_create(
            owner=host, name="Friday", players=[{"name": "Ana"}, {"name": twin}]
        )


def test_issue21_7_names_are_trimmed_and_normalised_alike_in_every_game(host):
    typed = "\u200b Cafe\u0301 \u200b"  # e + combining accent, zero-width marks at the ends
    for game in (CARD_RPG, BV, HOB):
        assert game.check_name(typed) == "Café"
    adventure = bv_services.adventure_create(owner=host, name=typed)
    table = hob_services.table_create(
        owner=host, name=typed, players=[{"name": typed}, {"name": "Bo"}]
    )
    assert adventure.name == table.name == "Café" and "Café" in table.state["players"]


@pytest.mark.parametrize(
    "name",
    ["Evil\u202enosj.exe", "a/b\\c", "\u2066x\u2069", "..", "Ana\u200bBo", "A\nB"],
)
def test_issue21_7_an_export_file_name_never_holds_an_override(name):
    shown = export_file_name(name, suffix=".barcadia.json", fallback="table")
    assert shown.endswith(".barcadia.json")
    assert not any(char in shown for char in "\u202e\u2066\u2069\u200b\n/\\")


def test_issue21_7_a_stored_name_with_an_override_leaves_it_out_of_the_download(host, client):
    """A table named before the rule (its name written straight to the row) exports under a
    file name without the override."""
    table = hob_services.table_create(
        owner=host, name="Friday", players=[{"name": "Ana"}, {"name": "Bo"}]
    )
    Table.objects.filter(pk=table.pk).update(name="Evil\u202enosj.exe")
    client.force_login(host)
    response = client.get(f"/tables/{table.pk}/export/")
    assert response.status_code == 200
    disposition = response["Content-Disposition"]
    assert "\u202e" not in disposition and "%E2%80%AE" not in disposition.upper()
    assert "Evilnosj.exe.barcadia.json" in disposition
