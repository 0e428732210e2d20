"""What the playtest of issue 23 found on the adventure screen, each pinned by a test."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.barbarian_vince.conftest import SAMPLE, make_adventure, play_on
from tracker.barbarian_vince import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_of(client, player):
    client.force_login(player)
    return client


def screen(client, adventure) -> str:
    return client.get(reverse("tracker:bv_play", args=[adventure.pk])).text


def test_b08_undoing_setup_sends_map_1_back_aside_not_into_the_deck(client_of, player):
    adventure = make_adventure(player, "turn_one")
    assert "Move Map 1 from the ready hand back to aside" in screen(client_of, adventure)
    adventure = play_on(adventure, player, {"type": "draw_encounter", "card": "X0"})
    page = screen(client_of, adventure)
    assert "Move X0 from the encounter (set aside) back to aside" in page
    assert "X0 back to the draw deck" not in page


def test_bt07_an_x_card_is_read_without_a_difficulty_and_named_once(client_of, player):
    adventure = make_adventure(player, "x0_open")
    page = screen(client_of, adventure)
    assert "Read X0 and carry it out here" in page
    assert "for difficulty —" not in page and "Encounter: X0 (X0)" not in page
    assert "Undo: Encounter: X0<" in page or "Undo: Encounter: X0 " in page


def test_bt11_a_check_of_one_success_and_a_round_with_one_card_left(client_of, player):
    adventure = make_adventure(player, "q02_open")
    adventure = play_on(
        adventure,
        player,
        {"type": "exhaust", "cards": ["Vince", "Map 1", "Q04"]},
        {"type": "begin_check", "skill": "combat", "target": 9, "round_speed": 3},
    )
    page = screen(client_of, adventure)
    assert "0 of 1 success" not in page and "one success passes the check" in page
    # Two ready cards (Q03, Map 2) though the round speed is 3.
    assert "2 more cards may be played this round." in page
    adventure = play_on(adventure, player, {"type": "play_check_card", "card": "Map 2"})
    assert "1 more card may be played this round." in screen(client_of, adventure)


def test_b33_an_uncommon_item_is_offered_only_with_four_cards_to_give(client_of, player):
    adventure = make_adventure(player, "rest")
    page = screen(client_of, adventure)
    # Irontree City (G, C), cards that may be given: Q03, Q04, Q02 — three, not four.
    assert "Common item, for 2 cards or more" in page
    assert "Uncommon item, for 4 cards or more" not in page and "a Uncommon" not in page


def test_b33_a_trade_names_the_price_before_the_item_drawn(client_of, player):
    adventure = make_adventure(player, "rest")
    response = client_of.post(
        reverse("tracker:bv_act", args=[adventure.pk, "trade"]),
        {"version": adventure.version, "class": "Uncommon", "give": ["Q02"], "card": "Q11"},
        headers={"HX-Request": "true"},
    )
    assert "Uncommon items cost at least 4 cards" in response.text
    assert "register Q11 first" not in response.text


def test_b30_a_unique_item_waiting_at_home_is_on_the_status(client_of, player):
    adventure = make_adventure(player, "x0_open")
    adventure = play_on(
        adventure,
        player,
        {"type": "register_card", "id": "Q30", "kind": "item", "number": 3,
         "classes": ["Unique"], "home": {"map": "Map 1", "location": "Rat Harbor"}},
        {"type": "draw_item", "class": "Unique", "card": "Q30"},
        {"type": "discard", "cards": ["Q30"]},
    )  # fmt: skip
    assert "Q30 waits at Rat Harbor (Map 1)" in screen(client_of, adventure)


def test_a_finished_adventure_is_over_on_the_home_page_with_no_play_button(client_of, player):
    over = make_adventure(player, "over", name="Gone")
    page = client_of.get("/").text
    assert "Over:" in page and f'aria-label="Play: {over.name}"' not in page
    assert reverse("tracker:bv_history", args=[over.pk]) in page


def test_a_deck_card_named_by_travel_or_trade_is_entered_on_the_way(client_of, player):
    earlier = make_adventure(player, "catalogued", name="Earlier")
    play_on(
        earlier,
        player,
        {"type": "register_card", "id": "Q11", "kind": "quest", "number": 2, "terrains": ["V"],
         "classes": ["Common"]},
    )  # fmt: skip
    adventure = make_adventure(player, "rest", name="Later")
    adventure = services.adventure_play(
        adventure_id=adventure.pk,
        owner=player,
        expected_version=adventure.version,
        action={"type": "trade", "class": "Common", "give": ["Q02", "Q04"], "card": "Q11"},
    )
    assert "Q11" in adventure.state["ready"]


def test_bt09_the_history_names_the_card_drawn_for_a_play(client_of, player):
    adventure = make_adventure(player, "q02_open", ruleset={"check_value": "deck_draw"})
    adventure = play_on(
        adventure,
        player,
        {"type": "begin_check", "skill": "combat", "target": 5},
        {"type": "play_check_card", "card": "Q03", "draw": "Q08"},
    )
    page = client_of.get(reverse("tracker:bv_history", args=[adventure.pk])).text
    assert "Q03, Q08 drawn (" in page  # the card played, and the card whose number it took


def test_bt16_a_refusal_that_says_to_record_one_year_has_its_button(client_of, player):
    adventure = make_adventure(player, "lay_low")
    response = client_of.post(
        reverse("tracker:bv_act", args=[adventure.pk, "lay_low"]),
        {"version": adventure.version, "draw": "One Year"},
        headers={"HX-Request": "true"},
    )
    assert "BT-16:" in response.text
    error_at = response.text.index('data-testid="error"')
    button_at = response.text.index("One Year Has Passed turned up")
    assert error_at < button_at < response.text.index('class="now"')


def test_bt11_the_check_failed_is_on_the_screen_not_under_more(client_of, player):
    page = screen(client_of, make_adventure(player, "check"))
    more_at = page.find('class="more"')
    assert page.index("The check failed") < (more_at if more_at >= 0 else len(page))


def test_b12_travel_onto_a_new_map_says_to_take_its_card_from_the_deck(client_of, player):
    adventure = make_adventure(player, "travel")
    response = client_of.post(
        reverse("tracker:bv_act", args=[adventure.pk, "travel"]),
        {"version": adventure.version, "place": "Map 2|Irontree City"},
        headers={"HX-Request": "true"},
    )
    assert "take the Map 2 card from the deck into the ready hand" in response.text


def test_bt07_the_rest_offers_no_other_encounter(client_of, player):
    page = screen(client_of, make_adventure(player, "recovered"))
    assert "another encounter" not in page and "Trade, discard, and more" in page


def test_the_setup_item_picker_names_the_cards(client_of, player):
    adventure = make_adventure(player, "setup")
    play_on(
        adventure,
        player,
        *({"type": "register_card", **card} for card in SAMPLE[:3]),
        {"type": "register_card", "id": "Q40", "kind": "quest", "name": "Rope", "number": 2,
         "terrains": ["V"], "classes": ["Common"]},
    )  # fmt: skip
    assert '<option value="Q40">Q40 · Rope</option>' in screen(client_of, adventure)


def test_the_hands_chart_keeps_its_legend_and_labels_inside_at_360_px():
    from tracker.barbarian_vince import charts

    skills = dict.fromkeys(("combat", "survival", "unlock_disarm", "hide", "charm"), 0)
    points = [(n, 4, 1, {**skills, "recovery": 2}) for n in range(1, 13)]
    svg = str(charts.hands_over_turns(points).svg)
    legend_y = int(re.search(r'translate\(\d+, (\d+)\)" class="legends"', svg)[1])
    assert legend_y < charts.HEIGHT
    assert "…" not in svg and ">T12<" in svg


def test_an_imported_copy_is_told_apart_from_its_original_in_the_lists(client_of, player):
    from tracker.core import services as core

    original = make_adventure(player, "lay_low", name="Twice")
    core.record_import(owner=player, text=services.adventure_export(adventure=original))
    page = client_of.get(reverse("tracker:bv_list"), follow=True).text
    assert page.count("Twice") >= 2 and page.count("a copy imported on") == 1


def test_b02_bt01_the_player_card_is_entered_with_its_random_number(client_of, player):
    """Every card has a random number in its bottom-left corner (B-02), the Player Card too, and
    its catalogue entry takes it (BT-01): its form asks for it."""
    adventure = make_adventure(player, "setup")
    url = reverse("tracker:bv_cards", args=[adventure.pk])
    page = client_of.get(url, {"kind": "player"}).text
    form = page[page.index('name="kind" value="player"') :]
    assert 'name="number"' in form[: form.index("</form>")]
    client_of.post(
        reverse("tracker:bv_card_add", args=[adventure.pk]),
        {"version": adventure.version, "kind": "player", "id": "Vince", "number": "6"},
    )
    adventure.refresh_from_db()
    assert adventure.state["catalogue"]["Vince"]["number"] == 6


def test_bt07_the_encounter_box_names_an_x_card_once(client_of, player):
    """An X card is its own listing (its terrain is the card): the box says "X0 · no
    difficulty", not "X0 · X0 · no difficulty"."""
    page = screen(client_of, make_adventure(player, "x0_open"))
    box = page[page.index('data-testid="encounter"') :]
    box = re.sub(r"<[^>]+>", "", box[: box.index("</div>")])
    assert "X0 · no difficulty" in box and "X0 · X0" not in box
