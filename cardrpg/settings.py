"""Settings for the Card RPG companion; everything a deployment changes comes from the environment.

See docs/configuration.md for each variable.
"""

import os
from datetime import timedelta
from pathlib import Path

from django.utils.csp import CSP

from cardrpg import envconfig

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = envconfig.data_dir(os.environ, BASE_DIR)

SECRET_KEY = envconfig.secret_key(os.environ, DATA_DIR)
DEBUG = envconfig.env_bool(os.environ.get("DEBUG"))
LAN_ADDRESSES = envconfig.lan_addresses()
ALLOWED_HOSTS = envconfig.allowed_hosts(os.environ, LAN_ADDRESSES)
CSRF_TRUSTED_ORIGINS = envconfig.env_list(os.environ.get("CSRF_TRUSTED_ORIGINS"))

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "tracker",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Permissions-Policy everywhere; no-store on whatever a signed-in player sees (cardrpg/http.py).
    "cardrpg.http.HeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and htmx swaps travel compressed to the phone (static files are precompressed by
    # whitenoise above, so they never reach this). Django pads compressed responses at random
    # against BREACH-style guessing of the CSRF token.
    "django.middleware.gzip.GZipMiddleware",
    # Below gzip, so it compacts the HTML before it is compressed.
    "cardrpg.http.CompactHtmlMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the player's choice (a cookie, also kept on their account), else the
    # browser's Accept-Language on a first visit.
    "django.middleware.locale.LocaleMiddleware",
    # Chinese pages spaced as Chinese is, once the page is whole (a name's spaces depend on it).
    "tracker.core.i18n.ChineseTypesettingMiddleware",
    "django.middleware.common.CommonMiddleware",
    # A body past MAX_REQUEST_BYTES answered 413 before the CSRF check reads it (cardrpg/body_limit.py).
    "cardrpg.body_limit.BodyLimitMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it answers locked-out logins.
    "axes.middleware.AxesMiddleware",
]

# The largest file anyone sends: a game log (the import forms refuse more, in their own words),
# and the largest request body read at all: that file plus room for the form around it. Past it
# every URL answers 413 without reading the body (cardrpg/body_limit.py, docs/configuration.md).
MAX_UPLOAD_FILE_BYTES = 5 * 1024 * 1024
MAX_REQUEST_BYTES = MAX_UPLOAD_FILE_BYTES + 1024 * 1024

ROOT_URLCONF = "cardrpg.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
            ],
        },
    },
]

WSGI_APPLICATION = "cardrpg.wsgi.application"

DATABASES = {"default": envconfig.database(os.environ, DATA_DIR)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

AUTHENTICATION_BACKENDS = [
    # Counts failed logins and refuses further tries for a while (django-axes).
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
# Per user name and device: a friend mistyping on one phone does not lock out the others; and
# per device alone, at a limit of its own, so one phone can't guess a few passwords on each of
# many names (cardrpg/lockout.py). The password-change page's current password counts too.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_ADDRESS_FAILURE_LIMIT = 20
AXES_HANDLER = "cardrpg.lockout.LockoutHandler"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False
# Whose address a failed login counts against: behind a proxy, the client's as the proxy reports
# it (cardrpg/http.py), never a header the client could forge when there is no proxy.
BEHIND_PROXY = envconfig.env_bool(os.environ.get("BEHIND_PROXY"))
AXES_CLIENT_IP_CALLABLE = "cardrpg.http.client_address"

# Only the app's own scripts, styles and images; nothing from elsewhere, no inline script.
# Inline <style> is allowed only with the per-request nonce (server-drawn SVG charts use it).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "object-src": [CSP.NONE],
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tracker:home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("zh-hant", "繁體中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed files that browsers may cache forever (whitenoise).
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# The app is served over plain HTTP on a home LAN by default; these switch on when a
# deployment says it sits behind HTTPS (docs/configuration.md).
HTTPS = envconfig.env_bool(os.environ.get("HTTPS"))
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS and envconfig.env_bool(
    os.environ.get("SECURE_SSL_REDIRECT"), default=True
)
SECURE_HSTS_SECONDS = 31536000 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = False
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# HTTPS served by the app itself on the LAN (`make run TLS=on`, README "HTTPS on the LAN"):
# the certificate chain and key the serve command hands to the server. Cookies are then sent
# over HTTPS only; no HSTS or redirect, since the plain-http address may still be wanted.
TLS = envconfig.env_bool(os.environ.get("TLS"))
TLS_CERTFILE = os.environ.get("TLS_CERTFILE") or (
    str(DATA_DIR / "tls" / "server.crt") if TLS else ""
)
TLS_KEYFILE = os.environ.get("TLS_KEYFILE") or (str(DATA_DIR / "tls" / "server.key") if TLS else "")
if TLS_CERTFILE:
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
# The most text `manage.py restore` reads from one archive, decompressed (docs/reliability.md).
CARDRPG_MAX_BACKUP_MB = int(os.environ.get("CARDRPG_MAX_BACKUP_MB") or 1024)

SESSION_COOKIE_AGE = 60 * 60 * 24 * 90  # a season of play without logging in again

# A session is read from a cache shared by every worker on this machine (files in the data
# folder) and written through to the database: a tap at the table costs no session query, and a
# log-out or password change reaches every worker at once.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": str(DATA_DIR / "cache"),
        "OPTIONS": {"MAX_ENTRIES": 20000},
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
