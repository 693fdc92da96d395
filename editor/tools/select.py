"""Selection tool: rectangle or magic wand; Alt+drag a selection to move it; paste stamps.

A plain drag always starts a new selection, as in Tiled's Rectangular Select (where moving
tiles is its own explicit action): a drag meant to draw a rectangle must never move content,
even when the press lands inside an existing (say, whole-map) selection. Moving is asked for
with Alt held on a selected hex."""

from __future__ import annotations

import math

from PySide6.QtCore import QT_TRANSLATE_NOOP, QPointF
from PySide6.QtGui import QMouseEvent
from shapely.geometry import LineString, Point

from editor import grid
from editor.commands import Stamp
from editor.document import MapDocument
from editor.draft import Draft
from editor.state import ToolState
from editor.tools.base import Tool, alt_held, ctrl_held, left_down, shift_held
from engine.hexes import Hex
from engine.hexset import HexSet
from engine.model import GameMap


def object_at(game_map: GameMap, h: Hex, at: tuple[float, float]) -> object | None:
    """What a click selects: a fort, else a start marker on the hex, else a label anchored
    within half a hex, else a path passing within reach of the click (hex units)."""
    fort = game_map.fort_at().get(h)
    if fort is not None:
        return fort
    marker = next((m for m in game_map.start_markers if m.hex == h), None)
    if marker is not None:
        return marker
    label = min(game_map.labels, key=lambda lab: math.dist(lab.at, at), default=None)
    if label is not None and math.dist(label.at, at) <= 0.5:
        return label
    click = Point(at)
    best, best_d = None, math.inf
    for path in game_map.paths:
        if len(path.points) < 2:
            continue
        d = LineString(path.points).distance(click)
        if d <= max(path.width / 2, 0.15) + 0.1 and d < best_d:
            best, best_d = path, d
    return best


class SelectTool(Tool):
    """Drag a rectangle (or click with the wand) to select; Shift adds, Ctrl removes.
    Alt+dragging from a selected hex moves its content. While a stamp is floating (after
    Paste), clicking pastes it there."""

    name = "select"
    label = QT_TRANSLATE_NOOP("Tool", "Select")
    shortcut = "S"
    status_tip = QT_TRANSLATE_NOOP(
        "Tool", "Select hexes (rectangle or wand); Alt+drag a selection to move it")

    def __init__(self, document: MapDocument, state: ToolState) -> None:
        super().__init__(document, state)
        self.start: Hex | None = None
        self.moving = False
        self.base: HexSet = HexSet()
        self.mode = "replace"
        self.floating: Stamp | None = None
        self.hover_hex: Hex | None = None

    def start_paste(self, stamp: Stamp) -> None:
        """Let the stamp follow the mouse until a click pastes it."""
        self.floating = stamp

    def turn_floating(self, kind: str) -> bool:
        """Rotate or mirror the floating stamp before it is placed (Tiled's X/Y/Z while a
        stamp is under the mouse). Returns whether a stamp was floating."""
        if self.floating is None:
            return False
        self.floating = self.floating.turned(kind)
        self.hover(self.hover_hex)
        return True

    def _show_floating(self, h: Hex | None) -> None:
        stamp = self.floating
        doc = self.document
        if stamp is None or h is None:
            doc.set_overlay("preview", None)
            doc.set_draft(None)
            return
        # The draft layer draws the stamp's terrain and outline; no white tint over it.
        doc.set_overlay("preview", None)
        doc.set_draft(Draft(terrain=stamp.pairs, at=h))

    def _area(self, a: Hex, b: Hex) -> HexSet:
        m = self.document.map
        if self.state.wand and self.document.map.in_bounds(b):
            return grid.indices_hexset(m, grid.flood_indices(m, m.index(b)))
        return grid.rect_hexset(m, a, b)

    def _combine(self, area: HexSet) -> HexSet:
        if self.mode == "add":
            return self.base | area
        if self.mode == "remove":
            return self.base - area
        return area

    def mouse_press(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        if not left_down(event):
            return
        doc = self.document
        if self.floating is not None:
            doc.paste_stamp(self.floating, h)
            self.floating = None
            self._show_floating(None)
            return
        if alt_held(event) and h in doc.selection:
            self.moving = True
            self.start = h
            return
        self.mode = "add" if shift_held(event) else "remove" if ctrl_held(event) else "replace"
        self.base = doc.selection.copy()
        self.start = h
        doc.set_selection(self._combine(self._area(h, h)))
        doc.select_object(object_at(doc.map, h, self.hex_units(pos)))

    def mouse_move(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        doc = self.document
        if self.start is None:
            self.hover(h, pos)
            return
        if self.moving:
            delta = h - self.start
            doc.set_overlay("preview", doc.selection.shifted(delta.q, delta.r))
        elif not self.state.wand:
            doc.set_selection(self._combine(self._area(self.start, h)))

    def mouse_release(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        start, moving = self.start, self.moving
        self.start, self.moving = None, False
        self.document.set_overlay("preview", None)
        if moving and start is not None and h != start:
            self.document.move_selection(h - start)

    def hover(self, h: Hex | None, pos: QPointF | None = None) -> None:
        if self.floating is not None:
            self.hover_hex = h
            self._show_floating(h)

    def cancel(self) -> bool:
        was = self.floating is not None or self.start is not None
        self.floating = None
        self.start, self.moving = None, False
        self._show_floating(None)
        if not was and self.document.selection:
            self.document.set_selection(())
            return True
        return was
