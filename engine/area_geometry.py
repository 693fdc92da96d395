"""Geometry of the area map: front outlines as shapely polygons, and which fronts touch.

Two fronts are adjacent when their outlines share a border of positive length (a shared corner
is not enough); movement (5.0) further needs both fronts in one theatre.
"""

from __future__ import annotations

from functools import lru_cache

from shapely.geometry import Point, Polygon
from shapely.validation import explain_validity

from engine.area_model import AreaMap

MIN_SHARED_BORDER = 1e-6  # board units; below this two outlines only touch at a corner


def front_polygon(points: list[tuple[float, float]]) -> Polygon:
    """The outline of a front as a shapely polygon (not necessarily valid)."""
    return Polygon(points)


def polygon_problem(points: list[tuple[float, float]]) -> str | None:
    """Why an outline is not a usable polygon (self-intersecting, no area), or None."""
    poly = front_polygon(points)
    if not poly.is_valid:
        return explain_validity(poly)
    if poly.area <= 0:
        return "it has no area"
    return None


def contains(points: list[tuple[float, float]], at: tuple[float, float]) -> bool:
    """Whether a point lies inside (or on the border of) an outline."""
    return front_polygon(points).intersects(Point(at))


def adjacency(m: AreaMap) -> dict[int, set[int]]:
    """For every front number, the numbers of the fronts sharing a border with it (any
    theatre). Invalid outlines touch nothing."""
    key = tuple((f.number, tuple(f.polygon)) for f in m.fronts)
    return {k: set(v) for k, v in _adjacency(key).items()}


@lru_cache(maxsize=16)
def _adjacency(fronts: tuple[tuple[int, tuple[tuple[float, float], ...]], ...]
               ) -> dict[int, frozenset[int]]:
    shapes = {n: front_polygon(list(pts)) for n, pts in fronts}
    valid = {n: p for n, p in shapes.items() if p.is_valid and p.area > 0}
    out: dict[int, set[int]] = {n: set() for n in shapes}
    numbers = sorted(valid)
    for i, a in enumerate(numbers):
        for b in numbers[i + 1:]:
            pa, pb = valid[a], valid[b]
            if not pa.touches(pb) and not pa.intersects(pb):
                continue
            if pa.boundary.intersection(pb.boundary).length > MIN_SHARED_BORDER:
                out[a].add(b)
                out[b].add(a)
    return {n: frozenset(v) for n, v in out.items()}


def overlap_area(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> float:
    """The area two outlines have in common (0 for neighbours that only share a border)."""
    pa, pb = front_polygon(a), front_polygon(b)
    if not (pa.is_valid and pb.is_valid):
        return 0.0
    return float(pa.intersection(pb).area)


# A front's theatre tint over a background picture, so the picture shows through (the editor and
# the exported boards both draw it so).
FRONT_OPACITY_OVER_PICTURE = 0.6


def background_frame(m: AreaMap) -> tuple[float, float, float, float]:
    """Where a map's background picture goes, as (x, y, width, height) in board units: stretched
    over the map's whole rectangle, the frame its fronts and places are given in, whatever the
    picture's own aspect ratio (docs/der-erste-weltkrieg.md#background-picture-on-the-board)."""
    return (0.0, 0.0, float(m.size[0]), float(m.size[1]))


def background_opacity(m: AreaMap) -> float:
    """The opacity of a map's background picture over the paper (1 when the map omits it)."""
    return float((m.background or {}).get("opacity", 1.0))
