"""The host's pages: setting up a table, and its seats (join links as QR codes, revoking, the
host's own seat, one phone passed round).

Only creating a table needs an account (the host's). The seat pages are the host's alone: to
anyone else they answer 404, like a table that does not exist.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from tracker.barcadia import services
from tracker.barcadia.forms import TableForm
from tracker.barcadia.play_screen import Screen
from tracker.barcadia.seat_cards import seat_rows
from tracker.barcadia.views.table import table_access
from tracker.core import seats
from tracker.rules.barcadia.ruleset import CHOICES, DEFAULTS, FULL_HP_CHOICES, RULES
from tracker.rules.errors import RuleError

CREATE = "barcadia/create.html"
SEATS = "barcadia/seats.html"

# What each table rule changes, one line a choice (section 11 of the rules).
OPTION_WORDS = {
    "turn_order": {
        "by_roll": gettext_lazy("Everyone rolls; play goes from the highest roll down."),
        "clockwise": gettext_lazy(
            "Only the first player comes from the roll; then round the table in seating order."
        ),
    },
    "small_dungeon": {
        "by_players": gettext_lazy("With 2 or 3 players the dungeon is 30 tiles, else 50."),
        "never": gettext_lazy("Always the full 50 tiles."),
    },
    "boss_level": {
        "ignore": gettext_lazy("The higher roll beats a boss; its level is only noted."),
        "add": gettext_lazy("The boss's level is added to the boss player's roll."),
    },
    "portal": {
        "any_time": gettext_lazy("A portal once a turn, before or after your action."),
        "on_arrival": gettext_lazy("Only from a portal you entered this turn."),
    },
    "trap_removal": {
        "always": gettext_lazy("A trap goes once it is rolled for, disarmed or sprung."),
        "disarmed_only": gettext_lazy("A sprung trap stays for the next hero who enters."),
    },
    "rooms": {
        "one_hero": gettext_lazy("One hero a room: duel to get past."),
        "shared": gettext_lazy("A move may end where another hero stands, never pass through."),
    },
}
# Each choice's name on the set-up page (the ruleset keeps the contract's words).
CHOICE_NAMES = {
    "by_roll": gettext_lazy("By the rolls"),
    "clockwise": gettext_lazy("Clockwise"),
    "by_players": gettext_lazy("By the number of players"),
    "never": gettext_lazy("Never"),
    "ignore": gettext_lazy("Ignore the level"),
    "add": gettext_lazy("Add the level"),
    "any_time": gettext_lazy("Any time"),
    "on_arrival": gettext_lazy("On arrival"),
    "always": gettext_lazy("Always removed"),
    "disarmed_only": gettext_lazy("Removed when disarmed"),
    "one_hero": gettext_lazy("One hero"),
    "shared": gettext_lazy("Shared"),
}
OPTION_TITLES = {
    "full_hp": gettext_lazy("Full line of the cup (HP)"),
    "turn_order": gettext_lazy("Turn order"),
    "small_dungeon": gettext_lazy("Small dungeon"),
    "boss_level": gettext_lazy("Boss level"),
    "portal": gettext_lazy("Portals"),
    "trap_removal": gettext_lazy("Traps"),
    "rooms": gettext_lazy("Heroes in a room"),
}


def _rules_form(posted: dict) -> list[dict]:
    """The table-rule options as the set-up page lists them, with what was chosen."""
    options = []
    for option, default in DEFAULTS.items():
        chosen = posted.get(option, str(default))
        if option == "full_hp":
            choices = [(str(value), str(value), "") for value in FULL_HP_CHOICES]
        else:
            choices = [
                (value, CHOICE_NAMES[value], OPTION_WORDS[option][value])
                for value in CHOICES[option]
            ]
        options.append(
            {
                "key": option,
                "rule": RULES[option],
                "title": OPTION_TITLES[option],
                "choices": choices,
                "chosen": chosen,
                "default": str(default),
            }
        )
    return options


@login_required
@never_cache
@require_http_methods(["GET", "POST"])
def table_create(request: HttpRequest) -> HttpResponse:
    """Set up a table: the heroes in seating order with their signature moves, the table rules."""
    form = TableForm(request.POST if request.method == "POST" else None)
    error = rule = ""
    if request.method == "POST":
        try:
            table = services.table_create(
                owner=request.user,
                name=form.name(),
                players=form.players(),
                ruleset=form.ruleset(),
            )
        except RuleError as refusal:
            error, rule = refusal.message, refusal.rule
        else:
            messages.success(request, _("The table is set. Show each friend their seat's code."))
            return redirect("tracker:hob_seats", table=table.pk)
    context = {
        "heroes": form.heroes(),
        "options": _rules_form(form.options()),
        "name": form.name(),
        "error": error,
        "rule": rule,
    }
    return render(request, CREATE, context, status=400 if error else 200)


def _host_access(request: HttpRequest, table: int) -> seats.Access:
    """The table if this request is its host's, else 404 (a seat holder sees no join links)."""
    access = table_access(request, table)
    if not access.is_owner:
        raise Http404("no such table")
    return access


@never_cache
@require_http_methods(["GET"])
def seat_links(request: HttpRequest, table: int) -> HttpResponse:
    """The host's seat list: each hero's join link and QR code, who holds it, revoke."""
    access = _host_access(request, table)
    record = access.record
    rows = seat_rows(request, record)
    screen = Screen(access)
    context = {
        "table": record,
        "rows": rows,
        "screen": screen,
        "host_seated": any(row["seat"].user_id == request.user.pk for row in rows),
    }
    return render(request, SEATS, context)


@never_cache
@require_POST
def seat_revoke(request: HttpRequest, table: int, number: int) -> HttpResponse:
    """Free a seat: a new link and code; the phone that held it holds it no more."""
    access = _host_access(request, table)
    try:
        seat = services.seat_revoke(table_id=access.record.pk, owner=request.user, number=number)
    except access.record.seats.model.DoesNotExist:
        raise Http404("no such seat") from None
    messages.success(
        request,
        _("%(hero)s's seat is free again, with a new link: the old one opens nothing.")
        % {"hero": seat.name},
    )
    return redirect("tracker:hob_seats", table=access.record.pk)


@never_cache
@require_POST
def seat_sit(request: HttpRequest, table: int, number: int) -> HttpResponse:
    """The host takes one of the table's free seats with their own account."""
    access = _host_access(request, table)
    try:
        seat = services.seat_take_for_host(table=access.record, owner=request.user, number=number)
    except access.record.seats.model.DoesNotExist:
        raise Http404("no such seat") from None
    except seats.SeatError as error:
        messages.error(request, str(error))
        return redirect("tracker:hob_seats", table=access.record.pk)
    messages.success(request, _("You sit as %(hero)s.") % {"hero": seat.name})
    return redirect("tracker:hob_table", table=access.record.pk)


# What each of the host's switches says once flipped: (on, off).
SWITCH_WORDS = {
    "pass_phone": (
        gettext_lazy("This phone now acts for every hero: pass it round."),
        gettext_lazy("Each hero acts from the phone holding their seat."),
    ),
    "one_phone_rolls": (
        gettext_lazy("The roller's phone now enters both dice of a roll."),
        gettext_lazy("Each side now rolls on their own phone."),
    ),
}


def _switch(request: HttpRequest, table: int, switch: str) -> int:
    """Flip one of the host's switches as posted, say so; the table's id."""
    access = _host_access(request, table)
    on = request.POST.get("on") == "on"
    services.table_switch_set(table_id=access.record.pk, owner=request.user, switch=switch, on=on)
    messages.success(request, SWITCH_WORDS[switch][0 if on else 1])
    return access.record.pk


@never_cache
@require_POST
def pass_phone(request: HttpRequest, table: int) -> HttpResponse:
    """Switch "pass one phone around" on or off: the host's phone acting for every hero."""
    table_id = _switch(request, table, "pass_phone")
    back = request.POST.get("back") == "table"
    return redirect("tracker:hob_table" if back else "tracker:hob_seats", table=table_id)


@never_cache
@require_POST
def one_phone_rolls(request: HttpRequest, table: int) -> HttpResponse:
    """Table rule: the roller's phone enters both dice of a two-sided roll, or each phone its
    own part (team battles, boss fights, duels)."""
    return redirect("tracker:hob_seats", table=_switch(request, table, "one_phone_rolls"))
