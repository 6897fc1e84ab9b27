"""A player's name on the boards: the one place that says what a name may be.

Anyone may choose one (an account shows its user name until it does, a guest
"Guest 0042"); a guest's name comes along when it signs up.

A name is trimmed (inner runs of spaces become one) and brought to Unicode
NFKC form, as Django does with user names, so look-alike forms (full-width
letters, ligatures) become the plain ones. It may not hide anything:
control and format characters (bidi overrides and isolates, zero-width
joiners), surrogates, private-use and unassigned code points are refused.
And it may not pass for someone else on the board: an account's user name,
another player's chosen name or a guest's default name, compared without regard
to case.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from games.models import Player

NICKNAME_MIN = 2
NICKNAME_MAX = 24
#: Longer input is refused before any work is done on it (spaces are trimmed later).
RAW_MAX = 4 * NICKNAME_MAX
#: Unicode categories a name may not contain: control, format (the bidi
#: controls among them), surrogate, private use, unassigned.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
#: More combining marks in a row than any script needs: text that spills over its line.
MAX_MARKS_IN_A_ROW = 3
#: The placeholder of ``Player.display_name``'s "Guest %(number)s".
_GUEST_NUMBER = "%(number)s"


@cache
def default_guest_name() -> re.Pattern:
    """What ``Player.display_name`` shows for a guest without a nickname, in any of the
    site's languages ("guest 0042", "gast 0042", ...), lower case."""
    forms = set()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            before, _sep, after = gettext("Guest %(number)s").lower().partition(_GUEST_NUMBER)
        forms.add(re.escape(before.strip()) + r"\s*\d+\s*" + re.escape(after.strip()))
    return re.compile("|".join(sorted(forms)))


def clean_nickname(raw: object, player: Player) -> str:
    """The nickname to store for ``player``, or a ValidationError that says what is wrong."""
    if not isinstance(raw, str):
        raise ValidationError(_("Type a nickname."), code="missing")
    if len(raw) > RAW_MAX:  # not worth normalising
        raise _length_error()
    trimmed = " ".join(raw.split())  # tabs and line breaks are spaces here
    name = " ".join(unicodedata.normalize("NFKC", trimmed).split())
    if any(_hidden(char) for char in trimmed + name):
        raise ValidationError(
            _("A nickname may not contain invisible or control characters."), code="hidden"
        )
    if not NICKNAME_MIN <= len(name) <= NICKNAME_MAX:
        raise _length_error()
    if not any(unicodedata.category(char)[0] in "LN" for char in name):
        raise ValidationError(_("A nickname needs at least one letter or digit."), code="empty")
    if _marks_pile_up(name):
        raise ValidationError(
            _("A nickname may not stack that many accents on one letter."), code="marks"
        )
    if is_taken(name, player):
        raise ValidationError(
            _("That name is someone else's on the board: choose another."), code="taken"
        )
    return name


def _length_error() -> ValidationError:
    return ValidationError(
        _("A nickname has %(min)d to %(max)d characters.")
        % {"min": NICKNAME_MIN, "max": NICKNAME_MAX},
        code="length",
    )


def _hidden(char: str) -> bool:
    return unicodedata.category(char) in REFUSED_CATEGORIES


def _marks_pile_up(name: str) -> bool:
    run = 0
    for char in name:
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        if run > MAX_MARKS_IN_A_ROW:
            return True
    return False


def board_key(name: str) -> str:
    """The form two names are compared in: NFKC, then case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def is_taken(name: str, player: Player) -> bool:
    """True if ``name`` would pass for another player's name on the board."""
    key = board_key(name)
    if default_guest_name().fullmatch(key):
        return True
    users = get_user_model()
    usernames = Q()
    nicknames = Q()
    for spelling in {name, key}:
        usernames |= Q(**{f"{users.USERNAME_FIELD}__iexact": spelling})
        nicknames |= Q(nickname__iexact=spelling)
    if users.objects.filter(usernames).exclude(pk=player.user_id).exists():
        return True
    return Player.objects.filter(nicknames).exclude(pk=player.pk).exists()
