"""Dealing from a byte seed, the same on every machine and Python version.

The algorithm, fixed forever (changing it would change every stored deal):

1. A stream of bytes: SHAKE-256 (FIPS 202) of ``label || len(seed) || seed``,
   where ``label`` names the game (``b"sheepshead-deal"``) and ``len(seed)``
   is 4 bytes big-endian. SHAKE-256 is an extendable-output hash, so one
   call yields as many bytes as the shuffle needs.
2. Uniform integers below k: take the next 4 bytes as a big-endian unsigned
   int x; reject and take the next 4 while x >= 2**32 - (2**32 % k); the
   answer is x % k (no modulo bias).
3. Fisher-Yates on the deck in card-index order (7C 8C ... AC 7S ... AD):
   for i from len-1 down to 1, swap position i with position uniform(i + 1).
4. Seat s receives positions ``s*hand_size`` to ``(s+1)*hand_size - 1``; the
   blind is what follows.

>>> deal_cards(b"example", 5, 6, 2)[1]  # the blind
[26, 17]
"""

from __future__ import annotations

import struct
from hashlib import shake_256
from operator import mod

_TWO32 = 1 << 32
#: Words read in one go; a shuffle of 32 cards needs 31 unless one is rejected.
_CHUNK = struct.Struct(">32I")


class WordStream:
    """The SHAKE-256 stream of step 1, as a growing sequence of 32-bit words."""

    def __init__(self, seed: bytes, label: bytes) -> None:
        if not isinstance(seed, bytes):
            raise TypeError("a deal seed must be bytes")
        self._xof = shake_256(label + len(seed).to_bytes(4, "big") + seed)
        head = self._xof.digest(_CHUNK.size)
        self.words: tuple[int, ...] | list[int] = _CHUNK.unpack(head)
        #: No word of the first chunk is high enough for any draw below 65 to reject
        #: (each such word starts with three 0xff bytes): the shuffle's fast path.
        self.rejects_none = b"\xff\xff\xff" not in head

    def extend(self) -> None:
        """Read the next chunk of words (only needed after a rejection)."""
        taken = 4 * len(self.words)
        self.words = [*self.words, *_CHUNK.unpack(self._xof.digest(taken + _CHUNK.size)[taken:])]


#: ``_LIMITS[k]``: the largest multiple of k not above 2**32 (step 2).
_LIMITS = (0,) + tuple(_TWO32 - _TWO32 % k for k in range(1, 65))
# Every limit is above 0xFFFFFF00, so a rejected word starts with three 0xff bytes
# (the test of ``WordStream.rejects_none`` checks it).


def uniform_below(k: int, stream: WordStream, at: int) -> tuple[int, int]:
    """A uniform integer in ``range(k)`` from word ``at`` on (step 2), and the next position."""
    limit = _LIMITS[k] if k < len(_LIMITS) else _TWO32 - _TWO32 % k
    while True:
        if at == len(stream.words):
            stream.extend()
        x = stream.words[at]
        at += 1
        if x < limit:
            return x % k, at


def shuffled(items: list, stream: WordStream) -> list:
    """Fisher-Yates (step 3) on a copy of ``items``."""
    out = list(items)
    n = len(out)
    words = stream.words
    if stream.rejects_none and n < len(_LIMITS) and n - 1 <= len(words):
        # The usual case: no word is rejected, so draw i uses word n-1-i as is.
        for i, j in zip(range(n - 1, 0, -1), map(mod, words, range(n, 1, -1)), strict=False):
            out[i], out[j] = out[j], out[i]
        return out
    at = 0
    for i in range(n - 1, 0, -1):
        j, at = uniform_below(i + 1, stream, at)
        out[i], out[j] = out[j], out[i]
    return out


def deal_order(seed: bytes, deck, label: bytes = b"sheepshead-deal") -> list:
    """The deck in dealt order (steps 1 to 3); step 4 cuts it into hands and the blind.

    ``deck`` may hold anything standing for the cards in index order (their
    indices, their bits): the permutation depends on the seed alone.
    """
    return shuffled(deck, WordStream(seed, label))


def deal_cards(
    seed: bytes,
    seats: int,
    hand_size: int,
    blind_size: int,
    deck: list[int] | None = None,
    label: bytes = b"sheepshead-deal",
) -> tuple[list[list[int]], list[int]]:
    """Hands (one list of card indices per seat) and the blind, from a seed."""
    deck = list(range(32)) if deck is None else list(deck)
    if seats * hand_size + blind_size != len(deck):
        raise ValueError("the deck does not divide into these hands and blind")
    order = deal_order(seed, deck, label)
    hands = [order[s * hand_size : (s + 1) * hand_size] for s in range(seats)]
    return hands, order[seats * hand_size :]
