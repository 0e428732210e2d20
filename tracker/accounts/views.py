"""Sign-up and password change; log-in and log-out are Django's own views under /accounts/."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods, require_POST

from tracker.accounts.forms import ChangePasswordForm, LanguageForm, LoginForm, SignupForm
from tracker.core import preferences


class LoginView(auth_views.LoginView):
    """Django's log-in, which also brings the player's chosen language to this phone."""

    authentication_form = LoginForm
    redirect_authenticated_user = True

    def form_valid(self, form):
        response = super().form_valid(form)
        language = preferences.language_of(form.get_user())
        if language:
            _remember_language(response, language)
        return response


def _remember_language(response: HttpResponse, language: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
    )


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """Switch the app's language: kept on this phone, and on the account of a signed-in player."""
    form = LanguageForm(request.POST)
    target = request.POST.get("next") or "/"
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = "/"
    if not form.is_valid():
        return redirect(target)
    language = form.cleaned_data["language"]
    if request.user.is_authenticated:
        preferences.language_set(user=request.user, language=language)
    response = redirect(target)
    _remember_language(response, language)
    return response


@sensitive_post_parameters("password1", "password2")
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account, log it in and go to its (empty) character list."""
    if request.user.is_authenticated:
        return redirect(settings.LOGIN_REDIRECT_URL)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(settings.LOGIN_REDIRECT_URL)
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)


@sensitive_post_parameters("old_password", "new_password1", "new_password2")
@login_required
@require_http_methods(["GET", "POST"])
def password_change(request: HttpRequest) -> HttpResponse:
    """A new password for the signed-in player, who stays signed in on this phone only."""
    form = ChangePasswordForm(request.user, request.POST or None, request=request)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # The session moves to the new password; sessions on other phones end with the old one.
        update_session_auth_hash(request, user)
        messages.success(
            request,
            _("Your password is changed. Other phones logged in as you must log in again with it."),
        )
        return redirect(settings.LOGIN_REDIRECT_URL)
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/password_change.html", {"form": form}, status=status)
