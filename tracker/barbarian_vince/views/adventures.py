"""The player's adventures: the list, a new adventure with its table rules, export and delete.

Each view validates a form, calls one service and renders one template; htmx gets only the
region it swaps, any other request the whole page, so every URL works without JavaScript.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from tracker.barbarian_vince import services
from tracker.barbarian_vince.forms import AdventureForm, VersionForm
from tracker.barbarian_vince.models import Adventure
from tracker.barbarian_vince.play_screen import heading
from tracker.barbarian_vince.views.play import owned
from tracker.core.i18n import say
from tracker.core.names import export_file_name
from tracker.rules.errors import RuleError

LIST = "barbarian_vince/list.html"
NEW = "barbarian_vince/new.html"
DELETE = "barbarian_vince/delete.html"


def go(request: HttpRequest, url: str) -> HttpResponse:
    """After a successful POST: a redirect (made by htmx in the browser for an htmx request)."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@login_required
@require_GET
def adventure_list(request: HttpRequest) -> HttpResponse:
    """The player's own adventures, newest first, each with where it stands."""
    adventures = [
        {"adventure": adventure, "heading": heading(adventure.state)}
        for adventure in Adventure.objects.filter(owner=request.user).only(
            "pk", "name", "state", "updated_at", "imported_at"
        )
    ]
    return render(request, LIST, {"adventures": adventures})


@login_required
@require_http_methods(["GET", "POST"])
def adventure_new(request: HttpRequest) -> HttpResponse:
    """A new adventure: its name and the table rules, each saying what it changes."""
    form = AdventureForm(request.POST if request.method == "POST" else None)
    refused = False
    if request.method == "POST":
        if form.is_valid():
            try:
                adventure = services.adventure_create(
                    owner=request.user, name=form.cleaned_data["name"], ruleset=form.ruleset()
                )
            except RuleError as error:
                form.add_error(None, f"{error.rule}: {say(error.message)}")
            else:
                return go(request, reverse("tracker:bv_play", args=[adventure.pk]))
        refused = True
    status = 400 if refused and not request.htmx else 200
    template = f"{NEW}#form" if request.htmx else NEW
    return render(request, template, {"form": form}, status=status)


@login_required
@require_GET
def adventure_export(request: HttpRequest, adventure: int) -> HttpResponse:
    """The adventure's whole log as a file to keep (a cardrpg-log file naming the game)."""
    record = owned(request, adventure)
    text = services.adventure_export(adventure=record)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    # A name is the player's free text: keep it out of any path the browser might build,
    # and no override or invisible mark in the file name (tracker/core/names.py).
    filename = export_file_name(record.name, suffix=".barbarian-vince.json", fallback="adventure")
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=filename
    )
    return response


@login_required
@require_http_methods(["GET", "POST"])
def adventure_delete(request: HttpRequest, adventure: int) -> HttpResponse:
    """Delete an adventure for good, after a confirmation (POST with the version shown)."""
    record = owned(request, adventure)
    form = VersionForm(
        request.POST if request.method == "POST" else None, initial={"version": record.version}
    )
    problem = ""
    if request.method == "POST":
        if form.is_valid() and request.POST.get("confirm"):
            try:
                services.adventure_delete(
                    adventure_id=record.pk,
                    owner=request.user,
                    expected_version=form.cleaned_data["version"],
                )
            except services.VersionConflict as error:
                record = error.record
                problem = _("This changed on another screen — here is where it stands now.")
            else:
                messages.success(request, _("%(name)s was deleted.") % {"name": record.name})
                return go(request, reverse("tracker:bv_list"))
        else:
            problem = _("Tick the box to confirm, then delete.")
        form = VersionForm(initial={"version": record.version})
    status = 400 if problem and not request.htmx else 200
    context = {"adventure": record, "form": form, "problem": problem}
    return render(request, DELETE, context, status=status)
