"""Trick play, the same for every game: the hot path of every search.

A game's state in trick play subclasses :class:`TrickPlay` and its own hand
class. What differs between games is data: the contract carries the ranking
(``follow_masks``, ``follow_class``, ``strength``) and the called card's
fields, the deal the seats and hand size, and the game's ``_playable`` says
which cards a seat may play when the called card's rules apply. A state is
built in place (a helper call would cost more than it saves) as
``_playing_class`` or, after the last trick, ``_finished_class``.
"""

from __future__ import annotations

from .actions import Action
from .cards import FULL_DECK
from .errors import IllegalAction
from .tricks import ONE_CARD, PLAYS_BY_MASK, new_plays

#: What follows the lead before a trick has one: every card.
ANY_CARD = FULL_DECK

#: The plays of a legal mask seen before, bound once: a global lookup is cheaper than
#: ``PLAYS_BY_MASK.get`` resolved on every call of the hottest function of a search.
_known_plays = PLAYS_BY_MASK.get


class TrickPlay:
    """``legal_actions`` and ``apply`` of a hand in trick play, for any game."""

    __slots__ = ()

    def legal_actions(self) -> tuple[Action, ...]:
        mask = self._legal
        if mask is None:
            if self.contract.called_pending:
                mask = self._playable(self.turn)
            else:  # the usual case inlined: follow the lead if you can
                hand = self.held[self.turn] & self.unplayed
                mask = hand & self.follows or hand
            self._legal = mask
        return _known_plays(mask) or new_plays(mask)

    def apply(self, action: Action):
        mask = self._legal
        if mask is None:
            mask = self._playable(self.turn)
        if not mask & action.play_bit:
            raise IllegalAction.breaking(self.explain_rule(action), action, self.turn)
        seat = self.turn
        c = action.index
        deal = self.deal
        contract = self.contract
        trick = self.trick
        if trick:
            follows = self.follows
            trick += ONE_CARD[c]
            if len(trick) == deal.seats:  # the last card: built here too, a call would cost
                # The highest strength wins, the first of equals. The unknown never wins:
                # its strength is below every card's in its contract's table, and it leads
                # the called suit (its index is unique in the deck, so its card tells it).
                first = trick[0]
                if first == contract.unknown:
                    led = contract.called_class
                else:
                    led = contract.follow_class[first]
                strength = contract.strength[led]
                best = -1
                best_at = at = 0
                for played in trick:  # counted by hand: enumerate's pairs cost more
                    if strength[played] > best:
                        best = strength[played]
                        best_at = at
                    at += 1
                leader = deal.next_seat[seat]  # the trick is full: its last card was this seat's
                winner = deal.seat_after[leader][best_at]
                tricks = self.tricks + ((leader, trick, winner),)
                over = len(tricks) == deal.hand_size
                if contract.called_pending and led == contract.called_class:
                    contract = contract.after_called_suit_led()
                new = self._finished_class() if over else self._playing_class()
                new.deal = deal
                new.contract = contract
                new.previous = self
                new.last = action
                new.turn = -1 if over else winner
                new.held = self.held
                new.unplayed = self.unplayed ^ action.play_bit
                new.trick = ()
                new.follows = ANY_CARD
                new.tricks = tricks
                new._legal = None
                return new
        else:  # the first card: the unknown leads the called suit
            if c == contract.unknown:
                follows = contract.called_suit_mask
            else:
                follows = contract.follow_masks[c]
            trick = ONE_CARD[c]
        # The common case, built in place: a helper call would cost more than it saves.
        playing_class = self._playing_class
        new = playing_class()
        new.deal = deal
        new.contract = contract
        new.previous = self
        new.last = action
        new.turn = deal.next_seat[seat]
        new.held = self.held
        new.unplayed = self.unplayed ^ action.play_bit
        new.trick = trick
        new.follows = follows
        new.tricks = self.tricks
        new._legal = None
        return new
