"""Django-client tests of the play screen's endpoints: one POST per engine action.

htmx requests get the changed regions; plain requests are redirected (post/redirect/get);
a refusal shows the rule's message and changes nothing; a stale version is a conflict.
"""

import re

import pytest
from django.contrib.auth import get_user_model

from tests.play.conftest import make_character
from tracker.card_rpg.models import Character

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def url(character, action=""):
    base = f"/characters/{character.pk}/play/"
    return base + (f"{action}/" if action else "")


def post(client, character, action, htmx=True, **data):
    """POST one action with the character's current version; return (response, character)."""
    character.refresh_from_db()
    data.setdefault("version", character.version)
    response = client.post(url(character, action), data, headers=HTMX if htmx else {})
    character.refresh_from_db()
    return response, character


def text(response) -> str:
    return response.content.decode()


@pytest.fixture
def logged_in(client, player):
    client.force_login(player)
    return client


def into_fight(client, character, monster="QS", hand="7h 7c 8d 9s qh"):
    """A first session with a known hand, facing `monster` with 12 HP (dice 4 2 6)."""
    post(client, character, "start_session", typed=hand)
    post(client, character, "reveal_monster", typed=monster)
    _, character = post(client, character, "roll_monster_hp", typed="4 2 6")
    return character


# -- the page ------------------------------------------------------------------------------


def test_s14_page_says_what_to_deal_with_rule_and_every_counter(logged_in, character):
    response = logged_in.get(url(character))
    page = text(response)
    assert response.status_code == 200
    assert "deal 5 cards to your hand" in page
    assert "Rule S-14" in page
    for testid in ("hp", "monster-hp", "xp-value", "count-draw", "count-discard"):
        assert f'data-testid="{testid}"' in page
    for testid in ("count-attack", "count-hidden", "count-hand", "undo", "virtual"):
        assert f'data-testid="{testid}"' in page
    # Only what fits now: starting a session, no attack.
    assert "/play/start_session/" in page
    assert "/play/attack/" not in page
    # Every form names the version it was drawn from.
    header_forms = 2  # the language switch and the log-out form in the header
    assert page.count('name="version"') == page.count("<form") - header_forms


def test_page_is_only_for_the_owner(client, character):
    other = get_user_model().objects.create_user("bob", password="x-correct-horse")
    client.force_login(other)
    assert client.get(url(character)).status_code == 404
    assert client.post(url(character, "end_session"), {"version": 1}).status_code == 404


def test_page_needs_login(client, character):
    response = client.get(url(character))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_unknown_action_is_not_found(logged_in, character):
    assert logged_in.post(url(character, "rob"), {"version": 1}).status_code == 404


def test_get_on_an_action_url_is_refused(logged_in, character):
    assert logged_in.get(url(character, "attack")).status_code == 405


# -- htmx, PRG, refusals, conflicts ------------------------------------------------------------


def test_htmx_action_swaps_prompt_and_status_out_of_band(logged_in, character):
    response, character = post(logged_in, character, "start_session")
    page = text(response)
    assert response.status_code == 200
    assert page.lstrip().startswith('<section id="play-prompt"')
    assert (
        'id="play-status" class="status" aria-label="Where things stand" hx-swap-oob="true"' in page
    )
    assert "<html" not in page
    assert len(response.content) <= 8 * 1024
    assert character.state["session"]["hand"]["count"] == 5


def test_plain_post_redirects_back_to_the_page(logged_in, character):
    response, character = post(logged_in, character, "start_session", htmx=False)
    assert response.status_code == 302
    assert response["Location"] == url(character)
    assert character.state["session"] is not None


def test_refresh_of_a_plain_post_does_not_apply_it_twice(logged_in, character):
    character.refresh_from_db()
    data = {"version": character.version}
    logged_in.post(url(character, "start_session"), data)
    again = logged_in.post(url(character, "start_session"), data, follow=True)
    character.refresh_from_db()
    assert character.last_seq == 2
    assert "This changed on another screen" in text(again)


def test_s20_refused_combo_shows_the_rule_and_changes_nothing(logged_in, character):
    character = into_fight(logged_in, character)
    before = (character.version, character.state)
    response, character = post(logged_in, character, "attack", typed="7h 8d")
    page = text(response)
    assert "S-20:" in page and "a combo needs cards of one rank" in page
    assert "hx-swap-oob" not in page  # the status did not change, so it is not sent
    assert (character.version, character.state) == before


def test_s20_refusal_on_a_plain_post_is_shown_after_the_redirect(logged_in, character):
    character = into_fight(logged_in, character)
    response, character = post(logged_in, character, "attack", htmx=False, typed="7h 8d")
    assert response.status_code == 302
    page = text(logged_in.get(url(character)))
    assert "a combo needs cards of one rank" in page


def test_t01_bad_card_notation_says_what_is_accepted(logged_in, character):
    character = into_fight(logged_in, character)
    response, _ = post(logged_in, character, "attack", typed="7x")
    assert "is not a card" in text(response)
    assert "JK1" in text(response)


def test_s01_card_known_elsewhere_is_refused_with_where_it_is(logged_in, character):
    character = into_fight(logged_in, character)
    response, _ = post(logged_in, character, "attack", typed="qs")
    assert "the Q♠ is the monster" in text(response)


def test_stale_version_is_a_conflict_showing_the_current_state(logged_in, character):
    character.refresh_from_db()
    stale = character.version
    post(logged_in, character, "start_session")
    response, character = post(logged_in, character, "end_session", version=stale)
    page = text(response)
    assert "This changed on another screen — here is where it stands now." in page
    assert "hx-swap-oob" in page  # the status is redrawn from the current state
    assert f'name="version" value="{character.version}"' in page
    assert character.state["session"] is not None  # the stale end_session was not applied


def test_conflict_on_a_plain_post_redirects_with_the_message(logged_in, character):
    response, character = post(logged_in, character, "start_session", htmx=False, version=0)
    assert response.status_code == 302
    assert "This changed on another screen" in text(logged_in.get(url(character)))


# -- every action ---------------------------------------------------------------------------


def test_s14_start_session_naming_the_hand(logged_in, character):
    _, character = post(
        logged_in, character, "start_session", rank="7", suits=["H", "C"], typed="8d 9s qh"
    )
    assert sorted(character.state["session"]["hand"]["known"]) == ["7C", "7H", "8D", "9S", "QH"]


def test_s16_reveal_monster_by_rank_then_suit(logged_in, character):
    post(logged_in, character, "start_session")
    response, character = post(logged_in, character, "reveal_monster", rank="Q", suit="S")
    assert character.state["fight"]["monster"] == "QS"
    assert "roll 3 dice for its HP" in text(response)


def test_s16_reveal_monster_by_a_grid_tap_and_a_joker_in_one_tap(logged_in, character):
    post(logged_in, character, "start_session")
    _, character = post(logged_in, character, "reveal_monster", card="JK2")
    assert character.state["fight"]["monster"] == "JK2"
    assert character.state["fight"]["monster_hp"] == 18  # S-18: a Joker's dice all count 6


def test_s18_monster_hp_rolled_by_the_app_shows_the_dice(logged_in, character):
    post(logged_in, character, "start_session")
    post(logged_in, character, "reveal_monster", typed="qs")
    response, character = post(logged_in, character, "roll_monster_hp", roll="on")
    fight = character.state["fight"]
    assert 3 <= fight["monster_hp"] <= 18
    assert "Dice:" in text(response)
    assert f"= {fight['monster_hp']}" in text(response)


def test_t09_monster_hp_typed_from_real_dice(logged_in, character):
    character = into_fight(logged_in, character)
    assert character.state["fight"]["monster_hp"] == 12
    assert character.state["fight"]["xp_value"] == 12


def test_t09_wrong_number_of_dice_is_refused(logged_in, character):
    post(logged_in, character, "start_session")
    post(logged_in, character, "reveal_monster", typed="qs")
    response, character = post(logged_in, character, "roll_monster_hp", typed="4 2")
    assert "S-18" in text(response)
    assert character.state["fight"]["monster_hp"] is None


def test_s20_combo_from_ticked_hand_cards_and_t17_loot_and_t20_level_up(logged_in, character):
    character = into_fight(logged_in, character)
    page = text(logged_in.get(url(character)))
    assert 'name="card" value="7H"' in page  # the known hand, to tick
    response, character = post(logged_in, character, "attack", card=["7H", "7C"])
    assert "14 damage" in text(response)
    assert character.state["awaiting"]["reason"] == "loot"
    response, character = post(logged_in, character, "turn", typed="4h")
    assert character.state["character"]["inventory"] == ["4H"]
    assert "Level 1 → 2" in text(response)
    response, character = post(logged_in, character, "level_up", typed="3")
    assert character.state["character"]["level"] == 2
    assert "HP max 7 → 10" in text(response)


def test_s21_face_card_random_attack_waits_for_the_turned_card(logged_in, character):
    character = into_fight(logged_in, character)
    response, character = post(logged_in, character, "attack", typed="qh")
    assert "Random attack" in text(response)
    response, character = post(logged_in, character, "turn", rank="K", suit="D")
    assert "Critical hit" in text(response)
    _, character = post(logged_in, character, "turn", typed="5c")
    assert character.state["fight"]["monster_hp"] == 2  # 12 − 2 × 5


def test_t13_monster_hit_then_s10_heart_saves_from_death(logged_in, character):
    character = win_first_fight(logged_in, character)
    post(logged_in, character, "reveal_monster", typed="5d")
    post(logged_in, character, "roll_monster_hp", typed="666")
    post(logged_in, character, "end_turn")
    response, character = post(logged_in, character, "turn", typed="10s")
    assert character.state["fight"]["hp"] == 0
    post(logged_in, character, "end_turn")
    response, character = post(logged_in, character, "turn", typed="9c")
    assert "Spend the 4♥: live on with HP 4" in text(response)
    response, character = post(logged_in, character, "save", card="4H")
    assert character.state["fight"]["hp"] == 4
    assert character.state["character"]["inventory"] == []


def test_t22_accept_death_and_s07_king_keeps_the_hand(logged_in, character):
    character = win_first_fight(logged_in, character)
    post(logged_in, character, "reveal_monster", typed="5d")
    post(logged_in, character, "roll_monster_hp", typed="666")
    post(logged_in, character, "end_turn")
    post(logged_in, character, "turn", typed="10s")
    post(logged_in, character, "end_turn")
    post(logged_in, character, "turn", typed="9c")
    response, character = post(logged_in, character, "accept_death")
    assert "keep your hand" in text(response)
    hand = character.state["session"]["hand"]["count"]
    _, character = post(logged_in, character, "keep_hand", answer="yes")
    assert character.state["character"]["deaths"] == 1
    assert character.state["session"]["hand"]["count"] >= hand


def test_s08_inventory_card_used_as_a_spade_by_a_spade_class(logged_in, character):
    character = win_first_fight(logged_in, character)
    post(logged_in, character, "reveal_monster", typed="5d")
    response, character = post(logged_in, character, "roll_monster_hp", typed="666")
    assert "Use the 4♥ as a Spade" in text(response)
    _, character = post(logged_in, character, "use_item", item="4H:S")
    assert character.state["fight"]["monster_hp"] == 14


def test_t05_buy_back_and_s13_buy_top_between_fights(logged_in, player):
    character = make_character(player, cls="KD")
    character = win_first_fight(logged_in, character, loot="3h", extra=[])
    # Gold from a Diamond loot is needed: the K♦ class sells its 3♥ (S-09).
    response, character = post(logged_in, character, "sell", card="3H")
    assert character.state["character"]["gold"] == 3
    page = text(logged_in.get(url(character)))
    assert "Buy back" in page or "buy back" in page
    _, character = post(logged_in, character, "buy_back", card="7H")
    assert "7H" in character.state["session"]["hand"]["known"]
    assert character.state["character"]["gold"] == 2
    _, character = post(logged_in, character, "buy_top", typed="2c", answer="yes")
    assert character.state["character"]["inventory"] == ["2C"]
    _, character = post(logged_in, character, "buy_top", typed="kc", answer="no")
    assert "KC" in character.state["session"]["discard_pile"]


def test_s13_buying_a_card_too_dear_is_refused(logged_in, character):
    character = win_first_fight(logged_in, character)
    response, character = post(logged_in, character, "buy_top", typed="9c", answer="yes")
    assert "costs 9 gold and you have 0" in text(response)


def test_t15_end_turn_and_s15_end_session(logged_in, character):
    character = into_fight(logged_in, character)
    _, character = post(logged_in, character, "end_turn")
    assert character.state["awaiting"]["reason"] == "monster attack card"
    character = win_first_fight(logged_in, make_character(character.owner, name="B"))
    _, character = post(logged_in, character, "end_session")
    assert character.state["session"] is None
    assert character.state["character"]["sessions"] == 1


def test_note_hand_tells_the_app_cards_it_did_not_know(logged_in, character):
    post(logged_in, character, "start_session")
    _, character = post(logged_in, character, "note_hand", typed="7h 8c")
    assert character.state["session"]["hand"]["known"] == ["7H", "8C"]


def win_first_fight(client, character, loot="4h", extra=None):
    """Start, beat the Q♠ with a 7♥ 7♣ combo, loot `loot`, roll the level-up."""
    character = into_fight(client, character)
    post(client, character, "attack", card=["7H", "7C"])
    _, character = post(client, character, "turn", typed=loot)
    _, character = post(client, character, "level_up", typed="3")
    assert character.state["awaiting"]["reason"] == "between fights"
    return character


# -- undo, virtual table, discard pile, lazy parts --------------------------------------------


def test_undo_is_repeatable_back_across_a_fight(logged_in, character):
    character = win_first_fight(logged_in, character)
    seq = character.last_seq
    for _ in range(4):
        response, character = post(logged_in, character, "undo")
        assert response.status_code == 200
    assert character.last_seq == seq - 4
    assert character.state["fight"]["monster"] == "QS"
    assert character.state["fight"]["monster_hp"] is None


def test_undo_of_the_creation_is_refused_with_a_message(logged_in, character):
    response, character = post(logged_in, character, "undo")
    assert "nothing to undo" in text(response)


def test_undo_plain_post_redirects(logged_in, character):
    post(logged_in, character, "start_session")
    response, character = post(logged_in, character, "undo", htmx=False)
    assert response.status_code == 302
    assert character.state["session"] is None


def test_virtual_deck_deals_the_same_with_the_same_seed(logged_in, player):
    hands = []
    for name in ("A", "B"):
        character = make_character(player, name=name)
        response, character = post(logged_in, character, "virtual", on="on", seed="63")
        assert character.virtual_deck is not None
        assert "Shuffle and deal my hand" in text(response)
        _, character = post(logged_in, character, "deal")
        hands.append(character.state["session"]["hand"]["known"])
    assert hands[0] == hands[1] == ["10S", "5H", "5S", "QC", "QD"]
    _, character = post(logged_in, character, "deal")
    assert character.state["fight"]["monster"] == "4D"


def test_who_deals_is_switched_only_between_sessions(logged_in, player):
    character = make_character(player)
    post(logged_in, character, "virtual", on="on", seed="63")
    response, character = post(logged_in, character, "deal")
    page = text(response)
    assert 'data-testid="virtual"' not in page  # no switch while the session runs
    assert "The app deals for you this session." in page
    version, seq = character.version, character.last_seq
    response, character = post(logged_in, character, "virtual")
    assert "switch it once this session has ended" in text(response)
    assert character.virtual_deck is not None
    assert (character.version, character.last_seq) == (version, seq)
    # Undo still takes back the last real action, never the switch.
    response, character = post(logged_in, character, "undo")
    assert character.state["session"] is None
    assert "Undone: Start the session." in text(response)
    # Between sessions: switched off, the real cards are entered again.
    response, character = post(logged_in, character, "virtual")
    assert character.virtual_deck is None
    assert "You play with your own cards this session." in text(response)
    assert "I dealt my 5 cards" in text(response)


def test_virtual_buy_top_shows_the_card_before_buying(logged_in, player):
    character = make_character(player)
    post(logged_in, character, "virtual", on="on", seed="63")
    post(logged_in, character, "deal")
    response, character = post(logged_in, character, "deal", buy_top="on")
    assert "The top card is" in text(response)
    assert character.state["fight"] is None  # nothing applied yet
    _, character = post(logged_in, character, "buy_top", card="4D", answer="no")
    assert "4D" in character.state["session"]["discard_pile"]


def test_deal_without_a_virtual_deck_is_refused(logged_in, character):
    response, character = post(logged_in, character, "deal")
    assert "first" in text(response)
    assert character.last_seq == 1


def test_discard_pile_lists_known_cards_and_counts_unknown(logged_in, character):
    character = win_first_fight(logged_in, character)
    page = text(logged_in.get(f"/characters/{character.pk}/discard/"))
    assert "Discard pile" in page
    assert 'aria-label="7 of Hearts"' in page
    assert "never seen" in page  # the Q♠'s unturned attack card


def test_grid_and_side_actions_are_fetched_when_opened(logged_in, character):
    post(logged_in, character, "start_session")
    post(logged_in, character, "note_hand", typed="7h 7c 8d")
    post(logged_in, character, "reveal_monster", typed="qs")
    _, character = post(logged_in, character, "roll_monster_hp", typed="4 2 6")
    # Two cards of the hand are unknown: the grid offers the rest, greyed where known.
    grid = text(logged_in.get(url(character) + "?part=grid&source=hand&multi=1", headers=HTMX))
    assert grid.count('type="checkbox"') == 54
    assert re.search(r'value="QS" disabled', grid)
    assert "(monster)" in grid
    assert not re.search(r'value="7H" disabled', grid)  # in the hand: may be played
    more = text(logged_in.get(url(character) + "?part=more", headers=HTMX))
    assert "/play/note_hand/" in more


def test_every_action_url_renders_the_whole_page_on_a_direct_visit(logged_in, character):
    character = into_fight(logged_in, character)
    page = text(logged_in.get(url(character)))
    assert "<html" in page and 'id="play-status"' in page and 'id="play-prompt"' in page
    assert Character.objects.get(pk=character.pk).version == character.version
