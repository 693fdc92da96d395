"""Outlines from runs (exporters/outline.py) against the union of per-hex polygons (shapely)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest
import shapely
from shapely.geometry import MultiPolygon, Polygon

from engine.content.convert_map import region_spans
from engine.hexes import Hex
from engine.model import GameMap, MapLayout
from exporters.outline import cell_runs, runs_of
from exporters.tiled import TiledGrid, _outline

LAYOUTS = [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")]


def _oracle(grid: TiledGrid, m: GameMap, hexes: set[Hex]) -> list[tuple[list, list]]:
    """Every part of the union of the hexes' own polygons (GEOS), normalised, with its spans."""
    cells = sorted(hexes)
    offsets = [m.to_offset(h) for h in cells]
    merged = shapely.coverage_union_all(
        shapely.polygons(np.array([grid.corners(c, r) for c, r in offsets])))
    parts = list(merged.geoms) if isinstance(merged, MultiPolygon) else [merged]
    centres = np.array([grid.center(c, r) for c, r in offsets])
    out = []
    for part in parts:
        inside = shapely.contains_xy(part, centres[:, 0], centres[:, 1])
        members = {h for h, yes in zip(cells, inside, strict=True) if yes}
        ring = shapely.normalize(Polygon(part.exterior)).exterior.coords[:-1]
        out.append(([(int(x), int(y)) for x, y in ring], region_spans(m, members)))
    return sorted(out)


def _random_sets(seed: int) -> Iterator[tuple[GameMap, set[Hex]]]:
    rng = random.Random(seed)
    for _ in range(60):
        orientation, offset = rng.choice(LAYOUTS)
        w, h = rng.randint(1, 13), rng.randint(1, 13)
        m = GameMap.blank("x", w, h, layout=MapLayout(orientation, 32.0, offset))
        density = rng.random()
        hexes = {m.to_axial(c, r) for c in range(w) for r in range(h) if rng.random() < density}
        if rng.random() < 0.2:  # hexes off the map's edge still get an outline
            hexes |= {m.to_axial(c, r) for c in range(-3, 0) for r in range(-2, 2)}
        if hexes:
            yield m, hexes


@pytest.mark.parametrize("seed", range(5))
def test_outline_is_the_union_of_the_hex_polygons(seed):
    for m, hexes in _random_sets(seed):
        grid = TiledGrid.for_map(m)
        got = _outline(grid, m, hexes)
        assert sorted(got) == _oracle(grid, m, hexes), (m.layout, sorted(hexes))
        tops = [(min(y for _, y in ring), min(x for x, _ in ring)) for ring, _ in got]
        assert tops == sorted(tops)


@pytest.mark.parametrize(("orientation", "offset"), LAYOUTS)
def test_a_hole_is_left_out_and_an_island_in_it_is_its_own_part(orientation, offset):
    m = GameMap.blank("x", 12, 12, layout=MapLayout(orientation, 32.0, offset))
    block = {m.to_axial(c, r) for c in range(1, 10) for r in range(1, 10)}
    hole = {m.to_axial(c, r) for c in range(3, 8) for r in range(3, 8)}
    island = m.to_axial(5, 5)
    grid = TiledGrid.for_map(m)
    parts = _outline(grid, m, (block - hole) | {island})
    assert len(parts) == 2
    outer, inner = parts
    assert Polygon(outer[0]).area == pytest.approx(Polygon(outer[0]).convex_hull.area, rel=0.2)
    assert inner[1] == [[5, 5, 5]]
    assert sum(last - first + 1 for _, first, last in outer[1]) == len(block - hole)
    # the ring is in normal form: clockwise (y up) and starting at its least point
    ring = outer[0]
    assert ring[0] == min(ring)
    assert not Polygon(ring).exterior.is_ccw


class _Runs(set):
    """A set that also lists itself as axial runs, like the model's compact hex set."""

    def runs(self) -> Iterator[tuple[int, int, int]]:
        by_r: dict[int, list[int]] = {}
        for q, r in self:
            by_r.setdefault(r, []).append(q)
        for r in sorted(by_r):
            qs = sorted(by_r[r])
            start = prev = qs[0]
            for q in qs[1:]:
                if q != prev + 1:
                    yield r, start, prev
                    start = q
                prev = q
            yield r, start, prev


@pytest.mark.parametrize(("orientation", "offset"), LAYOUTS)
def test_runs_from_a_run_listing_set_equal_runs_from_its_hexes(orientation, offset):
    rng = random.Random(3)
    hexes = {Hex(rng.randint(-9, 9), rng.randint(-9, 9)) for _ in range(150)}
    a = runs_of(hexes, orientation, offset)
    b = runs_of(_Runs(hexes), orientation, offset)
    for x, y in ((a.line, b.line), (a.first, b.first), (a.last, b.last)):
        assert x.tolist() == y.tolist()
    line, pos = a.cells()
    again = cell_runs(line[::-1], pos[::-1])
    assert again.first.tolist() == a.first.tolist() and len(line) == len(hexes)
