"""Account forms: sign-up, log-in and a new password."""

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, UserCreationForm


class PlainLabelsMixin:
    """Labels without Django's trailing colon: they read (and are found) as plain words."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class SignupForm(PlainLabelsMixin, UserCreationForm):
    """A new player's account: user name and password twice."""

    class Meta(UserCreationForm.Meta):
        fields = ("username",)


class LoginForm(PlainLabelsMixin, AuthenticationForm):
    """Django's login form."""


class ChangePasswordForm(PlainLabelsMixin, PasswordChangeForm):
    """A signed-in player's new password, given twice, after the current one."""


class LanguageForm(forms.Form):
    """The language to show the app in."""

    language = forms.ChoiceField(choices=settings.LANGUAGES)
