"""Hex highlights on top of everything: the document's overlay_hexes and its selection.

Every highlight is held as a `HexSet` (runs per row), so a whole-map selection costs a run a
row rather than a million tuples. Painting intersects the set with the exposed rectangle run
by run; when that leaves more hexes than are worth drawing one by one (a big selection seen
from far out), the runs are tinted as strips and only the border hexes get outlined.
Repaints only the rectangle covering hexes that entered or left a highlight.
"""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from engine.geometry import rect_hexset
from engine.hexes import DIRECTIONS, Hex
from engine.hexset import HexSet
from engine.model import GameMap

from .geometry import GridGeometry
from .objects_paint import paint_highlight

DRAW_ORDER = ("selection", "capture", "problems", "preview")
# Above this many exposed hexes a highlight is tinted run by run, not hex by hex.
HEX_BY_HEX_LIMIT = 20_000


class HighlightLayer(QGraphicsItem):
    """Named hex sets tinted and outlined: preview, capture, problems, selection."""

    def __init__(self, game_map: GameMap, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.hidden: set[str] = set()
        self._sets: dict[str, HexSet] = {}
        self._borders: dict[str, HexSet] = {}  # per highlight, its hexes next to a non-member
        self.set_map(game_map)

    def set_map(self, game_map: GameMap) -> None:
        """Show highlights on another map."""
        self.prepareGeometryChange()
        self.geom = GridGeometry.of(game_map)
        left, top, right, bottom = self.geom.scene_bounds()
        pad = self.geom.size
        self._bounds = QRectF(left - pad, top - pad, right - left + 2 * pad,
                              bottom - top + 2 * pad)
        self._sets = {}
        self._borders = {}
        self.update()

    def set_hidden(self, name: str, hidden: bool) -> None:
        """Hide or show one named highlight."""
        if hidden:
            self.hidden.add(name)
        else:
            self.hidden.discard(name)
        hexes = self._sets.get(name)
        if hexes:
            self.update(self._rect_of(hexes))

    def set_sets(self, sets: dict[str, Collection[Hex]]) -> None:
        """Replace the highlighted hex sets; repaints only hexes that changed."""
        new: dict[str, HexSet] = {}
        for name, hexes in sets.items():
            if not hexes:
                continue
            old = self._sets.get(name)
            if old is not None and old == hexes:
                new[name] = old  # unchanged: keep it (and its border)
            else:
                new[name] = hexes.copy() if isinstance(hexes, HexSet) else HexSet(hexes)
        changed = HexSet()
        for name in set(new) | set(self._sets):
            a, b = self._sets.get(name, HexSet()), new.get(name, HexSet())
            if a is not b:
                changed |= a ^ b
        self._borders = {k: v for k, v in self._borders.items() if self._sets.get(k) is new.get(k)}
        self._sets = new
        if changed:
            self.update(self._rect_of(changed))

    def _rect_of(self, hexes: HexSet) -> QRectF:
        # Pixel coordinates are linear in (q, r): the ends of the runs hold the extremes.
        g = self.geom
        xs: list[float] = []
        ys: list[float] = []
        for r, first, last in hexes.runs():
            for q in (first, last):
                x, y = g.hex_center(Hex(q, r))
                xs.append(x)
                ys.append(y)
        pad = g.size * 1.3
        return QRectF(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                      max(ys) - min(ys) + 2 * pad)

    def _border(self, name: str) -> HexSet:
        border = self._borders.get(name)
        if border is None:
            border = self._borders[name] = self._sets[name].border(DIRECTIONS)
        return border

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self._sets:
            return
        exposed = option.exposedRect
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        g = self.geom
        pad = g.size
        window = window_hexes(g, *g.offset_range(exposed.left() - pad, exposed.top() - pad,
                                                 exposed.right() + pad, exposed.bottom() + pad))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for name in DRAW_ORDER + tuple(n for n in self._sets if n not in DRAW_ORDER):
            hexes = self._sets.get(name)
            if not hexes or name in self.hidden:
                continue
            visible = hexes & window
            if len(visible) <= HEX_BY_HEX_LIMIT:
                paint_highlight(painter, name, list(visible), g, lod, hexes)
            else:
                paint_highlight(painter, name, list(self._border(name) & window), g, lod, hexes,
                                runs=list(visible.runs()))


def window_hexes(g: GridGeometry, c0: int, c1: int, r0: int, r1: int) -> HexSet:
    """The map hexes of the offset rectangle cols c0..c1, rows r0..r1 (inclusive), as runs."""
    return rect_hexset(g.orientation, g.parity, c0, c1, r0, r1)  # type: ignore[arg-type]
