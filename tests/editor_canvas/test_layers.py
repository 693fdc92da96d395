"""Objects and highlight layers repaint only what changed; overlay switches reach the layers."""

from __future__ import annotations

from engine.hexes import Hex
from engine.model import StartMarker


def test_objects_sync_repaints_only_changed_objects(make_view):
    view, doc, _tool = make_view(40, 30)
    layer = view.map_scene.objects
    assert layer.sync() == []  # nothing changed
    marker = doc.map.start_markers[0]
    old_hex = marker.hex
    marker.hex = old_hex + Hex(3, 0)
    dirty = layer.sync()
    assert len(dirty) == 2  # where it was and where it is
    g = layer.geom
    xs = [g.hex_center(old_hex)[0], g.hex_center(marker.hex)[0]]
    assert all(any(r.left() < x < r.right() for r in dirty) for x in xs)
    doc.map.start_markers.append(StartMarker(13, doc.map.to_axial(5, 5)))
    assert len(layer.sync()) == 1


def test_unchanged_objects_keep_their_shapes(make_view):
    view, doc, _tool = make_view(40, 30)
    layer = view.map_scene.objects
    shapes = {id(e.obj): e.shape for e in layer._entries}
    doc.map.forts[0].owner = "FR"
    doc.objectsChanged.emit()
    after = {id(e.obj): e.shape for e in layer._entries}
    fort0 = id(doc.map.forts[0])
    assert all(after[k] is v for k, v in shapes.items() if k != fort0)
    assert after[fort0] is not shapes[fort0]


def test_selected_object_is_repainted_and_remembered(make_view):
    view, doc, _tool = make_view(40, 30)
    fort = doc.map.forts[1]
    doc.selected_object = fort
    doc.selectionChanged.emit()
    layer = view.map_scene.objects
    assert layer.selected is fort
    assert any(e.signature[2] for e in layer._entries if e.obj is fort)


def test_highlights_repaint_changed_hexes_only(make_view, qtbot):
    view, doc, _tool = make_view(40, 30)
    hl = view.map_scene.highlights
    rects = []
    original = hl.update

    def spy(*args):
        rects.append(args[0] if args else None)
        original(*args)

    hl.update = spy
    a, b = doc.map.to_axial(3, 3), doc.map.to_axial(30, 20)
    doc.overlay_hexes = {"preview": {a}}
    doc.overlayChanged.emit()
    doc.overlay_hexes = {"preview": {a}, "problems": {b}}
    doc.overlayChanged.emit()
    assert len(rects) == 2
    bx, by = hl.geom.hex_center(b)
    assert rects[1].contains(bx, by)
    ax, ay = hl.geom.hex_center(a)
    assert not rects[1].contains(ax, ay)  # the unchanged preview hex is not repainted
    doc.selection = {a}
    doc.selectionChanged.emit()
    assert hl._sets["selection"] == frozenset({a})


def test_overlay_switches_reach_layers(make_view):
    view, _doc, _tool = make_view(20, 20)
    scene = view.map_scene
    view.set_overlay_visible("coords", True)
    assert scene.terrain.tstyle.coords
    view.set_overlay_visible("regions", False)
    assert scene.terrain.tstyle.regions == []
    view.set_overlay_visible("regions", True)
    assert len(scene.terrain.tstyle.regions) == 2
    view.set_overlay_visible("paths", False)
    assert not scene.objects.show_paths
    view.set_overlay_visible("problems", False)
    assert "problems" in scene.highlights.hidden
