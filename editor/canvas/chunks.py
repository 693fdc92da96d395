"""Chunked image cache for the terrain: the Tiled approach.

The scene is cut into rectangular chunks of about 16 × 16 hexes (whole pixels, a multiple of 8
so that the downscaled levels 1/2, 1/4, 1/8 stay on whole pixels too; level -1, scale 2, serves
1:1 on high-DPI screens). Each chunk image is
painted once per level of detail and kept in a bounded LRU cache. A terrain change marks only
the changed scene rectangle dirty in the cached chunks it touches; the next paint repaints just
that rectangle of those chunks ("patch") instead of the whole chunk.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from .geometry import GridGeometry

CHUNK_HEXES = 16
MAX_LEVEL = 3
ALIGN = 1 << MAX_LEVEL

Key = tuple[int, int, int]  # (chunk column, chunk row, level)
PaintFn = Callable[[QPainter, QRectF, float], None]  # painter in scene coords, rect, lod


@dataclass(frozen=True)
class ChunkGrid:
    """Where the chunks lie in the scene."""

    x0: int
    y0: int
    chunk_w: int
    chunk_h: int
    cols: int
    rows: int

    @classmethod
    def of(cls, geom: GridGeometry) -> ChunkGrid:
        """Chunks of CHUNK_HEXES × CHUNK_HEXES hexes covering the map's scene bounds."""
        if geom.pointy:
            step_x, step_y = geom.hex_w, 1.5 * geom.size
        else:
            step_x, step_y = 1.5 * geom.size, geom.hex_h
        cw = max(ALIGN, math.ceil(CHUNK_HEXES * step_x / ALIGN) * ALIGN)
        ch = max(ALIGN, math.ceil(CHUNK_HEXES * step_y / ALIGN) * ALIGN)
        left, top, right, bottom = geom.scene_bounds()
        x0, y0 = math.floor(left), math.floor(top)
        return cls(x0, y0, cw, ch, max(1, math.ceil((right - x0) / cw)),
                   max(1, math.ceil((bottom - y0) / ch)))

    def rect(self, i: int, j: int) -> QRectF:
        """Scene rectangle of chunk (i, j)."""
        return QRectF(self.x0 + i * self.chunk_w, self.y0 + j * self.chunk_h, self.chunk_w,
                      self.chunk_h)

    def bounds(self) -> QRectF:
        """Scene rectangle of all chunks together."""
        return QRectF(self.x0, self.y0, self.cols * self.chunk_w, self.rows * self.chunk_h)

    def covering(self, rect: QRectF) -> Iterator[tuple[int, int]]:
        """The chunks that intersect a scene rectangle, row by row."""
        i0 = max(0, math.floor((rect.left() - self.x0) / self.chunk_w))
        i1 = min(self.cols - 1, math.floor((rect.right() - self.x0) / self.chunk_w))
        j0 = max(0, math.floor((rect.top() - self.y0) / self.chunk_h))
        j1 = min(self.rows - 1, math.floor((rect.bottom() - self.y0) / self.chunk_h))
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                yield i, j


class ChunkCache:
    """Chunk images per (chunk, level), built lazily by `paint_fn`, LRU-bounded in bytes."""

    def __init__(self, grid: ChunkGrid, paint_fn: PaintFn, budget_bytes: int = 256 << 20) -> None:
        self.grid = grid
        self.paint_fn = paint_fn
        self.budget_bytes = budget_bytes
        self._images: OrderedDict[Key, QImage] = OrderedDict()
        self._dirty: dict[Key, list[QRectF]] = {}
        self._levels: set[int] = set()  # every level an image was built at
        self._bytes = 0
        self.builds = 0  # whole chunks painted
        self.patches = 0  # dirty rectangles repainted inside cached chunks

    def __len__(self) -> int:
        return len(self._images)

    def has(self, i: int, j: int, level: int) -> bool:
        """Whether chunk (i, j) is cached at this level and clean."""
        key = (i, j, level)
        return key in self._images and key not in self._dirty

    def holds(self, i: int, j: int, level: int) -> bool:
        """Whether an image of chunk (i, j) at this level is cached, clean or to be patched."""
        return (i, j, level) in self._images

    def clear(self) -> None:
        """Forget every image (style or map changed)."""
        self._images.clear()
        self._dirty.clear()
        self._bytes = 0

    def invalidate(self, rect: QRectF) -> set[tuple[int, int]]:
        """Mark `rect` (scene) dirty in every cached chunk it touches; returns those chunks."""
        touched: set[tuple[int, int]] = set()
        # The chunks under the rectangle at each level built so far, or every cached image
        # when there are fewer of those: a paste invalidates hundreds of chunk-sized
        # rectangles, each scanned a full cache (tens of ms with a screenful cached).
        cover = list(self.grid.covering(rect))
        if len(cover) * len(self._levels) < len(self._images):
            keys = [(i, j, level) for i, j in cover for level in self._levels
                    if (i, j, level) in self._images]
        else:
            keys = list(self._images)
        for key in keys:
            i, j, _level = key
            crect = self.grid.rect(i, j)
            if crect.intersects(rect):
                # One rectangle per chunk: the union of its dirty parts, repainted once.
                part = crect.intersected(rect)
                old = self._dirty.get(key)
                self._dirty[key] = [old[0].united(part)] if old else [part]
                touched.add((i, j))
        return touched

    def image(self, i: int, j: int, level: int) -> QImage:
        """The clean image of chunk (i, j) at `level` (scale 2**-level), building or
        patching it first if needed."""
        key = (i, j, level)
        img = self._images.get(key)
        if img is None:
            img = self._build(i, j, level)
            self._levels.add(level)
            self._images[key] = img
            self._bytes += img.sizeInBytes()
            self._evict()
        else:
            self._images.move_to_end(key)
            dirty = self._dirty.pop(key, None)
            if dirty:
                self._patch(img, i, j, level, dirty)
        return img

    def _evict(self) -> None:
        while self._bytes > self.budget_bytes and len(self._images) > 1:
            key, img = self._images.popitem(last=False)
            self._dirty.pop(key, None)
            self._bytes -= img.sizeInBytes()

    def _painter(self, img: QImage, i: int, j: int, level: int) -> QPainter:
        p = QPainter(img)
        scale = 2.0**-level
        p.scale(scale, scale)
        crect = self.grid.rect(i, j)
        p.translate(-crect.left(), -crect.top())
        return p

    def _build(self, i: int, j: int, level: int) -> QImage:
        self.builds += 1
        g = self.grid
        scale = 2.0**-level
        img = QImage(round(g.chunk_w * scale), round(g.chunk_h * scale),
                     QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(Qt.GlobalColor.transparent)
        p = self._painter(img, i, j, level)
        self.paint_fn(p, self.grid.rect(i, j), scale)
        p.end()
        return img

    def _patch(self, img: QImage, i: int, j: int, level: int, dirty: list[QRectF]) -> None:
        unit = 2.0**level  # scene pixels per image pixel
        crect = self.grid.rect(i, j)
        for rect in dirty:
            self.patches += 1
            # Snap to whole device pixels of this level, so the patch replaces exactly the
            # pixels a full build would paint there.
            x0 = math.floor((rect.left() - crect.left()) / unit) * unit + crect.left()
            y0 = math.floor((rect.top() - crect.top()) / unit) * unit + crect.top()
            x1 = math.ceil((rect.right() - crect.left()) / unit) * unit + crect.left()
            y1 = math.ceil((rect.bottom() - crect.top()) / unit) * unit + crect.top()
            snapped = QRectF(x0, y0, x1 - x0, y1 - y0).intersected(crect)
            p = self._painter(img, i, j, level)
            p.setClipRect(snapped)
            p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
            p.fillRect(snapped, Qt.GlobalColor.transparent)
            p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
            self.paint_fn(p, snapped, 1.0 / unit)
            p.end()
