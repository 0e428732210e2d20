"""The table strip says what each other character is doing (card-rpg-table.md §4, "table
strip"), in words that never show an impossible number."""

from tracker.card_rpg.table_screen import doing


def fight(hp: int) -> dict:
    return {"session": {}, "fight": {"monster": "9S", "monster_hp_max": 9, "monster_hp": hp}}


def test_table_strip_a_fight_says_the_monsters_hp_left():
    assert doing(fight(5)) == "fighting the 9♠, 5 of 9 HP"


def test_s22_table_strip_a_monster_at_0_hp_or_below_is_said_beaten_not_minus():
    # S-22: at zero or below the monster is dead; its HP may stand below 0 until the fight ends.
    assert doing(fight(-1)) == "the 9♠ beaten"
    assert doing(fight(0)) == "the 9♠ beaten"


def test_table_strip_between_fights_and_without_a_session():
    assert doing({"session": {}}) == "between fights"
    assert doing({}) == "no session"
