"""The language menu's form: every page posts here, and comes back in that language."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.ratelimit import rate_limited

from .languages import SESSION_KEY, is_offered, set_language_cookie

#: Longer than any path of the site; a longer "next" is not followed.
MAX_NEXT = 2000


def _back_to(request: HttpRequest) -> str:
    """The page the menu was on, if it is one of this site's; else the home page."""
    target = request.POST.get("next", "")
    if (
        isinstance(target, str)
        and len(target) <= MAX_NEXT
        and target.startswith("/")
        and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
    ):
        return target
    return reverse("games:home")


@require_POST
@rate_limited("language")
def choose_language(request: HttpRequest) -> HttpResponse:
    """Switch the site's language (the cookie; an account's choice as well)."""
    code = request.POST.get("language")
    if not is_offered(code):
        return render(
            request,
            "400.html",
            {"message": _("Choose one of the languages in the menu.")},
            status=400,
        )
    if request.user.is_authenticated:
        player = getattr(request.user, "player", None)
        if player is not None and player.language != code:
            player.language = code
            player.save(update_fields=["language"])
        request.session[SESSION_KEY] = code
    response = HttpResponseRedirect(_back_to(request))
    set_language_cookie(response, code)
    return response
