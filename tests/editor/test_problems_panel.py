"""Finding 5 of issue 13: the Problems panel says where in words, pluralises, fits a region
when its problem is clicked, and shows at least six rows by default."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor.panels.problems import MIN_ROWS
from engine.model import Fort, GameMap, Region


def halves_map() -> GameMap:
    """20×16 split into half_1_6 (cols 0-9) and half_7_12 (cols 10-19), one fort in the
    first half at (4, 7)."""
    m = GameMap.blank("t", 20, 16, name="T")
    left = {m.to_axial(c, r) for c in range(10) for r in range(16)}
    right = {m.to_axial(c, r) for c in range(10, 20) for r in range(16)}
    m.regions += [Region("half_1_6", "North", left), Region("half_7_12", "South", right)]
    a = m.to_axial(4, 7)
    m.forts.append(Fort("F3", "Verdun", [a], [a.neighbor(3), a.neighbor(0)]))
    return m


def rows(tree) -> list[list[str]]:
    return [[tree.topLevelItem(i).text(c) for c in range(4)]
            for i in range(tree.topLevelItemCount())]


def wait_for(w, qtbot, code: str) -> None:
    qtbot.waitUntil(lambda: any(p.code == code for p in w.document.problems), timeout=10000)


def test_where_column_names_regions_forts_and_hexes_in_words(make_window, qtbot):
    w = make_window(halves_map())
    wait_for(w, qtbot, "region.half_forts")
    listed = rows(w.problems_panel.tree)
    forts = [r for r in listed if r[3] == "region.half_forts"]
    assert sorted(r[1] for r in forts) == ["region 'half_1_6'", "region 'half_7_12'"]
    assert any("holds 1 fort," in r[0] for r in forts)
    assert any("holds 0 forts," in r[0] for r in forts)
    assert not any(r[1].startswith("/") for r in listed)
    w.document.paint_terrain([w.document.map.to_axial(4, 7)], "water")
    wait_for(w, qtbot, "fort.on_water")
    (water,) = [r for r in rows(w.problems_panel.tree) if r[3] == "fort.on_water"]
    assert water[1] == "fort F3 'Verdun', hex 4,7"


def test_clicking_a_region_problem_fits_the_whole_region(make_window, qtbot):
    w = make_window(halves_map())
    w.set_zoom(2.0)
    wait_for(w, qtbot, "region.half_forts")
    tree = w.problems_panel.tree
    i = next(i for i, r in enumerate(rows(tree)) if r[1] == "region 'half_7_12'")
    item = tree.topLevelItem(i)
    tree.scrollToItem(item)
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton,
                     pos=tree.visualItemRect(item).center())
    m = w.document.map
    region = m.regions[1].hexes
    assert w.document.selection == region
    shown = w.view.visible_scene_rect()
    geom = w.view.map_scene.terrain.geom
    for h in region:
        x, y = geom.hex_center(h)
        assert shown.contains(x, y), (m.to_offset(h), shown)


def test_default_problems_panel_shows_six_rows_at_1280x720(make_window, qtbot):
    w = make_window(halves_map(), )
    w.resize(1280, 720)
    w.document.paint_terrain([w.document.map.to_axial(4, 7)], "water")
    wait_for(w, qtbot, "fort.on_water")
    tree = w.problems_panel.tree
    qtbot.waitUntil(lambda: tree.topLevelItemCount() > 0)
    row = tree.visualItemRect(tree.topLevelItem(0)).height()
    assert tree.viewport().height() >= MIN_ROWS * row
