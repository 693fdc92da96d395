"""The draft layer: a tool's preview drawn as the result will look, above the objects.

The Path tool's line (curve and clicked points) while it is being drawn, and a floating
stamp's terrain under the mouse, so a designer sees what a click will add, not only which
hexes it touches.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.draft import Draft
from engine.model import GameMap

from . import objects_paint as op
from . import style
from .geometry import GridGeometry

DRAFT_OPACITY = 0.92  # see-through enough to tell the preview from what is on the map
POINT_INK = QColor("#1d4f8c")


class DraftLayer(QGraphicsItem):
    """Paints the document's draft (see editor.draft.Draft)."""

    def __init__(self, game_map: GameMap, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.draft: Draft | None = None
        self._rect = QRectF()
        self.set_map(game_map)

    def set_map(self, game_map: GameMap) -> None:
        """Draw drafts on another map."""
        self.map = game_map
        self.geom = GridGeometry.of(game_map)
        self.set_draft(None)

    def set_draft(self, draft: Draft | None) -> None:
        """Show another draft; repaints the old and the new one's rectangle only."""
        old = self._rect
        self.draft = draft
        new = self._bounds(draft)
        if new != self._rect:
            self.prepareGeometryChange()
            self._rect = new
        self.update(old.united(new))

    def _bounds(self, draft: Draft | None) -> QRectF:
        if draft is None:
            return QRectF()
        g, s = self.geom, self.geom.size
        r = QRectF()
        for h, _ in draft.terrain:
            x, y = g.hex_center(h)
            r = r.united(QRectF(x - s * 1.2, y - s * 1.2, s * 2.4, s * 2.4))
        if draft.path is not None and draft.path.points:
            curve = op.smooth_path(draft.path.points, s)
            r = r.united(op.path_bounds(curve, draft.path, s))
        return r

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        draft = self.draft
        if draft is None:
            return
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        g, s = self.geom, self.geom.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setOpacity(DRAFT_OPACITY)
        if draft.terrain:
            brushes = style.terrain_brushes(s, self.map.season)
            painter.setPen(Qt.PenStyle.NoPen)
            by_terrain: dict[int, list] = {}
            for h, t in draft.terrain:
                by_terrain.setdefault(t, []).append(h)
            for t, hexes in by_terrain.items():
                painter.setBrush(brushes[t])
                painter.drawPath(op.hex_outline_path(hexes, g))
            painter.setOpacity(1.0)
            border = op.footprint_border([h for h, _ in draft.terrain], g)
            px = 1.0 / lod if lod > 0 else 1.0
            painter.setPen(QPen(QColor(30, 30, 30, 170), 4.0 * px))
            painter.drawLines(border)
            painter.setPen(QPen(QColor("white"), 2.0 * px))
            painter.drawLines(border)
            painter.setOpacity(DRAFT_OPACITY)
        path = draft.path
        if path is not None and path.points:
            if len(path.points) > 1:
                curve = op.smooth_path(path.points, s)
                op.paint_map_path(painter, path, [(curve, op.path_decoration(path, curve, s))],
                                  s, lod)
            painter.setOpacity(1.0)
            px = 1.0 / lod if lod > 0 else 1.0
            painter.setPen(QPen(QColor("white"), 1.5 * px))
            painter.setBrush(POINT_INK)
            for x, y in path.points[:-1] if len(path.points) > 1 else path.points:
                painter.drawEllipse(QPointF(x * s, y * s), 4 * px, 4 * px)
        painter.setOpacity(1.0)
