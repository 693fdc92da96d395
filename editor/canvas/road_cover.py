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

import numpy as np
import shapely
from shapely.geometry import LineString, Point

from engine.geometry import covered_hexes, smooth_points, unit_layout
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
    line = LineString(coords)
    crossings = []
    for river in rivers or []:
        hit = line.intersection(river)
        crossings += [g for g in getattr(hit, "geoms", [hit]) if isinstance(g, Point)]
    hexes = covered_hexes(game_map, path)
    if not hexes:
        return {}
    layout = unit_layout(game_map.layout.orientation)
    centres = np.array([layout.hex_to_pixel(h) for h in hexes], dtype=float)
    targets = centres
    if crossings:
        cross = shapely.points(np.array([(c.x, c.y) for c in crossings], dtype=float))
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
    return {game_map.index(h): RoadSpot(x, y, t) for h, x, y, t in zip(
        hexes, p[:, 0].tolist(), p[:, 1].tolist(), angles.tolist(), strict=True)}


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


def _spots_of_roads(game_map: GameMap, roads: list[MapPath],
                    rivers: list[LineString]) -> list[dict[int, RoadSpot]]:
    """`road_spots` of each road, in order; several roads on two threads, as their time is
    mostly in shapely calls that release the GIL (a 1M map's roads: 0.43 s -> 0.28 s)."""
    global _POOL
    if len(roads) < 2:
        return [road_spots(game_map, path, rivers) for path in roads]
    if _POOL is None:
        _POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="road-cover")
    return list(_POOL.map(partial(road_spots, game_map, rivers=rivers), roads))


# How many road versions `RoadCover` keeps beyond the current ones (a map's roads, twice).
RECENT_ROADS = 64


class RoadCover:
    """The road spots of every drawn road of a map, recomputed per path only when that
    path's points or width changed (objects change far more often than roads do)."""

    def __init__(self) -> None:
        self._per_path: dict[str, tuple[tuple, dict[int, RoadSpot]]] = {}
        # Spots of roads as they were before, so undo and redo of a transform find them
        # again instead of recomputing the coverage of every road.
        self._recent: OrderedDict[tuple, dict[int, RoadSpot]] = OrderedDict()
        self.spots: dict[int, RoadSpot] = {}
        self._river_lines: tuple[tuple, list[LineString]] = ((), [])

    def spots_of(self, path_id: str) -> dict[int, RoadSpot]:
        """The spots of one drawn road (empty for other paths)."""
        found = self._per_path.get(path_id)
        return found[1] if found is not None else {}

    def bridges_of(self, game_map: GameMap, path_id: str) -> list[RoadSpot]:
        """Where one drawn road crosses bridge hexes: its bridge decks go there."""
        terrain = game_map.terrain
        return [spot for i, spot in self.spots_of(path_id).items()
                if 0 <= i < len(terrain) and terrain[i] == BRIDGE]

    def update(self, game_map: GameMap) -> set[int]:
        """Re-read the map's drawn roads; returns the terrain indices whose spot changed."""
        fresh: dict[str, tuple[tuple, dict[int, RoadSpot]]] = {}
        river_paths = [p for p in game_map.paths if p.kind == "river" and len(p.points) > 1]
        river_key = tuple(tuple(map(tuple, p.points)) for p in river_paths)
        missing: dict[str, tuple[tuple, MapPath]] = {}
        for path in game_map.paths:
            if path.kind not in ROAD_KINDS:
                continue
            key = (tuple(map(tuple, path.points)), path.width, game_map.width,
                   game_map.height, dataclasses.astuple(game_map.layout), river_key)
            old = self._per_path.get(path.id)
            if old is not None and old[0] == key:
                fresh[path.id] = old
                continue
            found = self._recent.get(key)
            if found is None:
                missing[path.id] = (key, path)
                fresh[path.id] = (key, {})  # filled below, in the map's order
                continue
            fresh[path.id] = (key, found)
            self._remember(key, found)
        if missing:
            rivers = self._rivers(river_key)
            for path_id, found in zip(missing, _spots_of_roads(
                    game_map, [path for _, path in missing.values()], rivers), strict=True):
                key = missing[path_id][0]
                fresh[path_id] = (key, found)
                self._remember(key, found)
        old = self._per_path
        if list(fresh) == list(old) and all(fresh[k] is old[k] for k in fresh):
            return set()  # no road changed: every other edit lands here, on a 1M map too
        self._per_path = fresh
        spots: dict[int, RoadSpot] = {}
        for _, found in fresh.values():
            spots.update(found)
        # A hex's spot comes from the last road over it, so it can only have changed where a
        # road that is new, gone or changed passes (or anywhere, if the roads were reordered).
        kept = [k for k in fresh if k in old and fresh[k] is old[k]]
        unchanged = set(kept)
        if kept == [k for k in old if k in unchanged]:
            candidates: set[int] = set()
            for versions in (old, fresh):
                for path_id, (_, found) in versions.items():
                    if path_id not in unchanged:
                        candidates.update(found)
        else:
            candidates = spots.keys() | self.spots.keys()
        changed = {i for i in candidates if spots.get(i) != self.spots.get(i)}
        self.spots = spots
        return changed

    def _rivers(self, river_key: tuple) -> list[LineString]:
        """The drawn rivers' smoothed lines, made again only when a river changed."""
        if self._river_lines[0] != river_key:
            self._river_lines = (river_key, [LineString(smooth_points(points))
                                             for points in river_key])
        return self._river_lines[1]

    def _remember(self, key: tuple, found: dict[int, RoadSpot]) -> None:
        self._recent[key] = found
        self._recent.move_to_end(key)
        while len(self._recent) > RECENT_ROADS:
            self._recent.popitem(last=False)
