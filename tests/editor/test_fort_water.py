"""Finding 4 of issue 13: the fort tool's auto-fit keeps the footprint off water, and a fort
standing on water is a problem the Problems panel shows (code `fort.on_water`)."""

from __future__ import annotations

from editor.forts import suggest_fort
from engine.model import TERRAIN_ID, Fort, GameMap
from tests.editor.conftest import click

WATER = TERRAIN_ID["water"]


def river_map() -> GameMap:
    """20×16 with a water column at col 8 (a river the fort must not straddle)."""
    m = GameMap.blank("t", 20, 16, name="T")
    for r in range(16):
        m.terrain[m.index(m.to_axial(8, r))] = WATER
    return m


def test_clicking_next_to_water_places_the_fort_on_land(make_window):
    w = make_window(river_map())
    m = w.document.map
    w.set_tool("fort")
    w.state.set(fort_size=2)
    click(w, m.to_axial(7, 6))
    (fort,) = m.forts
    assert all(m.terrain_at(h) != "water" for h in (*fort.hexes, *fort.entrances))


def test_auto_fit_finds_nothing_on_a_water_hex():
    m = river_map()
    assert suggest_fort(m, m.to_axial(8, 6), 2) is None


def test_clicking_water_places_no_fort_and_says_why(make_window):
    w = make_window(river_map())
    w.set_tool("fort")
    click(w, w.document.map.to_axial(8, 6))
    assert w.document.map.forts == []
    assert "No 2-hex fort fits at 8,6" in w.statusBar().currentMessage()


def test_a_fort_on_water_is_listed_in_the_problems_panel(make_window, qtbot):
    m = river_map()
    a, b = m.to_axial(7, 6), m.to_axial(8, 6)
    m.forts.append(Fort("F3", "Verdun", [a, b], [a.neighbor(3), b.neighbor(0)]))
    w = make_window(m)
    qtbot.waitUntil(
        lambda: any(p.code == "fort.on_water" for p in w.document.problems), timeout=10000
    )
    tree = w.problems_panel.tree
    codes = [tree.topLevelItem(i).text(3) for i in range(tree.topLevelItemCount())]
    assert "fort.on_water" in codes
