"""Path tool: click points of a road, river, trench or rail; double-click or Enter finishes."""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QPointF
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from editor.commands import covered_hexes
from editor.document import MapDocument
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
KIND_WIDTH: dict[str, float] = {"road": 0.35, "river": 0.6, "trench": 0.4, "rail": 0.3}


class PathTool(Tool):
    """Build a polyline point by point; the hexes it will cover are previewed live."""

    name = "path"
    label = "Path"
    shortcut = "P"
    status_tip = "Click points; double-click or Enter finishes, Esc cancels"

    def __init__(self, document: MapDocument, state: ToolState) -> None:
        super().__init__(document, state)
        self.points: list[tuple[float, float]] = []
        self._last_click = (0.0, None)

    def _draft(self, extra: tuple[float, float] | None = None) -> MapPath:
        kind = self.state.path_kind
        pts = [*self.points, extra] if extra else list(self.points)
        return MapPath("draft", kind, pts, KIND_TERRAIN[kind], KIND_WIDTH[kind])

    def _preview(self, extra: tuple[float, float] | None = None) -> None:
        draft = self._draft(extra)
        hexes = covered_hexes(self.document.map, draft) if draft.points else []
        self.document.set_overlay("preview", hexes or None)

    def mouse_press(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        if not left_down(event):
            return
        now = time.monotonic()
        interval = QApplication.doubleClickInterval() / 1000
        double = event is not None and event.type() == QEvent.Type.MouseButtonDblClick
        if double or (now - self._last_click[0] < interval and self._last_click[1] == h):
            self.finish()
            self._last_click = (0.0, None)
            return
        self._last_click = (now, h)
        self.points.append(self.hex_units(pos))
        self._preview()

    def hover(self, h: Hex | None, pos: QPointF | None = None) -> None:
        if self.points and pos is not None:
            self._preview(self.hex_units(pos))

    def mouse_move(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        self.hover(h, pos)

    def finish(self) -> bool:
        """Add the path (at least two points) and write its terrain into covered hexes."""
        points, self.points = self.points, []
        self.document.set_overlay("preview", None)
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
        return was

    def deactivate(self) -> None:
        self.points = []
        super().deactivate()
