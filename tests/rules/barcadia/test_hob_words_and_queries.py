"""What the screens read: fight arithmetic, one line per action, who acts, rule texts."""

import re
from pathlib import Path

from tracker.rules.barcadia import (
    apply,
    describe_action,
    fight_words,
    initial_state,
    must_reroll,
    roll_result,
    rule_summary,
    seat_actions,
    who_acts,
)
from tracker.rules.text import Msg

ENGINE = Path(__file__).resolve().parents[3] / "tracker" / "rules" / "barcadia"
MONSTER = {"kind": "monster", "level": 12, "damage": 20, "reward": {"loot": 2}}
ALL_RULES = [f"H-{n:02d}" for n in range(1, 29)] + [f"HT-{n:02d}" for n in range(1, 23)]
ALL_RULES += ["HL-01", "HL-02"]


def lines(hob, state, kind, **fields):
    action = {"type": kind, **fields}
    after = apply(state, action)
    return describe_action(state, action, after), after


def test_ht14_fight_words_show_the_sum_against_the_level(hob):
    state = hob.act(hob.table(), "gain_power_up", player="Ana", card="Lucky Mug")
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=MONSTER)
    mug = {"value": 2, "source": "power_up", "card": "Lucky Mug"}
    win = {"type": "fight", "player": "Ana", "roll": 14, "modifiers": [mug]}
    assert fight_words(state, win) == "14 + 2 (power-up: Lucky Mug) = 16 ≥ level 12: you win"
    assert isinstance(fight_words(state, win), Msg)
    loss = {"type": "fight", "player": "Ana", "roll": 11, "modifiers": [{**mug, "value": -1}]}
    assert fight_words(state, loss) == "11 − 1 (power-up: Lucky Mug) = 10 < level 12: you lose"
    assert fight_words(state, {"type": "fight", "player": "Ana", "roll": 12}) == (
        "12 ≥ level 12: you win"
    )
    assert roll_result(state, win)["sides"] == [
        {"hero": "Ana", "roll": 14, "terms": [14, 2], "total": 16}
    ]


def test_h19_h26_ties_are_told_and_must_be_rolled_again(hob):
    boss = {"kind": "boss", "level": 8, "attack": 30, "reward": {}}
    state = hob.act(hob.table(ruleset={"boss_level": "add"}), "explore", player="Ana",
                    at=[2, -1], tile=boss)  # fmt: skip
    tie = {"type": "boss_fight", "player": "Ana", "boss_player": "Bo", "roll": 20, "boss_roll": 12}
    assert must_reroll(state, tie)
    assert fight_words(state, tie) == "20 against 12 + 8 (boss level) = 20: a tie, roll again"
    assert not must_reroll(state, {**tie, "roll": 19})
    team = {"kind": "team_monster", "level": 25, "damage": 15, "reward": {}}
    battle = hob.act(hob.table(), "explore", player="Ana", at=[2, -1], tile=team)
    rolls = {"type": "team_battle", "player": "Ana", "partner": "Bo", "roll": 12,
             "partner_roll": 13}  # fmt: skip
    assert fight_words(battle, rolls) == "12 + 13 = 25 is not more than level 25: you both lose"
    assert not must_reroll(battle, rolls)


def test_h25_and_h20_words_for_traps_and_the_guardian(hob):
    state = hob.room(hob.table(), (2, -1), traps=1)
    state = hob.act(state, "move", player="Ana", path=[[2, -1]])
    trap = {"type": "trap_roll", "player": "Ana", "roll": 9}
    assert fight_words(state, trap) == "9 < 10: the trap springs"
    line, _after = lines(hob, state, "trap_roll", player="Ana", roll=9)
    assert line == "Ana sprang a trap and drank 10: 9 < 10"
    ready = hob.room(hob.table(), (0, 2), kind="hoard")
    for card in ("A", "B", "C"):
        ready = hob.act(ready, "gain_power_up", player="Ana", card=card)
    line, after = lines(hob, ready, "challenge_hoard", player="Ana", roll=17)
    assert line == "Ana beat the Grand Drink Guardian and wins the game: 17 ≥ 17"
    assert after["winner"] == "Ana"


def test_ht06_describe_action_tells_each_step_for_the_history(hob):
    line, state = lines(hob, initial_state(), "set_up_table",
                        players=[{"name": "Ana"}, {"name": "Bo"}])  # fmt: skip
    assert line == "The table is set: Ana and Bo, a dungeon of 30 tiles"
    line, state = lines(hob, state, "roll_for_order", rolls={"Ana": 12, "Bo": 12})
    assert line == "Order rolls Ana 12, Bo 12: Ana and Bo roll again"
    line, state = lines(hob, state, "roll_for_order", rolls={"Ana": 3, "Bo": 9})
    assert line == "Order rolls Ana 3, Bo 9: the order is Bo, Ana"
    line, explored = lines(hob, state, "explore", player="Bo", at=[1, -2], tile=MONSTER)
    assert line == "Bo explored [1, -2]: a level-12 monster (damage 20)"
    assert line.msgid == "{hero} explored {at}: {face}"
    line, won = lines(hob, explored, "fight", player="Bo", roll=15)
    assert line == "Bo beat the level-12 monster: 15 ≥ 12"
    line, _ = lines(hob, explored, "fight", player="Bo", roll=2)
    assert line == "Bo lost to the level-12 monster: 2 < 12"
    line, _ = lines(hob, won, "end_turn", player="Bo")
    assert line == "Bo ended the turn; now Ana's turn"
    line, _ = lines(hob, state, "end_turn", player="Bo")
    assert line == "Bo ended the turn without an action; now Ana's turn"
    line, _ = lines(hob, state, "note_loot", player="Ana", cards=["Smoke Bomb", "Trap Kit"])
    assert line == "Ana noted the names of 2 loot cards"  # loot names stay secret
    line, _ = lines(hob, state, "play_loot", player="Bo", when="your_turn", extra_action=True)
    assert line == "Bo played a loot card for an extra action"
    line, _ = lines(hob, state, "take_damage", player="Ana", amount=100)
    assert line == "Ana drank 100 HP. Ana died: back to the Starting Point with a full cup"
    line, _ = lines(hob, state, "gain_power_up", player="Ana", card="Lucky Mug")
    assert line == "Ana gained the power-up Lucky Mug"


def test_ht06_describe_action_covers_every_action_type_of_a_random_game():
    import random

    from tracker.rules.barcadia.bot import play

    seen = set()
    for seed in range(6):
        for before, action, after in play(random.Random(seed), steps=600):
            line = describe_action(before, action, after)
            assert isinstance(line, Msg) and line and "{" not in line, (action, line)
            seen.add(action["type"])
    assert len(seen) >= 20


def test_ht06_who_acts_and_what_each_seat_may_take(hob):
    state = hob.table(("Ana", "Bo", "Cy"))
    seats = seat_actions(state)
    assert who_acts(state) == "Ana"
    assert {"explore", "end_turn", "play_loot", "gain_loot"} <= set(seats["Ana"])
    assert "explore" not in seats["Bo"] and "play_loot" in seats["Bo"]  # between turns
    fighting = hob.act(state, "explore", player="Ana", at=[2, -1], tile=MONSTER)
    seats = seat_actions(fighting)
    assert who_acts(fighting) == "Ana" and "fight" in seats["Ana"]
    assert "fight" not in seats["Bo"] and "play_loot" not in seats["Bo"]
    assert seats["Bo"] == ["gain_loot", "heal", "note_loot"]
    order = apply(
        initial_state(), {"type": "set_up_table", "players": [{"name": "A"}, {"name": "B"}]}
    )
    assert seat_actions(order) == {"A": ["roll_for_order", "note_loot"],
                                   "B": ["roll_for_order", "note_loot"]}  # fmt: skip


def test_hl02_every_rule_of_the_spec_has_a_short_text():
    for rule in ALL_RULES:
        assert rule_summary(rule), rule
    assert rule_summary("H-99") == ""
    assert rule_summary("H-14").startswith("Monster")


def test_hl01_every_rule_the_engine_cites_has_a_short_text():
    cited = set()
    for source in ENGINE.glob("*.py"):
        if source.name != "rule_texts.py":
            cited |= set(re.findall(r'"(H[TL]?-\d\d)"', source.read_text()))
    assert len(cited) > 30
    assert sorted(rule for rule in cited if not rule_summary(rule)) == []


def test_ht06_an_apply_copies_only_what_changes(hob):
    state = hob.room(hob.room(hob.table(("Ana", "Bo", "Cy")), (2, -1)), (-2, 2))
    after = apply(state, {"type": "move", "player": "Ana", "path": [[2, -1]]})
    assert after["players"]["Bo"] is state["players"]["Bo"]
    assert after["tiles"]["-2,2"] is state["tiles"]["-2,2"]
    assert after["tiles"]["2,-1"] is state["tiles"]["2,-1"]
    assert after["players"]["Ana"] is not state["players"]["Ana"]
    assert state["players"]["Ana"]["position"] == [0, 0]
