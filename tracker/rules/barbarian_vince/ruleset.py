"""The table-rule options of an adventure (section 10): defaults, choices and their rules."""

from ..errors import RuleError
from ..text import _

# option -> (rule, default, the other choice)
OPTIONS = {
    "check_value": ("BT-09", "card_number", "deck_draw"),
    "exhausted_bonus": ("BT-10", "own_card", "whole_check"),
    "first_turn": ("BT-03", "stay", "travel"),
    "trades_per_rest": ("BT-15", "any", "one"),
    "one_year": ("BT-16", "continue", "end"),
    "victory_ends": ("BT-17", "major", "first"),
}
DEFAULTS = {option: default for option, (_rule, default, _other) in OPTIONS.items()}
CHOICES = {option: (default, other) for option, (_rule, default, other) in OPTIONS.items()}


def option_word(option: str):
    """The option's subject in a player's words."""
    return {
        "check_value": _("the value of a card played in a check"),
        "exhausted_bonus": _("the bonus of a card spent in a check"),
        "first_turn": _("the first turn"),
        "trades_per_rest": _("trades per Rest phase"),
        "one_year": _("the One Year Has Passed card"),
        "victory_ends": _("when a Victory ends the adventure"),
    }[option]


def normalise_ruleset(data) -> dict[str, str]:
    """All six options, defaults filled in; an unknown option or choice is refused."""
    if data is None:
        return dict(DEFAULTS)
    if not isinstance(data, dict):
        raise RuleError("A-02", _("the table rules must be given as options and their choices"))
    ruleset = dict(DEFAULTS)
    for option, choice in data.items():
        if option not in OPTIONS:
            shown = option[:60] if isinstance(option, str) else ""
            raise RuleError(
                "A-02",
                _(
                    "“{option}” is not a table rule you can choose: the options are check "
                    "value, exhausted bonus, first turn, trades per rest, one year and victory "
                    "ends",
                    option=shown,
                ),
            )
        if choice is None:
            continue
        rule, default, other = OPTIONS[option]
        if choice not in (default, other):
            shown = choice[:60] if isinstance(choice, str) else ""
            raise RuleError(
                rule,
                _(
                    "“{choice}” is not a choice for {subject}: choose {default} or {other}",
                    choice=shown,
                    subject=option_word(option),
                    default=default,
                    other=other,
                ),
            )
        ruleset[option] = choice
    return ruleset
