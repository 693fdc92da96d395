"""Issue 13, item 3 / finding 8: the stamp library. Save the selection (with forts, paths and
everything) as a named stamp in the user's library folder, see it listed with a thumbnail,
place it (X/Y/Z turn it first) as one undo step; files are map content files written
atomically, and an unreadable one is listed without breaking the others."""

from __future__ import annotations

import copy

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor.stamp_library import STAMP_REGION, StampLibrary, crop
from engine.content import load_file
from engine.hexes import Hex
from engine.model import TERRAIN_ID, Fort, GameMap, MapPath
from tests.editor.conftest import click, send_mouse
from tests.engine.map_strategies import assert_same_map

FOREST, WATER = TERRAIN_ID["forest"], TERRAIN_ID["water"]


def fort_map() -> GameMap:
    m = GameMap.blank("t", 20, 16, name="T")
    h = m.to_axial(4, 4)
    m.forts.append(Fort("fort_1", "Verdun", [h], [h + Hex(-1, 0), h + Hex(1, 0)]))
    m.terrain[m.index(m.to_axial(3, 5))] = FOREST
    m.terrain[m.index(m.to_axial(5, 3))] = WATER
    m.paths.append(MapPath("river_1", "river", [(4.0, 4.5), (9.0, 4.5)], "water", 0.5))
    return m


def test_crop_keeps_everything_and_names_the_stamp_hexes():
    m = fort_map()
    sel = {m.to_axial(c, r) for c in range(2, 7) for r in range(3, 6)}
    tile = crop(m, sel, "Fort corner")
    assert len(tile.forts) == 1 and tile.forts[0].name == "Verdun"
    assert tile.paths and tile.paths[0].kind == "river"
    region = next(r for r in tile.regions if r.id == STAMP_REGION)
    assert len(region.hexes) == len(sel)
    assert all(tile.in_bounds(h) for h in region.hexes)
    assert sorted(tile.terrain).count(FOREST) == 1


def test_save_list_place_and_undo_through_the_dock(make_window, tmp_path):
    library = StampLibrary(tmp_path / "lib")
    w = make_window(fort_map(), stamps=library)
    doc = w.document
    m = doc.map
    panel = w.stamps_panel
    assert panel.list.count() == 0 and not panel.save_button.isEnabled()
    doc.set_selection({m.to_axial(c, r) for c in range(2, 7) for r in range(3, 6)})
    assert panel.save_button.isEnabled()
    panel.ask_name = lambda suggestion: "Fort corner"
    panel.save_button.click()
    assert panel.list.count() == 1
    item = panel.list.item(0)
    assert item.text() == "Fort corner" and not item.icon().isNull()
    saved = library.stamps()[0]
    assert load_file(saved.path, "map").model is not None  # a plain map content file
    before = copy.deepcopy(m)
    # Double-click floats it; X mirrors it; a click places it as one undo step.
    panel.list.setCurrentItem(item)
    panel.list.itemDoubleClicked.emit(item)
    target = m.to_axial(12, 10)
    send_mouse(w, "move", target, button=Qt.MouseButton.NoButton)
    assert w.document.draft is not None and w.document.draft.terrain
    QTest.keyClick(w.view, Qt.Key.Key_X)
    depth = doc.undo_stack.count()
    click(w, target)
    assert doc.undo_stack.count() == depth + 1
    assert len(m.forts) == 2
    placed = next(f for f in m.forts if f.id != "fort_1")
    assert placed.name.startswith("Verdun")
    assert len(m.paths) == 2
    doc.undo_stack.undo()
    assert_same_map(m, before)


def test_replacing_asks_and_unreadable_stamps_are_listed(make_window, tmp_path):
    library = StampLibrary(tmp_path / "lib")
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "broken.map.yaml").write_text("width: [oops\n", encoding="utf-8")
    w = make_window(fort_map(), stamps=library)
    panel = w.stamps_panel
    assert panel.list.count() == 1 and "unreadable" in panel.list.item(0).text()
    doc = w.document
    doc.set_selection({doc.map.to_axial(2, 2)})
    assert panel.save_selection("One") is not None
    asked = []
    panel.confirm = lambda q: asked.append(q) or False
    assert panel.save_selection("One") is None  # declined: the old stamp stays
    assert asked and "Replace" in asked[0]
    panel.list.setCurrentRow([panel.list.item(i).text() for i in
                              range(panel.list.count())].index("One"))
    panel.confirm = lambda q: True
    assert panel.delete_selected()
    assert [s.name for s in library.stamps()] == ["broken"]
    reported = []
    panel.report = reported.append
    panel.list.setCurrentRow(0)
    assert panel.place_selected() is None
    assert reported and "broken" in reported[0]
