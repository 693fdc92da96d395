"""The terrain layer's dirty rectangles: one per chunk of changed hexes, each covering every
changed hex of that chunk with a hex of margin, for every layout."""

from __future__ import annotations

import itertools
import random

import pytest
from PySide6.QtCore import QPointF

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
