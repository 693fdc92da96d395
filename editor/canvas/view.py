"""MapView: the zoomable, pannable map canvas that feeds mouse events to the active tool."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QTransform, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from engine.hexes import Hex

from .scene import MapScene

MIN_ZOOM = 0.02
MAX_ZOOM = 8.0
WHEEL_STEP = 2.0 ** 0.25  # zoom factor per wheel notch (120 eighths of a degree)
ARROW_STEP = 0.12  # fraction of the viewport an arrow key pans


class MapView(QGraphicsView):
    """The map canvas of one document.

    The wheel zooms about the cursor, middle-drag or Space+left-drag and the arrow keys pan;
    every other mouse event goes to the active tool as (hex, scene position, event)."""

    hexHovered = Signal(object)  # Hex | None
    zoomChanged = Signal(float)

    def __init__(self, document: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.map_scene = MapScene(document, self)
        self.setScene(self.map_scene)
        self.tool: Any = None
        self._pan_from: QPoint | None = None
        self._space = False
        self._hover: Hex | None = None
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        document.mapReplaced.connect(self._on_map_replaced)

    # --- public API (editor contract) --------------------------------------------------

    def set_tool(self, tool: Any) -> None:
        """Make `tool` receive mouse events (None: no tool)."""
        self.tool = tool

    def zoom(self) -> float:
        """Current scale factor, 1.0 = 1:1."""
        return self.transform().m11()

    def set_zoom(self, scale: float, anchor: QPointF | None = None) -> None:
        """Zoom to `scale` (clamped to MIN_ZOOM..MAX_ZOOM) keeping the scene point under the
        viewport position `anchor` (default: the viewport centre) in place."""
        scale = min(MAX_ZOOM, max(MIN_ZOOM, scale))
        vp = self.viewport().rect()
        if anchor is None:
            anchor = QPointF(vp.center())
        fixed = self._to_scene(anchor)
        self.setTransform(QTransform.fromScale(scale, scale))
        # Put the fixed scene point back under the anchor by centring the right point.
        centre = QPointF(vp.width() / 2.0, vp.height() / 2.0)
        self.centerOn(fixed + (centre - anchor) / scale)
        self.zoomChanged.emit(scale)

    def zoom_to_fit(self) -> None:
        """Show the whole map."""
        rect = self.map_scene.map_rect()
        vp = self.viewport().rect()
        if rect.isEmpty() or vp.isEmpty():
            return
        margin = 0.96
        scale = min(vp.width() / rect.width(), vp.height() / rect.height()) * margin
        scale = min(MAX_ZOOM, max(MIN_ZOOM, scale))
        self.setTransform(QTransform.fromScale(scale, scale))
        self.centerOn(rect.center())
        self.zoomChanged.emit(scale)

    def fit_hexes(self, hexes: Iterable[Hex]) -> None:
        """Zoom and scroll so that all of `hexes` are in view (never closer than 1:1)."""
        geom = self.map_scene.terrain.geom
        xs, ys = [], []
        for h in hexes:
            x, y = geom.hex_center(h)
            xs.append(x)
            ys.append(y)
        vp = self.viewport().rect()
        if not xs or vp.isEmpty():
            return
        pad = 1.5 * geom.size
        rect = QRectF(min(xs) - pad, min(ys) - pad,
                      max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
        scale = min(vp.width() / rect.width(), vp.height() / rect.height(), 1.0)
        scale = min(MAX_ZOOM, max(MIN_ZOOM, scale))
        self.setTransform(QTransform.fromScale(scale, scale))
        self.centerOn(rect.center())
        self.zoomChanged.emit(scale)

    def center_on_hex(self, h: Hex) -> None:
        """Scroll so that hex `h` is in the middle of the view."""
        x, y = self.map_scene.terrain.geom.hex_center(h)
        self.centerOn(QPointF(x, y))

    def set_overlay_visible(self, name: str, visible: bool) -> None:
        """Show or hide "grid", "coords", "regions", "problems" or "paths"."""
        self.map_scene.set_overlay_visible(name, visible)

    def visible_scene_rect(self) -> QRectF:
        """The scene rectangle currently shown."""
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def hex_at(self, view_pos: QPointF) -> Hex:
        """The hex under a viewport position (it may be off the map)."""
        p = self._to_scene(view_pos)
        return self.map_scene.terrain.geom.hex_at(p.x(), p.y())

    # --- helpers -----------------------------------------------------------------------

    def _to_scene(self, view_pos: QPointF) -> QPointF:
        # Float-precise inverse of the view transform (mapToScene rounds to whole pixels).
        inv, _ok = self.viewportTransform().inverted()
        return inv.map(QPointF(view_pos))

    def _on_map_replaced(self) -> None:
        self._hover = None
        self.zoom_to_fit()

    def _on_map(self, h: Hex) -> bool:
        return self.document.map.in_bounds(h)

    def _pan_by(self, dx: float, dy: float) -> None:
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + round(dx))
        v.setValue(v.value() + round(dy))

    def _update_hover(self, h: Hex | None, pos: QPointF | None) -> None:
        if h is not None and not self._on_map(h):
            h = None
        if h != self._hover:
            self._hover = h
            self.hexHovered.emit(h)
            if self.tool is not None and hasattr(self.tool, "hover"):
                self.tool.hover(h, pos)

    # --- events ------------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y()
        if delta == 0:
            delta = event.pixelDelta().y()  # trackpads without angle deltas
        if delta == 0:
            return
        self.set_zoom(self.zoom() * WHEEL_STEP ** (delta / 120.0), event.position())
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        button = event.button()
        if button == Qt.MouseButton.MiddleButton or (
            button == Qt.MouseButton.LeftButton and self._space
        ):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if self.tool is not None:
            pos = self._to_scene(event.position())
            self.tool.mouse_press(self.hex_at(event.position()), pos, event)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            now = event.position().toPoint()
            d = now - self._pan_from
            self._pan_from = now
            self._pan_by(-d.x(), -d.y())
            event.accept()
            return
        pos = self._to_scene(event.position())
        h = self.hex_at(event.position())
        self._update_hover(h, pos)
        if self.tool is not None:
            self.tool.mouse_move(h, pos, event)
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None and (
            event.button() in (Qt.MouseButton.MiddleButton, Qt.MouseButton.LeftButton)
        ):
            self._pan_from = None
            self.viewport().setCursor(
                Qt.CursorShape.OpenHandCursor if self._space else Qt.CursorShape.ArrowCursor
            )
            event.accept()
            return
        if self.tool is not None:
            pos = self._to_scene(event.position())
            self.tool.mouse_release(self.hex_at(event.position()), pos, event)
        event.accept()

    def leaveEvent(self, event: Any) -> None:
        self._update_hover(None, None)
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        vp = self.viewport().rect()
        step_x, step_y = vp.width() * ARROW_STEP, vp.height() * ARROW_STEP
        moves = {
            Qt.Key.Key_Left: (-step_x, 0.0),
            Qt.Key.Key_Right: (step_x, 0.0),
            Qt.Key.Key_Up: (0.0, -step_y),
            Qt.Key.Key_Down: (0.0, step_y),
        }
        if key in moves:
            self._pan_by(*moves[key])
            event.accept()
        elif key == Qt.Key.Key_Space:
            if not event.isAutoRepeat():
                self._space = True
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.set_zoom(self.zoom() * WHEEL_STEP)
        elif key == Qt.Key.Key_Minus:
            self.set_zoom(self.zoom() / WHEEL_STEP)
        else:
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            if self._pan_from is None:
                self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        super().keyReleaseEvent(event)

