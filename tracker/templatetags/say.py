"""``{{ refusal|say }}``: an engine's sentence in the player's language; ``{{ names|listing }}``:
names or cards in a row as that language writes a list."""

from django import template

from tracker.core.i18n import listing as listing_text
from tracker.core.i18n import say as say_text

register = template.Library()


@register.filter
def say(text) -> str:
    """Translate an engine's sentence (tracker.rules.text.Msg); other text comes back as it is."""
    return say_text(text)


@register.filter
def listing(items, kind=None) -> str:
    """Names or cards in a row as the player's language writes a list: ``{{ cards|listing }}``,
    ``{{ names|listing:"and" }}``, ``{{ choices|listing:"or" }}`` (tracker.core.i18n.listing)."""
    return listing_text(items, kind or None)
