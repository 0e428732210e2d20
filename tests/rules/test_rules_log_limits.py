"""Reading a log file is bounded: numbers, nesting, the count of actions and the game are
checked while or right after parsing, each refusal one line (rules/actions.md; S-01, S-03,
T-01 and L-01 for what the engine refuses while replaying)."""

import json

import pytest

from tracker.rules import ReplayError, dump_log, load_document, load_log, replay_file
from tracker.rules.card_rpg import replay
from tracker.rules.log import MAX_ACTION_INT, MAX_DEPTH, MAX_DIGITS

CREATE = {
    "type": "create_character",
    "name": "Capi",
    "class": "KS",
    "str_dice": [5],
    "hp_dice": [5],
}
SIZE_CAP = 5 * 1024 * 1024  # the import form's cap


def _log(actions, **extra) -> str:
    return json.dumps({"format": "cardrpg-log", "version": 1, **extra, "actions": actions})


def _refused(text, says: str, **limits) -> str:
    with pytest.raises(ValueError) as caught:
        load_log(text, **limits)
    message = str(caught.value)
    assert says in message, message
    assert "\n" not in message and len(message) < 300, message
    return message


# -- numbers ------------------------------------------------------------------------------------


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused_anywhere(constant):
    _refused(_log([CREATE]).replace('"hp_dice": [5]', f'"hp_dice": [{constant}]'), constant)
    _refused(_log([CREATE], exported=0).replace('"exported": 0', f'"exported": {constant}'), "")


def test_an_integer_with_too_many_digits_is_refused_before_it_is_converted():
    digits = "9" * 5000  # Python refuses to convert more than 4300 digits by default
    message = _refused(_log([CREATE]).replace("[5]", f"[{digits}]", 1), "5000 digits")
    assert "int_max_str_digits" not in message and "limit" not in message
    _refused(_log([], n=0).replace('"n": 0', '"n": -' + "1" * (MAX_DIGITS + 1)), "digits")
    assert load_log(_log([], n=10**MAX_DIGITS - 1)) == []  # outside the actions: 15 digits


@pytest.mark.parametrize("number", [MAX_ACTION_INT + 1, -MAX_ACTION_INT - 1, 10**14])
def test_an_integer_out_of_range_inside_an_action_is_refused(number):
    _refused(_log([{**CREATE, "str_dice": [number]}]), "action 0 holds the number")
    # In range it reaches the engine, which checks the die (T-02).
    assert load_log(_log([{**CREATE, "str_dice": [MAX_ACTION_INT]}]))


@pytest.mark.parametrize("number", ["5.0", "1e3", "-0.5", "1E400"])
def test_a_number_with_a_fraction_or_exponent_is_refused_inside_an_action(number):
    text = _log([CREATE, {"type": "roll_monster_hp", "dice": [1, 2, 3]}]).replace("1, 2", number)
    _refused(text, "ill-formed cardrpg-log file")


def test_a_float_outside_the_actions_is_read_within_range():
    document = load_document(_log([CREATE], exported=1.5))
    assert document["exported"] == 1.5
    _refused(_log([CREATE], exported=0).replace('"exported": 0', '"exported": 1e400'), "range")
    _refused(_log([CREATE], exported=-1e16), "out of range")


# -- nesting, count, game -----------------------------------------------------------------------


def test_nesting_deeper_than_the_bound_is_refused_anywhere():
    deep = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    _refused(_log([CREATE], junk=0).replace('"junk": 0', f'"junk": {deep}'), "nested too deeply")
    in_action = _log([{**CREATE, "ruleset": 0}]).replace('"ruleset": 0', f'"ruleset": {deep}')
    _refused(in_action, "nested too deeply")
    assert load_log(_log([CREATE], junk=0).replace('"junk": 0', '"junk": [[[]]]'))


def test_max_actions_refuses_a_longer_file_before_anything_is_replayed():
    text = _log([CREATE] + [{"type": "start_session"}, {"type": "end_session"}] * 10)
    assert len(load_log(text, max_actions=21)) == 21
    message = _refused(text, "21 actions", max_actions=20)
    assert "at most 20" in message
    assert len(load_log(text)) == 21  # no limit unless one is given


def test_load_document_returns_the_whole_document_with_its_game():
    document = load_document(dump_log([CREATE], name="Capi"))
    assert document["game"] == "card-rpg" and document["name"] == "Capi"
    assert document["actions"] == [CREATE]
    other = load_document(_log([{"type": "begin_adventure"}], game="barbarian-vince"))
    assert other["game"] == "barbarian-vince"
    _refused(_log([], game="chess"), "a chess log, not a card-rpg log")  # Card RPG's reader
    _refused(_log([], game=["card-rpg"]), '"game" is')


def test_load_log_reads_card_rpg_logs_only_unless_told():
    text = _log([{"type": "set_up_table"}], game="heroes-of-barcadia")
    _refused(text, "is a heroes-of-barcadia log, not a card-rpg log")
    assert load_log(text, game=None) == [{"type": "set_up_table"}]
    assert load_log(_log([CREATE], game="card-rpg")) == [CREATE]


def test_load_log_messages_never_quote_a_long_value():
    _refused('{"format": "' + "x" * 100_000 + '"}', "format")
    _refused('{"format": "cardrpg-log", "version": "' + "9" * 100_000 + '"}', "version")


# -- adversarial files up to the size cap ---------------------------------------------------


def _fill(head: str, unit: str, tail: str) -> str:
    """`unit` repeated between `head` and `tail` up to just under the size cap (in bytes)."""
    room = SIZE_CAP - 200 - len(head.encode()) - len(tail.encode())
    return head + unit * (room // len(unit.encode())) + tail


START = '{"format":"cardrpg-log","version":1,"actions":[' + json.dumps(CREATE) + ","
FIGHT = (
    START + '{"type":"start_session"},{"type":"reveal_monster","card":"9S"},'
    '{"type":"roll_monster_hp","dice":[1,1,1]},'
)
ADVERSARIAL = {
    # Each about 5 MB: (file text builder, "load" or the index of the action refused, message)
    "huge-hand": (
        lambda: _fill(START + '{"type":"start_session","hand":[', '"7H",', '"7H"]}]}'),
        1,
        "S-01: the deck holds 54 cards, so a list of",
    ),
    "huge-attack": (
        lambda: _fill(FIGHT + '{"type":"attack","cards":[', '"7H","8H",', '"7H"]}]}'),
        4,
        "S-01: the deck holds 54 cards",
    ),
    "huge-name": (
        lambda: _fill(
            '{"format":"cardrpg-log","version":1,"actions":[{"type":"create_character"'
            ',"class":"KS","str_dice":[5],"hp_dice":[5],"name":"',
            "é",
            '"}]}',
        ),
        0,
        "S-03: a name has at most 100 characters",
    ),  # fmt: skip
    "huge-card": (
        lambda: _fill(
            START + '{"type":"start_session"},{"type":"reveal_monster","card":"', "Q", '"}]}'
        ),
        2,
        "T-01:",
    ),  # fmt: skip
    "huge-field": (
        lambda: _fill(START + '{"type":"start_session","junk":"', "x", '"}]}'),
        1,
        "L-01: the start_session action holds only hand",
    ),
    "many-fields": (
        lambda: _fill(START + '{"type":"start_session",', '"a":1,', '"b":1}]}'),
        1,
        "L-01",
    ),
    "deep-nesting": (
        lambda: (
            '{"format":"cardrpg-log","version":1,"actions":[],"x":'
            + "[" * (SIZE_CAP // 2 - 100)
            + "]" * (SIZE_CAP // 2 - 100)
            + "}"
        ),
        "load",
        "nested too deeply",
    ),
    "many-digits": (
        lambda: _fill(START + '{"type":"start_session","hand":', "9", "}]}"),
        "load",
        "digits (at most 15)",
    ),
    "long-fraction": (
        lambda: _fill(START + '{"type":"start_session","hand":0.', "1", "}]}"),
        "load",
        "action 1 holds the number 0.1111",
    ),
    "many-floats": (
        lambda: _fill(START + '{"type":"start_session","hand":[', "1.5,", "1]}]}"),
        "load",
        "action 1 holds the number 1.5",
    ),
    "escaped-nul-last": (
        lambda: _fill(
            '{"format":"cardrpg-log","version":1,"actions":[],"n":[', '"\\u00e9",', '"\\u0000"]}'
        ),
        "load",
        "characters that are not text",
    ),  # fmt: skip
    "many-non-actions": (
        lambda: _fill('{"format":"cardrpg-log","version":1,"actions":[', "1,", "1]}"),
        "load",
        "action 0 is not a JSON object",
    ),
}


@pytest.mark.parametrize("case", sorted(ADVERSARIAL))
def test_s01_s03_t01_l01_adversarial_files_up_to_the_size_cap_are_refused_with_the_right_words(
    case,
):
    build, where, says = ADVERSARIAL[case]
    text = build()
    assert SIZE_CAP - 1000 < len(text.encode("utf-8")) <= SIZE_CAP
    if where == "load":
        _refused(text, says)
        return
    actions = load_log(text)
    with pytest.raises(ReplayError) as caught:
        replay(actions)
    assert caught.value.index == where
    assert str(caught.value.error).startswith(says), str(caught.value.error)
    assert len(str(caught.value)) < 400


def test_a_long_legal_file_is_refused_by_max_actions_before_its_replay():
    text = _fill(
        START, '{"type":"start_session"},{"type":"end_session"},', '{"type":"end_session"}]}'
    )
    assert len(text) > SIZE_CAP - 1000
    _refused(text, "at most 30000", max_actions=30_000)


def test_replay_file_reports_a_huge_refused_action_in_a_few_lines(tmp_path):
    path = tmp_path / "junk.json"
    path.write_text(_log([CREATE, {"type": "start_session", "hand": ["7H"] * 200_000}]))
    code, text = replay_file(path)
    assert code == 1 and "action 1" in text and "S-01" in text
    assert len(text) < 3000 and "characters in all" in text
