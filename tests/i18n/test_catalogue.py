"""The Traditional Chinese catalogue is whole: every message translated (none fuzzy), every
placeholder kept, nothing in the code missing from it, and the engines' refusals keep their
rule ID in both languages (the issue's "must hold"; no browser).

A failure lists what is wrong, message by message, with where it comes from in the code.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import translation

from tests.i18n.english import english_left
from tests.i18n.po import Entry, read_po
from tracker.core.i18n import say
from tracker.rules.errors import RuleError
from tracker.rules.games import ENGINES

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "locale" / "zh_Hant" / "LC_MESSAGES" / "django.po"
RULE_ID = re.compile(r"[A-Z]{1,3}-\d{2}[a-z]?")
BRACE = re.compile(r"\{\w*\}")
PERCENT = re.compile(r"%\(\w+\)[sdif]")
# Characters of Simplified Chinese whose Traditional form differs and which Taiwan's usage never
# writes (a sample of the common ones: 这 for 這, 级 for 級 …); none may appear in zh-hant.
SIMPLIFIED_ONLY = frozenset(
    "这们个为说时点开关发门对会战将张现无该删设账录输赢级经验击伤库当让从么还进过选择问题书钱买卖换机页码图动胜败敌数种类阶复"
    "线终结给红钻剑宝币掷轮兽场边队显隐确认继续历导项规则号记条写读样传气处变应实际双头来东两业丢乐争众优价伪伦侦储儿兰兴养册"
    "军农冲决况冻净刘刚创别剧办务劳势区单卫却厅压厌县参叙叶叹吗听启员响团园围国圆圣坏块坚坛垒备够夸夺奋奖妇妈孙学宁审宫宽寻尔"
    "尘尽层属岁岛师带帮庙废异弃弹归彻径总恋恶悬惊惯扑执扩扫扬扰抢护报担拟拥挂挡挤挥损断旧晓暂术杀杂权杨极构枪标栏树档桥梦检楼"
    "欢残毁汇汉没沟灭灯灵炼烂热爱爷牵状犹独狮猎献环电画畅疗盖监盘离称积稳穷窃竞笔笼筑签简粮紧纪约纯纸练组细绍绕绘络绝统绩绿网"
    "罗罚肃脑脚腾艺节荣药获虑虽补装见观视览觉计订讨训议讯讲许论访证评识诉词译试诗话询详语误请课谁调谈谋谢贝负贡财责货质贵费贴"
    "贸资赋赌赏赔赖赛赶趋跃践轨转软轻载较辈辑辞达迁运远违连迟适递遗邮邻释针钉钟钢钥铁银链销锁错键长闪闭闯间闲闹闻阅阳阴阵陆陈"
    "险随难雾韩顶顺须顾顿预领频颜额风飞饮饰馆马驱骑鱼鸟鸡黄龙"
)
# ASCII punctuation straight after a Chinese character: Chinese sentences take ，。：；？！
HALF_WIDTH_AFTER_HANZI = re.compile(r"[\u3400-\u9fff][,;:?!]|[\u3400-\u9fff]\.(?![\d.])")
# What `makemessages` reads, as in the project's recipe (tests and benchmarks are not the app).
MAKEMESSAGES = [
    "makemessages",
    "-l",
    "zh_Hant",
    "--ignore=.venv",
    "--ignore=tests",
    "--ignore=bench",
    "-v0",
]


@pytest.fixture(scope="module")
def entries() -> list[Entry]:
    return read_po(CATALOGUE)


def listing(entries: list[Entry], why=lambda entry: "") -> str:
    lines = [f"  {entry.where()}: {entry.msgid!r}{why(entry)}" for entry in entries]
    return "\n".join(lines)


def test_the_catalogue_reader_reads_what_gettext_writes(tmp_path):
    po = tmp_path / "django.po"
    po.write_text(
        '#, fuzzy\nmsgid ""\nmsgstr ""\n"Language: zh_Hant\\n"\n\n'
        '#: a.py:1\nmsgid "Roll"\nmsgstr "擲骰"\n\n'
        '#: b.html:2\n#, fuzzy, python-format\nmsgid ""\n"Turn %(turn)s "\n"· "\n'
        'msgstr "第 %(turn)s 回合"\n\n'
        '#: c.py:3\nmsgid "{count} card"\nmsgid_plural "{count} cards"\n'
        'msgstr[0] ""\n\n#~ msgid "Gone"\n#~ msgstr "不見了"\n',
        encoding="utf-8",
    )
    roll, turn, cards = read_po(po)
    assert (roll.msgid, roll.msgstr, roll.translated, roll.fuzzy) == (
        "Roll",
        {0: "擲骰"},
        True,
        False,
    )
    assert (turn.msgid, turn.fuzzy, turn.where()) == ("Turn %(turn)s · ", True, "b.html:2")
    assert "python-format" in turn.flags
    assert (cards.msgid_plural, cards.translated) == ("{count} cards", False)


def test_every_message_is_translated_and_none_is_fuzzy(entries):
    assert len(entries) > 100, f"{CATALOGUE} holds only {len(entries)} messages"
    untranslated = [entry for entry in entries if not entry.translated]
    fuzzy = [entry for entry in entries if entry.fuzzy and entry.translated]
    problems = []
    if untranslated:
        problems.append(
            f"{len(untranslated)} of {len(entries)} messages have no translation:\n"
            + listing(untranslated)
        )
    if fuzzy:
        problems.append(f"{len(fuzzy)} translations are marked fuzzy:\n" + listing(fuzzy))
    assert not problems, "\n".join(problems)


def placeholders(text: str) -> set[str]:
    """`{name}` and `%(name)s` placeholders (`%(name)d` counts as `%(name)s`: same value)."""
    return set(BRACE.findall(text)) | {found[:-1] + "s" for found in PERCENT.findall(text)}


def test_every_translation_keeps_the_placeholders_of_its_message_and_adds_none(entries):
    wrong = []
    for entry in entries:
        wanted = placeholders(entry.msgid) | placeholders(entry.msgid_plural or "")
        for slot, text in sorted(entry.msgstr.items()):
            if not text:
                continue  # untranslated: the test above lists it
            found = placeholders(text)
            if found != wanted:
                missing = sorted(wanted - found)
                extra = sorted(found - wanted)
                wrong.append(f"  {entry.where()}: {entry.msgid!r} → msgstr[{slot}] {text!r}"
                             f" (missing {missing}, not in the message {extra})")  # fmt: skip
    assert not wrong, f"{len(wrong)} translations change their placeholders:\n" + "\n".join(wrong)


def test_every_translation_is_traditional_chinese_with_full_width_punctuation(entries):
    wrong = []
    for entry in entries:
        for text in entry.msgstr.values():
            simplified = "".join(sorted(set(text) & SIMPLIFIED_ONLY))
            half_width = HALF_WIDTH_AFTER_HANZI.findall(text)
            if simplified or half_width:
                why = f" (Simplified: {simplified})" if simplified else ""
                why += f" (half-width punctuation: {half_width})" if half_width else ""
                wrong.append(f"  {entry.where()}: {entry.msgid!r} → {text!r}{why}")
    assert not wrong, f"{len(wrong)} translations are not written as in Taiwan:\n" + "\n".join(
        wrong
    )


def test_the_script_and_punctuation_checks_see_simplified_and_half_width_text():
    assert set("這個級別") & SIMPLIFIED_ONLY == set()
    assert set("这个级别") & SIMPLIFIED_ONLY == {"这", "个", "级", "别"}
    assert HALF_WIDTH_AFTER_HANZI.findall("擲骰, 然後結束.") == ["骰,", "束."]
    assert HALF_WIDTH_AFTER_HANZI.findall("擲骰，然後結束。生命值 1.5、Map 2, Map 3") == []


def test_the_placeholder_check_sees_a_lost_or_invented_placeholder():
    assert placeholders("{hero} rolls %(n)s") == {"{hero}", "%(n)s"}
    assert placeholders("{hero} 擲出 %(n)s") == placeholders("{hero} rolls %(n)s")
    assert placeholders("英雄擲骰 {heros}") != placeholders("{hero} rolls")


@pytest.fixture(scope="module")
def code_messages(tmp_path_factory) -> list[Entry]:
    """The catalogue as makemessages makes it from the code now (on a copy: nothing here moves)."""
    if not shutil.which("xgettext"):
        pytest.skip("makemessages needs GNU gettext (make messages installs it)")
    scratch = tmp_path_factory.mktemp("makemessages")
    copy = scratch / "app"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "tests", "bench", "data", "staticfiles", "test-artifacts", "*.mo",
            "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis", "node_modules",
        ),
    )  # fmt: skip
    environment = {**os.environ, "CARDRPG_DATA_DIR": str(scratch / "data")}
    subprocess.run(
        [sys.executable, "manage.py", *MAKEMESSAGES],
        cwd=copy,
        env=environment,
        check=True,
        timeout=120,
    )
    return read_po(copy / "locale" / "zh_Hant" / "LC_MESSAGES" / "django.po")


def test_the_committed_catalogue_holds_every_message_of_the_code(code_messages, entries):
    """makemessages, run on a copy of the code, finds no message the committed file lacks."""
    committed = {entry.key: entry for entry in entries}
    missing = [entry for entry in code_messages if entry.key not in committed]
    assert not missing, (
        f"{len(missing)} messages of the code are not in {CATALOGUE.relative_to(ROOT)}"
        " (run makemessages and translate them):\n" + listing(missing)
    )
    plural_changed = [
        entry for entry in code_messages if entry.msgid_plural != committed[entry.key].msgid_plural
    ]
    assert not plural_changed, "plural forms changed in the code:\n" + listing(plural_changed)


def test_the_committed_catalogue_holds_no_message_the_code_no_longer_has(code_messages, entries):
    """A sentence reworded in the code leaves its old entry behind: makemessages marks it
    obsolete (#~); one still live in the committed file was never merged with the code."""
    in_code = {entry.key for entry in code_messages}
    stale = [entry for entry in entries if entry.key not in in_code]
    assert not stale, (
        f"{len(stale)} messages of {CATALOGUE.relative_to(ROOT)} are no longer in the code"
        " (run makemessages):\n" + listing(stale)
    )


def _refused(engine, actions) -> RuleError:
    state = engine.initial_state()
    for action in actions[:-1]:
        state = engine.apply(state, action)
    with pytest.raises(RuleError) as refusal:
        engine.apply(state, actions[-1])
    return refusal.value


# One refusal per game (and Card RPG's refusal of an action it does not know), as the engine
# raises it for a player's action.
REFUSALS = {
    "card-rpg name": (
        "card-rpg",
        [{"type": "create_character", "name": " ", "class": "KS", "str_dice": [3], "hp_dice": [3]}],
    ),
    "card-rpg out of turn": ("card-rpg", [{"type": "end_turn"}]),
    "barbarian-vince": ("barbarian-vince", [{"type": "end_turn"}]),
    "heroes-of-barcadia": ("heroes-of-barcadia", [{"type": "end_turn", "player": "Ana"}]),
}


@pytest.mark.parametrize("case", REFUSALS)
def test_a_refusal_keeps_its_rule_id_and_is_said_in_the_players_language(case):
    game, actions = REFUSALS[case]
    refusal = _refused(ENGINES[game], actions)
    assert RULE_ID.fullmatch(refusal.rule), refusal.rule
    message = refusal.message
    msgid = getattr(message, "msgid", None)
    assert msgid is not None, (
        f"{game} refuses with plain text, not a marked message (tracker.rules.text._):"
        f" {refusal.rule}: {message!r}"
    )
    # The rule ID stands outside the sentence, so no translation can change or lose it.
    assert refusal.rule not in msgid
    shown = {}
    for language in ("en", "zh-hant"):
        with translation.override(language):
            shown[language] = f"{refusal.rule}: {say(message)}"
    assert shown["en"] == f"{refusal.rule}: {message}"  # English as the engine wrote it
    rules = {language: RULE_ID.findall(text)[0] for language, text in shown.items()}
    assert rules["zh-hant"] == rules["en"] == refusal.rule, shown
    left = english_left(shown["zh-hant"], names=("Ana",))
    assert not left, f"still English in {shown['zh-hant']!r}: {left}"
