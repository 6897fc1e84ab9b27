"""How well a sampled deal explains what the other seats did: the expert's inference.

A sampler keeps only deals that the table's history allows: the voids shown,
where the called card may be, what bids say. Among those, a deal on which the
other seats, playing the standard strategy from their own views, would have
done something else than they did explains the table worse than one on which
they would have done just that. Each such surprise keeps a deal with
probability :data:`KEEP`, so the sampled deals follow how likely each one is
given the table's actions, as far as the standard strategy predicts them. No
deal is ruled out: a seat that plays otherwise (a person) only weighs less.
"""

from __future__ import annotations

import math

from ..errors import IllegalAction

#: The chance a sampled deal survives each action of another seat that the standard
#: strategy would not have taken on it (the arena's figures are in the README).
KEEP = 0.3
_LOG_KEEP = math.log(KEEP)
#: A bound that no replay reaches.
UNBOUNDED = 1 << 30


def surprises_allowed(rng) -> int:
    """How many surprises a deal may hold and be kept. Keeping it with probability
    ``KEEP ** surprises`` is drawing this bound first, which lets a replay stop early."""
    u = rng.random()
    return UNBOUNDED if u <= 0.0 else int(math.log(u) / _LOG_KEEP)


def replay_counting(state, steps, me: int, predicted=None, allowed: int = UNBOUNDED):
    """``state`` with ``steps`` (``(seat, action)`` pairs) applied, and how many of the
    other seats' actions ``predicted(state)`` foretold otherwise (it returns None where
    it makes no prediction). ``(None, surprises)`` once more than ``allowed`` are
    found, and ``(None, UNBOUNDED)`` when the steps are not legal on this deal."""
    surprises = 0
    try:
        for seat, action in steps:
            if seat != state.turn:
                return None, UNBOUNDED
            if predicted is not None and seat != me:
                guess = predicted(state)
                if guess is not None and guess != action:
                    surprises += 1
                    if surprises > allowed:
                        return None, surprises
            state = state.apply(action)
    except IllegalAction:
        return None, UNBOUNDED
    return state, surprises
