"""Card RPG – Advanced: characters, the play screen and history."""

from django.urls import path
from django.views.generic import RedirectView

from tracker.card_rpg.game import GAME
from tracker.card_rpg.views import characters, history, play, table
from tracker.core.urls import pages_under
from tracker.core.views import record_export

CHARACTER = "characters/<int:pk>/"

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
    path(f"{CHARACTER}export/", record_export, {"game_id": GAME.id}, name="character_export"),
    *pages_under(
        CHARACTER,
        (
            ("", characters.character_detail, "character_detail"),
            ("rename/", characters.character_rename, "character_rename"),
            ("delete/", characters.character_delete, "character_delete"),
            ("play/", play.play, "rpg_play"),
            ("play/undo/", play.undo, "rpg_play_undo"),
            ("play/virtual/", play.virtual, "rpg_play_virtual"),
            ("play/deal/", play.deal, "rpg_play_deal"),
            ("play/pick/<str:action>/", play.pick, "rpg_play_pick"),
            ("play/<str:action>/", play.play_action, "rpg_play_action"),
            ("discard/", play.discard_pile, "rpg_discard_pile"),
            ("history/", history.history_page, "rpg_history"),
            ("history/log/", history.history_log, "rpg_history_log"),
            ("history/undo-to/<int:seq>/", history.history_undo_to, "rpg_history_undo_to"),
            ("record-sheet/", history.record_sheet, "rpg_record_sheet"),
            ("table/new/", table.table_new, "rpg_table_new"),
            ("table/strip/", table.table_strip, "rpg_strip"),
            ("table/leave/", table.table_leave, "rpg_leave"),
            ("table/rob/<int:other>/", table.table_rob, "rpg_rob"),
            ("table/challenge/<int:other>/", table.duel_challenge, "rpg_challenge"),
            ("table/withdraw/", table.duel_withdraw, "rpg_withdraw"),
            ("table/answer/<int:other>/", table.duel_answer, "rpg_answer"),
            ("table/call-off/", table.duel_call_off, "rpg_call_off"),
        ),
    ),
    path("card-tables/<int:pk>/", table.table_page, name="rpg_table"),
    path("card-tables/join/<str:token>/", table.table_join, name="rpg_join"),
]
