"""New map, drag and drop, recent files, revert, dialogs and problem navigation."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from editor import files
from editor.dialogs import MapPropertiesDialog, NewMapDialog, ResizeDialog
from engine.content import Problem
from engine.hexes import Hex
from tests.editor.conftest import DEFAULT_MAP

pytestmark = pytest.mark.qt


def test_new_empty_map_from_dialog_values(make_window):
    w = make_window()
    dlg = NewMapDialog(w)
    dlg.width.setValue(40)
    dlg.height.setValue(30)
    dlg.orientation.setCurrentText("flat")
    assert w.create_new_map(dlg.values())
    m = w.document.map
    assert (m.width, m.height, m.layout.orientation) == (40, 30, "flat")
    assert w.document.path is None and not w.document.modified
    assert w.windowTitle().startswith("New map")


def test_new_map_from_default_half(make_window):
    w = make_window()
    dlg = NewMapDialog(w)
    dlg.template.setCurrentIndex(dlg.template.findData("half"))
    assert w.create_new_map(dlg.values())
    m = w.document.map
    numbers = sorted(s.number for s in m.start_markers)
    assert numbers == [1, 2, 3, 4, 5, 6]
    assert len(m.forts) == 7
    half = m.region("half_7_12")
    assert all(m.terrain_at(h) == "meadow" for h in half.hexes)


def test_drop_a_file_opens_it(make_window):
    w = make_window()
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(DEFAULT_MAP))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    w.dropEvent(event)
    assert w.document.path == DEFAULT_MAP
    assert len(w.document.map.forts) == 14


def test_recent_files_and_revert(make_window, tmp_path):
    path = tmp_path / "m.map.yaml"
    files.save_map(files.open_map(DEFAULT_MAP).map, path)
    w = make_window()
    assert w.open_file(path)
    assert w.settings.recent_files()[0] == str(path.resolve())
    w._fill_recent()
    assert w.recent_menu.actions()[0].text() == "m.map.yaml"
    w.document.paint_terrain([Hex(10, 3)], "water")
    assert w.document.modified
    w.open_file(path, ask=False)  # what Revert does after confirming
    assert not w.document.modified
    assert w.document.map.terrain == files.open_map(path).map.terrain


def test_properties_and_resize_dialogs(make_window):
    w = make_window()
    dlg = MapPropertiesDialog(w.document.map, w)
    dlg.name.setText("Verdun")
    dlg.coverage.setValue(0.5)
    changes = dlg.changes()
    assert changes == {"name": "Verdun", "path_coverage": 0.5}
    w.document.change_properties(**changes)
    assert w.document.map.name == "Verdun"
    r = ResizeDialog(w.document.map, w)
    r.width.setValue(30)
    r.group.button(8).setChecked(True)
    assert r.values() == (30, 16, (1.0, 1.0))


def test_problem_with_pointer_selects_its_fort(make_window):
    opened = files.open_map(DEFAULT_MAP)
    w = make_window(opened.map, opened.path)
    fort = w.document.map.forts[3]
    w.show_problem(Problem("fort.test", "error", "test", pointer="/forts/3/entrances"))
    assert w.document.selected_object is fort
    assert w.document.selection == {fort.hexes[0]}
    assert w.document.overlay_hexes["capture"]


def test_status_bar_shows_hex_and_zoom(make_window):
    w = make_window()
    w.view.hexHovered.emit(w.document.map.to_axial(3, 5))
    assert w.hex_label.text().startswith("[3, 5]")
    assert w.terrain_label.text() == "meadow"
    w.set_zoom(2.0)
    assert w.zoom_label.text() == "200 %"


def test_problem_about_a_region_selects_the_region(make_window):
    opened = files.open_map(DEFAULT_MAP)
    w = make_window(opened.map, opened.path)
    region = w.document.map.regions[1]
    w.show_problem(Problem("region.test", "error", "test", pointer="/regions/1"))
    assert w.document.selection == region.hexes


def test_schema_invalid_but_loadable_file_opens_with_located_problems(make_window, tmp_path):
    text = DEFAULT_MAP.read_text(encoding="utf-8")
    bad = text.replace("entrances: [[1, 12], [3, 12]]", "entrances: [[1, 12]]", 1)
    assert bad != text
    path = tmp_path / "one_door.map.yaml"
    path.write_text(bad, encoding="utf-8")
    w = make_window()
    assert w.open_file(path)
    codes = {p.code for p in w.document.problems}
    assert "fort.entrance_count" in codes
    assert all(p.line for p in w.document.problems)


def test_live_validation_includes_file_format_rules(make_window, qtbot):
    from editor.commands import EditFort

    opened = files.open_map(DEFAULT_MAP)
    w = make_window(opened.map, opened.path)
    fort = w.document.map.forts[0]
    w.document.undo_stack.push(EditFort(w.document, fort, {"id": "Bad Id", "name": ""}))
    problems = w.validator.check_sync()
    assert {"schema.bad_pattern", "schema.bad_length"} <= {p.code for p in problems}
    w.show_problem(next(p for p in problems if p.code == "schema.bad_pattern"))
    assert w.document.selected_object is fort


def test_ids_typed_by_the_designer_are_cleaned():
    from editor.dialogs import clean_id

    assert clean_id("Fort Nord!", "x") == "fort_nord"
    assert clean_id("  ", "fallback") == "fallback"
    assert clean_id("half_1-6", "x") == "half_1-6"
