"""A seeded random source whose sequence can't change between Python versions.

Only ``random.Random.random()`` is promised to give the same numbers for the
same seed on every Python version, so everything here is built on it:
choices and shuffles use our own code, never ``random.choice`` or
``random.shuffle``. The seed is derived from bytes with SHA-256, never with
``hash()``.
"""

from __future__ import annotations

import random
from hashlib import sha256


class Rng:
    __slots__ = ("random",)

    def __init__(self, *parts: bytes | str | int) -> None:
        digest = sha256()
        for part in parts:
            data = part if isinstance(part, bytes) else str(part).encode()
            digest.update(len(data).to_bytes(4, "big") + data)
        self.random = random.Random(int.from_bytes(digest.digest()[:16], "big")).random

    def below(self, n: int) -> int:
        """A number in ``range(n)``."""
        return min(int(self.random() * n), n - 1)

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
