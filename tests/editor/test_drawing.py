"""Finding 6 of issue 13: how roads, bridges, forts, selected paths and tool previews are
drawn. Each test renders offscreen and checks what a designer complained about."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtTest import QTest
from shapely.geometry import LineString, Point, Polygon

from editor.canvas import objects_paint as op
from editor.canvas import style
from editor.canvas.geometry import GridGeometry
from editor.canvas.road_cover import RoadCover
from editor.canvas.terrain_paint import HexShapes, TerrainStyle, paint_terrain
from engine.content import load_map
from engine.geometry import smooth_points, unit_layout
from engine.hexes import Hex
from engine.model import TERRAIN_ID, Fort, GameMap, MapPath
from tests.editor.conftest import DEFAULT_MAP, click, send_mouse

ROAD, WATER, FOREST = TERRAIN_ID["road"], TERRAIN_ID["water"], TERRAIN_ID["forest"]


def _image(w: int = 600, h: int = 400) -> tuple[QImage, QPainter]:
    img = QImage(w, h, QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    return img, p


def _close(c: QColor, ref: QColor, tol: int = 14) -> bool:
    return (abs(c.red() - ref.red()) <= tol and abs(c.green() - ref.green()) <= tol
            and abs(c.blue() - ref.blue()) <= tol)


def _road_strip() -> tuple[GameMap, Hex, Hex]:
    """Two rows of road hexes with a drawn road between them (covering both): the
    hex-level lines used to join every neighbour pair across the rows into a ladder."""
    m = GameMap.blank("t", 8, 4, name="T")
    for col in range(1, 7):
        for row in (1, 2):
            m.terrain[m.index(m.to_axial(col, row))] = ROAD
    lay = unit_layout(m.layout.orientation)
    y = (lay.hex_to_pixel(m.to_axial(1, 1))[1] + lay.hex_to_pixel(m.to_axial(1, 2))[1]) / 2
    m.paths.append(MapPath("road_1", "road", [(0.5, y), (12.5, y)], "road", 0.45))
    return m, m.to_axial(3, 1), m.to_axial(3, 2)


def _rung_pixels(m: GameMap, a: Hex, b: Hex, spots: dict) -> int:
    geom = GridGeometry.of(m)
    img, p = _image(int(geom.hex_w * 9), int(geom.hex_h * 5))
    paint_terrain(p, m, HexShapes(geom), QRectF(0, 0, img.width(), img.height()),
                  TerrainStyle(grid=False, road_spots=spots), 1.0)
    p.end()
    (ax, ay), (bx, by) = geom.hex_center(a), geom.hex_center(b)
    samples = [(ax + (bx - ax) * t, ay + (by - ay) * t) for t in (0.3, 0.4, 0.6, 0.7)]
    return sum(_close(img.pixelColor(round(x), round(y)), style.ROAD_FILL) for x, y in samples)


def test_no_hex_level_road_ladder_under_a_drawn_road():
    m, a, b = _road_strip()
    assert _rung_pixels(m, a, b, {}) >= 2  # a brush-painted road still shows its connection
    cover = RoadCover()
    cover.update(m)
    assert m.index(a) in cover.spots and m.index(b) in cover.spots
    assert _rung_pixels(m, a, b, cover.spots) == 0


def test_bridge_decks_lie_where_the_drawn_road_crosses_the_drawn_river():
    m = load_map(DEFAULT_MAP)
    cover = RoadCover()
    cover.update(m)
    rivers = [LineString(smooth_points(p.points)) for p in m.paths if p.kind == "river"]
    decks = [s for p in m.paths if p.kind == "road" for s in cover.bridges_of(m, p.id)]
    assert len(decks) >= 3
    for spot in decks:
        assert min(r.distance(Point(spot.x, spot.y)) for r in rivers) < 0.05, spot


def _polygon(path) -> Polygon:
    ring = path.toSubpathPolygons()[0]
    return Polygon([(ring.at(i).x(), ring.at(i).y()) for i in range(ring.size())])


def test_ravelin_is_a_separate_outwork_for_every_facing_and_size():
    m = GameMap.blank("t", 10, 10, name="T")
    geom = GridGeometry.of(m)
    h = m.to_axial(4, 4)
    for hexes in ([h], [h, h + Hex(1, 0)], [h, h + Hex(0, 1)]):
        for facing in range(6):
            fort = Fort("F1", "F", hexes, [h + Hex(-1, 0), h + Hex(2, 0)], facing=facing)
            outline, ravelin, _, _ = op.fort_outline(fort, geom)
            assert ravelin is not None
            # Both works are stroked with walls about 0.1 hex sizes wide: a gap of 0.2
            # leaves a ditch between them (at 0.12 the walls touched: a sixth star point).
            gap = _polygon(outline).distance(_polygon(ravelin)) / geom.size
            assert gap >= 0.2, (len(hexes), facing, gap)


def _dark_on_border(fort: Fort, geom: GridGeometry) -> int:
    img, p = _image(800, 600)
    op.paint_fort(p, fort, geom, 2.0)
    p.end()
    dark = 0
    for line in op.footprint_border(list(fort.hexes), geom):
        for k in range(1, 20):
            pt = line.pointAt(k / 20)
            dark += img.pixelColor(round(pt.x()), round(pt.y())).lightness() < 130
    return dark


def test_two_hex_fort_shows_its_footprint_outline(monkeypatch):
    m = GameMap.blank("t", 10, 10, name="T")
    geom = GridGeometry.of(m)
    h = m.to_axial(4, 4)
    fort = Fort("F1", "F", [h, h + Hex(1, 0)], [h + Hex(-1, 0), h + Hex(2, 0)])
    assert len(op.footprint_border(list(fort.hexes), geom)) == 10
    outlined = _dark_on_border(fort, geom)
    monkeypatch.setattr(op, "_footprint", lambda *a: None)
    trace_only = _dark_on_border(fort, geom)
    # The star alone crosses the footprint's border in a few places; the outline runs along
    # all of it (dashed).
    assert outlined >= 60 and outlined >= 3 * trace_only, (outlined, trace_only)


def test_selected_trench_is_outlined_not_drawn_as_a_blue_band():
    mp = MapPath("trench_1", "trench", [(1.0, 2.0), (6.0, 2.0)], "trench", 0.45)
    s = 40.0
    curve = op.smooth_path(mp.points, s)
    img, p = _image(320, 160)
    op.paint_map_path(p, mp, [(curve, op.path_decoration(mp, curve, s))], s, 1.0, True)
    p.end()
    painted = blue = 0
    for x in range(0, img.width(), 2):
        for y in range(0, img.height(), 2):
            c = img.pixelColor(x, y)
            if (c.red(), c.green(), c.blue()) != (255, 255, 255):
                painted += 1
                blue += c.blue() > c.red() + 60 and c.blue() > c.green() + 30
    assert painted > 200
    assert blue < painted * 0.15, (blue, painted)


def test_path_tool_previews_the_line_being_drawn(make_window):
    w = make_window()
    m = w.document.map
    w.set_tool("path")
    click(w, m.to_axial(3, 3))
    click(w, m.to_axial(8, 3))
    send_mouse(w, "move", m.to_axial(10, 6), button=Qt.MouseButton.NoButton)
    draft = w.document.draft
    assert draft is not None and draft.path is not None
    assert len(draft.path.points) == 3  # two clicks and the mouse
    layer = w.view.scene().draft
    assert layer.boundingRect().width() > GridGeometry.of(m).hex_w * 5
    QTest.keyClick(w.view, Qt.Key.Key_Escape)
    assert w.document.draft is None
    assert not m.paths


def test_paste_preview_shows_the_terrain_it_will_paste(make_window):
    w = make_window()
    doc = w.document
    m = doc.map
    doc.paint_terrain([m.to_axial(2, 2)], "forest")
    doc.paint_terrain([m.to_axial(3, 2)], "water")
    doc.set_selection({m.to_axial(2, 2), m.to_axial(3, 2)})
    QTest.keyClick(w.view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(w.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    target = m.to_axial(10, 8)
    send_mouse(w, "move", target, button=Qt.MouseButton.NoButton)
    draft = doc.draft
    assert draft is not None
    assert draft.landing() == {target: FOREST, target + Hex(1, 0): WATER}
    img = w.view.viewport().grab().toImage()
    geom = GridGeometry.of(m)
    x, y = geom.hex_center(target)
    pt = w.view.mapFromScene(x, y)
    c = img.pixelColor(pt.x(), pt.y())
    x, y = geom.hex_center(target + Hex(0, 2))
    far = w.view.mapFromScene(x, y)
    meadow = img.pixelColor(far.x(), far.y())
    assert c.green() < meadow.green() - 30, (c, meadow)  # forest, not a bare outline
    QTest.keyClick(w.view, Qt.Key.Key_Escape)
    assert doc.draft is None


def test_a_floating_stamp_is_drawn_once_and_moved_where_the_mouse_goes(make_window):
    """A 90,000-hex stamp took a second per mouse move: the preview was rebuilt hex by hex
    each time. It is drawn once and moved; the picture is the one drawn in place."""
    from editor.canvas.draft_layer import DraftLayer
    from editor.draft import Draft

    w = make_window()
    m = w.document.map
    pairs = ((Hex(0, 0), FOREST), (Hex(1, 0), WATER), (Hex(0, 1), ROAD), (Hex(-1, 2), FOREST))
    at = m.to_axial(6, 5)

    def picture(draft: Draft) -> QImage:
        layer = DraftLayer(m)
        layer.set_draft(draft)
        img, p = _image(800, 700)
        layer.paint(p, None)
        p.end()
        return img, layer.boundingRect()

    moved, moved_rect = picture(Draft(terrain=pairs, at=at))
    in_place, in_place_rect = picture(Draft(terrain=tuple(Draft(terrain=pairs, at=at)
                                                           .landing().items())))
    assert moved_rect == in_place_rect and not moved_rect.isEmpty()
    differ = [(x, y) for x in range(moved.width()) for y in range(0, moved.height(), 2)
              if not _close(moved.pixelColor(x, y), in_place.pixelColor(x, y), 3)]
    assert not differ, differ[:5]
    layer = DraftLayer(m)
    layer.set_draft(Draft(terrain=pairs, at=at))
    drawn = layer._stamp
    layer.set_draft(Draft(terrain=pairs, at=at + Hex(3, 1)))
    assert layer._stamp is drawn  # moved, not drawn again


def test_floating_stamp_is_mirrored_with_x_before_placing_as_one_undo_step(make_window):
    w = make_window()
    doc = w.document
    m = doc.map
    doc.paint_terrain([m.to_axial(2, 2)], "forest")
    doc.paint_terrain([m.to_axial(4, 2)], "water")
    doc.set_selection({m.to_axial(c, 2) for c in (2, 3, 4)})
    QTest.keyClick(w.view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(w.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    target = m.to_axial(10, 8)
    send_mouse(w, "move", target, button=Qt.MouseButton.NoButton)
    QTest.keyClick(w.view, Qt.Key.Key_X)
    assert doc.draft.landing()[target] == WATER  # the preview follows the turn
    depth = doc.undo_stack.count()
    click(w, target)
    row = [m.terrain[m.index(target + Hex(k, 0))] for k in range(3)]
    assert row == [WATER, TERRAIN_ID["meadow"], FOREST]
    assert doc.undo_stack.count() == depth + 1
    doc.undo_stack.undo()
    assert all(m.terrain[m.index(target + Hex(k, 0))] == TERRAIN_ID["meadow"] for k in range(3))
    # Z turns a floating stamp half round; twice is the stamp as copied.
    QTest.keyClick(w.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    send_mouse(w, "move", target, button=Qt.MouseButton.NoButton)
    QTest.keyClick(w.view, Qt.Key.Key_Z)
    QTest.keyClick(w.view, Qt.Key.Key_Z)
    assert doc.draft.landing()[target] == FOREST
    assert math.isclose(len(doc.draft.terrain), 3)


def test_road_cover_update_is_free_when_no_road_changed():
    """Every fort move or region paint re-reads the roads: with none changed, the merged spots
    are kept as they are instead of being rebuilt and compared hex by hex (12-36 ms on the
    1M benchmark map); a moved road still reports the hexes it left and reached."""
    m = load_map(DEFAULT_MAP)
    cover = RoadCover()
    assert cover.update(m)
    spots = cover.spots
    assert cover.update(m) == set()
    assert cover.spots is spots
    road = next(p for p in m.paths if p.kind == "road")
    road.points = [(x + 3.0, y) for x, y in road.points]
    changed = cover.update(m)
    expected = {i for i in spots.keys() | cover.spots.keys()
                if spots.get(i) != cover.spots.get(i)}
    assert changed and changed == expected


def test_road_spots_match_shapely_along_curved_and_degenerate_lines():
    """The spots' distances along a road and its points there are what shapely's
    line_locate_point / line_interpolate_point give (they walked every segment per hex):
    curves, repeated points (zero-length segments), targets off both ends."""
    import random

    import numpy as np
    import shapely

    from editor.canvas.road_cover import _Polyline

    rng = random.Random(14)
    for n in (2, 3, 17, 400):
        pts = [(rng.uniform(0, 40), rng.uniform(0, 40)) for _ in range(n)]
        pts.insert(n // 2, pts[n // 2])  # a zero-length segment
        coords = np.array(smooth_points(pts), dtype=float)
        line = LineString(coords)
        targets = np.array([(rng.uniform(-10, 50), rng.uniform(-10, 50)) for _ in range(300)])
        polyline = _Polyline(coords)
        d = polyline.locate(targets)
        expected = shapely.line_locate_point(line, shapely.points(targets))
        assert np.allclose(d, expected, rtol=0, atol=1e-9)
        probes = np.concatenate([d, [-1.0, 0.0, line.length, line.length + 5.0]])
        got = polyline.interpolate(probes)
        want = shapely.get_coordinates(shapely.line_interpolate_point(
            line, np.clip(probes, 0.0, line.length)))
        assert np.allclose(got, want, rtol=0, atol=1e-9)


def test_path_pieces_are_the_spans_of_the_whole_curve():
    """Cutting a long path into pieces computes its Bézier controls once; each piece is the
    same curve as drawing those spans alone."""
    pts = [(i * 0.9, (i % 5) * 0.7) for i in range(40)]
    mp = MapPath("road_1", "road", pts, "road", 0.3)
    pieces = op.path_pieces(mp, 32.0)
    assert len(pieces) == 7
    for k, piece in enumerate(pieces):
        assert piece.curve == op.smooth_path(pts, 32.0, 6 * k, 6 * k + 6)


def test_a_large_floating_stamp_zoomed_out_is_a_picture_drawn_once(monkeypatch):
    """Zoomed out, tens of thousands of hex polygons per mouse move took seconds: a large
    stamp is rasterised once per zoom step and the picture moved. It shows what the
    vectors show (block by block, the same colours)."""
    from editor.canvas import draft_layer
    from editor.canvas.draft_layer import DraftLayer
    from editor.draft import Draft

    m = GameMap.blank("big", 60, 60)
    rng = __import__("random").Random(7)
    pairs = tuple((m.to_axial(c, r), rng.choice((FOREST, WATER, ROAD)))
                  for r in range(60) for c in range(60))
    assert len(pairs) >= draft_layer.PICTURE_FROM_HEXES

    def render(layer: DraftLayer, at: Hex) -> QImage:
        layer.set_draft(Draft(terrain=pairs, at=at))
        img, p = _image(700, 600)
        p.scale(0.25, 0.25)
        layer.paint(p, None)
        p.end()
        return img

    layer = DraftLayer(m)
    picture = render(layer, Hex(0, 0))
    drawn = layer._stamp.image
    assert drawn is not None and layer._stamp.image_scale == 0.25
    render(layer, Hex(2, 1))
    assert layer._stamp.image is drawn  # moved, not rasterised again
    monkeypatch.setattr(draft_layer, "PICTURE_FROM_HEXES", 10**9)
    vectors = render(DraftLayer(m), Hex(0, 0))

    def mean(img: QImage, x0: int, y0: int) -> tuple[float, float, float]:
        cs = [img.pixelColor(x, y) for x in range(x0, x0 + 20) for y in range(y0, y0 + 20)]
        return tuple(sum(getattr(c, k)() for c in cs) / len(cs)
                     for k in ("red", "green", "blue"))

    for x0 in range(40, 500, 60):
        for y0 in range(40, 400, 60):
            a, b = mean(picture, x0, y0), mean(vectors, x0, y0)
            assert all(abs(u - v) <= 6 for u, v in zip(a, b, strict=True)), (x0, y0, a, b)


def test_road_cover_changes_are_those_of_a_full_comparison_after_any_road_edit():
    """The spots that changed are found from the added, removed and changed roads only; after
    every kind of road edit they are exactly what comparing all spots finds, and the spots
    are those of a cover built afresh."""
    import dataclasses
    import random

    m = load_map(DEFAULT_MAP)
    rng = random.Random(5)
    cover = RoadCover()
    cover.update(m)
    roads = [p for p in m.paths if p.kind == "road"]
    edits = [
        lambda: m.paths.append(dataclasses.replace(roads[0], id="copy_0")),  # overlaps road 0
        lambda: m.paths.remove(roads[0]),
        lambda: setattr(roads[1], "points", [(x, y + 1.0) for x, y in roads[1].points]),
        lambda: m.paths.insert(0, m.paths.pop()),  # the roads' order changes
        lambda: setattr(roads[2], "width", 0.7),
        lambda: setattr(next(p for p in m.paths if p.kind == "river"), "points",
                        [(x + 0.5, y) for x, y in
                         next(p for p in m.paths if p.kind == "river").points]),
        lambda: m.paths.append(MapPath("fresh", "road", [(rng.uniform(0, 30), 2.0),
                                                         (rng.uniform(0, 30), 20.0)],
                                       "road", 0.4)),
    ]
    for edit in edits:
        before = dict(cover.spots)
        edit()
        changed = cover.update(m)
        expected = {i for i in before.keys() | cover.spots.keys()
                    if before.get(i) != cover.spots.get(i)}
        assert changed == expected
        fresh = RoadCover()
        fresh.update(m)
        assert cover.spots == fresh.spots


def test_road_cover_follows_a_change_of_the_maps_path_coverage():
    """Which hexes a road covers depends on the map's `path_coverage`: changing it gives the
    spots of a cover built afresh, not the remembered ones."""
    m = load_map(DEFAULT_MAP)
    next(p for p in m.paths if p.kind == "road").width = 1.5  # wide: partly covered hexes
    cover = RoadCover()
    cover.update(m)
    before = dict(cover.spots)
    m.path_coverage = 0.02  # a sliver of a hex counts: more hexes are covered
    cover.update(m)
    fresh = RoadCover()
    fresh.update(m)
    assert cover.spots == fresh.spots
    assert cover.spots != before
