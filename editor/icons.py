"""Small tool icons drawn with QPainter (no image files to ship), tinted for light/dark."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPainterPath, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QApplication

SIZE = 32


def round_pen(color: QColor, width: float) -> QPen:
    """A pen with round caps."""
    pen = QPen(color, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


def hexagon(cx: float, cy: float, r: float) -> QPainterPath:
    """A pointy-top hexagon of radius r centred on (cx, cy)."""
    path = QPainterPath()
    for i in range(6):
        a = math.radians(60 * i + 30)
        p = QPointF(cx + r * math.cos(a), cy + r * math.sin(a))
        path.moveTo(p) if i == 0 else path.lineTo(p)
    path.closeSubpath()
    return path


def _brush(p: QPainter, ink: QColor) -> None:
    p.setBrush(QColor("#5a7541"))
    p.drawPath(hexagon(11, 21, 8))
    p.setPen(round_pen(ink, 3))
    p.drawLine(QPointF(17, 15), QPointF(28, 4))


def _fill(p: QPainter, ink: QColor) -> None:
    p.setBrush(QColor("#8fb3ca"))
    p.drawPath(hexagon(16, 18, 12))
    p.setBrush(ink)
    drop = QPainterPath(QPointF(16, 7))
    drop.cubicTo(QPointF(22, 15), QPointF(22, 22), QPointF(16, 22))
    drop.cubicTo(QPointF(10, 22), QPointF(10, 15), QPointF(16, 7))
    p.drawPath(drop)


def _rect(p: QPainter, ink: QColor) -> None:
    p.setBrush(QColor("#b39a72"))
    p.drawRect(QRectF(5, 7, 22, 18))


def _eraser(p: QPainter, ink: QColor) -> None:
    p.translate(16, 16)
    p.rotate(-35)
    p.setBrush(QColor("#e69aa6"))
    p.drawRoundedRect(QRectF(-11, -6, 22, 12), 3, 3)
    p.setBrush(QColor("#c7d29c"))
    p.drawRect(QRectF(-11, -6, 8, 12))


def _eyedropper(p: QPainter, ink: QColor) -> None:
    p.setPen(round_pen(ink, 3))
    p.drawLine(QPointF(7, 25), QPointF(21, 11))
    p.setBrush(ink)
    p.drawEllipse(QPointF(23, 9), 4.5, 4.5)


def _path(p: QPainter, ink: QColor) -> None:
    curve = QPainterPath(QPointF(4, 26))
    curve.cubicTo(QPointF(10, 4), QPointF(20, 30), QPointF(28, 6))
    p.setPen(round_pen(QColor("#8a6a40"), 5))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(curve)
    p.setPen(round_pen(QColor("#e9dcb8"), 2))
    p.drawPath(curve)


def _fort(p: QPainter, ink: QColor) -> None:
    star = QPainterPath()
    for i in range(10):
        r = 13 if i % 2 == 0 else 7
        a = math.radians(36 * i - 90)
        pt = QPointF(16 + r * math.cos(a), 17 + r * math.sin(a))
        star.moveTo(pt) if i == 0 else star.lineTo(pt)
    star.closeSubpath()
    p.setBrush(QColor("#d8c39a"))
    p.drawPath(star)


def _marker(p: QPainter, ink: QColor) -> None:
    p.setBrush(QColor("#fbf6e9"))
    p.setPen(QPen(QColor("#7a2e22"), 2))
    p.drawEllipse(QPointF(16, 16), 12, 12)
    p.setPen(QColor("#3a2a1a"))
    font = QFont()
    font.setBold(True)
    font.setPixelSize(14)
    p.setFont(font)
    p.drawText(QRectF(4, 4, 24, 24), Qt.AlignmentFlag.AlignCenter, "7")


def _region(p: QPainter, ink: QColor) -> None:
    p.setBrush(QColor(192, 57, 43, 90))
    p.setPen(QPen(QColor("#c0392b"), 2, Qt.PenStyle.DashLine))
    p.drawPath(hexagon(16, 16, 13))


def _label(p: QPainter, ink: QColor) -> None:
    p.setPen(ink)
    font = QFont("serif")
    font.setItalic(True)
    font.setPixelSize(24)
    p.setFont(font)
    p.drawText(QRectF(0, 0, SIZE, SIZE), Qt.AlignmentFlag.AlignCenter, "Aa")


def _select(p: QPainter, ink: QColor) -> None:
    p.setBrush(QColor(70, 120, 190, 60))
    p.setPen(QPen(QColor(70, 120, 190), 2, Qt.PenStyle.DashLine))
    p.drawRect(QRectF(5, 6, 22, 20))


PAINTERS: dict[str, Callable[[QPainter, QColor], None]] = {
    "brush": _brush,
    "fill": _fill,
    "rect": _rect,
    "eraser": _eraser,
    "eyedropper": _eyedropper,
    "path": _path,
    "fort": _fort,
    "marker": _marker,
    "region": _region,
    "label": _label,
    "select": _select,
}


def tool_icon(name: str) -> QIcon:
    """The icon of a tool (an empty icon for unknown names)."""
    painter_fn = PAINTERS.get(name)
    if painter_fn is None:
        return QIcon()
    return render_icon(painter_fn)


def render_icon(painter_fn: Callable[[QPainter, QColor], None]) -> QIcon:
    """An icon drawn by `painter_fn(painter, ink)` on a transparent SIZE×SIZE pixmap, with the
    ink of the current palette (light or dark theme)."""
    pm = QPixmap(SIZE, SIZE)
    pm.fill(Qt.GlobalColor.transparent)
    ink = QApplication.palette().color(QPalette.ColorRole.WindowText)
    p = QPainter(pm)
    try:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(ink.darker(130) if ink.lightness() > 128 else QColor(40, 36, 28), 1.2))
        painter_fn(p, ink)
    finally:
        p.end()  # an unfinished painter on a pixmap crashes Qt
    return QIcon(pm)
