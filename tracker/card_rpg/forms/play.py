"""Play-screen forms: they turn taps and typing into the fields of one engine action.

Only input is checked here (is this a card in T-01 notation, are these dice 1–6); whether the
action is allowed now is the engine's call.
"""

import re

from django import forms
from django.utils.translation import gettext, gettext_lazy

from tracker.card_rpg import dice_roller
from tracker.core.forms import TapForm
from tracker.core.i18n import say
from tracker.rules.card_rpg import VirtualDeck
from tracker.rules.cards import (
    ACCEPTED_FORMS,
    DECK,
    RANKS,
    SUITS,
    CardNotationError,
    parse_card,
)

RANK_CHOICES = [(rank, rank) for rank in RANKS]
# Jokers have no suit: they sit in the suit row so that one tap names them.
SUIT_CHOICES = [(suit, suit) for suit in SUITS] + [("JK1", "JK1"), ("JK2", "JK2")]
JOKERS = ("JK1", "JK2")


class _SharedChoices:
    """Choices that never change, shared by every copy of the form instead of copied.

    Django copies a choice field's choices each time a form is made; for the 54 cards of the
    deck that copying was a twentieth of an action's time.
    """

    def __deepcopy__(self, memo):
        return forms.Field.__deepcopy__(self, memo)


class FixedChoiceField(_SharedChoices, forms.ChoiceField):
    """A choice field whose choices are fixed when the form class is made."""


class FixedMultipleChoiceField(_SharedChoices, forms.MultipleChoiceField):
    """A multiple-choice field whose choices are fixed when the form class is made."""


# Player words for the checks Django would otherwise word for developers.
PICK_AGAIN = gettext_lazy("That choice isn't on the screen any more — pick again.")


class PlayForm(TapForm):
    """Every play form carries the version of the state it was drawn from (stops double posts),
    and from the page's script the tap's id and what the screen asked (tracker.core.forms).
    A form of an engine action knows its `kind` (the action type) and builds the action."""

    def __init__(self, *args, kind: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.kind = kind
        for field in self.fields.values():
            field.error_messages["invalid_choice"] = PICK_AGAIN
            if isinstance(field, forms.MultipleChoiceField):
                field.error_messages["invalid_list"] = PICK_AGAIN

    def action(self, awaiting: dict | None = None) -> dict:
        """The engine action of the valid form (field names of rules/actions.md); `awaiting`:
        what the game waits for, which says how many dice the app rolls."""
        return {"type": self.kind, **self.action_fields(awaiting or {})}

    def action_fields(self, awaiting: dict) -> dict:
        """The fields of the engine action beside its type."""
        return {}


def _parse_cards(text: str) -> list[str]:
    """Cards typed as ``7h 7c`` (spaces or commas between them), in normal form."""
    words = [word for word in re.split(r"[\s,;]+", text.strip()) if word]
    try:
        return [parse_card(word) for word in words]
    except CardNotationError as exc:
        raise forms.ValidationError(_said(exc)) from None


def _said(exc: Exception) -> str:
    """An engine's refusal of a typed card, in the player's language."""
    return say(exc.args[0]) if exc.args else str(exc)


def _rank_and_suit(rank: str, suit: str) -> str | None:
    if suit in JOKERS:
        return suit
    if rank and suit:
        return rank + suit
    return None


class CardForm(PlayForm):
    """One card: a grid tap (`card`), rank then suit, or typed text (`typed`)."""

    card = forms.CharField(required=False, max_length=8)
    rank = FixedChoiceField(choices=RANK_CHOICES, required=False)
    suit = FixedChoiceField(choices=SUIT_CHOICES, required=False)
    typed = forms.CharField(required=False, max_length=40, label=gettext_lazy("Or type the card"))

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
                raise forms.ValidationError(
                    gettext("Now tap the suit of the {rank}.").format(rank=data["rank"])
                )
            if chosen is None:
                raise forms.ValidationError(
                    gettext("Choose a card: {forms}.").format(forms=say(ACCEPTED_FORMS))
                )
            cards = [chosen]
        if len(cards) != 1:
            raise forms.ValidationError(gettext("Name one card here."))
        data["the_card"] = cards[0]
        return data

    def action_fields(self, awaiting: dict) -> dict:
        return {"card": self.cleaned_data["the_card"]}


DECK_CHOICES = [(card, card) for card in DECK]


class CardsForm(PlayForm):
    """Several cards: ticked cards (`card`: the hand or the 54-card grid), the cards picked so
    far with the rank/suit picker (`picked`, hidden inputs, any ranks), the rank with its ticked
    suits not yet added to them (`rank`, or `shown_rank`: the rank the suit boxes were drawn
    for), and typed text. `the_cards` is all of them, each once, in that order.
    """

    card = FixedMultipleChoiceField(required=False, choices=DECK_CHOICES)
    picked = FixedMultipleChoiceField(required=False, choices=DECK_CHOICES)
    rank = FixedChoiceField(choices=RANK_CHOICES, required=False)
    shown_rank = FixedChoiceField(choices=RANK_CHOICES, required=False)
    suits = FixedMultipleChoiceField(choices=SUIT_CHOICES, required=False)
    typed = forms.CharField(required=False, max_length=120, label=gettext_lazy("Or type the cards"))
    # An empty choice is refused with this (None: an empty choice is allowed).
    nothing_chosen: str | None = None

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        cards = list(data.get("card") or []) + list(data.get("picked") or [])
        rank = data.get("rank") or data.get("shown_rank")
        for suit in data.get("suits") or []:
            chosen = _rank_and_suit(rank, suit)
            if chosen is None:
                raise forms.ValidationError(gettext("Tap a rank as well as the suits."))
            cards.append(chosen)
        if data.get("rank") and not data.get("suits") and not cards and not data.get("typed"):
            raise forms.ValidationError(
                gettext("Tick the suit of each {rank}.").format(rank=data["rank"])
            )
        if data.get("typed"):
            cards += _parse_cards(data["typed"])
        data["the_cards"] = list(dict.fromkeys(cards))
        if not data["the_cards"] and self.nothing_chosen:
            raise forms.ValidationError(str(self.nothing_chosen))
        return data

    def action_fields(self, awaiting: dict) -> dict:
        cards = self.cleaned_data["the_cards"]
        if self.kind == "start_session":
            return {"hand": cards} if cards else {}
        return {"cards": cards}


class AttackForm(CardsForm):
    """S-20: an attack plays one card or more."""

    nothing_chosen = gettext_lazy("Choose at least one card to attack with.")


class NoteHandForm(CardsForm):
    """note_hand: the cards the player says are in the hand."""

    nothing_chosen = gettext_lazy(
        "Choose the cards in your hand first (tap a rank and a suit, or type them)."
    )


class PickForm(CardsForm):
    """The rank/suit picker's running list (no action is applied): `unpick` takes a card off."""

    unpick = FixedChoiceField(required=False, choices=DECK_CHOICES)

    def clean(self):
        data = forms.Form.clean(self)
        if self.errors:
            return data
        picked = list(data.get("picked") or [])
        shown = data.get("shown_rank")
        suits = data.get("suits") or []
        # The joker boxes and the suit boxes of the rank they were drawn for say what is picked.
        jokers = [suit for suit in suits if suit in JOKERS]
        picked = [card for card in picked if card not in JOKERS] + jokers
        if shown:
            picked = [card for card in picked if card in JOKERS or card[:-1] != shown]
            picked += [shown + suit for suit in suits if suit not in JOKERS]
        elif any(suit not in JOKERS for suit in suits):
            data["hint"] = gettext("Tap a rank first, then its suits.")
        if data.get("unpick"):
            picked = [card for card in picked if card != data["unpick"]]
        data["the_cards"] = sorted(dict.fromkeys(picked), key=DECK.index)
        return data

    def entry(self, posted: dict, *, hand) -> dict:
        """The entry as the picker leaves it (`posted`: as entry_as_posted read it): cards
        ticked on the 54-card grid join the picked list; cards of the `hand` stay ticked."""
        data = self.cleaned_data
        picked = list(data["the_cards"])
        hand = set(hand)
        picked += [card for card in posted["ticked"] if card not in hand and card not in picked]
        return {
            "ticked": [card for card in posted["ticked"] if card in hand],
            "picked": sorted(dict.fromkeys(picked), key=DECK.index),
            "shown_rank": data.get("rank") or data.get("shown_rank") or "",
            "hint": data.get("hint", ""),
        }


class DiceForm(PlayForm):
    """Dice: the app rolls them (`roll`), or the player types real ones (``4 2 6`` or ``426``)."""

    roll = forms.BooleanField(required=False)
    typed = forms.CharField(required=False, max_length=60, label=gettext_lazy("Or type your dice"))

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        text = (data.get("typed") or "").strip()
        if data.get("roll") and not text:
            data["dice"] = None  # the view rolls them
            return data
        if not text:
            raise forms.ValidationError(gettext("Tap “Roll for me”, or type the dice you rolled."))
        if not re.fullmatch(r"[\d\s,;+]+", text):
            raise forms.ValidationError(gettext("Type each die as a number 1–6, e.g. 4 2 6."))
        words = [word for word in re.split(r"[\s,;+]+", text) if word]
        # "426" is three dice: a d6 never shows two digits.
        digits = words if all(len(word) == 1 for word in words) else list("".join(words))
        dice = [int(digit) for digit in digits]
        if any(not 1 <= die <= 6 for die in dice):
            raise forms.ValidationError(gettext("Each die shows 1 to 6."))
        data["dice"] = dice
        return data

    def action_fields(self, awaiting: dict) -> dict:
        dice = self.cleaned_data["dice"]
        if self.kind == "level_up":
            return {"hp_dice": dice or dice_roller.roll_dice(1)}
        # The monster's HP: as many dice as the game waits for (S-16).
        count = (awaiting.get("choices") or {}).get("dice") or 0
        return {"dice": dice or dice_roller.roll_dice(count)}


class ItemForm(PlayForm):
    """An inventory card and the suit it is used as, from one button (``"6S:S"``)."""

    item = forms.CharField(
        max_length=8, error_messages={"required": gettext_lazy("Choose an item to use.")}
    )

    def clean_item(self):
        card, _, use_as = self.cleaned_data["item"].partition(":")
        try:
            card = parse_card(card)
        except CardNotationError as exc:
            raise forms.ValidationError(_said(exc)) from None
        self.cleaned_data["card"] = card
        self.cleaned_data["use_as"] = use_as
        return self.cleaned_data["item"]

    def action_fields(self, awaiting: dict) -> dict:
        fields = {"card": self.cleaned_data["card"]}
        if self.cleaned_data.get("use_as"):
            fields["as"] = self.cleaned_data["use_as"]
        return fields


class ChoiceForm(PlayForm):
    """A card chosen from a list the screen offered (an item, a save, a card to sell)."""

    card = forms.CharField(
        max_length=8, error_messages={"required": gettext_lazy("Choose a card first.")}
    )

    def clean_card(self):
        try:
            return parse_card(self.cleaned_data["card"])
        except CardNotationError as exc:
            raise forms.ValidationError(_said(exc)) from None

    def action_fields(self, awaiting: dict) -> dict:
        return {"card": self.cleaned_data["card"]}


class YesNoForm(PlayForm):
    """A yes/no answer given by which button was pressed (`answer` = yes or no)."""

    answer = FixedChoiceField(
        choices=[("yes", gettext_lazy("yes")), ("no", gettext_lazy("no"))],
        error_messages={"required": gettext_lazy("Tap one of the two answers.")},
    )

    def action_fields(self, awaiting: dict) -> dict:
        return {"keep": self.cleaned_data["answer"] == "yes"}


class BuyTopForm(CardForm):
    """The top card of the draw pile, and whether it is bought or discarded."""

    answer = FixedChoiceField(
        choices=[("yes", gettext_lazy("buy")), ("no", gettext_lazy("discard"))],
        error_messages={"required": gettext_lazy("Tap “Buy it” or “Discard it”.")},
    )

    def action_fields(self, awaiting: dict) -> dict:
        return {"card": self.cleaned_data["the_card"], "buy": self.cleaned_data["answer"] == "yes"}


class UndoForm(PlayForm):
    """Undo the last tap; `rebuild` confirms an undo past a session end (the table is rebuilt)."""

    rebuild = forms.BooleanField(required=False)


class VirtualForm(PlayForm):
    """Switch "the app deals for me" on or off; an optional seed makes the deal repeatable."""

    on = forms.BooleanField(required=False)
    seed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=2**63 - 1,
        label=gettext_lazy("Seed"),
        error_messages={
            "invalid": gettext_lazy("A seed is a whole number, e.g. 63."),
            "min_value": gettext_lazy("A seed is a whole number, e.g. 63."),
            "max_value": gettext_lazy("That seed is too long: use at most 18 digits."),
        },
    )

    def virtual_deck(self) -> dict | None:
        """The app's table from now on: a fresh one, shuffled with the seed if one was given
        (randomness comes in at the edge, as the dice do); None: the player's own cards."""
        if not self.cleaned_data["on"]:
            return None
        return VirtualDeck(seed=self.cleaned_data.get("seed")).to_dict()


class DealForm(PlayForm):
    """Ask the virtual table for the next card or dice (`buy_top`: turn the top card to buy)."""

    buy_top = forms.BooleanField(required=False)


def entry_as_posted(data, kind: str) -> dict:
    """What the player had entered in the control of `kind` (the posted `data`, valid or
    not), to draw it again as it was."""
    deck = set(DECK)
    shown = data.get("rank") or data.get("shown_rank") or ""
    suit = data.get("suit") or ""
    return {
        "entry_kind": kind,
        "suit": suit if suit in SUITS or suit in JOKERS else "",
        "typed": data.get("typed", "")[:120],
        "picked": [card for card in data.getlist("picked") if card in deck],
        "ticked": [card for card in data.getlist("card") if card in deck],
        "shown_rank": shown if shown in RANKS else "",
    }


# The form of each engine action the play screen posts.
ACTION_FORMS = {
    "start_session": CardsForm,
    "note_hand": NoteHandForm,
    "attack": AttackForm,
    "reveal_monster": CardForm,
    "turn": CardForm,
    "buy_back": CardForm,
    "buy_top": BuyTopForm,
    "roll_monster_hp": DiceForm,
    "level_up": DiceForm,
    "use_item": ItemForm,
    "save": ChoiceForm,
    "sell": ChoiceForm,
    "keep_hand": YesNoForm,
    "end_turn": PlayForm,
    "accept_death": PlayForm,
    "end_session": PlayForm,
}


def action_form(kind: str, data) -> PlayForm:
    """The form that builds an engine action of `kind` from the posted `data`."""
    return ACTION_FORMS[kind](data, kind=kind)
