"""The engines' sentences in the player's language: Django's gettext behind the rules' seam."""

from django.utils.translation import gettext, ngettext

from tracker.rules.text import translate


def say(text) -> str:
    """An engine's sentence (tracker.rules.text.Msg, or plain text) in the active language."""
    return translate(text, gettext, ngettext)
