"""Client tests of the fixes from the new-player usability test: the app's hand always shown and
looked at by itself, instructions in the app's words, who deals chosen between sessions, undo
named after what it takes back, the picker's running list of cards, player-worded refusals
next to their control, HP never below 0 on screen, and the labels and tiles that were unclear.
"""

import re

import pytest

from tests.play.conftest import make_character
from tests.play.test_play_views import HTMX, into_fight, post, text, url, win_first_fight
from tracker.card_rpg import services

pytestmark = pytest.mark.django_db

SEED = "63"  # deals 10♠ 5♥ 5♠ Q♣ Q♦, then the 4♦ as the first monster


@pytest.fixture
def logged_in(client, player):
    client.force_login(player)
    return client


def virtual_character(client, player, name="Capi"):
    character = make_character(player, name=name)
    _, character = post(client, character, "virtual", on="on", seed=SEED)
    return character


def instruction(response) -> str:
    found = re.search(r'data-testid="instruction">([^<]*)<', text(response))
    return found.group(1) if found else ""


def log_types(character) -> list[str]:
    return list(character.log_entries.order_by("seq").values_list("action_type", flat=True))


def play_virtually_until(client, character, done, limit=80):
    """Let the app deal, attack with the first card of the hand, end the turn when nothing
    else fits — until `done(response, character, before)` holds; return (response, character)."""
    for _ in range(limit):
        before = character.last_seq
        screen_actions = character.state["awaiting"]["action"]
        actions = [screen_actions] if isinstance(screen_actions, str) else screen_actions
        table_input = {"start_session", "reveal_monster", "roll_monster_hp", "turn", "level_up"}
        if table_input & set(actions):
            response, character = post(client, character, "deal")
        elif "attack" in actions and character.state["session"]["hand"]["count"]:
            hand = character.state["session"]["hand"]["known"]
            response, character = post(client, character, "attack", card=[hand[0]])
        elif "end_turn" in actions:
            response, character = post(client, character, "end_turn")
        elif "save" in actions:
            response, character = post(client, character, "accept_death")
        elif "keep_hand" in actions:
            response, character = post(client, character, "keep_hand", answer="yes")
        else:
            pytest.fail(f"stuck at {character.state['awaiting']}")
        assert response.status_code == 200
        assert len(response.content) <= 8 * 1024, len(response.content)
        if done(response, character, before):
            return response, character
    pytest.fail("never got there")


# -- 1. the app's hand ------------------------------------------------------------------------


def test_virtual_hand_is_shown_between_fights_from_the_first_deal(logged_in, player):
    character = virtual_character(logged_in, player)
    response, character = post(logged_in, character, "deal")
    page = text(response)
    hand = re.search(r'data-testid="hand">(.*?)</div>', page, re.S).group(1)
    for name in ("10 of Spades", "5 of Hearts", "5 of Spades", "Queen of Clubs"):
        assert f'aria-label="{name}"' in hand
    assert "hasn't seen" not in hand


def test_cards_the_app_draws_are_looked_at_in_the_same_request(logged_in, player):
    # Issue 12 (point 6): the app's own steps after a tap, this look included, are one request.
    character = virtual_character(logged_in, player)

    def app_drew(response, character, before):
        return character.last_seq - before >= 2 and log_types(character)[-1] == "note_hand"

    response, character = play_virtually_until(logged_in, character, app_drew)
    page = text(response)
    *_, first, note = log_types(character)
    assert first in ("level_up", "turn", "attack") and note == "note_hand"
    assert character.state["cards"]["hand_unknown"] == []
    assert "The app drew" in page and "into your hand" in page
    assert "Show me the cards I drew" not in page
    # The action's own events are still shown, not only the note's.
    assert 'data-testid="events"' in page
    # The undo button names the player's tap before the app's steps, and takes them all back.
    assert "↶ Undo: Note" not in page
    tap = re.search(r"↶ Undo: ([^<]*)<", page).group(1)
    seq = character.last_seq
    steps = 1
    while log_types(character)[-steps] in ("note_hand", "turn", "level_up", "roll_monster_hp"):
        steps += 1
    response, character = post(logged_in, character, "undo")
    assert character.last_seq == seq - steps
    assert f"Undone: {tap}." in text(response) and "Undone: Note" not in text(response)


def test_cards_the_players_win_draws_are_looked_at_in_the_same_tap(logged_in, player):
    # Issue 12 (point 6): no longer on the next deal: the app looks at once, in the same tap.
    character = virtual_character(logged_in, player)

    def player_drew(response, character, before):
        types = log_types(character)[before:]
        return (
            types[0] == "attack" and types[-1] == "note_hand" and character.state["fight"] is None
        )

    response, character = play_virtually_until(logged_in, character, player_drew)
    assert character.state["cards"]["hand_unknown"] == []
    hand = re.search(r'data-testid="hand">(.*?)</div>', text(response), re.S).group(1)
    assert hand.count('role="img"') == character.state["session"]["hand"]["count"]
    assert "The app drew" in text(response)
    assert "Turn the next monster</button>" in text(response)
    assert "↶ Undo: Attack with " in text(response)
    seq = character.last_seq
    response, character = post(logged_in, character, "deal")
    assert log_types(character)[seq] == "reveal_monster"
    assert "it is your next monster" in text(response)
    assert "↶ Undo: Monster " in text(response)
    _, character = post(logged_in, character, "undo")
    assert character.last_seq == seq  # the monster and the app's HP roll are taken back


def test_reload_after_the_apps_note_shows_the_action_it_followed(logged_in, player):
    character = virtual_character(logged_in, player)

    def refilled(response, character, before):
        return character.last_seq - before == 2

    _, character = play_virtually_until(logged_in, character, refilled)
    page = text(logged_in.get(url(character)))
    assert "↶ Undo: Note" not in page
    assert 'data-testid="events"' in page


# -- 2. the app's words ------------------------------------------------------------------------


def test_virtual_instructions_say_what_the_app_does(logged_in, player):
    character = make_character(player)
    response, character = post(logged_in, character, "virtual", on="on", seed=SEED)
    said = instruction(response)
    assert said.startswith("The app takes the K♠ out of the deck, shuffles it and deals")
    assert "Tap “Shuffle and deal my hand”" in said
    response, character = post(logged_in, character, "deal")
    assert "The app dealt your hand: 10♠ 5♥ 5♠ Q♣ Q♦." in text(response)
    assert instruction(response).startswith("The app turns the top card of the draw pile")
    assert "enter it" not in instruction(response)
    response, character = post(logged_in, character, "deal")
    assert "The app turned the 4♦: it is your next monster." in text(response)
    # Issue 12 (point 6): the HP roll asks no decision: the app rolls in the same tap, and says so.
    assert re.search(r"The app rolled \d \+ \d \+ \d = \d+ for the 4♦&#x27;s HP.", text(response))
    # What the app dealt to the monster is said with the monster.
    assert "The app dealt 1 card face down to its attack pile." in text(response)
    assert instruction(response).startswith("Your turn: ")
    assert "Rule S-20" in text(response)  # the rule ID stays


def test_real_cards_keep_the_engines_instruction(logged_in, character):
    response = logged_in.get(url(character))
    assert instruction(response) == character.state["awaiting"]["instruction"]


# -- 3. who deals, undo, ending a session ---------------------------------------------------------


def test_undo_button_names_what_it_takes_back_and_says_what_was_undone(logged_in, character):
    character = into_fight(logged_in, character)
    response, character = post(logged_in, character, "attack", card=["7H", "7C"])
    assert "↶ Undo: Attack with 7♥ 7♣" in text(response)
    response, character = post(logged_in, character, "undo")
    assert "Undone: Attack with 7♥ 7♣." in text(response)
    assert "↶ Undo: Roll the monster&#x27;s HP" in text(response)
    response, character = post(logged_in, character, "end_turn")
    assert "↶ Undo: End my turn" in text(response)


def test_the_dealer_switch_is_offered_only_between_sessions(logged_in, character):
    page = text(logged_in.get(url(character)))
    assert 'data-testid="virtual"' in page
    assert "Advanced: deal from a seed" in page
    assert "No cards with you? Let the app deal" not in page  # one control, not two
    response, character = post(logged_in, character, "start_session")
    assert 'data-testid="virtual"' not in text(response)
    assert "You play with your own cards this session." in text(response)


def test_switching_between_sessions_leaves_undo_to_the_last_real_action(logged_in, character):
    character = win_first_fight(logged_in, character)
    post(logged_in, character, "end_session")
    _, character = post(logged_in, character, "virtual", on="on", seed=SEED)
    seq = character.last_seq
    # Issue 12 (point 4): back past the end of a session played with real cards, the player
    # confirms they will rebuild the table.
    response, character = post(logged_in, character, "undo", rebuild="on")
    assert "Undone: End the session." in text(response)
    assert character.last_seq == seq - 1
    assert character.state["session"] is not None


def test_ending_a_session_asks_for_a_second_tap(logged_in, character):
    character = win_first_fight(logged_in, character)
    more = text(logged_in.get(url(character) + "?part=more", headers=HTMX))
    confirm = re.search(r'<details class="confirm">(.*?)</details>', more, re.S).group(1)
    assert "End the session…" in confirm
    assert "Yes, end the session" in confirm
    assert "/play/end_session/" in confirm


def test_s15_when_ending_the_session_is_all_there_is_to_do_aside_it_is_offered_at_once(
    logged_in, character
):
    # Between fights with the whole hand noted and no gold, the fold-out of side actions held
    # only the session's end, which then asked for itself a second time: "End the session…"
    # twice in a row. It is now the confirming fold-out itself, in the prompt.
    character = win_first_fight(logged_in, character)
    response, character = post(logged_in, character, "note_hand", typed="2h 3h")
    for answer in (text(response), text(logged_in.get(url(character)))):
        assert 'class="more"' not in answer
        assert answer.count("End the session…") == 1
        confirm = re.search(r'<details class="confirm">(.*?)</details>', answer, re.S).group(1)
        assert "Yes, end the session" in confirm
    response, character = post(logged_in, character, "end_session")
    assert character.state["session"] is None


# -- 4. the picker ----------------------------------------------------------------------------------


def pick(client, character, action, htmx=True, **data):
    character.refresh_from_db()
    data.setdefault("version", character.version)
    return client.post(url(character, f"pick/{action}"), data, headers=HTMX if htmx else {})


def picked(response) -> list[str]:
    return re.findall(r'name="picked" value="(\w+)"', text(response))


def test_picker_keeps_a_list_across_ranks(logged_in, character):
    response = pick(logged_in, character, "start_session", rank="7")
    assert 'name="shown_rank" value="7"' in text(response)
    response = pick(logged_in, character, "start_session", shown_rank="7", suits=["H", "C"])
    assert picked(response) == ["7H", "7C"]
    # Another rank: the sevens stay picked, the suit boxes are drawn for the threes.
    response = pick(
        logged_in, character, "start_session", picked=["7H", "7C"], shown_rank="7",
        suits=["H", "C"], rank="3",
    )  # fmt: skip
    assert picked(response) == ["7H", "7C"]
    assert 'name="shown_rank" value="3"' in text(response)
    response = pick(
        logged_in, character, "start_session", picked=["7H", "7C"], shown_rank="3",
        rank="3", suits=["S"],
    )  # fmt: skip
    assert picked(response) == ["3S", "7H", "7C"]
    page = text(response)
    assert "Picked: 3 of 5" in page
    assert 'aria-label="Take the 7 of Clubs off"' in page
    assert response.content.lstrip().startswith(b'<form id="entry-start_session"')
    assert len(response.content) <= 8 * 1024
    # A tap on a picked card takes it off.
    response = pick(logged_in, character, "start_session", picked=["3S", "7H", "7C"], unpick="7C")
    assert picked(response) == ["3S", "7H"]
    assert character.last_seq == 1  # picking applies nothing
    # The list is what the form sends.
    _, character = post(
        logged_in, character, "start_session", picked=["3S", "7H"], typed="8d 9s qh"
    )
    assert sorted(character.state["session"]["hand"]["known"]) == ["3S", "7H", "8D", "9S", "QH"]


def test_picker_jokers_and_a_suit_without_a_rank(logged_in, character):
    response = pick(logged_in, character, "start_session", suits=["JK2"])
    assert picked(response) == ["JK2"]
    response = pick(logged_in, character, "start_session", picked=["JK2"], suits=["H"])
    assert picked(response) == []  # the Joker box was unticked; the Heart needs a rank
    assert "Tap a rank first" in text(response)


def test_picker_without_javascript_draws_the_whole_page(logged_in, character):
    response = pick(
        logged_in, character, "start_session", htmx=False, picked=["3S", "7H"], unpick="3S"
    )
    assert response.status_code == 200
    page = text(response)
    assert "<html" in page and picked(response) == ["7H"]
    assert re.search(r'<details class="optional" open><summary>Tell the app which cards', page)


def test_picker_with_a_stale_version_redraws_the_prompt(logged_in, character):
    response = pick(logged_in, character, "start_session", version=0, rank="7")
    assert response["HX-Retarget"] == "#play-prompt"
    assert "This changed on another screen" in text(response)


def test_attack_picker_adds_grid_ticks_and_keeps_hand_ticks(logged_in, character):
    post(logged_in, character, "start_session")
    post(logged_in, character, "note_hand", typed="7h 7c")
    post(logged_in, character, "reveal_monster", typed="qs")
    _, character = post(logged_in, character, "roll_monster_hp", typed="4 2 6")
    response = pick(logged_in, character, "attack", card=["7H", "8H"], rank="8")
    page = text(response)
    assert picked(response) == ["8H"]
    assert 'value="7H" checked' in page
    assert "3 cards in your hand are unknown to the app — enter them here" in page


# -- 5. refusals -----------------------------------------------------------------------------------


def test_attack_with_nothing_chosen_is_caught_by_the_form(logged_in, character):
    character = into_fight(logged_in, character)
    before = character.version
    response, character = post(logged_in, character, "attack")
    error = re.search(r'<div id="play-error".*?</div>', text(response), re.S).group(0)
    assert "Choose at least one card to attack with." in error
    assert "required" not in error.lower() and "S-20" not in error
    assert character.version == before


def test_a_refusal_keeps_what_was_typed_next_to_the_field(logged_in, character):
    response, character = post(logged_in, character, "start_session", typed="7h zz")
    page = text(response)
    entry = re.search(r'<form id="entry-start_session".*?</form>', page, re.S).group(0)
    assert 'value="7h zz"' in entry
    assert 'id="play-error"' in entry and "is not a card" in entry
    assert re.search(r'<details class="optional" open><summary>Tell the app which cards', page)
    assert page.count('id="play-error"') == 1


def test_an_engine_refusal_is_shown_at_the_control_with_the_cards_kept(logged_in, character):
    character = into_fight(logged_in, character)
    response, _ = post(logged_in, character, "attack", typed="7h 8d")
    entry = re.search(r'<form id="entry-attack".*?</form>', text(response), re.S).group(0)
    assert "a combo needs cards of one rank" in entry
    assert 'value="7h 8d"' in entry


def test_wrong_choices_are_said_in_player_words(logged_in, character):
    character = into_fight(logged_in, character)
    response, _ = post(logged_in, character, "attack", card=["XX"], rank="Z")
    page = text(response)
    assert "pick again" in page
    assert "is not one of the available choices" not in page


# -- 6–11. links, HP, feedback, tiles, grid ---------------------------------------------------------


def test_tools_row_links_to_the_history(logged_in, character):
    page = text(logged_in.get(url(character)))
    assert f'href="/characters/{character.pk}/history/" data-testid="history"' in page


def test_discard_page_names_the_fold_out_as_the_play_screen_does(logged_in, player):
    character = make_character(player, cls="KD")
    character = win_first_fight(logged_in, character, loot="3h", extra=[])
    post(logged_in, character, "sell", card="3H")
    play_page = text(logged_in.get(url(character)))
    summary = re.search(r'<details class="more".*?<summary>(.*?)</summary>', play_page, re.S)
    discard = text(logged_in.get(f"/characters/{character.pk}/discard/"))
    assert f"use “{summary.group(1)}” on the play screen" in discard


def test_a_dead_monster_shows_hp_0_and_defeated(logged_in, character):
    character = into_fight(logged_in, character)
    response, character = post(logged_in, character, "attack", card=["7H", "7C"])
    assert character.state["fight"]["monster_hp"] == -2
    page = text(response)
    assert 'data-testid="monster-hp">HP 0 / 12<' in page
    assert 'data-testid="monster-fate">defeated<' in page
    assert "-2 / 12" not in page


def test_a_deadly_blow_shows_the_hero_dead_not_at_full_hp(logged_in, player, character):
    for action in (
        {"type": "start_session", "hand": ["7H", "7C", "8D", "9S", "QH"]},
        {"type": "reveal_monster", "card": "QS"},
        {"type": "roll_monster_hp", "dice": [4, 2, 6]},
        {"type": "end_turn"},
        {"type": "turn", "card": "JK1"},
    ):
        character = services.character_apply(
            character_id=character.pk, owner=player, action=action,
            expected_version=character.version,
        )  # fmt: skip
    assert character.state["awaiting"]["reason"] == "king's death"
    page = text(logged_in.get(url(character)))
    assert 'data-testid="hp">HP 0 / 7<' in page
    assert 'data-testid="hero-fate">dead<' in page


def test_noting_cards_says_so(logged_in, character):
    post(logged_in, character, "start_session")
    response, _ = post(logged_in, character, "note_hand", typed="7h 3s")
    assert "Noted: 7♥ 3♠ are in your hand." in text(response)


def test_real_cards_hand_shows_what_the_app_knows_and_how_many_it_has_not_seen(
    logged_in, character
):
    post(logged_in, character, "start_session")
    response, _ = post(logged_in, character, "note_hand", typed="7h 3s")
    hand = re.search(r'data-testid="hand">(.*?)</div>', text(response), re.S).group(1)
    assert 'aria-label="7 of Hearts"' in hand
    assert "+ 3 cards the app hasn't seen" in hand


def test_piles_show_a_dash_before_a_session_and_the_discard_tile_is_the_link(logged_in, character):
    page = text(logged_in.get(url(character)))
    assert 'data-testid="count-draw">—<' in page
    assert 'data-testid="count-discard">—<' in page
    assert re.search(r'<a href="[^"]+/discard/"><span>Discard', page)


def test_the_grid_has_one_block_per_suit_and_jokers_in_words(logged_in, character):
    post(logged_in, character, "start_session")
    grid = text(logged_in.get(url(character) + "?part=grid&source=any", headers=HTMX))
    assert grid.count('class="suit-block"') == 5
    for heading in ("♠ Spades", "♥ Hearts", "♦ Diamonds", "♣ Clubs", "Jokers"):
        assert heading in grid
    assert "🃏" not in grid and ">Joker<small>red</small>" in grid
    blocks = re.findall(r'<div class="grid54">(.*?)</div>', grid)
    assert [block.count("<button") for block in blocks] == [13, 13, 13, 13, 2]


def test_swaps_scroll_the_prompt_into_view_and_stay_small(logged_in, character):
    response, character = post(logged_in, character, "start_session", typed="7h 7c 8d 9s qh")
    page = text(response)
    assert 'hx-swap="outerHTML show:#play-prompt:top"' in page
    assert 'data-testid="summary"' in page
    assert len(response.content) <= 8 * 1024


def test_picking_for_an_entry_not_on_the_screen_is_refused_with_a_message(logged_in, character):
    response = pick(logged_in, character, "attack", rank="7")
    assert "pick again" in text(response) and 'role="alert"' in text(response)
    response = pick(logged_in, character, "accept_death", rank="7")
    assert 'role="alert"' in text(response)
    assert pick(logged_in, character, "no_such_action").status_code == 404
    character.refresh_from_db()
    assert character.last_seq == 1


def test_a_refusal_for_a_control_the_app_replaces_is_shown_on_top(logged_in, player):
    character = virtual_character(logged_in, player)
    post(logged_in, character, "deal")
    response, _ = post(logged_in, character, "reveal_monster")
    page = text(response)
    assert 'id="play-error"' in page and "Choose a card" in page


def test_s10_at_the_apps_table_card_moves_read_as_the_apps_own():
    """Loot, gold and buying events keep what happened and say what the app did with the card,
    never "put it…" to a player who holds no cards."""
    from tracker.card_rpg.play_screen import Screen

    events = [
        {"type": "gold", "rule": "S-10", "to": "bottom of draw pile", "cards": ["2D"], "count": 1,
         "text": "The 2♦ (loot) turns into 2 gold: put it at the bottom of the draw pile."},
        {"type": "item", "rule": "S-10", "to": "inventory", "cards": ["3S"], "count": 1,
         "text": "The 3♠ (loot) goes into your inventory: put it with your inventory cards."},
        {"type": "discard", "rule": "T-17", "to": "discard pile", "cards": ["QS"], "count": 1,
         "text": "The Q♠ (Jack's extra card) is not an item: put it on the discard pile."},
        {"type": "table", "rule": "T-18", "to": "discard pile", "cards": ["KD"], "count": 2,
         "text": "Put the K♦ and the card under it on the discard pile."},
        {"type": "damage", "rule": "S-21", "text": "7♣: 7 damage."},
    ]  # fmt: skip
    state = {"events": events}
    real = [event["text"] for event in Screen(character_id=1, version=1, state=state).events]
    assert real == [event["text"] for event in events]
    app = [e["text"] for e in Screen(character_id=1, version=1, state=state, virtual=True).events]
    assert app == [
        "The 2♦ (loot) turns into 2 gold. The app put 2♦ at the bottom of the draw pile.",
        "The 3♠ (loot) goes into your inventory.",
        "The Q♠ (Jack's extra card) is not an item. The app put Q♠ on the discard pile.",
        "The app put K♦ and 1 face-down card on the discard pile.",
        "7♣: 7 damage.",
    ]
    assert not any("put it" in text for text in app)


def test_s13_a_turned_top_card_that_cannot_be_bought_offers_only_discarding():
    from tracker.card_rpg.play_screen import Screen

    state = {"character": {"gold": 3}, "events": []}
    king = Screen(character_id=1, version=1, state=state, virtual=True, peek="KH")
    assert king.peek_offer["buyable"] is False
    assert "can't be bought" in king.peek_offer["note"]
    three = Screen(character_id=1, version=1, state=state, virtual=True, peek="3C")
    assert three.peek_offer["buyable"] is True
    assert Screen(character_id=1, version=1, state=state).peek_offer == {}
