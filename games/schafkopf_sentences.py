"""The Schafkopf table's sentences, each a whole gettext message (see games.sentences).

The games keep their German names (Rufspiel, Wenz, Geier, Solo, Tout, Ramsch,
Kontra, Re) as players say them in every language; the words around them are
translated. Money is in cents, written as euros and cents.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .sentences import Who, _pick

#: The newest move, by kind: (the human did it, a named player did it).
EVENTS = {
    "bid": (gettext_lazy("You want to play."), gettext_lazy("%(name)s wants to play.")),
    "pass": (gettext_lazy("You passed."), gettext_lazy("%(name)s passed.")),
    "declare": (
        gettext_lazy("You declared %(game)s."),
        gettext_lazy("%(name)s declared %(game)s."),
    ),
    "kontra": (gettext_lazy("You said Kontra."), gettext_lazy("%(name)s said Kontra.")),
    "re": (gettext_lazy("You said Re."), gettext_lazy("%(name)s said Re.")),
}

#: Each deciding phase: (your turn now, the human deciding at an earlier step shown,
#: a named player deciding).
DECIDING = {
    "bidding": (
        gettext_lazy("Your turn: do you want to play? Bid or pass"),
        gettext_lazy("You are deciding whether to play"),
        gettext_lazy("%(name)s is deciding whether to play"),
    ),
    "declaring": (
        gettext_lazy("Your turn: declare your game"),
        gettext_lazy("You are declaring a game"),
        gettext_lazy("%(name)s is declaring a game"),
    ),
    "kontra": (
        gettext_lazy("Your turn: say Kontra or pass"),
        gettext_lazy("You are deciding on Kontra"),
        gettext_lazy("%(name)s is deciding on Kontra"),
    ),
    "re": (
        gettext_lazy("Your turn: say Re or pass"),
        gettext_lazy("You are deciding on Re"),
        gettext_lazy("%(name)s is deciding on Re"),
    ),
}


def event_sentence(kind: str, who: Who, game: str = "") -> str:
    you, other = EVENTS[kind]
    return _pick(you, other, who, game=game)


def deciding_status(phase: str, who: Who, *, live: bool) -> str:
    yours, you_earlier, theirs = DECIDING[phase]
    if who.is_you:
        return str(yours if live else you_earlier)
    return str(theirs) % {"name": who.name}


def contract_sentence(declarer: Who, game: str, partner: Who | None) -> str:
    """Who plays which game and, once the called card is out, with whom."""
    values = {"name": declarer.name, "game": game}
    if partner is None:
        return _pick(_("You play %(game)s."), _("%(name)s plays %(game)s."), declarer, **values)
    values["partner"] = partner.name
    if declarer.is_you:
        return _("You play %(game)s; %(partner)s is your partner.") % values
    if partner.is_you:
        return _("%(name)s plays %(game)s; you are the partner.") % values
    return _("%(name)s plays %(game)s; %(partner)s is the partner.") % values


def doubling_sentence(kontra: Who | None, re: Who | None) -> str:
    """Kontra and Re, once said: each doubles the game."""
    if kontra is None:
        return ""
    said = _pick(_("You said Kontra."), _("%(name)s said Kontra."), kontra)
    if re is not None:
        said += " " + _pick(_("You said Re."), _("%(name)s said Re."), re)
    return said


def side_result(declarer: Who, partner: Who | None, points: int, won: bool) -> str:
    """The headline: did the declaring side take 61 of the 120 card points?"""
    values = {"name": declarer.name, "partner": partner.name if partner else "", "points": points}
    if won:
        if partner is None:
            return _pick(
                _("You win with %(points)d of 120 points."),
                _("%(name)s wins with %(points)d of 120 points."),
                declarer,
                points=points,
            )
        if declarer.is_you:
            return _("You and %(partner)s win with %(points)d of 120 points.") % values
        if partner.is_you:
            return _("%(name)s and you win with %(points)d of 120 points.") % values
        return _("%(name)s and %(partner)s win with %(points)d of 120 points.") % values
    if partner is None:
        return _pick(
            _("The defenders win: you took only %(points)d of 120 points."),
            _("The defenders win: %(name)s took only %(points)d of 120 points."),
            declarer,
            points=points,
        )
    if declarer.is_you:
        return _("The defenders win: you and %(partner)s took only %(points)d points.") % values
    if partner.is_you:
        return _("The defenders win: %(name)s and you took only %(points)d points.") % values
    return _("The defenders win: %(name)s and %(partner)s took only %(points)d points.") % values


def tout_result(declarer: Who, won: bool) -> str:
    """A Tout is won only by taking every trick."""
    if won:
        return _pick(
            _("You took every trick: Tout won."),
            _("%(name)s took every trick: Tout won."),
            declarer,
        )
    return _pick(
        _("The Tout is lost: you didn't take every trick."),
        _("The Tout is lost: %(name)s didn't take every trick."),
        declarer,
    )


def ramsch_loser(who: Who, points: int) -> str:
    """In a Ramsch the most card points lose."""
    return _pick(
        _("Ramsch: you took the most points, %(points)d, and pay."),
        _("Ramsch: %(name)s took the most points, %(points)d, and pays."),
        who,
        points=points,
    )


def laufende_note(count: int) -> str:
    return ngettext(
        "%(n)d Laufender: the top trump, held by one side, is paid extra.",
        "%(n)d Laufende: the top trumps, unbroken in one side's hands, are paid extra each.",
        count,
    ) % {"n": count}


def your_money(cents: int) -> str:
    """What the human wins or pays for the hand, in euros and cents."""
    if cents > 0:
        return _("You win %(money)s.") % {"money": money(cents)}
    if cents < 0:
        return _("You pay %(money)s.") % {"money": money(-cents)}
    return _("You neither win nor pay.")


def money(cents: int) -> str:
    """An amount in euros and cents as the reader's language writes it: €0.30 and
    €1,234.50 in English, 0,30 € and 1.234,50 € in German."""
    amount = number_format(Decimal(cents) / 100, decimal_pos=2, force_grouping=True)
    # Translators: where the euro sign goes and how it is spaced, e.g. "%(amount)s €".
    return _("€%(amount)s") % {"amount": amount}


def signed_money(cents: int) -> str:
    """A win or a payment as the score sheet writes it: +€0.30, −€1.20, 0."""
    if cents > 0:
        return "+" + money(cents)
    if cents < 0:
        return "\u2212" + money(-cents)
    return "0"
