"""Path tool: click points of a road, river, trench or rail; double-click or Enter finishes."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QPointF
from PySide6.QtGui import QMouseEvent

from editor.commands import covered_hexes
from editor.document import MapDocument
from editor.draft import Draft
from editor.state import ToolState
from editor.tools.base import Tool, left_down
from engine.hexes import Hex
from engine.model import MapPath

# The terrain each kind of path writes into the hexes it covers, and its drawing width.
KIND_TERRAIN: dict[str, str | None] = {
    "road": "road",
    "river": "water",
    "trench": "trench",
    "rail": None,
}
# Widths as in the default map; at the usual 0.25 coverage a road through hex centres must be
# wider than 0.375 hex units to count for the hexes it crosses.
KIND_WIDTH: dict[str, float] = {"road": 0.45, "river": 0.7, "trench": 0.45, "rail": 0.25}


class PathTool(Tool):
    """Build a polyline point by point; the hexes it will cover are previewed live."""

    name = "path"
    label = QT_TRANSLATE_NOOP("Tool", "Path")
    shortcut = "P"
    status_tip = QT_TRANSLATE_NOOP(
        "Tool", "Click points; double-click or Enter finishes, Esc cancels")

    def __init__(self, document: MapDocument, state: ToolState) -> None:
        super().__init__(document, state)
        self.points: list[tuple[float, float]] = []

    def _draft(self, extra: tuple[float, float] | None = None) -> MapPath:
        kind = self.state.path_kind
        pts = [*self.points, extra] if extra else list(self.points)
        return MapPath("draft", kind, pts, KIND_TERRAIN[kind], KIND_WIDTH[kind])

    def _preview(self, extra: tuple[float, float] | None = None) -> None:
        draft = self._draft(extra)
        hexes = covered_hexes(self.document.map, draft) if draft.points else []
        self.document.set_overlay("preview", hexes or None)
        self.document.set_draft(Draft(path=draft) if draft.points else None)

    def mouse_press(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        if not left_down(event):
            return
        if event is not None and event.type() == QEvent.Type.MouseButtonDblClick:
            self.finish()
            return
        self.points.append(self.hex_units(pos))
        self._preview()

    def hover(self, h: Hex | None, pos: QPointF | None = None) -> None:
        if self.points and pos is not None:
            self._preview(self.hex_units(pos))

    def mouse_move(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        self.hover(h, pos)

    def finish(self) -> bool:
        """Add the path (at least two points) and write its terrain into covered hexes."""
        points: list[tuple[float, float]] = []
        for p in self.points:
            if not points or points[-1] != p:
                points.append(p)
        self.points = []
        self.document.set_overlay("preview", None)
        self.document.set_draft(None)
        if len(points) < 2:
            return False
        kind = self.state.path_kind
        taken = {p.id for p in self.document.map.paths}
        n = 1
        while f"{kind}_{n}" in taken:
            n += 1
        path = MapPath(f"{kind}_{n}", kind, points, KIND_TERRAIN[kind], KIND_WIDTH[kind])
        self.document.add_path(path, apply_terrain=True)
        return True

    def cancel(self) -> bool:
        was = bool(self.points)
        self.points = []
        self.document.set_overlay("preview", None)
        self.document.set_draft(None)
        return was

    def deactivate(self) -> None:
        self.points = []
        self.document.set_overlay("preview", None)
        self.document.set_draft(None)
        super().deactivate()
