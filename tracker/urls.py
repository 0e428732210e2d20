"""URLs of the tracker app."""

from django.urls import path

from tracker.views import characters

app_name = "tracker"

urlpatterns = [
    path("", characters.character_list, name="character_list"),
]
