"""The Barbarian Vince state machine: ``apply(state, action) -> new state`` (barbarian-vince-actions.md).

The state is a plain JSON dict. `apply` makes a shallow copy and each handler replaces only the
parts it changes (a list or dict is copied once, the first time it is changed), so an action
costs the same in the first turn as after thousands: nothing in the state grows with the log,
and the catalogue, which only `register_card` changes, is shared between states. A refusal
raises RuleError before the caller sees the copy, and the given state is never changed.
Randomness never happens here: every card drawn comes in as an action field.

Beside the fields of the spec the state carries `internal`: the Player Card's id, the cards
played in the current check that still count under `exhausted_bonus: whole_check` (BT-10), and
where encounters were drawn or resumed this turn and last turn (BT-04).

Bounds on what an action may carry, refused beyond them with a plain message (the catalogue's
own bounds are in catalogue.py): lists of cards at most 300 long (the catalogue's size), a
check's target -9999 to 9999, `times` 1 to 20, `round_speed` 1 to 300, `damage` 0 to 300, an
encounter's `adjust` -99 to 99, texts (ids, names, places) at most 60 characters.
"""

from .. import log
from ..errors import RuleError
from ..text import _, listed
from . import places
from .awaiting import ACTION_TYPES, awaiting, refuse_not_now, rest_ready
from .catalogue import (
    MAX_CATALOGUE,
    MAX_NUMBER,
    MAX_SKILL,
    SKILLS,
    build_entry,
    check_int,
    clean_text,
    has_class,
    is_item,
    is_x_type,
    location_entry,
    parse_class,
    parse_skill,
    parse_terrain,
)
from .ruleset import normalise_ruleset

GAME = "barbarian-vince"
MAX_TIMES = 20  # the n of "n@": printed checks ask for a few rounds, never dozens
MAX_TARGET = 9999

# The fields each action type may carry, besides `type`, `note` and `_`-prefixed keys.
ACTION_FIELDS = {
    "begin_adventure": ("ruleset", "name"),
    "register_card": (
        "id",
        "kind",
        "name",
        "number",
        "skills",
        "bonus",
        "neighbours",
        "locations",
        "terrains",
        "classes",
        "modifiers",
        "home",
    ),
    "setup": ("item",),
    "lay_low": ("draw",),
    "travel": ("map", "location"),
    "retrieve": ("cards",),
    "draw_encounter": ("card", "draw", "terrain", "adjust"),
    "begin_check": ("skill", "target", "times", "round_speed", "damage"),
    "play_check_card": ("card", "draw"),
    "take_damage": ("cards",),
    "reuse": ("card",),
    "fail_check": (),
    "random_draw": ("draw",),
    "exhaust": ("cards",),
    "restore": ("cards",),
    "discard": ("cards", "conditions_met"),
    "draw_item": ("class", "card"),
    "move": ("map", "location"),
    "win_quest": (),
    "end_encounter": ("outcome",),
    "recover": ("cards",),
    "trade": ("class", "give", "card", "conditions_met"),
    "end_turn": (),
    "one_year_passed": (),
    "resume": (),
    "die": ("how",),
    "end_adventure": (),
}
assert tuple(ACTION_FIELDS) == ACTION_TYPES

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


def initial_state() -> dict:
    """The empty start every log is applied to: status `new`."""
    state = {
        "game": GAME,
        "name": None,
        "status": "new",
        "ruleset": normalise_ruleset(None),
        "turn": 0,
        "phase": None,
        "location": None,
        "ready": [],
        "exhausted": [],
        "skills": dict.fromkeys(SKILLS, 0),
        "encounter_here_last_turn": False,
        "laid_low": False,
        "recoveries_left": 0,
        "trades": 0,
        "encounters_this_turn": 0,
        "encounter": None,
        "check": None,
        "last_draw": None,
        "waiting": {},
        "quests_won": [],
        "victory": None,
        "years": 0,
        "interlude": False,
        "catalogue": {},
        "internal": {
            "player_card": None,
            "check_spent": [],
            "encounter_places": [],
            "encounter_places_last_turn": [],
        },
        "awaiting": None,
        "actions": 0,
    }
    state["awaiting"] = awaiting(state)
    return state


def apply(state: dict, action: dict) -> dict:
    """Return the state after `action`, or raise RuleError (the given state is never changed)."""
    if not isinstance(action, dict):
        raise RuleError("A-01", _("an action must be an object with a type and its fields"))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        shown = kind[:60] if isinstance(kind, str) else ""
        raise RuleError(
            "A-01", _("“{kind}” is not something you can do in Barbarian Vince", kind=shown)
        )
    if kind not in state["awaiting"]["action"]:

        def check_cards():
            getattr(_Act(state), "do_" + kind)(_fields(action, kind))

        refuse_not_now(state, kind, check_cards)
    fields = _fields(action, kind)
    act = _Act(state)
    check = state["check"]
    if kind not in ("reuse", "register_card") and check is not None and check["reuse"]:
        act.check()["reuse"] = False
    getattr(act, "do_" + kind)(fields)
    new = act.new
    if kind != "register_card":
        new["skills"] = places.base_skills(new)
    new["actions"] = state["actions"] + 1
    new["awaiting"] = awaiting(new)
    return new


def replay(actions) -> dict:
    """Apply `actions` to the initial state; raise ReplayError at the first refusal."""
    return log.replay(apply, initial_state(), actions)


def _fields(action: dict, kind: str) -> dict:
    """The action's fields without `type`, notes and app metadata; null means left out (A-02)."""
    allowed = ACTION_FIELDS[kind]
    fields = {}
    for key, value in action.items():
        if key in ("type", "note") or (isinstance(key, str) and key.startswith("_")):
            continue
        if key not in allowed:
            shown = key[:60] if isinstance(key, str) else ""
            raise RuleError("A-02", _("“{field}” is not part of this action", field=shown))
        if value is not None:
            fields[key] = value
    return fields


class _Act:
    """One action applied to a shallow copy of the state; each part is copied before a change."""

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

    # -- the adventure ----------------------------------------------------------------------------

    def do_begin_adventure(self, fields: dict) -> None:
        self.new["ruleset"] = normalise_ruleset(fields.get("ruleset"))
        if "name" in fields:
            self.new["name"] = clean_text(fields["name"], "A-02", FIELD_WORDS["name"])
        self.new["status"] = "setup"

    def do_register_card(self, fields: dict) -> None:
        internal = self.new["internal"]
        card, entry = build_entry(fields, self.catalogue, internal["player_card"])
        # A new dict: earlier states share the old catalogue and must not see the card.
        self.new["catalogue"] = {**self.catalogue, card: entry}
        if entry["kind"] == "player":
            self.internal()["player_card"] = card

    def do_setup(self, fields: dict) -> None:
        item = self.card(fields, "item")
        player = self.new["internal"]["player_card"]
        if player is None:
            raise RuleError("BT-03", _("enter the Player Card first"))
        map_one = self.catalogue.get("Map 1")
        if map_one is None or map_one["kind"] != "map":
            raise RuleError("BT-03", _("enter Map 1 first"))
        if location_entry(self.catalogue, "Map 1", "Ulendi") is None:
            raise RuleError("BT-03", _("Map 1 must show Ulendi, where Vince starts"))
        self.in_deck(item)
        if not has_class(self.catalogue[item], "Common"):
            raise RuleError(
                "B-09",
                _("{card} is not a Common item: draw on until a Common item turns up", card=item),
            )
        self.new["status"] = places.PLAYING
        self.new["ready"] = [item, player, "Map 1"]
        self.new["exhausted"] = []
        self.new["location"] = {"map": "Map 1", "location": "Ulendi"}
        self.new["turn"] = 1
        self.new["phase"] = "travel" if self.ruleset["first_turn"] == "travel" else "encounter"
        self.new["recoveries_left"] = 1

    # -- Lay Low and Travel -------------------------------------------------------------------------

    def do_lay_low(self, fields: dict) -> None:
        drawn = self.random_draw(fields)
        needed = places.current_location(self.new)["lay_low"]
        if drawn["number"] >= needed:
            self.new["laid_low"] = True
            self.new["phase"] = "rest"
            self.new["recoveries_left"] = 2
        else:
            self.new["phase"] = "travel"

    def do_travel(self, fields: dict) -> None:
        self.go(fields, neighbours_only=True, rule="BT-05")
        self.new["phase"] = "encounter"

    def do_move(self, fields: dict) -> None:
        self.go(fields, neighbours_only=False, rule="BT-07")

    def go(self, fields: dict, neighbours_only: bool, rule: str) -> None:
        map_id, name = self.place(fields)
        here = self.new["location"]
        if map_id not in self.catalogue:
            raise RuleError("BT-01", _("register {card} first", card=map_id))
        if self.catalogue[map_id]["kind"] != "map":
            raise RuleError(rule, _("{card} is not a map card", card=map_id))
        neighbours = self.catalogue[here["map"]]["neighbours"]
        if neighbours_only and map_id != here["map"] and map_id not in neighbours:
            raise RuleError(
                "BT-05",
                _("{map} is not beside {here} on the map key", map=map_id, here=here["map"]),
            )
        if location_entry(self.catalogue, map_id, name) is None:
            raise RuleError(rule, _("{map} shows no location {place}", map=map_id, place=name))
        if here == {"map": map_id, "location": name}:
            raise RuleError(rule, _("Vince is already at {place}", place=name))
        if places.place_of(self.new, map_id) == places.DECK:
            self.to_ready(map_id)  # B-12: the new map card is searched out of the deck
        self.new["location"] = {"map": map_id, "location": name}
        last = self.new["internal"]["encounter_places_last_turn"]
        self.new["encounter_here_last_turn"] = [map_id, name] in last

    def do_retrieve(self, fields: dict) -> None:
        cards = self.cards(fields)
        here = self.new["location"]
        for card in cards:
            if self.new["waiting"].get(card) != here:
                if card in self.new["waiting"]:
                    raise RuleError(
                        "B-30",
                        _(
                            "{card} waits at {place}, not here",
                            card=card,
                            place=self.new["waiting"][card]["location"],
                        ),
                    )
                self.refuse_elsewhere(card, _("waiting here"))
        for card in cards:
            self.to_ready(card)
        self.new["phase"] = "rest"

    # -- encounters ---------------------------------------------------------------------------------

    def do_draw_encounter(self, fields: dict) -> None:
        card = self.card(fields)
        entry = self.catalogue[card]
        if entry["kind"] != "quest":
            raise RuleError(
                "BT-06", _("{card} is not a quest card: it has no encounters", card=card)
            )
        terrain = None
        if "terrain" in fields:
            terrain, _modifier = parse_terrain(
                fields["terrain"], modifier_allowed=False, rule="BT-06"
            )
        adjust = self.whole(fields, "adjust", "A-02", -MAX_SKILL, MAX_SKILL)
        types_here = places.terrain_modifiers(self.new)
        turn_one = self.new["turn"] == 1 and self.new["encounters_this_turn"] == 0
        follow_up = self.new["encounters_this_turn"] >= 1
        if turn_one:
            if terrain not in (None, "X0"):
                raise RuleError("BT-03", _("the first encounter is the X0 card's"))
            terrain = "X0"
            if "X0" not in entry["terrains"]:
                raise RuleError(
                    "BT-03", _("{card} is not the X0 card: the first encounter is", card=card)
                )
            matching = ("X0",)
            needs_draw = False
            modifier = 0
        elif follow_up:
            if terrain is None:
                raise RuleError("BT-06", _("say which terrain type the card sends Vince into"))
            if terrain not in entry["terrains"]:
                raise RuleError(
                    "BT-06", _("{card} carries no {terrain} encounters", card=card, terrain=terrain)
                )
            matching = (terrain,)
            needs_draw = not is_x_type(terrain)
            modifier = types_here.get(terrain, 0)
        else:
            on_card = [kind for kind in types_here if kind in entry["terrains"]]
            if terrain is None:
                if not on_card:
                    raise RuleError(
                        "B-14",
                        _(
                            "{card} carries none of the terrain types here ({types})",
                            card=card,
                            types=listed(types_here, "and"),
                        ),
                    )
                if len(on_card) > 1:
                    raise RuleError(
                        "BT-06",
                        _(
                            "{card} matches {types} here: say which terrain type is played",
                            card=card,
                            types=listed(on_card, "and"),
                        ),
                    )
                terrain = on_card[0]
            elif terrain not in types_here:
                raise RuleError(
                    "B-14",
                    _(
                        "{terrain} is not a terrain type of {place}",
                        terrain=terrain,
                        place=self.new["location"]["location"],
                    ),
                )
            elif terrain not in entry["terrains"]:
                raise RuleError(
                    "B-14", _("{card} carries no {terrain} encounters", card=card, terrain=terrain)
                )
            matching = tuple(types_here)
            # An all-X location is searched straight away; elsewhere the draw comes first.
            needs_draw = not all(is_x_type(kind) for kind in types_here)
            modifier = types_here[terrain]
        if needs_draw and "draw" not in fields:
            raise RuleError("BT-06", _("make the difficulty draw first and enter the card drawn"))
        if not needs_draw and ("draw" in fields or adjust is not None):
            raise RuleError(
                "BT-06",
                _(
                    "a {terrain} encounter takes no difficulty draw and no adjustment",
                    terrain=terrain,
                ),
            )
        drawn = self.random_draw(fields) if needs_draw else None
        if drawn is not None and drawn["card"] == card:
            raise RuleError(
                "BT-06",
                _(
                    "{card} is the difficulty draw, set aside until the encounter card is found",
                    card=card,
                ),
            )
        from_hand = None
        place = places.place_of(self.new, card)
        if place in (places.READY, places.EXHAUSTED):
            blocking = self.deck_match(matching, drawn)
            if blocking is not None:
                raise RuleError(
                    "B-19",
                    _(
                        "{card} is in hand: an encounter card comes from the deck while a card "
                        "there ({other}) carries {types}",
                        card=card,
                        other=blocking,
                        types=listed(matching, "or"),
                    ),
                )
            from_hand = place
            if place == places.READY:
                self.to_exhausted(card)
        elif place != places.DECK:
            self.refuse_elsewhere(card, _("in the draw deck or in hand"))
        # The difficulty is known only from a draw: an X card found at a mixed location keeps
        # the number drawn before the search (BT-06); an X search alone has none.
        difficulty = None if drawn is None else drawn["number"] + modifier + (adjust or 0)
        self.new["encounter"] = {
            "card": card,
            "terrain": terrain,
            "difficulty": difficulty,
            "from_hand": from_hand,
            "suspended": False,
        }
        self.clear_check()
        self.new["phase"] = "encounter"
        self.new["encounters_this_turn"] += 1
        where = self.new["location"]
        self.internal()["encounter_places"].append([where["map"], where["location"]])

    def deck_match(self, types: tuple, drawn: dict | None) -> str | None:
        """A deck card (not the difficulty draw) carrying one of `types`, if any (B-19)."""
        aside = drawn["card"] if drawn else None
        for card, entry in self.catalogue.items():
            if entry["kind"] != "quest" or card == aside:
                continue
            matches = any(kind in entry["terrains"] for kind in types)
            if matches and places.place_of(self.new, card) == places.DECK:
                return card
        return None

    def clear_check(self) -> None:
        self.new["check"] = None
        if self.new["internal"]["check_spent"]:
            self.internal()["check_spent"] = []

    def do_end_encounter(self, fields: dict) -> None:
        outcome = self.choice(fields, "outcome", ("done", "keep", "ongoing"), "done")
        encounter = self.new["encounter"]
        card = encounter["card"]
        if outcome == "ongoing":
            self.new["encounter"] = {**encounter, "suspended": True}
            self.new["phase"] = "rest"
        else:
            if outcome == "keep":
                if encounter["from_hand"] is not None:
                    raise RuleError(
                        "BT-07", _("{card} came from a hand: it goes back there", card=card)
                    )
                if not is_item(self.catalogue[card]):
                    raise RuleError(
                        "BT-07", _("{card} carries no item, so it cannot be kept", card=card)
                    )
                self.mine("ready").append(card)
            elif encounter["from_hand"] == places.READY:
                self.to_ready(card)  # B-19: back to the hand it came from
            self.new["encounter"] = None
        self.clear_check()

    def do_win_quest(self, fields: dict) -> None:
        self.mine("quests_won").append(self.new["encounter"]["card"])
        won = len(self.new["quests_won"])
        self.new["victory"] = "major" if won >= 3 else "minor"
        if won >= 3 or self.ruleset["victory_ends"] == "first":
            self.new["status"] = "won"

    # -- checks ---------------------------------------------------------------------------------------

    def do_begin_check(self, fields: dict) -> None:
        skill = parse_skill(fields.get("skill"), "BT-08") if "skill" in fields else None
        if skill is None:
            raise RuleError("A-02", _("name the skill of the check"))
        target = self.whole(fields, "target", "A-02", -MAX_TARGET, MAX_TARGET)
        if target is None:
            for name in ("times", "round_speed", "damage"):
                if name in fields:
                    raise RuleError(
                        "BT-13",
                        _("a result check has no {what}", what=FIELD_WORDS[name]),
                    )
        times = self.whole(fields, "times", "BT-11", 1, MAX_TIMES, 1)
        speed = self.whole(fields, "round_speed", "BT-11", 1, MAX_CATALOGUE)
        damage = self.whole(fields, "damage", "BT-11", 0, MAX_CATALOGUE, 0)
        self.new["check"] = {
            "skill": skill,
            "target": target,
            "times": times,
            "round_speed": speed,
            "damage": damage,
            "round": 1,
            "successes": 0,
            "played": [],
            "damage_due": 0,
            "status": "in_progress",
            "result": None,
            "reuse": False,
        }
        self.owned.add("check")
        if self.new["internal"]["check_spent"]:
            self.internal()["check_spent"] = []
        if not self.new["ready"]:
            self.new["check"]["status"] = "failed"  # BT-11: nothing to play

    def do_play_check_card(self, fields: dict) -> None:
        card = self.card(fields)
        self.in_ready(card)
        check = self.check()
        if self.ruleset["check_value"] == "deck_draw":
            if "draw" not in fields:
                raise RuleError(
                    "BT-09", _("make a random draw for {card} and enter the card drawn", card=card)
                )
            number = self.random_draw(fields)["number"]
            draw = self.new["last_draw"]["card"]
        else:
            if "draw" in fields:
                raise RuleError(
                    "BT-09", _("a card played counts its own number: no draw is made for it")
                )
            number = self.catalogue[card]["number"] or 0
            draw = None
        value = number + check_bonus(self.new, card, check["skill"])
        self.to_exhausted(card)
        if self.ruleset["exhausted_bonus"] == "whole_check":
            self.internal()["check_spent"].append(card)
        check["played"].append({"card": card, "draw": draw, "value": value})
        if check["target"] is None:
            check["result"] = value
            check["status"] = "done"
            check["reuse"] = bool(self.new["ready"])  # BT-12: after a result check too
            return
        if value >= check["target"]:
            check["successes"] += 1
            if check["successes"] >= check["times"]:
                check["status"] = "passed"
                check["reuse"] = bool(self.new["ready"])
            else:
                self.next_round(check)
            return
        if not self.new["ready"]:
            check["status"] = "failed"  # BT-11: ran out of ready cards
            return
        speed = check["round_speed"]
        if speed is not None and len(check["played"]) >= speed:
            if check["damage"]:
                check["damage_due"] = min(check["damage"], len(self.new["ready"]))
            else:
                self.next_round(check)

    def next_round(self, check: dict) -> None:
        """A finished round: the next one begins if a card is left, with the Reusable offer."""
        if not self.new["ready"]:
            check["status"] = "failed"
            return
        check["round"] += 1
        check["played"] = []
        check["reuse"] = True

    def do_take_damage(self, fields: dict) -> None:
        cards = self.cards(fields)
        check = self.check()
        if len(cards) != check["damage_due"]:
            raise RuleError(
                "B-27",
                _("exhaust exactly {count} cards as damage", count=check["damage_due"]),
            )
        for card in cards:
            self.in_ready(card)
        for card in cards:
            self.to_exhausted(card)
        check["damage_due"] = 0
        self.next_round(check)

    def do_reuse(self, fields: dict) -> None:
        card = self.card(fields)
        self.in_exhausted(card)
        if not has_class(self.catalogue[card], "Reusable"):
            raise RuleError("B-28", _("{card} is not a Reusable item", card=card))
        self.to_ready(card)
        self.check()["reuse"] = False

    def do_fail_check(self, fields: dict) -> None:
        self.check()["status"] = "failed"

    # -- effects --------------------------------------------------------------------------------------

    def do_random_draw(self, fields: dict) -> None:
        self.random_draw(fields)

    def do_exhaust(self, fields: dict) -> None:
        cards = self.cards(fields)
        for card in cards:
            self.in_ready(card)
        for card in cards:
            self.to_exhausted(card)

    def do_restore(self, fields: dict) -> None:
        cards = self.cards(fields)
        for card in cards:
            self.in_exhausted(card)
        for card in cards:
            self.to_ready(card)

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

    def do_discard(self, fields: dict) -> None:
        cards = self.cards(fields)
        self.check_discard(cards, self.flag(fields, "conditions_met"))
        resting = rest_ready(self.old)
        for card in cards:
            self.discard(card)
        if resting:
            self.new["phase"] = "rest"

    def do_draw_item(self, fields: dict) -> None:
        item_class = parse_class(fields.get("class"), "BT-14") if "class" in fields else None
        if item_class is None:
            raise RuleError("A-02", _("name the item class drawn for"))
        card = self.card(fields)
        self.in_deck(card)
        if not has_class(self.catalogue[card], item_class):
            raise RuleError(
                "B-31", _("{card} is not a {item_class} item", card=card, item_class=item_class)
            )
        self.to_ready(card)

    # -- Rest -----------------------------------------------------------------------------------------

    def do_recover(self, fields: dict) -> None:
        cards = self.cards(fields)
        recovery = self.new["skills"]["recovery"]
        if len(cards) > recovery:
            raise RuleError(
                "B-32", _("Recovery {value}: restore at most {value} cards", value=recovery)
            )
        for card in cards:
            self.in_exhausted(card)
        for card in cards:
            self.to_ready(card)
        self.new["recoveries_left"] -= 1
        self.new["phase"] = "rest"

    def do_trade(self, fields: dict) -> None:
        item_class = self.choice(fields, "class", ("common", "uncommon"), None).capitalize()
        give = self.cards(fields, "give")
        if item_class not in places.trade_classes(self.new):
            where = self.new["location"]["location"]
            if item_class == "Uncommon":
                raise RuleError(
                    "B-33",
                    _("an Uncommon item is bought only in a City; {place} is not one", place=where),
                )
            raise RuleError(
                "B-33",
                _(
                    "trading needs a Village, a City or a Port; {place} is none of them",
                    place=where,
                ),
            )
        cost = places.trade_cost(item_class)
        if len(give) < cost:
            raise RuleError(
                "B-33",
                _(
                    "{item_class} items cost at least {count} cards",
                    item_class=item_class,
                    count=cost,
                ),
            )
        self.check_discard(give, self.flag(fields, "conditions_met"))
        # The price is checked before the item drawn: no card to enter for a trade refused.
        card = self.card(fields)
        if card in give:
            raise RuleError("BT-15", _("{card} is one of the cards given", card=card))
        self.in_deck(card)
        if not has_class(self.catalogue[card], item_class):
            raise RuleError(
                "B-33", _("{card} is not a {item_class} item", card=card, item_class=item_class)
            )
        for given in give:
            self.discard(given)
        self.to_ready(card)
        self.new["trades"] += 1
        self.new["phase"] = "rest"

    def do_end_turn(self, fields: dict) -> None:
        internal = self.internal()
        where = self.new["location"]
        here = [where["map"], where["location"]]
        internal["encounter_places_last_turn"] = internal["encounter_places"]
        self.new["encounter_here_last_turn"] = here in internal["encounter_places"]
        self.new["turn"] += 1
        self.new["laid_low"] = False
        self.new["recoveries_left"] = 1
        self.new["trades"] = 0
        self.clear_check()
        encounter = self.new["encounter"]
        if encounter is not None and encounter["suspended"]:
            # BT-07: the ongoing encounter is the new turn's encounter, here.
            self.new["encounter"] = {**encounter, "suspended": False}
            self.new["phase"] = "encounter"
            self.new["encounters_this_turn"] = 1
            internal["encounter_places"] = [here]
        else:
            self.new["phase"] = "lay_low"
            self.new["encounters_this_turn"] = 0
            internal["encounter_places"] = []

    # -- One Year Has Passed, the end -----------------------------------------------------------------

    def do_one_year_passed(self, fields: dict) -> None:
        self.new["years"] += 1
        if self.ruleset["one_year"] == "end":
            self.new["status"] = "ended"
        else:
            self.new["interlude"] = True

    def do_resume(self, fields: dict) -> None:
        self.new["interlude"] = False

    def do_die(self, fields: dict) -> None:
        how = self.choice(fields, "how", ("died", "removed"), "died")
        self.new["status"] = "dead" if how == "died" else "removed"

    def do_end_adventure(self, fields: dict) -> None:
        self.new["status"] = "ended"


def refuse_locked(card: str) -> None:
    """BT-06: the encounter card taken from a hand is locked until its encounter ends."""
    raise RuleError(
        "BT-06",
        _("{card} is the encounter's card: it stays put until the encounter ends", card=card),
    )


def check_bonus(state: dict, card: str, skill: str) -> int:
    """What is added to the number of `card` played now for `skill` (BT-09, BT-10)."""
    catalogue = state["catalogue"]
    value = state["skills"][skill] + plain_modifier(catalogue[card], skill)
    if state["ruleset"]["exhausted_bonus"] == "whole_check":
        value += spent_bonus(state, skill)
    return value


def plain_modifier(entry: dict, skill: str) -> int:
    """The modifier an item adds only when it is itself played (not a Skill, not a Curse)."""
    if not is_item(entry) or has_class(entry, "Skill") or has_class(entry, "Curse"):
        return 0
    return entry["modifiers"].get(skill, 0)


def own_bonus(entry: dict, skill: str) -> int:
    """A card's map bonus, Skill modifier or plain modifier for `skill` (BT-10); a Curse or the
    Player Card adds nothing here (they are in the base already)."""
    if entry["kind"] == "map":
        return entry["bonus"].get(skill, 0)
    if entry["kind"] == "player" or not is_item(entry) or has_class(entry, "Curse"):
        return 0
    return entry["modifiers"].get(skill, 0)


def spent_bonus(state: dict, skill: str) -> int:
    """BT-10 `whole_check`: what the cards already played in this check still add."""
    catalogue = state["catalogue"]
    exhausted = state["exhausted"]
    return sum(
        own_bonus(catalogue[card], skill)
        for card in state["internal"]["check_spent"]
        if card in exhausted
    )


__all__ = [
    "ACTION_FIELDS",
    "ACTION_TYPES",
    "GAME",
    "MAX_NUMBER",
    "apply",
    "check_bonus",
    "initial_state",
    "replay",
]
