"""Dealing from a byte seed, the same on every machine and Python version.

The algorithm, fixed forever (changing it would change every stored deal):

1. A stream of bytes: the blocks ``HMAC-SHA256(key=seed, msg=label || n)``
   for n = 0, 1, 2, ... (n as 8 bytes big-endian), where ``label`` names the
   game (``b"sheepshead-deal"``), concatenated.
2. Uniform integers below k: take the next 4 bytes as a big-endian unsigned
   int x; reject and take the next 4 while x >= 2**32 - (2**32 % k); the
   answer is x % k (no modulo bias).
3. Fisher-Yates on the deck in card-index order (7C 8C ... AC 7S ... AD):
   for i from len-1 down to 1, swap position i with position uniform(i + 1).
4. Seat s receives positions ``s*hand_size`` to ``(s+1)*hand_size - 1``; the
   blind is what follows.

>>> deal_cards(b"example", 5, 6, 2)[1]  # the blind
[3, 10]
"""

from __future__ import annotations

import hmac
from hashlib import sha256

_TWO32 = 1 << 32


class ByteStream:
    """The HMAC-SHA256 counter-mode stream of step 1."""

    def __init__(self, seed: bytes, label: bytes) -> None:
        if not isinstance(seed, bytes | bytearray):
            raise TypeError("a deal seed must be bytes")
        self._key = bytes(seed)
        self._label = label
        self._counter = 0
        self._buffer = b""

    def take(self, count: int) -> bytes:
        while len(self._buffer) < count:
            block = hmac.digest(self._key, self._label + self._counter.to_bytes(8, "big"), sha256)
            self._buffer += block
            self._counter += 1
        out, self._buffer = self._buffer[:count], self._buffer[count:]
        return out

    def below(self, k: int) -> int:
        """A uniform integer in ``range(k)`` (step 2)."""
        limit = _TWO32 - _TWO32 % k
        while True:
            x = int.from_bytes(self.take(4), "big")
            if x < limit:
                return x % k


def shuffled(items: list, stream: ByteStream) -> list:
    """Fisher-Yates (step 3); returns a new list."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
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
    order = shuffled(deck, ByteStream(seed, label))
    hands = [order[s * hand_size : (s + 1) * hand_size] for s in range(seats)]
    return hands, order[seats * hand_size :]
