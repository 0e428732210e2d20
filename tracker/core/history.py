"""What every game's history pages share: its action log read a page at a time, newest first,
and "undo to here" once confirmed.

A game says how a span of its log reads in words (its own lines, one query from the nearest
snapshot); the paging, and the links to the older and newer pages, are the same for all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tracker.core.games import Game
from tracker.core.services import UndoError, VersionConflict
from tracker.core.web import number, page_or_part, record_or_404


@dataclass
class LogPage:
    """A page of the log, newest action first, and where the next older page starts."""

    lines: list
    older: int | None  # pass as `before` for the next page; None on the last page
    newer: int | None  # `before` of the page above this one; None on the newest page
    last_seq: int


def log_page(
    record, lines: Callable[[int, int], list[Any]], *, before: int | None, size: int
) -> LogPage:
    """The `size` actions of `record` before seq `before` (default: the newest), newest first;
    `lines(bottom, top)` gives a span of them in words, oldest first."""
    last = record.last_seq
    top = last if before is None else max(0, min(before - 1, last))
    bottom = max(1, top - size + 1)
    shown = lines(bottom, top) if top >= 1 else []
    shown.reverse()
    return LogPage(
        lines=shown,
        older=bottom if bottom > 1 else None,
        newer=(top + size + 1) if top < last else None,
        last_seq=last,
    )


def log_view(
    request: HttpRequest,
    *,
    game: Game,
    record_id: int,
    template: str,
    page_of: Callable[..., LogPage],
) -> HttpResponse:
    """The record's action log in words, newest first, a page at a time (?before=seq); for
    htmx only the lines, to append. `page_of(record, before=…)` is the game's log_page."""
    record = record_or_404(request, game=game, record_id=record_id)
    page = page_of(record, before=number(request.GET.get("before")))
    return page_or_part(request, template, "lines", {game.noun: record, "page": page})


def log_view_for(
    *, game: Game, record_in_url: str, template: str, page_of: Callable[..., LogPage]
) -> Callable[..., HttpResponse]:
    """A game's log view (log_view above) for its URL, which names the record `record_in_url`."""

    @login_required
    @require_GET
    def history_log(request: HttpRequest, **url) -> HttpResponse:
        """The action log in words, newest first, a page at a time (?before=seq)."""
        record_id = url[record_in_url]
        return log_view(request, game=game, record_id=record_id, template=template, page_of=page_of)

    return history_log


def paged(request: HttpRequest, rows, size: int) -> Page:
    """The page of `rows` the query string asks for (?page=), `size` to a page."""
    return Paginator(rows, size).get_page(request.GET.get("page"))


def history_or_older(
    request: HttpRequest,
    template: str,
    partial: str,
    context: dict,
    *,
    charts: Callable[[], list],
    recent: Callable[[], LogPage],
) -> HttpResponse:
    """The history page; for htmx ("Older …") only its `partial`, the rows to append in place
    of the button. The charts and the latest actions are drawn for the whole page alone."""
    if request.htmx:
        return render(request, f"{template}#{partial}", context)
    context["charts"] = charts()
    context["recent"] = recent()
    return render(request, template, context)


@dataclass
class UndoTo:
    """What a confirmation of "undo to here" came to: the record as it stands, the form to
    draw, what to say and the answer's status; `done` once the log was cut back."""

    record: Any
    form: Any
    problem: str = ""
    status: int = 200
    done: bool = False


def undo_to_confirmed(
    request,
    *,
    record,
    form,
    undo: Callable[[int], Any],
    changed: str,
    refused: Callable[[Exception], str],
) -> UndoTo:
    """Carry out a POSTed "undo to here" whose `form` holds the version the page showed:
    `undo(version)` goes back and returns the record. A page out of date (`changed` says so),
    an undo refused (`refused` words the UndoError) or an incomplete confirmation writes
    nothing and asks again on top of the record as it stands."""
    again = type(form)
    if request.method != "POST":
        return UndoTo(record, form)
    if not form.is_valid():
        problem = _("Nothing was undone: the confirmation was incomplete. Please confirm again.")
        return UndoTo(record, again(initial={"version": record.version}), problem, 400)
    try:
        record = undo(form.cleaned_data["version"])
    except VersionConflict as error:
        record = error.record
        return UndoTo(record, again(initial={"version": record.version}), changed, 409)
    except UndoError as error:
        return UndoTo(record, form, refused(error), 400)
    return UndoTo(record, form, done=True)
