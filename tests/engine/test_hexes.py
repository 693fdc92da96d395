import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.hexes import (
    DIRECTIONS,
    Hex,
    Layout,
    axial_to_offset,
    disk,
    hex_round,
    line,
    offset_to_axial,
    opposite_direction,
    ring,
    spiral,
)

coords = st.integers(min_value=-500, max_value=500)
hexes = st.builds(Hex, coords, coords)
VARIANTS = [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")]


def test_arithmetic_and_s():
    assert Hex(1, -3) + Hex(2, 2) == Hex(3, -1)
    assert Hex(1, -3) - Hex(2, 2) == Hex(-1, -5)
    assert Hex(1, -3) * 3 == Hex(3, -9)
    assert Hex(1, -3).s == 2


def test_neighbors_are_at_distance_one_and_opposites_cancel():
    h = Hex(3, -2)
    assert len(set(h.neighbors())) == 6
    assert all(h.distance(n) == 1 for n in h.neighbors())
    for d in range(6):
        assert DIRECTIONS[d] + DIRECTIONS[opposite_direction(d)] == Hex(0, 0)
        assert h.direction_to(h.neighbor(d)) == d
    assert h.direction_to(Hex(10, 10)) is None


@given(hexes, hexes)
def test_distance_is_symmetric_and_matches_line_length(a, b):
    assert a.distance(b) == b.distance(a)
    path = line(a, b)
    assert len(path) == a.distance(b) + 1
    assert path[0] == a and path[-1] == b
    assert all(p.distance(q) == 1 for p, q in itertools.pairwise(path))


@pytest.mark.parametrize("radius", [0, 1, 2, 5])
def test_ring_and_spiral_sizes(radius):
    c = Hex(2, 7)
    r = ring(c, radius)
    assert len(r) == max(1, 6 * radius)
    assert all(c.distance(h) == radius for h in r)
    sp = list(spiral(c, radius))
    assert len(sp) == 1 + 3 * radius * (radius + 1) == len(set(sp))
    assert set(sp) == set(disk(c, radius))


@pytest.mark.parametrize(("orientation", "parity"), VARIANTS)
@given(col=st.integers(-300, 300), row=st.integers(-300, 300))
def test_offset_round_trip(orientation, parity, col, row):
    h = offset_to_axial(col, row, orientation, parity)
    assert axial_to_offset(h, orientation, parity) == (col, row)
    assert offset_to_axial(*axial_to_offset(h, orientation, parity), orientation, parity) == h


def test_odd_r_known_values():
    # odd-r: row 1 is shoved right, so (0,1) sits between (0,0) and (1,0) below them.
    assert offset_to_axial(0, 1, "pointy") == Hex(0, 1)
    assert offset_to_axial(0, 2, "pointy") == Hex(-1, 2)
    assert offset_to_axial(3, 3, "pointy") == Hex(2, 3)
    assert offset_to_axial(1, 1, "flat") == Hex(1, 1)
    assert offset_to_axial(1, 0, "flat") == Hex(1, 0)
    assert offset_to_axial(2, 0, "flat") == Hex(2, -1)


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@given(h=hexes)
def test_pixel_round_trip(orientation, h):
    layout = Layout(orientation, 17.5, (3.0, -8.0))
    x, y = layout.hex_to_pixel(h)
    assert layout.pixel_to_hex(x, y) == h
    # A point just inside a corner still belongs to the hex.
    cx, cy = layout.polygon(h)[0]
    assert layout.pixel_to_hex(x + (cx - x) * 0.9, y + (cy - y) * 0.9) == h


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_layout_neighbour_spacing(orientation):
    layout = Layout(orientation, 10.0)
    x0, y0 = layout.hex_to_pixel(Hex(0, 0))
    for n in Hex(0, 0).neighbors():
        x, y = layout.hex_to_pixel(n)
        assert math.isclose(math.hypot(x - x0, y - y0), 10.0 * math.sqrt(3))


def test_hex_round_and_rotation():
    assert hex_round(0.1, 0.2) == Hex(0, 0)
    assert hex_round(0.4, 0.4) == Hex(0, 1)
    assert hex_round(1.1, -0.1) == Hex(1, 0)
    assert Hex(3, 1).rotate_180(Hex(0, 0)) == Hex(-3, -1)
    assert Hex(3, 1).rotate_180(Hex(3, 1)) == Hex(3, 1)
