"""Canvas benchmarks on a generated 100,000-hex map in a 1600×900 offscreen view (make bench).

Each frame is measured beside the naive baseline in the same run: one QGraphicsPolygonItem per
hex in an identical view. Goals: open + first paint <= 2 s, frame at 1:1 <= 16 ms, frame fully
zoomed out <= 33 ms, radius-2 brush dab (set terrain, emit terrainChanged, repaint) <= 10 ms.
The last test prints the medians and canvas/baseline ratios.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QBrush, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView

from editor.canvas import MapView
from editor.canvas.geometry import GridGeometry
from editor.canvas.style import TERRAIN_COLOR
from editor.canvas.view import MIN_ZOOM
from editor.document import MapDocument
from engine.hexes import disk
from engine.model import TERRAINS
from tests.editor_canvas.fakes import generate_map

WIDTH, HEIGHT = 400, 250  # 100,000 hexes
VIEW_W, VIEW_H = 1600, 900
MEDIANS: dict[str, float] = {}


def _median(benchmark) -> float:
    return benchmark.stats.stats.median


@pytest.fixture(scope="module")
def big_map():
    return generate_map(WIDTH, HEIGHT, seed=3)


@pytest.fixture(scope="module")
def canvas(qapp, big_map):
    doc = MapDocument(big_map)
    view = MapView(doc)
    view.map_scene.terrain.build_budget_s = 1e9  # measure whole frames, never deferred ones
    view.resize(VIEW_W, VIEW_H)
    view.show()
    QApplication.processEvents()
    yield view, doc
    view.close()


@pytest.fixture(scope="module")
def baseline(qapp, big_map):
    """One QGraphicsPolygonItem per hex: the approach the chunked layer replaces."""
    g = GridGeometry.of(big_map)
    scene = QGraphicsScene()
    brushes = [QBrush(TERRAIN_COLOR[t]) for t in TERRAINS]
    pen = QPen(TERRAIN_COLOR["meadow"].darker(130), 0)
    corners = [QPointF(x, y) for x, y in g.corner_offsets()]
    items = []
    for row in range(big_map.height):
        for col in range(big_map.width):
            x, y = g.center(col, row)
            item = scene.addPolygon(QPolygonF([c + QPointF(x, y) for c in corners]), pen,
                                    brushes[big_map.terrain[row * big_map.width + col]])
            items.append(item)
    view = QGraphicsView(scene)
    view.setRenderHint(QPainter.RenderHint.Antialiasing, True)  # as MapView
    view.resize(VIEW_W, VIEW_H)
    view.show()
    QApplication.processEvents()
    yield view, items, brushes
    view.close()


def _frame(view) -> None:
    view.viewport().repaint()


def _at_1_to_1(view, big_map) -> None:
    view.resetTransform()
    x, y = GridGeometry.of(big_map).center(WIDTH // 2, HEIGHT // 2)
    view.centerOn(QPointF(x, y))
    view.viewport().repaint()  # warm the chunk cache: steady-state frames are measured


def _zoomed_out(view) -> None:
    view.resetTransform()
    view.scale(MIN_ZOOM, MIN_ZOOM)
    view.viewport().repaint()


def test_open_and_first_paint(benchmark, qapp, big_map):
    def run():
        doc = MapDocument(big_map)
        view = MapView(doc)
        view.map_scene.terrain.build_budget_s = 1e9
        view.resize(VIEW_W, VIEW_H)
        view.show()
        view.zoom_to_fit()
        view.viewport().repaint()
        QApplication.processEvents()
        view.close()

    benchmark.pedantic(run, rounds=3, iterations=1)
    MEDIANS["open + first paint"] = _median(benchmark)


def test_baseline_frame_1_to_1(benchmark, baseline, big_map):
    view, _items, _brushes = baseline
    _at_1_to_1(view, big_map)
    benchmark.pedantic(_frame, args=(view,), rounds=15, iterations=1)
    MEDIANS["baseline frame 1:1"] = _median(benchmark)


def test_frame_1_to_1(benchmark, canvas, big_map):
    view, _doc = canvas
    _at_1_to_1(view, big_map)
    benchmark.pedantic(_frame, args=(view,), rounds=30, iterations=1)
    MEDIANS["frame 1:1"] = _median(benchmark)


def test_baseline_frame_zoomed_out(benchmark, baseline):
    view, _items, _brushes = baseline
    _zoomed_out(view)
    benchmark.pedantic(_frame, args=(view,), rounds=5, iterations=1)
    MEDIANS["baseline frame zoomed out"] = _median(benchmark)


def test_frame_zoomed_out(benchmark, canvas):
    view, _doc = canvas
    _zoomed_out(view)
    benchmark.pedantic(_frame, args=(view,), rounds=30, iterations=1)
    MEDIANS["frame zoomed out"] = _median(benchmark)


def test_baseline_dab(benchmark, baseline, big_map):
    view, items, brushes = baseline
    _at_1_to_1(view, big_map)
    m = big_map
    h = m.to_axial(WIDTH // 2, HEIGHT // 2)
    idx = [m.index(x) for x in disk(h, 2)]
    state = {"k": 0}

    def dab():
        state["k"] += 1
        for i in idx:
            items[i].setBrush(brushes[state["k"] % 3])
        view.viewport().repaint()

    benchmark.pedantic(dab, rounds=20, iterations=1)
    MEDIANS["baseline dab"] = _median(benchmark)


def test_brush_dab(benchmark, canvas, big_map):
    view, doc = canvas
    _at_1_to_1(view, big_map)
    m = doc.map
    h = m.to_axial(WIDTH // 2 + 3, HEIGHT // 2 + 2)
    hexes = disk(h, 2)
    state = {"k": 0}

    def dab():
        state["k"] += 1
        terrain = ("forest", "water", "road")[state["k"] % 3]
        for x in hexes:
            m.set_terrain(x, terrain)
        doc.terrainChanged.emit([m.index(x) for x in hexes])
        view.viewport().repaint()

    benchmark.pedantic(dab, rounds=30, iterations=1)
    MEDIANS["dab"] = _median(benchmark)


@pytest.fixture(scope="module", autouse=True)
def report(request):
    """After the module: print the medians and baseline/canvas ratios (times faster)."""
    yield
    if not MEDIANS:
        return
    lines = [f"{name:>28}: {sec * 1000:9.2f} ms" for name, sec in MEDIANS.items()]
    for name in ("frame 1:1", "frame zoomed out", "dab"):
        base = MEDIANS.get(f"baseline {name}")
        ours = MEDIANS.get(name)
        if base and ours:
            lines.append(f"{'baseline / canvas ' + name:>28}: {base / ours:9.1f} x")
    text = "\ncanvas benchmark medians\n" + "\n".join(lines)
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if capture is None:
        print(text)
        return
    with capture.global_and_fixture_disabled():  # what capsys.disabled() does, module-wide
        print(text)
