"""Top-level URLs: accounts, admin and the tracker app."""

import os

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tracker.accounts import views as accounts

urlpatterns = [
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
    path("language/", accounts.language_set, name="language_set"),
    # Players have no e-mail address here, so none of Django's password-reset pages: only
    # log-out and a password change for a signed-in player join the log-in and sign-up pages.
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/password/", accounts.password_change, name="password_change"),
    path("admin/", admin.site.urls),
    path("", include("tracker.urls")),
]

# Benchmark runs only (bench/benchmark.py): Django's floor, a bare view of the play page's size.
if os.environ.get("CARDRPG_BENCH_BASELINE") == "1":
    urlpatterns.append(path("bench/", include("bench.baseline_urls")))
