"""The core's forms: input validation only (what every tap posts, a log file to import)."""

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from tracker.core.models import TAP_LENGTH


class InputError(Exception):
    """Posted text a form cannot read, so no engine can be asked about it (not a number, not
    a hex): refused under `rule` with a message for the player, as a RuleError would be."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}")


class PlainLabelsMixin:
    """Labels without Django's trailing colon: they read (and are found) as plain words."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


_TAP = re.compile(rf"[0-9a-f]{{8,{TAP_LENGTH}}}")
_ASKED = re.compile(r"[0-9a-f]{16}")


class TapForm(forms.Form):
    """What every tap of a game's screen posts beside its own fields: the version the screen
    was drawn at, the fingerprint of what it asked then (`asked`), and the tap's own id
    (`tap`, the same when the phone sends it again). A phone without the page's script
    sends only the version: its taps are taken at that version alone."""

    version = forms.IntegerField(min_value=0, max_value=2**31 - 1, widget=forms.HiddenInput)
    # Anything else sent there is ignored (a tap then counts as one without an id).
    tap = forms.CharField(required=False, max_length=200)
    asked = forms.CharField(required=False, max_length=200)

    def clean_tap(self) -> str:
        tap = self.cleaned_data["tap"]
        return tap if _TAP.fullmatch(tap) else ""

    def clean_asked(self) -> str:
        asked = self.cleaned_data["asked"]
        return asked if _ASKED.fullmatch(asked) else ""

    def drawn_at(self) -> dict:
        """The version the screen was drawn at and the tap's id, as the core's writes take them:
        the tap lands on that very version, or is found written already."""
        return {"expected_version": self.cleaned_data["version"], "tap": self.cleaned_data["tap"]}

    def tap_fields(self) -> dict:
        """`drawn_at` and what the screen asked: an action drawn before a change that asks
        nothing new of it still lands (tracker.core.games.Game.asked)."""
        return {**self.drawn_at(), "asked": self.cleaned_data["asked"]}


class LogFileForm(PlainLabelsMixin, forms.Form):
    """A cardrpg-log file of any game, exported by this app."""

    # A long career is a few hundred KB; the action limit (CARDRPG_MAX_LOG_ACTIONS) decides.
    MAX_BYTES = 5 * 1024 * 1024

    log_file = forms.FileField(
        label=_("Game file (.cardrpg.json)"),
        help_text=_("A file exported from this app: a character's, adventure's or table's log."),
        widget=forms.FileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_log_file(self):
        upload = self.cleaned_data["log_file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(_("That file is too big to be a game log (over 5 MB)."))
        raw = upload.read()
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(
                _("That file is not a game log: it is not text (UTF-8).")
            ) from None
