"""Which hexes a drawn road passes over, and where: so the terrain under a drawn road shows no
second, hex-level road line and a bridge deck lies along the drawn road.

The terrain layer leaves the hex-level road and bridge lines out under a drawn road; the
objects layer draws the bridge decks along the road (over the river, under the road line).
A road hex painted with the brush (no drawn road over it) still gets the hex-level line that
shows how road hexes connect; under a drawn road that line would run beside the designer's
curve as thin "ladder" rungs between neighbouring road hexes.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

import numpy as np
import shapely
from shapely.geometry import LineString, Point

from engine.gcpause import gc_paused
from engine.geometry import (
    XY,
    centre_arrays,
    covered_hexes,
    hex_arrays,
    index_arrays,
    smooth_points,
    unit_layout,
)
from engine.model import TERRAIN_ID, GameMap, MapPath

ROAD_KINDS = frozenset({"road"})
BRIDGE = TERRAIN_ID["bridge"]
RIVER_REACH = 1.2  # hex units: a road/river crossing this close to a hex centre sets its deck


@dataclass(frozen=True)
class RoadSpot:
    """Where a drawn road crosses a hex: the point of its centre line nearest the hex centre
    and the road's direction there (radians), in hex units."""

    x: float
    y: float
    angle: float


def road_spots(game_map: GameMap, path: MapPath,
               rivers: list[LineString] | None = None) -> dict[int, RoadSpot]:
    """Per terrain index covered by a drawn road, where the road crosses that hex: where it
    crosses a drawn river (`rivers`) within the hex's reach, else the point of its centre
    line nearest the hex centre."""
    if path.kind not in ROAD_KINDS or len(path.points) < 2:
        return {}
    coords = np.array(smooth_points(path.points), dtype=float)
    return _spots(game_map, path, coords, crossings(LineString(coords), rivers or []))


def crossings(line: LineString, rivers: list[LineString]) -> tuple[XY, ...]:
    """Where a road's (smoothed) centre line crosses the rivers' lines, river by river: all a
    road's spots take from the rivers."""
    if not rivers:
        return ()
    out: list[XY] = []
    for hit in shapely.intersection(line, np.array(rivers, dtype=object)).tolist():
        out += [(g.x, g.y) for g in getattr(hit, "geoms", [hit]) if isinstance(g, Point)]
    return tuple(out)


def _spots(game_map: GameMap, path: MapPath, coords: np.ndarray,
           river_crossings: tuple[XY, ...]) -> dict[int, RoadSpot]:
    """`road_spots` from the road's smoothed points and its `crossings` with the rivers."""
    hexes = covered_hexes(game_map, path)
    if not hexes:
        return {}
    q, r = hex_arrays(hexes)
    centres = centre_arrays(unit_layout(game_map.layout.orientation), q, r)
    targets = centres
    if river_crossings:
        cross = shapely.points(np.array(river_crossings, dtype=float))
        dist = shapely.distance(shapely.points(centres)[:, None], cross[None, :])
        nearest = np.argmin(dist, axis=1)
        close = dist[np.arange(len(hexes)), nearest] <= RIVER_REACH
        cxy = shapely.get_coordinates(cross)
        targets = np.where(close[:, None], cxy[nearest], centres)
    polyline = _Polyline(coords)
    d = polyline.locate(targets)
    p = polyline.interpolate(d)
    a = polyline.interpolate(np.maximum(0.0, d - 0.2))
    b = polyline.interpolate(np.minimum(polyline.length, d + 0.2))
    angles = np.arctan2(b[:, 1] - a[:, 1], b[:, 0] - a[:, 0])
    return {i: RoadSpot(x, y, t) for i, x, y, t in zip(
        index_arrays(game_map, q, r).tolist(), p[:, 0].tolist(), p[:, 1].tolist(),
        angles.tolist(), strict=True)}


class _Polyline:
    """Distances along a polyline and points at distances, for many points at once: what
    shapely's `line_locate_point` and `line_interpolate_point` answer (to ~1e-13), without
    their walk over every segment for every point (seconds for the roads of a 1M map)."""

    def __init__(self, coords: np.ndarray) -> None:
        self.starts, self.ends = coords[:-1], coords[1:]
        self.seg_lengths = np.hypot(*(self.ends - self.starts).T)
        self.at = np.concatenate([[0.0], np.cumsum(self.seg_lengths)])
        self.length = float(self.at[-1])

    def locate(self, points: np.ndarray) -> np.ndarray:
        """Per point, the distance along the line of the line's point nearest to it."""
        tree = shapely.STRtree(shapely.linestrings(np.stack([self.starts, self.ends], axis=1)))
        pairs = tree.query_nearest(shapely.points(points), all_matches=True)
        # Of equally near segments, the first, as GEOS's projection takes it.
        seg = np.full(len(points), len(self.starts), dtype=np.int64)
        np.minimum.at(seg, pairs[0], pairs[1])
        a, ab = self.starts[seg], self.ends[seg] - self.starts[seg]
        den = np.einsum("ij,ij->i", ab, ab)
        safe = np.where(den > 0, den, 1.0)
        t = np.clip(np.where(den > 0, np.einsum("ij,ij->i", points - a, ab) / safe, 0.0), 0, 1)
        return self.at[seg] + t * self.seg_lengths[seg]

    def interpolate(self, d: np.ndarray) -> np.ndarray:
        """The points at distances `d` along the line (clamped to its ends), as (n, 2)."""
        d = np.clip(d, 0.0, self.length)
        i = np.clip(np.searchsorted(self.at, d, side="right") - 1, 0, len(self.starts) - 1)
        span = self.seg_lengths[i]
        f = np.where(span > 0, (d - self.at[i]) / np.where(span > 0, span, 1.0), 0.0)
        return self.starts[i] + f[:, None] * (self.ends[i] - self.starts[i])


_POOL: ThreadPoolExecutor | None = None


class _Job(NamedTuple):
    """A road whose spots are to be computed: its smoothed points and river crossings."""

    path: MapPath
    coords: np.ndarray
    crossings: tuple[XY, ...]


def _spots_of_job(game_map: GameMap, job: _Job) -> dict[int, RoadSpot]:
    return _spots(game_map, job.path, job.coords, job.crossings)


def _spots_of_roads(game_map: GameMap, jobs: list[_Job]) -> list[dict[int, RoadSpot]]:
    """The spots of each road, in order; several roads on two threads, as their time is
    mostly in shapely calls that release the GIL (a 1M map's roads: 0.43 s -> 0.28 s)."""
    global _POOL
    if len(jobs) < 2:
        return [_spots_of_job(game_map, job) for job in jobs]
    if _POOL is None:
        _POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="road-cover")
    return list(_POOL.map(partial(_spots_of_job, game_map), jobs))


# How many road versions `RoadCover` keeps beyond the current ones (a map's roads, twice).
RECENT_ROADS = 64


class _Road:
    """A drawn road as last read: `key` is (its shape on the map, where it crosses the
    rivers), everything its spots depend on; its smoothed centre line is made when asked."""

    __slots__ = ("_coords", "found", "key")

    def __init__(self, key: tuple, found: dict[int, RoadSpot]) -> None:
        self.key = key
        self.found = found
        self._coords: np.ndarray | None = None

    def coords(self) -> np.ndarray | None:
        """The smoothed points of the road's centre line (None below two points)."""
        points = self.key[0][0]
        if len(points) < 2:
            return None
        if self._coords is None:
            self._coords = np.array(smooth_points(list(points)), dtype=float)
        return self._coords


# River states whose crossings `RoadCover` keeps (undo and redo go back and forth).
RECENT_RIVERS = 8


class RoadCover:
    """The road spots of every drawn road of a map, recomputed per road only when its
    points or width changed, or where it crosses the rivers (objects change far more often
    than roads do; a river cut elsewhere, by a paste or a move, leaves a road as it was)."""

    def __init__(self) -> None:
        self._per_path: dict[str, _Road] = {}
        # Spots of roads as they were before, so undo and redo of a transform find them
        # again instead of recomputing the coverage of every road.
        self._recent: OrderedDict[tuple, dict[int, RoadSpot]] = OrderedDict()
        self._river_key: tuple | None = None
        # Per recent state of the rivers, each road shape's crossings with them, and the
        # rivers' smoothed lines.
        self._crossings: OrderedDict[tuple, dict[tuple, tuple[XY, ...]]] = OrderedDict()
        self._river_lines: OrderedDict[tuple, list[LineString]] = OrderedDict()
        self.spots: dict[int, RoadSpot] = {}

    def spots_of(self, path_id: str) -> dict[int, RoadSpot]:
        """The spots of one drawn road (empty for other paths)."""
        found = self._per_path.get(path_id)
        return found.found if found is not None else {}

    def bridges_of(self, game_map: GameMap, path_id: str) -> list[RoadSpot]:
        """Where one drawn road crosses bridge hexes: its bridge decks go there."""
        terrain = game_map.terrain
        return [spot for i, spot in self.spots_of(path_id).items()
                if 0 <= i < len(terrain) and terrain[i] == BRIDGE]

    def _rivers(self, river_key: tuple, river_paths: list[MapPath]) -> list[LineString]:
        """The rivers' smoothed lines, built once per state of the rivers."""
        lines = self._river_lines.get(river_key)
        if lines is None:
            lines = [LineString(smooth_points(p.points)) for p in river_paths]
            self._river_lines[river_key] = lines
        self._river_lines.move_to_end(river_key)
        while len(self._river_lines) > RECENT_RIVERS:
            self._river_lines.popitem(last=False)
        return lines

    def _crossings_with(self, river_key: tuple) -> dict[tuple, tuple[XY, ...]]:
        known = self._crossings.get(river_key)
        if known is None:
            known = self._crossings[river_key] = {}
        self._crossings.move_to_end(river_key)
        while len(self._crossings) > RECENT_RIVERS:
            self._crossings.popitem(last=False)
        return known

    def update(self, game_map: GameMap) -> set[int]:
        """Re-read the map's drawn roads; returns the terrain indices whose spot changed."""
        # Thousands of hexes, spots and candidate polygons come and go here: with the cyclic
        # collector on, next to a 1M map's heap, they set off full collections.
        with gc_paused():
            return self._update(game_map)

    def _update(self, game_map: GameMap) -> set[int]:
        river_paths = [p for p in game_map.paths if p.kind == "river" and len(p.points) > 1]
        river_key = tuple(tuple(map(tuple, p.points)) for p in river_paths)
        rivers_moved = river_key != self._river_key
        self._river_key = river_key
        known: dict[tuple, tuple[XY, ...]] | None = None
        layout = dataclasses.astuple(game_map.layout)
        fresh: dict[str, _Road] = {}
        missing: dict[str, tuple[_Road, MapPath]] = {}
        for path in game_map.paths:
            if path.kind not in ROAD_KINDS:
                continue
            shape = (tuple(map(tuple, path.points)), path.width, game_map.width,
                     game_map.height, layout, game_map.path_coverage)
            old = self._per_path.get(path.id)
            same_shape = old is not None and old.key[0] == shape
            if same_shape and not rivers_moved:
                fresh[path.id] = old  # type: ignore[assignment]
                continue
            # The road as it is now; its smoothed line is the old reading's when the shape
            # is the same (only the rivers moved).
            road = _Road((shape, ()), {})
            if same_shape:
                road._coords = old._coords  # type: ignore[union-attr]
            if known is None:
                known = self._crossings_with(river_key)
            cross = known.get(shape)
            if cross is None:
                coords = road.coords()
                cross = () if coords is None else crossings(
                    LineString(coords), self._rivers(river_key, river_paths))
                known[shape] = cross
            road.key = (shape, cross)
            if old is not None and old.key == road.key:
                fresh[path.id] = old
                continue
            found = self._recent.get(road.key)
            fresh[path.id] = road  # a road still missing is filled below, in the map's order
            if found is None:
                missing[path.id] = (road, path)
            else:
                road.found = found
                self._remember(road.key, found)
        if missing:
            jobs = [_Job(path, coords, r.key[1]) for r, path in missing.values()
                    if (coords := r.coords()) is not None]
            computed = iter(_spots_of_roads(game_map, jobs))
            for road, _ in missing.values():
                road.found = next(computed) if road.coords() is not None else {}
                self._remember(road.key, road.found)
        if list(fresh) == list(self._per_path) and all(
                fresh[k] is self._per_path[k] for k in fresh):
            return set()  # no road changed: every other edit lands here, on a 1M map too
        old_found = [r.found for r in self._per_path.values()]
        self._per_path = fresh
        spots: dict[int, RoadSpot] = {}
        for road in fresh.values():
            spots.update(road.found)
        changed = {i for i in _candidates(old_found, [r.found for r in fresh.values()],
                                          spots, self.spots)
                   if spots.get(i) != self.spots.get(i)}
        self.spots = spots
        return changed

    def _remember(self, key: tuple, found: dict[int, RoadSpot]) -> None:
        self._recent[key] = found
        self._recent.move_to_end(key)
        while len(self._recent) > RECENT_ROADS:
            self._recent.popitem(last=False)


def _candidates(before: list[dict], after: list[dict], spots: dict, old_spots: dict) -> set[int]:
    """The indices whose merged spot may differ: those of the roads replaced or added. An
    index only kept roads hold takes its spot from the last of them that holds it; while the
    kept roads keep their order, that is the same road before and after."""
    ids_before, ids_after = {id(f) for f in before}, {id(f) for f in after}
    if [id(f) for f in before if id(f) in ids_after] != \
            [id(f) for f in after if id(f) in ids_before]:
        return spots.keys() | old_spots.keys()
    out: set[int] = set()
    for f in before:
        if id(f) not in ids_after:
            out.update(f)
    for f in after:
        if id(f) not in ids_before:
            out.update(f)
    return out
