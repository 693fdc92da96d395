"""The terrain layer: one QGraphicsItem painting only the exposed rectangle from chunk images.

Levels of detail, by how many screen pixels a hex gets:
- zoomed in past 1:1: painted directly as vectors (few hexes are visible, caching would need
  huge images);
- 1:1 down to 1/8: cached chunk images at scale 1, 1/2, 1/4 or 1/8;
- below OVERVIEW_HEX_PX per hex: one mosaic image of the whole map.
Chunks missing from the cache are built within a time budget per frame; the rest show the
mosaic until follow-up repaints build them, a few per frame.
"""

from __future__ import annotations

import math
import time
from collections.abc import Collection

import numpy as np
import shiboken6
from PySide6.QtCore import QRectF, QTimer
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.region_masks import RegionMasks
from engine.geometry import index_mask
from engine.hexes import Hex
from engine.model import GameMap

from . import style
from .chunks import MAX_LEVEL, ChunkCache, ChunkGrid
from .geometry import GridGeometry
from .overview import OverviewImage
from .road_cover import RoadCover
from .terrain_paint import HexShapes, TerrainStyle, paint_terrain

OVERVIEW_HEX_PX = 5.0  # below this many screen pixels per hex width the mosaic is drawn
# Chunk building per frame: a chunk is built only when the time it is expected to take still
# fits. A frame is to take <= 33 ms: this, a build taking up to twice as long as expected
# (a chunk of roads and regions costs 10-14 ms at 1/2 where the average is 6 ms) and the
# drawing of the cached chunks and the other layers. With 40 ms and no estimate, a whole new
# viewport at 1/2 on the 1M-hex map took 40-45 ms.
BUILD_BUDGET_S = 0.020
BUILD_ESTIMATE_WEIGHT = 0.5  # of the newest build in the running estimate per level


# Past this many changed chunks a change repaints everything (a whole-map rotate, mirror or
# region change touches tens of thousands of chunks: one rectangle each cost seconds).
MAX_DIRTY_CHUNKS = 2000

Tint = list[tuple[QColor, np.ndarray]]


def tint_changes(old: Tint, new: Tint) -> np.ndarray | None:
    """Membership mask of the hexes whose region tint differs between two tint lists (colour
    and mask per region, painted in order), None when none can differ. A hex looks the same
    when every position of the lists gives it the same colour or leaves it out, so adding or
    removing the last region repaints only its hexes, not the whole map."""
    changed: np.ndarray | None = None
    for k in range(max(len(old), len(new))):
        before = old[k] if k < len(old) else None
        after = new[k] if k < len(new) else None
        if before is not None and after is not None:
            same_colour = before[0] == after[0]
            if same_colour and before[1] is after[1]:
                continue
            diff = before[1] != after[1] if same_colour else before[1] | after[1]
        else:
            diff = (before or after)[1]  # type: ignore[index]
        changed = diff if changed is None else changed | diff
    return changed


class TerrainLayer(QGraphicsItem):
    """Terrain, regions fill, grid and coordinates of a map, cached in chunks."""

    def __init__(self, game_map: GameMap, parent: QGraphicsItem | None = None,
                 masks: RegionMasks | None = None) -> None:
        super().__init__(parent)
        self.masks = masks if masks is not None else RegionMasks()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.tstyle = TerrainStyle()
        self.show_regions = True
        self.build_budget_s = BUILD_BUDGET_S
        self._build_s: dict[int, float] = {}  # running estimate of a chunk build, per level
        self.pending = 0  # chunks left for a follow-up repaint after the last paint
        self._follow_up = QTimer()
        self._follow_up.setSingleShot(True)
        self._follow_up.timeout.connect(self._continue_building)
        self._region_sets: list[tuple[str, np.ndarray]] = []
        self.roads = RoadCover()
        self.drawn_roads_visible = True
        self.set_map(game_map)

    def _continue_building(self) -> None:
        # The scene (and this item's C++ side) may be gone by the time the timer fires.
        if shiboken6.isValid(self) and self.scene() is not None:
            self.update()

    # --- model -------------------------------------------------------------------------

    def set_map(self, game_map: GameMap) -> None:
        """Show another map (or the same one after a resize): drop every cached image."""
        self.prepareGeometryChange()
        self.map = game_map
        self.geom = GridGeometry.of(game_map)
        self.shapes = HexShapes(self.geom)
        self.grid = ChunkGrid.of(self.geom)
        self.cache = ChunkCache(self.grid, self._paint_chunk)
        self.overview = OverviewImage(game_map)
        self._region_sets = self._current_regions()
        self._apply_regions()
        self.roads.update(game_map)
        self._apply_roads()
        self.update()

    def terrain_changed(self, indices: list[int] | None) -> None:
        """Invalidate the chunks holding these terrain indices (None: all) and repaint them."""
        if indices is None:
            self.cache.clear()
            self.overview = OverviewImage(self.map)
            self.update()
            return
        self.overview.update_indices(indices)
        self._repaint_indices(indices)

    def regions_changed(self) -> None:
        """Re-read the map's regions; repaint only the hexes whose membership changed.

        Masks painted in place are repainted by `regions_painted`; here only masks rebuilt
        for a replaced region are compared, so a fort or marker edit costs no region work."""
        old_tint = self.tstyle.regions
        self._region_sets = self._current_regions()
        self._apply_regions()
        changed = tint_changes(old_tint, self.tstyle.regions)
        if changed is not None:
            self._repaint_indices(np.flatnonzero(changed))

    def regions_painted(self, _region_id: str, hexes: Collection[Hex]) -> None:
        """Repaint the hexes a region paint added or removed (its mask is already updated)."""
        self._repaint_indices(np.flatnonzero(index_mask(self.map, hexes)))

    def _repaint_indices(self, indices: list[int] | np.ndarray) -> None:
        rects = self._dirty_rects(indices)
        if rects is None:
            self.cache.clear()
            self.update()
            return
        for rect in rects:
            self.cache.invalidate(rect)
            self.update(rect)

    def roads_changed(self) -> None:
        """Re-read the map's drawn roads; repaint only the hexes a changed road crosses."""
        changed = self.roads.update(self.map)
        self._apply_roads()
        if changed and self.drawn_roads_visible:
            self._repaint_indices(sorted(changed))

    def set_drawn_roads_visible(self, visible: bool) -> None:
        """With drawn paths hidden, road hexes show their own hex-level road line again."""
        if visible == self.drawn_roads_visible:
            return
        self.drawn_roads_visible = visible
        self._apply_roads()
        if self.roads.spots:
            self._repaint_indices(sorted(self.roads.spots))

    def _apply_roads(self) -> None:
        self.tstyle.road_spots = self.roads.spots if self.drawn_roads_visible else {}

    def set_style(self, *, grid: bool | None = None, coords: bool | None = None,
                  regions: bool | None = None) -> None:
        """Switch grid, coordinates or region tint; cached chunks are rebuilt."""
        if grid is not None:
            self.tstyle.grid = grid
        if coords is not None:
            self.tstyle.coords = coords
        if regions is not None:
            self.show_regions = regions
            self._apply_regions()
        self.cache.clear()
        self.update()

    def _current_regions(self) -> list[tuple[str, np.ndarray]]:
        # Shared with the document, which keeps the masks up to date as regions are painted.
        return self.masks.masks(self.map)

    def _apply_regions(self) -> None:
        colors = style.REGION_COLORS
        self.tstyle.regions = (
            [(colors[k % len(colors)], mask)
             for k, (_, mask) in enumerate(self._region_sets)]
            if self.show_regions else []
        )

    def _dirty_rects(self, indices: list[int] | np.ndarray) -> list[QRectF] | None:
        # One rectangle per chunk of changed hexes, grown by a hex so the neighbours' edge
        # strokes and road/trench lines towards the changed hexes are repainted too. None:
        # so many chunks changed that dropping every cached chunk is cheaper.
        if len(indices) == 0:
            return []
        g, grid = self.geom, self.grid
        reach = max(g.hex_w, g.hex_h) * 1.1
        rows, cols = np.divmod(np.asarray(indices, dtype=np.int64), self.map.width)
        shove = 0.0 if g.parity == "odd" else -1.0  # odd parity: +0.5, even: -0.5
        if g.pointy:
            xs = g.hex_w * (cols + (rows & 1) * (0.5 + shove))
            ys = 1.5 * g.size * rows
        else:
            xs = 1.5 * g.size * cols
            ys = g.hex_h * (rows + (cols & 1) * (0.5 + shove))
        keys = (np.floor((xs - grid.x0) / grid.chunk_w).astype(np.int64) * (1 << 32)
                + np.floor((ys - grid.y0) / grid.chunk_h).astype(np.int64))
        order = np.argsort(keys, kind="stable")
        keys, xs, ys = keys[order], xs[order], ys[order]
        starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
        if len(starts) > MAX_DIRTY_CHUNKS:
            return None
        x0, y0 = np.minimum.reduceat(xs, starts), np.minimum.reduceat(ys, starts)
        x1, y1 = np.maximum.reduceat(xs, starts), np.maximum.reduceat(ys, starts)
        return [QRectF(a - reach, b - reach, c - a + 2 * reach, d - b + 2 * reach)
                for a, b, c, d in zip(x0.tolist(), y0.tolist(), x1.tolist(), y1.tolist(),
                                      strict=True)]

    # --- painting ----------------------------------------------------------------------

    def boundingRect(self) -> QRectF:
        return self.grid.bounds()

    def _paint_chunk(self, painter: QPainter, rect: QRectF, lod: float) -> None:
        paint_terrain(painter, self.map, self.shapes, rect, self.tstyle, lod)

    @staticmethod
    def level_for(lod: float) -> int:
        """Chunk level (scale 2**-level) for device pixels per scene pixel: the coarsest one
        still at least as fine as the screen; -1 (scale 2) serves 1:1 on high-DPI screens."""
        if lod > 1.001:
            return -1
        if lod >= 1.0:
            return 0
        return min(MAX_LEVEL, math.floor(math.log2(1.0 / lod) + 1e-9))

    def uses_overview(self, lod: float) -> bool:
        """Whether this view scale shows the mosaic instead of chunks."""
        return self.geom.hex_w * lod < OVERVIEW_HEX_PX

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        exposed = option.exposedRect.intersected(self.grid.bounds())
        if exposed.isEmpty():
            return
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        # Device pixels per scene pixel: on a high-DPI screen the backing store is finer than
        # the painter's logical transform says.
        dpr = widget.devicePixelRatioF() if widget is not None else 1.0
        device_lod = lod * dpr
        self.pending = 0
        # Image edges must not be antialiased: neighbouring chunks meeting at a fractional
        # device pixel would each cover it partly and leave a faint seam.
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        if self.uses_overview(lod):
            self._draw_overview(painter, exposed, lod)
        elif device_lod > 2.001 or (device_lod > 1.001 and dpr < 1.5):
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.setClipRect(exposed)
            paint_terrain(painter, self.map, self.shapes, exposed, self.tstyle, lod)
            painter.restore()
        else:
            self._draw_chunks(painter, exposed, device_lod)

    def _draw_overview(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        ov = self.overview
        target = exposed.intersected(ov.rect)
        if target.isEmpty():
            return
        sx = ov.image.width() / ov.rect.width()
        sy = ov.image.height() / ov.rect.height()
        source = QRectF((target.left() - ov.rect.left()) * sx, (target.top() - ov.rect.top()) * sy,
                        target.width() * sx, target.height() * sy)
        # Minifying: nearest sampling is fast and, with blocks of several pixels, clean.
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, lod * 1.0 / sx > 0.9)
        painter.drawImage(target, ov.image, source)

    def _draw_chunks(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        level = self.level_for(lod)
        scale = 2.0**-level
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, abs(lod - scale) > 1e-3)
        deadline = time.perf_counter() + self.build_budget_s
        built = False
        for i, j in self.grid.covering(exposed):
            crect = self.grid.rect(i, j)
            target = crect.intersected(exposed)
            if target.isEmpty():
                continue
            if not self.cache.has(i, j, level):
                # The first chunk of a frame is always built: progress, however slow a build.
                # A patch (a dirty rectangle of a cached chunk) is expected to take nothing.
                start = time.perf_counter()
                patch = self.cache.holds(i, j, level)
                expected = 0.0 if patch else self._build_s.get(level, 0.0)
                if built and start + expected > deadline:
                    self.pending += 1
                    self._draw_overview(painter, target, lod)
                    continue
                built = True
                img = self.cache.image(i, j, level)
                if not patch:
                    self._learn_build_time(level, time.perf_counter() - start)
            else:
                img = self.cache.image(i, j, level)
            source = QRectF((target.left() - crect.left()) * scale,
                            (target.top() - crect.top()) * scale,
                            target.width() * scale, target.height() * scale)
            painter.drawImage(target, img, source)
        if self.pending:
            self._follow_up.start(0)

    def _learn_build_time(self, level: int, took: float) -> None:
        old = self._build_s.get(level)
        self._build_s[level] = took if old is None else old + BUILD_ESTIMATE_WEIGHT * (took - old)
