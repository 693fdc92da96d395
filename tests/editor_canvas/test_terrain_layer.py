"""Chunk cache: lazy builds, invalidation of only the changed chunks, exact patches."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from editor.canvas.terrain_layer import TerrainLayer
from engine.hexes import disk
from engine.model import Region


def _paint(view) -> None:
    view.viewport().repaint()


def test_first_paint_builds_only_visible_chunks(make_view):
    view, doc, _tool = make_view(120, 100)
    view.set_zoom(1.0)
    view.center_on_hex(doc.map.to_axial(60, 50))
    layer = view.map_scene.terrain
    layer.cache.clear()
    builds = layer.cache.builds
    _paint(view)
    visible = view.visible_scene_rect()
    expected = set(layer.grid.covering(visible))
    total = layer.grid.cols * layer.grid.rows
    assert 0 < layer.cache.builds - builds <= len(expected) < total
    assert len(layer.cache) == layer.cache.builds - builds


def test_terrain_change_patches_only_the_touched_chunk(make_view):
    view, doc, _tool = make_view(120, 100)
    view.set_zoom(1.0)
    layer = view.map_scene.terrain
    grid = layer.grid
    # A hex in the middle of a chunk, so its neighbours are in that chunk too.
    crect = grid.rect(3, 3)
    h = layer.geom.hex_at(crect.center().x(), crect.center().y())
    view.center_on_hex(h)
    _paint(view)
    builds, patches = layer.cache.builds, layer.cache.patches
    before = {k: img.copy() for k, img in layer.cache._images.items()}
    doc.paint(disk(h, 1), "water")
    _paint(view)
    assert layer.cache.builds == builds  # nothing rebuilt from scratch
    assert layer.cache.patches == patches + 1  # one dirty rectangle in one chunk
    changed = [k for k, img in layer.cache._images.items() if k in before and img != before[k]]
    assert changed == [(3, 3, 0)]


def test_patched_chunk_matches_a_fresh_build(make_view):
    view, doc, _tool = make_view(60, 50)
    view.set_zoom(1.0)
    layer = view.map_scene.terrain
    crect = layer.grid.rect(1, 1)
    h = layer.geom.hex_at(crect.center().x(), crect.center().y())
    view.center_on_hex(h)
    _paint(view)
    doc.paint(disk(h, 2), "forest")
    doc.paint([h], "road")
    _paint(view)
    patched = layer.cache.image(1, 1, 0).copy()
    layer.cache.clear()
    fresh = layer.cache.image(1, 1, 0)
    assert patched.size() == fresh.size()
    worst = 0
    for y in range(0, fresh.height(), 2):
        for x in range(0, fresh.width(), 2):
            a, b = patched.pixelColor(x, y), fresh.pixelColor(x, y)
            worst = max(worst, abs(a.red() - b.red()), abs(a.green() - b.green()),
                        abs(a.blue() - b.blue()), abs(a.alpha() - b.alpha()))
    # Blending rounding may differ by a level or two (rectangle versus path fill of the
    # region tint); a missing stroke or hex would differ by far more.
    assert worst <= 4


def test_change_of_everything_clears_cache(make_view):
    view, doc, _tool = make_view(60, 50)
    view.set_zoom(1.0)
    _paint(view)
    layer = view.map_scene.terrain
    assert len(layer.cache) > 0
    doc.terrainChanged.emit(None)
    assert len(layer.cache) == 0


def test_overlay_toggles_rebuild_chunks(make_view):
    view, _doc, _tool = make_view(40, 30)
    view.set_zoom(1.0)
    _paint(view)
    layer = view.map_scene.terrain
    builds = layer.cache.builds
    view.set_overlay_visible("grid", False)
    _paint(view)
    assert layer.tstyle.grid is False and layer.cache.builds > builds


def test_region_change_invalidates_only_changed_hexes(make_view):
    view, doc, _tool = make_view(120, 100)
    view.set_zoom(1.0)
    layer = view.map_scene.terrain
    view.center_on_hex(doc.map.to_axial(10, 10))
    _paint(view)
    region = doc.map.regions[0]
    h = doc.map.to_axial(70, 80)  # far from the painted chunks
    region.hexes.add(h)
    doc.objectsChanged.emit()
    assert layer.cache._dirty == {}
    near = doc.map.to_axial(10, 60)
    doc.map.regions[1].hexes.discard(near)
    doc.objectsChanged.emit()
    _paint(view)
    assert layer.cache.builds >= 1


def test_level_of_detail_choice(make_view):
    view, _doc, _tool = make_view()
    layer = view.map_scene.terrain
    assert TerrainLayer.level_for(2.0) == -1  # 1:1 on a high-DPI screen
    assert TerrainLayer.level_for(1.0) == 0
    assert TerrainLayer.level_for(0.6) == 0
    assert TerrainLayer.level_for(0.5) == 1
    assert TerrainLayer.level_for(0.2) == 2
    assert TerrainLayer.level_for(0.01) == 3
    assert layer.uses_overview(0.05) and not layer.uses_overview(0.5)


def test_zoomed_out_paint_uses_overview_not_chunks(make_view):
    view, doc, _tool = make_view(200, 150)
    layer = view.map_scene.terrain
    view.set_zoom(0.03)
    layer.cache.clear()
    builds = layer.cache.builds
    _paint(view)
    assert layer.cache.builds == builds
    before = layer.overview.image.pixelColor(0, 0)
    doc.paint([doc.map.to_axial(0, 0)], "water")
    assert layer.overview.image.pixelColor(0, 0) != before
    assert QRectF(layer.overview.rect).contains(view.map_scene.map_rect().center())


def test_build_budget_defers_chunks_to_follow_up_paints(make_view, qtbot):
    view, _doc, _tool = make_view(200, 150)
    layer = view.map_scene.terrain
    layer.build_budget_s = 0.0
    view.set_zoom(0.5)
    layer.cache.clear()
    _paint(view)
    assert layer.pending > 0
    layer.build_budget_s = 1e9
    qtbot.waitUntil(lambda: layer.pending == 0 and len(layer.cache) > 0, timeout=5000)


def test_a_chunk_expected_not_to_fit_the_budget_waits_for_the_next_frame(make_view):
    view, _doc, _tool = make_view(200, 150)
    layer = view.map_scene.terrain
    view.set_zoom(0.5)
    layer.cache.clear()
    layer.build_budget_s = 0.5
    layer._build_s[1] = 10.0  # as if a chunk at 1/2 had taken 10 s to build
    builds = layer.cache.builds
    _paint(view)
    # the first is built whatever it costs (progress); then 5 s are expected, over budget
    assert layer.cache.builds - builds == 1 and layer.pending > 0
    _paint(view)
    assert layer.cache.builds - builds == 2


def test_dirty_chunks_are_patched_whatever_a_build_is_expected_to_take(make_view):
    view, doc, _tool = make_view(200, 150)
    layer = view.map_scene.terrain
    view.set_zoom(0.5)
    _paint(view)
    visible = list(layer.grid.covering(view.visible_scene_rect()))
    centres = [layer.grid.rect(i, j).center() for i, j in visible[:3]]
    doc.paint([layer.geom.hex_at(c.x(), c.y()) for c in centres], "water")
    assert not any(layer.cache.has(i, j, 1) for i, j in visible[:3])
    layer.build_budget_s = 0.5
    layer._build_s[1] = 10.0
    patches = layer.cache.patches
    _paint(view)
    assert layer.pending == 0 and layer.cache.patches - patches >= 3


def test_chunks_built_over_several_frames_give_the_same_picture(make_view):
    view, doc, _tool = make_view(200, 150)
    layer = view.map_scene.terrain
    view.set_zoom(0.5)
    view.center_on_hex(doc.map.to_axial(100, 75))
    layer.cache.clear()
    _paint(view)
    assert layer.pending == 0
    at_once = view.viewport().grab().toImage()
    layer.cache.clear()
    layer.build_budget_s = 0.0  # one chunk a frame
    frames = 0
    while True:
        _paint(view)
        frames += 1
        if layer.pending == 0:
            break
    assert frames > 2
    assert view.viewport().grab().toImage() == at_once


def test_follow_up_build_after_view_is_gone_is_harmless(qtbot):
    from editor.canvas import MapView

    from .fakes import FakeDocument, generate_map

    view = MapView(FakeDocument(generate_map(200, 150)))
    view.resize(800, 600)
    with qtbot.waitExposed(view):
        view.show()
    layer = view.map_scene.terrain
    layer.build_budget_s = 0.0
    view.set_zoom(0.5)
    view.viewport().repaint()
    assert layer.pending > 0
    view.close()
    view.map_scene.removeItem(layer)
    layer._continue_building()  # what the pending timer calls: no scene, nothing to do
    view.deleteLater()
    qtbot.wait(20)  # pytest-qt fails the test on any exception raised in a Qt callback


def test_high_dpi_level_builds_double_resolution_chunks(make_view):
    view, _doc, _tool = make_view(40, 30)
    layer = view.map_scene.terrain
    fine = layer.cache.image(0, 0, -1)
    normal = layer.cache.image(0, 0, 0)
    assert (fine.width(), fine.height()) == (normal.width() * 2, normal.height() * 2)
    # Same picture: the fine image scaled down matches the normal one closely.
    half = fine.scaled(normal.size())
    c1, c2 = half.pixelColor(200, 200), normal.pixelColor(200, 200)
    assert abs(c1.green() - c2.green()) < 40


def test_tint_changes_are_the_hexes_whose_region_colour_changed():
    """Adding or removing the last region repaints only its hexes (none when it is empty);
    removing the first shifts the colours of the regions after it, so their hexes change."""
    import numpy as np
    from PySide6.QtGui import QColor

    from editor.canvas.terrain_layer import tint_changes

    red, blue, green = QColor("red"), QColor("blue"), QColor("green")
    a = np.array([1, 1, 0, 0, 0], dtype=bool)
    b = np.array([0, 1, 1, 0, 0], dtype=bool)
    empty = np.zeros(5, dtype=bool)
    assert tint_changes([(red, a), (blue, b)], [(red, a), (blue, b)]) is None
    assert not tint_changes([(red, a)], [(red, a), (blue, empty)]).any()
    assert not tint_changes([(red, a), (blue, empty)], [(red, a)]).any()
    assert tint_changes([(red, a)], [(red, a), (blue, b)]).tolist() == b.tolist()
    assert tint_changes([(red, a), (blue, b)], [(red, b)]).tolist() == (a | b).tolist()
    same = tint_changes([(red, a), (blue, b)], [(red, a.copy()), (green, b)])
    assert same.tolist() == b.tolist()


def test_adding_and_deleting_an_empty_region_repaints_no_chunk(make_view):
    view, doc, _tool = make_view(120, 100)
    view.set_zoom(1.0)
    view.center_on_hex(next(iter(doc.map.regions[1].hexes)))
    layer = view.map_scene.terrain
    _paint(view)
    work = layer.cache.builds + layer.cache.patches
    doc.map.regions.append(Region("empty_one", "Empty", set()))
    doc.objectsChanged.emit()
    _paint(view)
    doc.map.regions.pop()
    doc.objectsChanged.emit()
    _paint(view)
    assert layer.cache.builds + layer.cache.patches == work
    del doc.map.regions[0]  # the others' colours shift: repainted
    doc.objectsChanged.emit()
    _paint(view)
    assert layer.cache.builds + layer.cache.patches > work
