"""Table rules (T-nn) a character can switch: one frozen value with the documented defaults."""

from dataclasses import asdict, dataclass, fields
from typing import ClassVar

from ..cards import and_words, or_words, typed
from ..errors import RuleError
from ..text import _


@dataclass(frozen=True)
class Ruleset:
    """The table-rule options in force for a character (defaults = the rules' defaults)."""

    creation_dice: str = "1d6"  # T-02: dice per creation roll
    ace_of_diamonds: str = "free"  # T-03: when the A♦ pays for a buy-back
    empty_attack_pile: str = "skip"  # T-14: what a monster with no attack cards does

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "creation_dice": ("1d6", "2d6"),
        "ace_of_diamonds": ("free", "once_per_fight"),
        "empty_attack_pile": ("skip", "monster_redeals"),
    }
    WORDS: ClassVar[dict[str, str]] = {
        "creation_dice": _("creation dice"),
        "ace_of_diamonds": _("A♦ buy-backs"),
        "empty_attack_pile": _("empty attack pile"),
    }
    RULES: ClassVar[dict[str, str]] = {
        "creation_dice": "T-02",
        "ace_of_diamonds": "T-03",
        "empty_attack_pile": "T-14",
    }
    HELP: ClassVar[dict[str, str]] = {
        "creation_dice": _(
            "Dice rolled for STR and for HP at creation: 1d6 (STR 3–5, HP 3–8) or 2d6 (STR 3–8, "
            "HP 4–14)."
        ),
        "ace_of_diamonds": _(
            "free: while the A♦ is held every buy-back from the discard pile is free. "
            "once_per_fight: one free buy-back per fight, none between fights."
        ),
        "empty_attack_pile": _(
            "skip: a monster with an empty attack pile skips its turns and escapes once your hand "
            "is empty too. monster_redeals: it is dealt a fresh attack pile and never escapes."
        ),
    }

    def __post_init__(self):
        for option, choices in self.CHOICES.items():
            chosen = getattr(self, option)
            if chosen not in choices:
                # T-04b: an unknown table-rule option is refused.
                shown = typed(chosen) if isinstance(chosen, str | int) else _("that")
                raise RuleError(
                    "T-04b",
                    _(
                        "{value} is not a choice for the table rule on {option} ({rule}): "
                        "choose {choices}",
                        value=shown,
                        option=self.WORDS[option],
                        rule=self.RULES[option],
                        choices=or_words(list(choices)),
                    ),
                )

    @property
    def creation_dice_count(self) -> int:
        """How many d6 each creation roll uses (T-02)."""
        return int(self.creation_dice.split("d")[0])

    def to_dict(self) -> dict[str, str]:
        """All options as a JSON-serialisable dict."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict | None) -> "Ruleset":
        """Build from a dict; missing options take the defaults, unknown ones are refused (T-04b)."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RuleError(
                "T-04b", _("the table rules must be given as options and their choices")
            )
        known = {field.name for field in fields(cls)}
        for option in data:
            if option not in known:
                listed = [
                    _("{option} ({rule})", option=cls.WORDS[name], rule=cls.RULES[name])
                    for name in cls.CHOICES
                ]
                shown = typed(option) if isinstance(option, str) else _("that")
                raise RuleError(
                    "T-04b",
                    _(
                        "{value} is not a table rule you can choose: the table rules are {rules}",
                        value=shown,
                        rules=and_words(listed),
                    ),
                )
        return cls(**data)
