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
from collections.abc import Iterator
from hashlib import shake_256

_TWO32 = 1 << 32
#: Words read in one go; a shuffle of 32 cards needs 31 unless one is rejected.
_FIRST_CHUNK = struct.Struct(">32I")


def stream_words(seed: bytes, label: bytes) -> Iterator[int]:
    """The SHAKE-256 stream of step 1, as 32-bit big-endian words, endlessly."""
    if not isinstance(seed, bytes):
        raise TypeError("a deal seed must be bytes")
    xof = shake_256(label + len(seed).to_bytes(4, "big") + seed)
    yield from _FIRST_CHUNK.unpack(xof.digest(_FIRST_CHUNK.size))
    taken = _FIRST_CHUNK.size
    while True:  # only after rejections: rare
        more = xof.digest(taken + _FIRST_CHUNK.size)[taken:]
        yield from _FIRST_CHUNK.unpack(more)
        taken += _FIRST_CHUNK.size


def uniform_below(k: int, words: Iterator[int]) -> int:
    """A uniform integer in ``range(k)`` (step 2)."""
    limit = _TWO32 - _TWO32 % k
    x = next(words)
    while x >= limit:
        x = next(words)
    return x % k


def shuffled(items: list, words: Iterator[int]) -> list:
    """Fisher-Yates (step 3) on a copy of ``items``; step 2 inlined for speed."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        k = i + 1
        limit = _TWO32 - _TWO32 % k
        x = next(words)
        while x >= limit:
            x = next(words)
        j = x % k
        out[i], out[j] = out[j], out[i]
    return out


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
    order = shuffled(deck, stream_words(seed, label))
    hands = [order[s * hand_size : (s + 1) * hand_size] for s in range(seats)]
    return hands, order[seats * hand_size :]
