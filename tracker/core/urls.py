"""The core's pages: Your games, importing any game's file, taking a seat at a table, the
manifest."""

from collections.abc import Callable, Iterable

from django.urls import URLPattern, path

from tracker.core import views


def pages_under(prefix: str, pages: Iterable[tuple[str, Callable, str]]) -> list[URLPattern]:
    """A record's pages, each (route, view, name), their routes under the record's `prefix`."""
    return [path(prefix + route, view, name=name) for route, view, name in pages]


urlpatterns = [
    path("", views.home, name="home"),
    # The home was once Card RPG's character list: the old name still finds it.
    path("", views.home, name="character_list"),
    path("import/", views.record_import, name="import"),
    path("join/<str:game_id>/<str:token>/", views.seat_join, name="seat_join"),
    # A screen's live stream of a record's changes (tracker/core/live.py).
    path("live/<str:game_id>/<int:record>/", views.live_follow, name="live"),
    # The web app manifest, in the player's language (base.html links it).
    path("manifest.webmanifest", views.manifest, name="manifest"),
    # This computer's certificate authority, for a phone to trust (README: HTTPS on the LAN).
    path("ca.crt", views.ca_certificate, name="ca_certificate"),
]
