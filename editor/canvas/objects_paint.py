"""Painting of map objects: forts, start markers, paths, labels and hex highlights.

Pure functions of (painter, object, geometry, lod) shared by the objects layer and exported
images. Coordinates: scene pixels; path points and label anchors are hex units × hex size.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Container
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
)

from engine.geometry import bezier_controls, centre_arrays, hex_arrays
from engine.geometry import edge_offsets as hex_edge_offsets
from engine.hexes import DIRECTIONS, Hex
from engine.hexset import HexSet
from engine.model import Fort, Label, MapPath, StartMarker

from . import style
from .geometry import GridGeometry
from .road_cover import RoadSpot

SELECT_GLOW = QColor(46, 134, 222, 150)
SELECT_INK = QColor(20, 70, 160)
FORT_GLACIS = QColor(92, 76, 52, 125)
FORT_EARTH = QColor("#e6d9b0")
FORT_CASING = QColor("#231a12")
FORT_FOOTPRINT = QColor(92, 76, 52, 55)
FORT_FOOTPRINT_EDGE = QColor(60, 44, 28, 210)


# --- paths -----------------------------------------------------------------------------------


def smooth_path(points: list[tuple[float, float]], size: float, first: int = 0,
                last: int | None = None) -> QPainterPath:
    """The curve through the points (hex units; `engine.geometry.bezier_controls`) as cubic
    Béziers in pixels; with `first`/`last`, only the spans between those point indices (same
    shape as the whole)."""
    pts = [(x * size, y * size) for x, y in points]
    return _spans(pts, bezier_controls(pts) if len(pts) > 2 else [], first, last)


def _spans(pts: list[tuple[float, float]], controls: list, first: int,
           last: int | None) -> QPainterPath:
    """The spans `first`..`last` of the curve through pixel points `pts` with their Bézier
    `controls` (computed once per path: a piece of a long road must not redo them all)."""
    path = QPainterPath()
    if not pts:
        return path
    last = len(pts) - 1 if last is None else min(last, len(pts) - 1)
    path.moveTo(QPointF(*pts[first]))
    if len(pts) == 2:
        path.lineTo(QPointF(*pts[1]))
        return path
    for k in range(first, last):
        c1, c2 = controls[k]
        path.cubicTo(QPointF(*c1), QPointF(*c2), QPointF(*pts[k + 1]))
    return path


@dataclass
class PathPiece:
    """A stretch of a drawn path with its own bounds, so repaints skip far-away stretches."""

    bounds: QRectF
    curve: QPainterPath
    decoration: QPainterPath | None


def path_pieces(mp: MapPath, size: float, per_piece: int = 6) -> list[PathPiece]:
    """The smoothed path cut into pieces of `per_piece` segments, with decorations."""
    n = len(mp.points)
    pts = [(x * size, y * size) for x, y in mp.points]
    controls = bezier_controls(pts) if n > 2 else []
    out = []
    for first in range(0, max(1, n - 1), per_piece):
        curve = _spans(pts, controls, first, first + per_piece)
        out.append(PathPiece(path_bounds(curve, mp, size), curve,
                             path_decoration(mp, curve, size)))
    return out


def _offset_polyline(curve: QPainterPath, step: float, amp: float,
                     pattern: tuple[float, ...]) -> QPainterPath:
    # Walks the flattened curve, dropping a sample every `step` pixels pushed sideways by
    # amp × pattern[k]: zig-zags for trenches, ripples for rivers.
    out = QPainterPath()
    for poly in curve.toSubpathPolygons():
        pts = [(poly.at(i).x(), poly.at(i).y()) for i in range(poly.size())]
        if len(pts) < 2:
            continue
        out.moveTo(*pts[0])
        k, carry = 1, 0.0
        for (ax, ay), (bx, by) in itertools.pairwise(pts):
            seg = math.hypot(bx - ax, by - ay)
            if seg == 0:
                continue
            nx, ny = -(by - ay) / seg, (bx - ax) / seg
            d = step - carry
            while d <= seg:
                t = d / seg
                off = amp * pattern[k % len(pattern)]
                out.lineTo(ax + (bx - ax) * t + nx * off, ay + (by - ay) * t + ny * off)
                k += 1
                d += step
            carry = seg - (d - step)
        out.lineTo(*pts[-1])
    return out


def path_decoration(mp: MapPath, curve: QPainterPath, size: float) -> QPainterPath | None:
    """The derived line a path kind needs besides its curve (the trench zig-zag); computed
    once per change, not per frame."""
    if mp.kind == "trench":
        return _offset_polyline(curve, size * 0.18, size * 0.16, (1, -1))
    return None


def _draw_all(painter: QPainter, curves: list[QPainterPath], pen: QPen) -> None:
    painter.setPen(pen)
    for c in curves:
        painter.drawPath(c)


def paint_map_path(painter: QPainter, mp: MapPath, pieces: list[tuple[QPainterPath,
                   QPainterPath | None]], size: float, lod: float,
                   selected: bool = False) -> None:
    """Draw a road, river, trench or rail from (curve, decoration) pieces of its smoothed line.

    Each stroke pass runs over all pieces before the next, so pieces join seamlessly."""
    curves = [c for c, _ in pieces]
    decorations = [d for _, d in pieces if d is not None]
    width = max(mp.width * size, 2.0)
    rnd, flat = Qt.PenCapStyle.RoundCap, Qt.PenCapStyle.FlatCap
    rj, mj = Qt.PenJoinStyle.RoundJoin, Qt.PenJoinStyle.MiterJoin
    solid = Qt.PenStyle.SolidLine
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if mp.kind == "river":
        _draw_all(painter, curves, QPen(style.SHORE, width + size * 0.12, solid, rnd, rj))
        _draw_all(painter, curves, QPen(QColor("#7eaacb"), width, solid, rnd, rj))
        if lod * size > 6:  # the deeper, lighter-reflecting channel
            _draw_all(painter, curves, QPen(QColor("#93bbd8"), width * 0.5, solid, rnd, rj))
    elif mp.kind == "road":
        _draw_all(painter, curves, QPen(style.ROAD_CASING, width + size * 0.1, solid, rnd, rj))
        _draw_all(painter, curves, QPen(style.ROAD_FILL, width, solid, rnd, rj))
    elif mp.kind == "trench":
        if lod * size > 4 and decorations:
            _draw_all(painter, decorations, QPen(style.TRENCH_PARAPET, size * 0.24, solid, rnd,
                                                 rj))
            _draw_all(painter, decorations, QPen(style.TRENCH_LINE, size * 0.1, solid, flat, mj))
        else:
            _draw_all(painter, curves, QPen(style.TRENCH_LINE, size * 0.1, solid, flat, mj))
    else:  # rail: sleepers as a dashed wide pen, then the rail line
        if lod * size > 4:
            ties = QPen(QColor("#3b3b3b"), size * 0.3, Qt.PenStyle.CustomDashLine, flat)
            ties.setDashPattern([0.22, 0.9])
            _draw_all(painter, curves, ties)
        _draw_all(painter, curves, QPen(QColor("#2a2a2a"), max(1.0, size * 0.09), solid, rnd,
                                        rj))
    if selected:
        _selection_outline(painter, curves, width + size * 0.45, lod)


def _selection_outline(painter: QPainter, curves: list[QPainterPath], width: float,
                       lod: float) -> None:
    # A selected path gets a dashed outline around its stroke, drawn on top: a solid blue
    # band under it made a selected trench or road read as a river.
    stroker = QPainterPathStroker()
    stroker.setWidth(width)
    stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
    stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    outline = QPainterPath()
    for c in curves:
        outline.addPath(stroker.createStroke(c))
    outline = outline.simplified()
    px = 1.0 / lod if lod > 0 else 1.0
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor(255, 255, 255, 230), 3.2 * px))
    painter.drawPath(outline)
    dash = QPen(SELECT_INK, 1.8 * px, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap)
    painter.setPen(dash)
    painter.drawPath(outline)


def paint_bridge_decks(painter: QPainter, spots: list[RoadSpot], size: float,
                       lod: float) -> None:
    """Bridge decks where a drawn road crosses bridge hexes: plank decks along the road's
    direction there, drawn over the river and under the road line."""
    if not spots:
        return
    deck = QPainterPath()
    half = size * 0.8
    for spot in spots:
        dx, dy = math.cos(spot.angle) * half, math.sin(spot.angle) * half
        deck.moveTo(spot.x * size - dx, spot.y * size - dy)
        deck.lineTo(spot.x * size + dx, spot.y * size + dy)
    flat, miter = Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.MiterJoin
    solid = Qt.PenStyle.SolidLine
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.strokePath(deck, QPen(style.BRIDGE_PLANK, size * 0.78, solid, flat, miter))
    painter.strokePath(deck, QPen(style.BRIDGE_DECK, size * 0.64, solid, flat, miter))
    if lod * size > 6:
        planks = QPen(style.BRIDGE_PLANK, size * 0.64, Qt.PenStyle.CustomDashLine, flat)
        planks.setDashPattern([0.05, 0.2])
        painter.strokePath(deck, planks)


def path_bounds(curve: QPainterPath, mp: MapPath, size: float) -> QRectF:
    """Scene rectangle a drawn path can touch."""
    pad = mp.width * size + size * 0.6
    return curve.boundingRect().adjusted(-pad, -pad, pad, pad)


# --- forts -----------------------------------------------------------------------------------


def _direction_angle(geom: GridGeometry, direction: int) -> float:
    x, y = geom.layout.hex_to_pixel(DIRECTIONS[direction % 6])
    return math.atan2(y, x)


def _fort_axis(centers: list[tuple[float, float]], cx: float, cy: float) -> tuple[float, float]:
    # The footprint's long axis (unit vector): from the centre to the farthest hex centre.
    far = max(centers, key=lambda c: math.hypot(c[0] - cx, c[1] - cy))
    d = math.hypot(far[0] - cx, far[1] - cy)
    return ((far[0] - cx) / d, (far[1] - cy) / d) if d > 1e-9 else (1.0, 0.0)


def fort_outline(fort: Fort, geom: GridGeometry
                 ) -> tuple[QPainterPath, QPainterPath | None, QPointF, float]:
    """The bastioned trace of a fort, its ravelin (or None), centre and outer radius (px).

    A pentagonal star fort covering the footprint: round for one hex, drawn out along the
    footprint for two or more so it lies over every hex of it. With a `facing`, the curtain
    between two bastions looks that way and a small detached ravelin guards it."""
    s = geom.size
    centers = [geom.hex_center(h) for h in fort.hexes] or [(0.0, 0.0)]
    cx = sum(x for x, _ in centers) / len(centers)
    cy = sum(y for _, y in centers) / len(centers)
    spread = max(math.hypot(x - cx, y - cy) for x, y in centers)
    across = s * (0.95 if spread < 1e-9 else 1.1)
    along = spread + s * (0.95 if spread < 1e-9 else 0.75)
    ux, uy = _fort_axis(centers, cx, cy)
    n = 5
    base = (_direction_angle(geom, fort.facing) + math.pi / n if fort.facing is not None
            else -math.pi / 2)

    def at(angle: float, rf: float) -> QPointF:
        # A point of the round trace (radius `across`) stretched to `along` on the long axis.
        x, y = math.cos(angle) * across * rf, math.sin(angle) * across * rf
        u, v = x * ux + y * uy, -x * uy + y * ux
        u *= along / across
        return QPointF(cx + u * ux - v * uy, cy + u * uy + v * ux)

    pts = [at(base + 2 * math.pi * k / n + da, rf) for k in range(n)
           for da, rf in ((-0.36, 0.66), (-0.2, 0.72), (0.0, 1.0), (0.2, 0.72), (0.36, 0.66))]
    path = QPainterPath()
    path.addPolygon(QPolygonF([*pts, pts[0]]))
    if fort.facing is None:
        return path, None, QPointF(cx, cy), along
    # The ravelin: an arrowhead in front of the curtain, narrower than the gap between the
    # bastions and clear of the trace, so it reads as a separate outwork, not a sixth point.
    a = base - math.pi / n
    rav = QPainterPath()
    rav.addPolygon(QPolygonF([at(a - 0.16, 0.92), at(a, 1.22), at(a + 0.16, 0.92),
                              at(a, 0.98), at(a - 0.16, 0.92)]))
    return path, rav, QPointF(cx, cy), along * 1.25


def _flag(painter: QPainter, colors: tuple[QColor, ...], at: QPointF, s: float) -> None:
    pole_h, fw, fh = s * 0.75, s * 0.5, s * 0.3
    base = QPointF(at.x() - fw * 0.3, at.y() + pole_h * 0.35)
    top = QPointF(base.x(), base.y() - pole_h)
    painter.setPen(QPen(QColor("#3a2f22"), max(1.0, s * 0.05)))
    painter.drawLine(base, top)
    stripe = fh / len(colors)
    painter.setPen(Qt.PenStyle.NoPen)
    for k, c in enumerate(colors):
        painter.fillRect(QRectF(top.x(), top.y() + k * stripe, fw, stripe + 0.3), c)
    painter.setPen(QPen(QColor(40, 30, 20, 200), max(0.8, s * 0.025)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(QRectF(top.x(), top.y(), fw, fh))


def _gate(painter: QPainter, at: tuple[float, float], toward: QPointF, s: float,
          main: QColor) -> None:
    ang = math.degrees(math.atan2(toward.y() - at[1], toward.x() - at[0]))
    painter.save()
    painter.translate(at[0], at[1])
    painter.rotate(ang + 90)  # the gate's opening faces the fort
    w, h = s * 0.7, s * 0.34
    # A wall block with an arched opening and two small towers: a gate seen from above.
    painter.setPen(QPen(QColor("#3a2f22"), max(1.0, s * 0.05)))
    painter.setBrush(main)
    for side in (-1, 1):
        painter.drawRect(QRectF(side * w / 2 - h * 0.45, -h * 0.55, h * 0.9, h * 1.1))
    painter.setBrush(QColor("#e9dcb8"))
    painter.drawRect(QRectF(-w / 2 + h * 0.45, -h / 2, w - h * 0.9, h))
    painter.setBrush(QColor("#4a3a2a"))
    opening = QPainterPath()
    ow = (w - h * 0.9) * 0.55
    opening.moveTo(-ow / 2, h / 2)
    opening.lineTo(-ow / 2, 0)
    opening.arcTo(QRectF(-ow / 2, -ow / 2, ow, ow), 180, -180)
    opening.lineTo(ow / 2, h / 2)
    opening.closeSubpath()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawPath(opening)
    painter.restore()


@dataclass
class FortShape:
    """Geometry of a drawn fort, computed once per change."""

    outline: QPainterPath
    ravelin: QPainterPath | None
    center: QPointF
    radius: float
    glacis: QPainterPath


def fort_shape(fort: Fort, geom: GridGeometry) -> FortShape:
    """Trace, centre, radius and glacis (the sloped apron around the trace) of a fort."""
    outline, ravelin, center, radius = fort_outline(fort, geom)
    stroker = QPainterPathStroker()
    stroker.setWidth(geom.size * 0.32)
    stroker.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    works = QPainterPath(outline)
    if ravelin is not None:
        works.addPath(ravelin)
    glacis = stroker.createStroke(works).united(outline)
    if ravelin is not None:
        glacis = glacis.united(ravelin)
    return FortShape(outline, ravelin, center, radius, glacis)


def paint_fort(painter: QPainter, fort: Fort, geom: GridGeometry, lod: float,
               selected: bool = False, shape: FortShape | None = None) -> None:
    """Draw a fort: bastioned trace in the owner's colour, flag, and its two gates."""
    s = geom.size
    shape = shape or fort_shape(fort, geom)
    outline, center = shape.outline, shape.center
    colors = style.owner_colors(fort.owner)
    main = colors[0]
    if selected:
        painter.setPen(QPen(SELECT_GLOW, s * 0.45, Qt.PenStyle.SolidLine,
                            Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(outline)
    px = 1.0 / lod if lod > 0 else s * 0.03  # one screen pixel in scene units
    if lod * s >= 4:
        _footprint(painter, fort, geom, px)
    # Entrances first so the ramparts overlap the approach.
    if lod * s >= 4:
        painter.setPen(QPen(QColor(90, 70, 45, 200), s * 0.12, Qt.PenStyle.DotLine,
                            Qt.PenCapStyle.RoundCap))
        for e in fort.entrances:
            ex, ey = geom.hex_center(e)
            painter.drawLine(QPointF(ex, ey), center)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(FORT_GLACIS)
    painter.drawPath(shape.glacis)
    # A dark casing under the owner-coloured rampart: pale owners (neutral grey, AH yellow)
    # stay visible on meadow and road at any zoom.
    wall = max(s * 0.13, 2.4 * px)
    rav_wall = max(s * 0.09, 1.8 * px)
    casing = 2.4 * px
    for work, width in ((outline, wall), (shape.ravelin, rav_wall)):
        if work is None:
            continue
        painter.setBrush(FORT_EARTH)
        painter.setPen(QPen(FORT_CASING, width + casing, Qt.PenStyle.SolidLine,
                            Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.MiterJoin))
        painter.drawPath(work)
        painter.setPen(QPen(main, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap,
                            Qt.PenJoinStyle.MiterJoin))
        painter.drawPath(work)
    if lod * s >= 6:
        inner = QPainterPath(outline)
        painter.save()
        painter.translate(center)
        painter.scale(0.72, 0.72)
        painter.translate(-center)
        painter.setPen(QPen(main.lighter(140) if main.lightness() < 80 else main.darker(125),
                            max(1.0, s * 0.06)))
        painter.setBrush(QColor("#c8d29e"))
        painter.drawPath(inner)
        painter.restore()
        _flag(painter, colors, center, s)
        for e in fort.entrances:
            _gate(painter, geom.hex_center(e), center, s, main)


def footprint_border(hexes: list[Hex], geom: GridGeometry) -> list[QLineF]:
    """The outer edges of a set of hexes (edges shared by two of them left out)."""
    members = set(hexes)
    edges = edge_offsets(geom)
    out = []
    for h in hexes:
        x, y = geom.hex_center(h)
        for d, step in enumerate(DIRECTIONS):
            if Hex(h.q + step.q, h.r + step.r) not in members:
                out.append(edges[d].translated(x, y))
    return out


def _footprint(painter: QPainter, fort: Fort, geom: GridGeometry, px: float) -> None:
    # The hexes the fort occupies, tinted and outlined under the trace: a 2-hex fort shows
    # both of its hexes, which the star alone does not tell.
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(FORT_FOOTPRINT)
    painter.drawPath(hex_outline_path(list(fort.hexes), geom))
    pen = QPen(FORT_FOOTPRINT_EDGE, max(geom.size * 0.04, 1.2 * px), Qt.PenStyle.DashLine,
               Qt.PenCapStyle.FlatCap)
    painter.setPen(pen)
    painter.drawLines(footprint_border(list(fort.hexes), geom))


def fort_bounds(fort: Fort, geom: GridGeometry) -> QRectF:
    """Scene rectangle a drawn fort can touch."""
    _, _, center, radius = fort_outline(fort, geom)
    pts = [geom.hex_center(h) for h in fort.entrances]
    r = QRectF(center.x() - radius, center.y() - radius, radius * 2, radius * 2)
    for x, y in pts:
        r = r.united(QRectF(x - geom.size, y - geom.size, geom.size * 2, geom.size * 2))
    pad = geom.size * 0.5
    return r.adjusted(-pad, -pad, pad, pad)


# --- start markers and labels ----------------------------------------------------------------


MARKER_RADIUS = 0.56  # disc radius in hex sizes at close zoom
MARKER_MAX_RADIUS = 0.86  # never wider than this (hex sizes), so bounds stay fixed
MARKER_MIN_PX = 9.0  # smallest on-screen disc radius: the number must stay readable
MARKER_INK = QColor("#7d2418")


def marker_radius(size: float, lod: float) -> float:
    """Disc radius (scene px) of a start marker: MARKER_RADIUS hex sizes, but at least
    MARKER_MIN_PX on screen when zoomed out (up to MARKER_MAX_RADIUS hex sizes)."""
    r = size * MARKER_RADIUS
    if lod > 0:
        r = max(r, MARKER_MIN_PX / lod)
    return min(r, size * MARKER_MAX_RADIUS)


def paint_marker(painter: QPainter, marker: StartMarker, geom: GridGeometry, lod: float,
                 selected: bool = False) -> None:
    """A numbered start disc: cream face, dark-red ring with a dark rim, bold number.

    The disc keeps a minimum on-screen size when zoomed out, so the number stays legible at
    the editor's default zoom; lines are sized in screen pixels for the same reason."""
    s = geom.size
    x, y = geom.hex_center(marker.hex)
    r = marker_radius(s, lod)
    px = 1.0 / lod if lod > 0 else s * 0.03  # one screen pixel in scene units
    c = QPointF(x, y)
    if selected:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(SELECT_GLOW)
        painter.drawEllipse(c, r * 1.4, r * 1.4)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(30, 20, 10, 110))  # drop shadow lifts the disc off the terrain
    painter.drawEllipse(QPointF(x + max(s * 0.04, px), y + max(s * 0.06, 1.5 * px)), r, r)
    ring = max(s * 0.1, 2.2 * px)
    painter.setBrush(QColor("#fbf5e4"))
    painter.setPen(QPen(MARKER_INK, ring))
    painter.drawEllipse(c, r - ring / 2, r - ring / 2)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor("#1e120a"), max(s * 0.03, 0.9 * px)))
    painter.drawEllipse(c, r, r)
    if lod * r >= 5:
        font = QFont("DejaVu Sans")
        font.setBold(True)
        font.setWeight(QFont.Weight.Black)
        font.setPixelSize(max(1, round(r * (1.15 if marker.number < 10 else 0.92))))
        painter.setFont(font)
        painter.setPen(QColor("#1e120a"))
        painter.drawText(QRectF(x - r, y - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter,
                         str(marker.number))


def marker_bounds(marker: StartMarker, geom: GridGeometry) -> QRectF:
    """Scene rectangle a start marker can touch (its largest disc, glow and shadow)."""
    x, y = geom.hex_center(marker.hex)
    r = geom.size * MARKER_MAX_RADIUS * 1.45
    return QRectF(x - r, y - r, 2 * r, 2 * r)


def _label_font(label: Label, size: float) -> QFont:
    font = QFont("DejaVu Serif")
    font.setItalic(True)
    font.setPixelSize(max(1, round(label.size * size * 0.55)))
    return font


def label_path(label: Label, size: float) -> QPainterPath:
    """The label's text outline, centred on its anchor, before rotation."""
    path = QPainterPath()
    path.addText(0, 0, _label_font(label, size), label.text)
    br = path.boundingRect()
    path.translate(-br.center().x(), -br.center().y())
    return path


def paint_label(painter: QPainter, label: Label, text_path: QPainterPath, size: float,
                lod: float, selected: bool = False) -> None:
    """Free text with a light halo, as on printed maps."""
    if label.size * size * 0.55 * lod < 4:
        return
    painter.save()
    painter.translate(label.at[0] * size, label.at[1] * size)
    painter.rotate(label.rotation)
    if selected:
        painter.setPen(QPen(style.HIGHLIGHT_COLORS["selection"], size * 0.05, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(text_path.boundingRect().adjusted(-4, -4, 4, 4))
    painter.setPen(QPen(QColor(246, 240, 222, 210), max(2.0, size * 0.12),
                        Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(text_path)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#3b2e20"))
    painter.drawPath(text_path)
    painter.restore()


def label_bounds(label: Label, text_path: QPainterPath, size: float) -> QRectF:
    """Scene rectangle a label can touch (rotation included)."""
    br = text_path.boundingRect()
    r = math.hypot(br.width(), br.height()) / 2 + size * 0.3
    x, y = label.at[0] * size, label.at[1] * size
    return QRectF(x - r, y - r, 2 * r, 2 * r)


# --- hex highlights --------------------------------------------------------------------------


def hex_outline_path(hexes: list[Hex], geom: GridGeometry) -> QPainterPath:
    """One path holding the polygons of the given hexes."""
    corners = geom.corner_offsets()
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for h in hexes:
        x, y = geom.hex_center(h)
        path.addPolygon(QPolygonF([QPointF(x + dx, y + dy) for dx, dy in corners]
                                  + [QPointF(x + corners[0][0], y + corners[0][1])]))
    return path


def edge_offsets(geom: GridGeometry) -> list[QLineF]:
    """Per direction 0..5, the hex edge facing that neighbour, relative to the centre."""
    return [QLineF(a[0], a[1], b[0], b[1]) for a, b in hex_edge_offsets(geom.layout)]


def _paint_run_strips(painter: QPainter, runs: list[tuple[int, int, int]],
                      geom: GridGeometry) -> None:
    # Each run as the strip of its lattice cells (parallelograms that tile the plane), so
    # neighbouring runs meet without gaps or overlaps; hexes are a few pixels here at most.
    ox, oy = geom.hex_center(Hex(0, 0))
    qx, qy = (a - b for a, b in zip(geom.hex_center(Hex(1, 0)), (ox, oy), strict=True))
    rx, ry = (a - b for a, b in zip(geom.hex_center(Hex(0, 1)), (ox, oy), strict=True))
    hx, hy = (qx + rx) / 2, (qy + ry) / 2
    kx, ky = (qx - rx) / 2, (qy - ry) / 2
    polygons = []
    for r, first, last in runs:
        ax, ay = geom.hex_center(Hex(first, r))
        bx, by = geom.hex_center(Hex(last, r))
        polygons.append(QPolygonF([QPointF(ax - hx, ay - hy), QPointF(bx + kx, by + ky),
                                   QPointF(bx + hx, by + hy), QPointF(ax - kx, ay - ky)]))
    hinted = painter.testRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # no seams between strips
    for polygon in polygons:
        painter.drawPolygon(polygon)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, hinted)


def _border_lines(hexes: list[Hex], members: Container[Hex], geom: GridGeometry
                  ) -> list[QLineF]:
    """The edges of `hexes` facing a non-member, hex by hex and direction by direction: a
    big selection's outline asked its run set about thousands of neighbours one by one."""
    if not hexes:
        return []
    q, r = hex_arrays(hexes)
    dq = np.array([d.q for d in DIRECTIONS], dtype=np.int64)
    dr = np.array([d.r for d in DIRECTIONS], dtype=np.int64)
    if isinstance(members, HexSet):
        inside = members.contains_many((q[:, None] + dq).ravel(), (r[:, None] + dr).ravel())
    else:
        inside = np.array([Hex(h.q + step.q, h.r + step.r) in members
                           for h in hexes for step in DIRECTIONS], dtype=bool)
    which, d = np.nonzero(~inside.reshape(-1, 6))
    # Each edge moved to its hex's centre: the arithmetic of QLineF.translated.
    edges = np.array(hex_edge_offsets(geom.layout), dtype=float).reshape(6, 4)
    centres = centre_arrays(geom.layout, q, r)[which]
    ends = edges[d] + centres[:, [0, 1, 0, 1]]
    return [QLineF(*line) for line in ends.tolist()]


def paint_highlight(painter: QPainter, name: str, hexes: list[Hex], geom: GridGeometry,
                    lod: float, members: Container[Hex] | None = None,
                    runs: list[tuple[int, int, int]] | None = None) -> None:
    """Tint `hexes` and outline the border of `members` (default: the hexes themselves):
    preview (white), capture (orange), problems (red), selection (blue, dashed). With `runs`
    (r, first_q, last_q) the runs are tinted as strips instead, and `hexes` need only hold
    the members next to a non-member (a big highlight seen from far out)."""
    if not hexes and not runs:
        return
    members = members if members is not None else set(hexes)
    color = style.HIGHLIGHT_COLORS.get(name, QColor("#9b59b6"))
    fill = QColor(color)
    fill.setAlpha({"preview": 70, "selection": 50}.get(name, 75))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(fill))
    if runs is None:
        painter.drawPath(hex_outline_path(hexes, geom))
    else:
        _paint_run_strips(painter, runs, geom)
    border = _border_lines(hexes, members, geom)
    width = max(1.5 / max(lod, 1e-3), geom.size * 0.08)
    cap = Qt.PenCapStyle.RoundCap
    if name == "preview":
        painter.setPen(QPen(QColor(40, 40, 40, 150), width * 2.2, Qt.PenStyle.SolidLine, cap))
        painter.drawLines(border)
    pen = QPen(color, width, Qt.PenStyle.SolidLine, cap)
    if name == "selection":
        pen.setStyle(Qt.PenStyle.DashLine)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(pen)
    painter.drawLines(border)
