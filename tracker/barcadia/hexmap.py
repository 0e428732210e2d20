"""The dungeon map as the page draws it: hexes in pixels, faces in a few characters, and the hexes
a hero may be sent to, from the engine's own query functions.

Pointy-top hexes in axial coordinates (HT-05): a hex of `SIZE` px from centre to corner is
about 48 px wide and 56 px tall, a thumb's target at a phone's scale. The picture is as large
as the explored area needs (with a hex of margin); a wider dungeon pans inside its frame.
No game rule is decided here: what may be explored, walked into or reached by portal comes
from tracker.rules.barcadia.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tracker.core.i18n import listing, say
from tracker.rules import barcadia as engine
from tracker.rules.barcadia.board import seated
from tracker.rules.barcadia.geometry import (
    ORIGIN,
    START_HEXES,
    adjacent_places,
    neighbours,
    place_of,
)
from tracker.rules.barcadia.geometry import text as hex_text

SIZE = 28  # px from a hex's centre to a corner
WIDTH = math.sqrt(3) * SIZE
ROW = 1.5 * SIZE
MARGIN = 6  # px around the outermost hexes
CORNERS = " ".join(
    f"{SIZE * math.cos(math.radians(60 * k - 30)):.1f},{SIZE * math.sin(math.radians(60 * k - 30)):.1f}"
    for k in range(6)
)
# Where heroes stand on the Starting Point: one on each of its petals, then the centre.
PETALS = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (0, 0)]


def centre(hex_) -> tuple[float, float]:
    """The pixel centre of a hex (before the picture's offset)."""
    q, r = hex_
    return WIDTH * (q + r / 2), ROW * r


@dataclass
class Token:
    """A hero standing on the map."""

    name: str
    seat: int
    initial: str
    x: float
    y: float
    me: bool = False
    active: bool = False


@dataclass
class Hex:
    """One hex of the picture: where it is, what it shows, and what tapping it does."""

    q: int
    r: int
    x: float = 0.0
    y: float = 0.0
    css: str = ""
    top: str = ""  # first line: the face (kind and level)
    bottom: str = ""  # second line: damage or attack, or ✓ when beaten or taken
    traps: int = 0
    dropped: int = 0
    words: str = ""  # the hex in a sentence (for the list in words)
    target: str = ""  # "explore", "move", "portal", "why" (tap to hear why not), or ""
    label: str = ""  # the link's accessible name
    chosen: bool = False

    @property
    def at(self) -> str:
        return f"{self.q},{self.r}"

    @property
    def dark(self) -> bool:
        return self.css.split()[0] == "down"

    @property
    def top_y(self) -> float:
        return round(self.y - (2 if self.bottom else -4), 1)

    @property
    def bottom_y(self) -> float:
        return round(self.y + 12, 1)

    @property
    def mark_y(self) -> float:
        return round(self.y - 13, 1)

    @property
    def left_x(self) -> float:
        return round(self.x - 10, 1)

    @property
    def right_x(self) -> float:
        return round(self.x + 10, 1)


@dataclass
class MapView:
    """Everything the template needs to draw the dungeon."""

    hexes: list[Hex]
    tokens: list[Token]
    width: int
    height: int
    view_box: str
    left: int = 0  # where the view box starts, in the dungeon's own pixels
    top: int = 0
    corners: str = CORNERS
    words: list[str] = field(default_factory=list)

    @property
    def links(self) -> list[Hex]:
        return [hex_ for hex_ in self.hexes if hex_.target]


def _tile_letter(kind: str) -> str:
    """The one letter of a tile's kind on the map, in the player's language (the legend's)."""
    letters = {
        "monster": pgettext("map letter of a monster tile", "M"),
        "team_monster": pgettext("map letter of a team battle monster tile", "T"),
        "boss": pgettext("map letter of a boss tile", "B"),
        "reward": pgettext("map letter of a reward tile", "R"),
    }
    return letters.get(kind, "")


def _face(tile: dict) -> tuple[str, str, str]:
    """(css class, top line, bottom line) for a recorded tile."""
    kind = tile["kind"]
    letter = _tile_letter(kind)
    fight = kind in ("monster", "team_monster", "boss")
    if tile["face"] == "down":
        return "down", "?", f"{letter if fight else ''}{tile.get('level', '')}"
    if fight:
        if tile["defeated"]:
            return "beaten", f"{letter}{tile['level']} ✓", ""
        hurt = tile["damage"] if kind != "boss" else tile["attack"]
        return ("boss" if kind == "boss" else "monster"), f"{letter}{tile['level']}", f"−{hurt}"
    if kind == "reward":
        reward = _tile_letter("reward")
        return "reward", f"{reward} ✓" if tile.get("taken") else reward, ""
    if kind == "portal":
        return "portal", "◎", ""
    if kind == "hoard":
        return "hoard", f"♛{tile['level']}", f"−{tile['attack']}"
    return "start", "", ""


def _tile_words(tile: dict) -> str:
    """A recorded tile in a sentence, for the map in words."""
    face = say(engine.face_words(tile))
    at = hex_text(tile["at"])
    if tile["face"] == "down":
        text = _("%(at)s: face down again (%(face)s)") % {"at": at, "face": face}
    elif tile.get("defeated"):
        text = _("%(at)s: %(face)s, beaten") % {"at": at, "face": face}
    elif tile.get("taken"):
        text = _("%(at)s: %(face)s, taken") % {"at": at, "face": face}
    else:
        text = _("%(at)s: %(face)s") % {"at": at, "face": face}
    if tile["traps"]:
        text += " · " + _("traps: %(count)s") % {"count": tile["traps"]}
    if tile["power_ups"]:
        text += " · " + _("power-ups lying here: %(cards)s") % {"cards": listing(tile["power_ups"])}
    return text


def build(
    state: dict,
    *,
    acting: str | None = None,
    me: tuple[str, ...] = (),
    chosen: tuple[int, int] | None = None,
) -> MapView:
    """The map of `state`, with the targets of `acting` (the hero this phone may move now)."""
    hexes: dict[tuple[int, int], Hex] = {}
    tiles = state.get("tiles") or {}
    for tile in tiles.values():
        at = (tile["at"][0], tile["at"][1])
        if tile["kind"] == "start":
            css = "start centre" if at == ORIGIN else "start"
            hexes[at] = Hex(at[0], at[1], css=css, top=_("Start") if at == ORIGIN else "")
            continue
        css, top, bottom = _face(tile)
        hexes[at] = Hex(
            at[0],
            at[1],
            css=css,
            top=top,
            bottom=bottom,
            traps=tile["traps"],
            dropped=len(tile["power_ups"]),
            words=_tile_words(tile),
        )
    if acting is not None and state.get("phase") == "play":
        _add_targets(state, acting, hexes)
    if chosen is not None and place_of(chosen) in hexes:
        hexes[place_of(chosen)].chosen = True
    if not hexes:
        hexes = {hex_: Hex(hex_[0], hex_[1], css="start") for hex_ in START_HEXES}
    return _layout(state, list(hexes.values()), me)


def _add_targets(state: dict, hero: str, hexes: dict) -> None:
    """Light up where `hero` may go now; the other places next to them are tappable too, to hear
    the rule that says no."""
    targets: dict[tuple[int, int], tuple[str, str]] = {}
    for hex_ in engine.explorable(state, hero):
        at = (hex_[0], hex_[1])
        targets[at] = ("explore", _("Explore %(at)s") % {"at": hex_text(at)})
    for target in engine.move_targets(state, hero):
        at = (target["to"][0], target["to"][1])
        words = _("the Starting Point") if at == ORIGIN else hex_text(at)
        targets.setdefault(at, ("move", _("Move to %(at)s") % {"at": words}))
    for hex_ in engine.portal_targets(state, hero):
        at = (hex_[0], hex_[1])
        if at != ORIGIN:
            targets.setdefault(
                at, ("portal", _("Go through the portal to %(at)s") % {"at": hex_text(at)})
            )
    for at, (kind, label) in targets.items():
        found = hexes.setdefault(at, Hex(at[0], at[1], css="unknown", top="?"))
        found.target, found.label = kind, label
        found.css += " target"
    if state["pending"] or state["turn"]["player"] != hero or state["turn"]["actions_left"] < 1:
        return
    here = (state["players"][hero]["position"][0], state["players"][hero]["position"][1])
    for at in adjacent_places(here):
        if at in targets or at == ORIGIN:
            continue
        found = hexes.setdefault(at, Hex(at[0], at[1], css="unknown", top=""))
        found.target = "why"
        found.label = _("%(at)s: why not?") % {"at": hex_text(at)}


def _layout(state: dict, hexes: list[Hex], me: tuple[str, ...]) -> MapView:
    # Hexes and heroes are placed where they are in the dungeon (the Starting Point's centre
    # at 0,0) and the view box frames what is recorded with a ring of hexes around it:
    # wherever a hero may be sent next is inside, so lighting hexes never moves the picture
    # (only a tile turned up at the edge does), every phone frames the dungeon alike, and a
    # swap redraws only what changed on the map.
    placed = {(h.q, h.r) for h in hexes}
    ring = {n for h in hexes if not h.css.startswith("unknown") for n in neighbours((h.q, h.r))}
    points = [centre(at) for at in placed | ring]
    left = math.floor(min(x for x, _y in points) - WIDTH / 2 - MARGIN)
    top = math.floor(min(y for _x, y in points) - SIZE - MARGIN)
    right = max(x for x, _y in points) + WIDTH / 2 + MARGIN
    bottom = max(y for _x, y in points) + SIZE + MARGIN
    for hex_ in hexes:
        x, y = centre((hex_.q, hex_.r))
        hex_.x, hex_.y = round(x, 1), round(y, 1)
    hexes.sort(key=lambda h: (h.r, h.q))
    tokens = []
    labels = token_labels(state.get("players") or {})
    active = (state.get("turn") or {}).get("player") if state.get("phase") == "play" else None
    start_count = 0
    for name, hero in (state.get("players") or {}).items():
        at = (hero["position"][0], hero["position"][1])
        if at == ORIGIN:
            spot = PETALS[start_count % len(PETALS)]
            start_count += 1
            x, y = centre(spot)
            dy = 0.0
        else:
            x, y = centre(at)
            others = [
                n for n in seated(state) if state["players"][n]["position"] == hero["position"]
            ]
            x += (others.index(name) - (len(others) - 1) / 2) * 16
            dy = 15.0
        tokens.append(
            Token(
                name=name,
                seat=hero["seat"],
                initial=labels[name],
                x=round(x, 1),
                y=round(y + dy, 1),
                me=name in me,
                active=name == active,
            )
        )
    width, height = math.ceil(right - left), math.ceil(bottom - top)
    view = MapView(
        hexes=hexes,
        tokens=tokens,
        width=width,
        height=height,
        view_box=f"{left} {top} {width} {height}",
        left=left,
        top=top,
    )
    view.words = [h.words for h in hexes if h.words]
    return view


def token_labels(players: dict) -> dict[str, str]:
    """Each hero's letters on their token, told apart without colour: the initial, or the first
    two letters when another hero shares the initial, or the initial and the seat number."""
    labels = {}
    for name, hero in players.items():
        for size in (1, 2):
            label = name[:size].upper() if size == 1 else name[:1].upper() + name[1:2].lower()
            clash = [
                other for other in players
                if other != name and other[:size].lower() == name[:size].lower()
            ]  # fmt: skip
            if not clash and label.strip():
                labels[name] = label
                break
        else:
            labels[name] = f"{name[:1].upper()}{hero['seat']}"
    return labels


def _num(value: float) -> str:
    """A coordinate as SVG reads it: to the pixel (half a pixel is lost in a hex's stroke)."""
    return str(round(value))


def _hex_markup(h: Hex) -> str:
    """A hex and its few characters: text on a face-down tile is light (``d``), the second
    line small (``s``); the rest of the text's look comes from the stylesheet."""
    dark = " d" if h.dark else ""
    css = " ".join(word for word in h.css.split() if word != "target")  # lit in its link
    css += " chosen" if h.chosen and not h.target else ""
    x, y = _num(h.x), _num(h.y)
    parts = [f'<use href="#hh" x="{x}" y="{y}" class="hex {escape(css)}"/>']
    if h.top:
        cls = f' class="{dark.strip()}"' if dark else ""
        parts.append(f'<text{cls} x="{x}" y="{_num(h.top_y)}">{escape(h.top)}</text>')
    if h.bottom:
        parts.append(
            f'<text class="s{dark}" x="{x}" y="{_num(h.bottom_y)}">{escape(h.bottom)}</text>'
        )
    if h.traps:
        parts.append(
            f'<text class="mark{dark}" x="{_num(h.right_x)}" y="{_num(h.mark_y)}">⚠{h.traps}</text>'
        )
    if h.dropped:
        parts.append(
            f'<text class="mark{dark}" x="{_num(h.left_x)}" y="{_num(h.mark_y)}">★{h.dropped}</text>'
        )
    return "".join(parts)


def _link_markup(h: Hex) -> str:
    """A lit hex over its tile: its outline (its colour from what a tap on it does, the
    group's ``data-target``); where nothing is recorded, dashed (``u``), and with a "?" where
    it may be explored (the ``#hu`` shape: the outline and its "?")."""
    unknown = h.css.split()[0] == "unknown"
    shape = "hu" if unknown and h.top else "hh"
    css = " ".join(word for word, on in (("u", unknown and not h.top), ("chosen", h.chosen)) if on)
    x, y = _num(h.x), _num(h.y)
    return f'<use href="#{shape}" x="{x}" y="{y}"' + (f' class="{css}"' if css else "") + "/>"


# The lit hexes' groups, in the order they are drawn (and reached by the keyboard).
TARGETS = ("explore", "move", "portal", "why")


def lit_markup(links: list[Hex]) -> str:
    """The hexes this phone may tap, as links grouped by what a tap does (a group's
    ``data-target`` colours its links): each link the hex's outline and its accessible name.
    A link opens the page for that hex, whose actions panel takes the focus (``autofocus``);
    the page's script fetches only the panel."""
    groups = []
    for target in TARGETS:
        found = [h for h in links if h.target == target]
        if found:
            inner = "".join(
                f'<a href="?at={h.at}" aria-label="{escape(h.label)}">{_link_markup(h)}</a>'
                for h in found
            )
            groups.append(f'<g data-target="{target}">{inner}</g>')
    return "".join(groups)


def defs(tokens: list[Token] = ()) -> SafeString:
    """What every map of the page draws by reference (one shape, many places): the hex, a lit
    hex where nothing is recorded yet (its outline and a "?"), and each hero's token (a disc
    in the seat's colour with the hero's initial: a token on the map is one ``<use>``)."""
    shapes = [
        f'<polygon id="hh" points="{CORNERS}"/><g id="hu"><use href="#hh"/><text y="4">?</text></g>'
    ]
    for t in sorted(tokens, key=lambda t: t.seat):
        shapes.append(
            f'<g id="ht{t.seat}" class="tok s{t.seat}"><circle r="8"/>'
            f'<text y="4">{escape(t.initial)}</text></g>'
        )
    return mark_safe("".join(shapes))


@dataclass
class MapParts:
    """The map as inline SVG in parts, each drawn alone (tracker.barcadia.regions): the
    opening (size, view box, title), the tiles row by row (``(r, markup)`` from the top), the
    lit hexes (those this phone may tap, as links), the heroes' tokens, and the closing."""

    opening: str
    rows: list[tuple[int, str]]
    lit: str
    tokens: str
    closing: str = "</svg>"


def svg_parts(view: MapView, title: str) -> MapParts:
    """The map in parts: a tile turned up redraws its row, a move the tokens and what is lit.

    Built here rather than in a template: a full dungeon is a few hundred elements, and this
    is drawn again on every phone each time the map changes.
    """
    opening = (
        f'<svg class="hob-svg" width="{view.width}" height="{view.height}" '
        f'viewBox="{view.view_box}" aria-labelledby="hob-svg-title" data-testid="map">'
        f'<title id="hob-svg-title">{escape(title)}</title>'
    )
    # Every tile is drawn in the tiles; a lit hex is a link drawn over it (its outline, a "?"
    # where nothing is recorded yet), so that lighting other hexes leaves the tiles as they are.
    rows: dict[int, list[str]] = {}
    for h in view.hexes:
        if h.css.split()[0] != "unknown":
            rows.setdefault(h.r, []).append(_hex_markup(h))
    # Each part is drawn again on every phone whenever it changes: as few bytes as the
    # stylesheet allows (a link's look comes from #hob-lit and its group, a token is its
    # seat's shape from the page's defs; whose turn it is comes from the hero's name line, so
    # that a turn handed on leaves the tokens as they are).
    lit = lit_markup(view.links)
    tokens = [
        f'<use href="#ht{t.seat}" x="{_num(t.x)}" y="{_num(t.y)}"'
        + (' class="me"/>' if t.me else "/>")
        for t in view.tokens
    ]
    return MapParts(opening, [(r, "".join(row)) for r, row in rows.items()], lit, "".join(tokens))


def row_id(r: int) -> str:
    """The id of a row of tiles (``hob-row-n2`` for r = -2)."""
    return f"hob-row-{'n' if r < 0 else ''}{abs(r)}"


def row_group(r: int, markup: str) -> str:
    return f'<g id="{row_id(r)}">{markup}</g>'


def tiles_group(rows: str) -> str:
    return f'<g id="hob-tiles" aria-hidden="true">{rows}</g>'


def lit_group(lit: str) -> str:
    return f'<g id="hob-lit">{lit}</g>'


def tokens_group(tokens: str) -> str:
    return f'<g id="hob-tokens" aria-hidden="true">{tokens}</g>'


def svg(view: MapView, title: str) -> SafeString:
    """The map as inline SVG: the tiles, then the lit ones as links, then the heroes."""
    parts = svg_parts(view, title)
    rows = "".join(row_group(r, markup) for r, markup in parts.rows)
    body = tiles_group(rows) + lit_group(parts.lit) + tokens_group(parts.tokens)
    return mark_safe(parts.opening + body + parts.closing)  # every text of ours is escaped
