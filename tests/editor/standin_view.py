"""A minimal stand-in for editor.canvas.view.MapView, used by these tests only while the
canvas branch has not been merged: it implements the contract's mouse-to-tool forwarding and
view methods, and draws nothing but a background."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Signal
from PySide6.QtGui import QMouseEvent, QTransform
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from engine.hexes import Hex


class StandInMapView(QGraphicsView):
    hexHovered = Signal(object)
    zoomChanged = Signal(float)

    def __init__(self, document, parent=None) -> None:
        super().__init__(parent)
        self.document = document
        self.tool = None
        self.overlays: dict[str, bool] = {}
        self.setScene(QGraphicsScene(self))
        self.setMouseTracking(True)
        self._fit_scene()
        document.mapReplaced.connect(self._fit_scene)

    def _fit_scene(self) -> None:
        m = self.document.map
        layout = m.layout.pixel_layout()
        pts = [layout.hex_to_pixel(m.to_axial(c, r)) for c in (0, m.width - 1)
               for r in (0, m.height - 1)]
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        s = m.layout.hex_size * 2
        self.scene().setSceneRect(QRectF(min(xs) - s, min(ys) - s,
                                         max(xs) - min(xs) + 2 * s, max(ys) - min(ys) + 2 * s))

    def hex_at(self, event: QMouseEvent):
        p = self.mapToScene(event.position().toPoint())
        return self.document.map.layout.pixel_layout().pixel_to_hex(p.x(), p.y()), p

    def set_tool(self, tool) -> None:
        self.tool = tool

    def center_on_hex(self, h: Hex) -> None:
        self.centerOn(*self.document.map.layout.pixel_layout().hex_to_pixel(h))

    def set_overlay_visible(self, name: str, visible: bool) -> None:
        self.overlays[name] = visible

    def zoom_to_fit(self) -> None:
        self.fitInView(self.scene().sceneRect())
        self.zoomChanged.emit(self.transform().m11())

    def set_zoom(self, scale: float) -> None:
        self.setTransform(QTransform.fromScale(scale, scale))
        self.zoomChanged.emit(scale)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        h, p = self.hex_at(event)
        if self.tool:
            self.tool.mouse_press(h, p, event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        h, p = self.hex_at(event)
        self.hexHovered.emit(h)
        if self.tool:
            if event.buttons():
                self.tool.mouse_move(h, p, event)
            else:
                self.tool.hover(h, p)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        h, p = self.hex_at(event)
        if self.tool:
            self.tool.mouse_release(h, p, event)
