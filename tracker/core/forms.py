"""The core's forms: input validation only (a log file to import)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tracker.forms.accounts import PlainLabelsMixin


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
