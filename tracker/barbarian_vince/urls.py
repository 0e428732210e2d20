"""Barbarian Vince: adventures, the adventure screen, the card catalogue and history."""

from django.urls import path
from django.views.generic import RedirectView

from tracker.barbarian_vince.game import GAME
from tracker.barbarian_vince.views import adventures, cards, deck, history, play
from tracker.core.urls import pages_under
from tracker.core.views import record_export

ADVENTURE = "adventures/<int:adventure>/"

urlpatterns = [
    # The adventures are listed on Your games with every other game's; the old list's address
    # stays for bookmarks.
    path(
        "adventures/",
        RedirectView.as_view(
            pattern_name="tracker:home", permanent=True, http_method_names=["get", "head"]
        ),
        name="bv_list",
    ),
    path("adventures/new/", adventures.adventure_new, name="bv_new"),
    path("adventures/deck/", deck.deck_page, name="bv_deck"),
    path("adventures/deck/export/", deck.deck_export, name="bv_deck_export"),
    path("adventures/deck/shared/<str:token>/", deck.deck_shared, name="bv_deck_shared"),
    *pages_under(
        ADVENTURE,
        (
            ("", play.play, "bv_play"),
            ("act/<str:action>/", play.act, "bv_act"),
            ("undo/", play.undo, "bv_undo"),
            ("cards/", cards.cards, "bv_cards"),
            ("cards/add/", cards.card_add, "bv_card_add"),
            ("cards/bring/", cards.deck_bring, "bv_deck_bring"),
            ("history/", history.history_page, "bv_history"),
            ("history/log/", history.history_log, "bv_log"),
            ("history/undo-to/<int:seq>/", history.history_undo_to, "bv_undo_to"),
            ("delete/", adventures.adventure_delete, "bv_delete"),
        ),
    ),
    path(f"{ADVENTURE}export/", record_export, {"game_id": GAME.id}, name="bv_export"),
]
