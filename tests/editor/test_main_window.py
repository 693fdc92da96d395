"""The main window driven through real mouse and key events on the map view's viewport."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor import files
from engine.hexes import Hex
from engine.model import GameMap
from tests.editor.conftest import DEFAULT_MAP, click, drag, send_mouse

pytestmark = pytest.mark.qt


def count(window, char: str) -> int:
    return "".join(window.document.map.terrain_rows()).count(char)


def test_window_has_menus_docks_and_tools(make_window):
    w = make_window()
    menus = [a.text().replace("&", "") for a in w.menuBar().actions()]
    assert menus == ["File", "Edit", "View", "Map", "Scenario", "Tools", "Help"]
    shortcuts = {n: a.shortcut().toString() for n, a in w.tool_actions.items()}
    assert shortcuts == {
        "brush": "B", "fill": "F", "rect": "R", "eraser": "E", "eyedropper": "I", "path": "P",
        "fort": "O", "marker": "N", "region": "G", "label": "T", "select": "S",
    }
    for dock in (w.tools_dock, w.layers_dock, w.inspector_dock, w.problems_dock,
                 w.history_dock, w.minimap_dock):
        assert dock.widget() is not None
    assert w.act_save.shortcut().toString() == "Ctrl+S"


def test_brush_stroke_is_one_undo_step(make_window, qtbot):
    w = make_window()
    w.state.set(terrain="forest", brush_radius=1)
    QTest.keyClick(w, Qt.Key.Key_B)
    drag(w, [Hex(3, 4), Hex(4, 4), Hex(5, 4), Hex(6, 4)])
    painted = count(w, "f")
    assert painted >= 13
    stack = w.document.undo_stack
    assert stack.count() == 1
    assert stack.text(0) == f"Paint forest ({painted} hexes)"
    assert w.isWindowModified()
    w.act_undo.trigger()
    assert count(w, "f") == 0
    assert not w.isWindowModified()


def test_brush_size_says_how_many_hexes_a_dab_paints(make_window):
    """Radius 0 read "Brush size 0", as if the brush painted nothing."""
    w = make_window()
    shown = []
    for radius in range(4):
        w.state.set(brush_radius=radius)
        shown.append(w.tools_panel.size_label.text())
    assert shown == ["1 hex", "7 hexes", "19 hexes", "37 hexes"]


def test_shift_click_draws_a_line(make_window):
    w = make_window()
    w.set_tool("brush")
    w.state.set(terrain="road", brush_radius=0)
    click(w, Hex(2, 2))
    click(w, Hex(9, 2), modifiers=Qt.KeyboardModifier.ShiftModifier)
    assert all(w.document.map.terrain_at(Hex(q, 2)) == "road" for q in range(2, 10))


def test_flood_fill_and_eyedropper(make_window):
    w = make_window()
    w.set_tool("brush")
    w.state.set(terrain="water")
    m = w.document.map
    wall = [m.to_axial(8, r) for r in range(m.height)]
    w.document.paint_terrain(wall, "water")
    w.set_tool("eyedropper")
    click(w, m.to_axial(8, 3))
    w.state.set(terrain="forest")
    click(w, m.to_axial(8, 3))
    assert w.state.terrain == "water"
    w.state.set(terrain="forest")
    QTest.keyClick(w, Qt.Key.Key_F)
    assert w.current_tool.name == "fill"
    click(w, m.to_axial(2, 2))
    rows = m.terrain_rows()
    assert all(r[:8] == "f" * 8 and r[9:] == "." * (m.width - 9) for r in rows)
    assert w.document.undo_stack.text(w.document.undo_stack.count() - 1).startswith("Fill forest")


def test_rectangle_and_eraser(make_window):
    w = make_window()
    m = w.document.map
    w.state.set(terrain="trench")
    w.set_tool("rect")
    drag(w, [m.to_axial(2, 2), m.to_axial(3, 3), m.to_axial(5, 4)])
    assert count(w, "t") == 12
    w.set_tool("eraser")
    w.state.set(brush_radius=0)
    click(w, m.to_axial(3, 3))
    assert count(w, "t") == 11
    assert w.document.undo_stack.text(1) == "Erase (1 hex)"


def test_fort_and_markers_change_the_problems_panel(make_window, qtbot):
    w = make_window(GameMap.blank("t", 20, 16))
    qtbot.waitUntil(lambda: w.validator.generation > 0, timeout=10000)
    w.validate_now()
    before = {p.code for p in w.document.problems}
    w.set_tool("fort")
    click(w, Hex(6, 6))
    assert len(w.document.map.forts) == 1
    fort = w.document.map.forts[0]
    assert len(fort.entrances) == 2
    assert w.document.selected_object is fort
    assert w.document.overlay_hexes["capture"]
    assert w.inspector.fort_id.text() == fort.id
    w.set_tool("marker")
    w.state.set(marker_number=5)
    click(w, Hex(2, 12))
    w.state.set(marker_number=5)
    click(w, Hex(12, 12))
    numbers = [m.number for m in w.document.map.start_markers]
    assert numbers == [5, 5]
    qtbot.waitUntil(
        lambda: any("duplicate" in p.code for p in w.document.problems), timeout=10000
    )
    assert w.problems_panel.count() == len(w.document.problems)
    assert {p.code for p in w.document.problems} != before
    dup = next(p for p in w.document.problems if "duplicate" in p.code)
    w.show_problem(dup)
    assert w.document.selection == {w.document.map.to_axial(*dup.hex)}


def test_drag_marker_and_fort_to_move(make_window):
    w = make_window()
    w.set_tool("marker")
    click(w, Hex(3, 3))
    marker = w.document.map.start_markers[0]
    drag(w, [Hex(3, 3), Hex(4, 3), Hex(6, 3)])
    assert marker.hex == Hex(6, 3)
    w.set_tool("fort")
    click(w, Hex(8, 8))
    fort = w.document.map.forts[0]
    start = fort.hexes[0]
    drag(w, [start, start + Hex(0, 1), start + Hex(1, 1)])
    assert fort.hexes[0] == start + Hex(1, 1)
    send_mouse(w, "press", fort.hexes[0], button=Qt.MouseButton.RightButton)
    assert w.document.undo_stack.text(w.document.undo_stack.count() - 1).startswith("Rotate")


def test_select_and_mirror_selection(make_window):
    w = make_window()
    m = w.document.map
    w.document.paint_terrain([m.to_axial(1, 2)], "forest")
    QTest.keyClick(w, Qt.Key.Key_S)
    drag(w, [m.to_axial(0, 0), m.to_axial(4, 2), m.to_axial(9, 3)])
    assert len(w.document.selection) == 40
    QTest.keyClick(w, Qt.Key.Key_X)
    assert m.terrain_at(m.to_axial(9, 2)) == "forest"
    assert m.terrain_at(m.to_axial(1, 2)) == "meadow"
    assert w.document.undo_stack.text(w.document.undo_stack.count() - 1) == (
        "Mirror selection horizontally"
    )


def test_copy_paste_with_keyboard(make_window):
    w = make_window()
    m = w.document.map
    w.document.paint_terrain([m.to_axial(1, 1), m.to_axial(2, 1)], "water")
    w.set_tool("select")
    drag(w, [m.to_axial(1, 1), m.to_axial(2, 1)])
    QTest.keySequence(w, "Ctrl+C")
    QTest.keySequence(w, "Ctrl+V")
    click(w, m.to_axial(5, 7))
    assert m.terrain_rows()[7][5:7] == "~~"


def test_save_reopen_compare(make_window, tmp_path):
    opened = files.open_map(DEFAULT_MAP)
    w = make_window(opened.map, opened.path)
    w.set_tool("brush")
    w.state.set(terrain="forest", brush_radius=0)
    target = next(h for h in w.document.map.hexes() if w.document.map.terrain_at(h) == "meadow"
                  and h not in w.document.map.fort_at())
    click(w, target)
    out = tmp_path / "edited.map.yaml"
    assert w.save_to(out)
    assert not w.document.modified
    again = files.open_map(out)
    assert again.map.terrain == w.document.map.terrain
    assert again.map.terrain_at(target) == "forest"
    assert [f.id for f in again.map.forts] == sorted(f.id for f in w.document.map.forts)
    assert {(s.number, s.hex) for s in again.map.start_markers} == {
        (s.number, s.hex) for s in w.document.map.start_markers
    }
    w2 = make_window()
    assert w2.open_file(out)
    assert w2.document.map.terrain == again.map.terrain
    assert w2.document.path == out


def test_open_unparsable_file_shows_located_message(make_window, tmp_path):
    bad = tmp_path / "bad.map.yaml"
    bad.write_text("$schema: https://trenchclub.studio/schema/map.schema.json\nwidth: [1,\n")
    w = make_window()
    assert not w.open_file(bad)
    title, msg = w.errors[-1]
    assert title == "Cannot open file"
    assert f"{bad}:3:1" in msg and "Traceback" not in msg


def test_open_semantically_invalid_file_lists_its_problems(make_window, tmp_path):
    text = DEFAULT_MAP.read_text(encoding="utf-8")
    broken = text.replace("number: 2,", "number: 1,", 1)
    assert broken != text
    path = tmp_path / "dup.map.yaml"
    path.write_text(broken, encoding="utf-8")
    w = make_window()
    assert w.open_file(path)
    assert w.problems_panel.count() >= 1
    assert any(p.line for p in w.document.problems)


def test_alt_click_with_brush_picks_terrain(make_window):
    w = make_window()
    w.document.paint_terrain([Hex(4, 4)], "trench")
    w.set_tool("brush")
    w.state.set(terrain="forest")
    click(w, Hex(4, 4), modifiers=Qt.KeyboardModifier.AltModifier)
    assert w.state.terrain == "trench"
    assert w.tools_panel.terrain_buttons.checkedButton().objectName() == "terrain_trench"
    assert w.document.undo_stack.count() == 1


def test_every_tool_has_an_icon(make_window):
    w = make_window()
    for name, action in w.tool_actions.items():
        image = action.icon().pixmap(32, 32).toImage()
        assert not action.icon().isNull(), name
        opaque = sum(image.pixelColor(x, y).alpha() > 0 for x in range(32) for y in range(32))
        assert opaque > 30, name
