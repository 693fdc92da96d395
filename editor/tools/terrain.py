"""Terrain tools: brush (with line), eraser, flood fill, rectangle fill, eyedropper."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QPointF
from PySide6.QtGui import QMouseEvent

from editor import grid
from editor.document import MapDocument
from editor.state import ToolState
from editor.tools.base import StrokeTool, Tool, alt_held, left_down, shift_held
from engine.hexes import Hex


class BrushTool(StrokeTool):
    """Paint the current terrain with a round brush; Shift-click draws a straight line from
    the last painted hex, Alt-click picks the terrain under the cursor. A whole drag is one
    undo step."""

    name = "brush"
    label = QT_TRANSLATE_NOOP("Tool", "Terrain brush")
    shortcut = "B"
    status_tip = QT_TRANSLATE_NOOP(
        "Tool", "Paint terrain; drag for a stroke, Shift+click for a straight line")
    verb = "Paint"

    def terrain(self) -> str:
        """The terrain this tool paints."""
        return self.state.terrain

    def paint(self, hexes: list[Hex]) -> None:
        self.document.paint_terrain(hexes, self.terrain(), self.stroke, self.verb)

    def mouse_press(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        if not left_down(event):
            return
        if alt_held(event) and self.document.map.in_bounds(h):
            self.state.set(terrain=self.document.map.terrain_at(h))  # eyedropper shortcut
            return
        r = self.state.brush_radius
        if shift_held(event) and self.last is not None:
            self.begin_stroke(grid.stroke_hexes(self.last, h, r), h)
        else:
            self.begin_stroke(grid.brush_hexes(h, r), h)


class EraserTool(BrushTool):
    """Paint meadow (the default terrain)."""

    name = "eraser"
    label = QT_TRANSLATE_NOOP("Tool", "Eraser")
    shortcut = "E"
    status_tip = QT_TRANSLATE_NOOP("Tool", "Erase terrain back to meadow")
    verb = "Erase"

    def terrain(self) -> str:
        return "meadow"

    def paint(self, hexes: list[Hex]) -> None:
        self.document.erase_terrain(hexes, self.stroke)


class FillTool(Tool):
    """Flood-fill the connected area of one terrain with the current terrain."""

    name = "fill"
    label = QT_TRANSLATE_NOOP("Tool", "Flood fill")
    shortcut = "F"
    status_tip = QT_TRANSLATE_NOOP("Tool", "Fill the connected area of the clicked terrain")

    def mouse_press(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        if left_down(event):
            self.document.fill_terrain(h, self.state.terrain)


class RectTool(Tool):
    """Drag a rectangle (in offset rows and columns) and fill it with the current terrain."""

    name = "rect"
    label = QT_TRANSLATE_NOOP("Tool", "Rectangle fill")
    shortcut = "R"
    status_tip = QT_TRANSLATE_NOOP("Tool", "Drag a rectangle to fill it")

    def __init__(self, document: MapDocument, state: ToolState) -> None:
        super().__init__(document, state)
        self.start: Hex | None = None

    def _preview(self, h: Hex) -> None:
        m = self.document.map
        if self.start is None:
            self.document.set_overlay("preview", [h])
            return
        self.document.set_overlay(
            "preview", grid.rect_hexset(m, self.start, h)
        )

    def mouse_press(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        if left_down(event):
            self.start = h
            self._preview(h)

    def mouse_move(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        self._preview(h)

    def mouse_release(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        if self.start is not None:
            self.document.fill_rectangle(self.start, h, self.state.terrain)
        self.start = None
        self.document.set_overlay("preview", None)

    def hover(self, h: Hex | None, pos: QPointF | None = None) -> None:
        self.document.set_overlay("preview", [h] if h is not None else None)

    def cancel(self) -> bool:
        was = self.start is not None
        self.start = None
        self.document.set_overlay("preview", None)
        return was


class EyedropperTool(Tool):
    """Pick the terrain under the cursor as the current terrain."""

    name = "eyedropper"
    label = QT_TRANSLATE_NOOP("Tool", "Eyedropper")
    shortcut = "I"
    status_tip = QT_TRANSLATE_NOOP("Tool", "Pick the terrain of a hex")

    def mouse_press(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        if left_down(event) and self.document.map.in_bounds(h):
            self.state.set(terrain=self.document.map.terrain_at(h))
