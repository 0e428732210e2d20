"""The engines' sentences in the player's language: Django's gettext behind the rules' seam."""

from django.utils.translation import get_language, gettext, ngettext, pgettext

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


def listing(items) -> str:
    """Names or cards in a row as the language writes a list ("Ana, Bo"; 「Ana、Bo」)."""
    return pgettext("list separator", ", ").join(str(item) for item in items)


def sentences(texts) -> str:
    """Sentences one after another: a space after English ones, none after a Chinese 。！？."""
    joined = ""
    for text in texts:
        joined += ("" if not joined or joined.endswith(("。", "！", "？")) else " ") + text
    return joined
