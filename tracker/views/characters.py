"""The player's characters."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


@login_required
def character_list(request: HttpRequest) -> HttpResponse:
    """The logged-in player's characters (only their own)."""
    characters = []
    return render(request, "tracker/character_list.html", {"characters": characters})
