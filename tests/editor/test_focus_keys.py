"""Single-key shortcuts must not fire while the user types into a panel field."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.editor.conftest import click

pytestmark = pytest.mark.qt


def test_typing_in_inspector_does_not_trigger_tool_or_terrain_keys(make_window, qtbot):
    w = make_window()
    w.set_tool("fort")
    click(w, w.document.map.to_axial(6, 6))
    fort = w.document.map.forts[0]
    field = w.inspector.fort_name
    field.setFocus()
    qtbot.waitUntil(field.hasFocus, timeout=10000)
    field.selectAll()
    QTest.keyClicks(field, "Bxy 3")
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert fort.name == "Bxy 3"
    assert w.current_tool.name == "fort"
    assert w.state.terrain == "forest"
    assert "Mirror" not in w.document.undo_stack.text(w.document.undo_stack.count() - 1)
