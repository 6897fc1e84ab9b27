"""How long ago the boards were computed, as a whole sentence.

Django's ``timesince`` says "0 minutes" for a board computed seconds ago and
leaves the sentence around it to be glued together; this says "just now"
under a minute and gives each unit its own ngettext sentence.
"""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR


def computed_ago(computed_at: dt.datetime, now: dt.datetime) -> str:
    """'Computed just now.', or the time since in the largest whole unit."""
    seconds = (now - computed_at).total_seconds()
    if seconds < MINUTE:  # a clock a little ahead counts as now too
        return _("Computed just now.")
    if seconds < HOUR:
        n = int(seconds // MINUTE)
        return ngettext("Computed %(n)d minute ago.", "Computed %(n)d minutes ago.", n) % {"n": n}
    if seconds < DAY:
        n = int(seconds // HOUR)
        return ngettext("Computed %(n)d hour ago.", "Computed %(n)d hours ago.", n) % {"n": n}
    n = int(seconds // DAY)
    return ngettext("Computed %(n)d day ago.", "Computed %(n)d days ago.", n) % {"n": n}
