"""URLs of the tracker app: the core's pages and each game's, under one namespace."""

from tracker.barbarian_vince.urls import urlpatterns as barbarian_vince_urls
from tracker.barcadia.urls import urlpatterns as barcadia_urls
from tracker.card_rpg.urls import urlpatterns as card_rpg_urls
from tracker.core.urls import urlpatterns as core_urls

app_name = "tracker"

urlpatterns = [*core_urls, *card_rpg_urls, *barbarian_vince_urls, *barcadia_urls]
