"""The play tool: in play mode the map view's mouse goes to the game, not to editing."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QT_TRANSLATE_NOOP, QPointF
from PySide6.QtGui import QMouseEvent

from editor.document import MapDocument
from editor.state import ToolState
from editor.tools.base import Tool, is_right
from engine.hexes import Hex


class PlayTarget(Protocol):
    """What the play tool drives: the window's play mode."""

    def click(self, h: Hex) -> None:
        """A left click on hex h."""

    def hover(self, h: Hex | None) -> None:
        """The mouse is over hex h (None: off the map)."""

    def deselect(self) -> None:
        """Drop the selection and any pending map pick."""


class PlayTool(Tool):
    """Left click selects, moves and plans attacks; right click or Esc drops the selection;
    hovering shows paths, costs and odds. It edits nothing: the document is only read."""

    name = "play"
    label = QT_TRANSLATE_NOOP("Tool", "Play")
    status_tip = QT_TRANSLATE_NOOP(
        "Tool", "Play-test: click a unit, then where it goes or what it attacks")

    def __init__(self, document: MapDocument, state: ToolState, target: PlayTarget) -> None:
        super().__init__(document, state)
        self.target = target

    def mouse_press(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        """Left click acts on the hex, right click drops the selection."""
        if is_right(event):
            self.target.deselect()
        else:
            self.target.click(h)

    def hover(self, h: Hex | None, pos: QPointF | None = None) -> None:
        """Show what the hovered hex means for the selected unit."""
        self.target.hover(h)

    def cancel(self) -> bool:
        """Esc drops the selection."""
        self.target.deselect()
        return True
