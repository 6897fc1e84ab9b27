"""An account's language wins over the browser's once it has logged in."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from config.errors import DATABASE_GONE

from .languages import SESSION_KEY, is_offered, set_language_cookie


class AccountLanguageMiddleware:
    """After ``AuthenticationMiddleware``: activates the language the logged-in account
    chose (kept in its session at login) and sets the cookie to it, so that a new
    browser shows the account's language from its first page after login."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            chosen = request.session.get(SESSION_KEY) if request.user.is_authenticated else None
        except DATABASE_GONE:
            chosen = None  # the view meets the same outage and answers 503
        if not is_offered(chosen) or chosen == request.LANGUAGE_CODE:
            return self.get_response(request)
        request.LANGUAGE_CODE = chosen
        with translation.override(chosen):
            response = self.get_response(request)
        if request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != chosen:
            set_language_cookie(response, chosen)
        return response
