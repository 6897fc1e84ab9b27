"""The expert's own last cards, searched within each sampled deal.

A playout gives every seat the standard strategy, the expert's own seat too, so
each candidate is judged as if the expert then played no better than the rules
of thumb. From the moment its seat holds :data:`CARDS` cards or fewer, the
playout instead tries each of that seat's legal cards and keeps the line that
scores best for it, the other seats still following the strategy (at a table
of standard players, exactly what they do). The last tricks are where a wrong
card is most often final, and three cards make at most six lines.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

#: The expert's seat searches its own cards once it holds this many or fewer.
CARDS = 3


def best_line(state, seat: int, policy: Callable, value: Callable, in_play, cards: int = CARDS):
    """The finished hand from ``state``: ``policy(state)`` acts for every seat, but
    ``seat``, in trick play (phase ``in_play``) with ``cards`` cards or fewer, tries
    each legal card and keeps the line with the best ``value(final, seat)``."""
    return _scored_line(state, seat, policy, value, in_play, cards)[1]


def _scored_line(state, seat: int, policy, value, in_play, cards: int) -> tuple[float, object]:
    """:func:`best_line` with its value, so that each finished hand is valued once."""
    while not state.is_over:
        if state.turn == seat and state.phase == in_play and state.hand(seat).bit_count() <= cards:
            legal = state.legal_actions()
            if len(legal) > 1:
                lines = (
                    _scored_line(state.apply(a), seat, policy, value, in_play, cards) for a in legal
                )
                return max(lines, key=itemgetter(0))  # the first of equal lines, as before
        state = state.apply(policy(state))
    return value(state, seat), state
