"""Icons of the main tool bar's actions (file, undo, zoom, transforms, validate, play-test),
drawn with QPainter like the tool icons so nothing is shipped and both themes are served."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPolygonF

from editor.icons import hexagon, render_icon, round_pen

ACCENT = QColor(70, 120, 190)
GOOD = QColor("#4f8a3c")
PAPER = QColor("#fbf6e9")


def _sheet(p: QPainter) -> None:
    page = QPolygonF([QPointF(8, 4), QPointF(20, 4), QPointF(26, 10), QPointF(26, 28),
                      QPointF(8, 28)])
    p.setBrush(PAPER)
    p.drawPolygon(page)


def _new(p: QPainter, ink: QColor) -> None:
    _sheet(p)
    p.setPen(round_pen(GOOD, 3))
    p.drawLine(QPointF(17, 13), QPointF(17, 23))
    p.drawLine(QPointF(12, 18), QPointF(22, 18))


def _open(p: QPainter, ink: QColor) -> None:
    p.setBrush(QColor("#d9b45a"))
    p.drawRect(QRectF(4, 9, 24, 17))
    p.setBrush(QColor("#f0d27a"))
    p.drawPolygon(QPolygonF([QPointF(4, 26), QPointF(9, 14), QPointF(30, 14),
                             QPointF(28, 26)]))


def _save(p: QPainter, ink: QColor) -> None:
    p.setBrush(ACCENT)
    p.drawRoundedRect(QRectF(5, 5, 22, 22), 2, 2)
    p.setBrush(PAPER)
    p.drawRect(QRectF(10, 5, 12, 8))
    p.drawRect(QRectF(9, 17, 14, 10))


def _arrow(p: QPainter, ink: QColor, mirror: bool) -> None:
    if mirror:
        p.translate(32, 0)
        p.scale(-1, 1)
    curve = QPainterPath(QPointF(26, 24))
    curve.cubicTo(QPointF(26, 12), QPointF(18, 10), QPointF(9, 12))
    p.setPen(round_pen(ink, 3))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(curve)
    p.setBrush(ink)
    p.drawPolygon(QPolygonF([QPointF(4, 12), QPointF(11, 6), QPointF(11, 18)]))


def _magnifier(p: QPainter, ink: QColor, sign: str) -> None:
    p.setPen(round_pen(ink, 3))
    p.setBrush(PAPER)
    p.drawEllipse(QPointF(13, 13), 8, 8)
    p.drawLine(QPointF(19, 19), QPointF(27, 27))
    p.setPen(round_pen(ink, 2))
    p.drawLine(QPointF(9, 13), QPointF(17, 13))
    if sign == "+":
        p.drawLine(QPointF(13, 9), QPointF(13, 17))


def _zoom_fit(p: QPainter, ink: QColor) -> None:
    p.setBrush(QColor("#c7d29c"))
    p.drawPath(hexagon(16, 16, 8))
    p.setPen(round_pen(ink, 2.5))
    for sx, sy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        cx, cy = 16 + sx * 11, 16 + sy * 11
        p.drawLine(QPointF(cx, cy), QPointF(cx - sx * 6, cy))
        p.drawLine(QPointF(cx, cy), QPointF(cx, cy - sy * 6))


def _mirror(p: QPainter, ink: QColor, vertical: bool) -> None:
    if vertical:
        p.translate(16, 16)
        p.rotate(90)
        p.translate(-16, -16)
    p.setBrush(QColor("#5a7541"))
    p.drawPolygon(QPolygonF([QPointF(13, 8), QPointF(13, 24), QPointF(4, 24)]))
    p.setBrush(QColor(90, 117, 65, 90))
    p.drawPolygon(QPolygonF([QPointF(19, 8), QPointF(19, 24), QPointF(28, 24)]))
    p.setPen(QPen(ink, 1.5, Qt.PenStyle.DashLine))
    p.drawLine(QPointF(16, 4), QPointF(16, 28))


def _rotate(p: QPainter, ink: QColor) -> None:
    p.setPen(round_pen(ink, 3))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawArc(QRectF(6, 6, 20, 20), 30 * 16, 270 * 16)
    a = math.radians(-30)
    tip = QPointF(16 + 10 * math.cos(a), 16 + 10 * math.sin(a))
    p.setBrush(ink)
    p.drawPolygon(QPolygonF([tip + QPointF(-6, -2), tip + QPointF(4, -6), tip + QPointF(3, 5)]))


def _validate(p: QPainter, ink: QColor) -> None:
    p.setBrush(GOOD)
    p.drawEllipse(QPointF(16, 16), 12, 12)
    p.setPen(round_pen(PAPER, 3.5))
    p.drawPolyline(QPolygonF([QPointF(10, 16), QPointF(14.5, 21), QPointF(22, 11)]))


def _playtest(p: QPainter, ink: QColor) -> None:
    p.setBrush(QColor("#c0392b"))
    p.drawPolygon(QPolygonF([QPointF(9, 5), QPointF(27, 16), QPointF(9, 27)]))


ACTION_PAINTERS: dict[str, Callable[[QPainter, QColor], None]] = {
    "new": _new,
    "open": _open,
    "save": _save,
    "undo": lambda p, ink: _arrow(p, ink, False),
    "redo": lambda p, ink: _arrow(p, ink, True),
    "zoom_in": lambda p, ink: _magnifier(p, ink, "+"),
    "zoom_out": lambda p, ink: _magnifier(p, ink, "-"),
    "zoom_fit": _zoom_fit,
    "mirror_h": lambda p, ink: _mirror(p, ink, False),
    "mirror_v": lambda p, ink: _mirror(p, ink, True),
    "rotate": _rotate,
    "validate": _validate,
    "playtest": _playtest,
}


def action_icon(name: str) -> QIcon:
    """The tool-bar icon of an action (an empty icon for unknown names)."""
    painter_fn = ACTION_PAINTERS.get(name)
    return render_icon(painter_fn) if painter_fn is not None else QIcon()
