"""Whether a path's centre line runs far enough through each of many hexes (one rule of
`engine.geometry.coverage`), decided as GEOS's intersection decides it, mostly without it.

GEOS intersects the line with one hex polygon at a time (~12 us each, most of the time a
drawn road takes to cover). A hex is convex, so the line's run through it is clipped
segment by segment with numpy instead. That length differs from GEOS's by rounding alone
(~1e-9 at worst) except where the line is not simple (GEOS counts a stretch drawn twice
once) or a segment runs along a hex edge (in or out by rounding alone); such lines are
left to GEOS, and so is every hex whose clipped length lies near the threshold.
"""

from __future__ import annotations

import numpy as np
import shapely

# A clipped length this close to the threshold is measured by GEOS.
BAND = 1e-6
# A segment at an angle with a hex edge whose sine is below this runs "along" the edge.
PARALLEL = 1e-4


def runs_at_least(polys: np.ndarray, corners: np.ndarray, geom: shapely.Geometry,
                  threshold: float) -> np.ndarray:
    """Per hex polygon of `polys`, whose corners are `corners` ((n, 6, 2), the floats the
    polygons were made of, all hexes of one shape), whether the line `geom` runs at least
    `threshold` through it: `shapely.length(shapely.intersection(polys, geom)) >= threshold`."""
    n = len(polys)
    lengths = _clipped_lengths(polys, corners, geom) if n else None
    if lengths is None:
        out = np.zeros(n, dtype=bool)
        exact = np.arange(n)
    else:
        out = lengths >= threshold
        exact = np.flatnonzero(np.abs(lengths - threshold) < BAND)
    if exact.size:
        out[exact] = shapely.length(shapely.intersection(polys[exact], geom)) >= threshold
    return out


def _clipped_lengths(polys: np.ndarray, corners: np.ndarray,
                     geom: shapely.Geometry) -> np.ndarray | None:
    """The length of the line inside each hex, summed over its segments clipped to the
    hex; None when that may differ from GEOS's by more than rounding."""
    coords = shapely.get_coordinates(geom)
    n = len(corners)
    if len(coords) < 2:
        return np.zeros(n)  # a point runs nowhere
    a, b = coords[:-1], coords[1:]
    seg_len = np.hypot(b[:, 0] - a[:, 0], b[:, 1] - a[:, 1])
    keep = seg_len > 0  # a repeated point adds nothing
    a, b, seg_len = a[keep], b[keep], seg_len[keep]
    if not len(a):
        return np.zeros(n)
    edges = np.roll(corners[0], -1, axis=0) - corners[0]
    direction = (b - a) / seg_len[:, None]
    sines = np.abs(direction[:, None, 0] * edges[None, :, 1]
                   - direction[:, None, 1] * edges[None, :, 0]) / np.hypot(
                       edges[:, 0], edges[:, 1])[None, :]
    if (sines < PARALLEL).any() or not shapely.is_simple(geom):
        return None
    if len(a) == 1:
        hexes, segs = np.arange(n), np.zeros(n, dtype=np.int64)
    else:  # the segments whose box meets each hex's box
        tree = shapely.STRtree(shapely.linestrings(np.stack([a, b], axis=1)))
        hexes, segs = tree.query(polys)
    c = corners[hexes]  # (k, 6, 2)
    e = np.roll(c, -1, axis=1) - c
    # Signed side of each edge, positive inside (the corners run one way round for all).
    turn = np.sign(e[0, 0, 0] * e[0, 1, 1] - e[0, 0, 1] * e[0, 1, 0])

    def side(p: np.ndarray) -> np.ndarray:
        return turn * (e[:, :, 0] * (p[:, None, 1] - c[:, :, 1])
                       - e[:, :, 1] * (p[:, None, 0] - c[:, :, 0]))

    fa, fb = side(a[segs]), side(b[segs])
    with np.errstate(divide="ignore", invalid="ignore"):
        cross = fa / (fa - fb)  # where the segment crosses the edge's line
    entering = (fa < 0) & (fb >= 0)
    leaving = (fa >= 0) & (fb < 0)
    lo = np.max(np.where(entering, cross, 0.0), axis=1, initial=0.0)
    hi = np.min(np.where(leaving, cross, 1.0), axis=1, initial=1.0)
    outside = ((fa < 0) & (fb < 0)).any(axis=1)
    inside = np.where(outside, 0.0, np.clip(hi - lo, 0.0, None)) * seg_len[segs]
    return np.bincount(hexes, weights=inside, minlength=n)
