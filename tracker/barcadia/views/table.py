"""The table screen every phone shows: the page, its live check, one action per POST, and undo.

Views of a shared table never ask for an account: a guest's phone holds its seat in a signed
cookie, and `seats.access` answers 404 to anyone who is neither the host nor seated. An action
is for the hero its `player` names; a phone may post it only for a seat it holds (or, when the
host passes one phone round, the host's phone for anyone). htmx requests get the live head and
the regions of the screen that changed on that phone (tracker.barcadia.regions); plain ones
are redirected to the page (post/redirect/get), so back and refresh never apply an action
twice. Every form names the version it was drawn from (a swapped-in one, the newest version
the phone holds, sent by the page's script).
"""

from __future__ import annotations

import functools
import logging
import random

from django.db import OperationalError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import push_url

from tracker.barcadia import forms, regions, roll_parts, services
from tracker.barcadia.game import GAME
from tracker.barcadia.play_screen import Screen, undone_screen
from tracker.barcadia.seat_cards import seat_rows
from tracker.core import seats
from tracker.core.i18n import listing, sentences
from tracker.core.web import said_after_post
from tracker.rules.barcadia import ACTION_TYPES
from tracker.rules.errors import RuleError
from tracker.rules.text import Msg

logger = logging.getLogger(__name__)
TEMPLATE = "barcadia/table.html"
REFUSED = "barcadia/refused.html"
# The parts a phone fetches alone (?part=): the actions panel, and what a folded part holds.
PARTS = {"actions": "actions", "more": "more", "words": "words", "mods": "mod_rows", "duel": "duel"}
# The app's D20: a die rolled by the view, never by the engine (the log keeps the result).
_DIE = random.SystemRandom()
PLAYABLE = set(ACTION_TYPES) - {"set_up_table"}
SAVED_BEFORE = gettext_lazy("That tap was saved already: here is where it stands now.")


def roll_d20() -> int:
    """One roll of the app's D20."""
    return _DIE.randint(1, 20)


class SeatLost(Http404):
    """This phone held a seat at the table, and the host freed it: the table's own views say
    so (`_seated`); any other view of the table answers it 404, as to anyone without a seat."""

    def __init__(self, hero: str, table: int):
        super().__init__(hero)
        self.hero = hero
        self.table = table


def table_access(request: HttpRequest, table: int) -> seats.Access:
    """The table if this request may see it (host or seated), else 404 — or SeatLost for a
    phone whose seat the host freed (it is told so, not left looking frozen)."""
    try:
        return seats.access(request, game=GAME, record_id=table)
    except Http404:
        hero = seats.seat_lost(request, game=GAME, record_id=table)
        if hero is not None:
            raise SeatLost(hero, table) from None
        raise


def seat_lost_answer(request: HttpRequest, lost: SeatLost) -> HttpResponse:
    """403, saying the seat was freed and how to get one back: for the page's script, in the
    whole table's place (its check and stream stop with the live head); else a page."""
    context = {"hero": lost.hero, "table_id": lost.table}
    if request.htmx:
        return render(request, f"{TEMPLATE}#seat_lost", context, status=403)
    return render(request, "barcadia/seat_lost.html", context, status=403)


def _seated(view):
    """A view of the table that tells a phone whose seat was freed (SeatLost) what happened."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, table: int, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, table, *args, **kwargs)
        except SeatLost as lost:
            return seat_lost_answer(request, lost)

    return wrapped


def _context(request: HttpRequest, screen: Screen, **extra) -> dict:
    # A whole page draws "More" at once; a swap leaves it to be fetched when opened (small).
    return {"table": screen.table, "screen": screen, "more_inline": not request.htmx, **extra}


def _swap(request: HttpRequest, screen: Screen) -> HttpResponse:
    """The live head as it is now, and beside it (out of band) each region of the screen that
    this phone does not show as it is now (all of them to a phone that says nothing of what
    it shows): tracker.barcadia.regions."""
    shown = regions.seen(request)
    # A phone that says what it shows runs the page's script, which sends the CSRF token as a
    # header and the version it holds with every form: its forms need neither.
    context = _context(request, screen, lean=shown is not None)
    head = render_to_string(f"{TEMPLATE}#live", context, request)
    rest = regions.changed(regions.draw(request, context), shown)
    return HttpResponse(head + rest)


def _page(request: HttpRequest, screen: Screen, status: int = 200, **extra) -> HttpResponse:
    """The whole page, its regions marked with their fingerprints."""
    context = _context(request, screen, **extra)
    drawn = regions.draw(request, context)
    context["board"] = {
        **regions.board(drawn),
        "aside": regions.kept_aside(request, context, drawn),
    }
    return render(request, TEMPLATE, context, status=status)


def _answer(request: HttpRequest, screen: Screen, *, status: int = 200) -> HttpResponse:
    """htmx: what changed on this phone; plain: back to the page with the message (PRG)."""
    if request.htmx:
        return _stay(_swap(request, screen))
    rule = f"{screen.error_rule}: " if screen.error_rule else ""
    said_after_post(
        request,
        changed=_("This changed on another phone — here is where it stands now.")
        if screen.conflict
        else "",
        refused=f"{rule}{screen.error}" if screen.error else "",
        done=[screen.notice],
    )
    if screen.undo_confirm or screen.end_confirm:
        # A question, not a change: the page is drawn asking it.
        return _page(request, screen, status=status)
    return redirect("tracker:hob_table", table=screen.table.pk)


def _stay(response: HttpResponse) -> HttpResponse:
    """The page's address stays the table's: the forms are boosted (hx-boost keeps their
    markup small), and a boosted answer would otherwise put the action's URL in the history."""
    return push_url(response, False)


def _chosen(request: HttpRequest) -> tuple[list[int] | None, str]:
    """The hex a tap on the map chose (``?at=q,r``), or why it can't be read."""
    text = request.GET.get("at", "")
    if not text:
        return None, ""
    try:
        return forms.parse_hex(text[:40]), ""
    except forms.InputError as error:
        return None, error.message


@never_cache
@require_GET
@_seated
def table_page(request: HttpRequest, table: int) -> HttpResponse:
    """The whole table on this phone; ``?at=q,r`` is a hex tapped on the map."""
    access = table_access(request, table)
    chosen, problem = _chosen(request)
    screen = Screen(access, chosen=chosen, error=problem, error_rule="HL-02" if problem else "")
    part = PARTS.get(request.GET.get("part", ""))
    if request.htmx and part:
        return render(request, f"{TEMPLATE}#{part}", _context(request, screen))
    # The host's page carries the seats' join links as QR codes (open while one is free and
    # the order is being rolled: friends are still sitting down).
    rows = seat_rows(request, access.record) if access.is_owner else []
    open_seats = screen.phase == "order" and any(not row["seat"].taken for row in rows)
    extra = {"rows": rows, "seats_open": open_seats, "host_seated": bool(access.seats)}
    return _page(request, screen, **extra)


@never_cache
@require_GET
@_seated
def live(request: HttpRequest, table: int) -> HttpResponse:
    """Has the table moved on since version ``?v=``? 204 if not (one indexed read), else what
    changed on this phone (the live head and the regions that differ).

    A check that can't read the table this instant (the database busy with a write) is told
    "nothing new" rather than shown an error: the phone asks again at its next check.
    """
    try:
        return _live(request, table)
    except OperationalError:
        logger.warning("live check of table %s: the database was busy; the phone asks again", table)
        return HttpResponse(status=204)


def _live(request: HttpRequest, table: int) -> HttpResponse:
    version = seats.version_seen(request, game=GAME, record_id=table)
    if version is None:
        hero = seats.seat_lost(request, game=GAME, record_id=table)
        if hero is not None:
            raise SeatLost(hero, table)
        raise Http404("no such table")
    if request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    screen = Screen(table_access(request, table))
    return _swap(request, screen)


def _forbidden(request: HttpRequest, access, hero: str) -> HttpResponse:
    """One seat can't act for another: 403 with words (htmx gets them in its region)."""
    screen = Screen(access)
    mine = listing(screen.my_heroes)
    if mine:
        words = _(
            "This phone sits as %(mine)s: it can't act for %(hero)s. Only %(hero)s's phone can."
        ) % {"mine": mine, "hero": hero}
    else:
        words = _(
            "This phone holds no seat: it can't act for %(hero)s. Take a seat with the host's "
            "link, or ask the host to pass one phone around."
        ) % {"hero": hero}
    if request.htmx:
        screen = Screen(access, error=words, forbidden=True)
        return _stay(_swap(request, screen))
    context = {"table": access.record, "words": words}
    return render(request, REFUSED, context, status=403)


def _notice(dice: forms.Dice) -> str:
    """The app's dice said back: "The app rolled 14 for Ana." """
    return sentences(
        _("The app's D20 rolled %(roll)s for %(hero)s.") % {"roll": roll, "hero": hero}
        for hero, roll in dice.by_app
    )


@never_cache
@require_POST
@_seated
def act(request: HttpRequest, table: int, action: str) -> HttpResponse:
    """Apply one engine action built from what the phone posted."""
    if action not in PLAYABLE:
        raise Http404("no such action")
    access = table_access(request, table)
    form = forms.ActForm(request.POST)
    if not form.is_valid():
        if "version" in form.errors:
            return _answer(request, Screen(access, conflict=True))
        return _answer(request, Screen(access, error=_("That did not work: try again.")))
    record = access.record
    state = record.state
    screen = Screen(access)
    hero = None
    if action != "roll_for_order":
        hero = form.cleaned_data["player"].strip() or screen.acting or ""
        if hero in state["players"] and not screen.may_act_for(hero):
            return _forbidden(request, access, hero)
        if hero not in state["players"] and screen.watching:
            return _forbidden(request, access, hero or _("that hero"))
    if action in roll_parts.KINDS and request.POST.get("step"):
        return _roll_step(request, access, action, hero)
    dice = forms.Dice(request.POST, roll_d20)
    try:
        engine_action = forms.build_action(action, request.POST, state, hero, dice)
        record = services.table_apply(
            table=record,
            action=engine_action,
            heroes=tuple(screen.hero_choices),
            ask_before_idle_end=form.cleaned_data["confirm"] != "yes",
            **form.tap_fields(),
        )
    except services.EndTurnToConfirm:
        return _answer(request, Screen(access, end_confirm=True))
    except (RuleError, forms.InputError) as error:
        # A refused exploration keeps the hex tapped (and the face typed: its part stays).
        chosen = _posted_hex(request) if action == "explore" else None
        screen = Screen(access, error=player_words(error), error_rule=error.rule, chosen=chosen)
        return _answer(request, screen)
    except (services.AlreadyApplied, services.VersionConflict) as unwritten:
        return _as_it_stands(request, access, unwritten)
    access.record = record
    return _answer(request, Screen(access, notice=_notice(dice)))


def _as_it_stands(request: HttpRequest, access, unwritten: Exception) -> HttpResponse:
    """A tap written already (sent again), or drawn at a version the table has moved on from:
    the table as it stands now, saying which."""
    access.record = unwritten.record
    if isinstance(unwritten, services.AlreadyApplied):
        return _answer(request, Screen(access, notice=SAVED_BEFORE))
    return _answer(request, Screen(access, conflict=True))


def _posted_hex(request: HttpRequest) -> list[int] | None:
    try:
        return forms.hex_at(request.POST, "at")
    except forms.InputError:
        return None


def player_words(error) -> str:
    """A refusal in a player's words: a field's name (HL-02's ``tile.level: …``) left out, as
    the box it came from is on the screen (the rule ID is shown beside it)."""
    message = error.message
    if isinstance(message, Msg) and message.msgid == "{field}: {problem}":
        return message.params["problem"]
    return message


def _roll_step(request: HttpRequest, access, action: str, hero: str) -> HttpResponse:
    """One phone's step in a two-sided roll (tracker.barcadia.roll_parts): the explorer names
    the other side (``choose``) or takes it back (``cancel``), or a side gives its part. A part
    acts on the roll the table waits for, not on the version the form was drawn at: it is
    refused only when that roll is no longer waited for (the service checks)."""
    step = request.POST.get("step")
    record = access.record
    dice = forms.Dice(request.POST, roll_d20)
    try:
        if step == "choose":
            other = request.POST.get(roll_parts.OTHER[action], "").strip()[:40]
            record = services.roll_choose(table=record, kind=action, player=hero, other=other)
        elif step == "cancel":
            record = services.roll_cancel(table=record, player=hero)
        else:
            roll = roll_parts.sides(record.state, record.roll_draft)
            parts = forms.roll_parts(request.POST, record.state, hero, roll, dice)
            record = services.roll_part_give(table=record, parts=parts)
    except (RuleError, forms.InputError) as error:
        screen = Screen(access, error=player_words(error), error_rule=error.rule)
        return _answer(request, screen)
    access.record = record
    return _answer(request, Screen(access, notice=_notice(dice)))


@never_cache
@require_POST
@_seated
def undo(request: HttpRequest, table: int) -> HttpResponse:
    """Take back the newest action; another player's is confirmed first."""
    access = table_access(request, table)
    form = forms.ActForm(request.POST)
    if not form.is_valid():
        return _answer(request, Screen(access, conflict=True))
    screen = Screen(access)
    if screen.watching:
        # The host's watching phone takes nothing back (it plays no hero): it says how to.
        words = _("This phone only watches: take a seat, or pass one phone around, to undo.")
        return _answer(request, Screen(access, error=words))
    try:
        record = services.table_undo(
            table=access.record,
            by="" if screen.pass_phone else listing(screen.my_heroes),
            heroes=None if screen.pass_phone else tuple(screen.my_heroes),
            confirmed=form.cleaned_data["confirm"] == "yes",
            **form.drawn_at(),
        )
    except (services.AlreadyApplied, services.VersionConflict) as unwritten:
        return _as_it_stands(request, access, unwritten)
    except services.UndoToConfirm:
        return _answer(request, Screen(access, undo_confirm=True))
    except services.UndoError:
        return _answer(request, Screen(access, error=_("There is nothing to undo yet.")))
    access.record = record
    return _answer(request, undone_screen(access))
