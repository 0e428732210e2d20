"""A Card RPG table's forms: setting one up (T-25, T-26, T-38), and the steps two characters
take together (a robbery, a duel's answers) with the versions their screens showed."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

from tracker.card_rpg import table_services
from tracker.card_rpg.models import DuelAceOfSpades, DuelXp


class TableForm(forms.Form):
    """A new table: its name, its seats and the table rules it plays by."""

    name = forms.CharField(label=gettext_lazy("Table name"), max_length=60, required=False)
    seats = forms.TypedChoiceField(
        label=gettext_lazy("Seats"),
        choices=[(n, n) for n in range(table_services.MIN_SEATS, table_services.MAX_SEATS + 1)],
        coerce=int,
        initial=2,
    )
    robbing = forms.BooleanField(label=gettext_lazy("Robbing (T-38)"), required=False, initial=True)
    duels = forms.BooleanField(label=gettext_lazy("Duels (T-38)"), required=False, initial=True)
    duel_ace_of_spades = forms.ChoiceField(
        label=gettext_lazy("The A♠ in a duel (T-33)"), choices=DuelAceOfSpades.choices
    )
    duel_xp = forms.ChoiceField(
        label=gettext_lazy("XP for winning a duel (T-35)"), choices=DuelXp.choices
    )
    virtual_seats = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Seats whose players have no deck: the app deals for them (T-25)"),
        choices=lambda: [
            (n, gettext("Seat %(number)s") % {"number": n})
            for n in range(1, table_services.MAX_SEATS + 1)
        ],
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )


class VersionsForm(forms.Form):
    """The versions of the two characters a step goes over, as their screens showed them."""

    version = forms.IntegerField(min_value=0)
    other_version = forms.IntegerField(min_value=0, required=False)


class RobForm(VersionsForm):
    """A robbery: the card taken (T-27 … T-29)."""

    card = forms.CharField(max_length=3)
