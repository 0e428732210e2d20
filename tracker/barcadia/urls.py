"""Heroes of Barcadia: setting up a table, its seats, the table every phone shows, its history."""

from django.urls import path

from tracker.barcadia.game import GAME
from tracker.barcadia.views import history, setup, table, tiles
from tracker.core.urls import pages_under
from tracker.core.views import record_export

TABLE = "tables/<int:table>/"

urlpatterns = [
    path("tables/new/", setup.table_create, name="hob_create"),
    *pages_under(
        TABLE,
        (
            ("", table.table_page, "hob_table"),
            ("live/", table.live, "hob_live"),
            ("act/<str:action>/", table.act, "hob_act"),
            ("undo/", table.undo, "hob_undo"),
            ("seats/", setup.seat_links, "hob_seats"),
            ("seats/<int:number>/revoke/", setup.seat_revoke, "hob_revoke"),
            ("seats/<int:number>/sit/", setup.seat_sit, "hob_sit"),
            ("pass-phone/", setup.pass_phone, "hob_pass_phone"),
            ("history/", history.history_page, "hob_history"),
            ("rolls/", setup.one_phone_rolls, "hob_one_phone_rolls"),
        ),
    ),
    path(f"{TABLE}export/", record_export, {"game_id": GAME.id}, name="hob_export"),
    path("tiles/", tiles.tiles_page, name="hob_tiles"),
    path("tiles/export/", tiles.tiles_export, name="hob_tiles_export"),
    path("tiles/<int:face>/remove/", tiles.tiles_remove, name="hob_tile_remove"),
]
