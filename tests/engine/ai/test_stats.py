"""Confidence intervals: known values of the Wilson and mean intervals."""

from __future__ import annotations

import pytest

from engine.ai.stats import mean_ci, wilson


def test_wilson_matches_a_textbook_value():
    low, high = wilson(95, 100)
    assert low == pytest.approx(0.8882, abs=1e-4) and high == pytest.approx(0.9785, abs=1e-4)


def test_wilson_stays_inside_zero_and_one_at_the_extremes():
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(200, 200)[0] == pytest.approx(0.9812, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_mean_interval():
    m, low, high = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5
    assert m - low == pytest.approx(high - m)
    assert high - m == pytest.approx(1.959964 * (1.6666667 ** 0.5) / 2, rel=1e-5)
    assert mean_ci([]) == (0.0, 0.0, 0.0) and mean_ci([7.0]) == (7.0, 7.0, 7.0)
