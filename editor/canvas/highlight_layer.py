"""Hex highlights on top of everything: the document's overlay_hexes and its selection.

Repaints only the rectangle covering hexes that entered or left a highlight.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from engine.hexes import Hex
from engine.model import GameMap

from .geometry import GridGeometry
from .objects_paint import paint_highlight

DRAW_ORDER = ("selection", "capture", "problems", "preview")


class HighlightLayer(QGraphicsItem):
    """Named hex sets tinted and outlined: preview, capture, problems, selection."""

    def __init__(self, game_map: GameMap, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.hidden: set[str] = set()
        self._sets: dict[str, frozenset[Hex]] = {}
        # Per highlight: (the set, [(x, y, hex)]) so painting filters by position cheaply.
        self._centres: dict[str, tuple[frozenset[Hex], list[tuple[float, float, Hex]]]] = {}
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
        self._centres = {}
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

    def set_sets(self, sets: dict[str, set[Hex]]) -> None:
        """Replace the highlighted hex sets; repaints only hexes that changed."""
        new = {k: frozenset(v) for k, v in sets.items() if v}
        # Keep the old frozenset object when unchanged, so cached centres stay valid.
        new = {k: self._sets[k] if self._sets.get(k) == v else v for k, v in new.items()}
        changed: set[Hex] = set()
        for name in set(new) | set(self._sets):
            a, b = self._sets.get(name, frozenset()), new.get(name, frozenset())
            if a != b:
                changed |= a ^ b
        for name, hexes in new.items():
            if self._centres.get(name, (None,))[0] is not hexes:
                g = self.geom
                self._centres[name] = (hexes, [(*g.hex_center(h), h) for h in hexes])
        for name in set(self._centres) - set(new):
            del self._centres[name]
        self._sets = new
        if changed:
            self.update(self._rect_of(changed))

    def _rect_of(self, hexes: frozenset[Hex] | set[Hex]) -> QRectF:
        g = self.geom
        xs, ys = zip(*(g.hex_center(h) for h in hexes), strict=True)
        pad = g.size * 1.3
        return QRectF(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                      max(ys) - min(ys) + 2 * pad)

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
        x0, y0 = exposed.left() - pad, exposed.top() - pad
        x1, y1 = exposed.right() + pad, exposed.bottom() + pad
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for name in DRAW_ORDER + tuple(n for n in self._sets if n not in DRAW_ORDER):
            hexes = self._sets.get(name)
            if not hexes or name in self.hidden:
                continue
            visible = [h for x, y, h in self._centres[name][1]
                       if x0 <= x <= x1 and y0 <= y <= y1]
            paint_highlight(painter, name, visible, g, lod, hexes)
