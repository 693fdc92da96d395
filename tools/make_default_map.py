"""Generate content/maps/default.map.yaml, the built-in 4-player map "Argonne Crossing".

Deterministic: the same script always writes the same bytes. The script designs the western
half (start numbers 1-6, columns 0-17) and gets the eastern half (7-12) by a 180 degree
rotation, so both 2-player halves play alike; a few features are then varied per half.
Terrain comes from the drawn paths with the coverage rule of docs/formats.md (a hex takes a
path's terrain when the buffered path covers at least `min_fraction` of it), so the file's
`paths` and `terrain` agree. After generation the YAML is the source of truth; edit it in
the editor, not here.

Usage: python tools/make_default_map.py [OUTPUT]   (default: content/maps/default.map.yaml)
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from engine.content.atomic import atomic_write_text
from engine.geometry import coverage, unit_layout
from engine.geometry_transform import whole_map
from engine.hexes import Hex, axial_to_offset, disk, line, offset_to_axial
from engine.model import GameMap

ROOT = Path(__file__).resolve().parent.parent
WIDTH, HEIGHT = 36, 28
HALF_COLS = WIDTH // 2
MIN_FRACTION = 0.25
SQRT3 = math.sqrt(3.0)
UNIT = unit_layout("pointy")  # hex units: the layout with hex_size 1
# The half turn about the map's centre that makes the eastern half from the western one.
ROTATION = whole_map(GameMap.blank("frame", WIDTH, HEIGHT), "rotate_180")

Cell = tuple[int, int]  # offset (col, row)
Point = tuple[float, float]  # hex units


# --- geometry helpers ---------------------------------------------------------------------


def axial(cell: Cell) -> Hex:
    """Axial hex of an offset cell (odd-r)."""
    return offset_to_axial(cell[0], cell[1], "pointy", "odd")


def offset(h: Hex) -> Cell:
    """Offset cell of an axial hex (odd-r)."""
    return axial_to_offset(h, "pointy", "odd")


def centre(cell: Cell) -> Point:
    """Centre of a cell in hex units."""
    return UNIT.hex_to_pixel(axial(cell))


def rotate_cell(cell: Cell) -> Cell:
    """The cell under the map's 180 degree rotation (exact for odd-r with an even height)."""
    return offset(ROTATION.hex(axial(cell)))


def grid_point(c: float, r: float) -> Point:
    """A free point given in fractional (col, row) grid units, in hex units."""
    return (SQRT3 * c, 1.5 * r)


def rotate_point(p: Point) -> Point:
    """A free point under the map's 180 degree rotation."""
    x, y = ROTATION.point(p)
    return (round(x, 4), round(y, 4))


def chaikin(points: list[Point], rounds: int) -> list[Point]:
    """Smooth a polyline by corner cutting, keeping both end points."""
    for _ in range(rounds):
        out = [points[0]]
        for (x0, y0), (x1, y1) in itertools.pairwise(points):
            out.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            out.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        out.append(points[-1])
        points = out
    return points


def hex_route(waypoints: list[Cell]) -> list[Cell]:
    """Cells of a route through the waypoints along straight hex lines."""
    cells: list[Cell] = []
    for a, b in itertools.pairwise(waypoints):
        for h in line(axial(a), axial(b)):
            c = offset(h)
            if not cells or cells[-1] != c:
                cells.append(c)
    return cells


def on_edge(cell: Cell) -> bool:
    """Whether a cell lies on the map border."""
    return cell[0] in (0, WIDTH - 1) or cell[1] in (0, HEIGHT - 1)


def centre_polyline(cells: list[Cell]) -> list[Point]:
    """A polyline through the centres of adjacent cells, collinear points dropped.

    A route that starts or ends on the map border runs on past the border, so the border
    hex is covered and the road visibly leaves the map.
    """
    pts = [centre(c) for c in cells]
    if len(pts) > 1:
        for end, prev, idx in ((cells[0], pts[1], 0), (cells[-1], pts[-2], len(pts) - 1)):
            if on_edge(end):
                x, y = pts[idx]
                pts[idx] = (x + (x - prev[0]) * 0.6, y + (y - prev[1]) * 0.6)
    out = [pts[0]]
    for i in range(1, len(pts) - 1):
        (x0, y0), (x1, y1), (x2, y2) = out[-1], pts[i], pts[i + 1]
        if abs((x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1)) > 1e-9:
            out.append(pts[i])
    out.append(pts[-1])
    return out


def covered(points: list[Point], width: float) -> set[Cell]:
    """Cells a path gives its terrain, by the editor's rule (`engine.geometry.coverage`):
    area covered at least MIN_FRACTION, or the centre line running through far enough, so
    paths cover their end hexes and leave no gap along hex edges."""

    def on_map(h: Hex) -> bool:
        col, row = offset(h)
        return 0 <= col < WIDTH and 0 <= row < HEIGHT

    return {offset(h) for h in coverage(points, width, MIN_FRACTION, UNIT, on_map)}


# --- the design ---------------------------------------------------------------------------


@dataclass
class FortSpec:
    """A fort of the western half: footprint cells, two entrances, facing."""

    id: str
    name: str
    hexes: list[Cell]
    entrances: list[Cell]
    facing: int


@dataclass
class PathSpec:
    """A drawn path: either free points (rivers) or a hex route (roads, trenches)."""

    id: str
    kind: str
    terrain: str | None
    width: float
    points: list[Point] = field(default_factory=list)


# River: enters in the north-west, bends south-east through the map centre and leaves in the
# south-east (the eastern half is the rotation). Control points in (col, row) grid units.
RIVER_WEST = [(-0.9, 5.2), (1.5, 5.6), (3.6, 7.4), (6.0, 8.2), (8.6, 7.6), (10.8, 8.6),
              (12.4, 10.8), (14.6, 12.0), (16.4, 12.9), (17.75, 13.5)]  # fmt: skip

# Roads of the western half as hex waypoints (col, row). Roads that reach the seam (column
# 17) come in pairs at rows r and 27 - r so that each continues into the other's rotation.
ROADS_WEST: dict[str, list[Cell]] = {
    # northern high road: west edge - Fort Grandpré - Fort Montfaucon
    "road_north": [(0, 2), (3, 3), (4, 3)],
    "road_north_2": [(7, 3), (10, 4), (11, 5)],
    # western valley road over the Aire: Fort Grandpré - bridge - Fort Apremont - Fort Vienne
    "road_valley": [(4, 3), (4, 6), (4, 10), (3, 12)],
    "road_valley_2": [(1, 12), (1, 15), (2, 20), (2, 23)],
    "road_southwest": [(2, 23), (1, 25), (1, 27)],
    # central road over the Aire: Fort Montfaucon - bridge - Fort Varennes - Fort Cornay
    "road_centre": [(13, 5), (13, 7), (12, 9), (11, 11), (10, 14), (10, 16)],
    "road_centre_2": [(7, 16), (7, 19), (9, 22), (11, 24)],
    # southern road: Fort Vienne - Fort Cornay
    "road_south": [(5, 23), (8, 25), (10, 25), (11, 24)],
    # spur from the central road to Fort Romagne north of the river
    "road_romagne": [(13, 7), (14, 9)],
}
# Roads that cross the seam between the halves: each joins its own western part with the
# rotation of its partner's western part, so the rotation maps the pair onto itself.
SEAM_ROADS_WEST: dict[str, tuple[list[Cell], list[Cell]]] = {
    "road_high": ([(13, 5), (15, 4), (17, 4)], [(14, 24), (16, 23), (17, 23)]),
}

# A field railway to the railhead behind Fort Cornay: drawing only (rails are not terrain).
RAIL_WEST = [(-0.9, 25.7), (2.5, 25.3), (6.0, 26.3), (9.5, 26.4), (13.2, 25.9)]

TRENCHES_WEST: dict[str, list[Cell]] = {
    "trench_cheppy": [(12, 18), (16, 16)],
}

FORTS_WEST = [
    FortSpec("fort_grandpre", "Fort Grandpré", [(5, 3), (6, 3)], [(4, 3), (7, 3)], 5),
    FortSpec("fort_montfaucon", "Fort Montfaucon", [(12, 5)], [(11, 5), (13, 5)], 4),
    FortSpec("fort_romagne", "Fort Romagne", [(15, 9), (16, 9)], [(14, 9), (17, 9)], 4),
    FortSpec("fort_apremont", "Fort Apremont", [(2, 12)], [(1, 12), (3, 12)], 1),
    FortSpec("fort_varennes", "Fort Varennes", [(8, 16), (9, 16)], [(7, 16), (10, 16)], 1),
    FortSpec("fort_vienne", "Fort Vienne", [(3, 23), (4, 23)], [(2, 23), (5, 23)], 2),
    FortSpec("fort_cornay", "Fort Cornay", [(12, 24), (13, 24)], [(11, 24), (14, 24)], 1),
]
# Eastern forts: the rotated western ones under their own names.
EAST_NAMES = {
    "fort_grandpre": ("fort_exermont", "Fort Exermont"),
    "fort_montfaucon": ("fort_binarville", "Fort Binarville"),
    "fort_romagne": ("fort_chatel", "Fort Châtel"),
    "fort_apremont": ("fort_boureuilles", "Fort Boureuilles"),
    "fort_varennes": ("fort_clermont", "Fort Clermont"),
    "fort_vienne": ("fort_aubreville", "Fort Aubréville"),
    "fort_cornay": ("fort_cheppy", "Fort Cheppy"),
}

START_WEST: dict[int, Cell] = {
    1: (10, 2), 2: (12, 8), 3: (2, 9), 4: (5, 14), 5: (12, 21), 6: (6, 26),
}  # fmt: skip

# Forests: (centre cell, radius, seed) blobs; the edge is thinned deterministically.
FORESTS_WEST = [
    ((8, 5), 1, 11),
    ((1, 6), 1, 12),
    ((10, 12), 2, 13),
    ((13, 14), 1, 14),
    ((2, 17), 2, 15),
    ((15, 21), 1, 16),
    ((5, 19), 1, 17),
    ((16, 1), 1, 18),
    ((8, 22), 1, 19),
]
LAKE_WEST: list[Cell] = [(6, 12), (7, 12), (6, 11), (7, 13)]

LABELS_WEST = [
    ("Aire", grid_point(7.2, 7.2), 1.2, -8.0),
    ("Bois de la Gruerie", grid_point(10.0, 11.0), 0.9, 0.0),
    ("Étang de Vauquois", grid_point(4.4, 11.4), 0.7, 0.0),
]
LABELS_EAST = [
    ("Aire", rotate_point(grid_point(7.2, 7.2)), 1.2, -8.0),
    ("Forêt d'Argonne", rotate_point(grid_point(10.0, 11.0)), 0.9, 0.0),
    ("Étang de Montblainville", rotate_point(grid_point(4.4, 11.4)), 0.7, 0.0),
]


def forest_blob(centre_cell: Cell, radius: int, seed: int) -> set[Cell]:
    """A ragged forest patch: a hex disk whose outer ring is thinned and grown at random."""
    rng = random.Random(seed)
    c = axial(centre_cell)
    cells = {offset(h) for h in disk(c, radius)}
    rim = {offset(h) for h in disk(c, radius + 1)} - cells
    for cell in sorted(rim):
        if rng.random() < 0.35:
            cells.add(cell)
    for cell in sorted(cells):
        if cell != centre_cell and rng.random() < 0.12:
            cells.discard(cell)
    return {c for c in cells if 0 <= c[0] < WIDTH and 0 <= c[1] < HEIGHT}


@dataclass
class MapData:
    """Everything the YAML holds, in offset cells and hex-unit points."""

    terrain: list[list[str]]
    forts: list[dict]
    starts: dict[int, Cell]
    paths: list[PathSpec]
    labels: list[tuple[str, Point, float, float]]


def build() -> MapData:
    """Design the map: the western half, its rotation, terrain from the paths."""
    terrain = [["." for _ in range(WIDTH)] for _ in range(HEIGHT)]

    def put(cells: Iterable[Cell], ch: str) -> None:
        for col, row in cells:
            if 0 <= col < WIDTH and 0 <= row < HEIGHT:
                terrain[row][col] = ch

    # Forests and the lake, both halves.
    for cell_centre, radius, seed in FORESTS_WEST:
        blob = forest_blob(cell_centre, radius, seed)
        put(blob, "f")
        put((rotate_cell(c) for c in forest_blob(cell_centre, radius, seed + 100)), "f")
    put(LAKE_WEST, "~")
    put((rotate_cell(c) for c in LAKE_WEST), "~")

    paths: list[PathSpec] = []
    west = [grid_point(c, r) for c, r in RIVER_WEST]
    east = [rotate_point(p) for p in reversed(west[:-1])]
    river = [(round(x, 3), round(y, 3)) for x, y in chaikin(west + east, 2)]
    paths.append(PathSpec("river_aire", "river", "water", 0.7, river))
    put(covered(river, 0.7), "~")

    def route_paths(specs: dict[str, list[Cell]], kind: str, ter: str, width: float) -> None:
        for pid, waypoints in specs.items():
            # Rotate the routed cells, not the waypoints: hex lines break ties by direction.
            cells = hex_route(waypoints)
            for suffix, route in (("_w", cells), ("_e", [rotate_cell(c) for c in cells])):
                pts = [(round(x, 4), round(y, 4)) for x, y in centre_polyline(route)]
                paths.append(PathSpec(pid + suffix, kind, ter, width, pts))

    rail = [(round(x, 3), round(y, 3)) for x, y in chaikin([grid_point(*p) for p in RAIL_WEST], 2)]
    paths.append(PathSpec("rail_cornay_w", "rail", None, 0.25, rail))
    paths.append(PathSpec("rail_cornay_e", "rail", None, 0.25, [rotate_point(p) for p in rail]))
    route_paths(ROADS_WEST, "road", "road", 0.45)
    for pid, (mine, partner) in SEAM_ROADS_WEST.items():
        for suffix, a, b in (("_n", mine, partner), ("_s", partner, mine)):
            cells = hex_route(a) + [rotate_cell(c) for c in reversed(hex_route(b))]
            pts = [(round(x, 4), round(y, 4)) for x, y in centre_polyline(cells)]
            paths.append(PathSpec(pid + suffix, "road", "road", 0.45, pts))
    route_paths(TRENCHES_WEST, "trench", "trench", 0.45)
    for p in paths:
        if p.terrain is None or p.kind == "river":
            continue
        for col, row in covered(p.points, p.width):
            here = terrain[row][col]
            if p.kind == "road":
                terrain[row][col] = "b" if here in "~b" else "="
            elif here != "~":
                terrain[row][col] = "t"

    forts: list[dict] = []
    for f in FORTS_WEST:
        forts.append({"id": f.id, "name": f.name, "hexes": f.hexes, "entrances": f.entrances,
                      "facing": f.facing})  # fmt: skip
        eid, ename = EAST_NAMES[f.id]
        forts.append({"id": eid, "name": ename, "hexes": sorted(rotate_cell(c) for c in f.hexes),
                      "entrances": sorted(rotate_cell(c) for c in f.entrances),
                      "facing": (f.facing + 3) % 6})  # fmt: skip
    for f in forts:
        put(f["hexes"], ".")  # footprints are not terrain; keep them meadow
        for col, row in f["entrances"]:
            if terrain[row][col] in "~bt":
                terrain[row][col] = "."

    starts = dict(START_WEST)
    for n, cell in START_WEST.items():
        starts[n + 6] = rotate_cell(cell)
    return MapData(terrain, forts, starts, paths, LABELS_WEST + LABELS_EAST)


# --- writing ------------------------------------------------------------------------------


def _cells(cells: list[Cell]) -> str:
    return "[" + ", ".join(f"[{c}, {r}]" for c, r in cells) + "]"


def _num(x: float) -> str:
    return f"{x:.3f}".rstrip("0").rstrip(".") if x != int(x) else f"{int(x)}.0"


def render_yaml(m: MapData) -> str:
    """The map file text, in the canonical layout of docs/formats.md."""
    out = [
        "$schema: https://trenchclub.studio/schema/map.schema.json",
        "schema_version: 1",
        "id: default",
        "name: {de: Übergang an der Aire, en: Argonne Crossing}",
        "author: Trench Club Studio",
        "description: >-",
        "  Original 4-player battlefield for Trench Club. The Aire winds from the north-west",
        "  through the centre to the south-east; four bridges carry the roads across it.",
        "  Fourteen forts, seven in each half; start numbers 1-6 in the western half and 7-12",
        "  in the eastern half, which is the western half turned by 180 degrees, so both",
        "  2-player halves play alike. Trench lines south of the river matter only with the",
        "  Grabenkampf variant; field railways (drawing only) end behind Fort Cornay and",
        "  Fort Cheppy.",
        "license: CC-BY-4.0",
        "season: summer",
        "layout: {orientation: pointy, hex_size: 32, offset: odd}",
        f"width: {WIDTH}",
        f"height: {HEIGHT}",
        "terrain:",
    ]
    out += [f'  - "{"".join(row)}"' for row in m.terrain]
    out.append("forts:")
    for f in sorted(m.forts, key=lambda f: f["id"]):
        out += [
            f"  - id: {f['id']}",
            f"    name: {f['name']}",
            f"    hexes: {_cells(f['hexes'])}",
            f"    entrances: {_cells(f['entrances'])}",
            "    owner: neutral",
            f"    facing: {f['facing']}",
        ]
    out.append("start_markers:")
    out += [f"  - {{number: {n}, hex: [{c}, {r}]}}" for n, (c, r) in sorted(m.starts.items())]
    out.append("regions:")
    for rid, name, first, last in (
        ("half_1_6", "Half 1–6 (west)", 0, HALF_COLS - 1),
        ("half_7_12", "Half 7–12 (east)", HALF_COLS, WIDTH - 1),
    ):
        out += [f"  - id: {rid}", f"    name: {name}", "    spans:"]
        out += [f"      - [{row}, {first}, {last}]" for row in range(HEIGHT)]
    out.append("paths:")
    for p in sorted(m.paths, key=lambda p: p.id):
        pts = ", ".join(f"[{_num(x)}, {_num(y)}]" for x, y in p.points)
        out += [
            f"  - id: {p.id}",
            f"    kind: {p.kind}",
            f"    terrain: {p.terrain if p.terrain else 'null'}",
            f"    width: {p.width}",
            f"    points: [{pts}]",
        ]
    out.append(f"path_coverage: {{min_fraction: {MIN_FRACTION}}}")
    out.append("labels:")
    for text, (x, y), size, rot in m.labels:
        out.append(f'  - {{text: "{text}", at: [{_num(x)}, {_num(y)}], size: {size}, '
                   f"rotation: {rot}}}")  # fmt: skip
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    """Write the map YAML to argv[1] or content/maps/default.map.yaml."""
    target = Path(argv[1]) if len(argv) > 1 else ROOT / "content" / "maps" / "default.map.yaml"
    atomic_write_text(target, render_yaml(build()), parents=True)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
