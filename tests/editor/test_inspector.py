"""The properties inspector edits the selected object through undo commands."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from engine.hexes import Hex
from tests.editor.conftest import click

pytestmark = pytest.mark.qt


def test_fort_owner_and_id_edits_are_undoable(make_window, qtbot):
    w = make_window()
    w.set_tool("fort")
    click(w, Hex(6, 6))
    fort = w.document.map.forts[0]
    combo = w.inspector.fort_owner
    combo.setCurrentText("FR")
    combo.activated.emit(combo.currentIndex())
    assert fort.owner == "FR"
    field = w.inspector.fort_id
    field.setFocus()
    qtbot.waitUntil(field.hasFocus, timeout=10000)
    field.selectAll()
    QTest.keyClicks(field, "fort_nord")
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert fort.id == "fort_nord"
    w.act_undo.trigger()
    w.act_undo.trigger()
    assert (fort.id, fort.owner) == ("fort_1", "neutral")
    assert w.inspector.fort_id.text() == "fort_1"


def test_taken_fort_id_is_refused(make_window, qtbot):
    w = make_window()
    w.set_tool("fort")
    click(w, Hex(3, 3))
    click(w, Hex(10, 10))
    second = w.document.map.forts[1]
    assert w.document.selected_object is second
    w.inspector.fort_id.setText("fort_1")
    w.inspector.fort_id.editingFinished.emit()
    assert second.id == "fort_2"
    assert w.inspector.fort_id.text() == "fort_2"


def test_marker_renumber_from_inspector(make_window):
    w = make_window()
    w.set_tool("marker")
    click(w, Hex(4, 4))
    marker = w.document.map.start_markers[0]
    w.inspector.marker_number.setValue(9)
    assert marker.number == 9
    assert "Renumber start marker 1 → 9" in w.document.undo_stack.text(1)
