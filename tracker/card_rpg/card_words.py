"""Card RPG's playing cards in the player's words: "7♣", "Queen of Spades", "black Joker" (the
screens', the history's and the charts'; the template tags in tracker/templatetags/cards.py
draw them)."""

from django.utils.translation import gettext, gettext_lazy

from tracker.rules import cards as deck

RANK_NAMES = {
    "A": gettext_lazy("Ace"),
    "J": gettext_lazy("Jack"),
    "Q": gettext_lazy("Queen"),
    "K": gettext_lazy("King"),
}
# A suit named as a whole (the cards "of Hearts", the grid's "Hearts" block, a suit chip).
SUIT_PLURALS = {
    "S": gettext_lazy("Spades"),
    "H": gettext_lazy("Hearts"),
    "D": gettext_lazy("Diamonds"),
    "C": gettext_lazy("Clubs"),
}
JOKER_NAMES = {"JK1": gettext_lazy("black Joker"), "JK2": gettext_lazy("red Joker")}


def card_words(card: str) -> str:
    """A card as players write it, in the player's language: 7♣, Q♥, black Joker."""
    if card in JOKER_NAMES:
        return str(JOKER_NAMES[card])
    return deck.card_text(card)


def card_name(card: str) -> str:
    """A card's name for screen readers: "7 of Hearts", "Queen of Spades", "black Joker"."""
    if deck.is_joker(card):
        return card_words(card)
    rank = deck.rank(card)
    return gettext("{rank} of {suit}").format(
        rank=RANK_NAMES.get(rank, rank), suit=SUIT_PLURALS[deck.suit(card)]
    )


def colour(card: str) -> str:
    """The colour a card is printed in: red or black."""
    if card == "JK2" or deck.suit(card) in ("H", "D"):
        return "red"
    return "black"
