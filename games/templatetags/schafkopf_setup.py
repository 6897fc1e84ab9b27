"""``{% schafkopf_form as form %}``: what the home page's Schafkopf form shows.

The form a view refused (its ``schafkopf_form`` context), else the house rules
the player chose last time, else the default ones (games.schafkopf_setup).
"""

from __future__ import annotations

from django import template

from games.identity import current_player
from games.schafkopf_setup import DEFAULT, SchafkopfSetup, form_fields

register = template.Library()


@register.simple_tag(takes_context=True)
def schafkopf_form(context) -> dict:
    refused = context.get("schafkopf_form")
    if refused is not None:
        return refused
    request = getattr(context, "request", None)
    player = current_player(request, create=False) if request is not None else None
    return form_fields(SchafkopfSetup.from_json(player.schafkopf_setup) if player else DEFAULT)
