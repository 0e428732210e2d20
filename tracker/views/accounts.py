"""Sign-up and password change; log-in and log-out are Django's own views under /accounts/."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from tracker.forms.accounts import ChangePasswordForm, SignupForm


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
    form = ChangePasswordForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # The session moves to the new password; sessions on other phones end with the old one.
        update_session_auth_hash(request, user)
        messages.success(
            request,
            "Your password is changed. Other phones logged in as you must log in again with it.",
        )
        return redirect(settings.LOGIN_REDIRECT_URL)
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/password_change.html", {"form": form}, status=status)
