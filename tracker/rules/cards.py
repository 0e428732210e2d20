"""The 54-card French deck: card names, notation parsing and rank/suit/value helpers.

Game-agnostic: the games built on a French deck share this module. Cards are plain strings in
normal form: rank ``A 2 … 10 J Q K`` followed by suit ``S H D C`` (``"10S"``, ``"QD"``), and the
two Jokers ``"JK1"`` (black) and ``"JK2"`` (red).
"""

from .text import _, listed

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
FACE_RANKS = ("J", "Q", "K")
JOKERS = ("JK1", "JK2")
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS) + JOKERS
FACE_CARDS = tuple(rank + suit for suit in SUITS for rank in FACE_RANKS)

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": _("Spade"), "H": _("Heart"), "D": _("Diamond"), "C": _("Club")}
_SUIT_INPUT = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}  # fmt: skip
_RANK_INPUT = {rank: rank for rank in RANKS} | {"T": "10"}
_JOKER_INPUT = {"JK1": "JK1", "JK2": "JK2", "BJ": "JK1", "RJ": "JK2"}
_VALUES = {rank: (1 if rank == "A" else int(rank)) for rank in RANKS if rank not in FACE_RANKS}

ACCEPTED_FORMS = _(
    "a rank (A 2 3 4 5 6 7 8 9 10 J Q K, or T for 10) then a suit (S H D C or ♠ ♥ ♦ ♣), "
    "e.g. 7H, 10♠, qd; Jokers are JK1 and JK2 (also BJ and RJ)"
)


class CardNotationError(ValueError):
    """Text that is not a card in the accepted notation."""


# The longest spelling of a card worth reading ("10 ♠️" with spaces around): anything longer is
# refused before any work is done on it, however long it is.
MAX_CARD_TEXT = 16
# What a message quotes of a player's text at most: a refusal stays one short line.
QUOTE_LENGTH = 24


def typed(text) -> str:
    """What a player typed, quoted for a message (never a Python repr): ``“7x”``, ``that``.

    Long text is cut (``“abcdefgh…”``) and characters that can't be shown (line breaks, escapes)
    become ``�``, so a message never grows with what it quotes.
    """
    if isinstance(text, str):
        shown = text[: 4 * QUOTE_LENGTH].strip()
        if shown:
            cut = len(shown) > QUOTE_LENGTH or len(text) > 4 * QUOTE_LENGTH
            shown = "".join(c if c.isprintable() else "�" for c in shown[:QUOTE_LENGTH])
            return f"“{shown}{'…' if cut else ''}”"
    if isinstance(text, int) and not isinstance(text, bool) and -(10**15) < text < 10**15:
        return f"“{text}”"
    if isinstance(text, float) and abs(text) < 10**15:
        return f"“{text}”"
    return _("that")


def parse_card(text) -> str:
    """Return the normal form of a card written in any accepted notation, or raise."""
    if not isinstance(text, str):
        raise CardNotationError(
            _("{text} is not a card: write {forms}", text=typed(text), forms=ACCEPTED_FORMS)
        )
    if len(text) > MAX_CARD_TEXT:
        raise CardNotationError(
            _(
                "{text} is too long to be a card: write {forms}",
                text=typed(text),
                forms=ACCEPTED_FORMS,
            )
        )
    # Emoji suits may carry a variation selector (♥️); spaces are harmless.
    cleaned = text.replace("\ufe0f", "").replace(" ", "").strip().upper()
    if cleaned in _JOKER_INPUT:
        return _JOKER_INPUT[cleaned]
    rank, suit = _RANK_INPUT.get(cleaned[:-1]), _SUIT_INPUT.get(cleaned[-1:])
    if rank is None or suit is None:
        raise CardNotationError(
            _("{text} is not a card: write {forms}", text=typed(text), forms=ACCEPTED_FORMS)
        )
    return rank + suit


def parse_suit(text) -> str:
    """Return the suit letter for ``S H D C`` or ``♠ ♥ ♦ ♣`` (any case), or raise."""
    short = isinstance(text, str) and len(text) <= MAX_CARD_TEXT
    suit = _SUIT_INPUT.get(text.strip().upper()) if short else None
    if suit is None:
        raise CardNotationError(
            _("{text} is not a suit: write S, H, D, C or ♠, ♥, ♦, ♣", text=typed(text))
        )
    return suit


def is_joker(card: str) -> bool:
    """True for the two Jokers."""
    return card in _JOKER_INPUT.values()


def rank(card: str) -> str:
    """The rank of a card; both Jokers share the rank ``"JK"``."""
    return "JK" if is_joker(card) else card[:-1]


def suit(card: str) -> str | None:
    """The suit letter of a card, None for a Joker."""
    return None if is_joker(card) else card[-1]


def is_face(card: str) -> bool:
    """True for Jacks, Queens and Kings (not Jokers)."""
    return rank(card) in FACE_RANKS


def is_number(card: str) -> bool:
    """True for Ace to 10."""
    return rank(card) in _VALUES


def is_ace(card: str) -> bool:
    """True for the four Aces."""
    return rank(card) == "A"


def value(card: str) -> int:
    """Face value of a number card (Ace = 1); face cards and Jokers are worth 0."""
    return _VALUES.get(rank(card), 0)


def card_text(card: str) -> str:
    """A card as players write it: ``7♣``, ``10♠``, ``Q♥``, ``black Joker``."""
    if card == "JK1":
        return _("black Joker")
    if card == "JK2":
        return _("red Joker")
    return rank(card) + SUIT_SYMBOLS[suit(card)]


def cards_text(cards) -> str:
    """Several cards as text: ``7♣, 7♥ and 8♠``."""
    names = [card_text(card) for card in cards]
    if len(names) <= 1:
        return names[0] if names else ""
    return and_words(names)


def and_words(words: list):
    """A list in a player's words (``a, b and c``): `tracker.rules.text.listed`."""
    return listed(words, "and")


def or_words(words: list):
    """A list of choices in a player's words (``a, b or c``): `tracker.rules.text.listed`."""
    return listed(words, "or")
