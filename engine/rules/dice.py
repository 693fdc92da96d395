"""The engine's only source of randomness: a small seeded generator with a portable state.

SplitMix64 is used instead of `random.Random` because its whole state is one 64-bit integer,
which a saved game stores as text; the same seed gives the same dice on every machine and
Python version.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_LIMIT_12 = ((1 << 64) // 12) * 12  # below(12)'s rejection limit
T = TypeVar("T")


def seed_state(seed: int | str) -> int:
    """The generator state for a game seed (an integer or any text)."""
    data = str(seed).encode("utf-8")
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")


class Dice:
    """Seeded dice: `d12()`, `below(n)`, `shuffle(seq)`; `state` is the full generator state."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        """The next raw 64-bit value."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling, no modulo bias)."""
        limit = ((1 << 64) // n) * n
        while True:
            # next64, inlined: every random choice and die roll of a play-out comes here
            self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            v = z ^ (z >> 31)
            if v < limit:
                return v % n

    def d12(self) -> int:
        """One twelve-sided die, 1..12."""
        return self.below(12) + 1

    def roll(self, n: int) -> tuple[int, ...]:
        """n twelve-sided dice (the faces `d12()` would give n times)."""
        # below(12) + 1, inlined: a fight rolls about ten dice a side
        state = self.state
        out = []
        for _ in range(n):
            while True:
                state = z = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                v = z ^ (z >> 31)
                if v < _LIMIT_12:
                    break
            out.append(v % 12 + 1)
        self.state = state
        return tuple(out)

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle a list in place (Fisher–Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]
