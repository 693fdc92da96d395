"""MapDocument and its undo commands, without the window."""

from __future__ import annotations

import pytest

from editor.commands import Stamp
from editor.document import MapDocument
from editor.forts import capture_hexes, suggest_fort
from engine.geometry_transform import symmetric
from engine.hexes import Hex, disk
from engine.model import TERRAIN_ID, Fort, GameMap, Label, MapPath

pytestmark = pytest.mark.qt


@pytest.fixture
def doc(qapp):
    return MapDocument(GameMap.blank("t", 20, 16))


def rows(doc):
    return doc.map.terrain_rows()


def test_stroke_merges_into_one_undo_step(doc):
    sid = doc.new_stroke_id()
    doc.paint_terrain(disk(Hex(5, 5), 1), "forest", sid)
    doc.paint_terrain(disk(Hex(7, 5), 1), "forest", sid)
    assert doc.undo_stack.count() == 1
    assert doc.undo_stack.text(0) == "Paint forest (13 hexes)"  # the two dabs share one hex
    doc.undo_stack.undo()
    assert set("".join(rows(doc))) == {"."}
    doc.undo_stack.redo()
    assert "".join(rows(doc)).count("f") == 13


def test_separate_strokes_are_separate_steps(doc):
    doc.paint_terrain([Hex(1, 1)], "water", doc.new_stroke_id())
    doc.paint_terrain([Hex(2, 1)], "water", doc.new_stroke_id())
    assert doc.undo_stack.count() == 2


def test_painting_same_terrain_pushes_nothing(doc):
    assert doc.paint_terrain([Hex(1, 1)], "meadow") == 0
    assert doc.undo_stack.count() == 0


def test_terrain_changed_reports_indices(doc):
    seen = []
    doc.terrainChanged.connect(seen.append)
    doc.paint_terrain([Hex(0, 0), Hex(1, 0)], "road")
    assert sorted(seen[-1]) == [0, 1]


def test_flood_fill_stops_at_other_terrain_and_undoes(doc):
    # A water wall across column 10 splits the map.
    wall = [doc.map.to_axial(10, r) for r in range(doc.map.height)]
    doc.paint_terrain(wall, "water")
    n = doc.fill_terrain(doc.map.to_axial(0, 0), "forest")
    assert 0 < n < 20 * 16 - 16
    assert all(r[0] == "f" and r[10] == "~" and r[15] == "." for r in rows(doc))
    doc.undo_stack.undo()
    assert all(r[0] == "." for r in rows(doc))


def test_rectangle_fill(doc):
    n = doc.fill_rectangle(doc.map.to_axial(2, 3), doc.map.to_axial(4, 5), "trench")
    assert n == 9
    assert rows(doc)[4][2:5] == "ttt"
    assert doc.undo_stack.text(0) == "Fill rectangle with trench (9 hexes)"


def test_mirror_selection_horizontally_maps_columns(doc):
    m = doc.map
    sel = {m.to_axial(c, r) for r in range(0, 4) for c in range(0, 10)}
    doc.paint_terrain([m.to_axial(1, 2)], "forest")
    doc.set_selection(sel)
    doc.transform_selection("mirror_h")
    # Even rows span columns 0..9 at x = 0..9 hex widths; the axis snaps to x = 5: col 1 -> 9.
    assert rows(doc)[2][9] == "f" and rows(doc)[2][1] == "."
    assert len(doc.selection) == len(sel)
    doc.undo_stack.undo()
    assert rows(doc)[2][1] == "f"


def test_rotate_whole_map_is_exact(doc):
    m = doc.map
    doc.paint_terrain([m.to_axial(0, 0), m.to_axial(3, 1)], "forest")
    doc.set_selection(set(m.hexes()))
    doc.transform_selection("rotate_180")
    assert rows(doc)[15][19] == "f"
    assert rows(doc)[14][16] == "f"
    assert doc.selection == set(m.hexes())


@pytest.mark.parametrize("rows_", [range(1, 7), range(1, 8)])
@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize("kind", ["mirror_h", "mirror_v", "rotate_180"])
def test_transforms_are_rigid_bijections(qapp, orientation, kind, rows_):
    m = GameMap.blank("t", 12, 10)
    m.layout.orientation = orientation
    sel = {m.to_axial(c, r) for r in rows_ for c in range(2, 9)}
    tf = symmetric(m.layout.orientation, sel, kind).hex
    image = {tf(h) for h in sel}
    assert len(image) == len(sel)  # no two hexes land on one
    for h in sel:  # neighbours stay neighbours: the shape is not distorted
        for n in h.neighbors():
            if n in sel:
                assert tf(h).distance(tf(n)) == 1
    if kind == "rotate_180":
        assert {tf(h) for h in image} == sel  # a point reflection is its own inverse


def test_fort_place_move_rotate_delete_undo(doc):
    fitted = suggest_fort(doc.map, Hex(5, 5), 2)
    assert fitted is not None
    hexes, entrances, d = fitted
    fort = Fort("fort_1", "Fort 1", hexes, entrances, "neutral", d)
    doc.place_fort(fort)
    assert doc.selected_object is fort
    assert doc.overlay_hexes["capture"] == capture_hexes(doc.map, fort)
    doc.move_fort(fort, Hex(1, 0))
    assert fort.hexes[0] == Hex(6, 5)
    doc.rotate_fort(fort, 1)
    assert fort.facing == (d + 1) % 6
    doc.delete_fort(fort)
    assert doc.map.forts == []
    for _ in range(3):
        doc.undo_stack.undo()
    assert doc.map.forts == [fort] and fort.hexes[0] == Hex(5, 5)
    assert doc.undo_stack.text(0) == "Place fort Fort 1"


def test_capture_hexes_are_land_neighbours_of_entrances(doc):
    fort = Fort("f", "F", [Hex(5, 5), Hex(6, 5)], [Hex(4, 5), Hex(7, 5)])
    doc.paint_terrain([Hex(3, 5)], "water")
    doc.place_fort(fort)
    cap = capture_hexes(doc.map, fort)
    assert Hex(3, 5) not in cap  # water
    assert Hex(5, 5) not in cap  # footprint
    assert Hex(8, 5) in cap and Hex(4, 4) in cap


def test_start_markers(doc):
    mk = doc.place_start_marker(3, Hex(2, 2))
    doc.move_start_marker(mk, Hex(3, 2))
    doc.renumber_start_marker(mk, 4)
    assert (mk.number, mk.hex) == (4, Hex(3, 2))
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert (mk.number, mk.hex) == (3, Hex(2, 2))


def test_region_paint_merges_and_creates_region(doc):
    sid = doc.new_stroke_id()
    doc.paint_region("half_1_6", [Hex(1, 1)], True, sid)
    doc.paint_region("half_1_6", [Hex(2, 1)], True, sid)
    assert doc.undo_stack.count() == 1
    assert doc.map.region("half_1_6").hexes == {Hex(1, 1), Hex(2, 1)}
    doc.undo_stack.undo()
    assert doc.map.region("half_1_6") is None


def test_path_writes_covered_terrain_and_bridge(doc):
    m = doc.map
    river_hexes = [m.to_axial(5, r) for r in range(m.height)]
    doc.paint_terrain(river_hexes, "water")
    layout = m.layout.pixel_layout(1 / m.layout.hex_size)
    a = layout.hex_to_pixel(m.to_axial(0, 6))
    b = layout.hex_to_pixel(m.to_axial(11, 6))
    doc.add_path(MapPath("road_1", "road", [a, b], "road", 0.4))
    row = rows(doc)[6]
    assert row[1:5] == "====" and row[5] == "b" and row[6:11] == "====="
    doc.undo_stack.undo()
    assert rows(doc)[6][1] == "." and rows(doc)[6][5] == "~" and doc.map.paths == []


def test_copy_paste_stamp(doc):
    m = doc.map
    doc.paint_terrain([m.to_axial(1, 1), m.to_axial(2, 1)], "forest")
    doc.set_selection({m.to_axial(c, 1) for c in range(1, 3)})
    stamp = Stamp.from_selection(m, doc.selection)
    doc.paste_stamp(stamp, m.to_axial(1, 5))
    assert rows(doc)[5][1:3] == "ff"
    assert doc.undo_stack.text(doc.undo_stack.count() - 1).startswith("Paste stamp (2 hexes)")


def test_move_selection(doc):
    m = doc.map
    doc.paint_terrain([m.to_axial(1, 1)], "forest")
    doc.set_selection({m.to_axial(1, 1)})
    doc.move_selection(Hex(2, 0))
    assert rows(doc)[1][1] == "." and rows(doc)[1][3] == "f"
    assert doc.selection == {m.to_axial(3, 1)}


def test_resize_keeps_content_at_anchor(doc):
    m = doc.map
    doc.paint_terrain([m.to_axial(0, 0)], "forest")
    doc.place_start_marker(1, m.to_axial(1, 1))
    doc.resize_map(24, 20, (1.0, 1.0))
    assert (m.width, m.height) == (24, 20)
    assert rows(doc)[4][4] == "f"
    assert m.to_offset(m.start_markers[0].hex) == (5, 5)
    doc.undo_stack.undo()
    assert (m.width, m.height) == (20, 16) and rows(doc)[0][0] == "f"


def test_map_properties_and_labels(doc):
    doc.change_properties(name="Verdun", path_coverage=0.5)
    assert doc.map.name == "Verdun" and doc.map.path_coverage == 0.5
    label = Label("Bois", (1.0, 2.0))
    doc.add_label(label)
    doc.edit_label(label, text="Bois de Boule")
    doc.undo_stack.undo()
    assert label.text == "Bois"
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.map.name == "t"


def test_modified_follows_clean_index(doc):
    assert not doc.modified
    doc.paint_terrain([Hex(0, 0)], "forest")
    assert doc.modified
    doc.mark_saved("/tmp/x.map.yaml")
    assert not doc.modified
    doc.undo_stack.undo()
    assert doc.modified


def test_terrain_undo_stores_only_changed_bytes(doc):
    doc.fill_rectangle(Hex(0, 0), doc.map.to_axial(3, 0), "water")
    cmd = doc.undo_stack.command(0)
    assert len(cmd.indices) == 4 and cmd.old == bytes([TERRAIN_ID["meadow"]]) * 4


def test_changing_orientation_keeps_objects_on_their_offset_hexes(doc):
    m = doc.map
    doc.place_start_marker(1, m.to_axial(5, 7))
    doc.paint_region("half_1_6", [m.to_axial(3, 3)])
    doc.change_properties(orientation="flat", offset="even")
    assert m.to_offset(m.start_markers[0].hex) == (5, 7)
    assert {m.to_offset(h) for h in m.region("half_1_6").hexes} == {(3, 3)}
    doc.undo_stack.undo()
    assert m.layout.orientation == "pointy" and m.to_offset(m.start_markers[0].hex) == (5, 7)
