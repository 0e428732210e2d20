"""The player's adventures: a new adventure with its table rules, and deleting one (Your games
lists them).

Each view validates a form, calls one service and renders one template; htmx gets only the
region it swaps, any other request the whole page, so every URL works without JavaScript.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tracker.barbarian_vince import services
from tracker.barbarian_vince.forms import AdventureForm, VersionForm
from tracker.barbarian_vince.game import GAME
from tracker.core.web import changed_elsewhere, form_page, go, posted, record_or_404, refusal
from tracker.rules.errors import RuleError

NEW = "barbarian_vince/new.html"
DELETE = "barbarian_vince/delete.html"


@login_required
@require_http_methods(["GET", "POST"])
def adventure_new(request: HttpRequest) -> HttpResponse:
    """A new adventure: its name and the table rules, each saying what it changes."""
    form = AdventureForm(posted(request))
    refused = False
    if request.method == "POST":
        if form.is_valid():
            try:
                adventure = services.adventure_create(
                    owner=request.user, name=form.cleaned_data["name"], ruleset=form.ruleset()
                )
            except RuleError as error:
                form.add_error(None, refusal(error))
            else:
                return go(request, reverse("tracker:bv_play", args=[adventure.pk]))
        refused = True
    return form_page(request, NEW, "form", {"form": form}, refused=refused)


@login_required
@require_http_methods(["GET", "POST"])
def adventure_delete(request: HttpRequest, adventure: int) -> HttpResponse:
    """Delete an adventure for good, after a confirmation (POST with the version shown)."""
    record = record_or_404(request, game=GAME, record_id=adventure)
    form = VersionForm(posted(request), initial={"version": record.version})
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
                problem = changed_elsewhere()
            else:
                messages.success(request, _("%(name)s was deleted.") % {"name": record.name})
                return go(request, reverse("tracker:home"))
        else:
            problem = _("Tick the box to confirm, then delete.")
        form = VersionForm(initial={"version": record.version})
    status = 400 if problem and not request.htmx else 200
    context = {"adventure": record, "form": form, "problem": problem}
    return render(request, DELETE, context, status=status)
