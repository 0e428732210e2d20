"""The card catalogue (BT-01): reading what the player types in and storing it in one normal form.

Every card the player meets is entered once; the engine names cards by id from then on. This
module turns a `register_card` action into a catalogue entry (or refuses it, naming BT-01) and
normalises terrain types, skills and item classes wherever an action mentions them.

Bounds (refused beyond them, so a log stays small and every action stays fast): ids, names,
location and map names at most 60 characters; at most 300 cards in a catalogue; a map has at
most 40 locations and 16 neighbours; a card or location lists at most 16 terrain types; random
numbers and lay-low values are 0 to 999; skill values, bonuses, modifiers and terrain modifiers
are -99 to 99; X and Z types are numbered up to 99.
"""

import re

from ..errors import RuleError
from ..names import NameFault, clean_name, name_refusal
from ..text import _

MAX_TEXT = 60
MAX_CATALOGUE = 300
MAX_LOCATIONS = 40
MAX_NEIGHBOURS = 16
MAX_TERRAINS = 16
MAX_NUMBER = 999
MAX_SKILL = 99

SKILLS = ("combat", "survival", "unlock_disarm", "hide", "charm", "recovery")
CLASSES = ("Common", "Uncommon", "Unique", "Reusable", "Skill", "Curse")
KINDS = ("player", "map", "quest", "item", "one_year")
PLAIN_TERRAINS = ("O", "F", "M", "P", "G", "C", "V", "U", "A", "T")
# Where the rules let a player trade (B-33): a Common item anywhere here, an Uncommon at a City.
TRADE_COMMON = ("V", "C", "G", "U")
TRADE_UNCOMMON = ("C", "G")

# The fields each kind of card may carry (BT-01); `id` and `kind` come with every kind.
KIND_FIELDS = {
    "player": ("name", "number", "skills"),
    "map": ("name", "number", "bonus", "neighbours", "locations"),
    "quest": ("name", "number", "terrains", "classes", "modifiers", "home"),
    "item": ("name", "number", "classes", "modifiers", "home"),
    "one_year": ("name",),
}
REGISTER_FIELDS = ("id", "kind", *dict.fromkeys(f for fs in KIND_FIELDS.values() for f in fs))

_TERRAIN = re.compile(r"^(?:([OFMPGCVUAT])|([XZ])(\d{1,2}))(?:([+-])(\d{1,2}))?$")


def skill_word(skill: str):
    """The skill's name as a player reads it ("Unlock/Disarm")."""
    return {
        "combat": _("Combat"),
        "survival": _("Survival"),
        "unlock_disarm": _("Unlock/Disarm"),
        "hide": _("Hide"),
        "charm": _("Charm"),
        "recovery": _("Recovery"),
    }[skill]


def kind_word(kind: str):
    """The kind of card in a player's words."""
    return {
        "player": _("the Player Card"),
        "map": _("a map card"),
        "quest": _("a quest card"),
        "item": _("an item card"),
        "one_year": _("the One Year Has Passed card"),
    }[kind]


def clean_text(value, rule: str, what) -> str:
    """A card id, name or place name: a string, 1 to 60 characters, passing every game's name
    rule (tracker/rules/names.py: trimmed, NFC, no control character, line break or
    text-direction override, something visible)."""
    if not isinstance(value, str):
        raise RuleError(rule, _("{what} must be written as text", what=what))
    try:
        return clean_name(value, longest=MAX_TEXT)
    except NameFault as fault:
        raise RuleError(rule, name_refusal(fault, what, MAX_TEXT)) from None


def parse_terrain(value, *, modifier_allowed: bool, rule: str = "BT-01") -> tuple[str, int]:
    """A terrain type and its modifier from player input ("g + 2" -> ("G", 2))."""
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise RuleError(rule, _("a terrain type must be written as text, like F or G+2"))
    text = "".join(value.split()).upper()
    match = _TERRAIN.match(text)
    if match is None or (match.group(2) == "Z" and int(match.group(3)) == 0):
        shown = value.strip()[:MAX_TEXT]
        raise RuleError(
            rule,
            _(
                "“{terrain}” is not a terrain type: use O, F, M, P, G, C, V, U, A or T, "
                "X0 to X13 or Z1, Z2 and so on, with a modifier like +2 where a map shows one",
                terrain=shown,
            ),
        )
    plain, letter, digits, sign, amount = match.groups()
    kind = plain or f"{letter}{int(digits)}"
    modifier = 0 if sign is None else int(amount) * (1 if sign == "+" else -1)
    if modifier and not modifier_allowed:
        raise RuleError(
            rule,
            _(
                "write the terrain type without a modifier: {terrain}, not {written}",
                terrain=kind,
                written=text,
            ),
        )
    return kind, modifier


def terrain_text(kind: str, modifier: int) -> str:
    """The stored form of a terrain type with its modifier ("G+2"; "+0" is dropped)."""
    if modifier == 0:
        return kind
    return f"{kind}{modifier:+d}"


def split_terrain(text: str) -> tuple[str, int]:
    """A stored terrain ("F+1") as its type and modifier."""
    for index, char in enumerate(text):
        if index and char in "+-":
            return text[:index], int(text[index:])
    return text, 0


def is_x_type(kind: str) -> bool:
    """True for the X types (X0, X1, …), which take no difficulty draw (BT-06)."""
    return len(kind) > 1 and kind[0] == "X"


def _typed(value) -> str:
    """What a player typed, shortened, to quote in a refusal ("" for something not text)."""
    return value.strip()[:MAX_TEXT] if isinstance(value, str) else ""


def parse_skill(value, rule: str = "BT-08") -> str:
    """A skill name from player input ("Unlock/Disarm" -> "unlock_disarm")."""
    if isinstance(value, str):
        text = "_".join(value.strip().lower().replace("/", " ").replace("-", " ").split())
        if text in SKILLS:
            return text
    raise RuleError(
        rule,
        _(
            "“{skill}” is not a skill: the skills are Combat, Survival, Unlock/Disarm, Hide, "
            "Charm and Recovery",
            skill=_typed(value),
        ),
    )


def parse_class(value, rule: str = "BT-01") -> str:
    """An item class from player input ("reusable" -> "Reusable")."""
    if isinstance(value, str):
        text = value.strip().lower()
        for name in CLASSES:
            if name.lower() == text:
                return name
    raise RuleError(
        rule,
        _(
            "“{item_class}” is not an item class: the classes are Common, Uncommon, Unique, "
            "Reusable, Skill and Curse",
            item_class=_typed(value),
        ),
    )


def check_int(value, rule: str, what, low: int, high: int) -> int:
    """A whole number (never a boolean, never text) between `low` and `high`."""
    if type(value) is not int or not low <= value <= high:
        raise RuleError(
            rule,
            _("{what} must be a whole number from {low} to {high}", what=what, low=low, high=high),
        )
    return value


def _skill_values(value, what) -> dict[str, int]:
    if not isinstance(value, dict):
        raise RuleError("BT-01", _("{what} must list skills with their values", what=what))
    result: dict[str, int] = {}
    for key, amount in value.items():
        skill = parse_skill(key, "BT-01")
        if skill in result:
            raise RuleError(
                "BT-01", _("{what} names {skill} twice", what=what, skill=skill_word(skill))
            )
        result[skill] = check_int(
            amount, "BT-01", _("the value of {skill}", skill=skill_word(skill)), -99, MAX_SKILL
        )
    return result


def _terrain_list(value, what, *, modifier_allowed: bool) -> list[str]:
    if not isinstance(value, list) or not value:
        raise RuleError("BT-01", _("{what} must list at least one terrain type", what=what))
    if len(value) > MAX_TERRAINS:
        raise RuleError(
            "BT-01",
            _("{what} lists more than {limit} terrain types", what=what, limit=MAX_TERRAINS),
        )
    seen: dict[str, str] = {}
    for item in value:
        kind, modifier = parse_terrain(item, modifier_allowed=modifier_allowed)
        if kind in seen:
            raise RuleError("BT-01", _("{what} lists {terrain} twice", what=what, terrain=kind))
        seen[kind] = terrain_text(kind, modifier)
    return list(seen.values())


def _classes(value) -> list[str]:
    if not isinstance(value, list) or len(value) > len(CLASSES):
        raise RuleError(
            "BT-01", _("the item classes must be a list of different classes, like Common")
        )
    result: list[str] = []
    for item in value:
        name = parse_class(item)
        if name in result:
            raise RuleError(
                "BT-01", _("the item class {item_class} is named twice", item_class=name)
            )
        result.append(name)
    if "Skill" in result and "Curse" in result:
        raise RuleError("BT-01", _("a card cannot be both a Skill and a Curse"))
    return result


def _home(value) -> dict:
    if not isinstance(value, dict) or set(value) != {"map", "location"}:
        raise RuleError(
            "BT-01",
            _("a Unique item's home names exactly a map and a location on it"),
        )
    return {
        "map": clean_text(value["map"], "BT-01", _("the home map")),
        "location": clean_text(value["location"], "BT-01", _("the home location")),
    }


def _location(value, map_id: str) -> dict:
    if not isinstance(value, dict) or not {"name", "terrains"} <= set(value) <= {
        "name",
        "terrains",
        "lay_low",
    }:
        raise RuleError(
            "BT-01",
            _(
                "each location of {map} gives its name, its terrain types and its lay-low value "
                "(or none), and nothing else",
                map=map_id,
            ),
        )
    name = clean_text(value["name"], "BT-01", _("a location's name"))
    lay_low = value.get("lay_low")
    if lay_low is not None:
        lay_low = check_int(
            lay_low, "BT-01", _("the lay-low value of {place}", place=name), 0, MAX_NUMBER
        )
    terrains = _terrain_list(
        value["terrains"], _("the location {place}", place=name), modifier_allowed=True
    )
    return {"name": name, "lay_low": lay_low, "terrains": terrains}


def _neighbours(value) -> list[str]:
    if not isinstance(value, list):
        raise RuleError("BT-01", _("the map key must list the ids of the neighbouring maps"))
    if len(value) > MAX_NEIGHBOURS:
        raise RuleError("BT-01", _("a map key names at most {limit} maps", limit=MAX_NEIGHBOURS))
    result: list[str] = []
    for item in value:
        map_id = clean_text(item, "BT-01", _("a neighbouring map's id"))
        if map_id in result:
            raise RuleError("BT-01", _("the map key names {map} twice", map=map_id))
        result.append(map_id)
    return result


def build_entry(action: dict, catalogue: dict, player_card: str | None) -> tuple[str, dict]:
    """The id and normalised catalogue entry of a `register_card` action (BT-01)."""
    card = clean_text(action.get("id"), "BT-01", _("the card's id"))
    if card in catalogue:
        raise RuleError("BT-01", _("{card} is already in the catalogue", card=card))
    if len(catalogue) >= MAX_CATALOGUE:
        raise RuleError(
            "BT-01", _("the catalogue holds at most {limit} cards", limit=MAX_CATALOGUE)
        )
    kind = action.get("kind")
    kind = "_".join(kind.strip().lower().split()) if isinstance(kind, str) else kind
    if kind not in KINDS:
        raise RuleError(
            "BT-01",
            _("say what kind of card {card} is: player, map, quest, item or one year", card=card),
        )
    given = {key: value for key, value in action.items() if value is not None}
    for key in given:
        if key not in ("id", "kind") and key not in KIND_FIELDS[kind]:
            raise RuleError(
                "BT-01",
                _("{kind} has no “{field}”", kind=kind_word(kind), field=key),
            )
    if kind == "player" and player_card is not None:
        raise RuleError(
            "BT-01", _("the Player Card is already in the catalogue as {card}", card=player_card)
        )
    if kind == "one_year" and any(entry["kind"] == "one_year" for entry in catalogue.values()):
        raise RuleError("BT-01", _("the One Year Has Passed card is already in the catalogue"))

    name = given.get("name")
    if name is not None:
        name = clean_text(name, "BT-01", _("the card's name"))
    entry: dict = {"kind": kind, "name": name, "number": None}
    if "number" in given:
        entry["number"] = check_int(
            given["number"], "BT-01", _("the random number of {card}", card=card), 0, MAX_NUMBER
        )
    elif kind in ("map", "quest", "item"):
        raise RuleError(
            "BT-01", _("enter the random number printed in the corner of {card}", card=card)
        )

    if kind == "player":
        skills = _skill_values(given.get("skills", {}), _("the Player Card's skills"))
        entry["skills"] = {skill: skills.get(skill, 0) for skill in SKILLS}
    elif kind == "map":
        entry["bonus"] = _skill_values(given.get("bonus", {}), _("the map's skill bonus"))
        entry["neighbours"] = _neighbours(given.get("neighbours", []))
        locations = given.get("locations")
        if not isinstance(locations, list) or not locations:
            raise RuleError("BT-01", _("enter the locations shown on {map}", map=card))
        if len(locations) > MAX_LOCATIONS:
            raise RuleError(
                "BT-01", _("a map holds at most {limit} locations", limit=MAX_LOCATIONS)
            )
        entry["locations"] = []
        for item in locations:
            location = _location(item, card)
            if any(other["name"] == location["name"] for other in entry["locations"]):
                raise RuleError(
                    "BT-01",
                    _("{map} names the location {place} twice", map=card, place=location["name"]),
                )
            entry["locations"].append(location)
    elif kind in ("quest", "item"):
        if kind == "quest":
            entry["terrains"] = _terrain_list(
                given.get("terrains"), _("the quest card {card}", card=card), modifier_allowed=False
            )
        classes = _classes(given.get("classes", []))
        if kind == "item" and not classes:
            raise RuleError("BT-01", _("an item card carries at least one item class, like Common"))
        modifiers = given.get("modifiers", {})
        if modifiers != {} and not classes:
            raise RuleError(
                "BT-01",
                _("skill modifiers belong to an item: give {card}'s item classes too", card=card),
            )
        entry["classes"] = classes
        entry["modifiers"] = _skill_values(modifiers, _("the item's skill modifiers"))
        unique = "Unique" in classes
        if unique and "home" not in given:
            raise RuleError(
                "BT-01", _("a Unique item names its home: the map and location it returns to")
            )
        if not unique and "home" in given:
            raise RuleError("BT-01", _("only a Unique item has a home location"))
        entry["home"] = _home(given["home"]) if unique else None
    return card, entry


def is_item(entry: dict) -> bool:
    """A card is an item when it carries item classes (BT-01)."""
    return bool(entry.get("classes"))


def has_class(entry: dict, name: str) -> bool:
    """True when the card carries the item class `name`."""
    return name in (entry.get("classes") or ())


def location_entry(catalogue: dict, map_id: str, name: str) -> dict | None:
    """The location `name` on the map `map_id`, or None."""
    entry = catalogue.get(map_id)
    if entry is None or entry["kind"] != "map":
        return None
    for location in entry["locations"]:
        if location["name"] == name:
            return location
    return None


def location_types(location: dict) -> dict[str, int]:
    """A location's terrain types with their modifiers ({"G": 2, "C": 0})."""
    return dict(split_terrain(text) for text in location["terrains"])
