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
_GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's increment and its two mixing multipliers
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
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
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling, no modulo bias)."""
        if not 0 < n <= _MASK:
            raise ValueError(f"below needs a count from 1 to 2**64 - 1, got {n}")
        self.state, value = _below(self.state, n)
        return value

    def d12(self) -> int:
        """One twelve-sided die, 1..12."""
        return self.below(12) + 1

    def roll(self, n: int) -> tuple[int, ...]:
        """n twelve-sided dice (the faces `d12()` would give n times)."""
        if n < 0:
            raise ValueError(f"roll needs a count of dice from 0 up, got {n}")
        self.state, faces = _roll(self.state, n)
        return faces

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle a list in place (Fisher–Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]


# The generator's steps as functions of the state: every random choice and die roll of a
# play-out comes here, and `dice.pxd` makes them 64-bit C arithmetic when compiled (the
# masks keep plain Python's integers to the same 64 bits).


def _below(state: int, n: int) -> tuple[int, int]:
    """(the state after, a uniform integer in 0..n-1) drawn from `state` (n > 0)."""
    mask, golden, mix1, mix2 = _MASK, _GOLDEN, _MIX1, _MIX2
    # 2**64 mod n: the draws from 2**64 - rest up are refused, as they would bias the modulo
    rest = (mask % n + 1) % n
    while True:
        state = z = (state + golden) & mask
        z = ((z ^ (z >> 30)) * mix1) & mask
        z = ((z ^ (z >> 27)) * mix2) & mask
        v = z ^ (z >> 31)
        if rest == 0 or v <= mask - rest:
            return state, v % n


def _roll(state: int, n: int) -> tuple[int, tuple[int, ...]]:
    """(the state after, n faces 1..12) drawn from `state` as `_below(state, 12)` would,
    one after the other."""
    mask, golden, mix1, mix2 = _MASK, _GOLDEN, _MIX1, _MIX2
    rest = (mask % 12 + 1) % 12
    faces = []
    for _ in range(n):
        while True:
            state = z = (state + golden) & mask
            z = ((z ^ (z >> 30)) * mix1) & mask
            z = ((z ^ (z >> 27)) * mix2) & mask
            v = z ^ (z >> 31)
            if v <= mask - rest:
                break
        faces.append(v % 12 + 1)
    return state, tuple(faces)
