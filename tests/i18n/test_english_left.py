"""The "no English left" check of the Traditional Chinese screens: what it lets through (names,
card codes, rule IDs, dice, the glossary's Latin words) and what it catches."""

from tests.i18n.english import english_left


def test_codes_names_numbers_and_the_glossarys_latin_words_are_not_english_left():
    text = (
        "Capi 抽到 7H、10♠ 與 JK1；X3 在 Map 2。規則 S-14、BT-03、H-12、HT-05。"
        "擲 1d6 與 D20：生命值（HP）12，力量（STR）3，經驗值（XP）0 / 10。"
        "撲克牌 RPG · 野蠻人文斯（Barbarian Vince）· Heroes of Barcadia · 由 App 發牌 · QR"
        " · English · https://example.test/join/heroes-of-barcadia/abc/ /join/card-rpg/x-Y_z/"
    )
    assert english_left(text, names=["Capi"]) == []


def test_english_words_are_caught_even_next_to_chinese_and_listed_once():
    assert english_left("第 3 回合 · Next: 結束回合Roll again，Roll") == ["Next", "Roll", "again"]
    assert english_left("Ana 擊敗了怪物", names=["Ana"]) == []
    assert english_left("Ana 擊敗了怪物") == ["Ana"]
    assert english_left("Bo 的 Bonus", names=["Bo"]) == ["Bonus"]
    assert english_left("http://localhost:8000/join/x/ 的主持人 host", names=["host"]) == []


def test_a_single_latin_letter_used_as_a_word_is_caught_but_a_code_or_a_class_letter_is_not():
    assert english_left("地圖：M3 −2、T 2") == ["T"]  # M3 is a code; "T 2" the map's letter
    assert english_left("M 怪物、R 獎勵") == ["M", "R"]
    assert english_left("J（傑克）、A（Ace）、A♠、7H、X3、1d6") == []
    assert english_left("直到出現帶有 F 或 G 的卡", codes=("F", "G")) == []


def test_a_games_name_stays_whole_when_a_part_of_it_is_a_name_the_player_typed():
    # Barbarian Vince's Player Card is often named Vince: the game's title is still its name.
    assert english_left("野蠻人文斯（Barbarian Vince）· Vince 的回合", names=["Vince"]) == []
    assert english_left("Barbarian 的 Vince", names=["Vince"]) == ["Barbarian"]
