"""tracker.card_rpg.projections on scripted games: each number a history page shows, checked by hand.

Pure Python: the engine makes the states, the projection reads them; no database.
"""

from datetime import UTC, datetime, timedelta

from tracker.card_rpg import projections
from tracker.rules.card_rpg import apply, initial_state

START = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)


def run(actions):
    """Apply `actions`; return the final state and the rebuilt sessions and fights."""
    state, steps = initial_state(), []
    for seq, action in enumerate(actions, start=1):
        after = apply(state, action)
        steps.append((state, action, after, seq, START + timedelta(minutes=seq)))
        state = after
    return state, projections.rebuild(steps)


CREATE = {
    "type": "create_character",
    "name": "Capi",
    "class": "KS",
    "str_dice": [5],
    "hp_dice": [5],
}
FIRST_SESSION = [
    CREATE,
    {"type": "start_session", "hand": ["7C", "7H", "9S", "2D", "3C"]},  # S-14: STR cards
    # Fight 1 (worked example 2): the Q♠, 1 card under it, 1 attack card, HP 4+2+6 = 12.
    {"type": "reveal_monster", "card": "QS"},
    {"type": "roll_monster_hp", "dice": [4, 2, 6]},
    {"type": "attack", "cards": ["7C", "7H"]},  # 14 damage (worked example 5): dead
    {"type": "turn", "card": "5H"},  # loot into the inventory (T-17)
    {"type": "level_up", "hp_dice": [3]},  # 12 XP of 10 (T-19, T-20): HP max 7 -> 10
]


def test_t16_t17_a_won_fight_records_xp_damage_and_loot():
    state, rows = run(FIRST_SESSION)
    (fight,) = rows.fights
    assert (fight.number, fight.session_number, fight.number_in_session) == (1, 1, 1)
    assert (fight.monster, fight.monster_kind, fight.monster_rank, fight.monster_suit) == (
        "QS",
        "face",
        "Q",
        "S",
    )
    assert (fight.monster_hp, fight.xp_value, fight.level, fight.hp_max) == (12, 12, 1, 7)
    assert (fight.outcome, fight.xp_gained) == ("won", 12)
    assert (fight.damage_dealt, fight.damage_taken) == (14, 0)
    assert (fight.turns, fight.attacks, fight.monster_attacks) == (1, 1, 0)
    assert fight.loot == ["5H"]
    # The fight ends when its cards leave the table: after the loot and the level-up.
    assert (fight.started_seq, fight.ended_seq) == (3, 7)
    assert fight.ended_at == START + timedelta(minutes=7)
    (session,) = rows.sessions
    assert session.running and session.ending == ""
    assert (session.level_start, session.level_end, session.hand_dealt) == (1, 2, 5)
    assert (session.fight_count, session.kills, session.xp_gained, session.actions) == (1, 1, 12, 6)
    assert state["character"]["inventory"] == ["5H"]


def test_s19_t13_a_jack_strikes_first_and_damage_counts_both_ways():
    state, rows = run(
        [
            *FIRST_SESSION,
            # Fight 2 at level 2: the J♦ strikes first (S-19), 2 attack cards, 1 card under it.
            {"type": "reveal_monster", "card": "JD"},
            {"type": "roll_monster_hp", "dice": [1, 1, 1]},
            {"type": "turn", "card": "9C"},  # its attack card: 9 damage, HP 10 -> 1
            {"type": "attack", "cards": ["9S"]},  # 9 damage to a 3 HP monster
            {"type": "turn", "card": "KH"},  # loot: a face card goes to the discard pile
            {"type": "end_session"},
        ]
    )
    first, second = rows.fights
    assert (second.number, second.number_in_session, second.level) == (2, 2, 2)
    assert (second.outcome, second.xp_gained, second.monster_hp) == ("won", 3, 3)
    assert (second.damage_dealt, second.damage_taken) == (9, 9)  # all the damage dealt counts
    assert (second.monster_attacks, second.turns, second.loot) == (1, 1, ["KH"])
    (session,) = rows.sessions
    assert (session.ending, session.ended_seq) == ("player", 13)
    assert (session.fight_count, session.kills, session.xp_gained) == (2, 2, 15)
    assert state["character"]["sessions"] == 1


def test_t22_a_death_and_the_next_session():
    state, rows = run(
        [
            *FIRST_SESSION,
            {"type": "end_session"},
            {"type": "start_session", "hand": ["2S", "3S", "4S"]},  # ceil(5/2) cards (S-14)
            {"type": "reveal_monster", "card": "10C"},
            {"type": "roll_monster_hp", "dice": [6, 6, 6]},
            {"type": "end_turn"},
            {"type": "turn", "card": "JK1"},  # a Joker attack card: deadly blow (T-12)
            {"type": "keep_hand", "keep": True},  # a King may keep the hand (S-07)
        ]
    )
    assert [s.number for s in rows.sessions] == [1, 2]
    first, second = rows.sessions
    assert (first.ending, first.ended_seq, second.started_seq) == ("player", 8, 9)
    assert (second.hand_dealt, second.deaths, second.kills, second.level_start) == (3, 1, 0, 2)
    fight = rows.fights[-1]
    assert (fight.number, fight.session_number, fight.number_in_session) == (2, 2, 1)
    assert (fight.monster_kind, fight.xp_value) == ("number", 10)  # T-16: its value
    # Issue 28: the deadly blow took all the HP the character had (10), not nothing.
    assert (fight.outcome, fight.xp_gained, fight.damage_taken) == ("died", 0, 10)
    assert (fight.turns, fight.monster_attacks, fight.ended_seq) == (1, 1, 14)
    assert state["character"]["deaths"] == 1
    assert state["character"]["inventory"] == []  # T-22: the 5♥ is lost


def test_t12_a_deadly_blow_counts_the_hp_it_took_in_the_fight_cards():
    """Issue 28: a Joker's deadly blow (T-12) deals all the HP its target had left."""
    state, rows = run(
        [
            CREATE,
            {"type": "start_session", "hand": ["QH", "7H", "9S", "2D", "3C"]},
            {"type": "reveal_monster", "card": "10C"},
            {"type": "roll_monster_hp", "dice": [6, 5, 6]},  # 17 HP
            {"type": "attack", "cards": ["QH"]},  # a face card: a random attack (S-21)
            {"type": "turn", "card": "JK2"},  # a Joker: the 10♣ dies at once
        ]
    )
    fight = rows.fights[-1]
    assert fight.outcome == "won"
    assert (fight.damage_dealt, fight.damage_taken) == (17, 0)


def test_step_never_changes_the_records_it_is_given():
    state, rows = run(FIRST_SESSION[:4])
    latest = projections.Latest(rows.sessions[-1], rows.fights[-1])
    frozen = (repr(latest.session), repr(latest.fight))
    action = {"type": "attack", "cards": ["7C", "7H"]}
    new = projections.step(state, action, apply(state, action), seq=5, at=START, latest=latest)
    assert (repr(latest.session), repr(latest.fight)) == frozen
    assert new.fight.outcome == "won" and latest.fight.outcome == "in_progress"


def test_fold_from_the_middle_gives_the_same_rows_as_from_the_start():
    actions = [*FIRST_SESSION, {"type": "end_session"}, {"type": "start_session"}]
    _, whole = run(actions)
    state, steps = initial_state(), []
    for seq, action in enumerate(actions, start=1):
        after = apply(state, action)
        steps.append((state, action, after, seq, START + timedelta(minutes=seq)))
        state = after
    head = projections.rebuild(steps[:8])
    latest = projections.Latest(head.sessions[-1], head.fights[-1])
    tail = projections.fold(steps[8:], latest)
    assert tail == [whole.sessions[-1]]


def test_character_fields_mirror_the_state():
    state, _ = run(FIRST_SESSION)
    fields = projections.character_fields(state)
    assert fields == {
        "level": 2,
        "str": 5,
        "hp_max": 10,
        "xp": 2,
        "xp_next": 20,
        "gold": 0,
        "jokers": 0,
        "kills": 1,
        "deaths": 0,
        "sessions": 0,
        "class_card": "KS",
        "ruleset": state["character"]["ruleset"],
        "phase": "session",
    }
