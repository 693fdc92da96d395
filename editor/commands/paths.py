"""Which hexes a drawn path covers (shapely) and the command writing its terrain."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import shapely
from shapely.geometry import LineString, Point, Polygon

from editor.commands.base import Command
from editor.commands.terrain import ApplyPathTerrain
from engine.hexes import Hex, Layout, disk, line
from engine.model import TERRAIN_ID, GameMap, MapPath

if TYPE_CHECKING:
    from editor.document import MapDocument


def _unit_layout(game_map: GameMap) -> Layout:
    # Path points are in hex units: pixels of a layout whose hex size is 1.
    return Layout(game_map.layout.orientation, 1.0)


# A centre line running at least this far (hex units) through a hex covers it whatever the
# area: the end hexes of a path and both hexes beside a line along their shared edge would
# otherwise fall under the area threshold and leave gaps. A corner merely clipped stays out.
CENTRE_LINE_MIN_LENGTH = 0.25


def covered_hexes(game_map: GameMap, path: MapPath) -> list[Hex]:
    """In-bounds hexes a path covers (RULES §11.1: players agree which hexes count): those
    whose area the path, buffered to its width, covers at least `game_map.path_coverage` of,
    and those its centre line runs through for at least CENTRE_LINE_MIN_LENGTH hex units.
    The result along a continuous path is a connected chain of hexes."""
    if not path.points:
        return []
    layout = _unit_layout(game_map)
    geom = Point(path.points[0]) if len(path.points) == 1 else LineString(path.points)
    shape = geom.buffer(max(path.width, 0.01) / 2)
    reach = math.ceil(path.width) + 1
    candidates: dict[Hex, None] = {}
    hexes = [layout.pixel_to_hex(x, y) for x, y in path.points]
    for a, b in zip(hexes, hexes[1:] or hexes, strict=False):
        for c in line(a, b):
            for h in disk(c, reach):
                if game_map.in_bounds(h):
                    candidates[h] = None
    if not candidates:
        return []
    cand = list(candidates)
    polys = [Polygon(layout.polygon(h)) for h in cand]
    hex_area = polys[0].area
    areas = shapely.area(shapely.intersection(polys, shape))
    threshold = game_map.path_coverage * hex_area
    runs = shapely.length(shapely.intersection(polys, geom))
    return [
        h
        for h, a, run in zip(cand, areas, runs, strict=True)
        if (a > 0 and a >= threshold - 1e-9) or run >= CENTRE_LINE_MIN_LENGTH
    ]


def path_terrain_values(game_map: GameMap, path: MapPath) -> dict[int, int]:
    """Index -> terrain value the path writes; road over water (and water over road) is bridge."""
    if path.terrain is None:
        return {}
    value = TERRAIN_ID[path.terrain]
    water, road, bridge = TERRAIN_ID["water"], TERRAIN_ID["road"], TERRAIN_ID["bridge"]
    out: dict[int, int] = {}
    t = game_map.terrain
    for h in covered_hexes(game_map, path):
        i = game_map.index(h)
        old = t[i]
        new = value
        if (value == road and old in (water, bridge)) or (value == water and old in (road, bridge)):
            new = bridge
        if new != old:
            out[i] = new
    return out


def apply_path_terrain_command(
    doc: MapDocument, path: MapPath, parent: Command | None = None
) -> ApplyPathTerrain | None:
    """A command writing the path's terrain (None when nothing would change)."""
    values = path_terrain_values(doc.map, path)
    if not values:
        return None
    cmd = ApplyPathTerrain(doc, list(values), bytes(values.values()), parent)
    return cmd
