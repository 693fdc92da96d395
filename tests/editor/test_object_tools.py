"""Path, region, label and selection-move tools through the map view."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from engine.hexes import Hex
from tests.editor.conftest import click, drag, send_mouse

pytestmark = pytest.mark.qt


def test_path_double_click_finishes_road_with_bridge(make_window):
    w = make_window()
    m = w.document.map
    w.document.paint_terrain([m.to_axial(8, r) for r in range(m.height)], "water")
    QTest.keyClick(w, Qt.Key.Key_P)
    w.state.set(path_kind="road")
    click(w, m.to_axial(2, 6))
    send_mouse(w, "move", m.to_axial(9, 6), button=Qt.MouseButton.NoButton)
    assert w.document.overlay_hexes.get("preview")  # coverage shown live while drawing
    click(w, m.to_axial(14, 6))
    send_mouse(w, "double", m.to_axial(14, 6))
    send_mouse(w, "release", m.to_axial(14, 6))
    assert len(m.paths) == 1 and m.paths[0].kind == "road"
    row = m.terrain_rows()[6]
    assert row[8] == "b" and row[5] == "=" and row[12] == "="
    assert w.document.undo_stack.count() == 2  # the wall, then the path with its terrain
    w.act_undo.trigger()
    assert m.terrain_rows()[6][5] == "." and m.paths == []


def test_path_enter_finishes_and_escape_cancels(make_window):
    w = make_window()
    m = w.document.map
    w.set_tool("path")
    w.state.set(path_kind="river")
    click(w, m.to_axial(3, 2))
    QTest.keyClick(w.view, Qt.Key.Key_Escape)
    assert w.tools["path"].points == []
    click(w, m.to_axial(3, 2))
    click(w, m.to_axial(3, 10))
    QTest.keyClick(w.view, Qt.Key.Key_Return)
    assert [p.kind for p in m.paths] == ["river"]
    assert "~" in "".join(m.terrain_rows())


def test_region_tool_paints_and_right_button_removes(make_window):
    w = make_window()
    QTest.keyClick(w, Qt.Key.Key_G)
    w.state.set(region_id="half_1_6", brush_radius=1)
    drag(w, [Hex(4, 4), Hex(6, 4)])
    region = w.document.map.region("half_1_6")
    assert region is not None and len(region.hexes) >= 10
    n = len(region.hexes)
    w.state.set(brush_radius=0)
    click(w, Hex(5, 4), button=Qt.MouseButton.RightButton)
    assert len(region.hexes) == n - 1
    assert w.document.undo_stack.text(0).startswith("Paint region half_1_6")


def test_label_tool_adds_and_moves_label(make_window):
    w = make_window()
    w.set_tool("label")
    w.tools["label"].ask_text = lambda: "Bois de Boule"
    click(w, Hex(5, 5))
    labels = w.document.map.labels
    assert [lab.text for lab in labels] == ["Bois de Boule"]
    before = labels[0].at
    drag(w, [Hex(5, 5), Hex(8, 5)])
    assert labels[0].at != before
    assert w.inspector.label_text.text() == "Bois de Boule"


def test_select_alt_drag_moves_content_and_magic_wand(make_window):
    w = make_window()
    m = w.document.map
    w.document.paint_terrain([m.to_axial(2, 2), m.to_axial(3, 2)], "forest")
    w.set_tool("select")
    w.state.set(wand=True)
    click(w, m.to_axial(2, 2))
    assert w.document.selection == {m.to_axial(2, 2), m.to_axial(3, 2)}
    drag(w, [m.to_axial(2, 2), m.to_axial(2, 5)], modifiers=Qt.KeyboardModifier.AltModifier)
    assert m.terrain_rows()[2][2:4] == ".."
    assert "ff" in m.terrain_rows()[5]


def test_delete_key_removes_selected_fort(make_window):
    w = make_window()
    w.set_tool("fort")
    click(w, Hex(6, 6))
    assert w.document.map.forts
    QTest.keyClick(w, Qt.Key.Key_Delete)
    assert not w.document.map.forts


def test_fort_entrance_and_footprint_editing(make_window):
    w = make_window()
    w.set_tool("fort")
    click(w, Hex(6, 6))
    fort = w.document.map.forts[0]
    old = list(fort.entrances)
    # A hex touching the footprint that is neither footprint nor entrance.
    spot = next(n for x in fort.hexes for n in x.neighbors()
                if n not in fort.hexes and n not in fort.entrances)
    click(w, spot, modifiers=Qt.KeyboardModifier.ShiftModifier)
    assert spot in fort.entrances and len(fort.entrances) == 2
    assert set(fort.entrances) != set(old)
    grow = next(n for x in fort.hexes for n in x.neighbors()
                if n not in fort.hexes and n not in fort.entrances)
    click(w, grow, modifiers=Qt.KeyboardModifier.ControlModifier)
    assert grow in fort.hexes
    click(w, grow, modifiers=Qt.KeyboardModifier.ControlModifier)
    assert grow not in fort.hexes
    texts = [w.document.undo_stack.text(i) for i in range(w.document.undo_stack.count())]
    assert texts[1:] == ["Set entrance of fort Fort 1", "Grow fort Fort 1", "Shrink fort Fort 1"]


def test_select_tool_picks_paths_and_labels(make_window):
    from engine.model import Label, MapPath

    w = make_window()
    m = w.document.map
    unit = m.layout.pixel_layout(1 / m.layout.hex_size)
    a, b = unit.hex_to_pixel(m.to_axial(1, 3)), unit.hex_to_pixel(m.to_axial(12, 3))
    w.document.add_path(MapPath("road_1", "road", [a, b], "road", 0.45))
    w.document.add_label(Label("Bois", unit.hex_to_pixel(m.to_axial(6, 9))))
    w.set_tool("select")
    click(w, m.to_axial(6, 3))
    assert w.document.selected_object is m.paths[0]
    assert w.inspector.path_id.text() == "road_1"
    click(w, m.to_axial(6, 9))
    assert w.document.selected_object is m.labels[0]
    click(w, m.to_axial(6, 12))
    assert w.document.selected_object is None
