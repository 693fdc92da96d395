"""The seeded dice: `below` draws exactly what SplitMix64's `next64` gives (saved games and
golden games depend on every value), with rejection sampling for any bound."""

from __future__ import annotations

import pytest

from engine.rules.dice import Dice, seed_state


def test_below_follows_next64_with_rejection():
    fast, slow = Dice(seed_state("below")), Dice(seed_state("below"))
    bounds = [1, 2, 3, 6, 12, 16, 100, 2**40 + 7, 2**63, 2**63 + 5, 2**64 - 1]
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


def _state_before(value: int) -> int:
    """The generator state whose next64() is `value` (SplitMix64's finaliser inverted)."""
    mask = (1 << 64) - 1
    x = value ^ (value >> 31) ^ (value >> 62)
    x = (x * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    x = x ^ (x >> 27) ^ (x >> 54)
    x = (x * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    x = x ^ (x >> 30) ^ (x >> 60)
    return (x - 0x9E3779B97F4A7C15) & mask


def test_roll_gives_the_faces_of_d12_in_turn():
    fast, slow = Dice(seed_state("roll")), Dice(seed_state("roll"))
    for n in [0, 1, 2, 5, 12, 30] * 50:
        assert fast.roll(n) == tuple(slow.d12() for _ in range(n))
        assert fast.state == slow.state


def test_roll_rejects_like_below():
    # a state whose next value lies above below(12)'s limit: that value is skipped
    start = _state_before((1 << 64) - 1)
    assert Dice(start).next64() == (1 << 64) - 1
    fast, slow = Dice(start), Dice(start)
    assert fast.roll(3) == (slow.d12(), slow.d12(), slow.d12())
    assert fast.state == slow.state


@pytest.mark.parametrize("n", [3, 7, 12, 1000])
def test_below_skips_a_value_past_its_limit(n):
    start = _state_before((1 << 64) - 1)  # 2**64 - 1 is past the limit unless n divides 2**64
    fast, slow = Dice(start), Dice(start)
    slow.next64()
    assert fast.below(n) == slow.next64() % n
    assert fast.state == slow.state


@pytest.mark.parametrize("n", [0, -1, 2**64])
def test_below_refuses_a_count_outside_64_bits(n):
    with pytest.raises(ValueError, match="below needs a count"):
        Dice(1).below(n)


def test_roll_refuses_a_negative_count():
    with pytest.raises(ValueError, match="roll needs a count"):
        Dice(1).roll(-1)
