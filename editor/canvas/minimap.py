"""MinimapWidget: the whole map in miniature with the view's rectangle; click or drag to pan."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from . import style
from .overview import OverviewImage


class MinimapWidget(QWidget):
    """Overview of the document's map; the view's visible area is outlined."""

    def __init__(self, document: Any, view: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.view = view
        self.overview = OverviewImage(document.map)
        self.setMinimumSize(120, 90)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        document.terrainChanged.connect(self._on_terrain_changed)
        document.mapReplaced.connect(self._on_map_replaced)
        document.objectsChanged.connect(self.update)
        view.zoomChanged.connect(lambda _z: self.update())
        view.horizontalScrollBar().valueChanged.connect(lambda _v: self.update())
        view.verticalScrollBar().valueChanged.connect(lambda _v: self.update())

    def sizeHint(self) -> QSize:
        return QSize(240, 180)

    def _on_terrain_changed(self, indices: list[int] | None) -> None:
        if indices is None:
            self.overview = OverviewImage(self.document.map)
        else:
            self.overview.update_indices(indices)
        self.update()

    def _on_map_replaced(self) -> None:
        self.overview = OverviewImage(self.document.map)
        self.update()

    def map_area(self) -> QRectF:
        """Widget rectangle the map is drawn into (aspect kept, centred)."""
        src = self.overview.rect
        if src.isEmpty():
            return QRectF()
        scale = min((self.width() - 4) / src.width(), (self.height() - 4) / src.height())
        w, h = src.width() * scale, src.height() * scale
        return QRectF((self.width() - w) / 2, (self.height() - h) / 2, w, h)

    def to_scene(self, p: QPointF) -> QPointF:
        """Scene point under a widget point."""
        area, src = self.map_area(), self.overview.rect
        return QPointF(src.left() + (p.x() - area.left()) * src.width() / area.width(),
                       src.top() + (p.y() - area.top()) * src.height() / area.height())

    def from_scene(self, p: QPointF) -> QPointF:
        """Widget point of a scene point."""
        area, src = self.map_area(), self.overview.rect
        return QPointF(area.left() + (p.x() - src.left()) * area.width() / src.width(),
                       area.top() + (p.y() - src.top()) * area.height() / src.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), style.PAPER.darker(108))
        area = self.map_area()
        if area.isEmpty():
            return
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        p.drawImage(area, self.overview.image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self._paint_forts(p)
        visible = self.view.visible_scene_rect()
        a, b = self.from_scene(visible.topLeft()), self.from_scene(visible.bottomRight())
        frame = QRectF(a, b).intersected(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(255, 255, 255, 230), 3))
        p.drawRect(frame)
        p.setPen(QPen(QColor("#b3262b"), 1.5))
        p.drawRect(frame)
        p.end()

    def _paint_forts(self, p: QPainter) -> None:
        # Forts as owner-coloured dots: the landmarks a designer navigates by.
        geom = self.overview.geom
        r = max(2.0, min(5.0, self.map_area().width() / max(1, geom.width) * 0.9))
        for fort in self.document.map.forts:
            if not fort.hexes:
                continue
            xs, ys = zip(*(geom.hex_center(h) for h in fort.hexes), strict=True)
            c = self.from_scene(QPointF(sum(xs) / len(xs), sum(ys) / len(ys)))
            p.setPen(QPen(QColor(40, 30, 20), 1))
            p.setBrush(style.owner_colors(fort.owner)[0])
            p.drawEllipse(c, r, r)

    def _pan_to(self, pos: QPointF) -> None:
        self.view.centerOn(self.to_scene(pos))
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._pan_to(event.position())
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._pan_to(event.position())
        event.accept()
