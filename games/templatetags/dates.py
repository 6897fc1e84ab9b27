"""``{{ value|day }}`` writes a date the site's one way; ``{{ value|day:"daily" }}``
(or any true argument) for dates tied to a daily deal. See ``games.dates``."""

from __future__ import annotations

from django import template

from games.dates import format_day

register = template.Library()


@register.filter
def day(value, daily=False) -> str:
    return format_day(value, daily=bool(daily))
