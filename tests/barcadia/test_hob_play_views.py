"""Playing a table from the phones (issue 15, points 4–7): the map's targets and refusals, the dice
(the app's D20 or the real die typed, modifiers with their source, the sum in words, ties asked
again), undo named and confirmed, versions, and bad input refused in player words with rule IDs
and nothing stored."""

from __future__ import annotations

import random
import re

import pytest

from tests.barcadia.conftest import HTMX, fresh, ordered, play, seen
from tracker.barcadia import services
from tracker.barcadia.models import TableLogEntry
from tracker.barcadia.views import table as table_views
from tracker.rules.barcadia import ACTION_FIELDS

pytestmark = pytest.mark.django_db

MONSTER_12 = {"kind": "monster", "level": 12, "damage": 20, "reward": {"loot": 2}}


class LoadedDie:
    """The app's D20 with results chosen by the test."""

    def __init__(self, *results: int):
        self.results = list(results)

    def randint(self, low: int, high: int) -> int:
        assert (low, high) == (1, 20)
        return self.results.pop(0)


@pytest.fixture
def die(monkeypatch):
    def load(*results):
        loaded = LoadedDie(*results)
        monkeypatch.setattr(table_views, "_DIE", loaded)
        return loaded

    return load


def act(phone, table, action_type: str, /, htmx=True, **fields):
    body = {"version": fresh(table).version, **fields}
    url = f"/tables/{table.pk}/act/{action_type}/"
    return phone.post(url, body, headers=HTMX if htmx else {})


def log(table) -> list[dict]:
    return list(
        TableLogEntry.objects.filter(table=table).order_by("seq").values_list("action", flat=True)
    )


def stored(table) -> tuple:
    table = fresh(table)
    return table.version, table.state, log(table), table.events_count


def test_the_apps_die_is_the_systems_random_source():
    assert isinstance(table_views._DIE, random.SystemRandom)
    assert {table_views.roll_d20() for _ in range(200)} <= set(range(1, 21))


def test_h07_ht02_roll_for_order_with_a_tie_asks_only_the_tied_heroes_again(table, phones, die):
    response = act(phones["Ana"], table, "roll_for_order", roll_1="12", roll_2="15", roll_3="15")
    page = seen(response)
    assert "Order rolls Ana 12, Bo 15, Cy 15: Bo and Cy roll again" in page
    assert "Roll for the turn order: Bo and Cy" in page
    assert 'name="roll_1"' not in page and 'name="roll_2"' in page and 'name="roll_3"' in page
    die(9, 4)  # both boxes left empty: the app's D20 rolls for Bo, then Cy
    page = seen(act(phones["Cy"], table, "roll_for_order"))
    assert "The app's D20 rolled 9 for Bo. The app's D20 rolled 4 for Cy." in page
    assert fresh(table).state["order"] == ["Bo", "Cy", "Ana"]
    assert log(table)[-1] == {"type": "roll_for_order", "rolls": {"Bo": 9, "Cy": 4}}
    assert "Turn 1 · Bo's turn" in page


def test_h03_the_first_order_roll_reminds_a_small_table_of_its_small_dungeon(table, phones):
    page = seen(phones["Ana"].get(f"/tables/{table.pk}/"))
    assert "take out 2 portals, 4 rewards, 4 bosses and 10 monsters" in page
    assert "Fill every cup to the full line (100 HP)" in page


def test_h14_ht14_explore_a_monster_and_win_the_sum_in_words_on_every_phone(table, phones):
    table = ordered(table)
    page = seen(
        act(phones["Ana"], table, "explore", at="2,-1", kind="monster", level="12", damage="20")
    )
    assert "Ana turned up a level-12 monster (damage 20) at [2, -1]: roll at least 12" in page
    assert "Any modifiers?" in page
    page = seen(act(phones["Ana"], table, "fight", roll="14", mod_source_0="l|1", mod_value_0="2"))
    assert "14 + 2 (a loot card) = 16 ≥ level 12: you win" in page
    assert 'aria-label="D20 showing 14"' in page
    assert log(table)[-1] == {
        "type": "fight",
        "player": "Ana",
        "roll": 14,
        "modifiers": [{"value": 2, "source": "loot", "player": "Ana"}],
    }
    other = seen(phones["Bo"].get(f"/tables/{table.pk}/"))
    assert "Ana beat the level-12 monster: 14 + 2 (a loot card) = 16 ≥ 12" in other
    assert "you win" not in other
    state = fresh(table).state
    assert state["players"]["Ana"]["position"] == [2, -1]
    assert state["players"]["Ana"]["loot_count"] == 2  # 3, one spent on the roll, no reward
    assert state["tiles"]["2,-1"]["defeated"] is True


def test_ht14_a_power_up_modifier_is_named_by_the_card_the_hero_holds(table, phones):
    table = ordered(table)
    table = play(
        table,
        {"type": "gain_power_up", "player": "Ana", "card": "Lucky Mug"},
        {"type": "explore", "player": "Ana", "at": [2, -1], "tile": MONSTER_12},
    )
    page = seen(
        act(phones["Ana"], table, "fight", roll="10", mod_source_0="p|1|0", mod_value_0="1")
    )
    assert "10 + 1 (power-up: Lucky Mug) = 11 < level 12: you lose" in page
    assert log(table)[-1]["modifiers"] == [
        {"value": 1, "source": "power_up", "player": "Ana", "card": "Lucky Mug"}
    ]


def test_h14_a_lost_fight_turns_the_tile_back_face_down_and_the_hero_drinks(table, phones):
    table = ordered(table)
    act(phones["Ana"], table, "explore", at="2,-1", kind="monster", level="12", damage="20")
    page = seen(act(phones["Ana"], table, "fight", roll="3"))
    assert "3 < level 12: you lose" in page
    state = fresh(table).state
    assert state["tiles"]["2,-1"]["face"] == "down" and state["players"]["Ana"]["hp"] == 80
    assert 'aria-label="Ana\'s cup: 80 of 100 HP"' in page


def test_h19_ht11_a_tied_boss_fight_asks_the_same_two_to_roll_again(table, phones):
    table = ordered(table)
    boss = {"kind": "boss", "level": 8, "attack": 30, "reward": {"loot": 1}}
    table = play(table, {"type": "explore", "player": "Ana", "at": [0, -2], "tile": boss})
    page = seen(
        act(phones["Ana"], table, "boss_fight", boss_player="Cy", roll="14", boss_roll="14")
    )
    assert "14 against 14: a tie, roll again" in page
    assert "A tie! Ana and Cy (playing the boss) roll again (H-19)." in page
    assert 'data-testid="part"' in page  # the same two roll again, each their part
    page = seen(act(phones["Ana"], table, "boss_fight", boss_player="Cy", roll="17", boss_roll="5"))
    assert "17 against 5: you win" in page
    state = fresh(table).state
    assert state["players"]["Cy"]["hp"] == 70 and state["players"]["Ana"]["position"] == [0, -2]


def test_h26_ht19_a_tied_duel_is_rolled_again_and_a_won_duel_swaps_places(table, phones):
    table = ordered(table)
    table = play(
        table,
        {"type": "explore", "player": "Ana", "at": [2, -1], "tile": {"kind": "portal"}},
        {"type": "end_turn", "player": "Ana"},
    )
    page = seen(phones["Bo"].get(f"/tables/{table.pk}/"))
    assert "Duel a neighbour (before your action)" in page
    page = seen(act(phones["Bo"], table, "duel", target="Ana", roll="8", target_roll="8"))
    assert "8 against 8: a tie, roll again" in page
    assert "A tie! Bo and Ana roll their duel again (HT-19)." in page
    page = seen(act(phones["Bo"], table, "duel", target="Ana", roll="15", target_roll="3"))
    assert "15 against 3: you win" in page
    state = fresh(table).state
    assert state["players"]["Bo"]["position"] == [2, -1]
    assert state["players"]["Ana"]["position"] == [0, 0]
    assert state["players"]["Ana"]["hp"] == 90


def test_h20_ht13_the_hoard_challenge_reads_no_modifiers_even_if_posted(table, phones):
    table = ordered(table)
    table = play(
        table,
        *[
            {"type": "gain_power_up", "player": "Ana", "card": card}
            for card in ("Lucky Mug", "Iron Liver", "Boss Bane")
        ],
    )
    hoard = {"kind": "hoard", "level": 17, "attack": 40}
    table = play(table, {"type": "explore", "player": "Ana", "at": [2, -1], "tile": hoard})
    page = seen(phones["Ana"].get(f"/tables/{table.pk}/"))
    assert "only the bare roll counts (H-20)" in page and "Any modifiers?" not in page
    page = seen(
        act(phones["Ana"], table, "challenge_hoard", roll="16", mod_source_0="s|1", mod_value_0="2")
    )
    assert "16 < level 17: you lose" in page
    assert log(table)[-1] == {"type": "challenge_hoard", "player": "Ana", "roll": 16}


@pytest.mark.parametrize(
    ("kind", "fields", "rule", "words"),
    [
        (
            "explore",
            {"at": "4,0", "kind": "monster", "level": "5", "damage": "5"},
            "H-09",
            "not next to",
        ),
        ("explore", {"at": "1,0", "kind": "portal"}, "H-02", "start tile"),
        ("explore", {"at": "2,-1"}, "HT-08", "say what you turned up"),
        (
            "explore",
            {"at": "2,-1", "kind": "monster", "damage": "5"},
            "HT-08",
            "Type the level printed on the monster tile.",
        ),
        ("explore", {"at": "here"}, "HL-02", "give a hex as q,r"),
        ("move", {"to": "2,-1"}, "H-10", "not a revealed tile"),
        ("heal", {"amount": "lots"}, "HL-02", "type a whole number"),
        ("heal", {"amount": "0"}, "HL-02", "from 1 to 999"),
        ("take_damage", {"amount": "5000"}, "HL-02", "from 1 to 999"),
        ("fight", {"roll": "5"}, "H-14", "nothing to roll against the monster"),
        ("play_loot", {"when": "sometimes"}, "HL-02", "choose your_turn or between_turns"),
        ("gain_power_up", {"card": "x" * 60}, "HL-02", "at most 40 characters"),
        ("note_loot", {"cards": ""}, "HL-02", "give a list of card names"),
    ],
)
def test_hl02_refusals_name_the_rule_in_player_words_and_store_nothing(
    table, phones, kind, fields, rule, words
):
    table = ordered(table)
    before = stored(table)
    page = seen(act(phones["Ana"], table, kind, **fields))
    assert f"<strong>{rule}:</strong>" in page and words in page, page[:3000]
    assert stored(table) == before
    # Without htmx: post/redirect/get, the refusal said on the page it leads to.
    response = act(phones["Ana"], table, kind, htmx=False, **fields)
    assert response.status_code == 302
    assert words in seen(phones["Ana"].get(response["Location"]))
    assert stored(table) == before


def test_hl02_hostile_fields_never_reach_the_log(table, phones):
    table = ordered(table)
    act(
        phones["Ana"],
        table,
        "explore",
        at="2,-1",
        kind="portal",
        level="3",
        evil="<script>",
        rolls="99",
        tile='{"kind": "hoard"}',
    )
    action = log(table)[-1]
    assert action == {"type": "explore", "player": "Ana", "at": [2, -1], "tile": {"kind": "portal"}}
    for entry in log(table):
        assert set(entry) <= set(ACTION_FIELDS[entry["type"]])


def test_a_type_no_table_has_and_set_up_again_are_404(table, phones):
    for kind in ("set_up_table", "create_character", "cheat"):
        assert act(phones["Ana"], table, kind).status_code == 404


def test_a_stale_version_says_it_changed_on_another_phone_and_stores_nothing(table, phones):
    table = ordered(table)
    body = {"version": table.version, "player": "Bo", "amount": "10"}
    phones["Bo"].post(f"/tables/{table.pk}/act/take_damage/", body)
    before = stored(table)
    body = {"version": table.version, "player": "Cy", "amount": "10"}
    response = phones["Cy"].post(f"/tables/{table.pk}/act/take_damage/", body, headers=HTMX)
    assert "This changed on another phone — here is where it stands now." in seen(response)
    assert stored(table) == before


def test_ht06_ending_a_turn_without_an_action_is_asked_first(table, phones):
    table = ordered(table)
    before = stored(table)
    page = seen(act(phones["Ana"], table, "end_turn"))
    assert "End the turn without an action?" in page and 'data-testid="end-confirm"' in page
    assert stored(table) == before
    page = seen(act(phones["Ana"], table, "end_turn", confirm="yes"))
    assert "Ana ended the turn without an action; now Bo's turn" in page


def test_ht06_the_service_asks_before_an_idle_turn_ends_and_writes_nothing(table):
    """The ask is the use case's, not the view's: a phone's tap asks for it; a script need not."""
    table = ordered(table)
    before = stored(table)
    idle_end = {"type": "end_turn", "player": "Ana"}
    with pytest.raises(services.EndTurnToConfirm):
        services.table_apply(
            table=table, action=idle_end, expected_version=table.version, ask_before_idle_end=True
        )
    assert stored(table) == before
    done = services.table_apply(table=table, action=idle_end, expected_version=table.version)
    assert done.state["turn"]["player"] == "Bo"


def test_undo_names_the_action_and_asks_before_taking_back_another_players(table, phones):
    table = ordered(table)
    act(phones["Ana"], table, "explore", at="2,-1", kind="portal")
    page = seen(phones["Ana"].get(f"/tables/{table.pk}/"))
    assert "↶ Undo: Ana explored [2, -1]: a portal" in page
    before = stored(table)
    undo = f"/tables/{table.pk}/undo/"
    page = seen(phones["Bo"].post(undo, {"version": fresh(table).version}, headers=HTMX))
    assert "This takes back another player's action: Ana explored [2, -1]: a portal" in page
    assert stored(table) == before
    body = {"version": fresh(table).version, "confirm": "yes"}
    page = seen(phones["Bo"].post(undo, body, headers=HTMX))
    assert "Undone: Ana explored [2, -1]: a portal." in page
    assert "2,-1" not in fresh(table).state["tiles"]
    # One's own action needs no question; the table's creation can't be undone.
    table = fresh(table)
    act(phones["Ana"], table, "heal", amount="5")
    page = seen(phones["Ana"].post(undo, {"version": fresh(table).version}, headers=HTMX))
    assert "Undone: Ana healed 0 HP." in page
    page = seen(phones["Ana"].post(undo, {"version": fresh(table).version}, headers=HTMX))
    assert "Undone: Order rolls" in page
    page = seen(phones["Ana"].post(undo, {"version": fresh(table).version}, headers=HTMX))
    assert "There is nothing to undo yet." in page


def test_undoing_another_players_action_unconfirmed_is_refused_by_the_service(table):
    table = play(ordered(table), {"type": "explore", "player": "Ana", "at": [2, -1],
                                  "tile": {"kind": "portal"}})  # fmt: skip
    before = stored(table)
    with pytest.raises(services.UndoToConfirm):
        services.table_undo(
            table=table, expected_version=table.version, heroes=("Bo",), confirmed=False
        )
    assert stored(table) == before
    # Ana's own phone asks nothing.
    done = services.table_undo(
        table=fresh(table), expected_version=table.version, heroes=("Ana",), confirmed=False
    )
    assert "2,-1" not in done.state["tiles"]


def test_h13_a_between_turns_loot_card_from_any_phone_only_in_its_window(table, phones):
    table = ordered(table)  # Ana's turn, not started
    page = seen(phones["Bo"].get(f"/tables/{table.pk}/"))
    assert 'data-testid="between-turns"' in page
    page = seen(act(phones["Bo"], table, "play_loot", when="between_turns"))
    assert "Bo played a loot card" in page
    act(phones["Ana"], table, "explore", at="2,-1", kind="portal")  # the turn starts
    page = seen(phones["Bo"].get(f"/tables/{table.pk}/"))
    assert 'data-testid="between-turns"' not in page
    before = stored(table)
    page = seen(act(phones["Bo"], table, "play_loot", when="between_turns"))
    assert "<strong>H-13:</strong>" in page and "turn has started" in page
    assert stored(table) == before


def test_the_map_lights_the_legal_hexes_and_a_tap_opens_the_form_for_that_hex(table, phones):
    table = ordered(table)
    page = seen(phones["Ana"].get(f"/tables/{table.pk}/"))
    explore = re.search(r'<g data-target="explore">(.*?)</g>', page)[1]
    assert explore.count("<a ") == 12  # HT-05: the twelve hexes at distance 2
    assert '<a href="?at=2,-1" aria-label="Explore [2, -1]">' in page
    assert re.search(r'<section id="hob-actions"[^>]*>', page)[0].count("autofocus") == 0
    assert 'data-target="explore"' not in seen(phones["Bo"].get(f"/tables/{table.pk}/"))
    # The link opens the page for that hex, its actions panel in focus (no script needed).
    page = seen(phones["Ana"].get(f"/tables/{table.pk}/?at=2,-1"))
    assert "Explore [2, -1]" in page and 'name="at" value="2,-1"' in page
    assert re.search(r'<section id="hob-actions"[^>]* autofocus>', page)
    part = seen(phones["Ana"].get(f"/tables/{table.pk}/?at=2,-1&part=actions", headers=HTMX))
    assert part.startswith('<section id="hob-actions"') or 'id="hob-actions"' in part[:200]


def test_ht05_a_tap_on_a_hex_out_of_reach_is_refused_with_the_rule(table, phones):
    table = ordered(table)
    page = seen(phones["Ana"].get(f"/tables/{table.pk}/?at=3,0"))
    assert "<strong>H-09:</strong> [3, 0] is not next to Ana's place [0, 0]" in page
    page = seen(phones["Ana"].get(f"/tables/{table.pk}/?at=nowhere"))
    assert "give a hex as q,r" in page


def test_h10_ht07_moving_uses_the_path_the_engine_offers(table, phones):
    table = ordered(table)
    table = play(
        table,
        {"type": "explore", "player": "Ana", "at": [2, -1], "tile": {"kind": "portal"}},
        {"type": "end_turn", "player": "Ana"},
        {"type": "end_turn", "player": "Bo"},
        {"type": "explore", "player": "Cy", "at": [2, -2], "tile": {"kind": "portal"}},
    )
    table = play(table, {"type": "end_turn", "player": "Cy"})
    page = seen(phones["Ana"].get(f"/tables/{table.pk}/"))
    assert 'aria-label="Move to the Starting Point"' in page  # its centre hex is lit
    assert "Move to the Starting Point</button>" in page  # and in the list of targets
    page = seen(phones["Ana"].get(f"/tables/{table.pk}/?at=2,-2"))
    assert "<strong>HT-20:</strong> Cy stands in [2, -2]: beat them in a duel" in page
    act(phones["Ana"], table, "move", to="0,0")
    assert log(table)[-1] == {"type": "move", "player": "Ana", "path": [[0, 0]]}


def test_h22_a_fourth_power_up_asks_which_one_goes(table, phones):
    table = ordered(table)
    table = play(
        table,
        *[
            {"type": "gain_power_up", "player": "Ana", "card": card}
            for card in ("Lucky Mug", "Iron Liver", "Boss Bane")
        ],
    )
    page = seen(act(phones["Ana"], table, "gain_power_up", card="Quick Feet"))
    assert "Ana gains Quick Feet as a fourth power-up" in page
    assert "Discard Quick Feet" in page and "Discard Lucky Mug" in page
    page = seen(act(phones["Ana"], table, "discard_power_up", card="Iron Liver"))
    assert fresh(table).state["players"]["Ana"]["power_ups"] == [
        "Lucky Mug",
        "Boss Bane",
        "Quick Feet",
    ]
