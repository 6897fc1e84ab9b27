"""When the database is unreachable in the middle of a request: a clear 503, not a 500.

A connection lost during a request takes its transaction with it, so nothing
is half-applied; the player is told to try again, and the next request opens
a fresh connection (CONN_HEALTH_CHECKS throws the broken one away). An htmx
request is answered with a full reload, because htmx swaps no error response.
"""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

logger = logging.getLogger(__name__)

#: Seconds a client is asked to wait before trying again.
RETRY_AFTER_SECONDS = 5


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.warning(
            "Database unavailable during %s %s: %s", request.method, request.path, exception
        )
        # Rendered without the request: its context processors would query the database.
        response = HttpResponse(render_to_string("503.html"), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        if request.headers.get("HX-Request"):
            response["HX-Refresh"] = "true"
        return response
