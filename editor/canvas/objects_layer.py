"""The objects layer: one QGraphicsItem drawing paths, forts, start markers and labels.

Each object's drawn rectangle and a signature of its data are kept; on objectsChanged or a
selection change only the rectangles of objects that appeared, vanished or changed are
repainted. Painting visits only objects whose rectangle meets the exposed rectangle.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from engine.model import GameMap

from . import objects_paint as op
from .geometry import GridGeometry
from .road_cover import RoadCover

ORDER = {"path": 0, "fort": 1, "marker": 2, "label": 3}
# Rivers lie under trenches, roads and rails: a road drawn before a river must still show
# its bridge where the two cross instead of vanishing under the water.
PATH_ORDER = {"river": 0, "trench": 1, "road": 2, "rail": 3}


@dataclass
class _Entry:
    kind: str
    obj: object
    bounds: QRectF
    shape: object  # curve (path), text outline (label) or FortShape
    signature: tuple


class ObjectsLayer(QGraphicsItem):
    """Paths, forts, start markers and labels of a map."""

    def __init__(self, game_map: GameMap, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.show_paths = True
        self.selected: object | None = None
        self._entries: list[_Entry] = []
        self._bounds = QRectF()
        self.roads: RoadCover | None = None  # shared with the terrain layer by the scene
        self.set_map(game_map)

    def set_map(self, game_map: GameMap) -> None:
        """Show another map."""
        self.map = game_map
        self.geom = GridGeometry.of(game_map)
        self._entries = []
        self.sync()
        self.update()

    def set_paths_visible(self, visible: bool) -> None:
        """Show or hide the drawn paths (rivers, roads, trenches, rails)."""
        self.show_paths = visible
        for e in self._entries:
            if e.kind == "path":
                self.update(e.bounds)

    def terrain_changed(self, indices: list[int] | None) -> None:
        """Repaint the bridge decks of drawn roads over hexes whose terrain changed."""
        if self.roads is None or not self.roads.spots:
            return
        if indices is None:
            self.update()
            return
        s = self.geom.size
        for i in indices:
            spot = self.roads.spots.get(i)
            if spot is not None:
                self.update(QRectF(spot.x * s - s, spot.y * s - s, 2 * s, 2 * s))

    def set_selected(self, obj: object | None) -> None:
        """Highlight this object (identity), repainting old and new highlight only."""
        if obj is self.selected:
            return
        self.selected = obj
        self.sync()

    def _build(self) -> list[_Entry]:
        m, g = self.map, self.geom
        s = g.size
        out: list[_Entry] = []
        # Unchanged objects keep their computed shapes (curves, fort traces, text outlines).
        known = {(e.signature[0], e.signature[1]): e for e in self._entries}

        def reuse(kind: str, obj: object) -> _Entry | None:
            e = known.get((kind, repr(obj)))
            if e is None:
                return None
            return _Entry(kind, obj, e.bounds, e.shape, (kind, repr(obj), obj is self.selected))

        for mp in sorted(m.paths, key=lambda p: PATH_ORDER.get(p.kind, len(PATH_ORDER))):
            if (e := reuse("path", mp)) is not None:
                out.append(e)
                continue
            pieces = op.path_pieces(mp, s)
            bounds = QRectF()
            for piece in pieces:
                bounds = bounds.united(piece.bounds)
            out.append(_Entry("path", mp, bounds, pieces,
                              ("path", repr(mp), mp is self.selected)))
        for fort in m.forts:
            if (e := reuse("fort", fort)) is not None:
                out.append(e)
                continue
            out.append(_Entry("fort", fort, op.fort_bounds(fort, g), op.fort_shape(fort, g),
                              ("fort", repr(fort), fort is self.selected)))
        for marker in m.start_markers:
            out.append(_Entry("marker", marker, op.marker_bounds(marker, g), None,
                              ("marker", repr(marker), marker is self.selected)))
        for label in m.labels:
            if (e := reuse("label", label)) is not None:
                out.append(e)
                continue
            text = op.label_path(label, s)
            out.append(_Entry("label", label, op.label_bounds(label, text, s), text,
                              ("label", repr(label), label is self.selected)))
        out.sort(key=lambda e: ORDER[e.kind])
        return out

    def sync(self) -> list[QRectF]:
        """Re-read the map's objects; repaint what changed. Returns the repainted rectangles."""
        new = self._build()
        old_sigs = {e.signature: e for e in self._entries}
        new_sigs = {e.signature for e in new}
        dirty = [e.bounds for e in self._entries if e.signature not in new_sigs]
        dirty += [e.bounds for e in new if e.signature not in old_sigs]
        left, top, right, bottom = self.geom.scene_bounds()
        bounds = QRectF(left, top, right - left, bottom - top)
        for e in new:
            bounds = bounds.united(e.bounds)
        if bounds != self._bounds:
            self.prepareGeometryChange()
            self._bounds = bounds
        self._entries = new
        for r in dirty:
            self.update(r)
        return dirty

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        exposed = option.exposedRect
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        g = self.geom
        s = g.size
        left, top, right, bottom = g.scene_bounds()
        map_rect = QRectF(left, top, right - left, bottom - top)
        for e in self._entries:
            if not e.bounds.intersects(exposed):
                continue
            sel = e.obj is self.selected
            if e.kind == "path":
                if self.show_paths:
                    # Paths stop at the map's edge, as on a printed sheet.
                    painter.save()
                    painter.setClipRect(map_rect, Qt.ClipOperation.IntersectClip)
                    visible = [(p.curve, p.decoration) for p in e.shape  # type: ignore
                               if p.bounds.intersects(exposed)]
                    if self.roads is not None:
                        decks = self.roads.bridges_of(self.map, e.obj.id)  # type: ignore
                        op.paint_bridge_decks(painter, decks, s, lod)
                    op.paint_map_path(painter, e.obj, visible, s, lod, sel)  # type: ignore
                    painter.restore()
            elif e.kind == "fort":
                op.paint_fort(painter, e.obj, g, lod, sel, e.shape)  # type: ignore[arg-type]
            elif e.kind == "marker":
                op.paint_marker(painter, e.obj, g, lod, sel)  # type: ignore[arg-type]
            else:
                op.paint_label(painter, e.obj, e.shape, s, lod, sel)  # type: ignore[arg-type]
