"""The table's sentences about who did what, each a whole gettext message.

The subject of a sentence is the human ("You"), a computer player by name, or
the picker's side (two players, or one playing alone). English verbs agree
with their subject, and other languages change more than the verb, so every
subject kind has its own whole message with named placeholders: nothing here
glues "You" to a verb written for a name. Where a number decides the plural,
the message goes through ngettext.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext


@dataclass(frozen=True)
class Who:
    """A player as a sentence's subject: the human, or a computer player's name."""

    name: str
    is_you: bool


def _pick(you, other, who: Who, **values) -> str:
    """``you`` when ``who`` is the human, else ``other`` with the name filled in."""
    return str(you if who.is_you else other) % {"name": who.name, **values}


# -- what just happened ------------------------------------------------------------------

#: The newest move, by kind: (the human did it, a named player did it).
EVENTS = {
    "deal": (gettext_lazy("You deal."), gettext_lazy("%(name)s deals.")),
    "pass": (gettext_lazy("You passed."), gettext_lazy("%(name)s passed.")),
    "pick": (
        gettext_lazy("You picked up the blind."),
        gettext_lazy("%(name)s picked up the blind."),
    ),
    "bury": (gettext_lazy("You buried two cards."), gettext_lazy("%(name)s buried two cards.")),
    "call": (
        gettext_lazy("You called the %(card)s."),
        gettext_lazy("%(name)s called the %(card)s."),
    ),
    "alone": (gettext_lazy("You play alone."), gettext_lazy("%(name)s plays alone.")),
    "unknown": (
        gettext_lazy("You set a card aside: the unknown."),
        gettext_lazy("%(name)s set a card aside: the unknown."),
    ),
    "play": (
        gettext_lazy("You played the %(card)s."),
        gettext_lazy("%(name)s played the %(card)s."),
    ),
    "play_face_down": (
        gettext_lazy("You played a face-down card."),
        gettext_lazy("%(name)s played a face-down card."),
    ),
    "take": (gettext_lazy("You took the trick."), gettext_lazy("%(name)s took the trick.")),
    "take_last": (
        gettext_lazy("You took the last trick."),
        gettext_lazy("%(name)s took the last trick."),
    ),
}


def event_sentence(kind: str, who: Who, card: str = "") -> str:
    """What ``who`` just did (``kind`` is a key of EVENTS; ``card`` a card's name)."""
    you, other = EVENTS[kind]
    return _pick(you, other, who, card=card)


# -- whose turn it is ----------------------------------------------------------------------

#: Each deciding phase: (your turn now, the human deciding at an earlier step shown,
#: a named player deciding).
DECIDING = {
    "picking": (
        gettext_lazy("Your turn: pick up the blind or pass"),
        gettext_lazy("You are deciding whether to pick"),
        gettext_lazy("%(name)s is deciding whether to pick"),
    ),
    "bury": (
        gettext_lazy("Your turn: choose two cards to bury"),
        gettext_lazy("You are burying two cards"),
        gettext_lazy("%(name)s is burying two cards"),
    ),
    "call": (
        gettext_lazy("Your turn: call a partner or play alone"),
        gettext_lazy("You are calling a partner"),
        gettext_lazy("%(name)s is calling a partner"),
    ),
    "unknown": (
        gettext_lazy("Your turn: choose the card to set aside as the unknown"),
        gettext_lazy("You are setting a card aside"),
        gettext_lazy("%(name)s is setting a card aside"),
    ),
}


def deciding_status(phase: str, who: Who, *, live: bool) -> str:
    """Who decides now in a deciding phase; 'Your turn: …' only when the human may act."""
    yours, you_earlier, theirs = DECIDING[phase]
    if who.is_you:
        return str(yours if live else you_earlier)
    return str(theirs) % {"name": who.name}


def to_play_status(who: Who) -> str:
    """Whose card it is, when it is not the human's to play now."""
    return _("Your turn to play") if who.is_you else _("%(name)s to play") % {"name": who.name}


# -- the contract ----------------------------------------------------------------------------


def contract_sentence(picker: Who, *, alone: bool, card: str = "", partner: Who | None = None):
    """Who picked and what they chose: alone, or the called card and, once known, the partner."""
    if alone:
        return _pick(_("You picked and play alone."), _("%(name)s picked and plays alone."), picker)
    if partner is None:
        return _pick(
            _("You picked and called the %(card)s."),
            _("%(name)s picked and called the %(card)s."),
            picker,
            card=card,
        )
    values = {"name": picker.name, "partner": partner.name, "card": card}
    if picker.is_you:
        return _("You picked and called the %(card)s; %(partner)s is your partner.") % values
    if partner.is_you:
        return _("%(name)s picked and called the %(card)s; you are the partner.") % values
    return _("%(name)s picked and called the %(card)s; %(partner)s is the partner.") % values


# -- the result -------------------------------------------------------------------------------


def _side_values(picker: Who, partner: Who | None, points: int) -> dict:
    return {"picker": picker.name, "partner": partner.name if partner else "", "points": points}


def side_wins(picker: Who, partner: Who | None, points: int) -> str:
    """The headline when the picker's side took 61 or more of the 120 card points."""
    values = _side_values(picker, partner, points)
    if partner is None:
        if picker.is_you:
            return _("Playing alone, you win with %(points)d of 120 points.") % values
        return _("Playing alone, %(picker)s wins with %(points)d of 120 points.") % values
    if picker.is_you:
        return _("You and %(partner)s win with %(points)d of 120 points.") % values
    if partner.is_you:
        return _("%(picker)s and you win with %(points)d of 120 points.") % values
    return _("%(picker)s and %(partner)s win with %(points)d of 120 points.") % values


def side_loses(picker: Who, partner: Who | None, points: int) -> str:
    """The headline when the picker's side took 60 or fewer: the defenders win."""
    values = _side_values(picker, partner, points)
    if partner is None:
        if picker.is_you:
            return (
                _("The defenders win: playing alone, you took only %(points)d of 120 points.")
                % values
            )
        return (
            _("The defenders win: playing alone, %(picker)s took only %(points)d of 120 points.")
            % values
        )
    if picker.is_you:
        return _("The defenders win: you and %(partner)s took only %(points)d of 120 points.") % (
            values
        )
    if partner.is_you:
        return _("The defenders win: %(picker)s and you took only %(points)d of 120 points.") % (
            values
        )
    return (
        _("The defenders win: %(picker)s and %(partner)s took only %(points)d of 120 points.")
        % values
    )


def leaster_winner(who: Who, points: int) -> str:
    """The leaster's headline: the fewest card points among players with a trick wins."""
    values = {"name": who.name, "points": points}
    if who.is_you:
        return (
            ngettext(
                "Leaster: you win with %(points)d point.",
                "Leaster: you win with %(points)d points.",
                points,
            )
            % values
        )
    return (
        ngettext(
            "Leaster: %(name)s wins with %(points)d point.",
            "Leaster: %(name)s wins with %(points)d points.",
            points,
        )
        % values
    )


def leaster_tie() -> str:
    return _("Leaster: a tie for the fewest points, so nobody wins.")


def side_points_sentence(points: int, bury: int) -> str:
    """The picker's side's card points, and how many of them the bury brought."""
    if bury:
        return ngettext(
            "The picker's side took %(points)d point, the bury's %(bury)d included.",
            "The picker's side took %(points)d points, the bury's %(bury)d included.",
            points,
        ) % {"points": points, "bury": bury}
    return ngettext(
        "The picker's side took %(points)d point.",
        "The picker's side took %(points)d points.",
        points,
    ) % {"points": points}


def defender_points_sentence(points: int) -> str:
    return ngettext(
        "The defenders took %(points)d point.", "The defenders took %(points)d points.", points
    ) % {"points": points}


def your_payment(score: int) -> str:
    """What the human receives or pays for the hand (a score of +2 receives 2 points)."""
    if score > 0:
        return ngettext("You receive %(n)d point.", "You receive %(n)d points.", score) % {
            "n": score
        }
    if score < 0:
        return ngettext("You pay %(n)d point.", "You pay %(n)d points.", -score) % {"n": -score}
    return _("You neither receive nor pay.")


# -- the score sheet ------------------------------------------------------------------------------


def hand_label(picker: Who, partner: Who | None, *, alone: bool) -> str:
    """A finished hand's short label on the score sheet: who played against whom."""
    if alone:
        return _pick(_("You alone"), _("%(name)s alone"), picker)
    if partner is None:
        return picker.name
    values = {"name": picker.name, "partner": partner.name}
    if picker.is_you:
        return _("You with %(partner)s") % values
    if partner.is_you:
        return _("%(name)s with you") % values
    return _("%(name)s with %(partner)s") % values
