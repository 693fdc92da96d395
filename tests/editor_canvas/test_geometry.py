"""GridGeometry agrees with engine.hexes.Layout and covers rectangles conservatively."""

import itertools

import pytest

from editor.canvas.chunks import ChunkGrid
from editor.canvas.geometry import GridGeometry
from engine.hexes import Layout, offset_to_axial

LAYOUTS = list(itertools.product(["pointy", "flat"], ["odd", "even"]))


@pytest.mark.parametrize(("orientation", "parity"), LAYOUTS)
def test_center_matches_layout(orientation, parity):
    g = GridGeometry(orientation, 32.0, parity, 9, 7)
    lay = Layout(orientation, 32.0)
    for col in range(9):
        for row in range(7):
            x, y = g.center(col, row)
            ex, ey = lay.hex_to_pixel(offset_to_axial(col, row, orientation, parity))
            assert (x, y) == pytest.approx((ex, ey))


@pytest.mark.parametrize(("orientation", "parity"), LAYOUTS)
def test_offset_range_contains_every_hex_touching_rect(orientation, parity):
    g = GridGeometry(orientation, 20.0, parity, 40, 30)
    x0, y0, x1, y1 = 137.0, 211.0, 402.0, 377.0
    c0, c1, r0, r1 = g.offset_range(x0, y0, x1, y1)
    for col in range(40):
        for row in range(30):
            x, y = g.center(col, row)
            touches = (x + g.hex_w / 2 > x0 and x - g.hex_w / 2 < x1
                       and y + g.hex_h / 2 > y0 and y - g.hex_h / 2 < y1)
            if touches:
                assert c0 <= col <= c1 and r0 <= row <= r1, (col, row)


@pytest.mark.parametrize(("orientation", "parity"), LAYOUTS)
def test_scene_bounds_and_chunks_cover_all_hexes(orientation, parity):
    g = GridGeometry(orientation, 32.0, parity, 37, 41)
    left, top, right, bottom = g.scene_bounds()
    grid = ChunkGrid.of(g)
    b = grid.bounds()
    for col in range(37):
        for row in range(41):
            x, y = g.center(col, row)
            for dx, dy in g.corner_offsets():
                assert left - 1e-6 <= x + dx <= right + 1e-6
                assert top - 1e-6 <= y + dy <= bottom + 1e-6
                assert b.left() <= x + dx <= b.right() and b.top() <= y + dy <= b.bottom()
    assert grid.chunk_w % 8 == 0 and grid.chunk_h % 8 == 0
