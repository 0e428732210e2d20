"""History views through the test client: ownership, pages and partials, undo to a point with
its confirmation and version check, and charts that stay on the app's own origin."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.history.conftest import Career
from tracker.card_rpg import services
from tracker.card_rpg.models import Character
from tracker.rules.card_rpg import replay

HTMX = {"HX-Request": "true"}


def urls(pk: int, seq: int = 2) -> list[str]:
    return [
        reverse("tracker:rpg_history", args=[pk]),
        reverse("tracker:rpg_history_log", args=[pk]),
        reverse("tracker:rpg_history_undo_to", args=[pk, seq]),
        reverse("tracker:rpg_record_sheet", args=[pk]),
    ]


@pytest.fixture
def played(player):
    """A King of Spades after one whole session and a few actions of the next."""
    career = Career(player, 5)
    career.play_sessions(1)
    for _ in range(4):
        career.step()
    return career.character


@pytest.mark.django_db
def test_anonymous_visitors_are_sent_to_log_in(client, played):
    for url in urls(played.pk):
        response = client.get(url)
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))
    response = client.post(urls(played.pk)[2], {"version": played.version})
    assert response.status_code == 302
    played.refresh_from_db()
    assert played.last_seq > 2


@pytest.mark.django_db
def test_another_players_character_is_not_found(client, played, other_player):
    client.force_login(other_player)
    for url in urls(played.pk):
        assert client.get(url).status_code == 404
    assert client.post(urls(played.pk)[2], {"version": played.version}).status_code == 404
    played.refresh_from_db()
    assert played.last_seq > 2
    assert client.get(urls(999_999)[0]).status_code == 404


@pytest.mark.django_db
def test_history_page_lists_sessions_fights_and_the_latest_actions(client, player, played):
    client.force_login(player)
    response = client.get(reverse("tracker:rpg_history", args=[played.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    # Finished sessions and fights from their rows, the running ones from the projection.
    sessions, fights = services.history_records(played)
    assert re.findall(r'data-testid="session" data-number="(\d+)"', html) == [
        str(s.number) for s in reversed(sessions)
    ]
    assert html.count('data-testid="fight"') == len(fights)
    first = fights[0]
    assert f"Fight {first.number} · " in html
    assert f"dealt\u00a0{first.damage_dealt} · took\u00a0{first.damage_taken}" in html
    for slug in ("level-xp", "kills", "damage", "deaths"):
        assert f'data-chart="{slug}"' in html
    assert html.count('data-testid="log-line"') == 8
    assert f'data-seq="{played.last_seq}"' in html


@pytest.mark.django_db
def test_sessions_page_five_at_a_time_and_htmx_gets_only_the_next_ones(client, player):
    career = Career(player, 5)
    career.play_sessions(7)
    client.force_login(player)
    url = reverse("tracker:rpg_history", args=[career.character.pk])
    first = client.get(url).content.decode()
    assert re.findall(r'data-number="(\d+)"', first) == ["7", "6", "5", "4", "3"]
    assert "?page=2" in first
    more = client.get(url + "?page=2", headers=HTMX)
    html = more.content.decode()
    assert re.findall(r'data-number="(\d+)"', html) == ["2", "1"]
    assert "<html" not in html and "<svg" not in html  # no page, no charts: just the rows
    assert "?page=3" not in html


@pytest.mark.django_db
def test_log_page_and_its_htmx_continuation(client, player, played):
    client.force_login(player)
    url = reverse("tracker:rpg_history_log", args=[played.pk])
    html = client.get(url).content.decode()
    seqs = [int(s) for s in re.findall(r'data-seq="(\d+)"', html)]
    assert seqs == list(range(played.last_seq, played.last_seq - 50, -1))
    # Every action but the newest can be undone to.
    assert html.count('class="undo-link"') == 49
    older = client.get(f"{url}?before={seqs[-1]}", headers=HTMX).content.decode()
    assert "<html" not in older
    more = [int(s) for s in re.findall(r'data-seq="(\d+)"', older)]
    assert more[0] == seqs[-1] - 1
    # Nonsense paging falls back to the newest page rather than failing.
    assert client.get(f"{url}?before=abc").status_code == 200
    assert client.get(f"{url}?before=-5").status_code == 200


@pytest.mark.django_db
def test_undo_to_here_asks_first_then_goes_back_through_the_service(client, player, played):
    client.force_login(player)
    last, target = played.last_seq, played.last_seq - 6
    url = reverse("tracker:rpg_history_undo_to", args=[played.pk, target])
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert "Undo 6 actions" in html
    assert f'name="version" value="{played.version}"' in html
    played.refresh_from_db()
    assert played.last_seq == last  # looking changes nothing

    response = client.post(url, {"version": played.version})
    assert response.status_code == 302
    assert response.url == reverse("tracker:rpg_history_log", args=[played.pk])
    played.refresh_from_db()
    assert played.last_seq == target
    assert played.log_entries.count() == target
    kept = list(played.log_entries.order_by("seq").values_list("action", flat=True))
    assert played.state == replay(kept)  # the state the log had after entry `target`


@pytest.mark.django_db
def test_undo_with_an_old_version_is_shown_as_a_conflict_and_undoes_nothing(client, player, played):
    client.force_login(player)
    url = reverse("tracker:rpg_history_undo_to", args=[played.pk, played.last_seq - 2])
    response = client.post(url, {"version": played.version - 1})
    assert response.status_code == 409
    html = response.content.decode()
    assert "changed on another screen" in html
    assert f'name="version" value="{played.version}"' in html  # ready to confirm again
    before = played.last_seq
    played.refresh_from_db()
    assert played.last_seq == before

    # htmx swaps only 2xx answers, so it gets the same page with 200.
    response = client.post(url, {"version": played.version - 1}, headers=HTMX)
    assert response.status_code == 200 and "changed on another screen" in response.content.decode()
    # And with the version it now shows, the undo goes through (htmx: a client-side redirect).
    response = client.post(url, {"version": played.version}, headers=HTMX)
    assert response.headers["HX-Redirect"] == reverse("tracker:rpg_history_log", args=[played.pk])
    played.refresh_from_db()
    assert played.last_seq == before - 2


@pytest.mark.django_db
def test_undo_to_a_missing_action_or_without_a_version_undoes_nothing(client, player, played):
    client.force_login(player)
    last = played.last_seq
    beyond = reverse("tracker:rpg_history_undo_to", args=[played.pk, last + 5])
    assert "There is no action" in client.get(beyond).content.decode()
    response = client.post(beyond, {"version": played.version})
    assert response.status_code == 400
    assert "Nothing was undone" in response.content.decode()
    response = client.post(reverse("tracker:rpg_history_undo_to", args=[played.pk, 3]), {})
    assert response.status_code == 400
    newest = reverse("tracker:rpg_history_undo_to", args=[played.pk, last])
    assert "nothing after it to undo" in client.get(newest).content.decode()
    played.refresh_from_db()
    assert played.last_seq == last


@pytest.mark.django_db
def test_record_sheet_holds_every_s03_field_and_the_inventory(client, player):
    career = Career(player, 5)
    character = career.play_until(
        lambda s: s["character"]["inventory"] and s["fight"] is None and s["session"]
    )
    client.force_login(player)
    html = client.get(reverse("tracker:rpg_record_sheet", args=[character.pk])).content.decode()
    fields = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)", html))
    c = Character.objects.get(pk=character.pk)
    assert fields["Name"] == c.name
    assert fields["Class"].startswith("K♠ · King of Spades")
    expected = {
        "Level": c.level,
        "STR": c.str,
        "HP": c.hp_max,
        "XP": c.xp,
        "XP for next level": c.xp_next,
        "Gold": c.gold,
        "Jokers killed": c.jokers,
        "Kills": c.kills,
        "Deaths": c.deaths,
        "Sessions played": c.sessions,
    }
    assert {key: fields[key].strip() for key in expected} == {
        key: str(value) for key, value in expected.items()
    }
    inventory = re.findall(r'<th scope="row" class="paper-card[^"]*">([^<]+)</th>', html)
    assert inventory and len(inventory) == len(c.inventory)


@pytest.mark.django_db
def test_charts_are_inline_svg_without_scripts_or_outside_links(client, player, played):
    client.force_login(player)
    response = client.get(reverse("tracker:rpg_history", args=[played.pk]))
    html = response.content.decode()
    svgs = re.findall(r"<svg.*?</svg>", html, flags=re.S)
    assert len(svgs) == 4
    policy = response.headers.get("Content-Security-Policy", "")
    nonce = re.search(r"'nonce-([^']+)'", policy)
    for svg in svgs:
        assert "<script" not in svg and "<?xml" not in svg
        assert ' style="' not in svg  # an inline style attribute would need 'unsafe-inline'
        assert not re.search(r'(href|src)="(https?:)?//', svg)
        assert 'role="img"' in svg and "aria-label=" in svg
        if nonce:  # with the CSP middleware on, the charts' <style> carries its nonce
            assert f'<style type="text/css" nonce="{nonce.group(1)}">' in svg
    assert not re.search(r'(href|src)="(https?:)?//', html)


@pytest.mark.django_db
def test_the_head_counts_the_running_session_as_the_charts_do(client, player, played):
    """Issue 28: "1 session played" stood beside "after 2 sessions" while the second ran."""
    assert played.state["session"] is not None and played.sessions == 1
    client.force_login(player)
    page = client.get(reverse("tracker:rpg_history", args=[played.pk])).content.decode()
    head = re.search(r'class="history-sub">(.*?)</p>', page).group(1)
    assert "2 sessions, the last one under way" in head, head
    assert "after 2 sessions" in page
