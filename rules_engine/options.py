"""Rule options (docs/rules.md §2, §3): their defaults, and checking a record's.

An option is checked where a record is read, so a typo or a bad value is an
error naming it (the replay command exits 2), never a silent default.

>>> schafkopf_options({"tariff_solo": 100})["tariff_solo"]
100
>>> schafkopf_options({"all_pass": "skip"})
Traceback (most recent call last):
...
rules_engine.errors.InvalidRecord: options.all_pass: must be one of 'ramsch', 'redeal', not 'skip'
"""

from __future__ import annotations

from types import MappingProxyType

from .errors import InvalidRecord

#: Schafkopf's options and their defaults (docs/rules.md §3); tariffs are whole cents.
SCHAFKOPF_DEFAULTS = MappingProxyType(
    {
        "short_deck": False,
        "all_pass": "ramsch",
        "jungfrau": False,
        "tariff_rufspiel": 10,
        "tariff_solo": 50,
        "tariff_schneider": 10,
        "tariff_schwarz": 20,
        "tariff_laufende": 10,
        "tariff_ramsch": 10,
    }
)
_CHOICES = {"all_pass": ("ramsch", "redeal")}
#: Options already checked, by their items: a few combinations recur in a process.
_CHECKED: dict[tuple, MappingProxyType] = {}
#: Every read-only mapping handed out here, by identity (each kept, so no identity is
#: reused): a caller that gives it back for each hand (the bench) has it not checked again.
_ISSUED: dict[int, MappingProxyType] = {id(SCHAFKOPF_DEFAULTS): SCHAFKOPF_DEFAULTS}


def _key(given: dict) -> tuple:
    """The options as a key that tells ``1`` from ``True`` (equal in Python, not here).

    In the dict's own order: the same options given in another order are checked
    once more and remembered under a second key, which costs less than sorting.
    """
    return (*given, *map(type, given.values()), *given.values())


def schafkopf_options(given: object) -> MappingProxyType:
    """Every Schafkopf option, read-only, ``given`` ones checked; InvalidRecord names a bad one.

    What this returns may be given back as is: it is known, not checked again.
    """
    if given.__class__ is MappingProxyType:
        if _ISSUED.get(id(given)) is given:
            return given
        given = dict(given)  # a read-only mapping from elsewhere: checked as any other
    if not isinstance(given, dict):
        raise InvalidRecord("options", "must be a JSON object")
    if not given:
        return SCHAFKOPF_DEFAULTS
    try:  # the same options again (a session, a benchmark): checked once
        return _CHECKED[_key(given)]
    except (KeyError, TypeError):
        pass
    options = dict(SCHAFKOPF_DEFAULTS)
    for name, value in given.items():
        field = f"options.{name}"
        if name not in SCHAFKOPF_DEFAULTS:
            raise InvalidRecord(field, f"schafkopf has no option {name!r}")
        default = SCHAFKOPF_DEFAULTS[name]
        if name in _CHOICES:
            if value not in _CHOICES[name]:
                choices = ", ".join(repr(c) for c in _CHOICES[name])
                raise InvalidRecord(field, f"must be one of {choices}, not {value!r}")
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                raise InvalidRecord(field, f"must be true or false, not {value!r}")
        elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise InvalidRecord(field, f"must be a whole number of cents, 0 or more, not {value!r}")
        options[name] = value
    checked = MappingProxyType(options)
    if len(_CHECKED) < 256:
        _CHECKED[_key(given)] = checked
        _ISSUED[id(checked)] = checked
    return checked
