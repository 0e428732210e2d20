"""The eleven worked examples of card-rpg-table.md (section 5), and actions.md's two logs.

Ana: Queen of Spades, STR 5, HP 7. Bo: Jack of Hearts, STR 4, HP 4. Cy: King of Clubs, STR 4,
HP 6. All level 1.
"""

from tracker.rules.card_rpg import apply, replay

ANA_HAND = ["QH", "8H", "2S", "3D", "10C"]
BO_HAND = ["3C", "5C", "7S", "2H"]


def seat(table, *names):
    rolls = {"Ana": ("QS", 5, 5), "Bo": ("JH", 3, 2), "Cy": ("KC", 4, 4)}
    for name in names:
        table.create(name, *rolls[name])


def bo_loots(table):
    """Example 1: Bo's first fight, won against the Q♦, with loot and the Jack's extra card."""
    seat(table, "Bo")
    table.solo("Bo", "start_session", hand=BO_HAND)
    table.solo("Bo", "reveal_monster", card="QD")
    table.solo("Bo", "roll_monster_hp", dice=[1, 1, 1])
    table.solo("Bo", "attack", cards=["3C"])
    table.solo("Bo", "turn", card="4H")
    return table.solo("Bo", "turn", card="6S")


def ana_robs_bo(table):
    """Example 2: Ana, new, robs Bo's 6♠ and starts her first session."""
    bo_loots(table)
    seat(table, "Ana")
    table.rob("Ana", "Bo", "6S")
    return table.solo("Ana", "start_session", hand=ANA_HAND)


def piles(state):
    session = state["session"]
    return session["discard_count"], session["hand"]["count"], session["draw_pile"]


def test_example_1_bos_loot_s07_t17(table):
    bo = bo_loots(table)
    assert bo["character"]["xp"] == 3 and bo["character"]["inventory"] == ["4H", "6S"]
    assert piles(bo) == (3, 4, 44)
    assert bo["rivals"]["allowed"] == ["robbed", "start_duel"]


def test_example_2_a_robbery_t27_t28_t29(table):
    bo_loots(table)
    seat(table, "Ana")
    assert table["Ana"]["rivals"]["allowed"] == ["rob"]  # new: she may rob before her session
    step = table.rob("Ana", "Bo", "6S")
    ana, bo = step.actor, step.other
    assert table.sent() == [
        ("other", {"type": "robbed", "card": "6S", "robber": {"name": "Ana", "class": "QS"}})
    ]
    assert ana["character"]["inventory"] == ["6S"]
    assert ana["rivals"]["rob_used"] and ana["rivals"]["robberies"] == 1
    assert bo["character"]["inventory"] == ["4H"]
    assert "6S" in bo["session"]["discard_pile"] and piles(bo) == (4, 4, 44)
    assert bo["rivals"]["times_robbed"] == 1
    ana = table.solo("Ana", "start_session", hand=ANA_HAND)
    assert ana["session"]["hand"]["count"] == 5 and ana["session"]["draw_pile"] == 47
    # She may rob again only once this session has ended.
    assert ana["rivals"]["rob_used"] and "rob" not in ana["rivals"]["allowed"]
    table.check_logs()


def test_example_3_robbing_an_ace_t29_s12(table):
    bo_loots(table)
    seat(table, "Cy")
    bo = table.edit("Bo", "give", "AH")
    draw = bo["session"]["draw_pile"]
    step = table.rob("Cy", "Bo", "AH")
    assert step.actor["character"]["inventory"] == ["AH"]
    bo = step.other
    assert bo["character"]["inventory"] == ["4H", "6S"]
    assert bo["session"]["draw_pile"] == draw + 1
    assert bo["cards"]["draw_bottom"][-1] == "AH"
    assert bo["events"][0]["to"] == "bottom of draw pile"
    table.check_logs()


def test_example_4_a_robbery_with_no_session_on_either_side_t29(table):
    bo_loots(table)
    seat(table, "Cy")
    bo = table.solo("Bo", "end_session")
    assert bo["character"]["inventory"] == ["4H", "6S"]
    bo = table.rob("Cy", "Bo", "4H").other
    assert bo["character"]["inventory"] == ["6S"]
    assert bo["events"][0]["to"] == "deck"
    bo = table.solo("Bo", "start_session")
    assert bo["session"]["hand"]["count"] == 2 and bo["session"]["draw_pile"] == 50
    table.check_logs()


def test_example_5_a_duel_won_t30_t35(table):
    ana_robs_bo(table)
    table.challenge("Ana", "Bo")
    ana, bo = table["Ana"], table["Bo"]
    # Bo is challenged and Ana is no Jack: he strikes first (T-31).
    assert (ana["duel"]["hp"], ana["duel"]["opponent_hp"]) == (7, 4)
    assert (bo["duel"]["hp"], bo["duel"]["opponent_hp"]) == (4, 7)
    assert bo["duel"]["turn"] == "self" and ana["duel"]["turn"] == "opponent"
    assert bo["awaiting"]["reason"] == "character's turn"
    assert ana["awaiting"]["reason"] == "opponent's turn"

    table.act("Bo", "attack", cards=["5C"])
    assert table.sent() == [
        ("other", {"type": "duel_hit", "damage": 5}),
        ("other", {"type": "duel_turn_over"}),
    ]
    assert table["Ana"]["duel"]["hp"] == 2 and table["Ana"]["duel"]["turn"] == "self"

    table.act("Ana", "use_item", card="6S")
    assert table.sent() == [("other", {"type": "duel_hit", "damage": 6})]
    assert table["Ana"]["awaiting"]["reason"] == "opponent's save"
    assert table["Bo"]["duel"]["hp"] == -2 and table["Bo"]["awaiting"]["reason"] == "HP below zero"

    table.act("Bo", "save", card="4H")
    assert table.sent() == [("other", {"type": "duel_saved", "hp": 4})]
    assert table["Ana"]["duel"]["opponent_hp"] == 4
    assert table["Ana"]["awaiting"]["reason"] == "character's turn"  # after a Spade: goes on

    table.act("Ana", "attack", cards=["QH"])
    assert table["Ana"]["awaiting"]["reason"] == "random attack"
    table.act("Ana", "turn", card="9C")
    assert table.sent() == [
        ("other", {"type": "duel_hit", "damage": 9}),
        ("actor", {"type": "duel_won"}),
    ]
    ana, bo = table["Ana"], table["Bo"]
    assert bo["character"]["deaths"] == 1 and bo["character"]["xp"] == 0
    assert bo["rivals"]["player_deaths"] == 1
    assert ana["rivals"]["player_kills"] == 1 and ana["character"]["xp"] == 0
    assert ana["duel"] is None and bo["duel"] is None
    assert piles(ana) == (3, 5, 45)
    assert set(ana["session"]["discard_pile"]) == {"6S", "QH", "9C"}
    assert piles(bo) == (9, 4, 40)
    table.check_logs()


def test_example_6_a_jack_challenger_strikes_first_a_king_dies_t31_t34(table):
    seat(table, "Bo", "Cy")
    table.solo("Bo", "start_session", hand=["KS", "2H", "3H", "4H"])
    table.solo("Cy", "start_session", hand=["5S", "6S", "7S", "8S"])
    table.challenge("Bo", "Cy")
    assert table["Bo"]["awaiting"]["reason"] == "character's turn"  # a Jack challenged Cy
    table.act("Bo", "attack", cards=["KS"])
    table.act("Bo", "turn", card="QC")
    assert table["Bo"]["awaiting"]["reason"] == "critical hit"
    table.act("Bo", "turn", card="4D")
    assert table.sent() == [
        ("other", {"type": "duel_hit", "damage": 8}),
        ("actor", {"type": "duel_won"}),
    ]
    bo, cy = table["Bo"], table["Cy"]
    # Bo has won while Cy still chooses about his hand.
    assert bo["rivals"]["player_kills"] == 1 and bo["duel"] is None
    assert cy["duel"]["hp"] == -2 and cy["duel"]["turn"] is None
    assert cy["awaiting"]["reason"] == "King killed: keep the hand?"
    assert cy["awaiting"]["action"] == ["keep_hand", "note_hand"]
    assert piles(bo) == (3, 4, 46)
    cy = table.solo("Cy", "keep_hand", keep=True)
    assert cy["duel"] is None and piles(cy) == (0, 4, 49)
    assert cy["character"]["deaths"] == 1 and cy["rivals"]["player_deaths"] == 1
    table.check_logs()


def test_example_7_a_deadly_blow_and_two_saves_t33_t34_s08(table):
    seat(table, "Ana", "Bo")
    table.solo("Ana", "start_session", hand=ANA_HAND)
    table.solo("Bo", "start_session", hand=["JK1", "2C", "3C", "4C"])
    table.edit("Ana", "give", "AS")
    table.edit("Ana", "set", xp=3)
    table.edit("Bo", "give", "AH", "5C")
    table.challenge("Ana", "Bo")
    table.act("Bo", "end_turn")  # a pass
    assert table["Ana"]["duel"]["passes"] == 1 and table["Bo"]["duel"]["passes"] == 1
    table.act("Ana", "use_item", card="AS")
    assert table.sent() == [("other", {"type": "duel_hit", "deadly": True})]
    bo = table["Bo"]
    assert bo["awaiting"]["reason"] == "deadly blow"
    assert bo["awaiting"]["choices"]["saves"] == [{"card": "AH", "hp": 4}]
    assert bo["duel"]["hp"] == 4  # a deadly blow changes no HP
    table.refused("Bo", "save", "T-22a", card="5C")  # no Heart saves from a deadly blow
    table.act("Bo", "save", card="AH")
    assert table.sent() == [("other", {"type": "duel_saved", "hp": 4})]
    assert table["Bo"]["cards"]["draw_bottom"] == ["AH"]
    assert table["Ana"]["awaiting"]["reason"] == "character's turn"  # after the A♠: goes on
    table.act("Ana", "attack", cards=["8H"])
    assert table["Bo"]["duel"]["hp"] == -4
    assert table["Bo"]["awaiting"]["choices"]["suggested"] == "5C"
    table.act("Bo", "save", card="5C")  # a Heart class: the 5♣ counts as a Heart (S-08)
    assert table.sent() == [
        ("other", {"type": "duel_saved", "hp": 5}),
        ("actor", {"type": "duel_turn_over"}),
    ]
    assert table["Ana"]["duel"]["passes"] == 0  # her turn hit
    table.act("Bo", "attack", cards=["JK1"])
    assert table["Bo"]["awaiting"]["reason"] == "critical hit"
    table.act("Bo", "turn", card="6D")
    ana = table["Ana"]
    assert ana["duel"] is None and ana["character"]["deaths"] == 1
    assert ana["character"]["xp"] == 3  # a Queen keeps her XP
    assert table["Bo"]["rivals"]["player_kills"] == 1
    table.check_logs()


def test_example_8_hp_0_is_alive_and_a_clubs_extra_play_s23_t32(table):
    seat(table, "Ana", "Bo")
    table.solo("Ana", "start_session", hand=ANA_HAND)
    table.solo("Bo", "start_session", hand=["7D", "2C", "9S", "JS"])
    table.edit("Bo", "give", "AH", "5C")
    table.challenge("Ana", "Bo")
    table.act("Bo", "use_item", card="5C", **{"as": "C"})
    table.act("Bo", "attack", cards=["7D"])
    assert table.sent() == [("other", {"type": "duel_hit", "damage": 7})]
    assert (
        table["Ana"]["duel"]["hp"] == 0 and table["Ana"]["awaiting"]["reason"] == "opponent's turn"
    )
    assert table["Bo"]["awaiting"]["reason"] == "character's turn"  # a play left
    table.act("Bo", "attack", cards=["2C"])
    assert table["Ana"]["character"]["deaths"] == 1
    assert table["Bo"]["rivals"]["player_kills"] == 1
    table.check_logs()


def test_example_9_a_draw_by_two_passes_t36(table):
    seat(table, "Ana", "Cy")
    table.solo("Ana", "start_session", hand=ANA_HAND)
    table.solo("Cy", "start_session")
    table.challenge("Ana", "Cy")
    table.act("Cy", "end_turn")
    assert table["Cy"]["duel"]["passes"] == table["Ana"]["duel"]["passes"] == 1
    assert "another pass ends the duel in a draw" in table["Ana"]["awaiting"]["instruction"]
    table.act("Ana", "end_turn")
    assert table.sent() == [("other", {"type": "duel_turn_over"})]
    for name in ("Ana", "Cy"):
        state = table[name]
        assert state["duel"] is None and state["rivals"]["duels_drawn"] == 1
        assert state["character"]["deaths"] == 0 and state["rivals"]["player_kills"] == 0
    table.check_logs()


def test_example_9_had_ana_hit_the_passes_would_be_back_at_0_t36(table):
    seat(table, "Ana", "Cy")
    table.solo("Ana", "start_session", hand=ANA_HAND)
    table.solo("Cy", "start_session")
    table.challenge("Ana", "Cy")
    table.act("Cy", "end_turn")
    table.act("Ana", "attack", cards=["2S"])
    assert table["Ana"]["duel"]["passes"] == table["Cy"]["duel"]["passes"] == 0
    assert table["Cy"]["duel"]["hp"] == 4


def test_example_10_called_off_by_an_empty_draw_pile_t36_t08(table):
    seat(table, "Ana", "Cy")
    table.solo("Ana", "start_session", hand=["QC", "2S", "3S", "4S", "5S"])
    table.edit("Ana", "thin", keep=3)
    table.solo("Cy", "start_session")
    assert table["Ana"]["session"]["draw_pile"] == 3  # level + 2: the session goes on
    table.challenge("Cy", "Ana")
    assert table["Ana"]["awaiting"]["reason"] == "character's turn"  # challenged: first
    table.act("Ana", "attack", cards=["QC"])
    table.act("Ana", "turn", card="KD")
    table.act("Ana", "turn", card="JS")
    table.act("Ana", "turn", card="QH")
    assert table.sent() == [("other", {"type": "duel_called_off"})]
    ana, cy = table["Ana"], table["Cy"]
    assert ana["session"] is None and ana["character"]["sessions"] == 1
    assert ana["duel"] is None and cy["duel"] is None
    assert ana["rivals"]["duels_drawn"] == cy["rivals"]["duels_drawn"] == 1
    assert "abandon" in [event["type"] for event in ana["events"]]
    table.check_logs()


def test_example_11_xp_from_a_duel_under_duel_xp_hp_max_t35_t38(table):
    seat(table, "Ana", "Cy")
    table.solo("Ana", "start_session", hand=["9S", "2H", "3H", "4H", "5H"])
    table.solo("Cy", "start_session")
    table.edit("Ana", "give", "AS")
    table.edit("Ana", "set", xp=7)
    table.challenge("Cy", "Ana", rules={"ace_of_spades": "off", "xp": "hp_max"})
    assert table["Ana"]["duel"]["rules"] == {"ace_of_spades": "off", "xp": "hp_max"}
    assert "use_item" not in table["Ana"]["awaiting"]["action"]
    table.refused("Ana", "use_item", "T-33", card="AS")
    table.act("Ana", "attack", cards=["9S"])
    ana = table["Ana"]
    assert ana["character"]["xp"] == 13 and ana["rivals"]["player_kills"] == 1
    assert ana["awaiting"]["reason"] == "level 2 reached" and ana["duel"]["turn"] is None
    hand = ana["session"]["hand"]["count"]
    ana = table.solo("Ana", "level_up", hp_dice=[4])
    character = ana["character"]
    assert (character["level"], character["xp"], character["xp_next"]) == (2, 3, 20)
    assert character["hp_max"] == 11
    assert ana["duel"] is None and ana["session"]["hand"]["count"] == hand + 1  # refilled
    table.check_logs()


ANA_PRINTED = [
    {"type": "create_character", "name": "Ana", "class": "QS", "str_dice": [5], "hp_dice": [5]},
    {"type": "rob", "card": "6S", "victim": {"name": "Bo", "class": "JH"}},
    {"type": "start_session"},
    {
        "type": "start_duel",
        "opponent": {"name": "Bo", "class": "JH", "level": 1, "hp_max": 4},
        "challenger": True,
    },
    {"type": "duel_hit", "damage": 5},
    {"type": "duel_turn_over"},
    {"type": "use_item", "card": "6S"},
    {"type": "duel_saved", "hp": 4},
    {"type": "attack", "cards": ["QH"]},
    {"type": "turn", "card": "9C"},
    {"type": "duel_won"},
]
DEFAULTS = {"ace_of_spades": "deadly", "xp": "none"}
BO_FROM_THE_DUEL_ON = [
    {
        "type": "start_duel",
        "opponent": {"name": "Ana", "class": "QS", "level": 1, "hp_max": 7},
        "challenger": False,
        "rules": DEFAULTS,
    },
    {"type": "attack", "cards": ["5C"]},
    {"type": "duel_hit", "damage": 6},
    {"type": "save", "card": "4H"},
    {"type": "duel_hit", "damage": 9},
]


def test_actions_md_example_anas_log_as_printed_replays_alone_t37():
    """actions.md, "Example: a robbery and a duel in two logs": Ana's file, verbatim."""
    ana = replay(ANA_PRINTED)
    assert ana["character"]["inventory"] == []
    assert ana["rivals"]["player_kills"] == 1 and ana["rivals"]["robberies"] == 1
    assert ana["duel"] is None and ana["rivals"]["send"] == []
    assert ana["session"]["discard_count"] == 3 and ana["session"]["draw_pile"] == 45


def test_actions_md_example_bos_log_replays_alone_and_sends_what_anas_receives_t37(table):
    ana_robs_bo(table)
    table.challenge("Ana", "Bo")
    table.act("Bo", "attack", cards=["5C"])
    table.act("Ana", "use_item", card="6S")
    table.act("Bo", "save", card="4H")
    table.act("Ana", "attack", cards=["QH"])
    table.act("Ana", "turn", card="9C")
    robbed = {"type": "robbed", "card": "6S", "robber": {"name": "Ana", "class": "QS"}}
    bo_log = table.logs["Bo"]
    assert bo_log[bo_log.index(robbed) + 1 :] == BO_FROM_THE_DUEL_ON
    # Ana's log is the printed one but for what the test named (her hand, the rules filled in).
    ana_log = [dict(action) for action in table.logs["Ana"]]
    ana_log[1].pop("hand")
    ana_log[2].pop("rules")
    assert ana_log == ANA_PRINTED[1:]
    table.check_logs()
    assert table["Bo"]["rivals"]["send"] == [{"type": "duel_won"}]  # his last: the fatal hit


def test_actions_md_example_the_start_duel_without_rules_takes_the_defaults_t38(table):
    """The printed log's `start_duel` has no `rules`: both defaults (actions.md)."""
    ana_robs_bo(table)
    table.act(
        "Ana",
        "start_duel",
        other="Bo",
        opponent={"name": "Bo", "class": "JH", "level": 1, "hp_max": 4},
        challenger=True,
    )
    rules = {"ace_of_spades": "deadly", "xp": "none"}
    assert table["Ana"]["duel"]["rules"] == table["Bo"]["duel"]["rules"] == rules
    assert table.sent()[0][1]["rules"] == rules


def test_t37_every_table_action_and_every_step_of_a_duel_is_told_in_words(table):
    """The history's lines (rival_words): example 5 in both logs."""
    from tracker.rules.card_rpg import describe_action

    ana_robs_bo(table)
    table.challenge("Ana", "Bo")
    table.act("Bo", "attack", cards=["5C"])
    table.act("Ana", "use_item", card="6S")
    table.act("Bo", "save", card="4H")
    table.act("Ana", "attack", cards=["QH"])
    table.act("Ana", "turn", card="9C")
    lines = {}
    for name, log in table.logs.items():
        state, lines[name] = table.starts[name], []
        for action in log:
            after = apply(state, action)
            line = describe_action(state, action, after)
            if line is not None:
                lines[name].append(str(line))
            state = after
    assert lines["Ana"] == [
        "Robbed Bo (J♥) of the 6♠: your own 6♠ joined your inventory.",
        "Challenged Bo (J♥), level 1 with 4 HP, to a duel, and the challenge was accepted: "
        "Bo strikes first.",
        "Bo hit you for 5: HP 2.",
        "Bo's turn is over.",
        "Used the 6♠: a hit of 6 on Bo.",
        "Bo was saved: HP 4.",
        "Played Q♥ against Bo; a card is turned for the random attack.",
        "Turned the 9♣, and the play is a hit of 9 on Bo.",
        "Bo died: the duel is won (player kills 1).",
    ]
    assert lines["Bo"][-6:] == [
        "Ana (Q♠) robbed the 6♠: it went to the discard pile.",
        "Accepted the challenge of Ana (Q♠), level 1 with 7 HP, to a duel: you strike first.",
        "Played 5♣: a hit of 5 on Ana.",
        "Ana hit you for 6: HP -2.",
        "Saved by the 4♥: HP 4.",
        "Ana hit you for 9: HP -5.",
    ]
