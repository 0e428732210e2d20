"""The action log in words: each action told from the log entry and the state before it."""

from __future__ import annotations

import pytest

from tests.history.conftest import Career
from tracker.card_rpg import history
from tracker.card_rpg.history import describe, state_parts
from tracker.rules.card_rpg import apply, initial_state
from tracker.rules.card_rpg.bot import play
from tracker.rules.cards import card_text


def told(actions: list[dict]) -> list[str]:
    """Each action of a game from its start, as the log page would say it."""
    state, lines = initial_state(), []
    for action in actions:
        after = apply(state, action)
        lines.append(describe(action, state_parts(state), state_parts(after)).sentence)
        state = after
    return lines


QUEEN_FIGHT = [
    {"type": "create_character", "name": "Capi", "class": "KS", "str_dice": [5], "hp_dice": [5]},
    {"type": "start_session", "hand": ["7C", "7H", "8C", "QH", "2S"]},
    {"type": "reveal_monster", "card": "QS"},
    {"type": "roll_monster_hp", "dice": [4, 2, 6]},
    {"type": "attack", "cards": ["7C", "7H"]},
    {"type": "turn", "card": "4S"},
    {"type": "level_up", "hp_dice": [3]},
]


def test_a_whole_fight_in_words_worked_examples_2_and_5():
    lines = told(QUEEN_FIGHT)
    assert lines == [
        "Created Capi, King of Spades: STR 5 and HP 7 (rolled 5 and 5).",
        "Started session 1 with 5 cards in the hand: 7♣ 7♥ 8♣ Q♥ 2♠.",
        "Turned up the monster: the Q♠ (1 under it and 1 in its attack pile).",
        "Rolled 4, 2 and 6 for the Q♠: 12 HP, worth 12 XP.",
        "Attacked with 7♣ 7♥ for 14. The Q♠ is dead: +12 XP.",
        "Loot: the 4♠, into the inventory.",
        "Rolled 3 to level up: level 1 → 2, HP 7 → 10.",
    ]


def test_monster_hits_and_death_in_words_t13_t22():
    lines = told(
        [
            QUEEN_FIGHT[0],
            {"type": "start_session", "hand": ["7C", "7H", "8C", "QH", "2S"]},
            {"type": "reveal_monster", "card": "10S"},
            {"type": "roll_monster_hp", "dice": [1, 1, 1]},
            {"type": "attack", "cards": ["2S"]},
            {"type": "turn", "card": "9H"},
            {"type": "keep_hand", "keep": True},
            {"type": "end_session"},
        ]
    )
    assert lines[4] == "Attacked with 2♠ for 2."
    assert lines[5] == "The 10♠ attacks with the 9♥: 9 damage taken (HP -2). Capi died."
    assert lines[6] == "Kept the hand after dying."
    assert lines[7] == "Ended session 1."


def test_s23_t22a_a_death_line_tells_the_hp_the_blow_left_not_the_hp_before_it():
    """Issue 28: with no King's hand to keep, the fight ends with the death; its line said the HP
    before the blow ("(HP 7)") where the play screen said −2."""
    create = QUEEN_FIGHT[0] | {"class": "QD"}
    lines = told(
        [
            create,
            {"type": "start_session", "hand": ["7C", "7H", "8C", "QH", "2S"]},
            {"type": "reveal_monster", "card": "10S"},
            {"type": "roll_monster_hp", "dice": [1, 1, 1]},
            {"type": "attack", "cards": ["2S"]},
            {"type": "turn", "card": "9H"},
        ]
    )
    assert lines[5] == "The 10♠ attacks with the 9♥: 9 damage taken (HP -2). Capi died."


def test_a_face_card_attack_waits_for_its_card_then_tells_the_damage_s21():
    lines = told(
        [
            QUEEN_FIGHT[0],
            {"type": "start_session", "hand": ["7C", "7H", "8C", "QH", "2S"]},
            {"type": "reveal_monster", "card": "9S"},
            {"type": "roll_monster_hp", "dice": [6, 6, 6]},
            {"type": "attack", "cards": ["QH"]},
            {"type": "turn", "card": "KD"},
            {"type": "turn", "card": "5C"},
        ]
    )
    assert lines[4] == "Attacked with Q♥; a card is turned for the random attack."
    assert (
        lines[5] == "Turned the K♦ for the random attack: a critical hit, another card is turned."
    )
    assert lines[6] == "Turned the 5♣ for the critical hit: 10 damage to the 9♠."


@pytest.mark.parametrize("seed", range(12))
def test_every_action_of_random_games_is_told_with_its_cards(seed):
    state = initial_state()
    for before, action, after in play(seed, 400):
        line = describe(action, state_parts(before), state_parts(after))
        assert line.text.endswith((".", "!")), line
        assert line.kind == action["type"]
        fallback = action["type"].replace("_", " ").capitalize() + "."
        assert line.text != fallback, line  # every action type has a sentence of its own
        for card in line.cards:
            assert card_text(card) in line.text, line
        if action["type"] == "attack":
            damage = sum(e.get("damage", 0) for e in after["events"] if e["type"] == "damage")
            if damage:
                assert f"for {damage}" in line.text
        state = after
    assert state["actions"] == 401


@pytest.mark.django_db
def test_a_log_page_tells_each_action_as_the_whole_states_do(player):
    """The page replays the stored log from its snapshots: the same words as the whole states."""
    career = Career(player, 5).play_sessions(1)
    entries = list(career.log_entries.order_by("seq").values_list("seq", "action"))
    expected, before = [], initial_state()
    for seq, action in entries:
        after = apply(before, action)
        expected.append((seq, describe(action, state_parts(before), state_parts(after)).sentence))
        before = after
    page = history.log_page(career, size=len(entries))
    assert [(line.seq, line.sentence) for line in reversed(page.lines)] == expected
    assert page.older is None and page.newer is None


@pytest.mark.django_db
def test_log_pages_run_newest_first_without_gaps(player):
    career = Career(player, 5).play_sessions(1)
    last, seen, before = career.last_seq, [], None
    while True:
        page = history.log_page(career, before=before, size=7)
        seen += [line.seq for line in page.lines]
        if page.older is None:
            break
        before = page.older
    assert seen == list(range(last, 0, -1))
    middle = history.log_page(career, before=last - 6, size=7)
    assert middle.newer is not None
    assert history.log_page(career, before=middle.newer, size=7).lines[0].seq == last


def test_red_suits_are_marked_and_text_is_escaped():
    line = history.LogLine(seq=1, at=None, kind="x", text="<b>7♥</b> and 7♣")
    assert str(line.html) == '&lt;b&gt;7<span class="suit-red">♥</span>&lt;/b&gt; and 7♣'


def test_the_random_games_above_use_every_action_type():
    seen = {action["type"] for seed in range(12) for _, action, _ in play(seed, 400)}
    assert seen == set(history._SENTENCES)


def test_t37_a_robbery_and_a_duel_in_words_in_both_logs_and_both_languages():
    """card-rpg-table.md's examples 2 and 5: each log's lines, said by the engine (rival_words)."""
    from django.utils import translation

    from tests.i18n.english import english_left
    from tests.rules.conftest import Game, Table
    from tests.rules.test_rules_table_examples import ana_robs_bo

    table = Table(Game())
    ana_robs_bo(table)
    table.challenge("Ana", "Bo")
    table.act("Bo", "attack", cards=["5C"])
    table.act("Ana", "use_item", card="6S")
    table.act("Bo", "save", card="4H")
    table.act("Ana", "attack", cards=["QH"])
    table.act("Ana", "turn", card="9C")

    def lines(name):
        state, said = table.starts[name], []
        for action in table.logs[name]:
            after = apply(state, action)
            said.append(describe(action, state_parts(state), state_parts(after)).sentence)
            state = after
        return said

    bo = lines("Bo")
    assert bo[-6:] == [
        "Ana (Q♠) robbed the 6♠: it went to the discard pile.",
        "Accepted the challenge of Ana (Q♠), level 1 with 7 HP, to a duel: you strike first.",
        "Played 5♣: a hit of 5 on Ana.",
        "Ana hit you for 6: HP -2.",
        "Saved by the 4♥: HP 4.",
        "Ana hit you for 9: HP -5. Bo died and lost 3 XP.",
    ]
    assert lines("Ana")[-1] == "Bo died: the duel is won (player kills 1)."
    with translation.override("zh-hant"):
        chinese = lines("Bo") + lines("Ana")
    for sentence in chinese:
        assert not english_left(sentence, names=("Ana", "Bo")), sentence
