"""Reading an action's fields (HL-01, HL-02): types, ranges and names, before any rule is asked.

Every reader names the field it refuses. A field that is ``null`` counts as not given; optional
fields then take their default. Names are trimmed of surrounding spaces.
"""

from ..errors import RuleError
from ..names import NameFault, clean_name, name_refusal
from ..text import _, listed
from .ruleset import shown

HERO_NAME_MAX = 24
CARD_NAME_MAX = 40
NOTE_MAX = 200
COORD_MAX = 999  # |q| and |r|: far beyond any table, small enough to stay a plain number
MAX_MODIFIERS = 12  # HT-14: per roll; more than a table ever declares on one die
MODIFIER_MAX = 99
ROLL_MIN, ROLL_MAX = 1, 20
LEVEL_MIN, LEVEL_MAX = 1, 99
HP_AMOUNT_MAX = 999
REWARD_MAX = {"loot": 10, "power_ups": 3, "heal": 999}
MODIFIER_SOURCES = ("power_up", "signature_move", "loot", "other")

# HT-08: each kind of face has exactly these keys besides `kind`.
FACE_KEYS = {
    "monster": ("level", "damage", "reward"),
    "team_monster": ("level", "damage", "reward"),
    "boss": ("level", "attack", "reward"),
    "reward": ("reward",),
    "portal": (),
    "hoard": ("level", "attack"),
}


def refuse(field: str, message) -> RuleError:
    """An HL-02 refusal naming the field."""
    return RuleError("HL-02", _("{field}: {problem}", field=field, problem=message))


def given(action: dict, field: str) -> bool:
    """True when the field is present and not null."""
    return action.get(field) is not None


def integer(value, field: str, low: int, high: int, what) -> int:
    """A whole number within [low, high] (a JSON true/false is not a number)."""
    if type(value) is not int or not low <= value <= high:
        raise refuse(
            field,
            _(
                "{what} is a whole number from {low} to {high}, not {value}",
                what=what,
                low=low,
                high=high,
                value=shown(value),
            ),
        )
    return value


def roll(action: dict, field: str = "roll") -> int:
    """A D20 result, 1–20 (HT-14)."""
    if not given(action, field):
        raise refuse(field, _("give the D20 result, a whole number from 1 to 20"))
    return integer(action[field], field, ROLL_MIN, ROLL_MAX, _("a D20 result"))


def text(value, field: str, longest: int, what) -> str:
    """A name of 1 to `longest` characters, passing every game's name rule
    (tracker/rules/names.py: trimmed, NFC, no control character, line break or text-direction
    override, something visible)."""
    if not isinstance(value, str) or not value.strip():
        raise refuse(field, _("give {what} as text", what=what))
    try:
        return clean_name(value, longest=longest)
    except NameFault as fault:
        if fault.kind == "long":
            message = _("{what} is at most {longest} characters long", what=what, longest=longest)
        else:
            message = name_refusal(fault, what, longest)
        raise refuse(field, message) from None


def hero_name(value, field: str) -> str:
    """A hero's name as typed: 1–24 characters after trimming."""
    return text(value, field, HERO_NAME_MAX, _("a hero's name"))


def card_name(value, field: str) -> str:
    """A card's name: 1–40 characters after trimming."""
    return text(value, field, CARD_NAME_MAX, _("a card's name"))


def note(action: dict, field: str = "note") -> str | None:
    """An optional free note of at most 200 characters."""
    if not given(action, field):
        return None
    value = action[field]
    if not isinstance(value, str) or len(value.strip()) > NOTE_MAX:
        raise refuse(field, _("a note is text of at most {longest} characters", longest=NOTE_MAX))
    return value.strip()


def hero(state: dict, action: dict, field: str = "player") -> str:
    """The name of a hero at the table."""
    if not given(action, field):
        raise refuse(field, _("say which hero"))
    name = hero_name(action[field], field)
    if name not in state["players"]:
        raise refuse(
            field,
            _(
                "nobody at this table is called {name}; the heroes are {names}",
                name=shown(name),
                names=listed(state["players"], "and"),
            ),
        )
    return name


def boolean(action: dict, field: str) -> bool:
    """An optional yes/no, false when not given."""
    if not given(action, field):
        return False
    if not isinstance(action[field], bool):
        raise refuse(field, _("answer true or false"))
    return action[field]


def choice(action: dict, field: str, choices: tuple[str, ...], default: str | None = None) -> str:
    """One of a few words; `default` when not given (required when there is no default)."""
    if not given(action, field):
        if default is not None:
            return default
        raise refuse(field, _("choose {choices}", choices=listed(choices, "or")))
    value = action[field]
    if not isinstance(value, str) or value not in choices:
        raise refuse(
            field,
            _("choose {choices}, not {value}", choices=listed(choices, "or"), value=shown(value)),
        )
    return value


def hex_(value, field: str) -> tuple[int, int]:
    """Coordinates ``[q, r]``: a list of two whole numbers (HT-05)."""
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(type(n) is not int or not -COORD_MAX <= n <= COORD_MAX for n in value)
    ):
        raise refuse(
            field,
            _(
                "give a hex as [q, r], two whole numbers from {low} to {high}",
                low=-COORD_MAX,
                high=COORD_MAX,
            ),
        )
    return (value[0], value[1])


def required_hex(action: dict, field: str) -> tuple[int, int]:
    """A hex field that must be given."""
    if not given(action, field):
        raise refuse(field, _("give a hex as [q, r]"))
    return hex_(action[field], field)


def names(action: dict, field: str, required: bool) -> list[str]:
    """A list of card names (loot)."""
    if not given(action, field):
        if required:
            raise refuse(field, _("name at least one card"))
        return []
    value = action[field]
    if not isinstance(value, list) or (required and not value):
        raise refuse(field, _("give a list of card names"))
    return [card_name(item, field) for item in value]


def reward(value, field: str = "reward") -> dict:
    """A reward: counts of loot, power-ups and healing (HT-09); unknown keys refused (HL-02)."""
    if not isinstance(value, dict):
        raise refuse(field, _("a reward is an object with loot, power_ups and heal"))
    for name in value:
        if name not in REWARD_MAX:
            raise refuse(
                field,
                _("{name} is not part of a reward (loot, power_ups, heal)", name=shown(name)),
            )
    counts = {}
    for name, high in REWARD_MAX.items():
        item = value.get(name)
        counts[name] = (
            0 if item is None else integer(item, f"{field}.{name}", 0, high, _("a count"))
        )
    return counts


def face(value, field: str = "tile") -> dict:
    """A tile face (HT-08): its kind and exactly that kind's keys, all in range."""
    if not isinstance(value, dict):
        raise refuse(field, _("describe the tile: its kind, then its level, damage or reward"))
    kind = value.get("kind")
    if not isinstance(kind, str) or kind not in FACE_KEYS:
        raise refuse(
            f"{field}.kind",
            _("choose {choices}, not {value}", choices=listed(FACE_KEYS, "or"), value=shown(kind)),
        )
    wanted = FACE_KEYS[kind]
    for name in value:
        if name != "kind" and name not in wanted:
            raise refuse(field, _("a {kind} tile has no {name}", kind=kind, name=shown(name)))
    result = {"kind": kind}
    for name in wanted:
        if name not in value:
            raise refuse(
                f"{field}.{name}", _("a {kind} tile needs its {name}", kind=kind, name=name)
            )
        item = value[name]
        if name == "level":
            result[name] = integer(item, f"{field}.level", LEVEL_MIN, LEVEL_MAX, _("a level"))
        elif name in ("damage", "attack"):
            result[name] = integer(item, f"{field}.{name}", 0, HP_AMOUNT_MAX, _("an amount of HP"))
        else:
            result[name] = reward(item, f"{field}.reward")
    return result


def modifiers(action: dict, roller: str, state: dict) -> list[dict]:
    """Declared modifiers (HT-14), checked for shape only: value, source, card, player."""
    if not given(action, "modifiers"):
        return []
    value = action["modifiers"]
    if not isinstance(value, list):
        raise refuse("modifiers", _("give the modifiers as a list"))
    if len(value) > MAX_MODIFIERS:
        raise refuse("modifiers", _("at most {count} modifiers on one roll", count=MAX_MODIFIERS))
    result = []
    for index, item in enumerate(value):
        where = f"modifiers[{index}]"
        if not isinstance(item, dict):
            raise refuse(where, _("a modifier is an object with a value and a source"))
        amount = item.get("value")
        if type(amount) is not int or amount == 0 or not -MODIFIER_MAX <= amount <= MODIFIER_MAX:
            raise refuse(
                f"{where}.value",
                _(
                    "a modifier is a whole number from -99 to 99 other than 0, not {value}",
                    value=shown(amount),
                ),
            )
        source = item.get("source")
        if not isinstance(source, str) or source not in MODIFIER_SOURCES:
            raise refuse(
                f"{where}.source",
                _(
                    "choose {choices}, not {value}",
                    choices=listed(MODIFIER_SOURCES, "or"),
                    value=shown(source),
                ),
            )
        card = None
        if source == "power_up" or (source == "loot" and given(item, "card")):
            if not given(item, "card"):
                raise refuse(f"{where}.card", _("name the power-up"))
            card = card_name(item["card"], f"{where}.card")
        player = roller
        if given(item, "player"):
            player = _modifier_player(state, item, where)
        result.append(
            {
                "value": amount,
                "source": source,
                "card": card,
                "player": player,
                "note": note(item) if source == "other" else None,
            }
        )
    return result


def _modifier_player(state: dict, item: dict, where: str) -> str:
    name = hero_name(item["player"], f"{where}.player")
    if name not in state["players"]:
        raise refuse(
            f"{where}.player", _("nobody at this table is called {name}", name=shown(name))
        )
    return name
