"""The Heroes of Barcadia state machine: ``apply(state, action) -> new state``.

The state is plain JSON (heroes-of-barcadia-actions.md prints it). `apply` never changes the state
it is given: it copies the top level and the small indexes (players, tiles, turn, pending) and
copies a hero or a tile only when it changes, so an action costs the same in the first turn and
the thousandth. States share their unchanged parts, so a state handed out must be treated as
read-only. Randomness never happens here: rolls and tile faces arrive as action fields.
"""

from .. import log
from ..errors import RuleError
from ..names import look_alike_key
from ..text import _, listed, ngettext
from . import board, fields
from .awaiting import describe, pending_reason
from .geometry import ORIGIN, are_adjacent, distance, is_start, place_of, starting_point_flower
from .geometry import key as hex_key
from .geometry import text as hex_text
from .ruleset import check_ruleset, shown

GAME = "heroes-of-barcadia"
DUEL_LOSS = 10  # H-26, HT-01: 10 HP whatever the full line
TRAP_DAMAGE = 10  # H-25, HT-01
TRAP_TARGET = 10  # H-25: 10 or more disarms
MAX_TRAPS = 3  # H-24
MAX_POWER_UPS = 3  # H-22
HOARD_POWER_UPS = 3  # H-11, H-20
TILE_REACH = 200  # HT-17: a tile moved by a card stays within this distance of [0, 0]
FULL_DUNGEON, SMALL_DUNGEON = 50, 30  # H-03

# The fields each action type reads (HL-02: any other top-level field is ignored).
ACTION_FIELDS = {
    "set_up_table": ("type", "players", "ruleset"),
    "roll_for_order": ("type", "rolls"),
    "duel": ("type", "player", "target", "roll", "target_roll", "modifiers"),
    "explore": ("type", "player", "at", "tile"),
    "fight": ("type", "player", "roll", "modifiers"),
    "team_battle": ("type", "player", "partner", "roll", "partner_roll", "modifiers"),
    "boss_fight": ("type", "player", "boss_player", "roll", "boss_roll", "modifiers"),
    "challenge_hoard": ("type", "player", "roll", "modifiers"),
    "move": ("type", "player", "path"),
    "use_portal": ("type", "player", "to"),
    "trap_roll": ("type", "player", "roll", "modifiers"),
    "gain_power_up": ("type", "player", "card", "from", "from_player"),
    "discard_power_up": ("type", "player", "card"),
    "gain_loot": ("type", "player", "count", "cards"),
    "note_loot": ("type", "player", "cards"),
    "play_loot": ("type", "player", "when", "card", "extra_action"),
    "set_trap": ("type", "player", "at", "when", "card"),
    "take_damage": ("type", "player", "amount", "note"),
    "heal": ("type", "player", "amount"),
    "place_hero": ("type", "player", "at", "note"),
    "move_tile": ("type", "player", "from", "to"),
    "end_turn": ("type", "player"),
}
ACTION_TYPES = tuple(ACTION_FIELDS)

# Action types in a player's words, for refusals.
ACTION_WORDS = {
    "set_up_table": _("set up the table"),
    "roll_for_order": _("roll for the turn order"),
    "duel": _("duel"),
    "explore": _("explore"),
    "fight": _("roll against the monster"),
    "team_battle": _("roll the team battle"),
    "boss_fight": _("roll the boss fight"),
    "challenge_hoard": _("challenge the Grand Drink Guardian"),
    "move": _("move"),
    "use_portal": _("use a portal"),
    "trap_roll": _("roll for a trap"),
    "gain_power_up": _("gain a power-up"),
    "discard_power_up": _("discard a power-up"),
    "gain_loot": _("gain loot"),
    "note_loot": _("note loot names"),
    "play_loot": _("play a loot card"),
    "set_trap": _("set a trap"),
    "take_damage": _("take damage"),
    "heal": _("heal"),
    "place_hero": _("put a hero somewhere"),
    "move_tile": _("move a tile"),
    "end_turn": _("end the turn"),
}


def initial_state() -> dict:
    """The empty table every log is applied to: nothing set up yet."""
    state = {
        "game": GAME,
        "phase": "setup",
        "ruleset": check_ruleset(None),
        "dungeon": None,
        "players": {},
        "order": [],
        "order_rolls": {},
        "turn": None,
        "tiles": {},
        "pending": [],
        "awaiting": None,
        "winner": None,
        "actions": 0,
    }
    state["awaiting"] = describe(state)
    return state


def apply(state: dict, action: dict) -> dict:
    """Return the state after `action`, or raise RuleError (the given state is never changed)."""
    if not isinstance(action, dict):
        raise RuleError("HL-01", _("an action is an object with a type"))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_FIELDS:
        raise RuleError(
            "HL-01",
            _("{what} is not an action of this game", what=shown(kind)),
        )
    _check_phase(state, kind)
    table = _Table(state)
    getattr(table, "do_" + kind)(action)
    new = table.state
    new["actions"] = state["actions"] + 1
    new["awaiting"] = describe(new)
    return new


def replay(actions) -> dict:
    """Apply `actions` to the empty table; raise ReplayError at the first refusal."""
    return log.replay(apply, initial_state(), actions)


def _check_phase(state: dict, kind: str) -> None:
    phase = state["phase"]
    if phase == "over":
        raise RuleError("HT-22", _("{hero} has won: this game is over", hero=state["winner"]))
    if phase == "setup" and kind != "set_up_table":
        raise RuleError("H-01", _("set up the table first: name the heroes"))
    if phase != "setup" and kind == "set_up_table":
        raise RuleError("H-01", _("the table is already set up"))
    if phase == "order" and kind not in ("roll_for_order", "note_loot"):
        raise RuleError(
            "H-07", _("first roll for the turn order: everyone who is asked rolls a D20")
        )
    if phase == "play" and kind == "roll_for_order":
        raise RuleError("H-07", _("the turn order is already settled"))


def _hex_list(place) -> list[int]:
    return [place[0], place[1]]


class _Table:
    """One action applied to a working copy of the state (copy-on-write below the top level)."""

    def __init__(self, state: dict):
        new = dict(state)
        if state["phase"] != "setup":
            new["players"] = dict(state["players"])
            new["tiles"] = dict(state["tiles"])
            new["pending"] = list(state["pending"])
            if state["turn"] is not None:
                new["turn"] = dict(state["turn"])
            new["dungeon"] = dict(state["dungeon"])
        self.state = new
        self._heroes: set[str] = set()
        self._tiles: set[str] = set()

    # -- views and copy-on-write ----------------------------------------------------------------

    @property
    def ruleset(self) -> dict:
        return self.state["ruleset"]

    @property
    def turn(self) -> dict:
        return self.state["turn"]

    @property
    def pending(self) -> list:
        return self.state["pending"]

    def hero(self, name: str) -> dict:
        """A hero's record, copied the first time this action changes it."""
        if name not in self._heroes:
            old = self.state["players"][name]
            self.state["players"][name] = {
                **old,
                "position": list(old["position"]),
                "power_ups": list(old["power_ups"]),
                "loot_known": list(old["loot_known"]),
            }
            self._heroes.add(name)
        return self.state["players"][name]

    def tile(self, place) -> dict:
        """A tile's record, copied the first time this action changes it."""
        tile_key = hex_key(place)
        if tile_key not in self._tiles:
            old = self.state["tiles"][tile_key]
            copy = {**old, "at": list(old["at"]), "power_ups": list(old["power_ups"])}
            if "reward" in old:
                copy["reward"] = dict(old["reward"])
            self.state["tiles"][tile_key] = copy
            self._tiles.add(tile_key)
        return self.state["tiles"][tile_key]

    def where(self, name: str) -> tuple[int, int]:
        return board.position(self.state, name)

    def active(self) -> str:
        return self.turn["player"]

    # -- gates ----------------------------------------------------------------------------------

    def first(self) -> dict | None:
        return self.pending[0] if self.pending else None

    def refuse_pending(self, kind: str, rule: str = "HT-06") -> None:
        """Something unresolved must be given first (HT-06, item 6)."""
        first = self.first()
        if first is None:
            return
        raise RuleError(
            rule,
            _(
                "you can't {what} now: first, {waiting}",
                what=ACTION_WORDS[kind],
                waiting=pending_reason(self.state, first),
            ),
        )

    def turn_action(self, kind: str, name: str) -> None:
        """HT-06: turn actions belong to the active player, with nothing unresolved."""
        self.refuse_pending(kind)
        if name != self.active():
            raise RuleError(
                "HT-06",
                _(
                    "it is {active}'s turn: {hero} can't {what} now",
                    active=self.active(),
                    hero=name,
                    what=ACTION_WORDS[kind],
                ),
            )

    def card_effect(self, kind: str) -> None:
        """HT-17: card effects other than healing and loot wait until nothing is unresolved."""
        self.refuse_pending(kind, "HT-17")

    def awaited(self, pending_kind: str, name: str, kind: str, rule: str) -> dict:
        """The first pending item, which must be of this kind and belong to this hero."""
        first = self.first()
        if first is None or first["kind"] != pending_kind:
            if first is None:
                raise RuleError(rule, _("there is nothing to {what} now", what=ACTION_WORDS[kind]))
            self.refuse_pending(kind)
        if first["player"] != name:
            raise RuleError(
                "HT-06",
                _(
                    "{hero} can't {what} now: first, {waiting}",
                    hero=name,
                    what=ACTION_WORDS[kind],
                    waiting=pending_reason(self.state, first),
                ),
            )
        return first

    def spend_action(self) -> None:
        """H-08: explore, move and the chosen challenge use the turn's action."""
        turn = self.turn
        if turn["actions_left"] < 1:
            raise RuleError("H-08", _("you have already taken your action this turn"))
        turn["actions_taken"] += 1
        turn["actions_left"] -= 1
        turn["started"] = True

    # -- what happens to heroes -----------------------------------------------------------------

    def set_position(self, name: str, place) -> None:
        self.hero(name)["position"] = _hex_list(place)
        if name == self.active():
            self.turn["arrived"] = True  # HT-12: entered during this turn

    def enter(self, name: str, place, rest=()) -> bool:
        """A hero enters a place; traps there make a pending `traps` item (HT-18).

        Returns False when the hero must stop to roll for traps (the rest of a move waits in
        the item's `path`).
        """
        self.set_position(name, place)
        if place == ORIGIN:
            return True
        traps = self.state["tiles"][hex_key(place)]["traps"]
        if traps:
            self.pending.append(
                {
                    "kind": "traps",
                    "player": name,
                    "at": _hex_list(place),
                    "rolls_left": traps,
                    "path": [_hex_list(step) for step in rest],
                }
            )
            return False
        return True

    def walk(self, name: str, steps) -> None:
        """HT-07, HT-18: enter each step in order, stopping at a trapped room."""
        for index, step in enumerate(steps):
            if not self.enter(name, step, steps[index + 1 :]):
                return

    def damage(self, name: str, amount: int) -> None:
        """H-27: damage is drunk; at 0 HP or less the hero dies (HT-21)."""
        hero = self.hero(name)
        hero["hp"] -= amount
        if hero["hp"] <= 0:
            self.die(name)

    def die(self, name: str) -> None:
        """H-27, HT-21: power-ups dropped, loot down to one, back to the Starting Point, full."""
        hero = self.hero(name)
        place = self.where(name)
        if hero["power_ups"] and place != ORIGIN:
            self.tile(place)["power_ups"].extend(hero["power_ups"])
        hero["power_ups"] = []
        if hero["loot_count"] >= 2:
            hero["loot_count"] = 1
            hero["loot_known"] = []
        hero["hp"] = hero["hp_max"]
        hero["deaths"] += 1
        # HT-21: their unresolved trap rolls and the rest of their move are dropped.
        self.state["pending"] = [
            item
            for item in self.pending
            if not (item["kind"] == "traps" and item["player"] == name)
        ]
        # HT-12: a hero who dies enters the Starting Point, even from the Starting Point.
        self.set_position(name, ORIGIN)

    def heal(self, name: str, amount: int) -> None:
        hero = self.hero(name)
        hero["hp"] = min(hero["hp_max"], hero["hp"] + amount)  # HT-01: capped

    def take_reward(self, name: str, reward: dict) -> None:
        """HT-09: healing, then loot, then each power-up drawn one at a time."""
        if reward["heal"]:
            self.heal(name, reward["heal"])
        if reward["loot"]:
            self.hero(name)["loot_count"] += reward["loot"]
        if reward["power_ups"]:
            self.pending.append({"kind": "power_up", "player": name, "left": reward["power_ups"]})

    def gain(self, name: str, card: str) -> None:
        """H-22: a fourth power-up waits in a `discard` item put first in line."""
        hero = self.hero(name)
        if len(hero["power_ups"]) < MAX_POWER_UPS:
            hero["power_ups"].append(card)
        else:
            self.pending.insert(0, {"kind": "discard", "player": name, "card": card})

    def drop(self, name: str, card: str) -> None:
        """H-22, HT-16: a discarded power-up lies in the hero's room (from the Starting Point it
        goes to the bottom of the deck, out of the app's view)."""
        place = self.where(name)
        if place != ORIGIN:
            self.tile(place)["power_ups"].append(card)

    def spend_loot(self, name: str, card: str | None) -> None:
        """HT-15: one loot card spent: the named one if noted, else one not named yet."""
        hero = self.hero(name)
        if hero["loot_count"] < 1:
            raise RuleError("H-21", _("{hero} holds no loot card", hero=name))
        if card is not None and card in hero["loot_known"]:
            hero["loot_known"].remove(card)
        elif board.unnamed_loot(hero) < 1:
            if card is None:
                raise RuleError(
                    "HT-15",
                    _("every loot card {hero} holds is noted: say which one is played", hero=name),
                )
            raise RuleError(
                "HT-15",
                _(
                    "every loot card {hero} holds is noted, and none is called {card}",
                    hero=name,
                    card=shown(card),
                ),
            )
        hero["loot_count"] -= 1

    def end_turn(self) -> None:
        """HT-06: the next player in order becomes active; their turn has not started."""
        order = self.state["order"]
        turn = self.turn
        following = order[(order.index(turn["player"]) + 1) % len(order)]
        self.state["turn"] = {
            "player": following,
            "number": turn["number"] + 1,
            "started": False,
            "actions_taken": 0,
            "actions_left": 1,
            "duel_used": False,
            "portal_used": False,
            "arrived": False,
        }

    # -- rolls and modifiers (HT-14) ------------------------------------------------------------

    def modifiers(self, action: dict, roller: str, others: tuple[str, ...] = ()) -> list[dict]:
        """Declared modifiers: whose they may be, power-ups held, once-per-roll limits; the loot
        cards declared are spent at once."""
        declared = fields.modifiers(action, roller, self.state)
        allowed = (roller, *others)
        used: dict[tuple[str, str], int] = {}
        signature: set[str] = set()
        for item in declared:
            who = item["player"]
            if who not in allowed:
                raise RuleError(
                    "HT-14",
                    _(
                        "{hero} takes no side in this roll: only {sides} may declare modifiers",
                        hero=who,
                        sides=listed(allowed, "and"),
                    ),
                )
            hero = self.state["players"][who]
            if item["source"] == "power_up":
                card = item["card"]
                used[(who, card)] = used.get((who, card), 0) + 1
                held = hero["power_ups"].count(card)
                if held == 0:
                    raise RuleError(
                        "HT-14",
                        _("{hero} holds no power-up called {card}", hero=who, card=shown(card)),
                    )
                if used[(who, card)] > held:
                    raise RuleError(
                        "HT-14",
                        _(
                            "each power-up counts once per roll: {hero} holds {card} only "
                            "{count} times",
                            hero=who,
                            card=shown(card),
                            count=held,
                        ),
                    )
            elif item["source"] == "signature_move":
                if who in signature:
                    raise RuleError(
                        "HT-14", _("{hero}'s signature move counts once per roll", hero=who)
                    )
                signature.add(who)
        for item in declared:
            if item["source"] == "loot":
                self.spend_loot(item["player"], item["card"])
        return declared

    @staticmethod
    def total(roll: int, declared: list[dict], side: str) -> int:
        return roll + sum(item["value"] for item in declared if item["player"] == side)

    def no_modifiers(self, action: dict) -> None:
        """H-20, HT-13: only the bare roll counts against the guardian."""
        declared = action.get("modifiers")
        if declared is None or declared == []:
            return
        if not isinstance(declared, list):
            raise fields.refuse("modifiers", _("give the modifiers as a list"))
        raise RuleError(
            "H-20",
            _(
                "no power-up, loot card or signature move counts against the Grand Drink "
                "Guardian: only the bare roll"
            ),
        )

    # -- set-up and order -----------------------------------------------------------------------

    def do_set_up_table(self, action: dict) -> None:
        players = action.get("players")
        if not isinstance(players, list):
            raise fields.refuse("players", _("list the heroes in seating order"))
        if not 2 <= len(players) <= 6:
            raise RuleError(
                "H-01", _("2 to 6 players sit at the table, not {count}", count=len(players))
            )
        ruleset = check_ruleset(action.get("ruleset"))
        heroes, looks = {}, set()
        for index, entry in enumerate(players):
            where = f"players[{index}]"
            if not isinstance(entry, dict):
                raise fields.refuse(where, _("each player is an object with a name"))
            if not fields.given(entry, "name"):
                raise fields.refuse(f"{where}.name", _("name the hero"))
            name = fields.hero_name(entry["name"], f"{where}.name")
            # Two names a player could not tell apart ("Ana" and "ana", or one with a
            # zero-width space inside) are the same hero's.
            if name in heroes or look_alike_key(name) in looks:
                raise RuleError(
                    "H-01",
                    _(
                        "two heroes are called {name}: each needs a name of their own",
                        name=shown(name),
                    ),
                )
            move = None
            if fields.given(entry, "signature_move"):
                move = fields.card_name(entry["signature_move"], f"{where}.signature_move")
            looks.add(look_alike_key(name))
            heroes[name] = {
                "name": name,
                "seat": index + 1,
                "signature_move": move,
                "hp": ruleset["full_hp"],
                "hp_max": ruleset["full_hp"],
                "position": [0, 0],
                "power_ups": [],
                "loot_count": 3,  # H-05
                "loot_known": [],
                "deaths": 0,
            }
        small = ruleset["small_dungeon"] == "by_players" and len(heroes) <= 3
        state = self.state
        state["phase"] = "order"
        state["ruleset"] = ruleset
        state["dungeon"] = {
            "size": SMALL_DUNGEON if small else FULL_DUNGEON,
            "recorded": 0,
            "hoard": None,
        }
        state["players"] = heroes
        state["order_rolls"] = {name: [] for name in heroes}
        state["tiles"] = {
            hex_key(hex_): {
                "at": _hex_list(hex_),
                "kind": "start",
                "face": "up",
                "traps": 0,
                "power_ups": [],
            }
            for hex_ in starting_point_flower()
        }
        state["pending"] = [{"kind": "order", "players": list(heroes)}]

    def do_roll_for_order(self, action: dict) -> None:
        rolls = action.get("rolls")
        if not isinstance(rolls, dict):
            raise fields.refuse("rolls", _("give each rolling hero's D20 result by name"))
        item = self.pending[0]
        rolling = item["players"]
        again = sum(len(rolled) for rolled in self.state["order_rolls"].values()) > 0
        rule = "HT-02" if again else "H-07"
        cleaned = {}
        for name, value in rolls.items():
            trimmed = name.strip() if isinstance(name, str) else name
            if trimmed in cleaned:
                raise fields.refuse("rolls", _("{name} is named twice", name=shown(name)))
            if trimmed not in self.state["players"]:
                raise fields.refuse(
                    "rolls", _("nobody at this table is called {name}", name=shown(name))
                )
            cleaned[trimmed] = fields.integer(
                value, f"rolls.{trimmed}", fields.ROLL_MIN, fields.ROLL_MAX, _("a D20 result")
            )
        for name in cleaned:
            if name not in rolling:
                raise RuleError(
                    rule,
                    _(
                        "only {heroes} roll now, not {hero}",
                        heroes=listed(rolling, "or"),
                        hero=name,
                    ),
                )
        for name in rolling:
            if name not in cleaned:
                raise RuleError(rule, _("{hero} must roll too", hero=name))
        order_rolls = dict(self.state["order_rolls"])
        for name in rolling:
            order_rolls[name] = [*order_rolls[name], cleaned[name]]
        self.state["order_rolls"] = order_rolls
        self.settle_order()

    def settle_order(self) -> None:
        """H-07, HT-02: rank by rolls (re-rolls break ties); the next tie to settle rolls again."""
        state = self.state
        seats = list(state["players"])
        rolls = state["order_rolls"]
        ranked = sorted(seats, key=lambda name: tuple(-roll for roll in rolls[name]))
        groups: list[list[str]] = []
        for name in ranked:
            if groups and rolls[groups[-1][0]] == rolls[name]:
                groups[-1].append(name)
            else:
                groups.append([name])
        if state["ruleset"]["turn_order"] == "clockwise":
            groups = groups[:1]  # only the first player comes from the roll
        tied = next((group for group in groups if len(group) > 1), None)
        if tied is not None:
            state["pending"] = [
                {"kind": "order", "players": [name for name in seats if name in tied]}
            ]
            return
        if state["ruleset"]["turn_order"] == "clockwise":
            first = seats.index(ranked[0])
            order = seats[first:] + seats[:first]
        else:
            order = ranked
        state["order"] = order
        state["pending"] = []
        state["phase"] = "play"
        state["turn"] = {
            "player": order[0],
            "number": 1,
            "started": False,
            "actions_taken": 0,
            "actions_left": 1,
            "duel_used": False,
            "portal_used": False,
            "arrived": False,
        }

    # -- the turn's action ----------------------------------------------------------------------

    def do_explore(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        at = fields.required_hex(action, "at")
        face = fields.face(action["tile"]) if fields.given(action, "tile") else None
        self.turn_action("explore", name)
        if self.turn["actions_left"] < 1:
            raise RuleError("H-08", _("you have already taken your action this turn"))
        here = self.where(name)
        if is_start(at):
            raise RuleError(
                "H-02",
                _(
                    "{at} is a start tile: the Starting Point has nothing to turn up",
                    at=hex_text(at),
                ),
            )
        if not are_adjacent(here, at):
            raise RuleError(
                "H-09",
                _(
                    "{at} is not next to {hero}'s place {here}",
                    at=hex_text(at),
                    hero=name,
                    here=hex_text(here),
                ),
            )
        dungeon = self.state["dungeon"]
        record = self.state["tiles"].get(hex_key(at))
        if record is not None and record["face"] == "up":
            if record["kind"] == "hoard":
                raise RuleError(
                    "H-20",
                    _(
                        "the Drink Hoard at {at} is already face up: challenge the guardian",
                        at=hex_text(at),
                    ),
                )
            raise RuleError("H-09", _("the tile at {at} is already face up", at=hex_text(at)))
        if record is None:
            if dungeon["recorded"] >= dungeon["size"]:
                raise RuleError(
                    "HT-03",
                    _(
                        "all {size} dungeon tiles are already recorded: {at} can't hold a new one",
                        size=dungeon["size"],
                        at=hex_text(at),
                    ),
                )
            if face is None:
                raise RuleError(
                    "HT-08",
                    _("say what you turned up at {at}: its kind and values", at=hex_text(at)),
                )
            if face["kind"] == "hoard" and dungeon["hoard"] is not None:
                raise RuleError(
                    "HT-03",
                    _(
                        "there is only one Drink Hoard, and it is at {at}",
                        at=hex_text(dungeon["hoard"]),
                    ),
                )
        elif face is not None and not _same_face(record, face):
            raise RuleError(
                "HT-08",
                _(
                    "the tile at {at} was recorded as {recorded}: that is not what you typed",
                    at=hex_text(at),
                    recorded=face_words(record),
                ),
            )
        self.spend_action()
        if record is None:
            self.state["dungeon"] = dungeon = {**dungeon, "recorded": dungeon["recorded"] + 1}
            self.state["tiles"][hex_key(at)] = _new_tile(at, face)
            self._tiles.add(hex_key(at))
        tile = self.tile(at)
        tile["face"] = "up"
        kind = tile["kind"]
        if kind == "portal":
            self.enter(name, at)
        elif kind == "reward":
            tile["taken"] = True  # H-17: it gives nothing more
            self.enter(name, at)
            self.take_reward(name, tile["reward"])
        elif kind in board.FIGHT_KINDS:
            item = {"kind": _FIGHT_ITEMS[kind], "player": name, "at": _hex_list(at)}
            if kind == "boss":
                item["boss_player"] = None
            self.pending.append(item)
        else:  # the Drink Hoard: the explorer stays where they are (HT-13)
            self.state["dungeon"] = {**dungeon, "hoard": _hex_list(at)}
            if len(self.state["players"][name]["power_ups"]) >= HOARD_POWER_UPS:
                self.pending.append({"kind": "hoard", "player": name, "at": _hex_list(at)})
            else:
                self.end_turn()  # H-20: with fewer than three, the turn ends at once

    def do_fight(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        roll = fields.roll(action)
        item = self.awaited("fight", name, "fight", "H-14")
        declared = self.modifiers(action, name)
        self.pending.pop(0)
        at = (item["at"][0], item["at"][1])
        tile = self.tile(at)
        if self.total(roll, declared, name) >= tile["level"]:  # H-14: at least the level
            self.win_room(name, at)
            self.take_reward(name, tile["reward"])
        else:
            tile["face"] = "down"  # H-14: turned back where it lies, its record kept
            self.damage(name, tile["damage"])

    def win_room(self, name: str, at) -> None:
        """H-15: a beaten monster stays face up; the winner advances onto it."""
        self.tile(at)["defeated"] = True
        self.enter(name, at)

    def do_team_battle(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        partner = fields.hero(self.state, action, "partner")
        roll = fields.roll(action)
        partner_roll = fields.roll(action, "partner_roll")
        item = self.awaited("team_battle", name, "team_battle", "H-16")
        if partner == name:
            raise RuleError("H-16", _("pick another player as your partner"))
        declared = self.modifiers(action, name, (partner,))
        self.pending.pop(0)
        at = (item["at"][0], item["at"][1])
        tile = self.tile(at)
        total = roll + partner_roll + sum(modifier["value"] for modifier in declared)
        if total > tile["level"]:  # H-16: more than the level
            self.win_room(name, at)  # HT-10: the explorer moves on, then the rewards
            self.take_reward(name, tile["reward"])
            self.take_reward(partner, tile["reward"])
        else:
            tile["face"] = "down"
            self.damage(name, tile["damage"])  # HT-10: explorer first
            self.damage(partner, tile["damage"])

    def do_boss_fight(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        boss = fields.hero(self.state, action, "boss_player")
        roll = fields.roll(action)
        boss_roll = fields.roll(action, "boss_roll")
        item = self.awaited("boss_fight", name, "boss_fight", "H-19")
        if boss == name:
            raise RuleError("H-19", _("pick another player to play the boss"))
        if item["boss_player"] is not None and item["boss_player"] != boss:
            raise RuleError(
                "HT-11",
                _(
                    "{boss} plays this boss until it is settled, not {hero}",
                    boss=item["boss_player"],
                    hero=boss,
                ),
            )
        declared = self.modifiers(action, name, (boss,))
        at = (item["at"][0], item["at"][1])
        tile = self.tile(at)
        hero_total = self.total(roll, declared, name)
        boss_total = self.total(boss_roll, declared, boss)
        if self.ruleset["boss_level"] == "add":
            boss_total += tile["level"]  # HT-11 option
        if hero_total == boss_total:  # H-19: equal results roll again
            self.pending[0] = {**item, "boss_player": boss}
            return
        self.pending.pop(0)
        if hero_total > boss_total:
            self.damage(boss, tile["attack"])  # HT-11: the boss player drinks first
            self.win_room(name, at)
            self.take_reward(name, tile["reward"])
        else:
            tile["face"] = "down"
            self.damage(name, tile["attack"])

    def do_challenge_hoard(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        roll = fields.roll(action)
        self.no_modifiers(action)
        first = self.first()
        forced = first is not None and first["kind"] == "hoard" and first["player"] == name
        if forced:
            self.pending.pop(0)  # H-20: part of the exploration, no action of its own
        else:
            self.turn_action("challenge_hoard", name)
            hoard = self.state["dungeon"]["hoard"]
            if hoard is None:
                raise RuleError("H-11", _("the Drink Hoard has not been found yet"))
            if not are_adjacent(self.where(name), (hoard[0], hoard[1])):
                raise RuleError(
                    "H-11",
                    _(
                        "{hero} must stand next to the Drink Hoard at {at} to challenge",
                        hero=name,
                        at=hex_text(hoard),
                    ),
                )
            held = len(self.state["players"][name]["power_ups"])
            if held < HOARD_POWER_UPS:
                raise RuleError(
                    "H-11",
                    _(
                        "a challenge needs three power-ups; {hero} holds {count}",
                        hero=name,
                        count=held,
                    ),
                )
            self.spend_action()
        hoard = self.state["dungeon"]["hoard"]
        tile = self.state["tiles"][hex_key(hoard)]
        if roll >= tile["level"]:  # H-20: like a monster, at least the level
            self.state["winner"] = name  # H-28
            self.state["phase"] = "over"
            self.state["pending"] = []
        else:
            self.damage(name, tile["attack"])  # the tile stays face up

    def do_move(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        path = action.get("path")
        if not isinstance(path, list):
            raise fields.refuse("path", _("list the steps of the move"))
        if not 1 <= len(path) <= 2:
            raise RuleError("H-10", _("a move is one or two steps, not {count}", count=len(path)))
        steps = [place_of(fields.hex_(step, f"path[{index}]")) for index, step in enumerate(path)]
        self.turn_action("move", name)
        if self.turn["actions_left"] < 1:
            raise RuleError("H-08", _("you have already taken your action this turn"))
        start = previous = self.where(name)
        for index, step in enumerate(steps):
            self.check_step(name, previous, step, last=index == len(steps) - 1)
            previous = step
        if steps[-1] == start:
            raise RuleError("HT-07", _("a move must end somewhere other than where it began"))
        self.spend_action()
        self.walk(name, steps)

    def check_step(self, name: str, previous, step, last: bool) -> None:
        """HT-07, HT-20: one step of a move."""
        if step == previous:
            if step == ORIGIN:
                raise RuleError("HT-07", _("moving within the Starting Point is no step at all"))
            raise RuleError("HT-07", _("each step goes to another place"))
        if not are_adjacent(previous, step):
            raise RuleError(
                "HT-07",
                _("{to} is not next to {at}", to=hex_text(step), at=hex_text(previous)),
            )
        tile = self.state["tiles"].get(hex_key(step))
        if tile is None or tile["face"] == "down":
            raise RuleError(
                "H-10", _("{at} is not a revealed tile: explore it first", at=hex_text(step))
            )
        if tile["kind"] == "hoard":
            raise RuleError("H-20", _("nobody may enter or pass through the Drink Hoard"))
        if not board.is_open(self.state, step):
            raise RuleError("HT-07", _("{at} can't be walked into now", at=hex_text(step)))
        others = board.heroes_at(self.state, step, but=name) if step != ORIGIN else []
        if others:
            shared = self.ruleset["rooms"] == "shared"
            if not shared:
                raise RuleError(
                    "HT-20",
                    _(
                        "{hero} stands in {at}: beat them in a duel to get past",
                        hero=others[0],
                        at=hex_text(step),
                    ),
                )
            if not last:
                raise RuleError(
                    "HT-20",
                    _(
                        "{hero} stands in {at}: you may stop there but not pass through",
                        hero=others[0],
                        at=hex_text(step),
                    ),
                )

    # -- free steps ------------------------------------------------------------------------------

    def do_use_portal(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        to = place_of(fields.required_hex(action, "to"))
        self.turn_action("use_portal", name)
        turn = self.turn
        if turn["portal_used"]:
            raise RuleError("H-18", _("a portal may be used once per turn"))
        here = self.where(name)
        if not board.is_portal(self.state, here):
            raise RuleError("H-18", _("{hero} is not on a portal", hero=name))
        if self.ruleset["portal"] == "on_arrival" and not turn["arrived"]:
            raise RuleError(
                "HT-12",
                _("table rule: a portal works only for a hero who entered it this turn"),
            )
        if not board.portal_free(self.state, here, name):
            raise RuleError(
                "HT-12",
                _(
                    "{hero} stands on this portal too: beat them in a duel before using it",
                    hero=board.heroes_at(self.state, here, but=name)[0],
                ),
            )
        if to == here:
            raise RuleError("H-18", _("{hero} is already on that portal", hero=name))
        if not board.is_portal(self.state, to):
            raise RuleError("H-18", _("{at} is not a portal", at=hex_text(to)))
        if not board.portal_free(self.state, to, name):
            raise RuleError(
                "HT-12",
                _(
                    "{hero} stands on the portal at {at}: beat them in a duel before going there",
                    hero=board.heroes_at(self.state, to, but=name)[0],
                    at=hex_text(to),
                ),
            )
        turn["portal_used"] = True
        turn["started"] = True
        self.enter(name, to)  # HT-12: traps in the portal reached are sprung

    def do_duel(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        target = fields.hero(self.state, action, "target")
        roll = fields.roll(action)
        target_roll = fields.roll(action, "target_roll")
        first = self.first()
        again = first is not None and first["kind"] == "duel"
        if again:
            if first["player"] != name or first["target"] != target:
                raise RuleError(
                    "HT-19",
                    _(
                        "{hero} and {target} roll their tied duel again first",
                        hero=first["player"],
                        target=first["target"],
                    ),
                )
        else:
            self.turn_action("duel", name)
            turn = self.turn
            if turn["actions_taken"] > 0:
                raise RuleError("H-26", _("a duel must come before your action"))
            if turn["duel_used"]:
                raise RuleError("H-26", _("a hero may challenge to a duel once per turn"))
            if target == name:
                raise RuleError("H-26", _("challenge another hero"))
            here, there = self.where(name), self.where(target)
            if here == there:
                raise RuleError(
                    "HT-19",
                    _(
                        "{target} is in the same place as {hero}: a duel is between neighbours",
                        target=target,
                        hero=name,
                    ),
                )
            if not are_adjacent(here, there):
                raise RuleError(
                    "H-26",
                    _("{target} is not in a place next to {hero}'s", target=target, hero=name),
                )
        declared = self.modifiers(action, name, (target,))
        self.turn["duel_used"] = True
        self.turn["started"] = True
        mine = self.total(roll, declared, name)
        theirs = self.total(target_roll, declared, target)
        if mine == theirs:  # HT-19: the re-roll is the same duel
            if not again:
                self.pending.append({"kind": "duel", "player": name, "target": target})
            return
        if again:
            self.pending.pop(0)
        here, there = self.where(name), self.where(target)
        if mine < theirs:
            self.damage(name, DUEL_LOSS)  # no swap; the turn goes on
            return
        deaths = self.state["players"][target]["deaths"]
        self.damage(target, DUEL_LOSS)
        self.enter(name, there)  # HT-19: the swap, challenger first
        if self.state["players"][target]["deaths"] == deaths:
            self.enter(target, here)

    def do_trap_roll(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        roll = fields.roll(action)
        item = self.awaited("traps", name, "trap_roll", "H-25")
        declared = self.modifiers(action, name)
        at = (item["at"][0], item["at"][1])
        tile = self.tile(at)
        if self.total(roll, declared, name) >= TRAP_TARGET:
            tile["traps"] -= 1  # H-25: disarmed
        else:
            if self.ruleset["trap_removal"] == "always":
                tile["traps"] -= 1  # HT-18
            deaths = self.state["players"][name]["deaths"]
            self.damage(name, TRAP_DAMAGE)
            if self.state["players"][name]["deaths"] != deaths:
                return  # HT-18: the dead hero stops rolling; their item is gone
        left = item["rolls_left"] - 1
        if left:
            self.pending[0] = {**item, "rolls_left": left}
            return
        self.pending.pop(0)
        rest = [(step[0], step[1]) for step in item["path"]]
        self.walk(name, rest)  # HT-18: a survivor carries on with the move

    # -- power-ups ------------------------------------------------------------------------------

    def do_gain_power_up(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        if not fields.given(action, "card"):
            raise fields.refuse("card", _("name the power-up"))
        card = fields.card_name(action["card"], "card")
        source = fields.choice(action, "from", ("deck", "room", "player"), "deck")
        first = self.first()
        if source == "deck" and first is not None and first["kind"] == "power_up":
            item = self.awaited("power_up", name, "gain_power_up", "HT-09")
            left = item["left"] - 1
            if left:
                self.pending[0] = {**item, "left": left}
            else:
                self.pending.pop(0)
            self.gain(name, card)
            return
        if source == "room":
            self.turn_action("gain_power_up", name)
            here = self.where(name)
            tile = board.tile_at(self.state, here)
            if here == ORIGIN or card not in tile["power_ups"]:
                raise RuleError(
                    "HT-16",
                    _(
                        "no power-up called {card} lies where {hero} stands",
                        card=shown(card),
                        hero=name,
                    ),
                )
            self.tile(here)["power_ups"].remove(card)
            self.turn["started"] = True
            self.gain(name, card)
            return
        self.card_effect("gain_power_up")
        if source == "player":
            giver = fields.hero(self.state, action, "from_player")
            if giver == name:
                raise RuleError("HT-17", _("a hero can't take a power-up from themselves"))
            held = self.state["players"][giver]
            if card not in held["power_ups"]:
                if card == held["signature_move"]:
                    raise RuleError("H-23", _("a signature move can never be stolen"))
                raise RuleError(
                    "HT-17",
                    _("{hero} holds no power-up called {card}", hero=giver, card=shown(card)),
                )
            self.hero(giver)["power_ups"].remove(card)  # the earliest copy gained
        self.gain(name, card)

    def do_discard_power_up(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        if not fields.given(action, "card"):
            raise fields.refuse("card", _("name the power-up"))
        card = fields.card_name(action["card"], "card")
        first = self.first()
        hero = self.state["players"][name]
        if first is not None and first["kind"] == "discard":
            item = self.awaited("discard", name, "discard_power_up", "H-22")
            waiting = item["card"]
            if card not in hero["power_ups"] and card != waiting:
                raise RuleError(
                    "H-22",
                    _("discard one of {cards}", cards=listed([*hero["power_ups"], waiting], "or")),
                )
            self.pending.pop(0)
            if card in hero["power_ups"]:
                powers = self.hero(name)["power_ups"]
                powers.remove(card)
                powers.append(waiting)
            self.drop(name, card)
            return
        self.card_effect("discard_power_up")
        if card not in hero["power_ups"]:
            if card == hero["signature_move"]:
                raise RuleError("H-23", _("a signature move is never discarded"))
            raise RuleError(
                "H-22", _("{hero} holds no power-up called {card}", hero=name, card=shown(card))
            )
        self.hero(name)["power_ups"].remove(card)
        self.drop(name, card)

    # -- loot -----------------------------------------------------------------------------------

    def do_gain_loot(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        count = 1
        if fields.given(action, "count"):
            count = fields.integer(action["count"], "count", 1, 10, _("a number of loot cards"))
        cards = fields.names(action, "cards", required=False)
        if len(cards) > count:
            raise fields.refuse("cards", _("name at most the {count} cards gained", count=count))
        hero = self.hero(name)
        hero["loot_count"] += count
        hero["loot_known"].extend(cards)

    def do_note_loot(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        cards = fields.names(action, "cards", required=True)
        unnamed = board.unnamed_loot(self.state["players"][name])
        if len(cards) > unnamed:
            raise RuleError(
                "HT-15",
                ngettext(
                    "{hero} holds {count} loot card with no name noted",
                    "{hero} holds {count} loot cards with no name noted",
                    unnamed,
                    hero=name,
                ),
            )
        self.hero(name)["loot_known"].extend(cards)

    def loot_timing(self, name: str, when: str) -> None:
        """H-13, H-21, HT-15: a card is played at the time it says."""
        if when == "your_turn" and name != self.active():
            raise RuleError(
                "HT-15",
                _(
                    "a during-your-turn card is played only by {active}, whose turn it is",
                    active=self.active(),
                ),
            )
        if when == "between_turns" and self.turn["started"]:
            raise RuleError(
                "H-13",
                _(
                    "{active}'s turn has started: between-turns cards wait for the turn's end",
                    active=self.active(),
                ),
            )

    def do_play_loot(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        when = fields.choice(action, "when", ("your_turn", "between_turns"))
        card = fields.card_name(action["card"], "card") if fields.given(action, "card") else None
        extra = fields.boolean(action, "extra_action")
        self.loot_timing(name, when)
        if extra and when != "your_turn":
            raise RuleError("HT-17", _("an extra action comes from a during-your-turn card"))
        self.spend_loot(name, card)
        if when == "your_turn":
            self.turn["started"] = True
        if extra:
            self.turn["actions_left"] += 1  # HT-17

    def do_set_trap(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        at = fields.required_hex(action, "at")
        when = fields.choice(action, "when", ("your_turn", "between_turns"))
        card = fields.card_name(action["card"], "card") if fields.given(action, "card") else None
        self.card_effect("set_trap")
        self.loot_timing(name, when)
        if is_start(at):
            raise RuleError("H-02", _("no trap can be set on the Starting Point"))
        tile = self.state["tiles"].get(hex_key(at))
        if tile is not None and tile["kind"] == "hoard":
            raise RuleError("H-24", _("no trap can be set on the Drink Hoard"))
        if tile is None or not board.is_open(self.state, at):
            raise RuleError(
                "HT-18", _("a trap goes only in an open room; {at} is not one", at=hex_text(at))
            )
        others = board.heroes_at(self.state, at)
        if others:
            raise RuleError(
                "H-24",
                _(
                    "{hero} is in {at}: a trap goes in an empty room",
                    hero=others[0],
                    at=hex_text(at),
                ),
            )
        if tile["traps"] >= MAX_TRAPS:
            raise RuleError("H-24", _("a room holds at most three traps"))
        self.spend_loot(name, card)
        self.tile(at)["traps"] += 1
        if when == "your_turn":
            self.turn["started"] = True

    # -- card effects and the turn's end --------------------------------------------------------

    def do_take_damage(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        amount = self.amount(action)
        fields.note(action)
        self.card_effect("take_damage")
        self.damage(name, amount)

    @staticmethod
    def amount(action: dict) -> int:
        if not fields.given(action, "amount"):
            raise fields.refuse("amount", _("say how many HP"))
        return fields.integer(action["amount"], "amount", 1, fields.HP_AMOUNT_MAX, _("an amount"))

    def do_heal(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        self.heal(name, self.amount(action))

    def do_place_hero(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        at = place_of(fields.required_hex(action, "at"))
        fields.note(action)
        self.card_effect("place_hero")
        if board.is_hoard(self.state, at):
            raise RuleError("H-20", _("nobody may enter the Drink Hoard"))
        if not board.is_open(self.state, at):
            raise RuleError(
                "HT-17",
                _("a card puts a hero only on an open place; {at} is not one", at=hex_text(at)),
            )
        if at == self.where(name):
            raise RuleError("HT-17", _("{hero} is already there", hero=name))
        self.enter(name, at)  # HT-18: traps there are sprung

    def do_move_tile(self, action: dict) -> None:
        fields.hero(self.state, action)
        source = fields.required_hex(action, "from")
        to = fields.required_hex(action, "to")
        self.card_effect("move_tile")
        if is_start(source) or is_start(to):
            raise RuleError("H-02", _("no card can move a start tile or put a tile there"))
        if hex_key(source) not in self.state["tiles"]:
            raise RuleError("HT-17", _("no tile is recorded at {at}", at=hex_text(source)))
        if hex_key(to) in self.state["tiles"]:
            raise RuleError("HT-17", _("{at} already holds a tile", at=hex_text(to)))
        if distance(to, ORIGIN) > TILE_REACH:
            raise RuleError(
                "HT-17",
                _(
                    "{at} is off the table: keep tiles within {reach} hexes of the Starting Point",
                    at=hex_text(to),
                    reach=TILE_REACH,
                ),
            )
        tiles = self.state["tiles"]
        tiles[hex_key(to)] = tiles.pop(hex_key(source))  # its traps and power-ups go with it
        self._tiles.discard(hex_key(source))
        self.tile(to)["at"] = _hex_list(to)
        for other, hero in self.state["players"].items():
            if (hero["position"][0], hero["position"][1]) == source:
                # Carried with the tile, entering nothing: `arrived` stays as it was.
                self.hero(other)["position"] = _hex_list(to)
        dungeon = self.state["dungeon"]
        if dungeon["hoard"] is not None and tuple(dungeon["hoard"]) == source:
            self.state["dungeon"] = {**dungeon, "hoard": _hex_list(to)}

    def do_end_turn(self, action: dict) -> None:
        name = fields.hero(self.state, action)
        self.turn_action("end_turn", name)
        self.end_turn()


_FIGHT_ITEMS = {"monster": "fight", "team_monster": "team_battle", "boss": "boss_fight"}


def _new_tile(at, face: dict) -> dict:
    """A tile record in the order the state prints it (HT-08)."""
    tile = {"at": _hex_list(at), "kind": face["kind"], "face": "up"}
    kind = face["kind"]
    if kind in ("monster", "team_monster"):
        tile |= {"level": face["level"], "damage": face["damage"], "reward": face["reward"]}
        tile["defeated"] = False
    elif kind == "boss":
        tile |= {"level": face["level"], "attack": face["attack"], "reward": face["reward"]}
        tile["defeated"] = False
    elif kind == "reward":
        tile |= {"reward": face["reward"], "taken": False}
    elif kind == "hoard":
        tile |= {"level": face["level"], "attack": face["attack"]}
    tile |= {"traps": 0, "power_ups": []}
    return tile


def _same_face(record: dict, face: dict) -> bool:
    """HT-08: kind and every value equal (missing reward keys read as 0)."""
    if record["kind"] != face["kind"]:
        return False
    return all(record.get(name) == value for name, value in face.items())


def face_words(tile: dict):
    """A tile's face in a player's words: ``a level-12 monster (damage 20)``."""
    kind = tile["kind"]
    if kind == "monster":
        return _(
            "a level-{level} monster (damage {damage})", level=tile["level"], damage=tile["damage"]
        )
    if kind == "team_monster":
        return _(
            "a level-{level} team battle monster (damage {damage})",
            level=tile["level"],
            damage=tile["damage"],
        )
    if kind == "boss":
        return _(
            "a level-{level} boss (attack {attack})", level=tile["level"], attack=tile["attack"]
        )
    if kind == "hoard":
        return _(
            "the Drink Hoard (level {level}, attack {attack})",
            level=tile["level"],
            attack=tile["attack"],
        )
    if kind == "portal":
        return _("a portal")
    if kind == "reward":
        return _("a reward")
    return _("a start tile")
