"""Finding 8 of issue 13: Map > Add Selection to Region asks which region in its own submenu
(not the Region tool's hidden option)."""

from __future__ import annotations

from engine.model import GameMap, Region
from tests.editor.conftest import drag


def test_add_selection_to_region_picks_the_region_in_the_menu(make_window):
    m = GameMap.blank("t", 20, 16, name="T")
    m.regions += [Region("half_1_6", "North", set()), Region("half_7_12", "South", set())]
    w = make_window(m)
    w.state.set(region_id="half_1_6")  # the tool's option must not decide
    w.set_tool("select")
    drag(w, [m.to_axial(12, 2), m.to_axial(14, 4)])
    menu = w.region_menus[True]
    menu.aboutToShow.emit()
    texts = [a.text() for a in menu.actions()]
    assert texts == ["North (half_1_6)", "South (half_7_12)"]
    menu.actions()[1].trigger()
    region = {r.id: r for r in w.document.map.regions}
    assert region["half_7_12"].hexes == {m.to_axial(c, r) for c in range(12, 15)
                                         for r in range(2, 5)}
    assert region["half_1_6"].hexes == set()
    w.document.undo_stack.undo()
    assert w.document.map.regions[1].hexes == set()
