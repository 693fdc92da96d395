"""Which hexes a drawn path covers: the area rule plus the centre line, never a gap."""

from __future__ import annotations

import pytest

from editor.commands.paths import covered_hexes, path_terrain_values
from engine.hexes import Layout
from engine.model import TERRAIN_ID, GameMap, MapPath


def _centre(m: GameMap, col: int, row: int) -> tuple[float, float]:
    return Layout(m.layout.orientation, 1.0).hex_to_pixel(m.to_axial(col, row))


def _connected(hexes: list) -> bool:
    todo, seen = [hexes[0]], {hexes[0]}
    members = set(hexes)
    while todo:
        for n in todo.pop().neighbors():
            if n in members and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == members


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_a_path_covers_its_end_hexes(orientation):
    m = GameMap.blank("t", 12, 12)
    m.layout.orientation = orientation
    path = MapPath("r", "road", [_centre(m, 2, 2), _centre(m, 8, 2)], terrain="road", width=0.45)
    covered = {m.to_offset(h) for h in covered_hexes(m, path)}
    assert (2, 2) in covered and (8, 2) in covered


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_a_straight_line_along_hex_edges_leaves_no_gap(orientation):
    """Pointy-top: a vertical line through the centres of even rows runs along the edges of
    the odd rows; flat-top likewise for a horizontal line. Before, every other row stayed dry."""
    m = GameMap.blank("t", 14, 14)
    m.layout.orientation = orientation
    if orientation == "pointy":
        points = [_centre(m, 6, 0), _centre(m, 6, 12)]
    else:
        points = [_centre(m, 0, 6), _centre(m, 12, 6)]
    river = MapPath("w", "river", points, terrain="water", width=0.7)
    covered = covered_hexes(m, river)
    assert _connected(covered)
    lines = {m.to_offset(h)[1 if orientation == "pointy" else 0] for h in covered}
    assert lines == set(range(13))


def test_a_road_across_a_river_drawn_along_edges_gets_a_bridge():
    m = GameMap.blank("t", 14, 14)
    river = MapPath("w", "river", [_centre(m, 6, 0), _centre(m, 6, 12)], terrain="water",
                    width=0.7)
    for i, v in path_terrain_values(m, river).items():
        m.terrain[i] = v
    road = MapPath("r", "road", [_centre(m, 1, 5), _centre(m, 12, 5)], terrain="road",
                   width=0.45)
    written = path_terrain_values(m, road)
    assert TERRAIN_ID["bridge"] in written.values()


def test_a_clipped_corner_is_not_covered():
    m = GameMap.blank("t", 10, 10)
    a, b = _centre(m, 2, 2), _centre(m, 3, 2)  # neighbours in the same row
    path = MapPath("r", "road", [a, b], terrain="road", width=0.2)
    covered = {m.to_offset(h) for h in covered_hexes(m, path)}
    assert covered == {(2, 2), (3, 2)}
