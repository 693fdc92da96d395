"""The seeded dice: `below` draws exactly what SplitMix64's `next64` gives (saved games and
golden games depend on every value), with rejection sampling for any bound."""

from __future__ import annotations

from engine.rules.dice import Dice, seed_state


def test_below_follows_next64_with_rejection():
    fast, slow = Dice(seed_state("below")), Dice(seed_state("below"))
    bounds = [1, 2, 3, 6, 12, 100, 2**40 + 7, 2**63 + 5, 2**64 - 1, 2**64]
    for k in range(3000):
        n = bounds[k % len(bounds)]
        limit = ((1 << 64) // n) * n
        while (v := slow.next64()) >= limit:
            pass
        assert fast.below(n) == v % n
        assert fast.state == slow.state


def test_pinned_values():
    # recorded before `below` inlined next64
    d = Dice(seed_state("pinned"))
    assert [d.below(n) for n in (1, 2, 3, 6, 12, 100, 2**40 + 7, 2**63 + 5)] == [
        0, 1, 2, 2, 10, 13, 232761269124, 2392021356953057756]
    assert d.state == 3559860090060565169
