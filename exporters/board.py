"""The printed board as a list of drawing shapes in millimetres, shared by SVG, PNG and PDF.

`build_board` lays a `GameMap` out at a real hex size (width across flats in mm) inside a
coordinate margin and turns terrain, paths, forts, start numbers and labels into simple shapes
(polygons, polylines, circles, text). The renderers only translate shapes to their format, so
the three outputs look the same. Colours are muted paper-wargame tones (see `PALETTE`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.geometry import (
    bezier_controls,
    centre_extent,
    edge_corner_indices,
    outline_edges,
    smooth_points,
)
from engine.hexes import Hex, Layout
from engine.model import TERRAINS, GameMap

Point = tuple[float, float]
# The curve helpers live in engine.geometry; svg/png/pdf import them through this module.
__all__ = [
    "PALETTE",
    "WINTER_PALETTE",
    "Board",
    "BoardLayout",
    "Cells",
    "Group",
    "Shape",
    "bezier_controls",
    "build_board",
    "dash_polyline",
    "palette",
    "seasonal",
    "smooth_points",
]

PALETTE: dict[str, str] = {
    "paper": "#efe9d6",
    "meadow": "#d8d3a4",
    "forest": "#98a56f",
    "tree": "#6f7f4c",
    "road": "#d6c49a",
    "bridge": "#c7b48c",
    "water": "#a9c1c4",
    "trench": "#b59d77",
    "grid": "#5e5a48",
    "ink": "#3a372c",
    "river": "#7fa3b0",
    "river_edge": "#557987",
    "road_line": "#e2cf9f",
    "road_edge": "#6f5636",
    "trench_line": "#4f3d2b",
    "rail_line": "#37352f",
    "fort": "#8a8478",
    "fort_wall": "#2f2c27",
    "marker": "#f4eedd",
    "marker_ink": "#7a2e2a",
    "neutral": "#f4f1e8",
    "DE": "#5f6b73",
    "AH": "#a99b5b",
    "FR": "#5e7ea6",
    "GB": "#8b7048",
    "out_of_play": "#cdc8b8",
}
# Winter, as the editor draws it (editor/canvas/style.py WINTER_COLOR): snow on meadows and
# roads, frosted woods, ice-grey water; trenches stay dark earth so the lines read as in summer.
WINTER_PALETTE: dict[str, str] = {
    "meadow": "#e6e9e8",
    "forest": "#9aa79d",
    "tree": "#55665b",
    "road": "#d3cdc1",
    "bridge": "#c4bcae",
    "water": "#b3c7d0",
    "trench": "#a08c72",
    "river": "#9db8c4",
    "river_edge": "#6d8a97",
    "road_line": "#ece7dd",
}
SEASONS = ("summer", "winter")
SQRT3 = math.sqrt(3.0)


def palette(season: str = "summer") -> dict[str, str]:
    """The board colours of a season (unknown seasons draw as summer)."""
    return {**PALETTE, **WINTER_PALETTE} if season == "winter" else PALETTE


def seasonal(groups: list[Group], season: str) -> list[Group]:
    """The groups with the summer colours of the terrain and paths replaced by the season's
    (every other colour kept); summer returns them unchanged."""
    if season != "winter":
        return groups
    swap = {PALETTE[k]: v for k, v in WINTER_PALETTE.items()}
    for group in groups:
        for shape in group.shapes:
            shape.fill = swap.get(shape.fill, shape.fill) if shape.fill else shape.fill
            shape.stroke = swap.get(shape.stroke, shape.stroke) if shape.stroke else shape.stroke
    return groups


@dataclass
class Shape:
    """One drawing primitive. `kind` is polygon | polyline | circle | text | image.

    Polygons and polylines use `points`; circles use `points[0]` and `radius`; text is centred on
    `points[0]`; an image (`picture`: PNG or JPEG bytes) is stretched over the rectangle from
    `points[0]` to `points[1]`. Widths and sizes are in millimetres. `smooth` polylines are drawn
    as curves through their points (Catmull-Rom). `opacity` is an image's opacity and a
    polygon's fill opacity."""

    kind: str
    points: list[Point]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    dash: tuple[float, float] | None = None
    smooth: bool = False
    radius: float = 0.0
    text: str = ""
    size: float = 0.0  # text height (em) in mm
    rotation: float = 0.0  # degrees clockwise
    family: str = "sans"  # sans | serif
    bold: bool = False
    italic: bool = False
    halo: str | None = None  # text outline colour for legibility
    picture: bytes | None = None
    opacity: float = 1.0

    def bbox(self) -> tuple[float, float, float, float]:
        """(min_x, min_y, max_x, max_y) including stroke, radius and text extent (estimated)."""
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        pad = self.width / 2 + self.radius
        if self.kind == "text":
            pad = max(pad, self.size * (0.35 * len(self.text) + 0.5))
        return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


@dataclass
class Group:
    """Shapes drawn together; `ident` names the object (fort id, start number) for the SVG."""

    name: str
    shapes: list[Shape] = field(default_factory=list)
    ident: str | None = None
    attrs: dict[str, str] = field(default_factory=dict)


@dataclass
class Cells:
    """The hex cells of a board left to a raster renderer instead of one shape per hex: the
    terrain fills (forest trees included) go under the "paths" group, the grid lines over
    "bridges", exactly where the per-hex shapes would be drawn. Colours are the season's."""

    map: GameMap
    layout: BoardLayout
    fills: list[str]  # by terrain id
    tree: str
    tree_radius: float  # mm
    trees: list[Point]  # tree centres from a forest hex's centre, mm
    paper: str
    grid: str
    grid_width: float  # mm


@dataclass
class Board:
    """A laid-out board: size in mm and its groups of shapes in drawing order; with `cells`
    the per-hex terrain and grid shapes are left out and described by it instead."""

    width: float
    height: float
    groups: list[Group]
    title: str
    hex_mm: float
    season: str = "summer"
    cells: Cells | None = None


def dash_polyline(points: list[Point], dash: float, gap: float) -> list[list[Point]]:
    """Split a polyline into its dashes (for renderers without native dash patterns)."""
    out: list[list[Point]] = []
    current: list[Point] = [points[0]]
    drawing, left = True, dash
    for a, b in itertools.pairwise(points):
        seg = math.dist(a, b)
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg
            p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if drawing:
                current.append(p)
                out.append(current)
            current = [p]
            drawing = not drawing
            left = dash if drawing else gap
        left -= seg - pos
        if drawing:
            current.append(b)
        else:
            current = [b]
    if drawing and len(current) > 1:
        out.append(current)
    return out


class BoardLayout:
    """Maps hexes and hex-unit points to millimetres on the board (margin included)."""

    def __init__(self, game_map: GameMap, hex_mm: float, margin: float) -> None:
        self.map = game_map
        self.size = hex_mm / SQRT3  # centre to corner
        self.layout = Layout(game_map.layout.orientation, self.size, (0.0, 0.0))
        half_w, half_h = self.layout.width / 2, self.layout.height / 2
        x0, y0, x1, y1 = centre_extent(self.layout, game_map.width, game_map.height,
                                       game_map.layout.offset)
        self.ox = margin - (x0 - half_w)
        self.oy = margin - (y0 - half_h)
        self.map_w = x1 - x0 + 2 * half_w
        self.map_h = y1 - y0 + 2 * half_h
        self.margin = margin
        self.corners = self.layout.corner_offsets()
        self.edges = edge_corner_indices(self.layout)

    def center(self, h: Hex) -> Point:
        """Centre of a hex in mm."""
        x, y = self.layout.hex_to_pixel(h)
        return x + self.ox, y + self.oy

    def polygon(self, h: Hex) -> list[Point]:
        """Corners of a hex in mm."""
        cx, cy = self.center(h)
        return [(cx + dx, cy + dy) for dx, dy in self.corners]

    def unit_point(self, p: tuple[float, float]) -> Point:
        """A point in hex units (file coordinates of paths and labels) in mm."""
        return p[0] * self.size + self.ox, p[1] * self.size + self.oy

    def edge(self, h: Hex, direction: int) -> tuple[Point, Point]:
        """The edge of hex `h` facing its neighbour in `direction`, in mm."""
        poly = self.polygon(h)
        a, b = self.edges[direction]
        return poly[a], poly[b]


def build_board(game_map: GameMap, hex_mm: float = 30.0, margin: float | None = None, *,
                numbering: tuple[int, int] = (0, 0),
                out_of_play: frozenset[Hex] = frozenset(), raster_cells: bool = False) -> Board:
    """Lay out `game_map` at `hex_mm` across flats and return its drawing.

    A part of a larger map (a 2-player half, `exporters.halfboard`) numbers its margin from
    `numbering` (the larger map's first column and row) and covers `out_of_play` hexes. With
    `raster_cells` the terrain and grid groups stay empty and `Board.cells` describes them
    (for a raster renderer that draws them without a shape per hex)."""
    if hex_mm <= 0:
        raise ValueError("hex size must be positive")
    margin = hex_mm * 0.4 if margin is None else margin
    bl = BoardLayout(game_map, hex_mm, margin)
    width = bl.map_w + 2 * margin
    height = bl.map_h + 2 * margin
    # row-major, like `terrain`
    polygons = [] if raster_cells else [bl.polygon(h) for h in game_map.hexes()]
    groups = [
        Group("paper", [Shape("polygon", [(0, 0), (width, 0), (width, height), (0, height)],
                              fill=PALETTE["paper"])]),
        Group("terrain") if raster_cells else _terrain(game_map, bl, polygons),
        _paths(game_map, bl),
        _bridges(game_map, bl),
        Group("grid", [Shape("polygon", poly, stroke=PALETTE["grid"], width=GRID_WIDTH)
                       for poly in polygons]),
        *_forts(game_map, bl),
        *_start_markers(game_map, bl),
        _labels(game_map, bl),
        *([_out_of_play(bl, out_of_play)] if out_of_play else []),
        _margin(game_map, bl, width, height, numbering),
    ]
    cells = _cells(game_map, bl) if raster_cells else None
    return Board(width, height, seasonal(groups, game_map.season), game_map.name, hex_mm,
                 game_map.season, cells)


GRID_WIDTH = 0.25  # mm


def _tree_offsets(bl: BoardLayout) -> list[Point]:
    return [(dx * bl.size, dy * bl.size) for dx, dy in ((-0.35, 0.15), (0.3, 0.25), (0.0, -0.35))]


def _cells(game_map: GameMap, bl: BoardLayout) -> Cells:
    colours = palette(game_map.season)
    swap = {PALETTE[k]: colours[k] for k in WINTER_PALETTE}  # as `seasonal` swaps them
    return Cells(game_map, bl, [swap.get(PALETTE[t], PALETTE[t]) for t in TERRAINS],
                 swap.get(PALETTE["tree"], PALETTE["tree"]), bl.size * 0.16, _tree_offsets(bl),
                 PALETTE["paper"], PALETTE["grid"], GRID_WIDTH)


def _terrain(game_map: GameMap, bl: BoardLayout, polygons: list[list[Point]]) -> Group:
    group = Group("terrain")
    fills = [PALETTE[t] for t in TERRAINS]
    tree_r = bl.size * 0.16
    trees = _tree_offsets(bl)
    forest = TERRAINS.index("forest")
    tree = PALETTE["tree"]
    decorations: list[Shape] = []
    for t, poly in zip(game_map.terrain, polygons, strict=True):
        # The same-colour outline closes the hairline seams anti-aliasing leaves between hexes.
        group.shapes.append(Shape("polygon", poly, fill=fills[t], stroke=fills[t], width=0.15))
        if t == forest:
            cx = (poly[0][0] + poly[3][0]) / 2
            cy = (poly[0][1] + poly[3][1]) / 2
            decorations.extend(Shape("circle", [(cx + dx, cy + dy)], fill=tree, radius=tree_r)
                               for dx, dy in trees)
    group.shapes.extend(decorations)
    return group


_PATH_ORDER = {"river": 0, "trench": 1, "road": 2, "rail": 3}


def _paths(game_map: GameMap, bl: BoardLayout) -> Group:
    group = Group("paths")
    for path in sorted(game_map.paths, key=lambda p: (_PATH_ORDER.get(p.kind, 9), p.id)):
        pts = [bl.unit_point(p) for p in path.points]
        if len(pts) < 2:
            continue
        w = max(path.width * bl.size, 0.5)
        if path.kind == "river":
            group.shapes.append(Shape("polyline", pts, stroke=PALETTE["river_edge"], width=w + 0.6,
                                      smooth=True))
            group.shapes.append(Shape("polyline", pts, stroke=PALETTE["river"], width=w,
                                      smooth=True))
        elif path.kind == "road":
            group.shapes.append(Shape("polyline", pts, stroke=PALETTE["road_edge"],
                                      width=w * 0.55 + 0.7, smooth=True))
            group.shapes.append(Shape("polyline", pts, stroke=PALETTE["road_line"],
                                      width=w * 0.55, smooth=True))
        elif path.kind == "trench":
            ink = PALETTE["trench_line"]
            group.shapes.append(Shape("polyline", pts, stroke=ink, width=0.8, smooth=True))
            group.shapes.append(Shape("polyline", pts, stroke=ink, width=w * 0.5, smooth=True,
                                      dash=(0.9, 1.3)))
        else:  # rail: a line with cross ties
            ink = PALETTE["rail_line"]
            group.shapes.append(Shape("polyline", pts, stroke=ink, width=w * 0.45, smooth=True,
                                      dash=(0.5, 1.5)))
            group.shapes.append(Shape("polyline", pts, stroke=ink, width=0.7, smooth=True))
    return group


class _SegmentGrid:
    """Road segments bucketed by the grid cells their box (grown by `reach`) meets, so a
    bridge looks only at the segments that can be within `reach` of its centre (a long road
    and many bridges were a quadratic scan). `around` gives them in the roads' own order."""

    def __init__(self, roads: list[tuple[list[tuple[Point, Point]], float]],
                 reach: float) -> None:
        self.cell = max(reach * 2, 1e-9)
        self.segments: list[tuple[Point, Point, float]] = []
        self.cells: dict[tuple[int, int], list[int]] = {}
        for pairs, width in roads:
            for a, b in pairs:
                k = len(self.segments)
                self.segments.append((a, b, width))
                x0, x1 = sorted((a[0], b[0]))
                y0, y1 = sorted((a[1], b[1]))
                for gx in range(self._at(x0 - reach), self._at(x1 + reach) + 1):
                    for gy in range(self._at(y0 - reach), self._at(y1 + reach) + 1):
                        self.cells.setdefault((gx, gy), []).append(k)

    def _at(self, v: float) -> int:
        return math.floor(v / self.cell)

    def around(self, x: float, y: float) -> list[tuple[Point, Point, float]]:
        """The segments that may lie within `reach` of (x, y), in the roads' order."""
        found = self.cells.get((self._at(x), self._at(y)), [])
        return [self.segments[k] for k in found]


def _bridges(game_map: GameMap, bl: BoardLayout) -> Group:
    """Parapets along the road where it crosses a bridge hex (horizontal without a road)."""
    group = Group("bridges")
    bridge = TERRAINS.index("bridge")
    if bridge not in game_map.terrain:
        return group  # no roads to smooth and no segment grid to build for nothing
    roads = [(smooth_points([bl.unit_point(p) for p in path.points]), path.width * bl.size * 0.55)
             for path in game_map.paths if path.kind == "road" and len(path.points) > 1]
    reach = bl.size * 0.9  # a road segment farther from a bridge's centre is not its road
    near = _SegmentGrid([(list(itertools.pairwise(pts)), width) for pts, width in roads], reach)
    start = 0
    while (i := game_map.terrain.find(bridge, start)) >= 0:
        start = i + 1
        cx, cy = bl.center(game_map.hex_at_index(i))
        best: tuple[float, Point, Point, float] | None = None
        for a, b, width in near.around(cx, cy):
            sx, sy = b[0] - a[0], b[1] - a[1]
            seg2 = sx * sx + sy * sy or 1e-12
            t = max(0.0, min(1.0, ((cx - a[0]) * sx + (cy - a[1]) * sy) / seg2))
            px, py = a[0] + sx * t, a[1] + sy * t
            d = math.hypot(px - cx, py - cy)
            if d < reach and (best is None or d < best[0]):
                best = (d, (px, py), (sx, sy), width)
        if best is None:
            centre, (dx, dy), width = (cx, cy), (1.0, 0.0), bl.size * 0.3
        else:
            _, centre, (dx, dy), width = best
        n = math.hypot(dx, dy) or 1.0
        ux, uy = dx / n, dy / n
        half = bl.size * 0.45
        off = width / 2 + 1.2
        for side in (-1, 1):
            ox, oy = -uy * off * side, ux * off * side
            a = (centre[0] - ux * half + ox, centre[1] - uy * half + oy)
            b = (centre[0] + ux * half + ox, centre[1] + uy * half + oy)
            # splayed ends, as bridges are drawn on period maps
            a0 = (a[0] - ux * 1.2 + ox * 0.5, a[1] - uy * 1.2 + oy * 0.5)
            b0 = (b[0] + ux * 1.2 + ox * 0.5, b[1] + uy * 1.2 + oy * 0.5)
            group.shapes.append(Shape("polyline", [a0, a, b, b0], stroke=PALETTE["fort_wall"],
                                      width=0.6))
    return group


def _outline_edges(bl: BoardLayout, hexes: Iterable[Hex]) -> list[tuple[int, Hex, Point, Point]]:
    return [(d, h, *bl.edge(h, d)) for h, d in outline_edges(set(hexes))]


def _forts(game_map: GameMap, bl: BoardLayout) -> list[Group]:
    groups = []
    for fort in sorted(game_map.forts, key=lambda f: f.id):
        g = Group("fort", ident=f"fort-{fort.id}", attrs={"data-fort": fort.id,
                                                           "data-owner": fort.owner})
        for h in fort.hexes:
            g.shapes.append(Shape("polygon", bl.polygon(h), fill=PALETTE["fort"],
                                  stroke=PALETTE["fort"], width=0.15))
        for d, _h, a, b in _outline_edges(bl, fort.hexes):
            heavy = fort.facing is not None and d == fort.facing
            g.shapes.append(Shape("polyline", [a, b], stroke=PALETTE["fort_wall"],
                                  width=1.6 if heavy else 0.8))
        centres = [bl.center(h) for h in fort.hexes] or [bl.center(Hex(0, 0))]
        cx = sum(p[0] for p in centres) / len(centres)
        cy = sum(p[1] for p in centres) / len(centres)
        for entrance in fort.entrances:
            g.shapes.extend(_gate(bl, entrance, fort.hexes))
        flag_w, flag_h = bl.size * 0.5, bl.size * 0.32
        fx, fy = cx - flag_w / 2, cy - bl.size * 0.55
        g.shapes.append(Shape("polygon", [(fx, fy), (fx + flag_w, fy), (fx + flag_w, fy + flag_h),
                                          (fx, fy + flag_h)],
                              fill=PALETTE.get(fort.owner, PALETTE["neutral"]),
                              stroke=PALETTE["fort_wall"], width=0.3))
        g.shapes.append(Shape("text", [(cx, cy + bl.size * 0.25)], text=fort.name,
                              size=bl.size * 0.3, fill=PALETTE["marker"], bold=True,
                              halo=PALETTE["fort_wall"]))
        groups.append(g)
    return groups


def _gate(bl: BoardLayout, entrance: Hex, footprint: list[Hex]) -> list[Shape]:
    """An entrance: dashed hex outline and a chevron pointing into the fort."""
    shapes = [Shape("polygon", bl.polygon(entrance), stroke=PALETTE["fort_wall"], width=0.5,
                    dash=(1.2, 0.8))]
    target = next((h for h in footprint if entrance.distance(h) == 1), None)
    if target is None:
        return shapes
    ex, ey = bl.center(entrance)
    tx, ty = bl.center(target)
    dx, dy = (tx - ex), (ty - ey)
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    s = bl.size * 0.35
    tip = (ex + ux * s, ey + uy * s)
    left = (ex - ux * s * 0.3 - uy * s * 0.8, ey - uy * s * 0.3 + ux * s * 0.8)
    right = (ex - ux * s * 0.3 + uy * s * 0.8, ey - uy * s * 0.3 - ux * s * 0.8)
    shapes.append(Shape("polygon", [left, tip, right], fill=PALETTE["fort_wall"]))
    return shapes


def _start_markers(game_map: GameMap, bl: BoardLayout) -> list[Group]:
    groups = []
    for m in sorted(game_map.start_markers, key=lambda m: m.number):
        c = bl.center(m.hex)
        groups.append(Group("start", ident=f"start-{m.number}",
                            attrs={"data-start": str(m.number)}, shapes=[
            Shape("circle", [c], fill=PALETTE["marker"], stroke=PALETTE["marker_ink"],
                  width=0.6, radius=bl.size * 0.42),
            Shape("text", [c], text=str(m.number), size=bl.size * 0.48,
                  fill=PALETTE["marker_ink"], bold=True),
        ]))
    return groups


def _labels(game_map: GameMap, bl: BoardLayout) -> Group:
    return Group("labels", [
        Shape("text", [bl.unit_point(label.at)], text=label.text, size=label.size * bl.size * 0.45,
              rotation=label.rotation, fill=PALETTE["ink"], family="serif", italic=True,
              halo=PALETTE["paper"])
        for label in game_map.labels
    ])


def _out_of_play(bl: BoardLayout, hexes: frozenset[Hex]) -> Group:
    """Hexes that are not part of the game, covered in a plain grey over everything."""
    return Group("out_of_play", [Shape("polygon", bl.polygon(h), fill=PALETTE["out_of_play"],
                                       stroke=PALETTE["out_of_play"], width=0.3)
                                 for h in sorted(hexes)])


def _margin(game_map: GameMap, bl: BoardLayout, width: float, height: float,
            numbering: tuple[int, int] = (0, 0)) -> Group:
    """Column numbers above and below, row numbers left and right: the file's 0-based [col, row]
    (counted from `numbering`)."""
    g = Group("margin")
    col0, row0 = numbering
    m = bl.margin
    # Paper bands over the margin hide path ends that run past the map's edge.
    paper = PALETTE["paper"]
    for x0, y0, x1, y1 in ((0, 0, width, m), (0, height - m, width, height), (0, 0, m, height),
                           (width - m, 0, width, height)):
        g.shapes.append(Shape("polygon", [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], fill=paper))
    g.shapes.append(Shape("polygon", [(m, m), (width - m, m), (width - m, height - m),
                                      (m, height - m)], stroke=PALETTE["ink"], width=0.35))
    size = min(m * 0.45, bl.size * 0.4)
    last_row, last_col = game_map.height - 1, game_map.width - 1
    for col in range(game_map.width):
        x_top = bl.center(game_map.to_axial(col, 0))[0]
        x_bot = bl.center(game_map.to_axial(col, last_row))[0]
        g.shapes.append(Shape("text", [(x_top, m / 2)], text=str(col0 + col), size=size,
                              fill=PALETTE["ink"]))
        g.shapes.append(Shape("text", [(x_bot, height - m / 2)], text=str(col0 + col),
                              size=size, fill=PALETTE["ink"]))
    for row in range(game_map.height):
        y_left = bl.center(game_map.to_axial(0, row))[1]
        y_right = bl.center(game_map.to_axial(last_col, row))[1]
        g.shapes.append(Shape("text", [(m / 2, y_left)], text=str(row0 + row), size=size,
                              fill=PALETTE["ink"]))
        g.shapes.append(Shape("text", [(width - m / 2, y_right)], text=str(row0 + row),
                              size=size, fill=PALETTE["ink"]))
    return g
