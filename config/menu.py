"""The site menu's current item: which section the page being shown belongs to."""

from __future__ import annotations

from django.http import HttpRequest

#: URL names (namespace:name) whose pages belong to a section other than their app's.
SECTION_OF_URL = {
    "games:home": "",  # the home page is every section's way in, none of them
    "leaderboards:daily": "daily",
    "leaderboards:daily_summary": "daily",
    "leaderboards:daily_place": "daily",
    "leaderboards:board": "leaderboards",
    "accounts:profile": "profile",
    "accounts:password_change": "profile",
    "accounts:password_change_done": "profile",
    "accounts:login": "login",
    "accounts:signup": "signup",
}
#: Every other page of an app belongs to the app's section.
SECTION_OF_APP = {"games": "play", "tutorials": "learn"}


def current_section(request: HttpRequest) -> str:
    """'play', 'daily', 'learn', 'leaderboards', 'profile', 'login', 'signup' or ''
    (a Schafkopf match's pages say 'schafkopf' themselves: see games.views)."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        return ""
    if match.view_name in SECTION_OF_URL:
        return SECTION_OF_URL[match.view_name]
    return SECTION_OF_APP.get(match.namespace, "")


def site_menu(request: HttpRequest) -> dict:
    """Template context: ``menu_section`` marks the menu's current item."""
    return {"menu_section": current_section(request)}
