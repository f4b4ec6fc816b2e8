"""Deterministic dice: splitmix64 streams keyed by purpose.

Each stream is identified by the game seed plus a purpose key such as "fight:0:3:4" (the fight
with the enemy on level 0, row 3, column 4). The n-th draw of a stream depends only on the seed,
the key and n, so an action in one corner of the map never changes the dice in another. The
state of every stream is just a counter, which makes cloning and replaying cheap.

Python's `random` is never used: it only promises to repeat `random()` for a seed.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def splitmix64_outputs(seed: int, count: int) -> list[int]:
    """The first `count` outputs of the reference splitmix64 generator (for golden tests)."""
    return [_mix((seed + (i + 1) * GAMMA) & MASK64) for i in range(count)]


@lru_cache(maxsize=4096)
def _stream_base(seed: int, key: str) -> int:
    digest = hashlib.blake2b(f"{seed}|{key}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


class Dice:
    """All the dice of one game. `counters` maps a stream key to the number of draws used."""

    __slots__ = ("seed", "counters")

    def __init__(self, seed: int, counters: dict[str, int] | None = None) -> None:
        self.seed = seed & MASK64
        self.counters: dict[str, int] = dict(counters) if counters else {}

    def clone(self) -> Dice:
        return Dice(self.seed, self.counters)

    def draw64(self, key: str) -> int:
        """The next raw 64-bit value of the stream `key`."""
        n = self.counters.get(key, 0) + 1
        self.counters[key] = n
        return _mix((_stream_base(self.seed, key) + n * GAMMA) & MASK64)

    def below(self, key: str, n: int) -> int:
        """An unbiased integer in [0, n), by rejection sampling: integers only."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.draw64(key)
            if x < limit:
                return x % n

    def roll(self, key: str, sides: int = 6) -> int:
        """One die, 1..sides."""
        return self.below(key, sides) + 1

    def shuffle(self, key: str, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(key, i + 1)
            items[i], items[j] = items[j], items[i]
