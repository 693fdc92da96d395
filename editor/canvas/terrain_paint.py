"""Vector painting of the terrain of any scene rectangle.

The same function paints the cached chunk images, the zoomed-in view (directly) and exported
images, so all three look identical. It paints every hex whose box touches the rectangle; the
caller clips. Work is batched: one path per terrain, one for the grid, one per line symbol.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from engine.geometry import edge_offsets, offset_neighbour_deltas
from engine.model import TERRAIN_ID, GameMap

from . import style
from .geometry import GridGeometry
from .road_cover import RoadSpot

MEADOW, FOREST, ROAD, BRIDGE, WATER, TRENCH = (
    TERRAIN_ID[t] for t in ("meadow", "forest", "road", "bridge", "water", "trench")
)
ROADLIKE = frozenset((ROAD, BRIDGE))
WET = frozenset((WATER, BRIDGE))


@dataclass
class TerrainStyle:
    """What to draw besides the terrain itself. `regions`: (colour, membership mask over the
    terrain indices, as engine.geometry.index_mask makes) pairs; `road_spots`: where drawn
    roads cross hexes (`road_cover`), by terrain index."""

    grid: bool = True
    coords: bool = False
    regions: list[tuple[QColor, np.ndarray]] = field(default_factory=list)
    road_spots: dict[int, RoadSpot] = field(default_factory=dict)


class HexShapes:
    """Per-geometry templates: hex polygon, edge corner pairs, offset neighbour deltas."""

    def __init__(self, geom: GridGeometry) -> None:
        self.geom = geom
        corners = geom.corner_offsets()
        self.corners = corners
        self.polygon = QPolygonF([QPointF(x, y) for x, y in corners])
        # Edge d faces neighbour d; directions 0, 1, 2 walk one connected half of the outline
        # per hex and the other three belong to the neighbours, so every inner grid line is
        # stroked once.
        self.edges = edge_offsets(geom.layout)
        self.edge_mid = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in self.edges]
        self.half_outline = [self._edge_line(d) for d in range(6)]
        self.deltas = list(offset_neighbour_deltas(geom.layout.orientation, geom.parity))  # type: ignore[arg-type]
        # The rectangle between the outermost centres lies wholly inside the map.
        w, h = geom.width, geom.height
        xs0 = [geom.center(0, r)[0] for r in range(min(h, 2))]
        xs1 = [geom.center(w - 1, r)[0] for r in range(min(h, 2))]
        ys0 = [geom.center(c, 0)[1] for c in range(min(w, 2))]
        ys1 = [geom.center(c, h - 1)[1] for c in range(min(w, 2))]
        self.inner_rect = QRectF(QPointF(max(xs0), max(ys0)), QPointF(min(xs1), min(ys1)))

    def _edge_line(self, d: int) -> QLineF:
        (ax, ay), (bx, by) = self.edges[d]
        return QLineF(ax, ay, bx, by)

    def neighbour_deltas(self, col: int, row: int) -> list[tuple[int, int]]:
        """Offset deltas of the six neighbours of (col, row), in direction order."""
        return self.deltas[(row if self.geom.pointy else col) & 1]


def _line_dirs(shapes: HexShapes, terrain: bytearray, w: int, h: int, col: int, row: int,
               connects: frozenset[int]) -> list[int]:
    out = []
    for d, (dc, dr) in enumerate(shapes.neighbour_deltas(col, row)):
        nc, nr = col + dc, row + dr
        if 0 <= nc < w and 0 <= nr < h and terrain[nr * w + nc] in connects:
            out.append(d)
    return out


# An unconnected line symbol runs straight across, between directions 0 and 3.
DEFAULT_AXIS = (0, 3)


def _zigzag(path: QPainterPath, ax: float, ay: float, bx: float, by: float, amp: float,
            teeth: int) -> None:
    dx, dy = bx - ax, by - ay
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    px, py = -dy / length * amp, dx / length * amp
    path.moveTo(ax, ay)
    n = teeth * 2
    for i in range(1, n):
        t = i / n
        sign = 1 if i % 2 else -1
        path.lineTo(ax + dx * t + px * sign, ay + dy * t + py * sign)
    path.lineTo(bx, by)


def paint_terrain(painter: QPainter, game_map: GameMap, shapes: HexShapes, rect: QRectF,
                  tstyle: TerrainStyle, lod: float = 1.0) -> int:
    """Paint terrain, line symbols, regions, grid and coordinates of every hex touching `rect`
    (scene pixels) with `painter` already mapping scene to device. `lod` is device pixels per
    scene pixel; fine detail is left out when small. Returns the number of hexes painted."""
    geom = shapes.geom
    w, h = geom.width, geom.height
    terrain = game_map.terrain
    c0, c1, r0, r1 = geom.offset_range(rect.left(), rect.top(), rect.right(), rect.bottom())
    if c0 > c1 or r0 > r1:
        return 0
    s = geom.size
    poly = shapes.polygon
    fills = [QPainterPath() for _ in range(6)]
    centers: dict[int, tuple[float, float]] = {}
    line_hexes: list[tuple[int, int, int]] = []
    center = geom.center
    meadow_path = fills[MEADOW]
    for row in range(r0, r1 + 1):
        base = row * w
        edge_row = row == 0 or row == h - 1
        for col in range(c0, c1 + 1):
            t = terrain[base + col]
            if t == MEADOW:
                # Inner meadow comes from one rectangle fill below; only the map's outer
                # ring needs hex-shaped meadow so nothing is painted outside the map.
                if edge_row or col == 0 or col == w - 1:
                    x, y = center(col, row)
                    meadow_path.addPolygon(poly.translated(x, y))
                continue
            x, y = center(col, row)
            fills[t].addPolygon(poly.translated(x, y))
            line_hexes.append((col, row, t))
            centers[base + col] = (x, y)
    count = (c1 - c0 + 1) * (r1 - r0 + 1)

    # Fills are not antialiased: hexes then partition pixels exactly (no seams between hexes or
    # chunks) and cost a sixth of an antialiased fill; the antialiased edge strokes drawn on
    # top soften the boundaries.
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    # Texture filtering only matters when textures are scaled; unscaled fills are faster.
    scaled = abs(lod - 1.0) > 1e-3 or abs(s - style.REFERENCE_SIZE) > 1e-3
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, scaled)
    brushes = style.terrain_brushes(s, game_map.season)
    inner = shapes.inner_rect.intersected(rect)
    if not inner.isEmpty():
        painter.fillRect(inner, brushes[MEADOW])
    for tid, path in enumerate(fills):
        if not path.isEmpty():
            painter.fillPath(path, brushes[tid])
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)

    _paint_edges_and_lines(painter, game_map, shapes, line_hexes, centers, lod,
                           tstyle.road_spots)
    for color, mask in tstyle.regions:
        _paint_region(painter, shapes, rect, c0, c1, r0, r1, color, mask)
    if tstyle.grid and lod >= 0.45:
        _paint_grid(painter, shapes, c0, c1, r0, r1, lod)
    _paint_border(painter, shapes, c0, c1, r0, r1, lod)
    if tstyle.coords and lod >= 0.6:
        _paint_coords(painter, geom, game_map.terrain, c0, c1, r0, r1)
    return count


def _paint_edges_and_lines(painter: QPainter, game_map: GameMap, shapes: HexShapes,
                           line_hexes: list[tuple[int, int, int]],
                           centers: dict[int, tuple[float, float]], lod: float,
                           road_spots: dict[int, RoadSpot]) -> None:
    geom = shapes.geom
    w, h = geom.width, geom.height
    terrain = game_map.terrain
    s = geom.size
    shore: list[QLineF] = []
    forest_edge: list[QLineF] = []
    roads = QPainterPath()
    bridges = QPainterPath()
    trenches = QPainterPath()
    soft: dict[int, list[QLineF]] = {ROAD: [], TRENCH: []}
    for col, row, t in line_hexes:
        x, y = centers[row * w + col]
        if t == FOREST:
            target, same = forest_edge, (FOREST,)
        elif t in WET:
            target, same = shore, (WATER, BRIDGE)
        else:
            target, same = soft[t], (t,)
        for d, (dc, dr) in enumerate(shapes.neighbour_deltas(col, row)):
            nc, nr = col + dc, row + dr
            if 0 <= nc < w and 0 <= nr < h and terrain[nr * w + nc] not in same:
                target.append(shapes.half_outline[d].translated(x, y))
        spot = road_spots.get(row * w + col) if t in ROADLIKE else None
        if spot is not None:
            pass  # a drawn road crosses the hex: it is the line, its bridge deck goes with it
        elif t in ROADLIKE:
            dirs = _line_dirs(shapes, terrain, w, h, col, row, ROADLIKE)
            if t == BRIDGE and not dirs:
                # A bridge leads across the water: towards whatever land is next to it.
                land = [d for d, (dc, dr) in enumerate(shapes.neighbour_deltas(col, row))
                        if 0 <= col + dc < w and 0 <= row + dr < h
                        and terrain[(row + dr) * w + col + dc] not in WET]
                dirs = [*land[:1], (land[0] + 3) % 6] if land else []
            if len(dirs) == 1 and t == BRIDGE:
                dirs.append((dirs[0] + 3) % 6)
            target = bridges if t == BRIDGE else roads
            for d in dirs or DEFAULT_AXIS:
                mx, my = shapes.edge_mid[d]
                target.moveTo(x, y)
                target.lineTo(x + mx * 1.02, y + my * 1.02)
        elif t == TRENCH:
            dirs = _line_dirs(shapes, terrain, w, h, col, row, frozenset((TRENCH,)))
            for d in dirs or DEFAULT_AXIS:
                mx, my = shapes.edge_mid[d]
                _zigzag(trenches, x, y, x + mx, y + my, s * 0.14, 2)

    flat, rnd = Qt.PenCapStyle.FlatCap, Qt.PenCapStyle.RoundCap
    miter, rjoin = Qt.PenJoinStyle.MiterJoin, Qt.PenJoinStyle.RoundJoin
    # Wide strokes stay opaque and flat-capped: translucent or round-capped wide lines make
    # Qt stroke them as paths, ten to thirty times slower.
    for lines, color, width in ((soft[ROAD], style.ROAD_EDGE, 0.05),
                                (soft[TRENCH], style.TRENCH_EDGE, 0.05),
                                (forest_edge, style.FOREST_EDGE, 0.07),
                                (shore, style.SHORE, 0.06)):
        if lines:
            painter.setPen(QPen(color, s * width, Qt.PenStyle.SolidLine, flat))
            painter.drawLines(lines)
    if not trenches.isEmpty():
        painter.strokePath(trenches, QPen(style.TRENCH_PARAPET, s * 0.22, Qt.PenStyle.SolidLine,
                                          rnd, rjoin))
        painter.strokePath(trenches, QPen(style.TRENCH_LINE, s * 0.09, Qt.PenStyle.SolidLine,
                                          flat, miter))
    if not roads.isEmpty():
        # Thinner than a drawn road path: the hex-level line shows connectivity and should not
        # compete with the designer's drawn roads lying over it.
        painter.strokePath(roads, QPen(style.ROAD_CASING, s * 0.2, Qt.PenStyle.SolidLine, rnd,
                                       rjoin))
        painter.strokePath(roads, QPen(style.ROAD_FILL, s * 0.11, Qt.PenStyle.SolidLine, rnd,
                                       rjoin))
    if not bridges.isEmpty():
        painter.strokePath(bridges, QPen(style.BRIDGE_PLANK, s * 0.56, Qt.PenStyle.SolidLine,
                                         flat, miter))
        painter.strokePath(bridges, QPen(style.BRIDGE_DECK, s * 0.44, Qt.PenStyle.SolidLine,
                                         flat, miter))
        if lod >= 0.25:
            planks = QPen(style.BRIDGE_PLANK, s * 0.44, Qt.PenStyle.CustomDashLine, flat)
            planks.setDashPattern([0.06, 0.22])
            painter.strokePath(bridges, planks)


def _paint_region(painter: QPainter, shapes: HexShapes, rect: QRectF, c0: int, c1: int, r0: int,
                  r1: int, color: QColor, mask: np.ndarray) -> None:
    geom = shapes.geom
    w, h = geom.width, geom.height
    c0, r0, c1, r1 = max(c0, 0), max(r0, 0), min(c1, w - 1), min(r1, h - 1)
    if c0 > c1 or r0 > r1:
        return
    # Membership by slicing the mask: a Python `in` test per hex cost most of a chunk build.
    rows, cols = np.nonzero(mask[r0 * w:(r1 + 1) * w].reshape(r1 - r0 + 1, w)[:, c0:c1 + 1])
    members = ((rows + r0) * w + cols + c0).tolist()
    if not members:
        return
    inside = memoryview(mask)
    tint = QColor(color)
    tint.setAlpha(11)
    # Unantialiased: an antialiased fill of hundreds of hex polygons costs ten times more,
    # and the outline covers the edge.
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    whole = len(members) == (c1 - c0 + 1) * (r1 - r0 + 1)
    if whole and c0 > 0 and r0 > 0 and c1 < w - 1 and r1 < h - 1:
        # Every hex around is in the region: no border here, one rectangle of tint.
        painter.fillRect(rect, tint)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        return
    fill = QPainterPath()
    fill.setFillRule(Qt.FillRule.WindingFill)
    outline: list[QLineF] = []
    for i in members:
        row, col = divmod(i, w)
        x, y = geom.center(col, row)
        fill.addPolygon(shapes.polygon.translated(x, y))
        for d, (dc, dr) in enumerate(shapes.neighbour_deltas(col, row)):
            nc, nr = col + dc, row + dr
            # The map border is drawn anyway; outline only borders inside the map.
            if 0 <= nc < w and 0 <= nr < h and not inside[nr * w + nc]:
                outline.append(shapes.half_outline[d].translated(x, y))
    painter.fillPath(fill, tint)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if outline:
        painter.setPen(QPen(color, geom.size * 0.08, Qt.PenStyle.SolidLine,
                            Qt.PenCapStyle.FlatCap))
        painter.drawLines(outline)


def _paint_grid(painter: QPainter, shapes: HexShapes, c0: int, c1: int, r0: int, r1: int,
                lod: float) -> None:
    geom = shapes.geom
    grid: list[QLineF] = []
    e0, e1, e2 = shapes.half_outline[0], shapes.half_outline[1], shapes.half_outline[2]
    # Directions 0..2 cover the right/upper half-outline; the lower left half is the
    # neighbours' share (or the map border, drawn separately).
    for row in range(r0, r1 + 1):
        for col in range(c0, c1 + 1):
            x, y = geom.center(col, row)
            grid.append(e0.translated(x, y))
            grid.append(e1.translated(x, y))
            grid.append(e2.translated(x, y))
    alpha = min(1.0, lod) * style.GRID.alphaF()
    color = QColor(style.GRID)
    color.setAlphaF(alpha)
    painter.setPen(QPen(color, 0))
    painter.drawLines(grid)


def _paint_border(painter: QPainter, shapes: HexShapes, c0: int, c1: int, r0: int,
                  r1: int, lod: float) -> None:
    geom = shapes.geom
    w, h = geom.width, geom.height
    if c0 > 0 and c1 < w - 1 and r0 > 0 and r1 < h - 1:
        return
    border: list[QLineF] = []
    for row in range(r0, r1 + 1):
        for col in range(c0, c1 + 1):
            if 0 < col < w - 1 and 0 < row < h - 1:
                continue
            x, y = geom.center(col, row)
            for d, (dc, dr) in enumerate(shapes.neighbour_deltas(col, row)):
                if 0 <= col + dc < w and 0 <= row + dr < h:
                    continue
                border.append(shapes.half_outline[d].translated(x, y))
    painter.setPen(QPen(style.MAP_BORDER, 1.6 / max(lod, 0.05), Qt.PenStyle.SolidLine,
                        Qt.PenCapStyle.SquareCap))
    painter.drawLines(border)


def _paint_coords(painter: QPainter, geom: GridGeometry, terrain: bytearray, c0: int, c1: int,
                  r0: int, r1: int) -> None:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(geom.size * 0.26)))
    painter.setFont(font)
    dark, light = style.COORD_TEXT, style.COORD_TEXT_ON_DARK
    s = geom.size
    box_w, box_h = s * 1.2, s * 0.34
    for row in range(r0, r1 + 1):
        for col in range(c0, c1 + 1):
            x, y = geom.center(col, row)
            painter.setPen(light if terrain[row * geom.width + col] == FOREST else dark)
            painter.drawText(QRectF(x - box_w / 2, y - s * 0.82, box_w, box_h),
                             Qt.AlignmentFlag.AlignCenter, f"{col},{row}")
