"""A player's own choices for the app: the language, remembered with their account."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from tracker.core.models import Preferences

LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]


@transaction.atomic
def language_set(*, user, language: str) -> str:
    """Remember `language` for a signed-in player (one of settings.LANGUAGES)."""
    if language not in LANGUAGE_CODES:
        raise ValueError(f"not a language of this app: {language!r}")
    Preferences.objects.update_or_create(user=user, defaults={"language": language})
    return language


def language_of(user) -> str:
    """The language a player chose, or "" if they never did."""
    return Preferences.objects.filter(user=user).values_list("language", flat=True).first() or ""
