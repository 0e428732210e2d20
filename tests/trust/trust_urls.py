"""The app's URLs as the trust tests walk them: read from the resolver, never listed by hand,
with each parameter filled from a real character or adventure (its id, real log seqs, every
action type of its game)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.urls import URLPattern, URLResolver, get_resolver

from tracker.barbarian_vince.models import Adventure
from tracker.card_rpg.models import Character
from tracker.card_rpg.views.play import ACTION_FORMS
from tracker.rules.barbarian_vince import ACTION_TYPES as BV_ACTION_TYPES
from tracker.rules.barcadia import ACTION_TYPES as TABLE_ACTION_TYPES

# Not the app's own pages, so not walked here (with the reason):
SKIPPED_PREFIXES = {
    # Django's admin: staff only, with its own permission checks (tests/persistence/…admin).
    "admin/": "the admin is staff-only and tested in tests/persistence",
    # Log-in, sign-up, log-out and password pages are meant for anonymous visitors and hold no
    # character (the throttling of log-in is tested in tests/unit/test_hardening.py).
    "accounts/": "account pages hold no character",
    # Switching the language (a POST from the header's button) holds no record either.
    "language/": "the language switch holds no record (tests/unit/test_languages.py)",
    # The web app manifest: public like the static files (a phone fetches it to install the app).
    "manifest.webmanifest": "the web app manifest holds no record, only the app's name and icons",
    # This computer's certificate authority for HTTPS on the LAN: public by nature (a phone
    # installs it before signing in); tested in tests/unit/test_lan_tls.py.
    "ca.crt": "the certificate authority is public and holds no record",
}

# Pages a visitor without an account may open: a guest takes a seat at a shared table with the
# host's link. Walked with forged links and games without seats: always 404, nothing shown.
PUBLIC_ROUTES = {
    "tracker:seat_join": "a guest joins a table without an account; a forged link gets 404",
    "tracker:rpg_join": "a guest takes a Card RPG seat without an account (T-26); forged: 404",
}
# Old addresses kept for bookmarks: a GET answers a permanent redirect to the page that took
# their place, any other method 405; walked for exactly that, for everyone.
MOVED_ROUTES = {
    "tracker:character_import": "/import/",
    # Barbarian Vince's own list of adventures: Your games lists them now.
    "tracker:bv_list": "/",
}
FORGED_TOKEN = "forged-0123456789abcdefghijklmnop"

# Every action type of rules/actions.md, the play screen's own list, and one the app lacks.
ENGINE_ACTIONS = {
    "create_character",
    "start_session",
    "note_hand",
    "reveal_monster",
    "roll_monster_hp",
    "attack",
    "use_item",
    "sell",
    "turn",
    "end_turn",
    "save",
    "accept_death",
    "keep_hand",
    "level_up",
    "buy_back",
    "buy_top",
    "end_session",
}
ACTIONS = sorted(ENGINE_ACTIONS | set(ACTION_FORMS) | {"no_such_action"})
# Every Barbarian Vince action type (its actions file), and one the game lacks.
BV_ACTIONS = sorted(set(BV_ACTION_TYPES) | {"no_such_action"})
# A shared table's action types (heroes-of-barcadia-actions.md), and one no game has.
TABLE_ACTIONS = sorted(set(TABLE_ACTION_TYPES) | {"no_such_action"})
# Seat numbers a table's host pages take: real ones and one no table has.
SEAT_NUMBERS = [1, 2, 99]

# A POST body that each endpoint would accept from the owner (the right version is added):
# the 404 must come from the ownership check, not from a malformed form.
PLAUSIBLE_FIELDS = {
    "card": "7H",
    "typed": "7h",
    "rank": "7",
    "suit": "H",
    "answer": "yes",
    "item": "7H:H",
    "roll": "on",
    "on": "on",
    "seed": "7",
    "confirm": "on",
    "name": "Taken over",
    "intent": "create",
}


@dataclass(frozen=True)
class Route:
    """One URL pattern of the app: its route text, name and the parameters it takes."""

    route: str
    name: str
    params: tuple[str, ...]

    @property
    def character_scoped(self) -> bool:
        return "pk" in self.params

    @property
    def adventure_scoped(self) -> bool:
        return "adventure" in self.params

    @property
    def scoped(self) -> bool:
        """Whether the route names one record of a player (a character or an adventure), or
        a thing they own beside their records (a face of their tile box)."""
        return self.character_scoped or self.adventure_scoped or "face" in self.params

    @property
    def table_scoped(self) -> bool:
        """A shared table's page: open to its host and seated phones (guests need no account),
        404 to everyone else — never a log-in page."""
        return "table" in self.params or "record" in self.params

    @property
    def record_scoped(self) -> bool:
        """Whether the route names one record: a character, an adventure or a table."""
        return self.scoped or self.table_scoped


def walk(patterns=None, prefix: str = "", namespace: str = "") -> list[Route]:
    """Every URL pattern under the root URLconf, resolvers included, outermost prefix first."""
    routes: list[Route] = []
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        text = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            routes += walk(pattern.url_patterns, text, inner)
        elif isinstance(pattern, URLPattern):
            params = tuple(re.findall(r"<(?:\w+:)?(\w+)>", text))
            routes.append(Route(text, f"{namespace}{pattern.name}", params))
    return routes


def app_routes() -> list[Route]:
    """The routes the walk visits: everything but the skipped prefixes."""
    return [r for r in walk() if not r.route.startswith(tuple(SKIPPED_PREFIXES))]


def seated_games() -> list[str]:
    """The games whose tables have seats (joined with a link)."""
    from tracker.core import games

    return [game.id for game in games.all_games() if game.seat_model is not None]


def _faces(record) -> list[int]:
    from tracker.barcadia.models import TileBoxFace

    owner = getattr(record, "owner_id", None)
    faces = list(TileBoxFace.objects.filter(owner_id=owner).values_list("pk", flat=True))
    return faces or [999_999]


def urls_for(
    route: Route,
    character: Character | None,
    adventure: Adventure | None = None,
    *,
    table=None,
) -> list[str]:
    """Concrete URLs for a route aimed at `character` (or, for an adventure's route, at
    `adventure`; for a shared table's, at `table`): one per value of each parameter."""
    if route.adventure_scoped:
        assert adventure is not None, f"{route.name}: the walk needs an adventure to aim at"
    assert table is not None or not route.table_scoped, f"{route.name}: give the walk a table"
    if route.adventure_scoped:
        record, actions = adventure, BV_ACTIONS
    elif route.table_scoped:
        record, actions = table, TABLE_ACTIONS
    else:
        record, actions = character, ACTIONS
    values = {
        "pk": [character.pk] if character is not None else [],
        "adventure": [adventure.pk] if adventure is not None else [],
        "table": [table.pk if table is not None else 0],
        "number": SEAT_NUMBERS,
        # A real seq of the log: the creation, the middle and the newest action.
        "seq": sorted({1, max(1, record.last_seq // 2), record.last_seq}),
        "action": actions,
        # A game with no seats, one the app does not know, and every game that has seats.
        "game_id": ["card-rpg", "no-such-game", *seated_games()],
        # Any game's record (a live stream): each record the walk aims at.
        "record": sorted(
            {r.pk for r in (character, adventure, table) if r is not None} or {999_999}
        ),
        "token": [FORGED_TOKEN, "x"],
        # The faces of the record's owner's tile box (one that is nobody's if it has none).
        "face": _faces(record),
        # The other character of a step at a Card RPG table: the record itself, and none.
        "other": [character.pk if character is not None else 0, 0],
    }
    unknown = set(route.params) - values.keys()
    assert not unknown, f"{route.name}: teach the ownership walk to fill {sorted(unknown)}"
    urls = ["/" + route.route]
    for param in route.params:
        urls = [
            re.sub(rf"<(?:\w+:)?{param}>", str(value), url, count=1)
            for url in urls
            for value in values[param]
        ]
    return urls
