"""The mosaic overview puts each hex's block over that hex, for every layout."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPointF

from editor.canvas.geometry import GridGeometry
from editor.canvas.overview import OverviewImage
from engine.model import TERRAINS, GameMap, MapLayout


@pytest.mark.parametrize(("orientation", "parity", "block"),
                         list(itertools.product(["pointy", "flat"], ["odd", "even"],
                                                [(4, 3), (2, 1)])))
def test_blocks_sit_on_their_hexes(qapp, orientation, parity, block):
    m = GameMap.blank("o", 13, 9, layout=MapLayout(orientation=orientation,  # type: ignore
                                                     offset=parity))  # type: ignore[arg-type]
    for i in range(len(m.terrain)):
        m.terrain[i] = (i * 7) % len(TERRAINS)
    ov = OverviewImage(m, block=block)
    g = GridGeometry.of(m)
    sx = ov.rect.width() / ov.image.width()
    sy = ov.rect.height() / ov.image.height()
    for row in range(m.height):
        for col in range(m.width):
            if g.pointy:
                px = col * ov.bw + (ov.bw // 2 if ov._shifted(row) else 0) + ov.bw / 2
                py = row * ov.bh + ov.bh / 2
            else:
                px = col * ov.bw + ov.bw / 2
                py = row * ov.bh + (ov.bh // 2 if ov._shifted(col) else 0) + ov.bh / 2
            scene = QPointF(ov.rect.left() + px * sx, ov.rect.top() + py * sy)
            assert g.hex_at(scene.x(), scene.y()) == m.to_axial(col, row)
            color = ov.image.pixel(int(px), int(py))
            assert color == ov.colors[m.terrain[row * m.width + col]]


@pytest.mark.parametrize(("orientation", "parity", "block"),
                         list(itertools.product(["pointy", "flat"], ["odd", "even"],
                                                [(4, 3), (2, 1)])))
def test_updating_changed_hexes_equals_a_fresh_build(qapp, orientation, parity, block):
    m = GameMap.blank("o", 13, 9, layout=MapLayout(orientation=orientation,  # type: ignore
                                                     offset=parity))  # type: ignore[arg-type]
    ov = OverviewImage(m, block=block)
    changed = [14, 15, 27, 40, 41, 53, 100]
    for i in changed:
        m.terrain[i] = 1 + i % (len(TERRAINS) - 1)
    rect = ov.update_indices(changed)
    assert ov.image == OverviewImage(m, block=block).image
    g = GridGeometry.of(m)
    for i in changed:
        row, col = divmod(i, m.width)
        x, y = g.center(col, row)
        assert rect.contains(QPointF(x, y))
    assert ov.update_indices([]).isEmpty()
