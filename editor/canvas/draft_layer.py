"""The draft layer: a tool's preview drawn as the result will look, above the objects.

The Path tool's line (curve and clicked points) while it is being drawn, and a floating
stamp's terrain under the mouse, so a designer sees what a click will add, not only which
hexes it touches.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.draft import Draft
from engine.hexes import Hex
from engine.model import GameMap

from . import objects_paint as op
from . import style
from .geometry import GridGeometry

DRAFT_OPACITY = 0.92  # see-through enough to tell the preview from what is on the map
POINT_INK = QColor("#1d4f8c")
# A stamp of more hexes follows the mouse as a picture: drawing tens of thousands of hex
# polygons each move took seconds zoomed out. The picture is at most this many pixels (zoomed
# in further, the stamp is drawn as vectors again, clipped to the view).
PICTURE_FROM_HEXES = 2_000
MAX_PICTURE_PIXELS = 4_000_000
MAX_PICTURE_BLUR = 4  # the picture may have down to a quarter of the screen's resolution
BLOCK_HEXES = 24  # drawn as vectors, a stamp is split into blocks this many hexes wide


@dataclass
class _StampDrawing:
    """A floating stamp's terrain drawn once, placed at Hex(0, 0): its paths by terrain,
    outer border and bounds. Moving the stamp moves the drawing, because a hex's centre is
    linear in its axial coordinates."""

    terrain: tuple[tuple[Hex, int], ...]
    fills: list[tuple[int, QPainterPath, QRectF]]  # terrain, hexes of a block, their box
    border: list[QLineF]
    bounds: QRectF
    image: QImage | None = None  # the drawing rasterised at `image_scale` (large stamps)
    image_scale: float = 0.0


class DraftLayer(QGraphicsItem):
    """Paints the document's draft (see editor.draft.Draft)."""

    def __init__(self, game_map: GameMap, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.draft: Draft | None = None
        self._rect = QRectF()
        self._stamp: _StampDrawing | None = None
        self.set_map(game_map)

    def set_map(self, game_map: GameMap) -> None:
        """Draw drafts on another map."""
        self.map = game_map
        self.geom = GridGeometry.of(game_map)
        self._stamp = None
        self.set_draft(None)

    def _shift(self, at: Hex) -> QPointF:
        """The scene offset of a drawing made at Hex(0, 0) when placed at `at`."""
        x, y = self.geom.hex_center(at)
        x0, y0 = self.geom.hex_center(Hex(0, 0))
        return QPointF(x - x0, y - y0)

    def _stamp_drawing(self, terrain: tuple[tuple[Hex, int], ...]) -> _StampDrawing:
        if self._stamp is None or self._stamp.terrain is not terrain:
            g, s = self.geom, self.geom.size
            # Paths per terrain and block of the stamp, so a view showing part of a large
            # stamp draws only the blocks it shows.
            block = BLOCK_HEXES * g.hex_w
            groups: dict[tuple[int, int, int], list[Hex]] = {}
            for h, t in terrain:
                x, y = g.hex_center(h)
                groups.setdefault((t, int(x // block), int(y // block)), []).append(h)
            fills = []
            bounds = QRectF()
            for (t, _, _), hexes in groups.items():
                fill = op.hex_outline_path(hexes, g)
                fills.append((t, fill, fill.boundingRect()))
                bounds = bounds.united(fills[-1][2])
            grown = bounds.adjusted(-s * 0.2, -s * 0.2, s * 0.2, s * 0.2)  # the border's pen
            self._stamp = _StampDrawing(terrain, fills,
                                        op.footprint_border([h for h, _ in terrain], g), grown)
        return self._stamp

    def _paint_stamp(self, painter: QPainter, drawing: _StampDrawing, shift: QPointF,
                     lod: float, shown: QRectF | None = None) -> None:
        """The stamp's fills and border, the painter at the stamp's place (`shift`); only
        the blocks meeting `shown` (in the stamp's coordinates) when given."""
        # Textures stay anchored to the scene, as on the map below, not to the stamp.
        anchor = QTransform.fromTranslate(-shift.x(), -shift.y())
        brushes = style.terrain_brushes(self.geom.size, self.map.season)
        painter.setOpacity(DRAFT_OPACITY)
        painter.setPen(Qt.PenStyle.NoPen)
        for t, fill, box in drawing.fills:
            if shown is not None and not shown.intersects(box):
                continue
            brush = QBrush(brushes[t])
            brush.setTransform(brush.transform() * anchor)
            painter.setBrush(brush)
            painter.drawPath(fill)
        painter.setOpacity(1.0)
        px = 1.0 / lod if lod > 0 else 1.0
        painter.setPen(QPen(QColor(30, 30, 30, 170), 4.0 * px))
        painter.drawLines(drawing.border)
        painter.setPen(QPen(QColor("white"), 2.0 * px))
        painter.drawLines(drawing.border)

    def _picture(self, drawing: _StampDrawing, device_lod: float) -> QImage | None:
        """A large stamp rasterised at the next power of two at or above the screen's
        resolution (made again when the zoom crosses one); None to draw it as vectors."""
        if len(drawing.terrain) < PICTURE_FROM_HEXES or device_lod <= 0:
            return None
        scale = 2.0 ** math.ceil(math.log2(device_lod))
        box = drawing.bounds
        while True:
            size = QSize(math.ceil(box.width() * scale), math.ceil(box.height() * scale))
            if size.width() * size.height() <= MAX_PICTURE_PIXELS:
                break
            scale /= 2
            if scale * MAX_PICTURE_BLUR < device_lod:
                return None
        if drawing.image is None or drawing.image_scale != scale:
            image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)
            p = QPainter(image)
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            p.scale(scale, scale)
            p.translate(-box.left(), -box.top())
            self._paint_stamp(p, drawing, QPointF(0.0, 0.0), scale)
            p.end()
            drawing.image, drawing.image_scale = image, scale
        return drawing.image

    def set_draft(self, draft: Draft | None) -> None:
        """Show another draft; repaints the old and the new one's rectangle only."""
        old = self._rect
        self.draft = draft
        new = self._bounds(draft)
        if new != self._rect:
            self.prepareGeometryChange()
            self._rect = new
        self.update(old.united(new))

    def _bounds(self, draft: Draft | None) -> QRectF:
        if draft is None:
            return QRectF()
        s = self.geom.size
        r = QRectF()
        if draft.terrain:
            r = self._stamp_drawing(draft.terrain).bounds.translated(self._shift(draft.at))
        if draft.path is not None and draft.path.points:
            curve = op.smooth_path(draft.path.points, s)
            r = r.united(op.path_bounds(curve, draft.path, s))
        return r

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        draft = self.draft
        if draft is None:
            return
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        s = self.geom.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setOpacity(DRAFT_OPACITY)
        if draft.terrain:
            drawing = self._stamp_drawing(draft.terrain)
            shift = self._shift(draft.at)
            painter.save()
            painter.translate(shift)
            device_lod = lod * painter.device().devicePixelRatio()
            picture = self._picture(drawing, device_lod)
            if picture is not None:
                painter.setOpacity(1.0)  # the picture holds its own opacities
                painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
                painter.drawImage(drawing.bounds, picture)
            else:
                shown = option.exposedRect.translated(-shift) if option is not None else None
                self._paint_stamp(painter, drawing, shift, lod, shown)
            painter.restore()
            painter.setOpacity(DRAFT_OPACITY)
        path = draft.path
        if path is not None and path.points:
            if len(path.points) > 1:
                curve = op.smooth_path(path.points, s)
                op.paint_map_path(painter, path, [(curve, op.path_decoration(path, curve, s))],
                                  s, lod)
            painter.setOpacity(1.0)
            px = 1.0 / lod if lod > 0 else 1.0
            painter.setPen(QPen(QColor("white"), 1.5 * px))
            painter.setBrush(POINT_INK)
            for x, y in path.points[:-1] if len(path.points) > 1 else path.points:
                painter.drawEllipse(QPointF(x * s, y * s), 4 * px, 4 * px)
        painter.setOpacity(1.0)
