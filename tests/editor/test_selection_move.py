"""Finding 3 of issue 13: a plain drag always draws a new selection (even inside a
whole-map selection restored by undo); moving is explicit (Alt+drag) and never pushes a fort
or start marker off the map."""

from __future__ import annotations

import copy

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from engine.hexes import Hex
from engine.model import TERRAIN_ID, Fort, GameMap
from tests.editor.conftest import drag
from tests.engine.map_strategies import assert_same_map

FOREST = TERRAIN_ID["forest"]
ALT = Qt.KeyboardModifier.AltModifier


def marked_map() -> GameMap:
    """20×16 with forest on (5, 5) and a one-hex fort near the right edge."""
    m = GameMap.blank("t", 20, 16, name="T")
    m.terrain[m.index(m.to_axial(5, 5))] = FOREST
    h = m.to_axial(18, 8)
    m.forts.append(Fort("F1", "Verdun", [h], [h + Hex(-1, 0), h + Hex(-1, 1)]))
    return m


def test_plain_drag_after_undo_of_select_all_draws_a_rectangle(make_window, qtbot):
    w = make_window(marked_map())
    m = w.document.map
    before = copy.deepcopy(m)
    w.set_tool("select")
    QTest.keyClick(w.view, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert len(w.document.selection) == m.width * m.height
    w.document.paint_terrain([m.to_axial(0, 0)], "forest")
    QTest.keyClick(w.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert_same_map(m, before)
    drag(w, [m.to_axial(2, 2), m.to_axial(3, 3), m.to_axial(4, 4)])
    assert_same_map(m, before)
    assert w.document.selection == {
        m.to_axial(c, r) for c in range(2, 5) for r in range(2, 5)
    }


def test_alt_drag_moves_the_selection_as_one_undo_step(make_window):
    w = make_window(marked_map())
    m = w.document.map
    w.set_tool("select")
    drag(w, [m.to_axial(4, 4), m.to_axial(6, 6)])
    n = w.document.undo_stack.count()
    drag(w, [m.to_axial(5, 5), m.to_axial(6, 5), m.to_axial(7, 5)], modifiers=ALT)
    assert w.document.undo_stack.count() == n + 1
    assert m.terrain[m.index(m.to_axial(7, 5))] == FOREST
    assert m.terrain[m.index(m.to_axial(5, 5))] != FOREST


def test_alt_drag_pushing_a_fort_off_the_map_is_refused_with_its_name(make_window):
    w = make_window(marked_map())
    m = w.document.map
    before = copy.deepcopy(m)
    w.set_tool("select")
    drag(w, [m.to_axial(14, 6), m.to_axial(19, 10)])
    n = w.document.undo_stack.count()
    drag(w, [m.to_axial(15, 8), m.to_axial(17, 8), m.to_axial(18, 8)], modifiers=ALT)
    assert w.document.undo_stack.count() == n
    assert_same_map(m, before)
    message = w.statusBar().currentMessage()
    assert message.startswith("Move refused") and "F1" in message


def test_move_selection_refuses_a_start_marker_leaving_the_map(make_window):
    w = make_window(marked_map())
    doc = w.document
    doc.place_start_marker(1, doc.map.to_axial(19, 2))
    doc.set_selection({doc.map.to_axial(19, 2), doc.map.to_axial(18, 2)})
    assert doc.move_selection(Hex(1, 0)) is False
    assert "start marker 1" in w.statusBar().currentMessage()
    assert doc.map.start_markers[0].hex == doc.map.to_axial(19, 2)
