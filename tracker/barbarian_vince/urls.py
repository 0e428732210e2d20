"""Barbarian Vince: adventures, the adventure screen, the card catalogue and history."""

from django.urls import path

from tracker.barbarian_vince.game import GAME
from tracker.barbarian_vince.views import adventures, cards, deck, history, play
from tracker.core.views import record_export

urlpatterns = [
    path("adventures/", adventures.adventure_list, name="bv_list"),
    path("adventures/new/", adventures.adventure_new, name="bv_new"),
    path("adventures/deck/", deck.deck_page, name="bv_deck"),
    path("adventures/deck/export/", deck.deck_export, name="bv_deck_export"),
    path("adventures/deck/shared/<str:token>/", deck.deck_shared, name="bv_deck_shared"),
    path("adventures/<int:adventure>/", play.play, name="bv_play"),
    path("adventures/<int:adventure>/act/<str:action>/", play.act, name="bv_act"),
    path("adventures/<int:adventure>/undo/", play.undo, name="bv_undo"),
    path("adventures/<int:adventure>/cards/", cards.cards, name="bv_cards"),
    path("adventures/<int:adventure>/cards/add/", cards.card_add, name="bv_card_add"),
    path("adventures/<int:adventure>/cards/bring/", cards.deck_bring, name="bv_deck_bring"),
    path("adventures/<int:adventure>/history/", history.history_page, name="bv_history"),
    path("adventures/<int:adventure>/history/log/", history.history_log, name="bv_log"),
    path(
        "adventures/<int:adventure>/history/undo-to/<int:seq>/",
        history.history_undo_to,
        name="bv_undo_to",
    ),
    path(
        "adventures/<int:adventure>/export/",
        record_export,
        {"game_id": GAME.id},
        name="bv_export",
    ),
    path("adventures/<int:adventure>/delete/", adventures.adventure_delete, name="bv_delete"),
]
