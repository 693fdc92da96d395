"""Base class of the tools: activate/deactivate and hex-level mouse handlers."""

from __future__ import annotations

from abc import ABC, abstractmethod

from PySide6.QtCore import QT_TRANSLATE_NOOP, QPointF, Qt
from PySide6.QtGui import QMouseEvent

from editor import grid
from editor.document import MapDocument
from editor.state import ToolState
from engine.hexes import Hex


def left_down(event: QMouseEvent | None) -> bool:
    """Whether the left button is held during a move (or was the pressed button)."""
    if event is None:
        return False
    return bool(event.buttons() & Qt.MouseButton.LeftButton) or (
        event.button() == Qt.MouseButton.LeftButton
    )


def is_right(event: QMouseEvent | None) -> bool:
    """Whether the event is about the right button."""
    return event is not None and event.button() == Qt.MouseButton.RightButton


def shift_held(event: QMouseEvent | None) -> bool:
    """Whether Shift is held."""
    return event is not None and bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)


def alt_held(event: QMouseEvent | None) -> bool:
    """Whether Alt is held."""
    return event is not None and bool(event.modifiers() & Qt.KeyboardModifier.AltModifier)


def ctrl_held(event: QMouseEvent | None) -> bool:
    """Whether Ctrl (Cmd on macOS) is held."""
    return event is not None and bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)


class Tool:
    """A tool: receives mouse events translated to hexes and asks the document to change.

    The window keeps one document for its lifetime (File > Open/New replace its map), so
    a tool keeps its document reference."""

    name = "tool"
    label = QT_TRANSLATE_NOOP("Tool", "Tool")
    # A rules term (engine.i18n.RULE_WORDS key) naming the tool: shown in the rulebook's word.
    rule_key: str | None = None
    shortcut = ""
    status_tip = ""

    def __init__(self, document: MapDocument, state: ToolState) -> None:
        self.document = document
        self.state = state
        self.active = False

    def activate(self) -> None:
        """Called when the tool becomes the current tool."""
        self.active = True

    def deactivate(self) -> None:
        """Called when another tool takes over: clear previews and half-done gestures."""
        self.active = False
        self.document.set_overlay("preview", None)
        self.document.set_draft(None)

    def mouse_press(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        """A button went down over hex h."""

    def mouse_move(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        """The mouse moved over hex h with a button held."""

    def mouse_release(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        """The button went up over hex h."""

    def hover(self, h: Hex | None, pos: QPointF | None = None) -> None:
        """The mouse moved without a button (h is None off the map)."""

    def finish(self) -> bool:
        """Enter pressed: complete a multi-click gesture. Returns whether it did anything."""
        return False

    def cancel(self) -> bool:
        """Escape pressed: drop a half-done gesture. Returns whether it did anything."""
        return False

    def hex_units(self, pos: QPointF) -> tuple[float, float]:
        """A scene position in hex units (what paths and labels store)."""
        size = self.document.map.layout.hex_size
        return (round(pos.x() / size, 3), round(pos.y() / size, 3))


class StrokeTool(Tool, ABC):
    """A tool painting with the round brush: a press starts a stroke, a drag continues it
    along the hexes between mouse positions, and the whole stroke is one undo step.
    Subclasses say what painting a list of hexes means (`paint`)."""

    def __init__(self, document: MapDocument, state: ToolState) -> None:
        super().__init__(document, state)
        self.stroke: int | None = None
        self.last: Hex | None = None

    @abstractmethod
    def paint(self, hexes: list[Hex]) -> None:
        """Apply the tool to these hexes as part of the current stroke."""

    def begin_stroke(self, hexes: list[Hex], at: Hex) -> None:
        """Start a new stroke (a new undo step) by painting `hexes`; `at` is the cursor hex."""
        self.stroke = self.document.new_stroke_id()
        self.paint(hexes)
        self.last = at

    def mouse_move(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        if self.stroke is not None and h != self.last:
            self.paint(grid.stroke_hexes(self.last or h, h, self.state.brush_radius))
            self.last = h
        self.hover(h, pos)

    def mouse_release(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        self.stroke = None

    def hover(self, h: Hex | None, pos: QPointF | None = None) -> None:
        self.document.set_overlay(
            "preview", grid.brush_hexes(h, self.state.brush_radius) if h is not None else None
        )

    def deactivate(self) -> None:
        self.stroke = None
        super().deactivate()
