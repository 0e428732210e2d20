"""Card RPG – Advanced: characters, the play screen and history."""

from django.urls import path

from tracker.card_rpg.views import characters, history, play

urlpatterns = [
    path("characters/new/", characters.character_create, name="character_create"),
    path("characters/import/", characters.character_import, name="character_import"),
    path("characters/<int:pk>/", characters.character_detail, name="character_detail"),
    path("characters/<int:pk>/rename/", characters.character_rename, name="character_rename"),
    path("characters/<int:pk>/delete/", characters.character_delete, name="character_delete"),
    path("characters/<int:pk>/export/", characters.character_export, name="character_export"),
    path("characters/<int:pk>/play/", play.play, name="play"),
    path("characters/<int:pk>/play/undo/", play.undo, name="play_undo"),
    path("characters/<int:pk>/play/virtual/", play.virtual, name="play_virtual"),
    path("characters/<int:pk>/play/deal/", play.deal, name="play_deal"),
    path("characters/<int:pk>/play/pick/<str:action>/", play.pick, name="play_pick"),
    path("characters/<int:pk>/play/<str:action>/", play.play_action, name="play_action"),
    path("characters/<int:pk>/discard/", play.discard_pile, name="discard_pile"),
    path("characters/<int:pk>/history/", history.history_page, name="history"),
    path("characters/<int:pk>/history/log/", history.history_log, name="history_log"),
    path(
        "characters/<int:pk>/history/undo-to/<int:seq>/",
        history.history_undo_to,
        name="history_undo_to",
    ),
    path("characters/<int:pk>/record-sheet/", history.record_sheet, name="record_sheet"),
]
