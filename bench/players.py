"""Simulated players: they use the app only as a phone's browser does, through HTTP and htmx.

A player signs up, creates a character, switches on "the app deals for me" and then plays: it
reads the forms of the screen (the whole page, or the prompt an htmx swap answered with), picks
one the way a person would (the app's deal button when there is one, else an attack, an item,
end of turn, a save…), and posts it with the form's hidden fields — the state `version` and
the CSRF token — plus the CSRF header htmx sends. Nothing is read from the database: the
player knows only what the screens show.

Every write the app acknowledges (an answer whose screen shows the next version) goes into the
player's ledger with the log position it must have, so a checker (bench/verify.py) can later
prove that nothing acknowledged was lost. A request that got no answer (the server died) is
settled by reading the page again: a version one higher means it was committed after all.

Standard library only (http.client, html.parser), so the tests need no extra package; the same
Player also runs in-process over Django's test client (DjangoTransport) to count queries.
"""

from __future__ import annotations

import http.client
import json
import random
import re
import time
import urllib.parse
from dataclasses import dataclass, field
from html.parser import HTMLParser

# The deal button's label names the action the virtual table fills in (tracker.card_rpg.play_screen).
DEAL_TYPES = {
    "Shuffle and deal my hand": "start_session",
    "Look at the cards I drew": "note_hand",
    "Turn the next monster": "reveal_monster",
    "Roll the monster's HP": "roll_monster_hp",
    "Turn the card": "turn",
    "Roll for my new HP": "level_up",
}
# How often a player picks each kind of form when the app has no card or dice to deal.
WEIGHTS = {
    "attack": 8,
    "save": 6,
    "keep_hand": 2,
    "use_item": 1,
    "end_turn": 1,
    "accept_death": 1,
    "buy_top": 2,
    "buy_back": 0.2,
    "sell": 0.3,
    "end_session": 0.05,
}
PLAY_PATH = re.compile(r"/characters/(\d+)/")
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")


class ServerGone(Exception):
    """The server did not answer at all (refused or dropped the connection)."""


@dataclass
class Response:
    """What came back: status, lower-cased headers, body and the time it took."""

    status: int
    headers: dict[str, str]
    body: bytes
    elapsed: float
    queries: int = -1  # SQL queries it ran (DjangoTransport with measure=True only)
    control: int = 0  # and the transaction-control statements beside them (BEGIN, COMMIT)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class HttpTransport:
    """One loopback HTTP server, a cookie jar, a new connection per request (as gunicorn's sync
    workers close each one anyway)."""

    def __init__(self, host: str, port: int, timeout: float = 30.0):
        if host not in ("127.0.0.1", "localhost"):
            raise ValueError("simulated players only talk to this machine (127.0.0.1)")
        self.host, self.port, self.timeout = host, port, timeout
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, data: list | None = None, headers: dict | None = None
    ) -> Response:
        """Send one request; ServerGone if no answer came."""
        sent = {"Host": f"{self.host}:{self.port}", "Accept-Encoding": "identity"}
        sent |= headers or {}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        start = time.perf_counter()
        connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            connection.request(method, path, body=body, headers=sent)
            answer = connection.getresponse()
            payload = answer.read()
        except (OSError, http.client.HTTPException) as exc:
            raise ServerGone(f"{method} {path}: {exc!r}") from exc
        finally:
            connection.close()
        elapsed = time.perf_counter() - start
        for name, value in answer.getheaders():
            if name.lower() == "set-cookie":
                pair = value.split(";", 1)[0]
                key, _, val = pair.partition("=")
                self.cookies[key.strip()] = val.strip()
        got = {name.lower(): value for name, value in answer.getheaders()}
        return Response(answer.status, got, payload, elapsed)

    def csrf_cookie(self) -> str:
        return self.cookies.get("csrftoken", "")


class DjangoTransport:
    """The same interface over Django's test client, for in-process measurements."""

    def __init__(self, client, *, measure: bool = False):
        self.client = client
        self.measure = measure

    def request(
        self, method: str, path: str, data: list | None = None, headers: dict | None = None
    ) -> Response:
        """Send one request through the test client."""
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        values: dict[str, list[str]] = {}
        for key, value in data or []:
            values.setdefault(key, []).append(value)
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            if method == "GET":
                answer = self.client.get(path, headers=headers or {})
            else:
                answer = self.client.post(path, values, headers=headers or {})
            elapsed = time.perf_counter() - start
        got = {name.lower(): value for name, value in answer.items()}
        # Transaction control (SQLite's BEGIN IMMEDIATE and COMMIT, savepoints) is counted apart:
        # PostgreSQL's driver sends none of it as a statement, so only queries compare.
        sqls = [q["sql"] for q in queries.captured_queries]
        control = sum(sql.startswith(TRANSACTION_CONTROL) for sql in sqls)
        count = len(sqls) - control if self.measure else -1
        return Response(answer.status_code, got, answer.content, elapsed, count, control)

    def csrf_cookie(self) -> str:
        cookie = self.client.cookies.get("csrftoken")
        return cookie.value if cookie else ""


# --- reading the screen --------------------------------------------------------------------


@dataclass
class Form:
    """One <form>: where it posts, its fields and its submit buttons."""

    action: str
    hx: bool
    classes: str
    fields: list[dict] = field(default_factory=list)
    buttons: list[dict] = field(default_factory=list)

    def kind(self) -> str:
        """The action a form posts: deal, undo, virtual, or an engine action type."""
        path = self.action.rstrip("/")
        last = path.rsplit("/", 1)[-1]
        if last == "deal" and any(f["name"] == "buy_top" for f in self.fields):
            return "buy_top_peek"
        return last

    def value(self, name: str) -> str | None:
        for f in self.fields:
            if f["name"] == name:
                return f["value"]
        return None

    @staticmethod
    def _ticked(f: dict, ticked: list[str] | None) -> bool:
        """A box as the page drew it, or (for an attack) ticked if its card was chosen."""
        if ticked is None:
            return f["checked"]
        return f["name"] == "card" and f["value"] in ticked

    def payload(self, button: dict | None = None, ticked: list[str] | None = None) -> list:
        """What the browser posts: hidden and text fields, ticked boxes, the pressed button."""
        data = []
        for f in self.fields:
            kind = f["type"]
            if f["disabled"] or not f["name"]:
                continue
            typed = kind in ("hidden", "text", "number", "")
            if typed or (kind in ("checkbox", "radio") and self._ticked(f, ticked)):
                data.append((f["name"], f["value"]))
        if button and button.get("name"):
            data.append((button["name"], button["value"]))
        return data


class ScreenParser(HTMLParser):
    """Collects the forms of a page or swap, and the markers a player reads."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._button: dict | None = None
        self.csrf_header = ""
        self.more_url = ""
        self.testids: set[str] = set()
        self._select: dict | None = None
        self.seq: int | None = None  # the log's length the prompt was drawn at (data-seq)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-testid" in a:
            self.testids.add(a["data-testid"])
        if a.get("id") == "play-prompt" and (a.get("data-seq") or "").isdigit():
            self.seq = int(a["data-seq"])
        if tag == "body" and a.get("hx-headers"):
            match = re.search(r'"X-CSRFToken":\s*"([^"]+)"', a["hx-headers"])
            self.csrf_header = match.group(1) if match else ""
        elif tag == "details" and "more" in (a.get("class") or "") and a.get("hx-get"):
            self.more_url = a["hx-get"]
        elif tag == "form":
            self._form = Form(
                action=a.get("hx-post") or a.get("action") or "",
                hx="hx-post" in a,
                classes=a.get("class") or "",
            )
            self.forms.append(self._form)
        elif self._form is not None and tag == "input":
            self._form.fields.append(
                {
                    "name": a.get("name") or "",
                    "type": (a.get("type") or "text").lower(),
                    "value": a.get("value") or ("on" if a.get("type") == "checkbox" else ""),
                    "checked": "checked" in a,
                    "disabled": "disabled" in a,
                }
            )
        elif self._form is not None and tag == "button":
            self._button = {
                "name": a.get("name") or "",
                "value": a.get("value") or "",
                "type": a.get("type") or "submit",
                "disabled": "disabled" in a,
                "text": "",
            }
            self._form.buttons.append(self._button)

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "button":
            self._button = None

    def handle_data(self, data):
        if self._button is not None:
            self._button["text"] += data


def parse_screen(html: str) -> ScreenParser:
    """The forms and markers of a page or swap."""
    parser = ScreenParser()
    parser.feed(html)
    parser.close()
    return parser


def screen_version(screen: ScreenParser) -> int | None:
    """The state version the screen was drawn at (every play form carries it)."""
    for form in screen.forms:
        value = form.value("version")
        if value is not None and value.isdigit():
            return int(value)
    return None


# --- the player ----------------------------------------------------------------------------


@dataclass
class Sample:
    """One request a player made: what, how long, how big, and how it went."""

    kind: str
    seconds: float
    status: int
    size: int
    outcome: str  # ok (a write acknowledged), refused, conflict, read, error
    at: float = 0.0  # wall-clock time the request was sent
    queries: int = -1


class PlayerError(Exception):
    """The app answered in a way a player could not go on from."""


@dataclass
class Ledger:
    """What the player knows the server committed for its character."""

    character_id: int = 0
    version: int = 0
    seq: int = 0  # the log position of the newest action (1 = the creation)
    acked: list[dict] = field(default_factory=list)  # still in the log, in seq order
    pending: dict | None = None  # a write sent whose answer never came
    needs_count: bool = False  # an undo went through: the log's length must be read again
    committed_unacked: int = 0
    problems: list[str] = field(default_factory=list)

    def apply(
        self, write: dict, version: int, before: int, *, acked: bool = True, seq: int | None = None
    ) -> None:
        """Record a committed write that moved the version from `before` to `version`.

        An action post is one write: the action posted, and at the app's table the steps the
        app then takes by itself in the same transaction (cards turned, dice rolled, a look at
        the cards drawn). `seq` is the log's length the answer shows; without it, one entry per
        version step is assumed. An undo may take back more than one entry, so the log's
        length is read again afterwards (`recount`). A table switch writes no entry.
        """
        if write["kind"] == "undo":
            self.needs_count = True
        elif write["kind"] != "virtual":
            # The action posted is one of the entries written (the app's own follow it).
            span = seq - self.seq if seq is not None and seq > self.seq else version - before
            for step in range(span):
                self.seq += 1
                entry = {"seq": self.seq, "version": min(before + step + 1, version), "type": None}
                if step == span - 1:
                    entry |= {"type": write["type"], "span": span}
                self.acked.append(entry | {"acked": acked})
        if not acked:
            self.committed_unacked += 1
        self.version = version

    def recount(self, length: int) -> None:
        """The log holds `length` entries now (after an undo): forget what was taken back."""
        self.seq = length
        self.acked = [entry for entry in self.acked if entry["seq"] <= length]
        self.needs_count = False

    def to_dict(self) -> dict:
        return {
            "character_id": self.character_id,
            "version": self.version,
            "seq": self.seq,
            "acked": self.acked,
            "pending": self.pending,
            "problems": self.problems,
        }


class Player:
    """One simulated player with their own account and character."""

    def __init__(
        self,
        transport,
        name: str,
        *,
        seed: int = 0,
        password: str = "bench-Pass-7319!",
        undo_rate: float = 0.02,
        reload_every: int = 40,
        more_rate: float = 0.03,
    ):
        self.http = transport
        self.name = name
        self.password = password
        self.rng = random.Random(seed)
        self.seed = seed
        self.undo_rate = undo_rate
        self.reload_every = reload_every
        self.more_rate = more_rate
        self.ledger = Ledger()
        self.screen: ScreenParser | None = None
        self.csrf = ""
        self.samples: list[Sample] = []
        self.actions = 0
        self.stuck = 0

    # -- plumbing -------------------------------------------------------------------------

    def _record(self, kind: str, response: Response, outcome: str) -> None:
        self.samples.append(
            Sample(
                kind,
                response.elapsed,
                response.status,
                len(response.body),
                outcome,
                time.time() - response.elapsed,
                response.queries,
            )
        )

    def _htmx_headers(self, target: str = "play-prompt") -> dict:
        pk = self.ledger.character_id
        return {
            "HX-Request": "true",
            "HX-Target": target,
            "HX-Current-URL": f"http://127.0.0.1/characters/{pk}/play/",
            "X-CSRFToken": self.csrf or self.http.csrf_cookie(),
        }

    def _form_token(self, html: str) -> str:
        match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
        if not match:
            raise PlayerError("no CSRF token in the form")
        return match.group(1)

    # -- account and character ------------------------------------------------------------

    def sign_up(self) -> None:
        """Create the account through the sign-up form (which also logs in)."""
        page = self.http.request("GET", "/accounts/signup/")
        token = self._form_token(page.text)
        answer = self.http.request(
            "POST",
            "/accounts/signup/",
            [
                ("csrfmiddlewaretoken", token),
                ("username", self.name),
                ("password1", self.password),
                ("password2", self.password),
            ],
            {"Referer": "http://127.0.0.1/accounts/signup/"},
        )
        self._record("signup", answer, "ok" if answer.status == 302 else "error")
        if answer.status != 302:
            raise PlayerError(f"sign-up answered {answer.status}")

    def log_in(self) -> None:
        """Log in through Django's login form."""
        page = self.http.request("GET", "/accounts/login/")
        token = self._form_token(page.text)
        answer = self.http.request(
            "POST",
            "/accounts/login/",
            [("csrfmiddlewaretoken", token), ("username", self.name), ("password", self.password)],
        )
        self._record("login", answer, "ok" if answer.status == 302 else "error")
        if answer.status != 302:
            raise PlayerError(f"login answered {answer.status}")

    def create_character(self) -> int:
        """Create a character with rolled-looking dice; returns its id."""
        page = self.http.request("GET", "/characters/new/")
        form = next(f for f in parse_screen(page.text).forms if "create-form" in f.classes)
        classes = sorted({f["value"] for f in form.fields if f["name"] == "class_card"})
        data = [
            (name, value)
            for name, value in form.payload()
            if name not in ("name", "class_card") and not name.endswith(("_die_1", "_die_2"))
        ]
        data += [
            ("name", f"Bench {self.name}"),
            ("class_card", self.rng.choice(classes)),
            ("str_die_1", str(self.rng.randint(1, 6))),
            ("hp_die_1", str(self.rng.randint(1, 6))),
        ]
        answer = self.http.request("POST", "/characters/new/", data)
        self._record("create", answer, "ok" if answer.status == 302 else "error")
        match = PLAY_PATH.search(answer.headers.get("location", ""))
        if answer.status != 302 or not match:
            raise PlayerError(f"creating a character answered {answer.status}")
        self.ledger.character_id = int(match.group(1))
        self.ledger.version = 1
        self.ledger.seq = 1
        self.ledger.acked.append({"seq": 1, "version": 1, "type": "create_character"})
        return self.ledger.character_id

    def play_url(self) -> str:
        return f"/characters/{self.ledger.character_id}/play/"

    def load_page(self) -> Response:
        """GET the whole play page (a reload); adopts its version."""
        answer = self.http.request("GET", self.play_url())
        self._record("page", answer, "read" if answer.status == 200 else "error")
        if answer.status != 200:
            raise PlayerError(f"the play page answered {answer.status}")
        self.screen = parse_screen(answer.text)
        self.csrf = self.screen.csrf_header or self.csrf
        return answer

    def switch_virtual_on(self) -> None:
        """Let the app deal (a seeded virtual table, so a run can be repeated)."""
        if self.screen is None:
            self.load_page()
        form = next(f for f in self.screen.forms if f.kind() == "virtual")
        data = [(k, v) for k, v in form.payload() if k != "seed"]
        data.append(("seed", str(self.seed)))
        self._post(form.action, data, {"kind": "virtual", "type": None})

    def start(self, *, sign_up: bool = True) -> None:
        """Sign up (or log in), create a character, open it and switch the virtual deck on."""
        self.sign_up() if sign_up else self.log_in()
        self.create_character()
        self.load_page()
        self.switch_virtual_on()

    # -- playing --------------------------------------------------------------------------

    def _post(self, url: str, data: list, write: dict) -> Sample:
        before = self.ledger.version
        self.ledger.pending = {**write, "from_version": before}
        answer = self.http.request("POST", url, data, self._htmx_headers())
        kind = write["kind"] if write["kind"] != "deal" else f"deal:{write['type']}"
        screen = parse_screen(answer.text) if answer.status == 200 else None
        version = screen_version(screen) if screen else None
        if version is None:
            # A failed answer may still have come after a commit: settle it from the page.
            self._record(kind, answer, "error")
            sample = self.samples[-1]
            self.ledger.problems.append(f"{kind} answered HTTP {answer.status} without a screen")
            self.resync()
            return sample
        self.ledger.pending = None
        if "conflict" in screen.testids:
            outcome = "conflict"
            self.ledger.problems.append(f"{kind}: conflict at version {before} (one screen only)")
            self.ledger.version = version
        elif version > before:
            outcome = "ok"
            self.ledger.apply(write, version, before, seq=screen.seq)
        elif version == before:
            outcome = "refused" if "error" in screen.testids else "read"
        else:
            outcome = "error"
            self.ledger.problems.append(f"{kind}: version went back from {before} to {version}")
            self.ledger.version = version
        self._record(kind, answer, outcome)
        sample = self.samples[-1]
        self.screen = screen
        if self.ledger.needs_count:
            self.count_log()
        return sample

    def count_log(self) -> int:
        """Read the log's length as the player can: the export download (after an undo)."""
        answer = self.http.request("GET", f"/characters/{self.ledger.character_id}/export/")
        self._record("export", answer, "read" if answer.status == 200 else "error")
        if answer.status != 200:
            raise PlayerError(f"the export answered {answer.status}")
        length = len(json.loads(answer.body)["actions"])
        self.ledger.recount(length)
        return length

    def resync(self) -> str:
        """After a request with no answer: read the page and settle the write in flight."""
        pending = self.ledger.pending
        self.load_page()  # may raise ServerGone again: the write stays pending till it answers
        self.ledger.pending = None
        version = screen_version(self.screen)
        if pending is None or version == pending["from_version"]:
            verdict = "not committed"
        elif version is not None and version > pending["from_version"]:
            self.ledger.apply(
                pending, version, pending["from_version"], acked=False, seq=self.screen.seq
            )
            verdict = "committed"
        else:
            verdict = f"version {version} after {pending['from_version']}"
            self.ledger.problems.append(f"after a lost answer: {verdict}")
        if version is not None:
            self.ledger.version = version
        if self.ledger.needs_count:
            self.count_log()
        return verdict

    def _choose(self) -> tuple[Form, list, dict] | None:
        """A form to submit now, the fields to post, and the write it is."""
        forms = self.screen.forms if self.screen else []
        by_kind: dict[str, list[Form]] = {}
        for form in forms:
            by_kind.setdefault(form.kind(), []).append(form)
        if "undo" in by_kind and self.ledger.seq > 2 and self.rng.random() < self.undo_rate:
            form = by_kind["undo"][0]
            return form, form.payload(), {"kind": "undo", "type": None}
        if "deal" in by_kind:
            form = by_kind["deal"][0]
            label = " ".join(form.buttons[0]["text"].split()) if form.buttons else ""
            return form, form.payload(), {"kind": "deal", "type": DEAL_TYPES.get(label)}
        options = [(kind, by_kind[kind][0]) for kind in WEIGHTS if kind in by_kind]
        if "buy_top_peek" in by_kind:
            options.append(("buy_top_peek", by_kind["buy_top_peek"][0]))
        if not options:
            return None
        weights = [WEIGHTS.get(kind, 0.5) for kind, _ in options]
        kind, form = self.rng.choices(options, weights)[0]
        if kind == "buy_top_peek":
            return form, form.payload(), {"kind": "buy_top_peek", "type": None}
        if kind == "attack":
            hand = [f["value"] for f in form.fields if f["name"] == "card" and not f["disabled"]]
            if not hand:
                return None
            card = self.rng.choice(hand)
            ticked = [card]
            if self.rng.random() < 0.5:  # a combo: every card of that rank in the hand
                ticked = [c for c in hand if c[:-1] == card[:-1] and not c.startswith("JK")]
            return form, form.payload(ticked=ticked), {"kind": "attack", "type": "attack"}
        buttons = [b for b in form.buttons if b["name"] and not b["disabled"]]
        button = self.rng.choice(buttons) if buttons else None
        return form, form.payload(button), {"kind": kind, "type": kind}

    def step(self) -> Sample:
        """Take one action the screen offers (reloading or opening "More" now and then)."""
        if self.screen is None or (self.reload_every and self.actions % self.reload_every == 0):
            self.load_page()
            self.actions += 1
            return self.samples[-1]
        if self.screen.more_url and self.rng.random() < self.more_rate:
            answer = self.http.request("GET", self.screen.more_url, None, self._htmx_headers())
            self._record("more", answer, "read" if answer.status == 200 else "error")
            if answer.status == 200:
                extra = parse_screen(answer.text)
                self.screen.forms.extend(extra.forms)
                self.screen.more_url = ""
            return self.samples[-1]
        choice = self._choose()
        if choice is None:
            # Nothing to tap on this screen: reload it; if that is no better, step back.
            self.stuck += 1
            if self.stuck % 3 == 0:
                undo = next((f for f in self.screen.forms if f.kind() == "undo"), None)
                if undo is not None:
                    return self._post(undo.action, undo.payload(), {"kind": "undo", "type": None})
            self.load_page()
            return self.samples[-1]
        form, data, write = choice
        self.actions += 1
        return self._post(form.action, data, write)
