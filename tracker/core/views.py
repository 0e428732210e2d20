"""The core's own pages: "Your games", importing any game's file, taking a seat at a table, and
the web app manifest in the player's language."""

from __future__ import annotations

import json
import time
from functools import partial
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db.models import Q
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.cache import patch_vary_headers
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_safe

from tracker.core import games, live, seats, uploads
from tracker.core import services as core
from tracker.core.forms import LogFileForm
from tracker.core.web import go, log_file, record_or_404, refusal
from tracker.rules.errors import ReplayError, RuleError

HOME = "core/home.html"
IMPORT = "core/import.html"
JOIN = "core/join.html"


@login_required
@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Your games: every record of every game the player owns or holds a seat at, newest first."""
    sections = []
    for game in games.all_games():
        mine = Q(owner=request.user)
        if game.seat_model is not None:
            mine |= Q(seats__user=request.user)
        records = list(game.record_model.objects.filter(mine).distinct())
        for record in records:
            record.waiting_for = game.waiting_for(record)
            record.is_mine = record.owner_id == request.user.pk
        sections.append({"game": game, "records": records})
    return render(request, HOME, {"sections": sections})


@login_required
@require_http_methods(["GET", "POST"])
def record_import(request: HttpRequest) -> HttpResponse:
    """A record of any game from a file exported by this app; a refused file creates nothing,
    nor does an upload whose answer can't reach the uploader (uploads.still_waiting)."""
    started = time.monotonic()
    posted = request.method == "POST"
    form = LogFileForm(request.POST if posted else None, request.FILES if posted else None)
    if posted and form.is_valid():
        text = form.cleaned_data["log_file"]
        try:
            prepared = core.record_import_prepare(text=text, share=core.WEB_IMPORT_SHARE)
        except ReplayError as error:
            kind = error.action.get("type", "?") if isinstance(error.action, dict) else "?"
            form.add_error(
                "log_file",
                _(
                    "Action %(number)s in the file (%(kind)s) was refused — %(error)s. "
                    "Nothing was imported."
                )
                % {"number": error.index + 1, "kind": kind, "error": refusal(error.error)},
            )
        except (RuleError, ValueError) as error:
            form.add_error(
                "log_file", _("%(error)s. Nothing was imported.") % {"error": refusal(error)}
            )
        else:
            earlier = core.earlier_imports(
                game=prepared.game, owner=request.user, digest=prepared.digest
            )
            try:
                record = core.record_import_write(
                    prepared=prepared,
                    owner=request.user,
                    still_wanted=uploads.still_waiting(request, started),
                )
            except core.ImportAbandoned:
                return uploads.abandoned()
            messages.success(request, _("%(name)s was imported.") % {"name": record.name})
            for before in earlier[-1:]:
                messages.warning(
                    request,
                    _(
                        "This file was imported before, as “{name}” (imported {when}): this is "
                        "another copy. Delete one of them if you didn't mean to."
                    ).format(
                        name=before.name,
                        when=date_format(
                            localtime(before.imported_at), pgettext("date format", "j M, H:i")
                        ),
                    ),
                )
            return go(request, prepared.game.url(record))
    status = 400 if posted else 200
    return render(
        request,
        f"{IMPORT}#import-form" if request.htmx and posted else IMPORT,
        {"form": form, "games": games.all_games()},
        status=200 if request.htmx else status,
    )


@never_cache
@require_GET
def record_export(request: HttpRequest, game_id: str, **record: int) -> HttpResponse:
    """A record's whole log as a file to keep, or to import again (/import/): its owner's alone,
    since a shared table's log holds every loot name noted (HT-15). The record's id comes under
    the name its game's URLs give it."""
    game = games.get(game_id)
    if not request.user.is_authenticated:
        if game.seat_model is not None:
            raise Http404(f"No such {game.noun}.")  # a table's page is never a log-in page
        return redirect_to_login(request.get_full_path())
    (record_id,) = record.values()
    found = record_or_404(request, game=game, record_id=record_id)
    return log_file(game=game, record=found)


@require_http_methods(["GET", "POST"])
def seat_join(request: HttpRequest, game_id: str, token: str) -> HttpResponse:
    """Take a seat at a shared table with the link (or QR code) the host showed.

    A phone (or an account) holds one seat of a table: opening another seat's link says which
    seat it switches to and frees the one it held on confirming (the form sends back the
    number of the seat it gives up; asked again if that changed meanwhile).
    """
    try:
        game = games.get(game_id)
    except KeyError:
        raise Http404("no such game") from None
    if game.seat_model is None:
        raise Http404("this game has no seats")
    seat = game.seat_model.objects.filter(join_token=token).first()
    if seat is None:
        return render(request, JOIN, {"game": game, "seat": None}, status=404)
    record = getattr(seat, seats._fk(game))
    held = seats.seat_held(request, game=game, record=record)
    if held is not None and held.pk == seat.pk:
        held = None
    context = {
        "game": game,
        "seat": seat,
        "record": record,
        "held": held,
        "table_url": game.url(record),
    }
    if request.method == "POST":
        if held is not None and request.POST.get("leave") != str(held.number):
            return render(request, JOIN, context, status=409)
        try:
            seat, key = seats.seat_take(game=game, token=token, user=request.user, leaving=held)
        except seats.SeatError as error:
            return render(request, JOIN, {**context, "error": str(error)}, status=409)
        response = redirect(game.url(record))
        if key is not None:
            seats.remember_guest(response, game=game, seat=seat, key=key)
        if held is not None:
            messages.success(
                request,
                _("You sit as %(name)s; %(old)s's seat is free for someone else.")
                % {"name": seat.name, "old": held.name},
            )
        else:
            messages.success(request, _("You sit as %(name)s.") % {"name": seat.name})
        return response
    return render(request, JOIN, context)


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest (a phone can put the app on its home screen), in the page's language.

    Its id and start URL are the home page's whatever the language, so a phone that installed
    the app in one language keeps the same app in the other.
    """
    document = {
        "name": _("Card table companion"),
        "short_name": _("Card table"),
        "description": _(
            "A companion at the table for card games played with real cards: it keeps the "
            "record, says what to do next, and can deal for you."
        ),
        "lang": request.LANGUAGE_CODE,
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": "#f6f3ec",
        "background_color": "#f6f3ec",
        "icons": [
            {
                "src": static("tracker/icon-192.png"),
                "sizes": "192x192",
                "type": "image/png",
                "purpose": "any",
            },
            {
                "src": static("tracker/icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "any",
            },
            {"src": static("tracker/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=2),
        content_type="application/manifest+json; charset=utf-8",
    )
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response


@require_GET
def ca_certificate(request: HttpRequest) -> HttpResponse:
    """The certificate authority a phone installs once to trust the app's HTTPS on the LAN
    (`TLS=on`); public by nature, so no sign-in. Not found when the app serves plain http."""
    if not settings.TLS_CERTFILE:
        raise Http404("The app is not served over HTTPS.")
    authority = Path(settings.TLS_CERTFILE).with_name("ca.crt")
    if not authority.is_file():
        raise Http404("No certificate authority of this computer's.")
    return FileResponse(
        authority.open("rb"),
        content_type="application/x-x509-ca-cert",
        as_attachment=True,
        filename="card-table-companion-ca.crt",
    )


@never_cache
@require_GET
def live_follow(request: HttpRequest, game_id: str, record: int) -> HttpResponse:
    """A screen's stream of one record's changes (`?v=`: the version it shows): held open, an
    event each time the record moves on (tracker/core/live.py)."""
    try:
        game = games.get(game_id)
    except KeyError:
        raise Http404("no such game") from None

    def seen_now() -> tuple[int, str] | None:
        return seats.following(request, game=game, record_id=record) or game.may_follow(
            request, record
        )

    seen = seen_now()
    if seen is None:
        if game.seat_model is not None and seats.seat_lost(request, game=game, record_id=record):
            # A browser's stream ends for good on a 403; the phone's next check shows why.
            words = _("The host freed this phone's seat.")
            return HttpResponse(words, status=403, content_type="text/plain; charset=utf-8")
        raise Http404("no such record")
    version, who = seen
    shown = request.GET.get("v", "")
    try:
        follower = live.HUB.follow(
            game_id=game.id,
            record_id=record,
            told=int(shown) if shown.isdigit() else 0,
            who=who,
            address=live.follower_address(request),
            nearby=game.nearby(record),
        )
    except live.Crowded:
        response = HttpResponse(
            _("Too many live screens from this address: this one asks now and then instead."),
            status=429,
            content_type="text/plain; charset=utf-8",
        )
        response["Retry-After"] = "60"
        return response
    # The events must leave as they come, not wait in gzip's buffer.
    request.META["HTTP_ACCEPT_ENCODING"] = ""

    def still_following() -> int | None:
        again = seen_now()
        return None if again is None else again[0]

    return live.LiveStream(
        follower=follower,
        version=version,
        access=still_following,
        gone_words=_("This screen can't follow the game any more."),
        nearby=partial(game.nearby, record),
    )
