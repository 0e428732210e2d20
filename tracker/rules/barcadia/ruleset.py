"""The table rules with options (section 11 of the rules): one `ruleset` object per table."""

from ..errors import RuleError
from ..text import _, listed

DEFAULTS = {
    "full_hp": 100,
    "turn_order": "by_roll",
    "small_dungeon": "by_players",
    "boss_level": "ignore",
    "portal": "any_time",
    "trap_removal": "always",
    "rooms": "one_hero",
}
CHOICES = {
    "turn_order": ("by_roll", "clockwise"),
    "small_dungeon": ("by_players", "never"),
    "boss_level": ("ignore", "add"),
    "portal": ("any_time", "on_arrival"),
    "trap_removal": ("always", "disarmed_only"),
    "rooms": ("one_hero", "shared"),
}
FULL_HP_CHOICES = tuple(range(10, 501, 10))  # HT-01
RULES = {
    "full_hp": "HT-01",
    "turn_order": "HT-02",
    "small_dungeon": "HT-04",
    "boss_level": "HT-11",
    "portal": "HT-12",
    "trap_removal": "HT-18",
    "rooms": "HT-20",
}


def shown(value) -> str:
    """A typed value quoted for a message, never a Python repr."""
    if isinstance(value, str) and value.strip():
        return f"“{value.strip()}”"
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"“{value}”"
    return _("that")


def check_ruleset(given) -> dict:
    """Every option with defaults filled in; refuse an unknown key (HL-02) or value (its HT-rule)."""
    if given is None:
        return dict(DEFAULTS)
    if not isinstance(given, dict):
        raise RuleError("HL-02", _("ruleset: give the table rules as options and their choices"))
    for option in given:
        if option not in DEFAULTS:
            raise RuleError(
                "HL-02",
                _(
                    "ruleset: {option} is not a table rule; the table rules are {options}",
                    option=shown(option),
                    options=listed(DEFAULTS, "and"),
                ),
            )
    ruleset = dict(DEFAULTS)
    for option, value in given.items():
        if option == "full_hp":
            if type(value) is not int or value not in FULL_HP_CHOICES:
                raise RuleError(
                    "HT-01",
                    _(
                        "ruleset: full_hp is the full line in HP, a multiple of 10 from 10 to "
                        "500, not {value}",
                        value=shown(value),
                    ),
                )
        elif value not in CHOICES[option] or not isinstance(value, str):
            raise RuleError(
                RULES[option],
                _(
                    "ruleset: {option} may be {choices}, not {value}",
                    option=option,
                    choices=listed(CHOICES[option], "or"),
                    value=shown(value),
                ),
            )
        ruleset[option] = value
    return ruleset


def all_rulesets() -> list[dict]:
    """Every combination of the string options, with the default full line (for tests, bots)."""
    combos = [{}]
    for option, choices in CHOICES.items():
        combos = [{**combo, option: choice} for combo in combos for choice in choices]
    return [{"full_hp": DEFAULTS["full_hp"], **combo} for combo in combos]
