"""The working copy one Barbarian Vince action is applied to, and what every phase shares.

`engine._Play` is this class with the handlers of each phase mixed in (adventure, travel,
encounters, checks, effects, rest).
"""

from ..errors import RuleError
from ..text import _, listed
from . import places
from .catalogue import MAX_CATALOGUE, check_int, clean_text, has_class

# Field names in a player's words, for refusals about a missing or malformed field.
FIELD_WORDS = {
    "card": _("the card"),
    "cards": _("the cards"),
    "give": _("the cards given"),
    "draw": _("the card drawn"),
    "item": _("the starting item"),
    "map": _("the map"),
    "location": _("the location"),
    "terrain": _("the terrain type"),
    "adjust": _("the adjustment to the difficulty"),
    "skill": _("the skill"),
    "target": _("the target"),
    "times": _("the number of passes (n@)"),
    "round_speed": _("the round speed"),
    "damage": _("the damage"),
    "class": _("the item class"),
    "outcome": _("how the encounter ends"),
    "how": _("how Vince left the game"),
    "conditions_met": _("whether the Curse's conditions are met"),
    "name": _("the adventure's name"),
    "ruleset": _("the table rules"),
}


class PlayBase:
    """One action applied to a shallow copy of the state; each part is copied before a change.
    Here: the copies, card moves, fields read and where a card must be. The handlers of each
    phase are mixins over this class, composed into `engine._Play`."""

    def __init__(self, state: dict):
        self.old = state
        self.new = dict(state)
        self.owned: set[str] = set()

    # -- copying on change ----------------------------------------------------------------------

    def mine(self, key: str):
        """The new state's `key` (a list or dict), copied the first time it is changed."""
        if key not in self.owned:
            value = self.new[key]
            self.new[key] = list(value) if type(value) is list else dict(value)
            self.owned.add(key)
        return self.new[key]

    def check(self) -> dict:
        """The check of the new state, copied once (its `played` list is copied on change)."""
        if "check" not in self.owned:
            check = dict(self.new["check"])
            check["played"] = list(check["played"])
            self.new["check"] = check
            self.owned.add("check")
        return self.new["check"]

    def internal(self) -> dict:
        if "internal" not in self.owned:
            internal = dict(self.new["internal"])
            for key in ("check_spent", "encounter_places", "encounter_places_last_turn"):
                internal[key] = list(internal[key])
            self.new["internal"] = internal
            self.owned.add("internal")
        return self.new["internal"]

    @property
    def catalogue(self) -> dict:
        return self.new["catalogue"]

    @property
    def ruleset(self) -> dict:
        return self.new["ruleset"]

    # -- moving cards -----------------------------------------------------------------------------

    def to_ready(self, card: str) -> None:
        """Move `card` (from wherever it is) to the end of the ready hand."""
        self._leave(card)
        self.mine("ready").append(card)

    def to_exhausted(self, card: str) -> None:
        self._leave(card)
        self.mine("exhausted").append(card)

    def to_deck(self, card: str) -> None:
        self._leave(card)

    def _leave(self, card: str) -> None:
        if card in self.new["ready"]:
            self.mine("ready").remove(card)
        elif card in self.new["exhausted"]:
            self.mine("exhausted").remove(card)
            if card in self.new["internal"]["check_spent"]:
                self.internal()["check_spent"].remove(card)
        elif card in self.new["waiting"]:
            del self.mine("waiting")[card]

    def discard(self, card: str) -> None:
        """B-05, B-30: to the deck, or a Unique item to wait at its home location."""
        entry = self.catalogue[card]
        self._leave(card)
        if has_class(entry, "Unique"):
            self.mine("waiting")[card] = dict(entry["home"])

    # -- reading fields ---------------------------------------------------------------------------

    def card(self, fields: dict, name: str = "card", required: bool = True) -> str | None:
        """A card id named in the action: text, and in the catalogue (BT-01)."""
        value = fields.get(name)
        if value is None:
            if required:
                raise RuleError("A-02", _("name {what}", what=FIELD_WORDS[name]))
            return None
        card = clean_text(value, "A-02", FIELD_WORDS[name])
        if card not in self.catalogue:
            raise RuleError("BT-01", _("register {card} first", card=card))
        return card

    def cards(self, fields: dict, name: str = "cards") -> list[str]:
        """A non-empty list of distinct registered card ids (A-02, BT-02)."""
        value = fields.get(name)
        if not isinstance(value, list) or not value:
            raise RuleError("A-02", _("name {what}, at least one", what=FIELD_WORDS[name]))
        if len(value) > MAX_CATALOGUE:
            raise RuleError(
                "A-02",
                _("{what}: at most {limit} cards", what=FIELD_WORDS[name], limit=MAX_CATALOGUE),
            )
        cards: list[str] = []
        for item in value:
            card = clean_text(item, "A-02", FIELD_WORDS[name])
            if card in cards:
                raise RuleError("BT-02", _("{card} is named twice", card=card))
            cards.append(card)
        for card in cards:
            if card not in self.catalogue:
                raise RuleError("BT-01", _("register {card} first", card=card))
        return cards

    def whole(self, fields: dict, name: str, rule: str, low: int, high: int, default=None):
        """An integer field (never a boolean) within bounds, or `default` when left out."""
        if name not in fields:
            return default
        return check_int(fields[name], rule, FIELD_WORDS[name], low, high)

    def flag(self, fields: dict, name: str) -> bool:
        value = fields.get(name, False)
        if type(value) is not bool:
            raise RuleError("A-02", _("{what}: answer true or false", what=FIELD_WORDS[name]))
        return value

    def choice(self, fields: dict, name: str, choices: tuple, default: str) -> str:
        value = fields.get(name, default)
        text = value.strip().lower() if isinstance(value, str) else value
        if text not in choices:
            raise RuleError(
                "A-02",
                _(
                    "{what}: choose {choices}",
                    what=FIELD_WORDS[name],
                    choices=listed(choices, "or"),
                ),
            )
        return text

    def place(self, fields: dict) -> tuple[str, str]:
        return (
            clean_text(fields.get("map", ""), "A-02", FIELD_WORDS["map"]),
            clean_text(fields.get("location", ""), "A-02", FIELD_WORDS["location"]),
        )

    # -- where a card must be ---------------------------------------------------------------------

    def refuse_elsewhere(self, card: str, wanted) -> None:
        raise RuleError(
            "BT-02",
            _(
                "{card} is {where}, not {wanted}",
                card=card,
                where=places.place_words(self.new, card),
                wanted=wanted,
            ),
        )

    def in_ready(self, card: str) -> None:
        if card == places.locked_card(self.new):
            refuse_locked(card)
        if card not in self.new["ready"]:
            self.refuse_elsewhere(card, _("in the ready hand"))

    def in_exhausted(self, card: str) -> None:
        if card not in self.new["exhausted"]:
            self.refuse_elsewhere(card, _("in the exhausted hand"))
        if card == places.locked_card(self.new):
            refuse_locked(card)

    def in_deck(self, card: str) -> None:
        if places.place_of(self.new, card) != places.DECK:
            self.refuse_elsewhere(card, _("in the draw deck"))

    def random_draw(self, fields: dict, name: str = "draw") -> dict:
        """A random draw (B-06): a numbered card from the deck; it goes under the deck at once."""
        card = self.card(fields, name)
        entry = self.catalogue[card]
        if entry["kind"] == "one_year":
            raise RuleError(
                "BT-16",
                _("the One Year Has Passed card is never a draw result: record it, then draw on"),
            )
        self.in_deck(card)
        if entry["number"] is None:
            raise RuleError(
                "BT-01", _("{card} has no random number, so it cannot be a random draw", card=card)
            )
        drawn = {"card": card, "number": entry["number"]}
        self.new["last_draw"] = drawn
        return drawn

    def clear_check(self) -> None:
        self.new["check"] = None
        if self.new["internal"]["check_spent"]:
            self.internal()["check_spent"] = []

    def check_discard(self, cards: list[str], conditions_met: bool) -> None:
        """B-29, BT-14: maps, the Player Card, Curses (unless their conditions are met), locked."""
        locked = places.locked_card(self.new)
        for card in cards:
            if card not in self.new["ready"] and card not in self.new["exhausted"]:
                self.refuse_elsewhere(card, _("in hand"))
            entry = self.catalogue[card]
            if entry["kind"] == "map":
                raise RuleError(
                    "B-29", _("{card} is a map card: maps are never discarded", card=card)
                )
            if entry["kind"] == "player":
                raise RuleError("B-29", _("the Player Card is never discarded"))
            if card == locked:
                refuse_locked(card)
            if has_class(entry, "Curse") and not conditions_met:
                raise RuleError(
                    "B-29",
                    _(
                        "{card} is a Curse: it is discarded only once its conditions are met",
                        card=card,
                    ),
                )


def refuse_locked(card: str) -> None:
    """BT-06: the encounter card taken from a hand is locked until its encounter ends."""
    raise RuleError(
        "BT-06",
        _("{card} is the encounter's card: it stays put until the encounter ends", card=card),
    )
