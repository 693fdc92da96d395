"""Finding 8 of issue 13 (layout and habits): Ctrl+Shift+Z redoes like Ctrl+Y, Export opens
in the map's folder, the main tool bar has icons, the map gets half the window at 1280×720."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QToolBar

from editor import files
from editor.export_dialog import ExportDialog
from engine.model import GameMap

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def forest_count(w) -> int:
    m = w.document.map
    return sum(1 for h in m.hexes() if m.terrain_at(h) == "forest")


def test_ctrl_shift_z_and_ctrl_y_both_redo(make_window):
    w = make_window()
    m = w.document.map
    w.document.paint_terrain([m.to_axial(2, 2)], "forest")
    for redo in ((Qt.Key.Key_Z, CTRL | SHIFT), (Qt.Key.Key_Y, CTRL)):
        QTest.keyClick(w.view, Qt.Key.Key_Z, CTRL)
        assert forest_count(w) == 0
        QTest.keyClick(w.view, *redo)
        assert forest_count(w) == 1, redo


def test_export_opens_in_the_folder_of_the_map(make_window, tmp_path, qtbot):
    folder = tmp_path / "campaign"
    folder.mkdir()
    path = folder / "verdun.map.yaml"
    files.save_map(GameMap.blank("verdun", 20, 16, name="Verdun"), path)
    w = make_window(files.open_map(path).map, path)
    seen: list[Path] = []

    def look() -> None:
        dlg = QApplication.activeModalWidget()
        if not isinstance(dlg, ExportDialog):
            QTimer.singleShot(50, look)
            return
        seen.append(Path(dlg.path_edit.text()))
        dlg.reject()

    QTimer.singleShot(0, look)
    QTest.keyClick(w.view, Qt.Key.Key_E, CTRL)
    qtbot.waitUntil(lambda: bool(seen), timeout=10000)
    assert seen[0].parent == folder.resolve()


def test_main_toolbar_actions_have_icons(make_window):
    w = make_window()
    (tb,) = [t for t in w.findChildren(QToolBar) if t.objectName() == "mainToolBar"]
    acts = [a for a in tb.actions() if not a.isSeparator()]
    assert len(acts) >= 10
    assert all(not a.icon().isNull() for a in acts), [a.text() for a in acts if a.icon().isNull()]


def test_map_gets_half_the_window_at_1280x720(make_window, qtbot):
    w = make_window()
    w.resize(1280, 720)
    qtbot.waitUntil(lambda: w.width() == 1280 and w.height() == 720)
    QApplication.processEvents()
    vp = w.view.viewport()
    assert vp.width() * vp.height() >= 0.5 * 1280 * 720, (vp.width(), vp.height())
