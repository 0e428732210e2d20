"""The other character in a table action: the facts a log carries of it (rules/actions.md).

An action that concerns another character names it with what this log needs, copied by the app
from that character's state at that moment — never its cards or piles — so that every log
replays alone (T-37).
"""

from ..cards import FACE_CARDS, card_text, typed
from ..errors import RuleError
from ..text import _
from .rulebook import MAX_LEVEL, normalise_card
from .sessions import check_name


def of(state: dict, *, duellist: bool = False) -> dict:
    """What another log is told of this character: name and class, and for a duel its level and
    HP max now."""
    character = state["character"]
    facts = {"name": character["name"], "class": character["class"]}
    if duellist:
        facts |= {"level": character["level"], "hp_max": character["hp_max"]}
    return facts


def other_character(given, rule: str, *, duellist: bool = False) -> dict:
    """The other character's facts as an action carries them, in normal form, or RuleError.

    `{"name", "class"}`, and for a duel opponent `"level"` (1–10) and `"hp_max"` (≥ 1): the
    app copies them from that character's state (rules/actions.md, "Other characters").
    """
    if duellist:
        what = _("the opponent's name, class, level and HP max")
    else:
        what = _("the other character's name and class")
    if not isinstance(given, dict):
        raise RuleError(rule, _("give {what}", what=what))
    wanted = ("name", "class", "level", "hp_max") if duellist else ("name", "class")
    extra = [key for key in given if key not in wanted]
    if extra:
        shown = typed(extra[0]) if isinstance(extra[0], str) else _("that")
        raise RuleError(rule, _("give {what}, not {field}", what=what, field=shown))
    missing = [key for key in wanted if key not in given]
    if missing:
        raise RuleError(rule, _("give {what}", what=what))
    try:
        name = check_name(given["name"])
        cls = normalise_card(given["class"])
    except RuleError as error:
        raise RuleError(rule, error.message) from None
    if cls not in FACE_CARDS:
        raise RuleError(
            rule,
            _(
                "a character's class is a face card (J, Q or K of any suit), not the {card}",
                card=card_text(cls),
            ),
        )
    facts = {"name": name, "class": cls}
    if duellist:
        level, hp_max = given["level"], given["hp_max"]
        if not whole_number(level) or not 1 <= level <= MAX_LEVEL:
            raise RuleError(
                rule,
                _("the opponent's level is a whole number from 1 to {top}", top=MAX_LEVEL),
            )
        if not whole_number(hp_max) or hp_max < 1:
            raise RuleError(rule, _("the opponent's HP max is a whole number of at least 1"))
        facts |= {"level": level, "hp_max": hp_max}
    return facts


def whole_number(number) -> bool:
    """A whole number as a log's JSON holds it (true and false are not numbers here)."""
    return isinstance(number, int) and not isinstance(number, bool)
