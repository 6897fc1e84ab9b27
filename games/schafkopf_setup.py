"""The house rules a Schafkopf table agrees on before the first deal (docs/rules.md §3).

A player chooses, on the home page: the computer players' level, the deck
(long, 32 cards, or short, 24), what happens when all pass (a Ramsch or a
new deal), the tariff and the number of rounds. A tariff is one of the
usual presets, named the way players name them ("10/50": ten cents a
Rufspiel, fifty a solo), or the player's own two rates. The other rates
follow the Rufspiel's, as the engine's defaults do at ten cents:

- schneider and each Laufende that pays: the Rufspiel's rate;
- schwarz: twice the Rufspiel's rate;
- a Ramsch: the Rufspiel's rate.

So ``rules()`` of the default setup are the engine's defaults, spelled out.

The form's fields: ``computer_level`` (not ``level``, which is the Sheepshead
form's on the same page), ``deck`` ("long" or "short"), ``all_pass`` ("ramsch"
or "redeal"), ``tariff`` (a preset's name or "own"), ``rufspiel`` and ``solo``
(cents, read only for "own") and ``rounds``.
The setup is remembered on the player (``to_json`` / ``from_json``) so the
form offers the same house rules next time.

>>> setup = SchafkopfSetup(tariff="20/50")
>>> (setup.rufspiel, setup.solo)
(20, 50)
>>> setup.rules()["tariff_schwarz"]
40
>>> SchafkopfSetup.from_json({"level": "nobody"}) == DEFAULT
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules_engine.options import schafkopf_options
from rules_engine.players import LEVELS

from .game_kinds import MOST_ROUNDS
from .models import LEVEL_CHOICES
from .numbers import parse_int
from .schafkopf_sentences import money

#: The levels a player may choose for the computer players.
PLAYABLE_LEVELS = tuple(value for value, _label in LEVEL_CHOICES if value in LEVELS)
#: The usual tariffs: (Rufspiel, solo) in cents, by the name players give them.
TARIFF_PRESETS = {"10/50": (10, 50), "20/50": (20, 50), "50/100": (50, 100)}
#: The ``tariff`` of a setup whose two rates the player typed.
OWN = "own"
#: What a hand where all pass becomes: the engine's ``all_pass`` values.
ALL_PASS = ("ramsch", "redeal")
#: The deck choices of the form: ``deck`` is "long" (32 cards) or "short" (24).
DECKS = {"long": False, "short": True}
#: A typed tariff is a whole number of cents in this range.
LEAST_CENTS = 1
MOST_CENTS = 1000


class SetupError(ValueError):
    """House rules the form can't take; the message is for the player and names what is
    wrong, ``field`` is the form field it is about."""

    def __init__(self, message: str, field: str = ""):
        super().__init__(message)
        self.field = field


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class SchafkopfSetup:
    """One table's house rules and the match's length in rounds (four hands each).

    ``rufspiel`` and ``solo`` are the rates in cents: for a preset ``tariff`` they
    are the preset's (left out, they are filled in); for ``OWN`` they are required.
    Construction checks everything and raises SetupError for a bad value.
    """

    level: str = "standard"
    short_deck: bool = False
    all_pass: str = "ramsch"
    tariff: str = "10/50"
    rufspiel: int | None = None
    solo: int | None = None
    rounds: int = 2

    def __post_init__(self):
        if self.level not in PLAYABLE_LEVELS:
            raise SetupError(_("Choose one of the levels offered."), "computer_level")
        if not isinstance(self.short_deck, bool):
            raise SetupError(_("Choose the long or the short deck."), "deck")
        if self.all_pass not in ALL_PASS:
            raise SetupError(
                _("Choose what happens when all pass: a Ramsch or a new deal."), "all_pass"
            )
        if not _is_int(self.rounds) or not 1 <= self.rounds <= MOST_ROUNDS:
            raise SetupError(
                _("Choose from 1 to %(most)s rounds.") % {"most": MOST_ROUNDS}, "rounds"
            )
        if isinstance(self.tariff, str) and self.tariff in TARIFF_PRESETS:
            preset = TARIFF_PRESETS[self.tariff]
            for name, cents in zip(("rufspiel", "solo"), preset, strict=True):
                given = getattr(self, name)
                if given is not None and given != cents:
                    raise SetupError(_("Choose one of the tariffs offered, or your own."), name)
                object.__setattr__(self, name, cents)
        elif self.tariff == OWN:
            for name in ("rufspiel", "solo"):
                cents = getattr(self, name)
                if not _is_int(cents) or not LEAST_CENTS <= cents <= MOST_CENTS:
                    raise SetupError(_cents_message(name), name)
        else:
            raise SetupError(_("Choose one of the tariffs offered, or your own."), "tariff")

    # -- the form ------------------------------------------------------------------

    @classmethod
    def from_form(cls, data) -> SchafkopfSetup:
        """The setup a posted form (a QueryDict or a dict of strings) asks for.

        Raises SetupError naming the first field that is missing or wrong."""
        tariff = _text(data, "tariff")
        own = tariff == OWN
        return cls(
            level=_text(data, "computer_level"),
            short_deck=_deck(data),
            all_pass=_text(data, "all_pass"),
            tariff=tariff,
            rufspiel=_cents(data, "rufspiel") if own else None,
            solo=_cents(data, "solo") if own else None,
            rounds=_rounds(data),
        )

    @classmethod
    def refill(cls, data, fallback: SchafkopfSetup) -> SchafkopfSetup:
        """What a refused form shows again: each field as posted where that field is
        right on its own, else ``fallback``'s."""

        def read(name: str, reader):
            try:
                return reader()
            except SetupError:
                return getattr(fallback, name)

        level, all_pass, tariff = (
            _text(data, name) for name in ("computer_level", "all_pass", "tariff")
        )
        values = {
            "level": level if level in PLAYABLE_LEVELS else fallback.level,
            "short_deck": read("short_deck", lambda: _deck(data)),
            "all_pass": all_pass if all_pass in ALL_PASS else fallback.all_pass,
            "rounds": read("rounds", lambda: _rounds(data)),
        }
        if tariff == OWN:
            values["tariff"] = OWN
            for name in ("rufspiel", "solo"):
                values[name] = read(name, lambda name=name: _cents(data, name))
        elif tariff in TARIFF_PRESETS:
            values["tariff"] = tariff
        else:
            values.update(tariff=fallback.tariff, rufspiel=fallback.rufspiel, solo=fallback.solo)
        return cls(**values)

    # -- the engine and the page ------------------------------------------------------

    def rules(self) -> dict:
        """The engine's options for these house rules: only those the form offers."""
        rufspiel = self.rufspiel
        return {
            "short_deck": self.short_deck,
            "all_pass": self.all_pass,
            "tariff_rufspiel": rufspiel,
            "tariff_solo": self.solo,
            "tariff_schneider": rufspiel,
            "tariff_schwarz": 2 * rufspiel,
            "tariff_laufende": rufspiel,
            "tariff_ramsch": rufspiel,
        }

    @classmethod
    def from_rules(cls, rules: dict, rounds: int, level: str = "standard") -> SchafkopfSetup:
        """The setup a match's rules (and rounds) were started with, to describe them.

        Raises SetupError for rules the form could not have chosen (set by hand)."""
        options = schafkopf_options(rules)
        rufspiel, solo = options["tariff_rufspiel"], options["tariff_solo"]
        tariff = next((k for k, v in TARIFF_PRESETS.items() if v == (rufspiel, solo)), OWN)
        setup = cls(
            level=level,
            short_deck=options["short_deck"],
            all_pass=options["all_pass"],
            tariff=tariff,
            rufspiel=rufspiel,
            solo=solo,
            rounds=rounds,
        )
        if schafkopf_options(setup.rules()) != options:
            raise SetupError(_("These house rules were not chosen on the form."))
        return setup

    def describe(self) -> str:
        """The house rules in one short sentence, for the table."""
        deck = _("Short deck") if self.short_deck else _("Long deck")
        if self.all_pass == "ramsch":
            all_pass = _("a Ramsch when all pass")
        else:
            all_pass = _("a new deal when all pass")
        tariff = _("Rufspiel %(rufspiel)s, solo %(solo)s") % {
            "rufspiel": format_cents(self.rufspiel),
            "solo": format_cents(self.solo),
        }
        rounds = ngettext("%(count)s round", "%(count)s rounds", self.rounds) % {
            "count": self.rounds
        }
        return _("%(deck)s, %(all_pass)s, %(tariff)s, %(rounds)s.") % {
            "deck": deck,
            "all_pass": all_pass,
            "tariff": tariff,
            "rounds": rounds,
        }

    # -- remembering it ---------------------------------------------------------------

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data) -> SchafkopfSetup:
        """A remembered setup; anything unreadable (or no longer offered) gives DEFAULT.

        A preset's rates are the preset's as it is now, whatever was stored with it."""
        if not isinstance(data, dict) or not data:
            return DEFAULT
        known = {f.name for f in fields(cls)}
        values = {name: value for name, value in data.items() if name in known}
        if values.get("tariff") in TARIFF_PRESETS:
            values.pop("rufspiel", None)
            values.pop("solo", None)
        try:
            return cls(**values)
        except (SetupError, TypeError):
            return DEFAULT


DEFAULT = SchafkopfSetup()


def format_cents(cents: int) -> str:
    """Money as the whole site writes it (one translatable pattern): 50 cents is €0.50."""
    return money(cents)


def _cents_message(name: str) -> str:
    """Whole sentences, one per rate, so that each translates as a sentence."""
    if name == "rufspiel":
        message = _("The Rufspiel's tariff is a whole number of cents from %(least)s to %(most)s.")
    else:
        message = _("The solo's tariff is a whole number of cents from %(least)s to %(most)s.")
    return message % {"least": LEAST_CENTS, "most": MOST_CENTS}


# -- reading the posted fields: a wrong or missing one is a SetupError naming it --------------


def _text(data, name: str) -> str:
    """The field's value, "" when it is missing or not text (so every check refuses it)."""
    value = data.get(name)
    return value if isinstance(value, str) else ""


def _deck(data) -> bool:
    try:
        return DECKS[_text(data, "deck")]
    except KeyError:
        raise SetupError(_("Choose the long or the short deck."), "deck") from None


def _cents(data, name: str) -> int:
    cents = parse_int(_text(data, name))
    if cents is None or not LEAST_CENTS <= cents <= MOST_CENTS:
        raise SetupError(_cents_message(name), name)
    return cents


def _rounds(data) -> int:
    rounds = parse_int(_text(data, "rounds"))
    if rounds is None or not 1 <= rounds <= MOST_ROUNDS:
        raise SetupError(_("Choose from 1 to %(most)s rounds.") % {"most": MOST_ROUNDS}, "rounds")
    return rounds


# -- the home page's form -------------------------------------------------------------------


def form_fields(setup: SchafkopfSetup, error: Exception | None = None, posted=None) -> dict:
    """What the home page's Schafkopf form shows: each choice with its label, those of
    ``setup`` checked; and a refused form's message (a SetupError's, or the services'
    GameError's) with the field it is about. The rates typed in the ``posted`` form
    are shown again as typed when they are a number at all, even out of range."""
    rates = {"rufspiel": setup.rufspiel, "solo": setup.solo}
    for name in rates if posted is not None else ():
        typed = parse_int(_text(posted, name))
        rates[name] = rates[name] if typed is None else typed
    tariffs = []  # (value, its rates in words, checked): "10/50" is a name, as players say
    for key, (rufspiel, solo) in TARIFF_PRESETS.items():
        money = {"rufspiel": format_cents(rufspiel), "solo": format_cents(solo)}
        words = _("Rufspiel %(rufspiel)s, solo %(solo)s") % money
        tariffs.append((key, words, setup.tariff == key))
    wrong = getattr(error, "field", "")
    return {
        "levels": [
            (value, label, value == setup.level)
            for value, label in LEVEL_CHOICES
            if value in PLAYABLE_LEVELS
        ],
        "decks": [
            ("long", _("Long: 32 cards, eight each"), not setup.short_deck),
            ("short", _("Short: 24 cards, six each"), setup.short_deck),
        ],
        "all_pass": [
            ("ramsch", _("Play a Ramsch"), setup.all_pass == "ramsch"),
            ("redeal", _("Deal again"), setup.all_pass == "redeal"),
        ],
        "tariffs": tariffs,
        "own": setup.tariff == OWN,
        "rufspiel": rates["rufspiel"],
        "solo": rates["solo"],
        "least_cents": LEAST_CENTS,
        "most_cents": MOST_CENTS,
        "rounds": [(n, n == setup.rounds) for n in range(1, MOST_ROUNDS + 1)],
        "message": str(error) if error else "",
        # The fieldset the message is about ("tariff" for either typed rate too).
        "wrong": "tariff" if wrong in ("rufspiel", "solo") else wrong,
        "wrong_input": wrong if wrong in ("rufspiel", "solo") else "",
    }
