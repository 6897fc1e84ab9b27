"""Reading a whole number a visitor typed or a page posted, safely.

``int()`` takes far more than a form should: other scripts' digits ("²",
"١٢"), underscores, and numbers thousands of digits long (which raise, or
cost time). Every number read from a request goes through ``parse_int``.
"""

from __future__ import annotations

import re

#: Longer than any number the site asks for (scores, steps, versions, pages).
MAX_DIGITS = 9
_ASCII_DIGITS = re.compile(r"[0-9]+", re.ASCII)


def parse_int(value, default=None, *, signed: bool = False, max_digits: int = MAX_DIGITS):
    """``value`` as an int when it is ASCII digits (a leading minus if ``signed``) of at
    most ``max_digits``; anything else, ``default``."""
    if not isinstance(value, str):
        return default
    text = value.strip()
    negative = signed and text.startswith("-")
    digits = text[1:] if negative else text
    if len(digits) > max_digits or not _ASCII_DIGITS.fullmatch(digits):
        return default
    number = int(digits)
    return -number if negative else number
