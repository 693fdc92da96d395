"""The centre line's run through each hex is decided as GEOS's intersection decides it, also
where the line runs along hex edges, through corners, doubles back or ends near the
threshold; numpy answers only where it cannot differ."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
import shapely
from shapely.geometry import LineString

from engine.centre_runs import _clipped_lengths, runs_at_least
from engine.geometry import centre_arrays, unit_layout


def _hexes(orientation: str, q0: int, r0: int) -> tuple[np.ndarray, np.ndarray]:
    lay = unit_layout(orientation)  # type: ignore[arg-type]
    offsets = np.array(lay.corner_offsets(), dtype=float)
    qs = np.array([q0 + dq for dq in range(-3, 4) for _ in range(-3, 4)])
    rs = np.array([r0 + dr for _ in range(-3, 4) for dr in range(-3, 4)])
    corners = centre_arrays(lay, qs, rs)[:, None, :] + offsets[None]
    return shapely.polygons(corners), corners


def _lines(rng: random.Random, corners: np.ndarray) -> list[list[tuple[float, float]]]:
    c = corners[24]  # the middle hex
    cx, cy = c.mean(axis=0)
    k = rng.randrange(6)
    p1, p2 = c[k], c[(k + 1) % 6]
    normal = np.array([p1[1] - p2[1], p2[0] - p1[0]])
    eps = rng.choice([0.0, 1e-15, 1e-12, 1e-9, 1e-7, 1e-5, 1e-3])
    angle = rng.uniform(0, 2 * math.pi)
    d = np.array([math.cos(angle), math.sin(angle)])
    start = p1 - d * rng.uniform(0.1, 0.3)
    return [
        [(cx + rng.uniform(-4, 4), cy + rng.uniform(-4, 4)) for _ in range(rng.choice([2, 3, 6]))],
        [tuple(p1 - (p2 - p1)), tuple(p2 + (p2 - p1) * rng.random())],  # along an edge
        [tuple(p1 - (p2 - p1) + normal * eps), tuple(p2 + (p2 - p1) - normal * eps)],  # beside
        [tuple(start), tuple(p1 + d * 2)],  # past a corner, a run near the threshold
        [(cx - 2, cy), (cx + 2, cy + 0.1), (cx - 1, cy + 0.1), (cx + 3, cy + 0.3)],  # back
        [(cx, cy)],
    ]


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_runs_are_decided_as_geos_decides_them(orientation):
    rng = random.Random(11)
    fast = 0
    for _ in range(300):
        polys, corners = _hexes(orientation, rng.randrange(-50, 800), rng.randrange(-50, 800))
        for points in _lines(rng, corners):
            geom = LineString(points) if len(points) > 1 else shapely.points(points[0])
            measured = shapely.length(shapely.intersection(polys, geom))
            for threshold in (0.25, 0.0, 1.0):
                got = runs_at_least(polys, corners, geom, threshold)
                assert (got == (measured >= threshold)).all(), (points, threshold)
            lengths = _clipped_lengths(polys, corners, geom)
            if lengths is not None:
                fast += 1
                assert np.abs(lengths - measured).max() < 1e-9
    assert fast > 500  # most lines are clipped with numpy


def test_lines_numpy_could_get_wrong_are_left_to_geos():
    polys, corners = _hexes("pointy", 10, 10)
    c = corners[24]
    along_edge = LineString([tuple(c[0] * 2 - c[1]), tuple(c[1] * 2 - c[0])])
    doubled = LineString([(c[0][0], c[0][1] + 0.3), (c[3][0], c[3][1] - 0.3),
                          (c[0][0], c[0][1] + 0.3)])
    assert _clipped_lengths(polys, corners, along_edge) is None
    assert _clipped_lengths(polys, corners, doubled) is None
