"""The canvas against the editor's real MapDocument and the default map from content/."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from editor.canvas import MapView, render_map_image
from editor.document import MapDocument
from engine.content import load_map
from engine.hexes import disk
from engine.paths import CONTENT_DIR

DEFAULT_MAP = CONTENT_DIR / "maps" / "default.map.yaml"


def _view(qtbot, doc: MapDocument) -> MapView:
    view = MapView(doc)
    view.map_scene.terrain.build_budget_s = 1e9
    qtbot.addWidget(view)
    view.resize(900, 700)
    with qtbot.waitExposed(view):
        view.show()
    return view


def test_default_map_renders_with_objects(qapp, tmp_path):
    m = load_map(DEFAULT_MAP)
    img = render_map_image(m, 1200, 900)
    assert (img.width(), img.height()) == (1200, 900)
    colors = {img.pixel(x, y) for y in range(0, 900, 9) for x in range(0, 1200, 9)}
    assert len(colors) > 500
    assert img.save(str(tmp_path / "default.png"))


def _open_meadow(m):
    # A meadow hex with meadow around it, away from drawn paths, forts and markers.
    lay = m.layout.pixel_layout(1.0 / m.layout.hex_size)
    taken = set(m.fort_at()) | {s.hex for s in m.start_markers}
    points = [p for mp in m.paths for p in mp.points]
    for h in m.hexes():
        ring = disk(h, 1)
        if not all(m.in_bounds(x) and m.terrain_at(x) == "meadow" and x not in taken
                   for x in ring):
            continue
        x, y = lay.hex_to_pixel(h)
        if all((x - px) ** 2 + (y - py) ** 2 > 4.0 for px, py in points):
            return h
    raise AssertionError("no open meadow on the default map")


def test_undoable_paint_and_undo_repaint_the_canvas(qtbot):
    doc = MapDocument(load_map(DEFAULT_MAP))
    view = _view(qtbot, doc)
    view.set_zoom(1.0)
    h = _open_meadow(doc.map)
    view.center_on_hex(h)
    view.viewport().repaint()
    layer = view.map_scene.terrain
    patches = layer.cache.patches
    before = view.viewport().grab().toImage()
    doc.paint_terrain(disk(h, 1), "forest")
    view.viewport().repaint()
    assert layer.cache.patches > patches
    after = view.viewport().grab().toImage()
    centre = view.mapFromScene(QPointF(*layer.geom.hex_center(h)))
    assert after.pixelColor(centre) != before.pixelColor(centre)
    doc.undo_stack.undo()
    view.viewport().repaint()
    undone = view.viewport().grab().toImage()
    a, b = undone.pixelColor(centre), before.pixelColor(centre)
    assert max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) <= 4


def test_selecting_a_fort_highlights_it_and_its_capture_hexes(qtbot):
    doc = MapDocument(load_map(DEFAULT_MAP))
    view = _view(qtbot, doc)
    fort = doc.map.forts[0]
    doc.select_object(fort)
    assert view.map_scene.objects.selected is fort
    capture = doc.overlay_hexes.get("capture")
    assert capture
    assert view.map_scene.highlights._sets["capture"] == frozenset(capture)
    doc.select_object(None)
    assert view.map_scene.objects.selected is None
    assert "capture" not in view.map_scene.highlights._sets
