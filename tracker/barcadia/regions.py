"""The table screen cut into regions, so that an answer carries only what changed on this phone.

The screen is the live head (``#hob-live``: the banner and the news; it also asks for changes
every 1.5 s) and, beside it, regions with ids of their own: who this phone plays, the map
(drawn above the actions on this phone's turn, below them otherwise, hence two slots), the
actions panel, the undo button, one row per hero and the dungeon's line. Each region carries a
fingerprint of its content (``data-fp``: a hash of its markup, the CSRF token and the form
version left out). The page's script sends back the fingerprints the phone shows with each
request (header ``X-Hob-Seen``); an answer is the live head, then, as htmx out-of-band swaps,
only the regions whose fingerprint differs. A request without fingerprints (an older page, a
phone without the script) gets every region: the whole view.

The fingerprints are of the content as a swap draws it. The folded parts whose content is
fetched when opened ("More", "Any modifiers?", the duel, "the dungeon in words") are hashed as
drawn folded: their content is fetched anew each time one is opened (and, while open, after
each change of the table unless something was typed in it), so a folded part left in place
never shows an old content. A page drawn whole (its folded parts filled, for phones without
JavaScript) carries the same fingerprints as the swaps that follow it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from tracker.barcadia import hexmap

TABLE = "barcadia/table.html"
# The parts of the actions panel kept from one panel to the next, by the start of their id
# (a part drawn in several ways has an id for each: ending the turn before or after the action,
# the loot cards playable now).
HELD = (
    ("hob-face", "face"),
    ("hob-box", "box"),
    ("hob-mods", "mods"),
    ("hob-duel", "duel_box"),
    ("hob-end-", "turn_end"),
    ("hob-loot-", "loot"),
    ("hob-more", "more_box"),
)
_ID = re.compile(r' id="(hob-[a-z0-9-]+)"')
# The regions a hero's row holds (each an element with no element of its tag within).
_HERO_LINE = re.compile(r'<(p|svg) id="(hob-(?:cup|name|hp|at)-\d+)".*?</\1>', re.S)
# The region a part of the panel holds: the loot cards' names to choose from.
_HELD_INNER = re.compile(r'<div id="(hob-cards-[a-z]+)">(?:(?!</div>).)*</div>', re.S)
SEEN_HEADER = "X-Hob-Seen"
# Not part of what a region shows: the token is new on every request, and the script sends
# the newest version the phone holds with every form (see tracker/static/tracker/barcadia.js).
_UNSEEN = re.compile(r'<input type="hidden" name="(?:csrfmiddlewaretoken|version)" value="[^"]*">')
_SEEN_ITEM = re.compile(r"^(hob-[a-z0-9-]{1,24}):([0-9a-f]{12})$")
# Room for every region of the largest screen: six heroes with their names, a dungeon of 50
# tiles laid in one line (a row of tiles each), the map's parts and the panel's.
LONGEST_SEEN = 6000


@dataclass
class Region:
    id: str
    html: str
    fp: str
    within: str = ""  # the region holding this one (sent with it)
    svg: bool = False  # a group of the map's picture

    @property
    def kept(self) -> str:
        """A stand-in for the region as the phone shows it: htmx puts the phone's own element
        in its place (hx-preserve), wherever in the page it was."""
        tag = "g" if self.svg else "i"
        return f'<{tag} id="{self.id}" hx-preserve></{tag}>'

    def marked(self, *, oob: bool = False) -> SafeString:
        """The region with its fingerprint (and, sent beside the live head, as an oob swap; a
        group of the picture inside <svg> so that it is read as SVG, in a <template> that htmx
        drops once the group is swapped in)."""
        anchor = f'id="{self.id}"'
        extra = f' data-fp="{self.fp}"' + (' hx-swap-oob="true"' if oob else "")
        html = self.html.replace(anchor, anchor + extra, 1)
        if oob and self.svg:
            html = f"<template><svg>{html}</svg></template>"
        return mark_safe(html)  # noqa: S308 (ours, escaped where drawn)


def _ids(html: str) -> list[str]:
    return _ID.findall(html)


def fingerprint(*parts: str) -> str:
    text = _UNSEEN.sub("", "".join(parts))
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


def seen(request: HttpRequest) -> dict[str, str] | None:
    """The fingerprints the phone shows, by region id (None: it sent none, so it gets all)."""
    text = request.headers.get(SEEN_HEADER)
    if text is None or len(text) > LONGEST_SEEN:
        return None
    found = {}
    for item in text.split():
        match = _SEEN_ITEM.match(item)
        if match:
            found[match[1]] = match[2]
    return found


def _render(part: str, context: dict, request: HttpRequest) -> str:
    """One part of the table's template (a partial of barcadia/table.html), drawn alone."""
    return render_to_string(f"{TABLE}#{part}", context, request)


def draw(request: HttpRequest, context: dict) -> list[Region]:
    """Every region of the screen in page order, drawn for this phone."""
    screen = context["screen"]
    inline = context.get("more_inline", False)
    # One CSRF token for every drawing of this request: a part drawn alone is then the very
    # text it is within its holder (found there, and marked).
    context = {**context, "csrf_token": get_token(request)}
    lazy = {**context, "more_inline": False}
    regions = []

    def add(id_: str, html: str) -> None:
        regions.append(Region(id_, html, fingerprint(html)))

    # Who this phone plays: the same from one answer to the next, but for the host's phone
    # when friends take their seats.
    add("hob-you", _render("you", lazy, request))

    # The map's drawing and its words are regions within the map's slot: a change redraws
    # only what it changed, and the slot itself (the map's frame) moves with this phone's turn.
    # Within the drawing: the tiles (a row of them each a region: a tile turned up redraws its
    # row), the lit hexes and the heroes' tokens.
    parts = screen.map_parts
    rows = [
        Region(hexmap.row_id(r), hexmap.row_group(r, markup), fingerprint(markup), svg=True)
        for r, markup in parts.rows
    ]
    row_ids = " ".join(row.id for row in rows)
    tiles = Region("hob-tiles", "", fingerprint(row_ids), svg=True)
    tiles.html = hexmap.tiles_group("".join(row.marked() for row in rows))
    lit = Region("hob-lit", hexmap.lit_group(parts.lit), fingerprint(parts.lit), svg=True)
    tokens = Region(
        "hob-tokens", hexmap.tokens_group(parts.tokens), fingerprint(parts.tokens), svg=True
    )
    bare = _render(
        "drawing", {**lazy, "map_svg": mark_safe(parts.opening + parts.closing)}, request
    )
    picture = mark_safe(
        parts.opening + tiles.marked() + lit.marked() + tokens.marked() + parts.closing
    )
    drawing = _render("drawing", {**lazy, "map_svg": picture}, request)
    drawn = Region("hob-drawing", drawing, fingerprint(bare))
    tiles.within = lit.within = tokens.within = drawn.id
    for row in rows:
        row.within = tiles.id
    box = _render("words_box", lazy, request)
    box_inline = _render("words_box", context, request) if inline else box
    words = Region("hob-words", box_inline, fingerprint(box))
    # The map (its heading, drawing and words) is a region within its slot: when it moves to
    # its other slot with this phone's turn, the slot is sent with a stand-in for it.
    frame = _render("map", {**lazy, "drawing": "", "words": ""}, request)
    html = _render("map", {**context, "drawing": drawn.marked(), "words": words.marked()}, request)
    section = Region("hob-map", html.strip(), fingerprint(frame))
    drawn.within = words.within = section.id
    here, there = ("a", "b") if screen.my_turn else ("b", "a")
    section.within = f"hob-map-{here}"
    placed = f'<div id="{section.within}">{{}}</div>'
    placed = Region(
        section.within, placed.format(section.marked()), fingerprint(placed.format(section.id))
    )
    empty = f'<div id="hob-map-{there}"></div>'
    empty = Region(f"hob-map-{there}", empty, fingerprint(empty))
    inner = [section, drawn, tiles, *rows, lit, tokens, words]
    # The slot that holds the map first: the map it keeps is taken from the other slot before
    # that one is emptied (see changed()).
    regions += [placed, *inner, empty]
    # Within the actions panel, the parts that stay the same from one panel to the next (the
    # tile's face to type, "Any modifiers?", ending the turn, the loot cards, "More") are
    # regions of their own: a panel drawn anew keeps the phone's (with what was typed in
    # them), and the page's script keeps those a panel leaves out for the next one that has
    # them (tracker/static/tracker/barcadia.js).
    actions = _render("actions", lazy, request)
    shown_actions = _render("actions", context, request) if inline else actions
    held = []
    for id_, name in HELD:
        id_ = next((found for found in _ids(actions) if found.startswith(id_)), "")
        if not id_:
            continue
        part = _render(name, lazy, request)
        if part not in actions:
            continue
        # The panel's fingerprint keeps which part stands where: a panel holding another
        # part (the loot cards playable between turns, not now) is a panel drawn anew.
        actions = actions.replace(part, f"<{id_}>", 1)
        drawn_part = _render(name, context, request) if inline else part
        found = held_part(id_, drawn_part, part)
        if drawn_part in shown_actions:
            shown_actions = shown_actions.replace(drawn_part, found[0].marked(), 1)
        found[0].within = "hob-actions"
        held += found
    regions.append(Region("hob-actions", shown_actions, fingerprint(actions)))
    regions += held
    add("hob-tools", _render("tools", lazy, request))
    # A hero's row holds their cup, name line (with whose turn it is), health and place as
    # regions of their own: a turn handed on redraws two name lines, a hero who moves one
    # line, a hero who drinks their cup and health.
    for hero in screen.heroes:
        row = bare_row = _render("hero", {**lazy, "hero": hero}, request)
        within = f"hob-hero-{hero.seat}"
        lines = []
        for line in _HERO_LINE.finditer(row):
            lines.append(Region(line[2], line[0], fingerprint(line[0]), within=within))
            bare_row = bare_row.replace(line[0], "", 1)
        for line in lines:
            row = row.replace(line.html, line.marked(), 1)
        regions += [Region(within, row, fingerprint(bare_row)), *lines]
    add("hob-dungeon", _render("dungeon", lazy, request))
    return regions


# The parts a phone that plays a hero keeps aside from the start, as its first turn draws them
# (the tile's face to type, ending the turn before the action, the loot cards playable at the
# turn's start, "More"): the answer that hands it its first turn then sends stand-ins for them.
SEEDED = (
    ("face", {}),
    ("turn_end", {"end_way": "early"}),
    ("loot", {"loot_ways": ["between_turns", "your_turn"]}),
    ("more_box", {}),
)


def held_part(id_: str, html: str, lazy: str | None = None) -> list[Region]:
    """A part of the actions panel as a region (its fingerprint of `lazy`, the part as a swap
    draws it, when `html` is drawn for a whole page), and the region it holds if any (the
    names of the loot cards to choose from: they change more often than the part does)."""
    lazy = html if lazy is None else lazy
    inner = _HELD_INNER.search(html)
    if inner is None:
        return [Region(id_, html, fingerprint(lazy))]
    names = Region(inner[1], inner[0], fingerprint(inner[0]), within=id_)
    marked = html.replace(inner[0], names.marked(), 1)
    return [Region(id_, marked, fingerprint(lazy.replace(inner[0], "", 1))), names]


def kept_aside(request: HttpRequest, context: dict, regions: list[Region]) -> SafeString:
    """What the page keeps aside, out of sight, for the panels to come (on a phone that plays a
    hero, the parts its first turn draws, those the page does not show already): a panel that
    needs one then gets a stand-in for the phone's own, the first time as every time after
    (see tracker/static/tracker/barcadia.js)."""
    if not context["screen"].my_heroes:
        return mark_safe("")
    shown = {region.id for region in regions}
    lazy = {**context, "more_inline": False, "csrf_token": get_token(request)}
    aside = []
    for name, extra in SEEDED:
        part = _render(name, {**lazy, **extra}, request)
        found = _ids(part)
        if found and found[0] not in shown:
            aside.append(held_part(found[0], part)[0].marked())
    return mark_safe("".join(aside))


def board(regions: list[Region]) -> dict:
    """The regions as the page template places them."""
    by_id = {region.id: region.marked() for region in regions if not region.within}
    return {
        "you": by_id["hob-you"],
        "map_a": by_id["hob-map-a"],
        "map_b": by_id["hob-map-b"],
        "actions": by_id["hob-actions"],
        "tools": by_id["hob-tools"],
        "heroes": [by_id[r.id] for r in regions if r.id.startswith("hob-hero-")],
        "dungeon": by_id["hob-dungeon"],
    }


def changed(regions: list[Region], shown: dict[str, str] | None) -> SafeString:
    """The regions the phone does not show as they are now, as out-of-band swaps.

    A region sent holds the regions within it: those the phone shows as they are now are
    sent as stand-ins that keep the phone's own (hx-preserve; so the map, when it moves with
    the turn to its other slot, is not sent again); a region within one that the phone keeps
    is sent on its own if it changed. Holders come before what they hold in `regions`.
    """
    # Drawn anew in this answer, in a swap of its own or in its holder's.
    fresh = {r.id for r in regions if shown is None or shown.get(r.id) != r.fp}
    out = []
    by_id = {region.id: region for region in regions}
    for region in regions:
        if region.id not in fresh or region.within in fresh:
            continue  # the phone keeps it, or it comes with its holder
        html = region.marked(oob=True)
        for inner in regions:
            if inner.id in fresh or not _inside(inner, region, by_id, fresh):
                continue
            html = html.replace(inner.marked(), inner.kept, 1)
        out.append(html)
    return mark_safe("".join(out))


def _inside(inner: Region, outer: Region, by_id: dict, fresh: set[str]) -> bool:
    """Whether `inner` is within `outer` with only regions drawn anew between them."""
    holder = inner.within
    while holder:
        if holder == outer.id:
            return True
        if holder not in fresh and holder != outer.id:
            return False
        holder = by_id[holder].within
    return False
