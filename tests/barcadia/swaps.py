"""A phone's table screen as the page's script keeps it, for tests and the bench: the live head
and each region by id, each answer's out-of-band regions swapped in, and the fingerprints sent
back with every request (tracker.barcadia.regions)."""

from __future__ import annotations

import re

from django.test import Client

from tracker.barcadia import regions
from tracker.barcadia.regions import SEEN_HEADER

REGION = re.compile(r'<(\w+) id="(hob-[\w-]+)" data-fp="([0-9a-f]+)"')
OOB = re.compile(r'<(\w+) id="(hob-[\w-]+)" data-fp="([0-9a-f]+)" hx-swap-oob="true"')
VERSION = re.compile(r'<div id="hob-live"[^>]* data-version="(\d+)"')
UNSEEN = regions._UNSEEN
# Parts of the actions panel the page's script keeps when a panel leaves them out (and the
# region a part holds: the loot cards' names, kept with it).
STASHED = ("hob-face", "hob-mods", "hob-duel", "hob-end-", "hob-loot-", "hob-more", "hob-cards-")
KEPT = re.compile(r'<(?:i|g) id="(hob-[\w-]+)" hx-preserve></(?:i|g)>')


def _end(html: str, start: int, tag: str) -> int:
    """Where the element opening at `start` closes."""
    depth, at = 0, start
    opening, closing = re.compile(rf"<{tag}[\s>]"), f"</{tag}>"
    while True:
        next_open = opening.search(html, at + 1)
        next_close = html.find(closing, at + 1)
        if next_close < 0:
            return len(html)
        if next_open and next_open.start() < next_close:
            depth, at = depth + 1, next_open.start()
        elif depth:
            depth, at = depth - 1, next_close
        else:
            return next_close


def nesting(html: str) -> dict[str, set[str]]:
    """The regions (and stand-ins) within each region of `html`."""
    spans = {m[2]: (m.start(), _end(html, m.start(), m[1])) for m in REGION.finditer(html)}
    spans.update({m[1]: (m.start(), m.end()) for m in KEPT.finditer(html)})
    return {
        outer: {inner for inner, (s, _e) in spans.items() if inner != outer and a < s < b}
        for outer, (a, b) in spans.items()
    }


class Screen:
    """One phone's screen of a table."""

    def __init__(self, client: Client, table: int):
        self.client = client
        self.table = table
        page = client.get(f"/tables/{table}/").content.decode()
        self.version = int(VERSION.search(page)[1])
        self.fps = {match[2]: match[3] for match in REGION.finditer(page)}
        self.regions: dict[str, str] = {}
        self.inside = nesting(page)  # the regions each region holds
        self.head = ""

    def headers(self) -> dict:
        seen = " ".join(f"{region}:{fp}" for region, fp in self.fps.items())
        return {"HX-Request": "true", SEEN_HEADER: seen}

    def take(self, response) -> int:
        """Swap an answer in (as htmx does); its size in bytes."""
        assert response.status_code == 200, response.status_code
        text = response.content.decode()
        self.answer = text
        self.version = int(VERSION.match(text.lstrip())[1])
        starts = list(OOB.finditer(text))
        head = text[: starts[0].start()] if starts else text
        self.head = head.rstrip().removesuffix("<template><svg>")  # a picture's group comes first
        # Kept anywhere in the answer (a stand-in keeps the phone's own, with what that
        # holds, wherever it was: the map moving to its other slot keeps its drawing).
        kept_anywhere = self.within({inner[1] for inner in KEPT.finditer(text)})
        for index, match in enumerate(starts):
            end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
            chunk = text[match.start() : end]
            self.regions[match[2]] = chunk
            # What the region held is gone, but for what comes with it: drawn anew, or kept.
            now = nesting(chunk)
            for inner in self.inside.get(match[2], set()) - kept_anywhere:
                if inner.startswith(STASHED) and inner not in set(now.get(match[2], ())):
                    continue  # the page's script keeps it, hidden, for the next panel
                self.fps.pop(inner, None)
            self.fps.update({inner[2]: inner[3] for inner in REGION.finditer(chunk)})
            # What each region drawn in the chunk holds now: what came with it, and what the
            # stand-ins within it hold.
            stand_ins = {inner[1] for inner in KEPT.finditer(chunk)}
            self.inside.update(
                {
                    region[2]: now[region[2]] | self.within(now[region[2]] & stand_ins)
                    for region in REGION.finditer(chunk)
                }
            )
        return len(response.content)

    def within(self, regions: set[str]) -> set[str]:
        """`regions` and every region they hold, however deep."""
        found, todo = set(), list(regions)
        while todo:
            region = todo.pop()
            if region not in found:
                found.add(region)
                todo += self.inside.get(region, ())
        return found

    def post(self, path: str, data: dict):
        return self.client.post(f"/tables/{self.table}/{path}", data, headers=self.headers())

    def check(self) -> int | None:
        """The live check: None when nothing moved, else the answer's size."""
        response = self.client.get(
            f"/tables/{self.table}/live/?v={self.version}", headers=self.headers()
        )
        if response.status_code == 204:
            return None
        return self.take(response)

    def shown(self) -> dict[str, str]:
        """Every region received, as drawn (without what is new on each request: the CSRF
        token, the version)."""
        return {region: _plain(html) for region, html in self.regions.items()}

    def last(self) -> dict[str, str]:
        """The regions of the newest answer, as drawn."""
        starts = list(OOB.finditer(self.answer))
        return {
            match[2]: _plain(
                self.answer[
                    match.start() : (
                        starts[i + 1].start() if i + 1 < len(starts) else len(self.answer)
                    )
                ]
            )
            for i, match in enumerate(starts)
        }


def _plain(html: str) -> str:
    html = html.replace(' hx-swap-oob="true"', "").strip()
    html = html.removesuffix("<template><svg>").removesuffix("</svg></template>")
    return UNSEEN.sub("", html.removesuffix("<template><svg>").strip())


def whole_view(client: Client, table: int) -> tuple[str, dict[str, str]]:
    """The live head and every region drawn afresh for this phone (no fingerprints sent)."""
    fresh = Screen.__new__(Screen)
    fresh.client, fresh.table, fresh.fps, fresh.regions = client, table, {}, {}
    fresh.inside = {}
    fresh.take(client.get(f"/tables/{table}/live/?v=0", headers={"HX-Request": "true"}))
    return fresh.head, fresh.shown()
