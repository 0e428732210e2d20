"""Setting up the table and rolling for the turn order (H-01, H-05, H-07, HT-02)."""

from ..errors import RuleError
from ..names import look_alike_key
from ..text import _, listed
from . import fields
from .board import seated
from .geometry import key as hex_key
from .geometry import starting_point_flower
from .play_base import FULL_DUNGEON, SMALL_DUNGEON, PlayBase, hex_list, new_turn
from .ruleset import check_ruleset, shown

# H-01: how many heroes sit at one table.
FEWEST_PLAYERS, MOST_PLAYERS = 2, 6


class SettingUp(PlayBase):
    """The handlers before the first turn."""

    def do_set_up_table(self, action: dict) -> None:
        players = action.get("players")
        if not isinstance(players, list):
            raise fields.refuse("players", _("list the heroes in seating order"))
        if not FEWEST_PLAYERS <= len(players) <= MOST_PLAYERS:
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
                "at": hex_list(hex_),
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
        seats = seated(state)
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
        state["turn"] = new_turn(order[0], 1)
