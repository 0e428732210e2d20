"""Heroes of Barcadia: setting up a table, its seats, the table every phone shows, its history."""

from django.urls import path

from tracker.barcadia.game import GAME
from tracker.barcadia.views import history, setup, table, tiles
from tracker.core.views import record_export

urlpatterns = [
    path("tables/new/", setup.table_create, name="hob_create"),
    path("tables/<int:table>/", table.table_page, name="hob_table"),
    path("tables/<int:table>/live/", table.live, name="hob_live"),
    path("tables/<int:table>/act/<str:action>/", table.act, name="hob_act"),
    path("tables/<int:table>/undo/", table.undo, name="hob_undo"),
    path("tables/<int:table>/seats/", setup.seat_links, name="hob_seats"),
    path("tables/<int:table>/seats/<int:number>/revoke/", setup.seat_revoke, name="hob_revoke"),
    path("tables/<int:table>/seats/<int:number>/sit/", setup.seat_sit, name="hob_sit"),
    path("tables/<int:table>/pass-phone/", setup.pass_phone, name="hob_pass_phone"),
    path("tables/<int:table>/history/", history.history_page, name="hob_history"),
    path("tables/<int:table>/export/", record_export, {"game_id": GAME.id}, name="hob_export"),
    path("tables/<int:table>/rolls/", setup.one_phone_rolls, name="hob_one_phone_rolls"),
    path("tiles/", tiles.tiles_page, name="hob_tiles"),
    path("tiles/export/", tiles.tiles_export, name="hob_tiles_export"),
    path("tiles/<int:face>/remove/", tiles.tiles_remove, name="hob_tile_remove"),
]
