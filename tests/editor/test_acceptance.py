"""The issue's "done when": build a valid 4-player map with the mouse, save, reopen, compare."""

from __future__ import annotations

import pytest

from editor import files
from editor.dialogs import NewMapDialog
from engine.geometry_transform import whole_map
from tests.editor.conftest import click, drag

pytestmark = pytest.mark.qt


def test_designer_builds_a_valid_four_player_map(make_window, tmp_path):
    w = make_window()
    dlg = NewMapDialog(w)
    dlg.width.setValue(30)
    dlg.height.setValue(24)
    dlg.name.setText("Somme")
    dlg.map_id.setText("somme")
    assert w.create_new_map(dlg.values())
    m = w.document.map
    at = m.to_axial

    # Paint: a forest stroke and a lake.
    w.set_tool("brush")
    w.state.set(terrain="forest", brush_radius=1)
    drag(w, [at(4, 12), at(6, 12), at(8, 13)])
    w.state.set(terrain="water", brush_radius=1)
    drag(w, [at(22, 12), at(23, 12)])

    # Both halves: select each half with the rectangle and assign it to its region.
    for region, (c0, c1) in (("half_1_6", (0, 14)), ("half_7_12", (15, 29))):
        w.set_tool("select")
        drag(w, [at(c0, 0), at(c1, 23)])
        w.state.set(region_id=region)
        w.act_region_add.trigger()
        assert len(m.region(region).hexes) == 15 * 24

    # 14 forts, 7 per half, 2-hex footprints with two entrances.
    w.set_tool("fort")
    for c0 in (0, 15):
        for col, row in ((3, 2), (9, 2), (3, 8), (9, 8), (3, 16), (9, 16), (6, 21)):
            click(w, at(c0 + col, row))
    assert len(m.forts) == 14

    # 12 start markers: the picker moves on by itself (1..6 west, 7..12 east).
    w.set_tool("marker")
    w.state.set(marker_number=1)
    for c0 in (0, 15):
        for col, row in ((2, 5), (7, 5), (12, 5), (2, 19), (7, 19), (12, 19)):
            click(w, at(c0 + col, row))
    assert sorted(s.number for s in m.start_markers) == list(range(1, 13))

    problems = w.validator.check_sync()
    assert [p for p in problems if p.severity == "error"] == []
    assert w.problems_panel.count() == len(problems)

    out = tmp_path / "somme.map.yaml"
    assert w.save_to(out)
    again = files.open_map(out)
    assert [p for p in again.problems if p.severity == "error"] == []
    r = again.map
    assert (r.id, r.name, r.width, r.height) == ("somme", "Somme", 30, 24)
    assert r.terrain == m.terrain
    assert sorted((f.id, tuple(f.hexes), tuple(f.entrances)) for f in r.forts) == sorted(
        (f.id, tuple(f.hexes), tuple(f.entrances)) for f in m.forts
    )
    assert {(s.number, s.hex) for s in r.start_markers} == {
        (s.number, s.hex) for s in m.start_markers
    }
    assert {g.id: g.hexes for g in r.regions} == {g.id: g.hexes for g in m.regions}


def test_half_template_completed_by_rotation_is_a_valid_map(make_window, tmp_path):
    w = make_window()
    dlg = NewMapDialog(w)
    dlg.template.setCurrentIndex(dlg.template.findData("half"))
    assert w.create_new_map(dlg.values())
    m = w.document.map
    assert len(m.forts) == 7
    w.state.set(region_id="half_1_6")
    w.act_select_region.trigger()
    assert w.document.selection == m.region("half_1_6").hexes
    w.act_other_side.trigger()
    assert len(m.forts) == 14
    assert sorted(s.number for s in m.start_markers) == list(range(1, 13))
    errors = [p for p in w.validator.check_sync() if p.severity == "error"]
    assert errors == []
    # Point symmetry: every hex has the terrain of its rotated partner.
    tf = whole_map(m, "rotate_180").hex
    assert all(m.terrain_at(h) == m.terrain_at(tf(h)) for h in m.hexes())
    w.act_undo.trigger()
    assert len(m.forts) == 7 and len(m.start_markers) == 6
    assert w.save_to(tmp_path / "x.map.yaml")
