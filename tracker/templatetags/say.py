"""``{{ refusal|say }}``: an engine's sentence in the player's language."""

from django import template

from tracker.core.i18n import say as say_text

register = template.Library()


@register.filter
def say(text) -> str:
    """Translate an engine's sentence (tracker.rules.text.Msg); other text comes back as it is."""
    return say_text(text)
