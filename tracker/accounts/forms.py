"""Account forms: sign-up, log-in and a new password."""

from django import forms
from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, UserCreationForm

from tracker.core.forms import PlainLabelsMixin


class SignupForm(PlainLabelsMixin, UserCreationForm):
    """A new player's account: user name and password twice."""

    class Meta(UserCreationForm.Meta):
        fields = ("username",)


def signup_username(name: str) -> str:
    """The user name sign-up would store for `name` typed as a new account's (Unicode NFKC, as
    its field normalises), or ValidationError saying why sign-up refuses it — its form only,
    not whether an account has it already."""
    User = get_user_model()
    value = SignupForm.base_fields[User.USERNAME_FIELD].clean(name)
    User._meta.get_field(User.USERNAME_FIELD).run_validators(value)
    return value


class LoginForm(PlainLabelsMixin, AuthenticationForm):
    """Django's login form."""


class ChangePasswordForm(PlainLabelsMixin, PasswordChangeForm):
    """A signed-in player's new password, given twice, after the current one.

    The current password is checked the way a log-in checks it (through django-axes): a wrong
    one counts as a failed log-in from this device, and past the limit the page answers
    "Too many tries" as the log-in page does — a stolen session can't guess the password here.
    """

    def __init__(self, user, *args, request=None, **kwargs):
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self):
        old_password = self.cleaned_data["old_password"]
        found = authenticate(self.request, username=self.user.get_username(), password=old_password)
        if found is None or found.pk != self.user.pk:
            raise forms.ValidationError(
                self.error_messages["password_incorrect"], code="password_incorrect"
            )
        return old_password


class LanguageForm(forms.Form):
    """The language to show the app in."""

    language = forms.ChoiceField(choices=settings.LANGUAGES)
