"""Region tool: paint hexes into a named region (right button removes them)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QPointF, Qt
from PySide6.QtGui import QMouseEvent

from editor import grid
from editor.document import MapDocument
from editor.state import ToolState
from editor.tools.base import StrokeTool
from engine.hexes import Hex


class RegionTool(StrokeTool):
    """Paint the chosen region with the brush size; right-drag removes hexes from it."""

    name = "region"
    label = QT_TRANSLATE_NOOP("Tool", "Region")
    shortcut = "G"
    status_tip = QT_TRANSLATE_NOOP("Tool", "Paint named regions (right button removes)")

    def __init__(self, document: MapDocument, state: ToolState) -> None:
        super().__init__(document, state)
        self.add = True

    def mouse_press(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        if event is not None and event.button() not in (
            Qt.MouseButton.LeftButton,
            Qt.MouseButton.RightButton,
        ):
            return
        self.add = event is None or event.button() == Qt.MouseButton.LeftButton
        self.begin_stroke(grid.brush_hexes(h, self.state.brush_radius), h)

    def paint(self, hexes: list[Hex]) -> None:
        self.document.paint_region(self.state.region_id, hexes, self.add, self.stroke)
