"""The Barbarian Vince screens over Django's test client: one screen per phase driven by what the
engine awaits, the skill check with each card's value, refusals with their rule IDs and nothing
stored, the conflict message, undo in words, export, the catalogue and a new adventure."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from tests.barbarian_vince.conftest import (
    HTMX,
    POINTS,
    STORY,
    make_adventure,
    play_on,
    story_to,
)
from tracker.barbarian_vince.models import Adventure, AdventureLogEntry, RememberedCard
from tracker.barbarian_vince.play_screen import Screen
from tracker.rules.barbarian_vince import check_card_values, replay
from tracker.rules.log import load_document

pytestmark = pytest.mark.django_db

# The budget of an htmx answer, uncompressed.
SWAP_BUDGET = 6 * 1024


def play_url(adventure) -> str:
    return reverse("tracker:bv_play", args=[adventure.pk])


def act_url(adventure, kind: str) -> str:
    return reverse("tracker:bv_act", args=[adventure.pk, kind])


def form_for(action: dict) -> dict:
    """What the screen's form posts for an engine action."""
    posted: dict = {}
    for key, value in action.items():
        if key == "type":
            continue
        if key in ("map", "location"):
            posted["place"] = f"{action['map']}|{action['location']}"
        elif isinstance(value, bool):
            posted[key] = "on" if value else ""
        elif isinstance(value, list):
            posted[key] = value
        else:
            posted[key] = str(value)
    return posted


def stored(adventure) -> tuple:
    """Everything an action could change about an adventure."""
    record = Adventure.objects.get(pk=adventure.pk)
    log = list(
        AdventureLogEntry.objects.filter(adventure=record).order_by("seq").values_list("action")
    )
    return record.version, record.state, record.projection, log


def forms_on(html: str, adventure) -> set[str]:
    """The action types the page offers a form for."""
    prefix = re.escape(f"/adventures/{adventure.pk}/act/")
    return set(re.findall(rf'action="{prefix}(\w+)/"', html))


@pytest.fixture
def client_of(client, player):
    client.force_login(player)
    return client


# -- one screen per phase -------------------------------------------------------------------


@pytest.mark.parametrize("point", POINTS)
def test_each_phase_offers_exactly_what_the_engine_awaits(client_of, player, point):
    adventure = make_adventure(player, point)
    response = client_of.get(play_url(adventure))
    assert response.status_code == 200
    html = response.text
    screen = Screen(adventure)
    offered = forms_on(html, adventure)
    awaited = set(adventure.state["awaiting"]["action"])
    assert offered == set(screen.main) | set(screen.side)
    assert offered <= awaited
    # What is awaited but not a form here is entered on the catalogue page (linked) or is the
    # adventure's first action.
    assert awaited - offered <= {"register_card", "begin_adventure"}
    assert 'data-testid="instruction"' in html and screen.instruction
    if screen.rule:
        assert f"Rule {screen.rule}" in html


def test_setup_asks_for_the_player_card_map_1_and_the_common_item(client_of, player):
    adventure = make_adventure(player, "setup")
    html = client_of.get(play_url(adventure)).text
    assert "Enter the Player Card" in html and "Enter Map 1, with Ulendi on it" in html
    assert "?kind=player" in html and "?kind=map" in html
    adventure = make_adventure(player, "catalogued", name="Ready")
    html = client_of.get(play_url(adventure)).text
    assert "✓ the Player Card" in html
    # BT-03: only the Common items in the deck can start.
    assert re.findall(r'<option value="(\w+)">\1</option>', html) == ["Q01", "Q03", "Q04"]


def test_bt04_lay_low_screen_says_the_value_and_offers_travel_and_the_encounter(client_of, player):
    adventure = make_adventure(player, "lay_low")
    html = client_of.get(play_url(adventure)).text
    assert "8 or more" in html
    assert 'data-testid="where"' in html and "[8+]" in html
    for terrain in ("X0", "U", "G"):
        assert f'<span class="bv-t">{terrain}</span>' in html
    assert {"lay_low", "travel", "draw_encounter"} <= forms_on(html, adventure)
    # BT-05: every other location of Map 1, and Map 2's (registered and in the map key).
    assert 'value="Map 2|Irontree City"' in html and 'value="Map 1|Rat Harbor"' in html
    assert 'value="Map 1|Ulendi"' not in html
    # Map 3 is in the key but not entered: the screen offers to enter it.
    assert "Going onto Map 3? Enter it first" in html


# Turn 3: Vince goes to Goblin Pass and meets Q08 there, which sends him to Rat Harbor.
MOVED_AWAY = [
    {"type": "travel", "map": "Map 2", "location": "Goblin Pass"},
    {"type": "draw_encounter", "draw": "X0", "card": "Q08"},
    {"type": "move", "map": "Map 1", "location": "Rat Harbor"},
    {"type": "end_encounter"},
    {"type": "end_turn"},
]


def test_bt04_no_lay_low_where_the_encounter_was_not_says_why(client_of, player):
    adventure = play_on(make_adventure(player, "turn_three"), player, *MOVED_AWAY)
    assert adventure.state["phase"] == "lay_low"
    html = client_of.get(play_url(adventure)).text
    assert "lay_low" not in forms_on(html, adventure)
    assert "No laying low this turn: Vince had no encounter at Rat Harbor last turn" in html
    response = client_of.post(
        act_url(adventure, "lay_low"), {"draw": "Q04", "version": adventure.version}, headers=HTMX
    )
    assert "BT-04:" in response.text


def test_the_skill_check_shows_each_ready_card_with_the_engines_value(client_of, player):
    adventure = make_adventure(player, "check")
    html = client_of.get(play_url(adventure)).text
    assert "Combat check: 2@ 5+" in html and "Round Speed 1 · Damage 1" in html
    assert "Round 1 · 0 of 2 successes so far" in html
    for row in check_card_values(adventure.state):
        button = re.search(
            rf'data-testid="play-{re.escape(row["card"])}">(.*?)</button>', html, re.S
        ).group(1)
        assert f"<b>{row['value']}</b>" in button
    # Q03: its number 4 + its own Combat +1 = 5, enough for 5+; Vince gives 0.
    assert re.search(r'class="bv-play enough"[^>]*data-testid="play-Q03">', html)
    assert re.search(r'class="bv-play"[^>]*data-testid="play-Vince">', html)
    assert "4 + 1" in html


def test_b27_a_lost_round_asks_to_exhaust_n_cards_as_damage(client_of, player):
    adventure = make_adventure(player, "damage")
    html = client_of.get(play_url(adventure)).text
    assert "Exhaust 1 card as damage" in html
    assert re.findall(r'name="cards" value="([^"]+)"', html) == ["Q03", "Vince", "Q04", "Map 2"]
    assert 'class="miss"' in html  # Map 1's 4 missed the 5+


def test_bt12_the_reusable_restore_is_offered_after_a_won_round(client_of, player):
    adventure = make_adventure(player, "reuse")
    html = client_of.get(play_url(adventure)).text
    assert "restore one Reusable item?" in html
    assert re.search(r'name="card" value="Q03" class="wide">Restore Q03<', html)
    assert "Round 3 · 1 of 2 successes so far" in html


def test_the_check_outcome_is_said_in_words(client_of, player):
    adventure = make_adventure(player, "passed")
    html = client_of.get(play_url(adventure)).text
    assert "Passed: 2 successes, as needed." in html
    assert "Keep the card: its item joins the ready hand" in html


def test_bt15_rest_counts_recovery_and_offers_a_trade_in_a_city(client_of, player):
    adventure = make_adventure(player, "rest")
    html = client_of.get(play_url(adventure)).text
    assert "Recover: restore up to 2 cards" in html
    assert "Common item, for 2 cards or more" in html
    # Three cards to give (Q03, Q04, Q02): an Uncommon item is not offered (issue 23, B-33).
    assert "Uncommon item, for" not in html
    assert {"recover", "trade", "end_turn"} <= forms_on(html, adventure)


def test_bt15_rest_counts_what_it_has_done_and_the_trades_left_under_one(client_of, player):
    adventure = make_adventure(player, "traded")
    html = client_of.get(play_url(adventure)).text
    assert "This turn so far: 2 cards recovered, 1 trade, 0 cards discarded." in html
    one = make_adventure(player, "recovered", name="One", ruleset={"trades_per_rest": "one"})
    html = client_of.get(play_url(one)).text
    assert "1 trade left in this rest (table rule BT-15)" in html


def test_hands_show_each_cards_skill_modifiers_and_the_skills_totalled(client_of, player):
    adventure = make_adventure(player, "check")
    html = client_of.get(play_url(adventure)).text
    assert "Combat +1 when played" in html  # Q03, a plain modifier
    assert "Hide +1 while ready" in html  # Q04, a Skill
    assert "Survival +1 while ready" in html  # Map 2's bonus
    skills = re.search(r'data-testid="skills">(.*?)</ul>', html, re.S).group(1)
    values = re.findall(r"<strong>(-?\d+)</strong>", skills)
    assert values == [str(v) for v in adventure.state["skills"].values()]
    assert values == ["0", "1", "0", "1", "0", "2"]


def test_bt16_bt17_the_year_counter_and_the_end(client_of, player):
    adventure = make_adventure(player, "interlude")
    html = client_of.get(play_url(adventure)).text
    assert re.search(r'data-testid="years">1<', html)
    assert "Done with the card: carry on" in html
    adventure = make_adventure(player, "over", name="Lost")
    html = client_of.get(play_url(adventure)).text
    assert "Vince died. The adventure is lost." in html
    assert forms_on(html, adventure) == set()


# -- playing ----------------------------------------------------------------------------------


def test_a_plain_post_applies_one_action_and_redirects_with_what_was_done(client_of, player):
    adventure = make_adventure(player, "lay_low")
    response = client_of.post(
        act_url(adventure, "lay_low"), {"draw": "Q08", "version": adventure.version}
    )
    assert response.status_code == 302 and response["Location"] == play_url(adventure)
    adventure.refresh_from_db()
    assert (
        adventure.state["phase"] == "travel" and adventure.last_seq == len(story_to("lay_low")) + 2
    )
    html = client_of.get(play_url(adventure)).text
    assert "Lay low: Q08 drew 6, not enough" in html


def test_an_htmx_post_answers_with_the_prompt_and_the_status_out_of_band(client_of, player):
    adventure = make_adventure(player, "check")
    response = client_of.post(
        act_url(adventure, "play_check_card"),
        {"card": "Q03", "version": adventure.version},
        headers=HTMX,
    )
    assert response.status_code == 200
    html = response.text
    assert html.count('id="bv-prompt"') == 1 and 'id="bv-status" ' in html
    assert 'hx-swap-oob="true"' in html and "<html" not in html
    assert "Play Q03 in the Combat check: 5" in html
    assert "Round 2 · 1 of 2 successes so far" in html


def test_every_swap_of_a_first_adventure_stays_within_the_budget(client_of, player):
    adventure = make_adventure(player, "catalogued")
    sizes = {}
    for name, action in STORY[len(story_to("catalogued")) :]:
        if action is None:
            break
        version = Adventure.objects.get(pk=adventure.pk).version
        response = client_of.post(
            act_url(adventure, action["type"]),
            {**form_for(action), "version": version},
            headers=HTMX,
        )
        assert response.status_code == 200
        assert 'data-testid="error"' not in response.text, (name, response.text[:1500])
        sizes[name or action["type"]] = len(response.content)
    adventure.refresh_from_db()
    assert adventure.state["status"] == "dead"
    assert max(sizes.values()) <= SWAP_BUDGET, sizes


@pytest.mark.parametrize(
    ("point", "kind", "fields", "rule", "words"),
    [
        ("lay_low", "lay_low", {"draw": "Q03"}, "BT-02", "Q03 is in the ready hand"),
        ("lay_low", "lay_low", {"draw": "Q99"}, "BT-01", "register Q99 first"),
        ("q02_open", "begin_check", {"skill": "combat", "target": "five"}, "A-02", "whole number"),
        ("q02_open", "begin_check", {"skill": "luck", "target": "5"}, "BT-08", "is not a skill"),
        ("damage", "take_damage", {"cards": ["Q03", "Q04"]}, "B-27", "exactly 1 cards"),
        (
            "rest",
            "trade",
            {"class": "Common", "give": ["Map 1", "Q04"], "card": "Q01"},
            "B-29",
            "map",
        ),
        ("check", "end_turn", {}, "BT-11", "finish the Combat check first"),
        ("lay_low", "travel", {"place": "Map 1|Ulendi"}, "BT-05", "already at Ulendi"),
        (
            "lay_low",
            "draw_encounter",
            {"draw": "Q08", "card": "Q02", "terrain": "U"},
            "B-14",
            "Q02 carries no U encounters",
        ),
        (
            "lay_low",
            "draw_encounter",
            {"draw": "Q08", "card": "Q01"},
            "B-14",
            "none of the terrain types here",
        ),
        ("x0_open", "draw_item", {"class": "Gold", "card": "Q01"}, "BT-14", "not an item class"),
    ],
)
def test_a_refusal_is_said_with_its_rule_and_nothing_is_stored(
    client_of, player, point, kind, fields, rule, words
):
    adventure = make_adventure(player, point)
    before = stored(adventure)
    for headers in ({}, HTMX):
        response = client_of.post(
            act_url(adventure, kind), {**fields, "version": adventure.version}, headers=headers
        )
        if headers:
            html = response.text
            assert response.status_code == 200
        else:
            assert response.status_code == 302
            html = client_of.get(response["Location"]).text
        assert f"{rule}:" in html, html[:3000]
        assert words in html
        assert stored(adventure) == before


def test_an_unknown_card_offers_to_enter_it(client_of, player):
    adventure = make_adventure(player, "lay_low")
    html = client_of.post(
        act_url(adventure, "lay_low"), {"draw": "Q 77", "version": adventure.version}, headers=HTMX
    ).text
    assert "Enter Q 77 in the catalogue" in html
    assert f"/adventures/{adventure.pk}/cards/?id=Q%2077" in html


def test_a_stale_version_is_a_conflict_shown_as_it_stands_now(client_of, player):
    adventure = make_adventure(player, "check")
    stale = adventure.version
    play_on(adventure, player, {"type": "play_check_card", "card": "Q03"})
    before = stored(adventure)
    response = client_of.post(
        act_url(adventure, "play_check_card"), {"card": "Q04", "version": stale}, headers=HTMX
    )
    assert "This changed on another screen — here is where it stands now." in response.text
    assert "Round 2 · 1 of 2 successes so far" in response.text
    assert stored(adventure) == before
    response = client_of.post(
        act_url(adventure, "play_check_card"), {"card": "Q04", "version": stale}
    )
    page = client_of.get(response["Location"]).text
    assert "This changed on another screen" in page
    assert stored(adventure) == before


def test_an_action_the_screen_never_posts_is_not_found(client_of, player):
    adventure = make_adventure(player, "setup")
    for kind in ("begin_adventure", "register_card", "no_such_action"):
        response = client_of.post(act_url(adventure, kind), {"version": adventure.version})
        assert response.status_code == 404


# -- undo -----------------------------------------------------------------------------------


def test_undo_is_named_after_what_it_undoes_and_says_where_the_cards_go_back(client_of, player):
    adventure = make_adventure(player, "reuse")
    html = client_of.get(play_url(adventure)).text
    assert "Undo: Play Q03 in the Combat check: 5" in html
    assert "Move Q03 from the exhausted hand back to the ready hand" in html
    response = client_of.post(
        reverse("tracker:bv_undo", args=[adventure.pk]),
        {"version": adventure.version},
        headers=HTMX,
    )
    html = response.text
    assert "Undone: Play Q03 in the Combat check: 5." in html
    assert re.search(
        r'data-testid="moves"><li>Move Q03 from the exhausted hand back to the ready hand', html
    )
    adventure.refresh_from_db()
    assert adventure.last_seq == len(story_to("round_two")) + 1
    # And again, any number of times, back to the adventure's beginning.
    for _ in range(adventure.last_seq - 1):
        version = Adventure.objects.get(pk=adventure.pk).version
        client_of.post(reverse("tracker:bv_undo", args=[adventure.pk]), {"version": version})
    adventure.refresh_from_db()
    assert adventure.last_seq == 1 and adventure.state["status"] == "setup"
    html = client_of.get(play_url(adventure)).text
    assert "Nothing to undo yet" in html


def test_undo_to_a_point_across_a_turn_confirms_with_the_card_moves(client_of, player):
    adventure = make_adventure(player, "resumed")
    seq = len(story_to("passed")) + 1  # just after the check was passed, in turn 2
    url = reverse("tracker:bv_undo_to", args=[adventure.pk, seq])
    html = client_of.get(url).text
    assert "Play Map 2 in the Combat check: 5" in html
    assert "Move Q01 from the ready hand back to the draw deck" in html
    assert "Move Q02 from the draw deck back to the encounter (set aside)" in html
    response = client_of.post(url, {"version": adventure.version})
    assert response.status_code == 302
    adventure.refresh_from_db()
    assert adventure.last_seq == seq and adventure.turn == 2
    page = client_of.get(play_url(adventure)).text
    assert "Back to just after action" in page and "Move Q01 from the ready hand" in page
    # A stale confirmation is refused with the conflict message.
    response = client_of.post(reverse("tracker:bv_undo_to", args=[adventure.pk, 3]), {"version": 1})
    assert response.status_code == 409 and "another screen" in response.text
    assert Adventure.objects.get(pk=adventure.pk).last_seq == seq


# -- export ---------------------------------------------------------------------------------


def test_export_is_a_barbarian_vince_log_that_replays_to_the_same_state(client_of, player):
    adventure = make_adventure(player, "traded")
    response = client_of.get(reverse("tracker:bv_export", args=[adventure.pk]))
    assert response.status_code == 200
    assert "First try.barbarian-vince.json" in response["Content-Disposition"]
    document = load_document(response.content)
    assert document["game"] == "barbarian-vince" and document["name"] == "First try"
    assert replay(document["actions"]) == adventure.state
    assert json.loads(response.content)["format"] == "cardrpg-log"


# -- the catalogue --------------------------------------------------------------------------

KIND_INPUTS = {
    "player": {"id", "name", "number", "skill_combat", "skill_survival", "skill_unlock_disarm",
               "skill_hide", "skill_charm", "skill_recovery"},
    "map": {"id", "name", "number", "bonus", "neighbours", "locations"},
    "quest": {"id", "name", "number", "terrains", "classes", "modifiers", "home_map",
              "home_location"},
    "item": {"id", "name", "number", "classes", "modifiers", "home_map", "home_location"},
    "one_year": {"id", "name"},
}  # fmt: skip


@pytest.mark.parametrize("kind", sorted(KIND_INPUTS))
def test_bt01_the_quick_form_asks_only_what_the_kind_of_card_takes(client_of, player, kind):
    adventure = make_adventure(player, "setup")
    html = client_of.get(reverse("tracker:bv_cards", args=[adventure.pk]) + f"?kind={kind}").text
    form = re.search(r'data-testid="card-form">(.*?)</form>', html, re.S).group(1)
    names = set(re.findall(r'name="(\w+)"', form)) - {
        "csrfmiddlewaretoken",
        "version",
        "kind",
        "next",
    }
    assert names == KIND_INPUTS[kind]


def test_bt01_a_map_is_entered_as_printed_and_normalised(client_of, player):
    adventure = make_adventure(player, "setup")
    response = client_of.post(
        reverse("tracker:bv_card_add", args=[adventure.pk]),
        {
            "version": adventure.version,
            "kind": "map",
            "id": " Map 1 ",
            "number": "4",
            "bonus": "survival +1",
            "neighbours": "Map 2, Map 3",
            "locations": "Ulendi [8+] (X0, U, G)\nGoblin Mines [-] (x3)\nSouthglen [7+] (f + 1 o)",
            "next": "play",
        },
    )
    assert response.status_code == 302
    entry = Adventure.objects.get(pk=adventure.pk).state["catalogue"]["Map 1"]
    assert entry["bonus"] == {"survival": 1} and entry["neighbours"] == ["Map 2", "Map 3"]
    assert entry["locations"] == [
        {"name": "Ulendi", "lay_low": 8, "terrains": ["X0", "U", "G"]},
        {"name": "Goblin Mines", "lay_low": None, "terrains": ["X3"]},
        {"name": "Southglen", "lay_low": 7, "terrains": ["F+1", "O"]},
    ]


@pytest.mark.parametrize(
    ("fields", "rule", "words"),
    [
        (
            {"kind": "quest", "id": "Q1", "number": "3", "terrains": "G+2"},
            "BT-01",
            "without a modifier",
        ),
        (
            {"kind": "map", "id": "M", "number": "3", "locations": "Ulendi 8+ X0"},
            "BT-01",
            "as the map prints it",
        ),
        ({"kind": "item", "id": "I", "number": "3"}, "BT-01", "at least one item class"),
        ({"kind": "quest", "id": "Q1", "number": "x", "terrains": "O"}, "BT-01", "whole numbers"),
        (
            {"kind": "quest", "id": "Q" * 61, "number": "3", "terrains": "O"},
            "BT-01",
            "longer than 60",
        ),
        ({"kind": "dragon", "id": "D"}, "BT-01", "say what kind of card"),
        (
            {
                "kind": "item",
                "id": "I",
                "number": "1",
                "classes": ["Common"],
                "modifiers": "luck+1",
            },
            "BT-01",
            "not a skill",
        ),
    ],
)
def test_bt01_a_card_refused_is_said_with_its_rule_and_nothing_is_stored(
    client_of, player, fields, rule, words
):
    adventure = make_adventure(player, "setup")
    before = stored(adventure)
    url = reverse("tracker:bv_card_add", args=[adventure.pk])
    response = client_of.post(url, {**fields, "version": adventure.version})
    assert response.status_code == 400
    assert f"{rule}:" in response.text and words in response.text
    response = client_of.post(url, {**fields, "version": adventure.version}, headers=HTMX)
    assert response.status_code == 200 and f"{rule}:" in response.text
    assert stored(adventure) == before
    assert RememberedCard.objects.count() == 0


def test_cards_entered_before_are_offered_as_you_type_and_entered_in_one_tap(client_of, player):
    make_adventure(player, "catalogued", name="Earlier")
    adventure = make_adventure(player, "setup", name="Later")
    adventure = play_on(
        adventure, player, {"type": "register_card", "id": "Vince", "kind": "player"}
    )
    url = reverse("tracker:bv_cards", args=[adventure.pk])
    # Typing in the id field asks for the matching remembered cards.
    response = client_of.get(url + "?part=recall&id=Q0", headers=HTMX)
    offered = re.findall(r'data-testid="recall-([^"]+)"', response.text)
    assert offered == ["Q01", "Q02", "Q03", "Q04", "Q08"]
    assert 'id="bv-recall"' in response.text and "<html" not in response.text
    # The Player Card already entered in this adventure is not offered again.
    response = client_of.get(url + "?part=recall&name=vin", headers=HTMX)
    assert re.findall(r'data-testid="recall-([^"]+)"', response.text) == []
    response = client_of.post(
        reverse("tracker:bv_card_add", args=[adventure.pk]),
        {"version": adventure.version, "remembered": "Q03"},
        headers=HTMX,
    )
    assert response.status_code == 200 and response["HX-Redirect"] == play_url(adventure)
    entry = Adventure.objects.get(pk=adventure.pk).state["catalogue"]["Q03"]
    assert entry["classes"] == ["Common", "Reusable"] and entry["modifiers"] == {"combat": 1}


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "that card is not among the cards you entered before"),
        ("zh-hant", "那張卡不在你先前登錄過的卡片中"),
    ],
)
def test_bt01_a_card_not_in_the_card_memory_is_refused_and_nothing_is_entered(
    client_of, player, settings, language, words
):
    adventure = make_adventure(player, "setup")
    client_of.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client_of.post(
        reverse("tracker:bv_card_add", args=[adventure.pk]),
        {"version": adventure.version, "remembered": "Q99"},
        headers=HTMX,
    )
    assert response.status_code == 200
    assert "BT-01" in response.text and words in response.text
    assert Adventure.objects.get(pk=adventure.pk).version == adventure.version


def test_bt01_a_card_entry_sent_again_after_it_was_saved_is_taken_as_saved(client_of, player):
    """A phone whose answer never came sends the very same tap again (taps.js): the card is
    in the catalogue once, and the phone is told so, not that another screen changed it."""
    adventure = make_adventure(player, "setup")
    posted = {"version": adventure.version, "kind": "one_year", "id": "OY", "tap": "ab" * 16}
    url = reverse("tracker:bv_card_add", args=[adventure.pk])
    first = client_of.post(url, posted, headers=HTMX)
    again = client_of.post(url, posted, headers=HTMX)
    assert first["HX-Redirect"] == again["HX-Redirect"] == play_url(adventure)
    assert Adventure.objects.get(pk=adventure.pk).version == adventure.version + 1
    page = client_of.get(play_url(adventure)).text
    assert "OY is in the catalogue." in page and "another screen" not in page


def test_enter_it_then_another_stays_on_the_catalogue(client_of, player):
    adventure = make_adventure(player, "setup")
    response = client_of.post(
        reverse("tracker:bv_card_add", args=[adventure.pk]),
        {"version": adventure.version, "kind": "one_year", "id": "OY", "next": "cards"},
    )
    assert response.status_code == 302
    assert (
        response["Location"] == reverse("tracker:bv_cards", args=[adventure.pk]) + "?kind=one_year"
    )
    page = client_of.get(response["Location"]).text
    assert "OY is in the catalogue." in page and "set aside" not in page


# -- a new adventure, the list, deleting ----------------------------------------------------


def test_a_new_adventure_lists_the_table_rules_with_a_line_each(client_of, player):
    html = client_of.get(reverse("tracker:bv_new")).text
    for rule in ("BT-09", "BT-10", "BT-03", "BT-15", "BT-16", "BT-17"):
        assert f'<span class="bv-rule">{rule}</span>' in html
    assert html.count('type="radio"') == 12
    assert "The first Victory ends the adventure." in html
    response = client_of.post(
        reverse("tracker:bv_new"),
        {
            "name": "  Second try ",
            "check_value": "deck_draw",
            "exhausted_bonus": "own_card",
            "first_turn": "travel",
            "trades_per_rest": "one",
            "one_year": "continue",
            "victory_ends": "first",
        },
    )
    adventure = Adventure.objects.get(owner=player)
    assert response["Location"] == play_url(adventure)
    assert adventure.name == "Second try"
    assert adventure.state["ruleset"] == {
        "check_value": "deck_draw",
        "exhausted_bonus": "own_card",
        "first_turn": "travel",
        "trades_per_rest": "one",
        "one_year": "continue",
        "victory_ends": "first",
    }


def test_a_new_adventure_with_a_name_too_long_is_refused_with_its_rule(client_of, player):
    defaults = {"check_value": "card_number", "exhausted_bonus": "own_card", "first_turn": "stay",
                "trades_per_rest": "any", "one_year": "continue", "victory_ends": "major"}  # fmt: skip
    response = client_of.post(reverse("tracker:bv_new"), {**defaults, "name": "x" * 61})
    assert response.status_code == 400 and "A-02:" in response.text
    response = client_of.post(reverse("tracker:bv_new"), {**defaults, "name": "x", "one_year": "y"})
    assert response.status_code == 400
    assert not Adventure.objects.exists()


def test_the_list_shows_only_my_adventures_with_where_they_stand(client_of, player, other):
    mine = make_adventure(player, "lay_low", name="Mine")
    make_adventure(other, "setup", name="Theirs")
    # Your games lists them, beside the other games; the old list's address leads there.
    response = client_of.get(reverse("tracker:bv_list"))
    assert response.status_code == 301 and response["Location"] == reverse("tracker:home")
    html = client_of.get(response["Location"]).text
    assert "Mine" in html and "Turn 2 · Lay Low" in html and play_url(mine) in html
    assert "Theirs" not in html


def test_delete_asks_first_then_the_adventure_is_gone(client_of, player):
    adventure = make_adventure(player, "lay_low")
    url = reverse("tracker:bv_delete", args=[adventure.pk])
    response = client_of.post(url, {"version": adventure.version})
    assert response.status_code == 400 and Adventure.objects.filter(pk=adventure.pk).exists()
    response = client_of.post(url, {"version": adventure.version, "confirm": "on"})
    assert response.status_code == 302 and not Adventure.objects.filter(pk=adventure.pk).exists()
    assert RememberedCard.objects.filter(owner=player).exists()


def test_a_swap_takes_the_banners_away_from_a_place_every_page_has(client_of, player):
    """A swap emptied `main .messages` out of band, which a page without a banner lacks: htmx
    reported an error on the console at every tap. Every page has the banners' place, empty or
    not, and the swap empties it."""
    adventure = make_adventure(player, "check")
    page = client_of.get(play_url(adventure)).text
    assert page.count('id="page-messages"') == 1 and 'class="messages"' not in page
    response = client_of.post(
        act_url(adventure, "play_check_card"),
        {"card": "Q03", "version": adventure.version},
        headers=HTMX,
    )
    assert '<div id="page-messages" hx-swap-oob="true"></div>' in response.text
    assert "delete:" not in response.text
