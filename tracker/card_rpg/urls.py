"""Card RPG – Advanced: characters, the play screen and history."""

from django.urls import path
from django.views.generic import RedirectView

from tracker.card_rpg.game import GAME
from tracker.card_rpg.views import characters, history, play, table
from tracker.core.views import record_export

urlpatterns = [
    path("characters/new/", characters.character_create, name="character_create"),
    # One import page for every game; the old address stays for bookmarks and old links.
    path(
        "characters/import/",
        RedirectView.as_view(
            pattern_name="tracker:import", permanent=True, http_method_names=["get", "head"]
        ),
        name="character_import",
    ),
    path("characters/<int:pk>/", characters.character_detail, name="character_detail"),
    path("characters/<int:pk>/rename/", characters.character_rename, name="character_rename"),
    path("characters/<int:pk>/delete/", characters.character_delete, name="character_delete"),
    path(
        "characters/<int:pk>/export/", record_export, {"game_id": GAME.id}, name="character_export"
    ),
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
    path("characters/<int:pk>/table/new/", table.table_new, name="rpg_table_new"),
    path("characters/<int:pk>/table/strip/", table.table_strip, name="rpg_strip"),
    path("characters/<int:pk>/table/leave/", table.table_leave, name="rpg_leave"),
    path("characters/<int:pk>/table/rob/<int:other>/", table.table_rob, name="rpg_rob"),
    path(
        "characters/<int:pk>/table/challenge/<int:other>/",
        table.duel_challenge,
        name="rpg_challenge",
    ),
    path("characters/<int:pk>/table/withdraw/", table.duel_withdraw, name="rpg_withdraw"),
    path("characters/<int:pk>/table/answer/<int:other>/", table.duel_answer, name="rpg_answer"),
    path("characters/<int:pk>/table/call-off/", table.duel_call_off, name="rpg_call_off"),
    path("card-tables/<int:pk>/", table.table_page, name="rpg_table"),
    path("card-tables/join/<str:token>/", table.table_join, name="rpg_join"),
]
