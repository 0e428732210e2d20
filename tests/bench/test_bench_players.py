"""The benchmark's simulated player plays through HTTP, and the crash checker catches losses."""

from urllib.parse import urlsplit

import pytest

from bench.players import HttpTransport, Player, parse_screen, screen_version
from bench.verify import check_ledgers
from tracker.card_rpg.models import ActionLogEntry, Character


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Sign-up through the form must not spend half a second hashing each password."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def played(live_server):
    """A simulated player who signed up over HTTP and took 40 steps at a virtual table."""
    address = urlsplit(live_server.url)
    player = Player(HttpTransport("127.0.0.1", address.port), "sim1", seed=3, undo_rate=0.1)
    player.start()
    for _ in range(40):
        player.step()
    return player


def test_simulated_player_plays_real_actions_over_http(played):
    writes = [s for s in played.samples if s.outcome == "ok"]
    assert len(writes) >= 25
    assert {s.kind for s in writes} & {"deal:start_session", "deal:reveal_monster"}
    assert not [s for s in played.samples if s.outcome == "error"]
    assert played.ledger.problems == []
    character = Character.objects.get(pk=played.ledger.character_id)
    assert character.version == played.ledger.version
    assert character.last_seq == played.ledger.seq


def test_checker_passes_a_clean_run_and_catches_a_lost_action(played):
    ledger = played.ledger.to_dict()
    assert check_ledgers([ledger])["problems"] == []

    # An acknowledged action vanishes from the log (as a lost commit would look).
    lost = ledger["acked"][-1]["seq"]
    ActionLogEntry.objects.filter(character_id=ledger["character_id"], seq=lost).delete()
    problems = check_ledgers([ledger])["problems"]
    assert any(f"acknowledged action #{lost} is not in the log" in p for p in problems)


def test_checker_catches_a_state_that_is_not_the_replay(played):
    ledger = played.ledger.to_dict()
    Character.objects.filter(pk=ledger["character_id"]).update(state={"tampered": True})
    problems = check_ledgers([ledger])["problems"]
    assert any("stored state differs from replay(log)" in p for p in problems)


def test_screen_parser_reads_forms_buttons_and_version():
    html = """<body hx-headers='{"X-CSRFToken": "tok"}'>
      <form hx-post="/characters/4/play/deal/"><input type="hidden" name="version" value="12">
        <button type="submit">Turn the card</button></form>
      <form hx-post="/characters/4/play/attack/"><input type="hidden" name="version" value="12">
        <input type="checkbox" name="card" value="7H"><input type="checkbox" name="card" value="7C">
        <input type="text" name="typed"></form></body>"""
    screen = parse_screen(html)
    assert screen.csrf_header == "tok"
    assert screen_version(screen) == 12
    deal, attack = screen.forms
    assert deal.kind() == "deal" and deal.buttons[0]["text"] == "Turn the card"
    assert attack.payload(ticked=["7C"]) == [("version", "12"), ("card", "7C"), ("typed", "")]
