"""Issue 25, point 5: each log at a table stands alone (T-37) — its export replays by itself
with `manage.py replay`, imports as a new character, and its history tells the robberies and
the duels blow by blow; the record sheet counts player kills and deaths."""

import html
import io
import json
import re

import pytest
from django.core.management import call_command
from django.test import Client
from seating import ANA_HAND, bo_loots, fresh, seated, solo

from tracker.card_rpg import services, table_services

pytestmark = pytest.mark.django_db


def duel_of_example_5(host):
    """Examples 2 and 5 through the services: Ana robs Bo's 6♠, then kills him in a duel."""
    table, (bo, ana) = seated(host, "Bo", "Ana")
    bo, ana = bo_loots(bo), fresh(ana)
    table_services.character_rob(
        robber_id=ana.pk, victim_id=bo.pk, card="6S",
        robber_version=ana.version, victim_version=bo.version,
    )  # fmt: skip
    solo(fresh(ana), "start_session", hand=ANA_HAND)
    table_services.duel_challenge(challenger_id=ana.pk, challenged_id=bo.pk)
    table_services.duel_answer(challenged_id=bo.pk, challenger_id=ana.pk, accept=True)
    for who, action in (
        (bo, {"type": "attack", "cards": ["5C"]}),
        (ana, {"type": "use_item", "card": "6S"}),
        (bo, {"type": "save", "card": "4H"}),
        (ana, {"type": "attack", "cards": ["QH"]}),
        (ana, {"type": "turn", "card": "9C"}),
    ):
        me = fresh(who)
        table_services.duel_apply(
            character_id=me.pk, action=action, expected_version=me.version, opponent_version=None
        )
    return fresh(ana), fresh(bo)


def test_t37_each_export_replays_alone_with_manage_py_replay(host, tmp_path):
    ana, bo = duel_of_example_5(host)
    for character in (ana, bo):
        path = tmp_path / f"{character.name}.json"
        path.write_text(services.character_export(character=character), encoding="utf-8")
        out = io.StringIO()
        call_command("replay", str(path), stdout=out)
        assert json.loads(out.getvalue()) == character.state
    assert ana.state["rivals"]["player_kills"] == 1 and bo.state["rivals"]["player_deaths"] == 1


def test_t37_each_export_imports_as_a_new_character_with_its_robberies_and_duels(host):
    ana, bo = duel_of_example_5(host)
    for character in (ana, bo):
        text = services.character_export(character=character)
        copy = services.character_import(owner=character.owner, text=text)
        assert copy.pk != character.pk and copy.state == character.state
        assert copy.state["duel"] is None


def words(answer) -> str:
    """A page's text as a player reads it (tags dropped)."""
    return html.unescape(re.sub(r"<[^>]+>", "", answer.content.decode()))


def test_t37_the_history_tells_the_robbery_and_the_duel_blow_by_blow(host):
    ana, bo = duel_of_example_5(host)
    client = Client()
    client.force_login(ana.owner)
    ana_log = words(client.get(f"/characters/{ana.pk}/history/log/"))
    assert "Robbed Bo (J♥) of the 6♠" in ana_log
    assert "Bo hit you for 5: HP 2." in ana_log
    assert "Bo died: the duel is won (player kills 1)." in ana_log
    client.force_login(bo.owner)
    bo_log = words(client.get(f"/characters/{bo.pk}/history/log/"))
    assert "Ana (Q♠) robbed the 6♠" in bo_log
    assert "Ana hit you for 6: HP -2." in bo_log and "Ana hit you for 9: HP -5." in bo_log


def test_t34_t35_the_record_sheet_counts_player_kills_and_deaths(host):
    ana, bo = duel_of_example_5(host)
    client = Client()
    client.force_login(ana.owner)
    sheet = client.get(f"/characters/{ana.pk}/").content.decode()
    assert 'data-testid="player-kills">1<' in sheet
    client.force_login(bo.owner)
    sheet = client.get(f"/characters/{bo.pk}/").content.decode()
    assert 'data-testid="player-deaths">1<' in sheet


def test_t34_t35_the_career_charts_count_player_kills_and_deaths(host):
    from tracker.card_rpg.charts import career_charts

    ana, bo = duel_of_example_5(host)
    ana_duels = next(chart for chart in career_charts(ana) if chart.slug == "duels")
    assert ana_duels.rows[:2] == [("Player kills", 1), ("Deaths in duels", 0)]
    bo_duels = next(chart for chart in career_charts(bo) if chart.slug == "duels")
    assert bo_duels.rows[:2] == [("Player kills", 0), ("Deaths in duels", 1)]
