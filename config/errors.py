"""The site's error answers that Django doesn't give by itself: a refused CSRF
token, a request with the wrong method, and a database that is gone (400, 403,
404 and 500 use the templates of the same name directly).

When the database is unreachable in the middle of a request the answer is a
clear 503, not a 500. A connection lost during a request takes its
transaction with it, so nothing is half-applied; the player is told to try
again, and the next request opens a fresh connection (CONN_HEALTH_CHECKS
throws the broken one away). An htmx request is answered with a full reload,
because htmx swaps no error response.
"""

from __future__ import annotations

import logging
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string

logger = logging.getLogger(__name__)

#: Seconds a client is asked to wait before trying again after a database outage.
RETRY_AFTER_SECONDS = 5
#: What a lost or refused database connection raises.
DATABASE_GONE = (OperationalError, InterfaceError)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form posted without a valid CSRF token: a clear 403 page (the reason is
    for developers and stays in the log, not on the page)."""
    return render(request, "403_csrf.html", status=403)


class MethodNotAllowedPage:
    """Gives the empty 405 that ``require_POST`` / ``require_safe`` answer a page
    of its own, keeping its ``Allow`` header."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or response.content:
            return response
        page = render(request, "405.html", status=405)
        if response.has_header("Allow"):
            page["Allow"] = response["Allow"]
        return page


def database_unavailable(request: HttpRequest, error: Exception) -> HttpResponse:
    """The 503 for a request that lost its database."""
    logger.warning("Database unavailable during %s %s: %s", request.method, request.path, error)
    # Rendered without the request: its context processors would query the database.
    response = HttpResponse(render_to_string("503.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    if request.headers.get("HX-Request"):
        response["HX-Refresh"] = "true"
    return response


class DatabaseUnavailableMiddleware:
    """A view that lost its database answers 503 (innermost, so that its answer
    still passes through the other middleware on the way out)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if isinstance(exception, DATABASE_GONE):
            return database_unavailable(request, exception)
        return None


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's last resort (``handler500``): a database outage met outside a view,
    in a middleware loading the session say, is a 503 too; anything else the 500 page."""
    error = sys.exc_info()[1]
    if isinstance(error, DATABASE_GONE):
        return database_unavailable(request, error)
    return HttpResponse(render_to_string("500.html"), status=500)
