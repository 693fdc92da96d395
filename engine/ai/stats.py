"""Confidence intervals for simulation results (95 %)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (0..1); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At 0 % or 100 % the interval touches the bound exactly (rounding would miss it).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def mean_ci(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the normal-approximation interval of a mean (0s when empty)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def rate(successes: int, n: int) -> dict[str, float | int]:
    """A proportion with its 95 % Wilson interval, as JSON data."""
    low, high = wilson(successes, n)
    return {"count": successes, "games": n, "rate": successes / n if n else 0.0,
            "ci95": [low, high]}


def mean(values: list[float]) -> dict[str, float | list[float]]:
    """A mean with its 95 % interval, as JSON data."""
    m, low, high = mean_ci(values)
    return {"mean": m, "ci95": [low, high]}
