"""Exact odds vs a Monte-Carlo baseline for the same attack (run with `make bench`).

Attack: an undamaged veteran armoured car with encirclement (12 + 3 dice) against undamaged
infantry in forest firing back with 12 dice. The baseline samples 10,000 combats with
`random.Random`, which is what an editor would do without exact odds; the ratio of the two
medians is printed at the end of the run.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from engine.rules.combat import (
    Fighter,
    as_attacker,
    damage_from_hits,
    dice_count,
    hit_value,
)
from engine.rules.odds import odds
from tests.engine.rules.conftest_combat import ARMOURED_CAR, INFANTRY, make_ruleset

RULES = make_ruleset()
CAR = Fighter(ARMOURED_CAR, damage=0, xp=3)
INF = Fighter(INFANTRY, damage=0, xp=0, in_forest=True)
BONUS = 3
DRAWS = 10_000
_medians: dict[str, float] = {}


def monte_carlo(draws: int, seed: int = 1) -> tuple[Counter, Counter]:
    """Sampled damage dealt/taken over `draws` combats (the baseline)."""
    rng = random.Random(seed)
    a_n, a_v = dice_count(RULES, CAR.damage, BONUS), hit_value(RULES, CAR, INF)
    d_n, d_v = dice_count(RULES, INF.damage), hit_value(RULES, INF, CAR)
    target_att = as_attacker(CAR)
    dealt, taken = Counter(), Counter()
    for _ in range(draws):
        a_hits = sum(rng.randint(1, 12) <= a_v for _ in range(a_n))
        d_hits = sum(rng.randint(1, 12) <= d_v for _ in range(d_n))
        dealt[damage_from_hits(INF, a_hits)] += 1
        taken[damage_from_hits(target_att, d_hits)] += 1
    return dealt, taken


def monte_carlo_numpy(draws: int, seed: int = 1) -> np.ndarray:
    """The same sampling vectorised with numpy (the fast baseline): damage dealt per draw."""
    rng = np.random.default_rng(seed)
    a_n, a_v = dice_count(RULES, CAR.damage, BONUS), hit_value(RULES, CAR, INF)
    d_n, d_v = dice_count(RULES, INF.damage), hit_value(RULES, INF, CAR)
    a_hits = (rng.integers(1, 13, size=(draws, a_n)) <= a_v).sum(axis=1)
    d_hits = (rng.integers(1, 13, size=(draws, d_n)) <= d_v).sum(axis=1)
    column = np.asarray(INF.unit_type.armour_forest)
    dealt = (a_hits[:, None] >= column[None, :]).sum(axis=1)
    taken = (d_hits[:, None] >= np.asarray(CAR.unit_type.armour_open)[None, :]).sum(axis=1)
    return np.stack([dealt, taken])


def test_bench_odds_exact(benchmark):
    result = benchmark(odds, RULES, CAR, INF, 1, BONUS)
    assert result.hits_dealt and len(result.hits_dealt) == 16
    _medians["exact"] = benchmark.stats.stats.median


def test_bench_odds_monte_carlo_baseline(benchmark):
    dealt, _ = benchmark.pedantic(monte_carlo, args=(DRAWS,), rounds=5, iterations=1)
    exact = odds(RULES, CAR, INF, 1, BONUS)
    # The sample agrees with the exact figure to within sampling noise.
    assert dealt[2] / DRAWS == pytest.approx(exact.damage_dealt[2], abs=0.03)
    _medians["monte_carlo"] = benchmark.stats.stats.median


def test_bench_odds_monte_carlo_numpy_baseline(benchmark):
    samples = benchmark(monte_carlo_numpy, DRAWS)
    exact = odds(RULES, CAR, INF, 1, BONUS)
    assert (samples[0] == 2).mean() == pytest.approx(exact.damage_dealt[2], abs=0.03)
    _medians["numpy"] = benchmark.stats.stats.median
    if {"exact", "monte_carlo"} <= _medians.keys():
        exact_us = _medians["exact"] * 1e6
        print(f"\nodds exact median {exact_us:.1f} us; {DRAWS}-draw Monte-Carlo medians:")
        for name in ("monte_carlo", "numpy"):
            ratio = _medians[name] / _medians["exact"]
            print(f"  {name}: {_medians[name] * 1e3:.2f} ms (exact is {ratio:.0f}x faster)")
