"""The history's one form: the confirmation of "undo to here"."""

from __future__ import annotations

from django import forms


class UndoToForm(forms.Form):
    """The confirmation of "undo to here": the character's version the page was drawn at."""

    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    # Going back past a session end with real cards is done only once the player says they
    # will rebuild the table (tracker.card_rpg.undo_guide).
    rebuild = forms.BooleanField(required=False)
