"""Dates in the viewer's own time zone, from the ``tz`` cookie the browser sets."""

from __future__ import annotations

from django.utils import timezone

from .dates import viewer_zone


class ViewerTimezoneMiddleware:
    """Make the visitor's zone (``games.dates.viewer_zone``) current for the request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        timezone.activate(viewer_zone(request.COOKIES))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
