"""The host's tile box: every face entered at their tables, exported and imported as a file."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tracker.barcadia import tile_box
from tracker.barcadia.forms import TilesFileForm
from tracker.barcadia.play_region import reward_words
from tracker.core.i18n import say
from tracker.core.web import file_download
from tracker.rules.barcadia import face_words


@login_required
@require_http_methods(["GET", "POST"])
def tiles_page(request: HttpRequest) -> HttpResponse:
    """The box, and a file to import into it."""
    form = TilesFileForm()
    if request.method == "POST":
        form = TilesFileForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                added, there = tile_box.import_file(
                    owner=request.user, data=form.cleaned_data["tiles_file"]
                )
            except tile_box.TilesRefused as error:
                form.add_error("tiles_file", str(error))
            else:
                messages.success(
                    request,
                    _("%(added)s tiles added, %(there)s already there.")
                    % {"added": added, "there": there},
                )
                return redirect("tracker:hob_tiles")
    rows = [
        {
            "words": say(face_words(row.face)),
            "reward": reward_words(row.face.get("reward") or {}),
            "count": row.count,
            "pk": row.pk,
        }
        for row in tile_box.box(owner=request.user)
    ]
    total = sum(row["count"] for row in rows)
    context = {"rows": rows, "total": total, "form": form}
    return render(request, "barcadia/tiles.html", context, status=400 if form.errors else 200)


@login_required
def tiles_export(request: HttpRequest) -> HttpResponse:
    """The box as a cardrpg-tiles file."""
    return file_download(
        tile_box.export_text(owner=request.user),
        "tile-box.tiles.json",
        content_type="application/json",
    )


@login_required
@require_POST
def tiles_remove(request: HttpRequest, face: int) -> HttpResponse:
    """One tile of a face taken out of the box (a face entered wrongly)."""
    if not tile_box.tile_remove(owner=request.user, face_id=face):
        raise Http404("no such tile in your box")
    return redirect("tracker:hob_tiles")
