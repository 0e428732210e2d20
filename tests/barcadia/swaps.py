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


class Screen:
    """One phone's screen of a table."""

    def __init__(self, client: Client, table: int):
        self.client = client
        self.table = table
        page = client.get(f"/tables/{table}/").content.decode()
        self.version = int(VERSION.search(page)[1])
        self.fps = {match[2]: match[3] for match in REGION.finditer(page)}
        self.regions: dict[str, str] = {}
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
        self.head = text[: starts[0].start()] if starts else text
        for index, match in enumerate(starts):
            end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
            chunk = text[match.start() : end]
            self.regions[match[2]] = chunk
            # A region within this one (the map's drawing) came with it.
            self.fps.update({inner[2]: inner[3] for inner in REGION.finditer(chunk)})
        return len(response.content)

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
    fresh.take(client.get(f"/tables/{table}/live/?v=0", headers={"HX-Request": "true"}))
    return fresh.head, fresh.shown()
