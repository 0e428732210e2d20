"""Character forms: create, rename, delete, import. They check the shape of the input only;
whether an action is legal is the engine's call (tracker.rules), reached through the services."""

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from tracker.card_rpg.card_powers import class_ability
from tracker.card_rpg.card_words import card_name
from tracker.card_rpg.dice_roller import creation_option
from tracker.core.forms import PlainLabelsMixin
from tracker.rules.card_rpg import NAME_MAX_LENGTH as engine_name_limit
from tracker.rules.card_rpg import Ruleset
from tracker.rules.cards import FACE_CARDS, FACE_RANKS, rank

# The engine's S-03 limit: the same for this form, an import and a rename.
NAME_MAX_LENGTH = engine_name_limit
DIE_SIDES = 6
MAX_CREATION_DICE = max(
    Ruleset(creation_dice=choice).creation_dice_count for choice in Ruleset.CHOICES["creation_dice"]
)
# Table-rule options offered at creation, in the order the form shows them.
TABLE_RULE_OPTIONS = ("creation_dice", "ace_of_diamonds", "empty_attack_pile")
STATS = {"str": _("STR"), "hp": _("HP")}

# The words a player sees for each option's choices.
CHOICE_LABELS = {
    "1d6": _("1 die each (1d6)"),
    "2d6": _("2 dice each (2d6)"),
    "free": _("Free while held"),
    "once_per_fight": _("Once per fight"),
    "skip": _("Monster skips its turn"),
    "monster_redeals": _("Monster is dealt a new pile"),
}
OPTION_LABELS = {
    "creation_dice": _("Creation dice"),
    "ace_of_diamonds": _("A♦ buy-back"),
    "empty_attack_pile": _("Empty attack pile"),
}
# The code of the errors about how many dice an option rolls (not about a die typed in).
DICE_COUNT = "dice_count"
# One line of help per option, naming its table rule.
OPTION_HELP = {
    "creation_dice": _("Dice for each of STR and HP. 1d6: STR 3–5, HP 3–8; 2d6: STR 3–8, HP 4–14."),
    "ace_of_diamonds": _(
        "While you hold the A♦, buying a card back from the discard pile is free: "
        "always, or once in each fight."
    ),
    "empty_attack_pile": _(
        "When the monster has no attack cards left it skips its turns (and may "
        "escape), or is dealt a fresh pile and fights on."
    ),
}


# Words put together when they are shown, in the language of the request.
_lazy_text = lazy(lambda make: make(), str)


def _die_label(stat: str, number: int) -> str:
    return gettext("%(stat)s die %(number)s") % {"stat": STATS[stat], "number": number}


def _die_field(stat: str, number: int) -> forms.IntegerField:
    label = _lazy_text(lambda: _die_label(stat, number))
    message = _lazy_text(
        lambda: (
            gettext("%(label)s: a die shows a whole number from 1 to %(sides)s (T-02).")
            % {"label": _die_label(stat, number), "sides": DIE_SIDES}
        )
    )
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=1,
        max_value=DIE_SIDES,
        error_messages={"invalid": message, "min_value": message, "max_value": message},
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "die-input"}),
    )


def _option_field(option: str) -> forms.ChoiceField:
    default = Ruleset().to_dict()[option]
    choices = [
        (
            choice,
            _lazy_text(
                lambda choice=choice: (
                    gettext("%(choice)s — default") % {"choice": CHOICE_LABELS[choice]}
                )
            )
            if choice == default
            else CHOICE_LABELS[choice],
        )
        for choice in Ruleset.CHOICES[option]
    ]
    return forms.ChoiceField(
        label=_lazy_text(
            lambda: (
                gettext("%(option)s (%(rule)s)")
                % {"option": OPTION_LABELS[option], "rule": Ruleset.RULES[option]}
            )
        ),
        choices=choices,
        initial=default,
        widget=forms.RadioSelect,
        help_text=_lazy_text(
            lambda: (
                gettext("%(rule)s: %(help)s")
                % {"rule": Ruleset.RULES[option], "help": OPTION_HELP[option]}
            )
        ),
    )


class CharacterCreateForm(PlainLabelsMixin, forms.Form):
    """A new character: name, class card, creation dice (typed or rolled) and table rules."""

    name = forms.CharField(label=_("Name"), max_length=NAME_MAX_LENGTH, strip=True)
    class_card = forms.ChoiceField(
        label=_("Class"),
        choices=[(card, card_name(card)) for card in FACE_CARDS],
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose a class: tap one of the twelve face cards (S-06)."),
            "invalid_choice": _("The class must be a Jack, Queen or King (S-06)."),
        },
    )
    creation_dice = _option_field("creation_dice")
    ace_of_diamonds = _option_field("ace_of_diamonds")
    empty_attack_pile = _option_field("empty_attack_pile")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for stat in STATS:
            for number in range(1, MAX_CREATION_DICE + 1):
                self.fields[f"{stat}_die_{number}"] = _die_field(stat, number)

    def lock_dice(self) -> None:
        """The app has rolled: its dice are shown, not typed over (T-02: it rolls once)."""
        for name, field in self.fields.items():
            if "_die_" in name:
                field.widget.attrs["readonly"] = True

    # -- what the template needs -----------------------------------------------------------

    @property
    def dice_count(self) -> int:
        """Dice per creation roll under the option chosen so far (T-02)."""
        chosen = self.data.get("creation_dice") if self.is_bound else None
        chosen = chosen or self.initial.get("creation_dice") or self["creation_dice"].initial
        return Ruleset(creation_dice=creation_option(chosen)).creation_dice_count

    def die_fields(self, stat: str) -> list[forms.BoundField]:
        """The inputs for one stat's dice: as many as the creation-dice option rolls."""
        return [self[f"{stat}_die_{number}"] for number in range(1, self.dice_count + 1)]

    @property
    def str_die_fields(self) -> list[forms.BoundField]:
        """STR's die inputs."""
        return self.die_fields("str")

    @property
    def hp_die_fields(self) -> list[forms.BoundField]:
        """HP's die inputs."""
        return self.die_fields("hp")

    @property
    def class_rows(self) -> list[dict]:
        """The twelve class radios in rows by rank (J, Q, K), each with its ability (S-07)."""
        radios = list(self["class_card"])
        return [
            {
                "rule": class_ability(face_rank + "S")[0],
                "ability": class_ability(face_rank + "S")[1],
                "radios": [radio for radio in radios if rank(radio.data["value"]) == face_rank],
            }
            for face_rank in FACE_RANKS
        ]

    @property
    def dice_errors(self) -> list[str]:
        """Every error about the dice, for the dice region (which shows no other errors)."""
        if not self.is_bound:
            return []
        return [
            message
            for name, messages in self.errors.items()
            if name == "dice" or "_die_" in name
            for message in messages
        ]

    @property
    def typed_dice_errors(self) -> list[str]:
        """Errors about dice already typed in (a 7, a letter), not about dice still to come."""
        if not self.is_bound:
            return []
        return [
            message
            for name, errors in self.errors.as_data().items()
            if "_die_" in name and self.data.get(name, "").strip()
            for error in errors
            if error.code != DICE_COUNT
            for message in error
        ]

    # -- validation -------------------------------------------------------------------------

    def clean(self):
        cleaned = super().clean()
        chosen = cleaned.get("creation_dice")
        if chosen is None:
            return cleaned
        count = Ruleset(creation_dice=chosen).creation_dice_count
        for stat, word in STATS.items():
            values = {"option": chosen, "stat": word, "sides": DIE_SIDES}
            names = [f"{stat}_die_{n}" for n in range(1, MAX_CREATION_DICE + 1)]
            if any(name in self.errors for name in names):
                continue  # a die out of range already says so
            dice = [cleaned.get(name) for name in names]
            wanted, extra = dice[:count], dice[count:]
            values["count"] = count
            if any(die is not None for die in extra):
                message = ngettext(
                    "T-02: the %(option)s option rolls %(count)s die for %(stat)s; "
                    "clear the extra die or choose more dice.",
                    "T-02: the %(option)s option rolls %(count)s dice for %(stat)s; "
                    "clear the extra die or choose more dice.",
                    count,
                )
                self.add_error(names[count], forms.ValidationError(message % values, DICE_COUNT))
            elif any(die is None for die in wanted):
                message = ngettext(
                    "T-02: the %(option)s option needs %(count)s die for %(stat)s: type in "
                    "the die (1–%(sides)s) or tap Roll for me.",
                    "T-02: the %(option)s option needs %(count)s dice for %(stat)s: type in "
                    "each die (1–%(sides)s) or tap Roll for me.",
                    count,
                )
                self.add_error(names[0], forms.ValidationError(message % values, DICE_COUNT))
            else:
                cleaned[f"{stat}_dice"] = wanted
        return cleaned

    def ruleset(self) -> dict:
        """The table-rule options chosen (valid form only)."""
        return {option: self.cleaned_data[option] for option in TABLE_RULE_OPTIONS}


class VersionedForm(PlainLabelsMixin, forms.Form):
    """A change to a character, naming the version its screen showed (another screen may win)."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def clean(self):
        cleaned = super().clean()
        if "version" in self.errors:
            # A hidden field's error is shown nowhere, and the redrawn form would post the same
            # bad version again: say it where the player sees it, and redraw with the version
            # the view knows (its `initial`).
            del self.errors["version"]
            self.add_error(
                None,
                gettext(
                    "This page was out of date or incomplete, so nothing was changed — "
                    "it now shows the character as it is; try again."
                ),
            )
            self.data = self.data.copy()
            self.data["version"] = self.initial.get("version", "")
        return cleaned


class CharacterRenameForm(VersionedForm):
    """A character's new name."""

    name = forms.CharField(label=_("New name"), max_length=NAME_MAX_LENGTH, strip=True)


class CharacterDeleteForm(VersionedForm):
    """Deleting is for good, so the player ticks a box as well as pressing the button."""

    confirm = forms.BooleanField(
        label=_("Yes, delete this character and its whole career"),
        error_messages={"required": _("Tick the box to confirm: a deleted character is gone.")},
    )
