"""carry() and erase(): every map object goes through one mapping, and what cannot is named."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.geometry import unit_layout
from engine.geometry_transform import (
    CopyNaming,
    HexMapping,
    _Membership,
    _pieces,
    carry,
    erase,
    split_points,
    symmetric,
    translation,
    whole_map,
)
from engine.hexes import Hex
from engine.model import TERRAIN_ID, Fort, GameMap, Label, MapPath, Region, StartMarker
from tests.engine.map_strategies import assert_same_map, map_and_selection, mapping_for, snapshot

LAY = unit_layout("pointy")
WATER, ROAD, MEADOW = TERRAIN_ID["water"], TERRAIN_ID["road"], TERRAIN_ID["meadow"]


def centre(m: GameMap, col: int, row: int) -> tuple[float, float]:
    return LAY.hex_to_pixel(m.to_axial(col, row))


def river_map() -> tuple[GameMap, set[Hex]]:
    """A 12×8 map: a river along row 2 from col 1 to 4, a label on (2, 2); selection cols 0-5."""
    m = GameMap.blank("t", 12, 8)
    for c in range(1, 5):
        m.terrain[m.index(m.to_axial(c, 2))] = WATER
    m.paths.append(MapPath("river", "river", [centre(m, 1, 2), centre(m, 4, 2)], "water", 0.6))
    m.labels.append(Label("Aire", centre(m, 2, 2), 1.0, 20.0))
    sel = {m.to_axial(c, r) for c in range(6) for r in range(5)}
    return m, sel


def test_move_carries_river_line_and_label_with_the_water():
    m, sel = river_map()
    before = snapshot(m)
    out = carry(m, translation("pointy", Hex(3, 0)), sel)
    assert_same_map(m, before)  # the input is not changed
    new = out.map
    assert new.terrain_at(m.to_axial(4, 2)) == "water"
    assert new.terrain_at(m.to_axial(7, 2)) == "water"
    assert new.terrain_at(m.to_axial(1, 2)) == "meadow"
    (river,) = new.paths
    assert river.id == "river"
    assert river.points[0] == pytest.approx(centre(m, 4, 2))
    assert river.points[-1] == pytest.approx(centre(m, 7, 2))
    assert new.labels[0].at == pytest.approx(centre(m, 5, 2))
    assert out.dropped == [] and out.replaced == []


def test_mirror_turns_label_back_to_readable_and_moves_the_line():
    m, sel = river_map()
    mp = symmetric("pointy", sel, "mirror_h")
    out = carry(m, mp, sel)
    lab = out.map.labels[0]
    assert lab.rotation == -20.0
    assert lab.at == pytest.approx(mp.point(centre(m, 2, 2)))
    xs = sorted(p[0] for p in out.map.paths[0].points)
    assert xs == pytest.approx(sorted(mp.point(p)[0] for p in m.paths[0].points))


def test_partly_selected_path_is_split_at_the_selection_edge():
    m, _ = river_map()
    sel = {m.to_axial(c, r) for c in range(3) for r in range(5)}  # cols 0-2: half the river
    out = carry(m, translation("pointy", Hex(0, 3)), sel)
    ids = sorted(p.id for p in out.map.paths)
    assert ids == ["river", "river_2"]
    stay = out.map.paths[0] if out.map.paths[0].id == "river" else out.map.paths[1]
    moved = next(p for p in out.map.paths if p is not stay)
    # The piece left behind starts on the selection edge and ends where the river ended.
    assert stay.points[-1] == pytest.approx(centre(m, 4, 2))
    edge_point = stay.points[0]
    assert LAY.pixel_to_hex(edge_point[0] + 0.01, edge_point[1]) == m.to_axial(3, 2)
    assert LAY.pixel_to_hex(edge_point[0] - 0.01, edge_point[1]) == m.to_axial(2, 2)
    # The carried piece runs from the river's start to the same edge, moved 3 rows down.
    shift = translation("pointy", Hex(0, 3)).point
    assert moved.points[0] == pytest.approx(shift(centre(m, 1, 2)))
    assert moved.points[-1] == pytest.approx(shift(edge_point))


def test_split_points_finds_the_crossing_by_bisection():
    runs = split_points([(0.0, 0.0), (10.0, 0.0)], lambda p: p[0] < 3.7)
    assert [ins for ins, _ in runs] == [True, False]
    assert runs[0][1][-1][0] == pytest.approx(3.7, abs=1e-6)
    assert runs[1][1][0] == runs[0][1][-1]


def fort_map() -> GameMap:
    m = GameMap.blank("t", 12, 8)
    m.forts.append(Fort("F3", "Verdun", [m.to_axial(5, 2), m.to_axial(6, 2)],
                        [m.to_axial(4, 2), m.to_axial(7, 2)], "neutral", 0))
    return m


def test_fort_whose_entrance_would_leave_the_map_is_named_and_stays():
    m = fort_map()
    sel = {m.to_axial(c, 2) for c in range(4, 8)}
    out = carry(m, translation("pointy", Hex(5, 0)), sel)
    assert out.dropped == ["fort F3 (Verdun): entrance would leave the map"]
    assert out.map.forts == m.forts
    assert "fort F3 (Verdun): entrance would leave the map" in out.message()


def test_fort_across_the_selection_edge_is_named_not_copied():
    m = fort_map()
    half = {m.to_axial(c, r) for c in range(6) for r in range(8)}  # entrance (7,3) is outside
    out = carry(m, whole_map(m, "rotate_180"), half, keep_source=True,
                naming=CopyNaming("_2", " II"))
    assert out.map.forts == m.forts
    assert out.dropped == ["fort F3 (Verdun): footprint lies outside the selection"]


def test_copy_renames_forts_renumbers_markers_and_replaces_what_was_there():
    m = fort_map()
    m.start_markers.append(StartMarker(2, m.to_axial(5, 1)))
    other = whole_map(m, "rotate_180")
    m.start_markers.append(StartMarker(8, other.hex(m.to_axial(5, 1))))
    sel = {m.to_axial(c, r) for c in range(4, 8) for r in range(4)}
    out = carry(m, other, sel, keep_source=True,
                naming=CopyNaming("_2", " II", lambda n: n + 6 if n <= 6 else n - 6))
    ids = sorted(f.id for f in out.map.forts)
    assert ids == ["F3", "F3_2"]
    copy = out.map.fort("F3_2")
    assert copy.name == "Verdun II" and copy.facing == 3
    assert sorted(s.number for s in out.map.start_markers) == [2, 8]
    assert out.replaced == ["start marker 8"]


def test_regions_follow_moved_hexes():
    m = GameMap.blank("t", 10, 8)
    m.regions.append(Region("half_1_6", "West", {m.to_axial(1, 1), m.to_axial(8, 7)}))
    out = carry(m, translation("pointy", Hex(1, 0)), {m.to_axial(1, 1)})
    assert out.map.region("half_1_6").hexes == {m.to_axial(2, 1), m.to_axial(8, 7)}


def test_paste_into_another_map_clips_paths_under_the_landed_hexes():
    stamp_src = GameMap.blank("s", 12, 8)
    stamp_src.terrain[stamp_src.index(stamp_src.to_axial(1, 1))] = WATER
    target = GameMap.blank("t", 12, 8)
    target.paths.append(MapPath("road", "road", [centre(target, 0, 5), centre(target, 8, 5)],
                                "road", 0.4))
    out = carry(stamp_src, translation("pointy", Hex(-1, 4)), {stamp_src.to_axial(1, 1)},
                target=target, regions=False)
    landed = next(iter(out.landed))
    assert out.map.terrain_at(landed) == "water"
    # The road now stops at the pasted hex on both sides.
    assert sorted(p.id for p in out.map.paths) == ["road", "road_2"]
    for p in out.map.paths:
        assert all(LAY.pixel_to_hex(*q) != landed for q in p.points[1:-1])
    assert out.replaced == ["path road (the stretch under the carried hexes)"]


def test_erase_cuts_the_road_line_and_names_what_went():
    m = GameMap.blank("t", 12, 8)
    for c in range(1, 9):
        m.terrain[m.index(m.to_axial(c, 4))] = ROAD
    m.paths.append(MapPath("road", "road", [centre(m, 1, 4), centre(m, 8, 4)], "road", 0.4))
    m.start_markers.append(StartMarker(4, m.to_axial(4, 4)))
    out = erase(m, {m.to_axial(c, 4) for c in range(3, 6)})
    assert [out.map.terrain_at(m.to_axial(c, 4)) for c in range(1, 9)] == [
        "road", "road", "meadow", "meadow", "meadow", "road", "road", "road"]
    assert sorted(p.id for p in out.map.paths) == ["road", "road_2"]
    ends = sorted(x for p in out.map.paths for x in (p.points[0][0], p.points[-1][0]))
    assert ends[0] == pytest.approx(centre(m, 1, 4)[0])
    assert ends[-1] == pytest.approx(centre(m, 8, 4)[0])
    # the gap spans the erased hexes, from the edge of (3,4) to the edge of (5,4)
    assert ends[1] == pytest.approx(centre(m, 3, 4)[0] - LAY.width / 2, abs=1e-5)
    assert ends[2] == pytest.approx(centre(m, 5, 4)[0] + LAY.width / 2, abs=1e-5)
    assert out.map.start_markers == []
    assert out.message() == "Erased: start marker 4; path road (the selected stretch)"


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_transform_then_inverse_gives_back_the_same_map(data):
    m, sel = data.draw(map_and_selection())
    mapping = data.draw(mapping_for(m, sel))
    before = snapshot(m)
    there = carry(m, mapping, sel)
    assert there.dropped == [] and there.replaced == []
    assert len(there.landed) == len(sel)
    back = carry(there.map, mapping.inverse(), there.landed)
    assert back.landed == sel
    assert_same_map(back.map, before)
    assert_same_map(m, before, tol=0.0)


def test_a_tiny_path_moved_whole_is_kept_but_cut_slivers_are_dropped():
    m = GameMap.blank("t", 12, 8)
    x, y = centre(m, 2, 2)
    m.paths.append(MapPath("dot", "road", [(x, y), (x + 0.01, y)], None, 0.4))
    out = carry(m, translation("pointy", Hex(1, 0)), {m.to_axial(2, 2)})
    assert [p.id for p in out.map.paths] == ["dot"]
    runs = [[(0.0, 0.0), (0.01, 0.0)], [(0.5, 0.0), (3.0, 0.0)]]
    road = MapPath("r", "road", [(0.0, 0.0), (3.0, 0.0)], None, 0.4)
    assert [p.points for p in _pieces(road, runs, {"r"}, keep_id=True)] == [runs[1]]


def _per_hex(mapping):
    """The same mapping without its integer form: carry takes the per-hex path."""
    return HexMapping(mapping.hex, mapping.point, mirrored=mapping.mirrored, name=mapping.name)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_array_path_carries_exactly_like_the_per_hex_path(data):
    m, sel = data.draw(map_and_selection())
    mapping = data.draw(mapping_for(m, sel))
    assert mapping.integer is not None
    keep = data.draw(st.booleans())
    fast = carry(m, mapping, sel, keep_source=keep)
    slow = carry(m, _per_hex(mapping), sel, keep_source=keep)
    assert_same_map(fast.map, slow.map, tol=0.0)
    assert [r.id for r in fast.map.regions] == [r.id for r in slow.map.regions]
    assert (fast.landed, fast.changed, fast.dropped, fast.replaced) == (
        slow.landed, slow.changed, slow.dropped, slow.replaced)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_split_points_answers_probes_in_arrays_exactly_as_one_by_one(data):
    m, sel = data.draw(map_and_selection())
    xy = st.tuples(st.floats(-4.0, 22.0), st.floats(-4.0, 22.0))
    points = data.draw(st.lists(xy, min_size=1, max_size=8))
    inside = _Membership(m, sel)
    # A plain function is walked probe by probe; a _Membership answers all probes at once.
    assert split_points(points, inside) == split_points(points, lambda p: inside(p))


@pytest.mark.parametrize(("orientation", "parity"),
                         [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")])
def test_paths_far_from_the_hexes_are_split_without_probing(orientation, parity):
    """A paste probed every path of the map along its whole length, also those nowhere near
    the stamp; a path whose bounding box cannot reach the hexes is now answered at once. The
    pieces are those the probe-by-probe walk finds, also for points off the map, which count
    with the map hex nearest them (a selection on the map's edge)."""
    from engine.model import MapLayout

    m = GameMap.blank("t", 40, 30, layout=MapLayout(orientation, 32.0, parity))
    lay = unit_layout(orientation)
    edge = {m.to_axial(c, r) for c in range(0, 3) for r in range(10, 14)}
    block = {m.to_axial(c, r) for c in range(20, 26) for r in range(5, 9)}

    def x_of(col: int, row: int) -> tuple[float, float]:
        return lay.hex_to_pixel(m.to_axial(col, row))

    far = [x_of(30, 25), x_of(38, 28), x_of(33, 20)]
    off_left = [(x_of(0, 11)[0] - 40.0, x_of(0, 11)[1]), (x_of(0, 12)[0] - 9.0, x_of(0, 12)[1])]
    through = [x_of(15, 7), x_of(35, 7)]
    long_line = [(-50.0, -40.0), (900.0, 700.0)]
    for hexes in (edge, block, set()):
        inside = _Membership(m, hexes)
        for points in (far, off_left, through, long_line, far[:1], off_left[:1]):
            # A bound method is no _Membership: it is walked probe by probe.
            assert split_points(points, inside) == split_points(points, inside.__call__)
    # Short strokes all around the block and the map's left edge, ending just inside or just
    # outside: where a bounding box that is too tight would skip a path it touches.
    inside = _Membership(m, block | edge)
    for col in range(-2, 29):
        for row in (*range(3, 11, 2), *range(8, 16, 3), 29):
            x, y = x_of(col, row)
            for k in range(12):
                for step in (0.4, 1.3):
                    dx, dy = math.cos(k * math.pi / 6) * step, math.sin(k * math.pi / 6) * step
                    points = [(x, y), (x + dx, y + dy)]
                    assert split_points(points, inside) == split_points(points, inside.__call__)
    assert _Membership(m, block).misses(far) and _Membership(m, edge).misses(through)
    assert not _Membership(m, edge).misses(off_left)  # clamped onto the edge hexes
    assert not _Membership(m, block).misses(through)
    assert _Membership(m, set()).misses(long_line)
