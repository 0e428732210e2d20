"""Play-screen forms: they turn taps and typing into the fields of one engine action.

Only input is checked here (is this a card in T-01 notation, are these dice 1–6); whether the
action is allowed now is the engine's call.
"""

import re

from django import forms

from tracker.rules.cards import ACCEPTED_FORMS, RANKS, SUITS, CardNotationError, parse_card

RANK_CHOICES = [(rank, rank) for rank in RANKS]
# Jokers have no suit: they sit in the suit row so that one tap names them.
SUIT_CHOICES = [(suit, suit) for suit in SUITS] + [("JK1", "JK1"), ("JK2", "JK2")]
JOKERS = ("JK1", "JK2")


class PlayForm(forms.Form):
    """Every play form carries the version of the state it was drawn from (stops double posts)."""

    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)


def _parse_cards(text: str) -> list[str]:
    """Cards typed as ``7h 7c`` (spaces or commas between them), in normal form."""
    words = [word for word in re.split(r"[\s,;]+", text.strip()) if word]
    try:
        return [parse_card(word) for word in words]
    except CardNotationError as exc:
        raise forms.ValidationError(str(exc)) from None


def _rank_and_suit(rank: str, suit: str) -> str | None:
    if suit in JOKERS:
        return suit
    if rank and suit:
        return rank + suit
    return None


class CardForm(PlayForm):
    """One card: a grid tap (`card`), rank then suit, or typed text (`typed`)."""

    card = forms.CharField(required=False, max_length=8)
    rank = forms.ChoiceField(choices=RANK_CHOICES, required=False)
    suit = forms.ChoiceField(choices=SUIT_CHOICES, required=False)
    typed = forms.CharField(required=False, max_length=40, label="Or type the card")

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if data.get("card"):
            cards = _parse_cards(data["card"])
        elif data.get("typed"):
            cards = _parse_cards(data["typed"])
        else:
            chosen = _rank_and_suit(data.get("rank"), data.get("suit"))
            if chosen is None and data.get("rank"):
                raise forms.ValidationError(f"Now tap the suit of the {data['rank']}.")
            if chosen is None:
                raise forms.ValidationError(f"Choose a card: {ACCEPTED_FORMS}.")
            cards = [chosen]
        if len(cards) != 1:
            raise forms.ValidationError("Name one card here.")
        data["the_card"] = cards[0]
        return data


class CardsForm(PlayForm):
    """Several cards: ticked hand cards (`card`), a rank with ticked suits, and typed text."""

    card = forms.MultipleChoiceField(required=False, choices=[])
    rank = forms.ChoiceField(choices=RANK_CHOICES, required=False)
    suits = forms.MultipleChoiceField(choices=SUIT_CHOICES, required=False)
    typed = forms.CharField(required=False, max_length=120, label="Or type the cards")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Any card of the deck may be ticked; where it really is, the engine decides.
        from tracker.rules.cards import DECK

        self.fields["card"].choices = [(card, card) for card in DECK]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        cards = list(data.get("card") or [])
        rank = data.get("rank")
        for suit in data.get("suits") or []:
            chosen = _rank_and_suit(rank, suit)
            if chosen is None:
                raise forms.ValidationError("Tap a rank as well as the suits.")
            cards.append(chosen)
        if rank and not data.get("suits"):
            raise forms.ValidationError(f"Tick the suit of each {rank} you play.")
        if data.get("typed"):
            cards += _parse_cards(data["typed"])
        data["the_cards"] = list(dict.fromkeys(cards))
        return data


class DiceForm(PlayForm):
    """Dice: the app rolls them (`roll`), or the player types real ones (``4 2 6`` or ``426``)."""

    roll = forms.BooleanField(required=False)
    typed = forms.CharField(required=False, max_length=60, label="Or type your dice")

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        text = (data.get("typed") or "").strip()
        if data.get("roll") and not text:
            data["dice"] = None  # the view rolls them
            return data
        if not text:
            raise forms.ValidationError("Tap “Roll for me”, or type the dice you rolled.")
        if not re.fullmatch(r"[\d\s,;+]+", text):
            raise forms.ValidationError("Type each die as a number 1–6, e.g. 4 2 6.")
        words = [word for word in re.split(r"[\s,;+]+", text) if word]
        # "426" is three dice: a d6 never shows two digits.
        digits = words if all(len(word) == 1 for word in words) else list("".join(words))
        dice = [int(digit) for digit in digits]
        if any(not 1 <= die <= 6 for die in dice):
            raise forms.ValidationError("Each die shows 1 to 6.")
        data["dice"] = dice
        return data


class ItemForm(PlayForm):
    """An inventory card and the suit it is used as, from one button (``"6S:S"``)."""

    item = forms.CharField(max_length=8)

    def clean_item(self):
        card, _, use_as = self.cleaned_data["item"].partition(":")
        try:
            card = parse_card(card)
        except CardNotationError as exc:
            raise forms.ValidationError(str(exc)) from None
        self.cleaned_data["card"] = card
        self.cleaned_data["use_as"] = use_as
        return self.cleaned_data["item"]


class ChoiceForm(PlayForm):
    """A card chosen from a list the screen offered (an item, a save, a card to sell)."""

    card = forms.CharField(max_length=8)

    def clean_card(self):
        try:
            return parse_card(self.cleaned_data["card"])
        except CardNotationError as exc:
            raise forms.ValidationError(str(exc)) from None


class YesNoForm(PlayForm):
    """A yes/no answer given by which button was pressed (`answer` = yes or no)."""

    answer = forms.ChoiceField(choices=[("yes", "yes"), ("no", "no")])


class BuyTopForm(CardForm):
    """The top card of the draw pile, and whether it is bought or discarded."""

    answer = forms.ChoiceField(choices=[("yes", "buy"), ("no", "discard")])


class VirtualForm(PlayForm):
    """Switch "the app deals for me" on or off; an optional seed makes the deal repeatable."""

    on = forms.BooleanField(required=False)
    seed = forms.IntegerField(required=False, min_value=0, max_value=2**63 - 1, label="Seed")


class DealForm(PlayForm):
    """Ask the virtual table for the next card or dice (`buy_top`: turn the top card to buy)."""

    buy_top = forms.BooleanField(required=False)
