"""What a hero may do now, for the phone screens: pure functions of a state.

Hexes and places are returned as ``[q, r]`` lists, as the state writes them (the Starting Point
is ``[0, 0]``). A query about something the hero may not do now returns an empty answer.
"""

from . import board
from .geometry import ORIGIN, adjacent_places, are_adjacent, key

LIGHT_TYPES = ("gain_loot", "heal", "note_loot", "play_loot")
AWAITED = {
    "order": "roll_for_order",
    "fight": "fight",
    "team_battle": "team_battle",
    "boss_fight": "boss_fight",
    "hoard": "challenge_hoard",
    "duel": "duel",
    "traps": "trap_roll",
    "power_up": "gain_power_up",
    "discard": "discard_power_up",
}


def _listed(place: tuple[int, int]) -> list[int]:
    return [place[0], place[1]]


def on_turn(state: dict, name: str) -> bool:
    """True when `name` is the active player in play with nothing pending (turn actions open)."""
    return state["phase"] == "play" and not state["pending"] and state["turn"]["player"] == name


def explorable(state: dict, name: str) -> list[list[int]]:
    """H-09, HT-03: hexes this hero may explore now (face down or not yet recorded)."""
    if not on_turn(state, name) or state["turn"]["actions_left"] < 1:
        return []
    return [_listed(hex_) for hex_ in explore_hexes(state, name)]


def explore_hexes(state: dict, name: str) -> list[tuple[int, int]]:
    """Hexes next to the hero's place holding a tile to turn up, whatever the turn."""
    dungeon = state["dungeon"]
    room_left = dungeon["recorded"] < dungeon["size"]
    found = []
    for place in adjacent_places(board.position(state, name)):
        if place == ORIGIN:
            continue
        tile = state["tiles"].get(key(place))
        if (tile is None and room_left) or (tile is not None and tile["face"] == "down"):
            found.append(place)
    return found


def _blocked(state: dict, place: tuple[int, int], name: str, last: bool) -> bool:
    """HT-20: another hero in a room blocks a step (under `shared`, only passing through)."""
    if place == ORIGIN or not board.heroes_at(state, place, but=name):
        return False
    return state["ruleset"]["rooms"] == "one_hero" or not last


def move_paths(state: dict, name: str) -> list[list[list[int]]]:
    """H-10, HT-07, HT-20: every legal move (one or two steps) for this hero now."""
    if not on_turn(state, name) or state["turn"]["actions_left"] < 1:
        return []
    start = board.position(state, name)
    paths = []
    for first in adjacent_places(start):
        if not board.is_open(state, first):
            continue
        if not _blocked(state, first, name, last=True):
            paths.append([_listed(first)])
        if _blocked(state, first, name, last=False):
            continue
        for second in adjacent_places(first):
            if second == start or not board.is_open(state, second):
                continue
            if not _blocked(state, second, name, last=True):
                paths.append([_listed(first), _listed(second)])
    return paths


def move_targets(state: dict, name: str) -> list[dict]:
    """The places this hero may move to now, each once: ``{"to", "steps", "path"}`` (shortest)."""
    best: dict[tuple[int, int], list] = {}
    for path in move_paths(state, name):
        end = (path[-1][0], path[-1][1])
        if end not in best or len(path) < len(best[end]):
            best[end] = path
    return [{"to": path[-1], "steps": len(path), "path": path} for path in best.values()]


def can_move(state: dict, name: str) -> bool:
    """True when some one-step move is allowed (then `move` is listed in awaiting)."""
    return any(len(path) == 1 for path in move_paths(state, name))


def portal_targets(state: dict, name: str) -> list[list[int]]:
    """H-18, HT-12: the portals this hero may go to now (none if a portal may not be used)."""
    if not on_turn(state, name) or state["turn"]["portal_used"]:
        return []
    here = board.position(state, name)
    if not board.is_portal(state, here) or not board.portal_free(state, here, name):
        return []
    if state["ruleset"]["portal"] == "on_arrival" and not state["turn"]["arrived"]:
        return []
    targets = [] if here == ORIGIN else [_listed(ORIGIN)]
    for tile in state["tiles"].values():
        place = (tile["at"][0], tile["at"][1])
        if (
            tile["kind"] == "portal"
            and tile["face"] == "up"
            and place != here
            and board.portal_free(state, place, name)
        ):
            targets.append(_listed(place))
    return targets


def duel_targets(state: dict, name: str) -> list[str]:
    """H-26: the heroes this hero may challenge to a duel now."""
    turn = state["turn"] if state["phase"] == "play" else None
    if not on_turn(state, name) or turn["actions_taken"] > 0 or turn["duel_used"]:
        return []
    return board.neighbouring_heroes(state, name)


def can_challenge_hoard(state: dict, name: str) -> bool:
    """H-11: an action left, the Hoard face up next to the hero, and three power-ups held."""
    if not on_turn(state, name) or state["turn"]["actions_left"] < 1:
        return False
    hoard = state["dungeon"]["hoard"]
    if hoard is None or state["tiles"][key(hoard)]["face"] != "up":
        return False
    hero = state["players"][name]
    return len(hero["power_ups"]) >= 3 and are_adjacent(board.position(state, name), tuple(hoard))


def hoard_challenge(state: dict, name: str) -> dict:
    """The Hoard challenge for this hero: ``{"available", "hoard", "power_ups", "adjacent"}``."""
    hoard = state["dungeon"]["hoard"] if state["dungeon"] else None
    hero = state["players"].get(name)
    adjacent = bool(
        hoard and hero and are_adjacent(board.position(state, name), (hoard[0], hoard[1]))
    )
    return {
        "available": hero is not None and can_challenge_hoard(state, name),
        "hoard": hoard,
        "power_ups": len(hero["power_ups"]) if hero else 0,
        "adjacent": adjacent,
    }


def room_power_ups(state: dict, name: str) -> list[str]:
    """HT-16: the dropped power-ups this hero may pick up now (their room, their turn)."""
    if not on_turn(state, name):
        return []
    tile = board.tile_at(state, board.position(state, name))
    return list(tile["power_ups"]) if tile is not None else []


def place_hero_targets(state: dict, name: str) -> list[list[int]]:
    """HT-17: the open places a card may put this hero on (any but their own)."""
    here = board.position(state, name)
    return [_listed(place) for place in board.open_places(state) if place != here]


def trap_targets(state: dict) -> list[list[int]]:
    """H-24, HT-18: the rooms a trap may be set in now (by anyone holding a playable loot card)."""
    return [_listed(place) for place in board.trap_rooms(state)]


def loot_timings(state: dict, name: str) -> list[str]:
    """HT-15: the `when` values under which this hero may play a loot card now."""
    hero = state["players"].get(name)
    if state["phase"] != "play" or hero is None or hero["loot_count"] < 1:
        return []
    return [
        when for when in ("your_turn", "between_turns") if board.may_play_loot(state, name, when)
    ]


def who_acts(state: dict) -> str | None:
    """The hero the game waits for: the first pending item's player, else the active player."""
    return state["awaiting"]["player"]


def reroll_due(state: dict) -> bool:
    """True when a tied duel or boss fight must be rolled again (H-19, H-26)."""
    if state["phase"] != "play" or not state["pending"]:
        return False
    first = state["pending"][0]
    return first["kind"] == "duel" or (
        first["kind"] == "boss_fight" and first["boss_player"] is not None
    )


def seat_actions(state: dict) -> dict[str, list[str]]:
    """For each hero, the action types whose `player` may name them now.

    The active player's turn actions, a pending item's awaited action for its hero, the light
    actions for everyone; card effects (nothing pending) may be about any hero.
    """
    phase = state["phase"]
    players = state["players"]
    if phase in ("setup", "over"):
        return {name: [] for name in players}
    if phase == "order":
        rolling = state["pending"][0]["players"]
        return {
            name: (["roll_for_order"] if name in rolling else [])
            + (["note_loot"] if board.unnamed_loot(hero) > 0 else [])
            for name, hero in players.items()
        }
    listed = set(state["awaiting"]["action"])
    pending = state["pending"]
    result = {}
    for name, hero in players.items():
        types = ["gain_loot", "heal"]
        if board.unnamed_loot(hero) > 0:
            types.append("note_loot")
        if loot_timings(state, name):
            types.append("play_loot")
        if pending:
            first = pending[0]
            if first["player"] == name:
                types.append(AWAITED[first["kind"]])
        else:
            types += ["take_damage", "gain_power_up"]
            if hero["power_ups"]:
                types.append("discard_power_up")
            if place_hero_targets(state, name):
                types.append("place_hero")
            if "move_tile" in listed:
                types.append("move_tile")
            if loot_timings(state, name) and board.trap_rooms(state):
                types.append("set_trap")
            if name == state["turn"]["player"]:
                types += [
                    kind
                    for kind in (
                        "duel", "explore", "move", "challenge_hoard", "use_portal", "end_turn"
                    )
                    if kind in listed
                ]  # fmt: skip
        result[name] = list(dict.fromkeys(types))
    return result
