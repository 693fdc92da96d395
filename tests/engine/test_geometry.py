"""engine.geometry: edges, offset neighbours, bounds, the path curve, coverage, mappings."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon

from engine.geometry import (
    CENTRE_LINE_MIN_LENGTH,
    _first_rows,
    bezier_controls,
    centre_extent,
    coverage,
    covered_hexes,
    edge,
    edge_corner_indices,
    index_function,
    index_hexset,
    index_mask,
    map_hexset,
    map_pixel_bounds,
    mask_hexes,
    offset_neighbour_deltas,
    outline_edges,
    smooth_points,
    unit_layout,
)
from engine.geometry_transform import (
    Affine,
    from_hex_function,
    mirror,
    rotation_180,
    symmetric,
    translation,
    whole_map,
)
from engine.hexes import DIRECTIONS, Hex, Layout, axial_to_offset, disk, offset_to_axial
from engine.hexes import line as hex_line
from engine.model import GameMap, MapLayout, MapPath

VARIANTS = [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")]
KINDS = ["mirror_h", "mirror_v", "rotate_180"]


def close(a, b, tol=1e-9):
    return math.dist(a, b) <= tol


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_edge_is_shared_with_the_neighbours_opposite_edge(orientation):
    lay = Layout(orientation, 7.5, (3.0, -2.0))
    h = Hex(2, -1)
    for d in range(6):
        a, b = edge(lay, h, d)
        c, e = edge(lay, h.neighbor(d), (d + 3) % 6)
        assert (close(a, e) and close(b, c)) or (close(a, c) and close(b, e))
        # the edge lies halfway between the two centres
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        p, q = lay.hex_to_pixel(h), lay.hex_to_pixel(h.neighbor(d))
        assert close(mid, ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2), 1e-6)


def test_edge_corners_are_clockwise_pairs_and_cover_all_corners():
    for orientation in ("pointy", "flat"):
        pairs = edge_corner_indices(Layout(orientation, 1.0))
        assert all(b == (a + 1) % 6 for a, b in pairs)
        assert sorted(a for a, _ in pairs) == list(range(6))


@pytest.mark.parametrize("orientation,parity", VARIANTS)
def test_offset_neighbour_deltas_round_trip_axial_neighbours(orientation, parity):
    even, odd = offset_neighbour_deltas(orientation, parity)
    for col, row in itertools.product(range(-3, 4), range(-3, 4)):
        shoved = row if orientation == "pointy" else col
        deltas = odd if shoved & 1 else even
        h = offset_to_axial(col, row, orientation, parity)
        for d, (dc, dr) in enumerate(deltas):
            assert offset_to_axial(col + dc, row + dr, orientation, parity) == h + DIRECTIONS[d]
            assert axial_to_offset(h + DIRECTIONS[d], orientation, parity) == (col + dc, row + dr)


@pytest.mark.parametrize("orientation,parity", VARIANTS)
@pytest.mark.parametrize("size", [(1, 1), (1, 5), (5, 1), (7, 4), (8, 9)])
def test_map_bounds_are_the_tight_box_of_every_hex(orientation, parity, size):
    w, h = size
    lay = Layout(orientation, 3.0)
    left, top, right, bottom = map_pixel_bounds(lay, w, h, parity)
    xs, ys, cx, cy = [], [], [], []
    for col, row in itertools.product(range(w), range(h)):
        hx = offset_to_axial(col, row, orientation, parity)
        xs += [p[0] for p in lay.polygon(hx)]
        ys += [p[1] for p in lay.polygon(hx)]
        c = lay.hex_to_pixel(hx)
        cx.append(c[0])
        cy.append(c[1])
    assert (left, top, right, bottom) == pytest.approx((min(xs), min(ys), max(xs), max(ys)))
    assert centre_extent(lay, w, h, parity) == pytest.approx((min(cx), min(cy), max(cx), max(cy)))


def test_outline_edges_of_two_hexes():
    pair = {Hex(0, 0), Hex(1, 0)}
    edges = outline_edges(pair)
    assert len(edges) == 10
    assert (Hex(0, 0), 0) not in edges and (Hex(1, 0), 3) not in edges


def test_curve_passes_through_its_points_with_smooth_tangents():
    pts = [(0.0, 0.0), (2.0, 1.0), (3.0, 4.0), (6.0, 4.0)]
    sampled = smooth_points(pts, steps=4)
    assert sampled[0] == pts[0]
    for k, p in enumerate(pts[1:], start=1):
        assert close(sampled[4 * k], p)
    controls = bezier_controls(pts)
    # Tangents match at inner points: c2 of span k, point k+1 and c1 of span k+1 are collinear.
    for k in range(len(pts) - 2):
        c2, p, c1 = controls[k][1], pts[k + 1], controls[k + 1][0]
        cross = (p[0] - c2[0]) * (c1[1] - p[1]) - (p[1] - c2[1]) * (c1[0] - p[0])
        assert abs(cross) < 1e-9
    assert smooth_points(pts[:2]) == pts[:2]


def test_coverage_includes_both_ends_and_no_gap_along_an_edge():
    m = GameMap.blank("t", 10, 8)
    lay = unit_layout("pointy")
    a = lay.hex_to_pixel(m.to_axial(1, 3))
    b = lay.hex_to_pixel(m.to_axial(6, 3))
    got = set(covered_hexes(m, MapPath("r", "road", [a, b], "road", 0.1)))
    assert {m.to_offset(h) for h in got} == {(c, 3) for c in range(1, 7)}
    # A line along the shared edge of two rows covers hexes of both rows, as a chain.
    y = 1.5 * 3 + 0.75
    line_pts = [(2.0, y), (7.0, y)]
    hexes = coverage(line_pts, 0.1, 0.25, lay, m.in_bounds)
    rows = {m.to_offset(h)[1] for h in hexes}
    assert rows == {3, 4}


def reference_coverage(points, width, min_fraction, lay, in_bounds):
    """The coverage rule written plainly: every candidate hex intersected with the whole
    buffered line (what `coverage` computed before it clipped the line per tile)."""
    geom = Point(points[0]) if len(points) == 1 else LineString(points)
    shape = geom.buffer(max(width, 0.01) / 2)
    reach = math.ceil(width) + 1
    ends = [lay.pixel_to_hex(x, y) for x, y in points]
    cand: dict[Hex, None] = {}
    for a, b in zip(ends, ends[1:] or ends, strict=False):
        for c in hex_line(a, b):
            for h in disk(c, reach):
                if in_bounds(h):
                    cand[h] = None
    polys = [Polygon([(x + dx, y + dy) for dx, dy in lay.corner_offsets()])
             for x, y in (lay.hex_to_pixel(h) for h in cand)]
    if not polys:
        return []
    threshold = min_fraction * polys[0].area
    return [h for h, poly in zip(cand, polys, strict=True)
            if (0 < poly.intersection(shape).area >= threshold - 1e-9)
            or poly.intersection(geom).length >= CENTRE_LINE_MIN_LENGTH]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["pointy", "flat"]),
       st.lists(st.tuples(st.floats(-3, 40), st.floats(-3, 30)), min_size=1, max_size=12),
       st.sampled_from([0.1, 0.4, 0.6, 1.0, 2.5]), st.sampled_from([0.1, 0.25, 0.5]))
def test_coverage_equals_intersecting_every_candidate_with_the_whole_line(
        orientation, points, width, fraction):
    m = GameMap.blank("t", 24, 18, layout=MapLayout(orientation, 32.0, "odd"))
    lay = unit_layout(orientation)
    assert coverage(points, width, fraction, lay, m.in_bounds) == reference_coverage(
        points, width, fraction, lay, m.in_bounds)


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_long_winding_paths_cover_what_the_whole_line_covers(orientation):
    """Roads of hundreds of points across many tiles, doubling back over themselves and
    running along hex edges: the tiled areas decide every hex as the whole line does."""
    m = GameMap.blank("t", 140, 50, layout=MapLayout(orientation, 32.0, "odd"))
    lay = unit_layout(orientation)
    winding = [(x * 0.4, 20 + 12 * math.sin(x / 9) + (x % 5) * 0.07) for x in range(300)]
    back = winding + [(x, y + 0.8) for x, y in reversed(winding)]
    edge_y = 1.5 * 20 + 0.75 if orientation == "pointy" else 1.5 * 20
    along_edge = [(2.0, edge_y), (100.0, edge_y)]
    for points in (winding, back, along_edge):
        for width, fraction in ((0.3, 0.25), (0.5, 0.5), (1.2, 0.1), (0.4, 0.0)):
            assert coverage(points, width, fraction, lay, m.in_bounds) == reference_coverage(
                points, width, fraction, lay, m.in_bounds)


@pytest.mark.parametrize(("orientation", "parity"),
                         list(itertools.product(["pointy", "flat"], ["odd", "even"])))
def test_map_hexset_and_mask_hexes_hold_exactly_the_hexes(orientation, parity):
    m = GameMap.blank("t", 13, 9, layout=MapLayout(orientation, 32.0, parity))
    every = map_hexset(m)
    assert set(every) == set(m.hexes()) and len(every) == 13 * 9
    if orientation == "pointy":
        assert every.run_count == 9  # one run per row: Select All costs nothing per hex
    mask = np.zeros(13 * 9, dtype=bool)
    mask[::3] = True
    mask[40:60] = True
    want = {m.hex_at_index(i) for i in np.flatnonzero(mask)}
    assert set(mask_hexes(m, mask)) == want
    assert set(index_hexset(m, np.flatnonzero(mask)[::-1].repeat(2))) == want


# --- mappings ---------------------------------------------------------------------------------


@given(st.floats(-5, 5), st.floats(-5, 5), st.floats(-9, 9), st.floats(-5, 5),
       st.floats(-5, 5), st.floats(-9, 9), st.floats(-50, 50), st.floats(-50, 50))
def test_affine_inverse_round_trips(a, b, c, d, e, f, x, y):
    aff = Affine(a, b, c, d, e, f)
    if abs(a * e - b * d) < 0.1:
        return
    back = aff.inverse()(aff((x, y)))
    assert close(back, (x, y), 1e-6)


def _mappings(m: GameMap, hexes: list[Hex]):
    o = m.layout.orientation
    yield translation(o, Hex(3, -2))
    yield rotation_180(o, Hex(5, 4))
    yield mirror(o, "h", 3.0)
    yield mirror(o, "v", 2.25)
    for kind in KINDS:
        yield symmetric(o, hexes, kind)
        yield whole_map(m, kind)


@pytest.mark.parametrize("orientation,parity", VARIANTS)
def test_rigid_mappings_keep_neighbours_and_invert_exactly(orientation, parity):
    m = GameMap.blank("t", 9, 7, layout=MapLayout(orientation, 32.0, parity))
    sel = [m.to_axial(c, r) for c in range(1, 6) for r in range(2, 5)]
    lay = unit_layout(orientation)
    for mp in _mappings(m, sel):
        inv = mp.inverse()
        for h in m.hexes():
            t = mp.hex(h)
            assert inv.hex(t) == h
            for n in h.neighbors():
                assert t.distance(mp.hex(n)) == 1
            # hexes and points agree: the centre of h maps to the centre of its image
            assert close(mp.point(lay.hex_to_pixel(h)), lay.hex_to_pixel(t), 1e-9)
            p = (lay.hex_to_pixel(h)[0] + 0.2, lay.hex_to_pixel(h)[1] - 0.1)
            assert close(inv.point(mp.point(p)), p, 1e-9)


@pytest.mark.parametrize("orientation,parity", VARIANTS)
def test_half_turn_maps_a_map_with_paired_lines_onto_itself(orientation, parity):
    # Offset rectangles have ragged edges, so only the half turn is exact on a whole map.
    w, h = (10, 8) if orientation == "pointy" else (8, 10)
    m = GameMap.blank("t", w, h, layout=MapLayout(orientation, 32.0, parity))
    mp = whole_map(m, "rotate_180")
    assert {mp.hex(x) for x in m.hexes()} == set(m.hexes())


def test_from_hex_function_keeps_a_point_at_its_place_in_its_hex():
    def move(h: Hex) -> Hex:
        return h + Hex(2, 1)

    mp = from_hex_function(move, "pointy")
    lay = unit_layout("pointy")
    c = lay.hex_to_pixel(Hex(1, 1))
    p = (c[0] + 0.3, c[1] - 0.2)
    t = lay.hex_to_pixel(Hex(3, 2))
    assert close(mp.point(p), (t[0] + 0.3, t[1] - 0.2))
    with pytest.raises(ValueError, match="no inverse"):
        mp.inverse()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(-4, 4), st.integers(-4, 4), st.integers(0, 11),
       st.integers(0, 9))
def test_symmetric_is_an_involution_about_its_own_pivot(variant, q, r, c, row):
    orientation, parity = variant
    m = GameMap.blank("t", 12, 10, layout=MapLayout(orientation, 32.0, parity))
    hexes = [m.to_axial(c, row), m.to_axial(c, row) + Hex(q, r)]
    rot = symmetric(orientation, hexes, "rotate_180")
    assert all(rot.hex(rot.hex(h)) == h for h in hexes)
    for kind in ("mirror_h", "mirror_v"):
        mp = symmetric(orientation, hexes, kind)
        assert all(mp.inverse().hex(mp.hex(h)) == h for h in hexes)


@pytest.mark.parametrize("orientation,parity", VARIANTS)
def test_index_function_agrees_with_the_map(orientation, parity):
    m = GameMap.blank("t", 7, 5, layout=MapLayout(orientation, 32.0, parity))
    index = index_function(m)
    for q in range(-6, 12):
        for r in range(-6, 12):
            h = Hex(q, r)
            assert index(q, r) == (m.index(h) if m.in_bounds(h) else -1)


@pytest.mark.parametrize("orientation,parity", VARIANTS)
@pytest.mark.parametrize("kind", KINDS)
def test_symmetric_does_not_depend_on_the_order_of_the_hexes(orientation, parity, kind):
    # Regression: the pivot was snapped from float extremes, so a bounding box centred exactly
    # between two snap positions flipped with the order of the hexes.
    m = GameMap.blank("m", 11, 11, layout=MapLayout(orientation, 32.0, parity))
    sel = [Hex(3, 2), Hex(3, 3), Hex(3, 4), Hex(4, 5), Hex(6, 4), Hex(5, 1)]
    want = [symmetric(orientation, sel, kind).hex(h) for h in m.hexes()]
    for order in itertools.permutations(sel, 3):
        rest = [h for h in sel if h not in order]
        got = [symmetric(orientation, [*order, *rest], kind).hex(h) for h in m.hexes()]
        assert got == want


def test_covered_hexes_remembered_answers_are_those_of_the_rule():
    """The editor asks for the same path's cover several times in a row: a remembered answer
    is the rule's answer for that path on that map, and changing the list handed out does not
    change the next answer."""
    m = GameMap.blank("t", 20, 12)
    path = MapPath("r", "road", [(1.0, 1.0), (8.0, 5.0), (15.0, 2.0)], "road", 0.5)
    rule = coverage(path.points, path.width, m.path_coverage,
                    unit_layout(m.layout.orientation), m.in_bounds)
    first = covered_hexes(m, path)
    first.clear()
    assert covered_hexes(m, path) == rule
    small = GameMap.blank("s", 6, 4)
    assert covered_hexes(small, path) == [h for h in rule if small.in_bounds(h)]
    wide = MapPath("r", "road", path.points, "road", 1.5)
    assert covered_hexes(m, wide) != rule
    m.layout = MapLayout(orientation="flat")
    assert covered_hexes(m, path) == coverage(path.points, path.width, m.path_coverage,
                                              unit_layout("flat"), m.in_bounds)


def test_first_rows_are_where_each_hex_first_appears():
    """Coverage orders its candidates by first appearance from one integer per (q, r) row
    instead of sorting rows as records; the order is the same, also for coordinates too far
    apart for one integer."""
    rng = np.random.default_rng(3)
    for pairs in (rng.integers(-30, 30, size=(500, 2)), rng.integers(0, 4, size=(60, 2)),
                  np.array([[2**40, -3], [-(2**40), 5], [2**40, -3], [0, 2**40]]),
                  np.zeros((0, 2), dtype=np.int64)):
        want = np.unique(pairs, axis=0, return_index=True)[1] if len(pairs) else []
        assert sorted(_first_rows(pairs).tolist()) == sorted(np.asarray(want).tolist())


@pytest.mark.parametrize("parity", ["odd", "even"])
def test_mask_hexes_of_a_block_walks_only_its_rows(parity):
    """A pasted block lands on a few rows of a big map: only those rows are scanned for
    runs; the hexes are the block's, nothing from the empty rows around it."""
    m = GameMap.blank("t", 40, 30, layout=MapLayout("pointy", 32.0, parity))
    for rows in (range(7, 19), range(0, 1), range(29, 30), range(0, 30)):
        block = {m.to_axial(c, r) for r in rows for c in range(3, 31, 2)}
        got = mask_hexes(m, index_mask(m, block))
        assert got == block and len(got) == len(block)
    assert not mask_hexes(m, np.zeros(40 * 30, dtype=bool))
