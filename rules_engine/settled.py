"""Whether a seat can tell, from its own view, that a hand's payments are fixed.

One rule for everyone who asks: the page that offers a Finish button and the
server that judges a posted finish both ask it with the human's view, so the
answer never depends on a card that seat may not see (another seat's bury, a
face-down unknown, a partner not yet revealed).
"""

from __future__ import annotations

from .cards import CARD_POINTS, parse_card
from .result import score_is_settled
from .sheepshead_kinds import ContractKind, Phase

#: The contracts in which one side plays against the other (a leaster has no sides).
SIDED_CONTRACTS = (ContractKind.CALLED_ACE, ContractKind.ALONE)


def _points(codes) -> int:
    """Card points of the cards this seat sees; a face-down card (None) counts nothing."""
    return sum(CARD_POINTS[parse_card(code)] for code in codes if code)


def settled_for(view) -> bool:
    """True when nothing left to play can change any payment, as far as ``view`` shows.

    Hidden points count as zero, and while the partner is unknown to this seat
    the hand must be settled whoever the partner is. Points and tricks only
    grow, so what holds for the smallest totals the seat can see holds for the
    true ones too.
    """
    if view.phase != Phase.PLAY.label or view.contract not in SIDED_CONTRACTS:
        return False
    seats = len(view.tricks_won)
    picker = view.picker
    if view.contract == ContractKind.ALONE:
        sides = [{picker}]
    elif view.partner is not None:
        sides = [{picker, view.partner}]
    else:
        sides = [{picker, s} for s in range(seats) if s not in (picker, view.seat)]
    points = [0] * seats
    for trick in view.tricks:
        points[trick.winner] += _points(trick.cards)
    bury = _points(view.buried or ())
    tricks = view.tricks_won
    for side in sides:
        defenders = [s for s in range(seats) if s not in side]
        settled = score_is_settled(
            sum(points[s] for s in side) + bury,
            sum(points[s] for s in defenders),
            sum(tricks[s] for s in side),
            sum(tricks[s] for s in defenders),
        )
        if not settled:
            return False
    return True


def may_finish(view) -> bool:
    """Whether this seat may have the rest of the hand played out now: on its turn, settled."""
    return view.turn == view.seat and settled_for(view)
