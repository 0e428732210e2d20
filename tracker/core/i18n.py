"""The engines' sentences in the player's language: Django's gettext behind the rules' seam."""

from django.utils.translation import get_language, gettext, ngettext

from tracker.rules.text import Msg, recognise, recognise_within, translate


def say(text) -> str:
    """An engine's sentence (tracker.rules.text.Msg, or plain text) in the active language."""
    if (get_language() or "en").startswith("en"):
        return translate(text, gettext, ngettext)
    if isinstance(text, Msg):
        # A sentence given as a value may have been made plain on its way (stored, or str()).
        text = recognise_within(text)
    elif isinstance(text, str) and text:
        # Read back from a stored state: plain English, its message id found again.
        text = recognise(text)
    return translate(text, gettext, ngettext)
