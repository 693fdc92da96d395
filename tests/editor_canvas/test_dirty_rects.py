"""The terrain layer's dirty rectangles: one per chunk of changed hexes, each covering every
changed hex of that chunk with a hex of margin, for every layout."""

from __future__ import annotations

import itertools
import random

import pytest
from PySide6.QtCore import QPointF, QRectF

from editor.canvas.chunks import ChunkCache
from editor.canvas.terrain_layer import TerrainLayer
from engine.model import GameMap, MapLayout


@pytest.mark.parametrize(("orientation", "parity"),
                         list(itertools.product(["pointy", "flat"], ["odd", "even"])))
def test_each_changed_hex_lies_well_inside_the_rect_of_its_chunk(qapp, orientation, parity):
    m = GameMap.blank("d", 120, 90, layout=MapLayout(orientation=orientation,  # type: ignore
                                                      offset=parity))  # type: ignore[arg-type]
    layer = TerrainLayer(m)
    g, grid = layer.geom, layer.grid
    indices = random.Random(5).sample(range(m.width * m.height), 400)
    rects = layer._dirty_rects(indices)
    chunks = set()
    for i in indices:
        row, col = divmod(i, m.width)
        x, y = g.center(col, row)
        chunks.add((int((x - grid.x0) // grid.chunk_w), int((y - grid.y0) // grid.chunk_h)))
        margin = g.size  # the neighbours' edges must be inside too
        assert any(r.contains(QPointF(x - margin, y - margin))
                   and r.contains(QPointF(x + margin, y + margin)) for r in rects), (col, row)
    assert len(rects) == len(chunks)
    assert layer._dirty_rects([]) == []


def test_invalidating_looks_only_under_the_rectangle_yet_marks_every_chunk_it_touches(qapp):
    """A paste invalidates hundreds of chunk-sized rectangles; each used to scan every cached
    image. Looked up under the rectangle instead (or scanned when fewer are cached), the
    chunks marked dirty, and how, are those a scan marks."""
    m = GameMap.blank("d", 200, 150)
    layer = TerrainLayer(m)
    grid = layer.grid
    rng = random.Random(8)

    def cache_with(n: int) -> ChunkCache:
        cache = ChunkCache(grid, lambda p, r, lod: None)
        for _ in range(n):
            cache.image(rng.randrange(grid.cols), rng.randrange(grid.rows), rng.randrange(-1, 4))
        return cache

    def scanned(cache: ChunkCache, rect) -> tuple[set, dict]:
        touched, dirty = set(), {k: list(v) for k, v in cache._dirty.items()}
        for i, j, level in cache._images:
            crect = grid.rect(i, j)
            if crect.intersects(rect):
                part = crect.intersected(rect)
                old = dirty.get((i, j, level))
                dirty[(i, j, level)] = [old[0].united(part)] if old else [part]
                touched.add((i, j))
        return touched, dirty

    for cached in (3, 40, 300):
        cache = cache_with(cached)
        for _ in range(60):
            x = rng.uniform(-50, grid.cols * grid.chunk_w)
            y = rng.uniform(-50, grid.rows * grid.chunk_h)
            w, h = rng.choice([(0.5, 0.5), (grid.chunk_w, grid.chunk_h), (900.0, 300.0)])
            rect = QRectF(x, y, w, h)
            want = scanned(cache, rect)
            assert cache.invalidate(rect) == want[0]
            assert cache._dirty == want[1]
        # a rectangle exactly on chunk edges touches no neighbour
        edge = grid.rect(2, 3)
        want = scanned(cache, edge)
        assert cache.invalidate(edge) == want[0] and cache._dirty == want[1]
