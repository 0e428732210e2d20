"""Forms of the Barbarian Vince screens: they read what was posted into an engine action.

The forms only give the posted text its shape (whole numbers, lists of cards, a location as a
map and a place); every rule is the engine's, so a refusal always names its rule. A field that
is not part of an action is never passed on, and a shape the form cannot read is refused under
A-02 (the action log's rule on fields) in the player's words.
"""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tracker.core.forms import InputError, TapForm
from tracker.core.i18n import say
from tracker.rules.barbarian_vince import ACTION_FIELDS
from tracker.rules.barbarian_vince.catalogue import KIND_FIELDS, SKILLS, skill_word
from tracker.rules.barbarian_vince.engine import FIELD_WORDS
from tracker.rules.barbarian_vince.ruleset import DEFAULTS, OPTIONS

INT_FIELDS = ("target", "times", "round_speed", "damage", "adjust", "number")
LIST_FIELDS = ("cards", "give")
FLAG_FIELDS = ("conditions_met",)
# The most characters of any text passed on: the engine refuses beyond 60 with its own words,
# and nothing longer is worth carrying into a message.
MAX_POSTED = 200


class CardList(forms.Field):
    """Several values of one name (ticked boxes), or one text listing cards by commas."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value):
        values = value if isinstance(value, list | tuple) else [value] if value else []
        cards: list[str] = []
        for item in values:
            for part in str(item).split(","):
                part = part.strip()[:MAX_POSTED]
                if part:
                    cards.append(part)
        return cards


class VersionForm(TapForm):
    """The adventure's version the screen showed (a stale one is a conflict), and from the
    page's script the tap's id and what the screen asked (tracker.core.forms)."""


def _text(value) -> str | None:
    if value is None:
        return None
    text = str(value).strip()[:MAX_POSTED]
    return text or None


class ActionForm(VersionForm):
    """One engine action of type `kind` from its form: only that type's fields are read."""

    def __init__(self, kind: str, data=None):
        super().__init__(data)
        self.kind = kind
        for name in ACTION_FIELDS[kind]:
            if name in INT_FIELDS:
                self.fields[name] = forms.IntegerField(required=False)
            elif name in LIST_FIELDS:
                self.fields[name] = CardList(required=False)
            elif name in FLAG_FIELDS:
                self.fields[name] = forms.BooleanField(required=False)
            else:
                self.fields[name] = forms.CharField(required=False, strip=False)
        if kind in ("travel", "move"):
            # One choice names both: "Map 2|Goblin Pass".
            self.fields["place"] = forms.CharField(required=False, strip=False)

    def refusal(self) -> InputError:
        """The first problem of an invalid form (other than its version), in player words."""
        for name, errors in self.errors.items():
            if name == "version":
                continue
            what = say(FIELD_WORDS[name]) if name in FIELD_WORDS else name
            if name in INT_FIELDS:
                return InputError("A-02", _("%(what)s must be a whole number") % {"what": what})
            return InputError("A-02", f"{what}: {' '.join(errors)}")
        return InputError("A-02", _("the form was incomplete: please try again"))

    def action(self) -> dict:
        """The engine action: the type and the fields given (empty ones left out, A-02)."""
        data = self.cleaned_data
        action: dict = {"type": self.kind}
        for name in ACTION_FIELDS[self.kind]:
            value = data.get(name)
            if name in LIST_FIELDS:
                if value:
                    action[name] = value
            elif name in FLAG_FIELDS:
                if value:
                    action[name] = True
            elif name in INT_FIELDS:
                if value is not None:
                    action[name] = value
            else:
                text = _text(value)
                if text is not None:
                    action[name] = text
        place = _text(data.get("place"))
        if place and "|" in place:
            action["map"], action["location"] = (part.strip() for part in place.split("|", 1))
        return action


# -- a new adventure ----------------------------------------------------------------------------

# Each table-rule option: what the choice changes, in one line.
OPTION_WORDS = {
    "check_value": gettext_lazy("The value of a card played in a check"),
    "exhausted_bonus": gettext_lazy("The bonus of a card spent in a check"),
    "first_turn": gettext_lazy("The first turn"),
    "trades_per_rest": gettext_lazy("Trading while resting"),
    "one_year": gettext_lazy("When One Year Has Passed turns up"),
    "victory_ends": gettext_lazy("When a won quest ends the adventure"),
}
CHOICE_WORDS = {
    ("check_value", "card_number"): gettext_lazy(
        "The card's own random number, plus the skill and its own modifier."
    ),
    ("check_value", "deck_draw"): gettext_lazy(
        "The card is spent and a fresh random draw gives the number instead."
    ),
    ("exhausted_bonus", "own_card"): gettext_lazy("A card's bonus counts for its own play only."),
    ("exhausted_bonus", "whole_check"): gettext_lazy(
        "Bonuses of cards already spent in a check keep counting until it ends."
    ),
    ("first_turn", "stay"): gettext_lazy("Vince stays at Ulendi and plays the X0 card at once."),
    ("first_turn", "travel"): gettext_lazy("Vince may travel before the X0 encounter."),
    ("trades_per_rest", "any"): gettext_lazy("Trade as often as you like in a Rest phase."),
    ("trades_per_rest", "one"): gettext_lazy("At most one trade in a Rest phase."),
    ("one_year", "continue"): gettext_lazy("Do what the card says, then play on."),
    ("one_year", "end"): gettext_lazy("The adventure ends there, with the quests won so far."),
    ("victory_ends", "major"): gettext_lazy(
        "Play on after a Victory, until all three quests are won."
    ),
    ("victory_ends", "first"): gettext_lazy("The first Victory ends the adventure."),
}


class AdventureForm(forms.Form):
    """A new adventure: its name and the six table rules (defaults chosen)."""

    name = forms.CharField(
        label=gettext_lazy("Name of the adventure"),
        max_length=MAX_POSTED,
        initial=gettext_lazy("Vince's adventure"),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for option, (_rule, default, other) in OPTIONS.items():
            self.fields[option] = forms.ChoiceField(
                label=OPTION_WORDS[option],
                choices=[
                    (default, CHOICE_WORDS[option, default]),
                    (other, CHOICE_WORDS[option, other]),
                ],
                initial=default,
                widget=forms.RadioSelect,
            )

    def ruleset(self) -> dict:
        """The options that differ from the defaults (the engine fills in the rest)."""
        return {
            option: self.cleaned_data[option]
            for option in OPTIONS
            if self.cleaned_data[option] != DEFAULTS[option]
        }

    def table_rules(self) -> list[dict]:
        """Each option's field with its rule ID, for the template."""
        return [{"field": self[option], "rule": OPTIONS[option][0]} for option in OPTIONS]


# -- the card catalogue -----------------------------------------------------------------------

KINDS = (
    ("player", gettext_lazy("Player Card")),
    ("map", gettext_lazy("Map")),
    ("quest", gettext_lazy("Quest card")),
    ("item", gettext_lazy("Item card")),
    ("one_year", gettext_lazy("One Year Has Passed")),
)
_LOCATION = re.compile(
    r"^(?P<name>[^\[\]()]+?)\s*\[(?P<value>[^\]]*)\]\s*\((?P<terrains>[^)]*)\)\s*$"
)
# A skill in any language the app speaks ("Combat +1", "戰鬥 +1"), then a signed number.
_MODIFIER = re.compile(r"^(?P<skill>\D+?)\s*(?P<value>[+\-−]\s*\d+)$")


def split_list(text: str) -> list[str]:
    """ "U, V" or "U V" as ["U", "V"]; "Map 2, Map 3" keeps the spaces inside a name."""
    text = text.strip()
    if not text:
        return []
    # A Chinese keyboard types the full-width comma and semicolon.
    text = text.replace("，", ",").replace("；", ";").replace("、", ",")
    parts = text.split(",") if "," in text else text.split(";") if ";" in text else [text]
    return [part.strip() for part in parts if part.strip()]


def split_terrains(text: str) -> list[str]:
    """Terrain types typed as "X0, U, G+2" or "X0 U G+2"."""
    if "," in text:
        return split_list(text)
    joined = re.sub(r"\s*([+\-−])\s*", r"\1", text.strip())
    return [part for part in joined.split() if part]


def parse_modifiers(text: str, what: str) -> dict:
    """ "Combat +1, Charm -1" as {"Combat": 1, "Charm": -1} (the engine checks the skills)."""
    found: dict = {}
    for part in split_list(text):
        match = _MODIFIER.match(part)
        if match is None:
            raise InputError(
                "BT-01",
                _("write %(what)s like “Combat +1, Charm -1”: “%(part)s” is not read")
                % {"what": what, "part": part[:60]},
            )
        value = int(match["value"].replace("−", "-").replace(" ", ""))
        found[_skill_key(match["skill"].strip())] = value
    return found


def _skill_key(typed: str) -> str:
    """A skill typed in the player's language ("生存") as the engine's key; else as typed."""
    for skill in SKILLS:
        if typed.casefold() == say(skill_word(skill)).casefold():
            return skill
    return typed


def parse_locations(text: str) -> list[dict]:
    """Locations as printed on a map card, one a line: "Ulendi [8+] (X0, U, G)"."""
    locations = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        match = _LOCATION.match(line)
        if match is None:
            raise InputError(
                "BT-01",
                _(
                    "write each location on its own line as the map prints it, like "
                    "“Ulendi [8+] (X0, U, G)” or “Goblin Mines [-] (X3)”: “%(line)s” is not read"
                )
                % {"line": line[:60]},
            )
        value = match["value"].strip().rstrip("+").strip()
        location: dict = {
            "name": match["name"].strip(),
            "terrains": split_terrains(match["terrains"]),
        }
        if value and value not in ("-", "—", "–"):
            if not value.isdigit():
                raise InputError(
                    "BT-01",
                    _("the lay-low value of %(place)s is a number like [8+], or [-] for none")
                    % {"place": location["name"][:60]},
                )
            location["lay_low"] = int(value)
        locations.append(location)
    return locations


class CardForm(VersionForm):
    """The quick form of the catalogue: only the fields the card's kind takes (BT-01)."""

    kind = forms.CharField(required=False)
    id = forms.CharField(required=False, strip=False)
    name = forms.CharField(required=False, strip=False)
    number = forms.IntegerField(required=False)
    bonus = forms.CharField(required=False)
    neighbours = forms.CharField(required=False)
    locations = forms.CharField(required=False, widget=forms.Textarea)
    terrains = forms.CharField(required=False)
    classes = forms.MultipleChoiceField(
        required=False,
        choices=[
            (name, name) for name in ("Common", "Uncommon", "Unique", "Reusable", "Skill", "Curse")
        ],
    )
    modifiers = forms.CharField(required=False)
    home_map = forms.CharField(required=False)
    home_location = forms.CharField(required=False)
    # Where to go once the card is entered: back to the adventure, or on to another card.
    next = forms.CharField(required=False)
    remembered = forms.CharField(required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for skill in SKILLS:
            self.fields[f"skill_{skill}"] = forms.IntegerField(required=False)

    def refusal(self) -> InputError:
        for name in self.errors:
            if name == "version":
                continue
            if name == "number" or name.startswith("skill_"):
                return InputError("BT-01", _("a card's numbers are whole numbers, like 4 or -1"))
            if name == "classes":
                return InputError(
                    "BT-01",
                    _("the item classes are Common, Uncommon, Unique, Reusable, Skill and Curse"),
                )
        return InputError("A-02", _("the form was incomplete: please try again"))

    def card(self) -> dict | str:
        """The card entered: the id of a card picked from the card memory, else the one typed."""
        return (self.cleaned_data.get("remembered") or "").strip() or self.action()

    def action(self) -> dict:
        """The register_card action for the kind chosen, with that kind's fields only."""
        data = self.cleaned_data
        kind = _text(data.get("kind")) or ""
        action: dict = {"type": "register_card", "kind": kind, "id": data.get("id") or ""}
        if isinstance(action["id"], str):
            action["id"] = action["id"][:MAX_POSTED]
        takes = KIND_FIELDS.get(kind.strip().lower().replace(" ", "_"), ())
        if "name" in takes and _text(data.get("name")):
            action["name"] = _text(data["name"])
        if "number" in takes and data.get("number") is not None:
            action["number"] = data["number"]
        if "skills" in takes:
            action["skills"] = {
                skill: data[f"skill_{skill}"]
                for skill in SKILLS
                if data.get(f"skill_{skill}") is not None
            }
        if "bonus" in takes and _text(data.get("bonus")):
            action["bonus"] = parse_modifiers(data["bonus"], _("the map's bonus"))
        if "neighbours" in takes and _text(data.get("neighbours")):
            action["neighbours"] = split_list(data["neighbours"])
        if "locations" in takes:
            action["locations"] = parse_locations(data.get("locations") or "")
        if "terrains" in takes:
            action["terrains"] = split_terrains(data.get("terrains") or "")
        if "classes" in takes and data.get("classes"):
            action["classes"] = list(data["classes"])
        if "modifiers" in takes and _text(data.get("modifiers")):
            action["modifiers"] = parse_modifiers(data["modifiers"], _("the skill modifiers"))
        if "home" in takes and (_text(data.get("home_map")) or _text(data.get("home_location"))):
            action["home"] = {
                "map": _text(data.get("home_map")) or "",
                "location": _text(data.get("home_location")) or "",
            }
        return action


class RecallForm(forms.Form):
    """A search of the player's remembered cards, by id or name."""

    q = forms.CharField(required=False, max_length=60)
