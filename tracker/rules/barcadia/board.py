"""Read-only views of a Heroes of Barcadia state: places, tiles, heroes, what is open.

Pure functions on the state dict; the engine, `awaiting` and the public queries share them.
"""

from .geometry import ORIGIN, adjacent_places, key, place_of

PORTAL_KINDS = ("portal", "start")
FIGHT_KINDS = ("monster", "team_monster", "boss")


def seated(state: dict) -> list[str]:
    """The heroes' names in seating order (H-01's `seat`): never the keys' order, which a state
    stored in PostgreSQL's jsonb does not keep."""
    players = state["players"]
    return sorted(players, key=lambda name: players[name]["seat"])


def position(state: dict, name: str) -> tuple[int, int]:
    """Where a hero stands, as a place."""
    at = state["players"][name]["position"]
    return (at[0], at[1])


def tile_at(state: dict, place: tuple[int, int]) -> dict | None:
    """The recorded tile of a place (a start tile for the Starting Point), or None."""
    return state["tiles"].get(key(place))


def is_open(state: dict, place: tuple[int, int]) -> bool:
    """HT-05: the Starting Point, or a face-up portal, reward or beaten monster or boss."""
    if place == ORIGIN:
        return True
    tile = state["tiles"].get(key(place))
    if tile is None or tile["face"] != "up":
        return False
    kind = tile["kind"]
    if kind in ("portal", "reward"):
        return True
    return kind in FIGHT_KINDS and tile["defeated"]


def is_portal(state: dict, place: tuple[int, int]) -> bool:
    """H-18: the Starting Point or a face-up portal tile."""
    if place == ORIGIN:
        return True
    tile = state["tiles"].get(key(place))
    return tile is not None and tile["kind"] == "portal" and tile["face"] == "up"


def is_hoard(state: dict, place: tuple[int, int]) -> bool:
    """True for the Drink Hoard's hex."""
    hoard = state["dungeon"]["hoard"] if state["dungeon"] else None
    return hoard is not None and (hoard[0], hoard[1]) == place


def heroes_at(state: dict, place: tuple[int, int], but: str | None = None) -> list[str]:
    """The heroes standing in a place (all of them on the Starting Point), except `but`."""
    players = state["players"]
    return [
        name
        for name in seated(state)
        if name != but and tuple(players[name]["position"][:2]) == place
    ]


def active(state: dict) -> str | None:
    """The active player (HT-06) while the game is played, else None."""
    turn = state["turn"]
    return turn["player"] if turn is not None and state["phase"] == "play" else None


def unnamed_loot(hero: dict) -> int:
    """Loot cards held whose names are not noted (HT-15)."""
    return hero["loot_count"] - len(hero["loot_known"])


def may_play_loot(state: dict, name: str, when: str) -> bool:
    """HT-15 timing: `your_turn` by the active player; `between_turns` before the turn starts."""
    if state["phase"] != "play":
        return False
    if when == "your_turn":
        return name == state["turn"]["player"]
    return not state["turn"]["started"]


def anyone_may_play_loot(state: dict) -> bool:
    """Some hero holds a loot card they may play now (the `play_loot` condition)."""
    if state["phase"] != "play":
        return False
    players, turn = state["players"], state["turn"]
    if players[turn["player"]]["loot_count"] > 0:
        return True
    return not turn["started"] and any(hero["loot_count"] > 0 for hero in players.values())


def trap_rooms(state: dict) -> list[tuple[int, int]]:
    """H-24, HT-18: open rooms, not the Hoard, with nobody in them and fewer than 3 traps."""
    occupied = {(hero["position"][0], hero["position"][1]) for hero in state["players"].values()}
    rooms = []
    for tile in state["tiles"].values():
        place = (tile["at"][0], tile["at"][1])
        if (
            tile["kind"] != "start"
            and tile["traps"] < 3
            and place not in occupied
            and is_open(state, place)
        ):
            rooms.append(place)
    return rooms


def open_places(state: dict) -> list[tuple[int, int]]:
    """Every open place: the Starting Point first, then the open rooms."""
    places = [ORIGIN]
    for tile in state["tiles"].values():
        place = (tile["at"][0], tile["at"][1])
        if tile["kind"] != "start" and is_open(state, place):
            places.append(place)
    return places


def neighbouring_heroes(state: dict, name: str) -> list[str]:
    """The other heroes in a place adjacent to this hero's (H-26)."""
    around = set(adjacent_places(position(state, name)))
    players = state["players"]
    return [
        other
        for other in seated(state)
        if other != name and tuple(players[other]["position"][:2]) in around
    ]


def portal_free(state: dict, place: tuple[int, int], name: str) -> bool:
    """HT-12: a portal nobody else stands on (the Starting Point is never blocked)."""
    return place == ORIGIN or not heroes_at(state, place, but=name)


def hex_place(hex_) -> tuple[int, int]:
    """The place of a hex given as a list or tuple."""
    return place_of((hex_[0], hex_[1]))
