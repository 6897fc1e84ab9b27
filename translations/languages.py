"""The site's languages, and the one an account keeps across browsers.

A visitor's language lives in Django's language cookie (the first visit follows
the browser's Accept-Language). An account also keeps its choice in
``Player.language`` and in its session, so that logging in anywhere brings it back.
"""

from __future__ import annotations

from django.conf import settings

#: The session key holding an account's chosen language after login.
SESSION_KEY = "account_language"


def offered() -> list[str]:
    """The codes of the languages the site offers, in the menu's order."""
    return [code for code, _name in settings.LANGUAGES]


def is_offered(code: object) -> bool:
    return isinstance(code, str) and code in offered()


def set_language_cookie(response, code: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


def remember_for_account(request, player) -> None:
    """At login: the account's language back in force, or the one the visitor had
    chosen in the menu as a guest kept for the account when it has none yet. A visitor
    who never chose goes on following the browser's language."""
    if player is None:
        return
    if not is_offered(player.language):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if not is_offered(chosen):
            return
        player.language = chosen
        player.save(update_fields=["language"])
    request.session[SESSION_KEY] = player.language


def on_user_logged_in(sender, request, user, **kwargs) -> None:
    if request is None or not hasattr(request, "session"):
        return
    from games.models import Player

    remember_for_account(request, Player.objects.filter(user=user).first())
