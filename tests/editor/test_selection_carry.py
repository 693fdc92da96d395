"""Selection edits carry paths, labels, forts and markers with the hexes, as one undo step
(issue 13, findings 1 and 2), driven through the document and through the real window."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor import commands as cmd
from editor.commands import Stamp
from editor.document import MapDocument
from engine.geometry import unit_layout
from engine.geometry_transform import carry, symmetric, translation
from engine.hexes import Hex
from engine.model import TERRAIN_ID, Fort, GameMap, Label, MapPath
from tests.editor.conftest import drag
from tests.engine.map_strategies import TRANSFORM_CASES, assert_same_map, map_and_selection

LAY = unit_layout("pointy")
WATER, ROAD = TERRAIN_ID["water"], TERRAIN_ID["road"]


def centre(m: GameMap, col: int, row: int) -> tuple[float, float]:
    return LAY.hex_to_pixel(m.to_axial(col, row))


def river_road_map() -> GameMap:
    """20×16: a river along row 3 (cols 2-6), a road along row 5 (cols 2-6), a label."""
    m = GameMap.blank("t", 20, 16, name="T")
    for c in range(2, 7):
        m.terrain[m.index(m.to_axial(c, 3))] = WATER
        m.terrain[m.index(m.to_axial(c, 5))] = ROAD
    m.paths.append(MapPath("aire", "river", [centre(m, 2, 3), centre(m, 6, 3)], "water", 0.6))
    m.paths.append(MapPath("rd", "road", [centre(m, 2, 5), centre(m, 6, 5)], "road", 0.4))
    m.labels.append(Label("Aire", centre(m, 3, 4), 1.0, 10.0))
    return m


@pytest.fixture
def doc(qapp):
    return MapDocument(river_road_map())


def test_mirror_moves_river_road_and_label_in_one_undo_step(doc):
    m = doc.map
    before = copy.deepcopy(m)
    doc.set_selection({m.to_axial(c, r) for c in range(0, 12) for r in range(2, 7)})
    n = doc.undo_stack.count()
    doc.transform_selection("mirror_h")
    assert doc.undo_stack.count() == n + 1
    mp = symmetric("pointy", before_selection(before), "mirror_h")
    river = m.paths[[p.id for p in m.paths].index("aire")]
    assert river.points[0] == pytest.approx(mp.point(centre(before, 2, 3)))
    assert m.labels[0].at == pytest.approx(mp.point(centre(before, 3, 4)))
    assert m.labels[0].rotation == -10.0
    doc.undo_stack.undo()
    assert m == before


def before_selection(m: GameMap) -> set[Hex]:
    return {m.to_axial(c, r) for c in range(0, 12) for r in range(2, 7)}


def test_drag_move_rotate_and_paste_carry_lines(doc):
    m = doc.map
    sel = before_selection(m)
    doc.set_selection(sel)
    doc.move_selection(Hex(4, 0))
    assert m.terrain_at(m.to_axial(10, 3)) == "water"
    assert {p.id for p in m.paths} == {"aire", "rd"}
    assert m.paths[0].points[-1] == pytest.approx(translation("pointy", Hex(4, 0)).point(
        centre(m, 6, 3)))
    doc.transform_selection("rotate_180")
    assert len(m.paths) == 2 and len(m.labels) == 1
    stamp = Stamp.from_selection(m, doc.selection)
    doc.paste_stamp(stamp, m.to_axial(1, 10))
    assert len(m.paths) == 4 and len(m.labels) == 2
    assert len({p.id for p in m.paths}) == 4  # pasted lines get fresh ids


def test_erasing_road_hexes_removes_that_part_of_the_road_line(doc):
    m = doc.map
    doc.set_selection({m.to_axial(c, 5) for c in range(4, 8)})
    doc.delete_selection()
    roads = [p for p in m.paths if p.kind == "road"]
    assert len(roads) == 1
    assert max(x for x, _ in roads[0].points) < centre(m, 4, 5)[0]
    assert m.terrain_at(m.to_axial(3, 5)) == "road" and m.terrain_at(m.to_axial(4, 5)) == "meadow"
    doc.undo_stack.undo()
    assert m == river_road_map()


def test_copy_to_other_side_names_the_fort_it_cannot_carry(doc):
    m = doc.map
    # The fort's east entrance lies in the other half (cols 10+).
    m.forts.append(Fort("F3", "Verdun", [m.to_axial(8, 8), m.to_axial(9, 8)],
                        [m.to_axial(7, 8), m.to_axial(10, 8)]))
    notices: list[str] = []
    doc.notice.connect(notices.append)
    doc.set_selection({m.to_axial(c, r) for c in range(10) for r in range(16)})
    doc.copy_to_other_side()
    assert [f.id for f in m.forts] == ["F3"]  # still there, not silently deleted
    assert notices and "fort F3 (Verdun): entrance lies outside the selection" in notices[0]
    # The rivers and roads reach the other side too.
    assert len(m.paths) == 4 and len(m.labels) == 2


@settings(max_examples=TRANSFORM_CASES, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_selection_edits_and_their_inverse_and_undo_restore_the_map(qapp, data):
    """Through the document's commands: transform then inverse gives back the map, undo
    restores it exactly, redo replays the same edit (TC_TRANSFORM_CASES random cases)."""
    m, sel = data.draw(map_and_selection())
    before = copy.deepcopy(m)
    doc = MapDocument(m)
    doc.set_selection(sel)
    kind = data.draw(st.sampled_from(["move", "mirror_h", "mirror_v", "rotate_180"]))
    if kind == "move":
        delta = data.draw(st.sampled_from([Hex(1, 0), Hex(0, -1), Hex(-1, 1)]))
        mapping = translation(m.layout.orientation, delta)
        doc.move_selection(delta)
    else:
        mapping = symmetric(m.layout.orientation, sel, kind)
        doc.transform_selection(kind)
    there = carry(before, mapping, sel)
    assert_same_map(doc.map, there.map, tol=0.0)
    assert doc.selection == there.landed
    back = carry(doc.map, mapping.inverse(), doc.selection)
    doc.undo_stack.push(cmd.ApplyCarried(doc, back, "Inverse"))
    assert_same_map(doc.map, before)
    assert doc.selection == sel
    doc.undo_stack.undo()
    assert_same_map(doc.map, there.map, tol=0.0)
    doc.undo_stack.undo()
    assert doc.map == before
    assert doc.selection == sel
    doc.undo_stack.redo()
    assert_same_map(doc.map, there.map, tol=0.0)
    doc.undo_stack.undo()
    assert doc.map == before


def test_pressing_x_mirrors_river_road_and_label_on_the_canvas(make_window, qtbot):
    w = make_window(river_road_map())
    m = w.document.map
    w.set_tool("select")
    drag(w, [m.to_axial(1, 2), m.to_axial(8, 6)])
    assert m.to_axial(3, 4) in w.document.selection
    old_paths = copy.deepcopy(m.paths)
    old_label = m.labels[0].at
    mp = symmetric("pointy", w.document.selection, "mirror_h")
    w.view.setFocus()
    QTest.keyClick(w.view, Qt.Key.Key_X)
    for old, new in zip(sorted(old_paths, key=lambda p: p.id),
                        sorted(m.paths, key=lambda p: p.id), strict=True):
        assert new.points != old.points
        want = sorted(mp.point(p) for p in old.points)
        assert [c for p in sorted(new.points) for c in p] == pytest.approx(
            [c for p in want for c in p])
    assert m.labels[0].at == pytest.approx(mp.point(old_label))
    assert m.terrain_at(mp.hex(m.to_axial(2, 3))) == "water"
    w.act_undo.trigger()
    assert m.paths == old_paths and m.labels[0].at == old_label


def test_copy_to_other_side_names_the_fort_in_the_status_bar(make_window):
    m = river_road_map()
    m.forts.append(Fort("F3", "Verdun", [m.to_axial(8, 8), m.to_axial(9, 8)],
                        [m.to_axial(7, 8), m.to_axial(10, 8)]))
    w = make_window(m)
    w.document.set_selection({m.to_axial(c, r) for c in range(10) for r in range(16)})
    w.act_other_side.trigger()
    assert "fort F3 (Verdun)" in w.statusBar().currentMessage()
    assert [f.id for f in w.document.map.forts] == ["F3"]


def test_eraser_stroke_cuts_the_road_line_over_erased_road_hexes(make_window):
    w = make_window(river_road_map())
    m = w.document.map
    w.set_tool("eraser")
    w.state.set(brush_radius=0)
    n = w.document.undo_stack.count()
    drag(w, [m.to_axial(4, 5), m.to_axial(5, 5)])
    assert w.document.undo_stack.count() == n + 1  # the whole stroke is one step
    assert m.terrain_at(m.to_axial(4, 5)) == "meadow"
    roads = sorted((p for p in m.paths if p.kind == "road"), key=lambda p: p.points[0][0])
    assert [len(roads), roads[0].points[-1][0] < centre(m, 4, 5)[0]] == [2, True]
    assert roads[1].points[0][0] > centre(m, 5, 5)[0]
    assert [p.id for p in m.paths if p.kind == "river"] == ["aire"]  # untouched
    w.act_undo.trigger()
    assert m == river_road_map()


def test_resize_names_the_fort_that_falls_off(doc):
    m = doc.map
    m.forts.append(Fort("F9", "Douaumont", [m.to_axial(17, 8), m.to_axial(18, 8)],
                        [m.to_axial(16, 8), m.to_axial(19, 8)]))
    notices: list[str] = []
    doc.notice.connect(notices.append)
    doc.resize_map(18, 16, (0.0, 0.0))
    assert doc.map.forts == []
    assert notices == ["Not carried: fort F9 (Douaumont): footprint would leave the map"]
    doc.undo_stack.undo()
    assert [f.id for f in doc.map.forts] == ["F9"]
