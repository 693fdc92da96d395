"""Drawing what special-unit powers leave on the board, for the play layer: terrain built in
play (the map underneath still shows the designer's terrain), gas areas (struck this turn,
and the pattern of a planned or hovered area attack as a dashed preview) and mines — only
the viewer's own side's (engine.play.seat_view: hidden from the other seat in hot seat)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from editor.canvas.style import TERRAIN_COLOR
from editor.playtest.counters import INK, nation_colour
from engine.hexes import Hex, Layout
from engine.play import seat_view
from engine.play.interaction import Interaction

GAS = QColor(170, 200, 40, 95)  # mustard-green cloud
GAS_EDGE = QColor("#6b7d12")
AREA = QColor(255, 145, 0, 70)  # an area attack without gas
TRENCH_INK = QColor("#5a4126")
MINE = QColor("#2b2b2b")


def mine_spot(centre: QPointF, size: float, under_unit: bool) -> tuple[QPointF, float]:
    """Centre and radius of a mine marker in a hex (hex centre, hex size)."""
    if under_unit:
        return centre + QPointF(-size * 0.45, size * 0.45), size * 0.24
    return centre, size * 0.36


class PowersPainter:
    """Paints built terrain, gas areas and the viewer's mines for one play layer."""

    def __init__(self, interaction: Interaction,
                 centre: Callable[[Hex], QPointF], poly: Callable[[Hex], QPolygonF]) -> None:
        self.interaction = interaction
        self.centre = centre
        self.poly = poly

    def paint_ground(self, p: QPainter, layout: Layout, visible: Callable[[Hex], bool]) -> None:
        """Below the units: built terrain, then the gas areas."""
        st = self.interaction.session.state
        size = layout.size
        for h, terrain in seat_view.built_terrain(st).items():
            if visible(h):
                self._built(p, h, terrain, size)
        for area in seat_view.gas_areas(self.interaction.session,
                                        self.interaction.hovered_attack):
            colour = GAS if area.gas else AREA
            style = Qt.PenStyle.DashLine if area.preview else Qt.PenStyle.SolidLine
            edge = QColor(GAS_EDGE if area.gas else QColor("#b25d00"))
            fill = QColor(colour)
            if area.preview:
                fill.setAlpha(colour.alpha() // 2)
            for h in area.hexes:
                if not visible(h):
                    continue
                p.setPen(QPen(edge, size / 10, style))
                p.setBrush(fill)
                p.drawPolygon(self.poly(h))
                if area.gas:
                    self._cloud(p, self.centre(h), size, edge)

    def paint_mines(self, p: QPainter, layout: Layout, visible: Callable[[Hex], bool]) -> None:
        """Above the units' hexes: a mine marker ringed in the colour of the nation that laid
        it, in the middle of an empty hex, in its lower-left corner under a unit."""
        st = self.interaction.session.state
        size = layout.size
        teams = seat_view.viewer_teams(self.interaction.session)
        font = QFont("Sans Serif")
        font.setPixelSize(max(5, int(size * 0.3)))
        font.setBold(True)
        for h, nation in seat_view.visible_mines(st, teams).items():
            if not visible(h):
                continue
            c, r = mine_spot(self.centre(h), size, st.unit_at(h) is not None)
            p.setPen(QPen(MINE, size / 14, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            for k in range(4):  # the spikes of a contact mine
                d = QPointF(r * 1.45, 0) if k % 2 == 0 else QPointF(0, r * 1.45)
                sign = 1 if k < 2 else -1
                p.drawLine(c, c + d * sign)
            p.setPen(QPen(nation_colour(nation), size / 12))
            p.setBrush(MINE)
            p.drawEllipse(c, r, r)
            p.setPen(QColor("#ffffff"))
            p.setFont(font)
            p.drawText(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r),
                       Qt.AlignmentFlag.AlignCenter, "M")

    def _built(self, p: QPainter, h: Hex, terrain: str, size: float) -> None:
        poly = self.poly(h)
        colour = QColor(TERRAIN_COLOR.get(terrain, QColor("#cccccc")))
        colour.setAlpha(235)
        p.setPen(QPen(INK, size / 14, Qt.PenStyle.DotLine))
        p.setBrush(colour)
        p.drawPolygon(poly)
        c = self.centre(h)
        if terrain == "trench":  # a zigzag: the trench line
            line = QPainterPath(c + QPointF(-size * 0.7, 0))
            for k in range(1, 8):
                line.lineTo(c + QPointF(-size * 0.7 + k * size * 0.2,
                                        size * (0.18 if k % 2 else -0.18)))
            p.setPen(QPen(TRENCH_INK, size / 8, Qt.PenStyle.SolidLine,
                          Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(line)
        else:  # road or bridge: a band across the hex
            band = QColor("#7a6a4f") if terrain == "road" else QColor("#5d4a36")
            p.setPen(QPen(band, size / 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
            p.drawLine(c + QPointF(-size * 0.8, 0), c + QPointF(size * 0.8, 0))

    @staticmethod
    def _cloud(p: QPainter, c: QPointF, size: float, edge: QColor) -> None:
        """Three puffs: the gas symbol."""
        p.setPen(QPen(edge, size / 20))
        p.setBrush(QColor(200, 215, 90, 150))
        for dx, dy, r in ((-0.22, 0.05, 0.2), (0.0, -0.08, 0.25), (0.24, 0.06, 0.19)):
            p.drawEllipse(c + QPointF(size * dx, size * dy), size * r, size * r)
