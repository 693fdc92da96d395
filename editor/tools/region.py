"""Region tool: paint hexes into a named region (right button removes them)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent

from editor import grid
from editor.document import MapDocument
from editor.state import ToolState
from editor.tools.base import Tool
from engine.hexes import Hex


class RegionTool(Tool):
    """Paint the chosen region with the brush size; right-drag removes hexes from it."""

    name = "region"
    label = "Region"
    shortcut = "G"
    status_tip = "Paint named regions (right button removes)"

    def __init__(self, document: MapDocument, state: ToolState) -> None:
        super().__init__(document, state)
        self.stroke: int | None = None
        self.add = True
        self.last: Hex | None = None

    def mouse_press(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        if event is not None and event.button() not in (
            Qt.MouseButton.LeftButton,
            Qt.MouseButton.RightButton,
        ):
            return
        self.add = event is None or event.button() == Qt.MouseButton.LeftButton
        self.stroke = self.document.new_stroke_id()
        self.last = h
        self._paint(grid.brush_hexes(h, self.state.brush_radius))

    def _paint(self, hexes: list[Hex]) -> None:
        self.document.paint_region(self.state.region_id, hexes, self.add, self.stroke)

    def mouse_move(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        if self.stroke is not None and h != self.last:
            self._paint(grid.stroke_hexes(self.last or h, h, self.state.brush_radius))
            self.last = h
        self.hover(h, pos)

    def mouse_release(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        self.stroke = None

    def hover(self, h: Hex | None, pos: QPointF | None = None) -> None:
        self.document.set_overlay(
            "preview", grid.brush_hexes(h, self.state.brush_radius) if h is not None else None
        )
