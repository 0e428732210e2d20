"""Drawing playing cards in templates: ``{% card "7H" %}``, ``{{ "QD"|card_text }}``."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext

from tracker.card_rpg.card_words import card_name, card_words, colour
from tracker.core.i18n import say
from tracker.rules import cards as deck

register = template.Library()


@register.simple_tag
def card(code: str, size: str = "", extra_class: str = "", deco: bool = False):
    """A face-up card drawn as a small chip (size "", "lg" or "sm"); `deco` when text beside it names it."""
    classes = " ".join(
        filter(None, ["pc", f"pc-{colour(code)}", size and f"pc-{size}", extra_class])
    )
    if deco:
        # Hidden from screen readers, which read the label beside it instead of the card twice.
        face = "🃏" if deck.is_joker(code) else deck.rank(code)
        mark = ("B" if code == "JK1" else "R") if deck.is_joker(code) else None
        return format_html(
            '<span class="{}" aria-hidden="true"><b>{}</b><i>{}</i></span>',
            classes,
            face,
            mark or deck.SUIT_SYMBOLS[deck.suit(code)],
        )
    if deck.is_joker(code):
        return format_html(
            '<span class="{}" role="img" aria-label="{}"><b>🃏</b><i>{}</i></span>',
            classes,
            card_name(code),
            "B" if code == "JK1" else "R",
        )
    # Rank in <b>, suit in <i> (plain, not italic: cards.css): the shortest markup that keeps
    # them apart, since a swap may draw a whole hand and the discard pile.
    return format_html(
        '<span class="{}" role="img" aria-label="{}"><b>{}</b><i>{}</i></span>',
        classes,
        card_name(code),
        deck.rank(code),
        deck.SUIT_SYMBOLS[deck.suit(code)],
    )


@register.simple_tag
def card_back(count: int | None = None, label: str = "", size: str = ""):
    """A face-down pile, with its count when given."""
    label = label or gettext("face-down cards")
    classes = "pc pc-back" + (f" pc-{size}" if size else "")
    if count is None:
        return format_html('<span class="{}" role="img" aria-label="{}"></span>', classes, label)
    return format_html(
        '<span class="{}" role="img" aria-label="{}: {}"><span class="pc-count">{}</span></span>',
        classes,
        label,
        count,
        count,
    )


@register.filter
def card_text(code: str) -> str:
    """A card as players write it: 7♣, 10♠, Q♥, black Joker."""
    return card_words(code)


@register.filter
def cards_text(codes) -> str:
    """Several cards as text: 7♣, 7♥ and 8♠."""
    return say(deck.cards_text(codes))
