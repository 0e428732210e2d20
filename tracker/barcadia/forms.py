"""What a phone posts, turned into an engine action (the field names of heroes-of-barcadia-actions.md).

The forms only read what the page sends — a hex as ``q,r``, numbers, names, a die left empty —
and build the action; every rule is the engine's to apply, so a refusal names its rule
(HL-02 for a field out of range, H-/HT- for the game). A die box left empty is rolled by the
app's D20, which the view passes in (the engine never rolls). Only the fields the engine reads
for the action's type are ever put in it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tracker.barcadia import tile_box
from tracker.core.forms import InputError, TapForm
from tracker.core.i18n import listing
from tracker.rules.barcadia import move_targets
from tracker.rules.barcadia.fields import FACE_KEYS
from tracker.rules.barcadia.ruleset import DEFAULTS
from tracker.rules.barcadia.setting_up import MOST_PLAYERS
from tracker.rules.errors import RuleError

MODIFIER_ROWS = 2
LONGEST_TEXT = 400  # characters read from any box; the engine bounds names and notes itself
_WHOLE = re.compile(r"^[+-]?\d{1,6}$")
_HEX = re.compile(r"^\s*\[?\s*([+-]?\d{1,4})\s*,\s*([+-]?\d{1,4})\s*\]?\s*$")
# The modifier sources of HT-14, as the select's values name them: p|seat|index, s|seat, …
_SOURCES = {"p": "power_up", "s": "signature_move", "l": "loot", "o": "other"}
FACE_KINDS = tuple(FACE_KEYS)
# The actions of a two-sided roll: the field naming the other hero, and the one of their roll.
TWO_SIDED = {
    "team_battle": ("partner", "partner_roll"),
    "boss_fight": ("boss_player", "boss_roll"),
    "duel": ("target", "target_roll"),
}


class ActForm(TapForm):
    """What every action posts besides its own fields: the version the screen showed (with the
    tap's id and what the screen asked: tracker.core.forms), and the hero it is for."""

    player = forms.CharField(required=False, max_length=200)
    confirm = forms.CharField(required=False, max_length=10)

    error_messages = {"version": gettext_lazy("This screen is out of date: here it is again.")}


class TableForm:
    """The host's set-up screen as posted: the table's name, the heroes in seating order with
    their signature moves, the table rules. Every box is read trimmed and cut to a length the
    engine then bounds itself; the engine refuses what the rules do not allow (H-01 … H-07)."""

    def __init__(self, post=None):
        self.post = post or {}

    def _box(self, name: str) -> str:
        value = self.post.get(name, "")
        return value.strip()[:LONGEST_TEXT] if isinstance(value, str) else ""

    def name(self) -> str:
        """The name typed ("" when none: the table is then named after its heroes)."""
        return self._box("name")

    def heroes(self) -> list[dict]:
        """Every hero box as typed, in seating order: its number, name and signature move."""
        return [
            {"number": n, "name": self._box(f"hero_{n}"), "move": self._box(f"move_{n}")}
            for n in range(1, MOST_PLAYERS + 1)
        ]

    def players(self) -> list[dict]:
        """The set_up_table's players: the heroes named, each with their signature move."""
        return [
            {"name": hero["name"], **({"signature_move": hero["move"]} if hero["move"] else {})}
            for hero in self.heroes()
            if hero["name"]
        ]

    def options(self) -> dict[str, str]:
        """The table rules chosen, as posted (the page draws them chosen again)."""
        return {option: self._box(option) for option in DEFAULTS if self._box(option)}

    def ruleset(self) -> dict:
        """The set_up_table's ruleset: the rules chosen, the cup's line as a number."""
        return {
            option: int(value) if option == "full_hp" and value.isdigit() else value
            for option, value in self.options().items()
        }


def _raw(post, name: str) -> str:
    value = post.get(name, "")
    if not isinstance(value, str):
        return ""
    if len(value) > LONGEST_TEXT:
        raise InputError("HL-02", _("%(field)s: that is far too long") % {"field": name})
    return value.strip()


def whole(post, name: str) -> int | None:
    """A whole number typed in a box, or None when the box is empty."""
    text = _raw(post, name)
    if not text:
        return None
    if not _WHOLE.match(text):
        raise InputError(
            "HL-02",
            _("%(field)s: type a whole number, not “%(text)s”") % {"field": name, "text": text},
        )
    return int(text)


def hex_at(post, name: str) -> list[int] | None:
    """A hex posted as ``q,r`` (the map's links and selects send it so), or None if empty."""
    text = _raw(post, name)
    if not text:
        return None
    return parse_hex(text, name)


def parse_hex(text: str, name: str = "at") -> list[int]:
    """``q,r`` (or ``[q, r]``) as a hex, or InputError."""
    found = _HEX.match(text)
    if not found:
        raise InputError("HL-02", _("%(field)s: give a hex as q,r") % {"field": name})
    return [int(found.group(1)), int(found.group(2))]


def names(post, name: str) -> list[str]:
    """Card names typed in one box, separated by commas."""
    return [part.strip() for part in _raw(post, name).split(",") if part.strip()]


class Dice:
    """The dice of one action: typed numbers, or the app's D20 for every box left empty."""

    def __init__(self, post, roll: Callable[[], int]):
        self.post = post
        self.roll = roll
        self.by_app: list[tuple[str, int]] = []  # (box, result) the app rolled

    def __call__(self, box: str, hero: str):
        typed = whole(self.post, box)
        if typed is not None:
            return typed
        result = self.roll()
        self.by_app.append((hero, result))
        return result


def modifiers(post, state: dict) -> list[dict]:
    """The declared modifiers of a roll (HT-14): rows of source and value, empty rows skipped."""
    heroes = {hero["seat"]: name for name, hero in state["players"].items()}
    declared = []
    for row in range(MODIFIER_ROWS):
        source = _raw(post, f"mod_source_{row}")
        value = whole(post, f"mod_value_{row}")
        note = _raw(post, f"mod_note_{row}")
        if not source and value is None:
            continue
        if not source:
            raise InputError(
                "HT-14", _("say where the modifier of %(value)s comes from") % {"value": value}
            )
        if value is None:
            raise InputError("HT-14", _("say how much the modifier adds or takes away"))
        parts = source.split("|")
        kind = _SOURCES.get(parts[0])
        seat = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
        hero = heroes.get(seat)
        if kind is None or hero is None:
            raise InputError("HT-14", _("that modifier's source is not at this table"))
        item: dict = {"value": value, "source": kind, "player": hero}
        if kind == "power_up":
            held = state["players"][hero]["power_ups"]
            index = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else -1
            if not 0 <= index < len(held):
                raise InputError("HT-14", _("%(hero)s holds no such power-up") % {"hero": hero})
            item["card"] = held[index]
        elif kind == "loot" and note:
            item["card"] = note
        elif kind == "other" and note:
            item["note"] = note
        declared.append(item)
    return declared


def roll_parts(post, state: dict, hero: str, roll: dict | None, dice: Dice) -> dict:
    """One phone's part of a two-sided roll: `hero`'s die and modifiers, and with ``both``
    the other side's too (their phone away): hero → {"roll", "modifiers"}."""
    if roll is None or roll["other"] is None:
        raise InputError("HT-06", _("No roll is waiting for that part now."))
    sides = (roll["player"], roll["other"])
    if hero not in sides:
        raise InputError(
            "HT-14",
            _("%(hero)s takes no side in this roll: only %(sides)s roll it.")
            % {"hero": hero, "sides": listing(sides, "and")},
        )
    counterpart = sides[1] if hero == sides[0] else sides[0]
    parts: dict = {}
    if hero not in roll["parts"]:
        parts[hero] = {"roll": dice("roll", hero), "modifiers": []}
    if post.get("both") == "on" and counterpart not in roll["parts"]:
        parts[counterpart] = {"roll": dice("other_roll", counterpart), "modifiers": []}
    if not parts:
        raise InputError(
            "HT-06", _("Your part is in: waiting for %(hero)s's roll.") % {"hero": counterpart}
        )
    for item in modifiers(post, state):
        if item["player"] not in parts:
            raise InputError(
                "HT-14",
                _("%(hero)s names their own modifiers when they roll.") % {"hero": item["player"]},
            )
        parts[item["player"]]["modifiers"].append(item)
    return parts


def modifier_choices(state: dict, heroes: list[str]) -> list[tuple[str, str]]:
    """The select's options for the modifiers of these heroes' sides (HT-14)."""
    choices = []
    for name in heroes:
        hero = state["players"][name]
        seat = hero["seat"]
        for index, card in enumerate(hero["power_ups"]):
            choices.append(
                (
                    f"p|{seat}|{index}",
                    _("%(hero)s: power-up %(card)s") % {"hero": name, "card": card},
                )
            )
        if hero["signature_move"]:
            choices.append(
                (
                    f"s|{seat}",
                    _("%(hero)s: signature move %(card)s")
                    % {"hero": name, "card": hero["signature_move"]},
                )
            )
        else:
            choices.append((f"s|{seat}", _("%(hero)s: signature move") % {"hero": name}))
        choices.append((f"l|{seat}", _("%(hero)s: a loot card (spent)") % {"hero": name}))
        choices.append((f"o|{seat}", _("%(hero)s: an effect in play") % {"hero": name}))
    return choices


KIND_WORDS = {
    "monster": gettext_lazy("monster"),
    "team_monster": gettext_lazy("team battle monster"),
    "boss": gettext_lazy("boss"),
    "hoard": gettext_lazy("Drink Hoard"),
}


def _face(post) -> dict | None:
    """The tile face for an exploration (HT-08): one of the tile box's, tapped (``face``), or
    one typed; None when no kind was chosen."""
    tapped = _raw(post, "face")
    if tapped:
        try:
            return tile_box.face_from_key(tapped[:64])
        except RuleError as error:
            raise InputError(error.rule, error.message) from None
    kind = _raw(post, "kind")
    if not kind:
        return None
    face: dict = {"kind": kind}
    if kind not in FACE_KINDS:
        return face  # the engine names the kinds it knows
    wanted = FACE_KEYS[kind]
    words = {"kind": KIND_WORDS.get(kind, kind)}
    if "level" in wanted:
        face["level"] = whole(post, "level")
        if face["level"] is None:
            raise InputError("HT-08", _("Type the level printed on the %(kind)s tile.") % words)
    if "damage" in wanted:
        face["damage"] = whole(post, "damage")
        if face["damage"] is None:
            raise InputError("HT-08", _("Type the damage printed on the %(kind)s tile.") % words)
    if "attack" in wanted:
        face["attack"] = whole(post, "damage")  # one box: damage for monsters, attack otherwise
        if face["attack"] is None:
            raise InputError("HT-08", _("Type the attack printed on the %(kind)s tile.") % words)
    if "reward" in wanted:
        reward = {}
        for part in ("loot", "power_ups", "heal"):
            count = whole(post, part)
            if count:
                reward[part] = count
        face["reward"] = reward
    return {key: value for key, value in face.items() if value is not None}


def build_action(kind: str, post, state: dict, hero: str | None, dice: Dice) -> dict:
    """The engine action `kind` for `hero` from what the phone posted (raises InputError)."""
    action: dict = {"type": kind}
    if kind != "roll_for_order":
        action["player"] = hero
    match kind:
        case "roll_for_order":
            rolling = state["pending"][0]["players"] if state["phase"] == "order" else []
            action["rolls"] = {
                name: dice(f"roll_{state['players'][name]['seat']}", name) for name in rolling
            }
        case "explore":
            at = hex_at(post, "at")
            action["at"] = at
            tile = state["tiles"].get(f"{at[0]},{at[1]}") if at else None
            # A tile turned back face down is known (HT-08): nothing needs typing again.
            face = None if tile is not None and tile["face"] == "down" else _face(post)
            if face is not None:
                action["tile"] = face
        case "fight" | "trap_roll":
            action["roll"] = dice("roll", hero)
            action["modifiers"] = modifiers(post, state)
        case "team_battle" | "boss_fight" | "duel":
            # The other hero of a two-sided roll, who rolls their own die (HT-14).
            other_field, other_roll = TWO_SIDED[kind]
            other = _raw(post, other_field)
            action[other_field] = other
            action["roll"] = dice("roll", hero)
            action[other_roll] = dice(other_roll, other)
            action["modifiers"] = modifiers(post, state)
        case "challenge_hoard":
            action["roll"] = dice("roll", hero)  # H-20: the bare roll, never a modifier
        case "move":
            to = hex_at(post, "to")
            paths = {
                tuple(target["to"]): target["path"]
                for target in (move_targets(state, hero) if hero in state["players"] else [])
            }
            # A place out of reach is still asked of the engine, which says which rule forbids it.
            action["path"] = paths.get(tuple(to), [to]) if to else None
        case "use_portal":
            action["to"] = hex_at(post, "to")
        case "gain_power_up":
            action["card"] = _raw(post, "card")
            source = _raw(post, "from") or "deck"
            action["from"] = source
            if source == "player":
                action["from_player"] = _raw(post, "from_player")
        case "discard_power_up":
            action["card"] = _raw(post, "card")
        case "gain_loot":
            count = whole(post, "count")
            action["count"] = 1 if count is None else count
            cards = names(post, "cards")
            if cards:
                action["cards"] = cards
        case "note_loot":
            action["cards"] = names(post, "cards")
        case "play_loot":
            action["when"] = _raw(post, "when")
            card = _raw(post, "card")
            if card:
                action["card"] = card
            if post.get("extra_action"):
                action["extra_action"] = True
        case "set_trap":
            action["at"] = hex_at(post, "at")
            action["when"] = _raw(post, "when")
            card = _raw(post, "card")
            if card:
                action["card"] = card
        case "take_damage" | "heal":
            action["amount"] = whole(post, "amount")
            note = _raw(post, "note")
            if note and kind == "take_damage":
                action["note"] = note
        case "place_hero":
            action["at"] = hex_at(post, "at")
            note = _raw(post, "note")
            if note:
                action["note"] = note
        case "move_tile":
            action["from"] = hex_at(post, "from")
            action["to"] = hex_at(post, "to")
    return {key: value for key, value in action.items() if value is not None}


class TilesFileForm(forms.Form):
    """A cardrpg-tiles file to merge into the tile box (read whole, at most MAX_BYTES)."""

    tiles_file = forms.FileField(
        label=gettext_lazy("Tile box file (.tiles.json)"),
        widget=forms.FileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_tiles_file(self):
        upload = self.cleaned_data["tiles_file"]
        if upload.size > tile_box.MAX_BYTES:
            raise forms.ValidationError(
                _("A tile box file is at most %(size)s KB.") % {"size": tile_box.MAX_BYTES // 1024}
            )
        return upload.read()
