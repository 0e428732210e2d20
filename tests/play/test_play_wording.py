"""Issue 12, point 7: the wording found wrong at the table, each point pinned by a test."""

import html
import re

import pytest

from tests.history.test_history_words import told
from tests.play.conftest import make_character
from tests.play.test_play_views import into_fight, post, text, url

pytestmark = pytest.mark.django_db

START = [
    {"type": "create_character", "name": "Capi", "class": "KS", "str_dice": [5], "hp_dice": [5]},
    {"type": "start_session", "hand": ["7C", "7H", "KD", "QH", "2S"]},
]


@pytest.fixture
def logged_in(client, player):
    client.force_login(player)
    return client


def test_t16_a_number_card_monster_is_worth_its_value_before_its_hp_roll(logged_in, character):
    post(logged_in, character, "start_session")
    response, character = post(logged_in, character, "reveal_monster", typed="5d")
    assert character.state["fight"]["monster_hp"] is None  # not rolled yet
    assert re.search(r'data-testid="xp-value">Worth <strong>5</strong> XP<', text(response))
    assert "Worth ? XP" not in text(response)
    # A face card is worth its HP roll: not known before it.
    post(logged_in, character, "roll_monster_hp", typed="1 1 1")
    post(logged_in, character, "end_turn")
    post(logged_in, character, "turn", typed="2c")
    response, character = post(logged_in, character, "attack", typed="7h 7c")
    response, character = post(logged_in, character, "reveal_monster", typed="qs")
    assert re.search(r'data-testid="xp-value">Worth \?', text(response))


def test_t12_a_joker_turned_in_a_critical_hit_is_discarded_not_a_new_critical_hit(
    logged_in, character
):
    character = into_fight(logged_in, character, hand="7h 7c kd 9s qh")
    post(logged_in, character, "attack", card=["KD"])
    response, _ = post(logged_in, character, "turn", typed="qc")  # a face card: critical hit
    assert "critical hit!" in text(response)
    response, character = post(logged_in, character, "turn", typed="jk1")
    page = html.unescape(text(response))
    assert "The black Joker is discarded: the critical hit goes on" in page
    assert "black Joker: critical hit!" not in page
    response, character = post(logged_in, character, "turn", typed="3s")
    assert "3♠ (critical hit, 2 × 3): 6 damage" in text(response)


def test_t12_the_history_says_a_joker_in_a_critical_hit_only_goes_on():
    lines = told(
        [
            *START,
            {"type": "reveal_monster", "card": "QS"},
            {"type": "roll_monster_hp", "dice": [6, 6, 6]},
            {"type": "attack", "cards": ["KD"]},
            {"type": "turn", "card": "QC"},
            {"type": "turn", "card": "JK2"},
            {"type": "turn", "card": "4S"},
        ]
    )
    assert (
        lines[-3] == "Turned the Q♣ for the random attack: a critical hit, another card is turned."
    )
    assert lines[-2] == (
        "Turned the red Joker for the critical hit: it is only discarded, the critical hit goes on."
    )
    assert lines[-1].startswith("Turned the 4♠ for the critical hit: 8 damage")


def test_s08_s10_an_item_button_says_the_damage_it_deals(logged_in, player):
    character = make_character(player, cls="KC")
    post(logged_in, character, "start_session", typed="7h 7c kd 9s qh")
    post(logged_in, character, "reveal_monster", typed="qs")
    post(logged_in, character, "roll_monster_hp", typed="4 2 6")
    post(logged_in, character, "attack", card=["7H", "7C"])
    post(logged_in, character, "turn", typed="5c")  # loot: the 5♣ into the inventory
    post(logged_in, character, "level_up", typed="3")
    post(logged_in, character, "reveal_monster", typed="js")
    _, character = post(logged_in, character, "roll_monster_hp", typed="6 6 6")
    response, character = post(logged_in, character, "turn", typed="2s")  # the Jack strikes
    page = text(response)
    assert "Use the 5♣: one extra attack" in page
    assert "Use the 5♣ as a Spade: 5 damage" not in page  # a Club class: Spade? no
    assert "as a Spade: damage<" not in page


def test_s08_a_spade_class_item_used_as_a_spade_says_its_damage(logged_in, player):
    character = make_character(player, cls="KS")
    post(logged_in, character, "start_session", typed="7h 7c kd 9s qh")
    post(logged_in, character, "reveal_monster", typed="qs")
    post(logged_in, character, "roll_monster_hp", typed="4 2 6")
    post(logged_in, character, "attack", card=["7H", "7C"])
    post(logged_in, character, "turn", typed="5c")
    post(logged_in, character, "level_up", typed="3")
    post(logged_in, character, "reveal_monster", typed="9d")
    response, character = post(logged_in, character, "roll_monster_hp", typed="6 6 6")
    page = text(response)
    assert "Use the 5♣ as a Spade: 5 damage</span>" in page
    assert "Use the 5♣: one extra attack</span>" in page


def test_s20_the_attack_picker_offers_mixed_ranks_only_when_they_are_allowed(logged_in, player):
    character = make_character(player, cls="KS")
    post(logged_in, character, "start_session")  # unknown hand: the rank picker is shown
    post(logged_in, character, "reveal_monster", typed="qs")
    response, character = post(logged_in, character, "roll_monster_hp", typed="4 2 6")
    entry = re.search(r'<form id="entry-attack".*?</form>', text(response), re.S).group(0)
    assert "Mixed ranks?" not in entry
    assert "One rank per attack" in entry
    # Starting a session, any ranks may be named at once.
    fresh = make_character(player, name="Other")
    page = text(logged_in.get(url(fresh)))
    start = re.search(r'<form id="entry-start_session".*?</form>', page, re.S).group(0)
    assert "Mixed ranks? Tap a rank and its suits" in start


def test_s12_s20_with_the_ace_of_clubs_the_picker_says_how_to_mix_ranks(logged_in, player):
    character = make_character(player, cls="KS")
    post(logged_in, character, "start_session")
    post(logged_in, character, "reveal_monster", typed="qs")
    post(logged_in, character, "roll_monster_hp", typed="6 6 6")
    post(logged_in, character, "attack", typed="7h")
    _, character = post(logged_in, character, "turn", typed="2c")  # the Q♠ hits: 2
    # The A♣ given as loot long ago (a test edit: the shortest way to hold it).
    from tracker.card_rpg.models import Character
    from tracker.rules.card_rpg import engine

    state = engine._copy(character.state)
    state["character"]["inventory"].append("AC")
    state["cards"]["draw_unknown"] -= 1
    engine._publish(state)
    state["awaiting"] = engine.describe(state)
    Character.objects.filter(pk=character.pk).update(state=state)
    page = text(logged_in.get(url(character)))
    entry = re.search(r'<form id="entry-attack".*?</form>', page, re.S).group(0)
    assert "To play cards of different ranks at once, use the A♣ first." in entry
    response, _ = post(logged_in, character, "use_item", item="AC:C")
    entry = re.search(r'<form id="entry-attack".*?</form>', text(response), re.S).group(0)
    assert "Blitz: any ranks at once" in entry and "One rank per attack" not in entry


def test_at_the_apps_table_the_cards_it_dealt_face_down_are_named(logged_in, player):
    """The app dealt them: it never says "3 face-down cards" of its own cards."""
    character = make_character(player)
    post(logged_in, character, "virtual", on="on", seed="63")
    post(logged_in, character, "deal")
    seen = []
    for _ in range(40):
        character.refresh_from_db()
        kinds = character.state["awaiting"]["action"]
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if "reveal_monster" in kinds:
            response, character = post(logged_in, character, "deal")
        elif "attack" in kinds:
            card = character.state["session"]["hand"]["known"][0]
            response, character = post(logged_in, character, "attack", card=[card])
        elif "save" in kinds:
            response, character = post(logged_in, character, "accept_death")
        elif "keep_hand" in kinds:
            response, character = post(logged_in, character, "keep_hand", answer="yes")
        else:
            response, character = post(logged_in, character, "end_turn")
        page = text(response)
        assert "face-down card" not in page, re.findall(r"<li[^>]*>[^<]*face-down[^<]*", page)
        seen += re.findall(r"The app put ([^<]*) on the discard pile", page)
    assert any("," in what or " and " in what for what in seen), seen
