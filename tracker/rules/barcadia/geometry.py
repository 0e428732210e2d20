"""Hex geometry of the dungeon (HT-05): axial coordinates, places and adjacency.

A hex is a tuple ``(q, r)``; the state writes it as a list ``[q, r]`` and keys tiles by the
string ``"q,r"``. A *place* is the Starting Point (its seven start hexes together, written
``(0, 0)``) or one dungeon hex.
"""

ORIGIN = (0, 0)
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
# H-02: the Starting Point is [0, 0] and its six neighbours, one single place.
START_HEXES = frozenset([ORIGIN, *DIRECTIONS])


def neighbours(hex_: tuple[int, int]) -> list[tuple[int, int]]:
    """The six hexes next to `hex_`, in HT-05's order."""
    q, r = hex_
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two hexes on the hex grid."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def is_start(hex_: tuple[int, int]) -> bool:
    """True for the seven hexes of the Starting Point (H-02)."""
    return hex_ in START_HEXES


def place_of(hex_: tuple[int, int]) -> tuple[int, int]:
    """The place a hex belongs to: any start hex is the Starting Point ``(0, 0)``."""
    return ORIGIN if hex_ in START_HEXES else hex_


def hexes_of(place: tuple[int, int]) -> list[tuple[int, int]]:
    """The hexes making up a place: seven for the Starting Point, one for a room."""
    return sorted(START_HEXES) if place == ORIGIN else [place]


def _ring(radius: int) -> list[tuple[int, int]]:
    """The hexes at exactly `radius` from [0, 0], walking round the ring."""
    q, r = -radius, radius
    ring = []
    for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
        for _ in range(radius):
            ring.append((q, r))
            q, r = q + dq, r + dr
    return ring


# HT-05: the places adjacent to the Starting Point are the twelve hexes at distance 2.
START_BORDER = tuple(_ring(2))


def adjacent_places(place: tuple[int, int]) -> list[tuple[int, int]]:
    """The places adjacent to `place` (HT-05): a hex of one neighbours a hex of the other."""
    if place == ORIGIN:
        return list(START_BORDER)
    seen: list[tuple[int, int]] = []
    for hex_ in neighbours(place):
        other = place_of(hex_)
        if other not in seen:
            seen.append(other)
    return seen


def are_adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """True when two different places touch (HT-05); a place is not adjacent to itself."""
    a, b = place_of(a), place_of(b)
    if a == b:
        return False
    if a == ORIGIN or b == ORIGIN:
        room = b if a == ORIGIN else a
        return distance(room, ORIGIN) == 2
    return distance(a, b) == 1


def starting_point_flower() -> list[tuple[int, int]]:
    """The seven start tiles of the Starting Point: [0, 0] first, then its neighbours (H-02)."""
    return [ORIGIN, *DIRECTIONS]


def key(hex_) -> str:
    """A tile's key in the state: ``"q,r"`` with no space."""
    return f"{hex_[0]},{hex_[1]}"


def text(hex_) -> str:
    """A hex as players read it: ``[2, -1]``."""
    return f"[{hex_[0]}, {hex_[1]}]"
