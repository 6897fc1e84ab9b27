"""Settings for the Sheepshead site, read from environment variables.

Every variable is listed in README.md. Values are read through config.env,
so a bad value stops start-up with a message naming the variable.
"""

from pathlib import Path

from django.utils.csp import CSP

from config.env import (
    env_bool,
    env_cache,
    env_database,
    env_int,
    env_list,
    env_required,
    env_str,
    env_timezone,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)

DEBUG = env_bool("DJANGO_DEBUG", False)

if DEBUG:
    SECRET_KEY = env_str("DJANGO_SECRET_KEY", "django-insecure-local-development-only-key")
else:
    SECRET_KEY = env_required("DJANGO_SECRET_KEY", why="when DJANGO_DEBUG is false")

ALLOWED_HOSTS = env_list(
    "DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "games",
    "accounts",
    "tutorials",
    "leaderboards",
    "translations",
    "coach",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "games.viewer_zone.ViewerTimezoneMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.guest_merge.GuestMergeMiddleware",
    "translations.middleware.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.errors.MethodNotAllowedPage",
    # Innermost, so that its 503 still passes through the others on the way out.
    "config.errors.DatabaseUnavailableMiddleware",
]
# A refused CSRF token gets the site's own clear 403 page (templates/403_csrf.html).
CSRF_FAILURE_VIEW = "config.errors.csrf_failure"

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.menu.site_menu",
            ],
        },
    },
]

# Database: SQLite in var/ unless DATABASE_URL says otherwise.
DATABASES = {
    "default": env_database("DATABASE_URL", "sqlite:///var/db.sqlite3", base_dir=BASE_DIR),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["CONN_MAX_AGE"] = env_int("DATABASE_CONN_MAX_AGE", 60, minimum=0)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent requests under `make run` (two clicks, several tabs): a transaction
    # takes the write lock when it begins (so a read-then-write never fails halfway
    # with "database is locked"), waits up to 20 s for it, and WAL lets pages be
    # read while another request writes.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Cache: the rate limits' counters (config/ratelimit.py). A Redis that every web
# process shares: CACHE_URL's, else the broker's when that is Redis. Memory inside
# the one process of `make run` otherwise. (Sessions live in the database.)
CACHES = {"default": env_cache("CACHE_URL", "locmem://", broker_name="CELERY_BROKER_URL")}
# Behind N reverse proxies that each append the address they saw to
# X-Forwarded-For, the client is the Nth address from the right; 0 ignores the header.
TRUSTED_PROXY_COUNT = env_int("DJANGO_TRUSTED_PROXY_COUNT", 0, minimum=0)

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "accounts:profile"
LOGOUT_REDIRECT_URL = "games:home"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalisation: every user-facing string goes through gettext.
LANGUAGE_CODE = "en"
# Each language's own name, as its speakers look for it in the language menu.
LANGUAGES = [
    ("en", "English"),
    ("de", "Deutsch"),
    ("it", "Italiano"),
    ("hu", "Magyar"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Numbers, dates and money follow the language (Django's formats, English's date in
# config/formats/en): 1,234.5 / 1.234,5; 1 December 2026 / 1. Dezember 2026.
FORMAT_MODULE_PATH = ["config.formats"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True
# The day that "today's daily deal" belongs to is counted in this zone.
DAILY_TIMEZONE = env_timezone("DAILY_TIMEZONE", "America/Chicago")
# The daily deals come from HMAC(DAILY_SECRET, date): keep it secret, keep it stable
# (changing it changes every future day's cards). Defaults to one derived from SECRET_KEY.
DAILY_SECRET = env_str("DAILY_SECRET", "") or f"daily:{SECRET_KEY}"

# Static files: served by WhiteNoise from STATIC_ROOT after collectstatic.
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise warns about a missing folder before collectstatic.
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        ),
    },
}

# Security. Production (DEBUG off) gets HTTPS-only cookies, HSTS and an HTTPS
# redirect; `manage.py check --deploy` reports no issues with these.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy on every response: scripts, styles, images and fonts come
# from this site's own static files only, so an injected <script>, style="..."
# or onclick="..." does nothing. The site needs no inline code: htmx is told not
# to inject its indicator <style> nor to evaluate code (see templates/base.html).
# The nonce is only for Django's own pages (the admin's change list) that put a
# <style> in the page; it appears in the header only on a page that used it, and
# scripts never get one. A CSRF failure shows the site's own page (403_csrf.html).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
if env_bool("DJANGO_TRUST_X_FORWARDED_PROTO", False):
    # Only behind a proxy that sets X-Forwarded-Proto itself and strips it from clients.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("DJANGO_LOG_LEVEL", "INFO")},
}

# Celery (see config/celery.py for the fixed worker behaviour).
# Without CELERY_BROKER_URL, messages go through files under var/celery/, so a
# fresh checkout runs without Redis. Producer and worker read the same settings,
# so the folder they write to and the one they read from must be the same.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://")
if CELERY_BROKER_URL == "filesystem://":
    _celery_queue_dir = VAR_DIR / "celery" / "queue"
    _celery_processed_dir = VAR_DIR / "celery" / "processed"
    _celery_control_dir = VAR_DIR / "celery" / "control"
    for _folder in (_celery_queue_dir, _celery_processed_dir, _celery_control_dir):
        _folder.mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_celery_queue_dir),
        "data_folder_out": str(_celery_queue_dir),
        "store_processed": True,
        "processed_folder": str(_celery_processed_dir),
        # Exchange tables; kombu's default is ./control, inside the checkout.
        "control_folder": str(_celery_control_dir),
    }
else:
    # With acks_late, a task whose worker died (killed, out of memory) stays unacknowledged
    # in Redis and is handed to a worker again once it is this many seconds old. It must
    # exceed the longest countdown (rankings wait seconds, retries back off up to a
    # minute), or a task waiting for its time would be delivered twice.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 60 * 60, minimum=1),
    }
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND")
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    # Hourly, today's and tomorrow's deals: tomorrow's exists long before it starts.
    "create-daily-deals": {"task": "games.create_daily_deals", "schedule": 60 * 60},
    # Rankings catch up every five minutes if results changed (matches ending
    # also queue a recompute of their own).
    "recompute-rankings": {
        "task": "leaderboards.recompute_rankings",
        "schedule": 5 * 60,
        "kwargs": {"force": False},
    },
}
