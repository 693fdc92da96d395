"""Which hexes a drawn road passes over, and where: so the terrain under a drawn road shows no
second, hex-level road line and a bridge deck lies along the drawn road.

The terrain layer leaves the hex-level road and bridge lines out under a drawn road; the
objects layer draws the bridge decks along the road (over the river, under the road line).
A road hex painted with the brush (no drawn road over it) still gets the hex-level line that
shows how road hexes connect; under a drawn road that line would run beside the designer's
curve as thin "ladder" rungs between neighbouring road hexes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

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
    line = LineString(smooth_points(path.points))
    crossings = []
    for river in rivers or []:
        hit = line.intersection(river)
        crossings += [g for g in getattr(hit, "geoms", [hit]) if isinstance(g, Point)]
    out: dict[int, RoadSpot] = {}
    layout = unit_layout(game_map.layout.orientation)
    for h in covered_hexes(game_map, path):
        centre = Point(layout.hex_to_pixel(h))
        near = min(crossings, key=centre.distance, default=None)
        d = line.project(near if near is not None and centre.distance(near) <= RIVER_REACH
                         else centre)
        p = line.interpolate(d)
        a = line.interpolate(max(0.0, d - 0.2))
        b = line.interpolate(min(line.length, d + 0.2))
        out[game_map.index(h)] = RoadSpot(p.x, p.y, math.atan2(b.y - a.y, b.x - a.x))
    return out


class RoadCover:
    """The road spots of every drawn road of a map, recomputed per path only when that
    path's points or width changed (objects change far more often than roads do)."""

    def __init__(self) -> None:
        self._per_path: dict[str, tuple[tuple, dict[int, RoadSpot]]] = {}
        self.spots: dict[int, RoadSpot] = {}

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
        rivers: list[LineString] | None = None
        for path in game_map.paths:
            if path.kind not in ROAD_KINDS:
                continue
            key = (tuple(map(tuple, path.points)), path.width, game_map.width,
                   game_map.height, game_map.layout, river_key)
            old = self._per_path.get(path.id)
            if old is not None and old[0] == key:
                fresh[path.id] = old
                continue
            if rivers is None:
                rivers = [LineString(smooth_points(p.points)) for p in river_paths]
            fresh[path.id] = (key, road_spots(game_map, path, rivers))
        if list(fresh) == list(self._per_path) and all(
                fresh[k] is self._per_path[k] for k in fresh):
            return set()  # no road changed: every other edit lands here, on a 1M map too
        self._per_path = fresh
        spots: dict[int, RoadSpot] = {}
        for _, found in fresh.values():
            spots.update(found)
        changed = {i for i in spots.keys() | self.spots.keys()
                   if spots.get(i) != self.spots.get(i)}
        self.spots = spots
        return changed
