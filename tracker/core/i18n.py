"""The engines' sentences in the player's language: Django's gettext behind the rules' seam."""

from django.utils.translation import get_language, gettext, ngettext

from tracker.rules.text import Msg, recognise, translate


def say(text) -> str:
    """An engine's sentence (tracker.rules.text.Msg, or plain text) in the active language."""
    if not isinstance(text, Msg) and isinstance(text, str) and text:
        if (get_language() or "en").startswith("en"):
            return text
        # Read back from a stored state: plain English, its message id found again.
        text = recognise(text)
    return translate(text, gettext, ngettext)
