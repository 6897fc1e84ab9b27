"""The voids each seat has shown, read from a hand's tricks, for the playouts of both games.

Following is forced, so a seat that plays another class to a trick than the one
led holds none of that class: a player at the table rules those cards out of
its guess of the seat's hand. A playout builds a seat's table for nearly every
card it plays, so what the taken tricks show is kept per set of taken tricks,
by their tuple, which every state of one trick shares.

A contract of either game gives ``follow_class``, ``unknown`` (a card played
face down, Sheepshead's unknown, else -1: it shows no void) and
``called_class`` (the class a face-down card leads).
"""

from __future__ import annotations

#: The voids and tricks won per seat after the tricks taken so far, by the tricks'
#: tuple (kept with its entry, so its id is never another's). Emptied when full.
_AFTER_TRICKS: dict[int, tuple] = {}
AFTER_TRICKS_LIMIT = 1 << 12


def after_tricks(tricks: tuple, contract, seats: int) -> tuple:
    """``(tricks, voids, won)``: per seat, the voids the taken ``tricks`` showed (bit
    k: it played another class to a trick led in class k) and how many it won."""
    if not tricks:  # one tuple for every game and deck: its seats are not the entry's
        return tricks, [0] * seats, [0] * seats
    entry = _AFTER_TRICKS.get(id(tricks))
    if entry is not None and entry[0] is tricks:
        return entry
    voids = [0] * seats
    won = [0] * seats
    for leader, cards, winner in tricks:
        won[winner] += 1
        add_voids(voids, leader, cards, contract)
    if len(_AFTER_TRICKS) >= AFTER_TRICKS_LIMIT:
        _AFTER_TRICKS.clear()
    entry = _AFTER_TRICKS[id(tricks)] = (tricks, voids, won)
    return entry


def seat_guesses(state, seat: int, hand: int, unseen: int, kept) -> tuple[list[int], int]:
    """What ``seat`` may guess each seat holds in a playout, as a player at the table
    would: ``unseen`` less the classes the seat showed a void in (``kept[voids]``, a
    ranking's masks), its own ``hand`` for itself; and the tricks ``seat`` won."""
    _tricks, before, won = after_tricks(state.tricks, state.contract, state.deal.seats)
    may_hold = [unseen & kept[v] for v in voids_shown(state, before)]
    may_hold[seat] = hand
    return may_hold, won[seat]


def voids_shown(state, before: list[int]) -> list[int]:
    """``before`` (what the taken tricks showed) and what the trick in play shows."""
    trick = state.trick
    if len(trick) < 2:
        return before
    voids = list(before)
    add_voids(voids, state.leader, trick, state.contract)
    return voids


def add_voids(voids: list[int], leader: int, cards, contract) -> None:
    """Mark in ``voids`` each seat that played another class to ``cards``' lead."""
    seats = len(voids)
    follow_class = contract.follow_class
    face_down = contract.unknown
    first = cards[0]
    led = contract.called_class if first == face_down else follow_class[first]
    for at in range(1, len(cards)):
        c = cards[at]
        if follow_class[c] != led and c != face_down:
            voids[(leader + at) % seats] |= 1 << led
