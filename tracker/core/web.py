"""What every game's views do alike: find the player's record or answer 404, say a refusal or
"changed on another screen" in the player's words, answer a POST with a redirect htmx follows,
and hand a record's log, or any other file, over to keep."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csp import get_nonce
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect

from tracker.core import services as core
from tracker.core.games import Game
from tracker.core.i18n import say
from tracker.core.names import export_file_name
from tracker.rules.errors import RuleError


def record_or_404(request: HttpRequest, *, game: Game, record_id: int):
    """The player's own record; another player's answers exactly like a missing one (404)."""
    try:
        return core.record_get(game=game, record_id=record_id, owner=request.user)
    except game.record_model.DoesNotExist:
        raise Http404(f"No such {game.noun}.") from None


def changed_elsewhere() -> str:
    """What a screen says when another screen wrote first and it was drawn again."""
    return _("This changed on another screen — here is where it stands now.")


def refusal(error: Exception) -> str:
    """A refusal's words in the player's language (a rule's ID stays as it is)."""
    if isinstance(error, RuleError):
        return f"{error.rule}: {say(error.message)}"
    if len(error.args) == 1 and isinstance(error.args[0], str):
        return say(error.args[0])
    return str(error)


def said_after_post(
    request: HttpRequest, *, refused: str = "", changed: str = "", done: Iterable[str] = ()
) -> None:
    """What a plain (not htmx) post's answer says on the page its redirect draws.

    A refusal is an error message tagged with the address the refused form posted to (the
    request's path): the page draws it in sight at the top, and refusal.js puts it beside that
    form, so that a tap sent before the page's scripts ran is refused where it was made too.
    """
    if changed:
        messages.warning(request, changed)
    elif refused:
        messages.error(request, refused, extra_tags=request.path)
    else:
        for words in done:
            if words:
                messages.info(request, words)


def go(request: HttpRequest, url: str) -> HttpResponse:
    """After a successful POST: a redirect (Post/Redirect/Get), made by htmx in the browser
    for an htmx request (a whole new page, not a swap)."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def page_or_part(
    request: HttpRequest, template: str, partial: str, context: dict, *, status: int = 200
) -> HttpResponse:
    """The whole page, or for htmx only its `partial` (the region the swap replaces)."""
    return render(
        request, f"{template}#{partial}" if request.htmx else template, context, status=status
    )


def form_page(
    request: HttpRequest, template: str, partial: str, context: dict, *, refused: bool
) -> HttpResponse:
    """The page, or for htmx only its `partial`; a refused plain POST answers 400.

    htmx swaps only 2xx answers, so a refused htmx request stays 200 to show its errors.
    """
    status = 400 if refused and not request.htmx else 200
    return page_or_part(request, template, partial, context, status=status)


def posted(request: HttpRequest):
    """The POST data to bind a form to (even when empty), or None for a GET."""
    return request.POST if request.method == "POST" else None


def nonce(request: HttpRequest) -> str:
    """The request's Content-Security-Policy nonce for a chart's <style>, if there is one."""
    value = get_nonce(request)  # None without the CSP middleware
    return "" if value is None else str(value)  # str() makes the policy name it


def number(value: str | None) -> int | None:
    """A whole number from a query string, or None for one missing or not a number."""
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def file_download(
    text: str, filename: str, *, content_type: str = "application/json; charset=utf-8"
) -> HttpResponse:
    """`text` handed over as a file named `filename`, to keep rather than to show."""
    response = HttpResponse(text, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=filename
    )
    return response


def log_file(*, game: Game, record) -> HttpResponse:
    """The record's whole log as a file to keep, or to import again (a cardrpg-log file)."""
    # A name is the player's free text: keep it out of any path the browser might build,
    # and no override or invisible mark in the file name (tracker/core/names.py).
    filename = export_file_name(
        record.name, suffix=game.file_suffix, fallback=str(game.file_fallback)
    )
    return file_download(core.record_export(game=game, record=record), filename)
