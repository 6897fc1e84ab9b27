"""What differs between the games a match can be: its seats, its deals, its rules.

A Sheepshead match is ten hands at five seats; a Schafkopf match is a session
of rounds at four seats (each seat deals once a round) under the house rules
chosen when it starts, kept on the match as the engine's options. Everything
else about a match (locking, versions, computer players, saving hands) is the
same for both and lives in :mod:`games.services`.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules_engine import InvalidRecord
from rules_engine.match import Match as SheepsheadMatch
from rules_engine.options import schafkopf_options
from rules_engine.schafkopf import variant_for
from rules_engine.schafkopf_result import SchafkopfResult
from rules_engine.session import DEFAULT_ROUNDS, SchafkopfSession
from rules_engine.variant import SHEEPSHEAD_FIVE

from .models import SCHAFKOPF

#: The most rounds a Schafkopf match may have: eight rounds of four hands.
MOST_ROUNDS = 8


class RulesError(ValueError):
    """House rules that can't be played; the message is for the player."""


def schafkopf_rules(options: dict) -> dict:
    """The engine's options for ``options`` (only those given), checked.

    Raises RulesError naming the option that is unknown or has a bad value."""
    try:
        schafkopf_options(options)
    except InvalidRecord as error:
        message = _("These house rules can't be played: %(reason)s") % {"reason": error}
        raise RulesError(message) from error
    return dict(options)


def schafkopf_hand_count(rules: dict, rounds: int = DEFAULT_ROUNDS) -> int:
    """The hands of a session of ``rounds`` rounds: each seat deals once a round."""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MOST_ROUNDS:
        raise RulesError(
            _("A Schafkopf match has from 1 to %(most)s rounds.") % {"most": MOST_ROUNDS}
        )
    return rounds * variant_for(schafkopf_options(rules)).seats


def seats_of(game: str, rules: dict) -> int:
    """How many play at the table."""
    if game == SCHAFKOPF:
        return variant_for(schafkopf_options(rules)).seats
    return SHEEPSHEAD_FIVE.seats


def engine_match(match) -> SheepsheadMatch | SchafkopfSession:
    """The engine's match or session for a stored match: it deals hand ``n`` with ``deal(n)``."""
    seed = bytes(match.seed)
    if match.game == SCHAFKOPF:
        seats = seats_of(SCHAFKOPF, match.rules)
        return SchafkopfSession(seed, match.first_dealer, match.hand_count // seats, match.rules)
    return SheepsheadMatch(seed, match.first_dealer, match.hand_count)


def declarer_of(result) -> int | None:
    """The seat that took the game on: Sheepshead's picker, Schafkopf's declarer."""
    return result.declarer if isinstance(result, SchafkopfResult) else result.picker
