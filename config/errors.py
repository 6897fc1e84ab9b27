"""Friendly error pages Django doesn't render by itself: a refused CSRF token
and a request with the wrong method (400, 403, 404 and 500 use the templates
of the same name directly)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


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
