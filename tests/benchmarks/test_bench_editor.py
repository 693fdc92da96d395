"""Editor benchmarks on a generated 100,000-hex map (make bench). Medians are reported by
pytest-benchmark; each measured operation has a plain-Python baseline in the same run.

Goals (issue 4): open + first paint <= 2 s; brush dab (radius 2) applied and repainted
<= 10 ms; flood fill of 10,000 hexes <= 100 ms; undo of that fill <= 50 ms.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QApplication

from editor import files
from editor.document import MapDocument
from editor.settings import Settings
from engine.hexes import disk
from engine.model import TERRAIN_ID, GameMap
from tests.editor.conftest import view_factory

QStandardPaths.setTestModeEnabled(True)
WIDTH, HEIGHT = 400, 250  # 100,000 hexes
FILL_SIDE = 100  # a 100 x 100 meadow pocket walled by water: 10,000 hexes


def generated_map() -> GameMap:
    """Mixed terrain with a walled 100x100 meadow pocket in the top-left corner."""
    m = GameMap.blank("bench", WIDTH, HEIGHT, name="Benchmark")
    t = m.terrain
    forest, water = TERRAIN_ID["forest"], TERRAIN_ID["water"]
    for row in range(HEIGHT):
        for col in range(WIDTH):
            if col < FILL_SIDE and row < FILL_SIDE:
                continue
            if col == FILL_SIDE or row == FILL_SIDE:
                t[row * WIDTH + col] = water
            elif (col * 7 + row * 13) % 11 < 3:
                t[row * WIDTH + col] = forest
    return m


@pytest.fixture(scope="module")
def big_map_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("bench") / "big.map.yaml"
    files.save_map(generated_map(), path)
    return path


def _window(doc: MapDocument, tmp_path):
    from editor.main_window import MainWindow

    settings = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    w = MainWindow(doc, view_factory=view_factory(), settings=settings)
    w.resize(1600, 900)
    return w


def test_open_and_first_paint(benchmark, qapp, big_map_file, tmp_path):
    def run():
        opened = files.open_map(big_map_file)
        w = _window(MapDocument(opened.map, opened.path), tmp_path)
        w.show()
        w.view.viewport().repaint()
        QApplication.processEvents()
        return w

    windows = []
    benchmark.pedantic(lambda: windows.append(run()), rounds=3, iterations=1)
    for w in windows:
        w.validator.shutdown()
        w.close()


def test_baseline_parse_only(benchmark, big_map_file):
    """Baseline: reading the same file with engine.content alone (no window)."""
    from engine.content import load_map

    benchmark(load_map, big_map_file)


@pytest.fixture
def big_window(qapp, tmp_path):
    doc = MapDocument(generated_map())
    w = _window(doc, tmp_path)
    w.show()
    w.set_zoom(1.0)
    QApplication.processEvents()
    yield w
    w.validator.shutdown()
    w.document.undo_stack.setClean()
    w.close()


def test_brush_dab_radius2_applied_and_repainted(benchmark, big_window):
    doc = big_window.document
    m = doc.map
    center = m.to_axial(50, 50)
    big_window.view.center_on_hex(center)
    QApplication.processEvents()
    terrains = ["forest", "water"]
    state = {"i": 0}

    def dab():
        state["i"] += 1
        doc.paint_terrain(disk(center, 2), terrains[state["i"] % 2], doc.new_stroke_id())
        big_window.view.viewport().repaint()

    benchmark.pedantic(dab, rounds=60, warmup_rounds=5, iterations=1)


def test_baseline_dab_plain_loop(benchmark):
    """Baseline: the same 19 hexes written by a plain Python loop, no undo, no repaint."""
    m = generated_map()
    center = m.to_axial(50, 50)
    values = [TERRAIN_ID["forest"], TERRAIN_ID["water"]]
    state = {"i": 0}

    def loop():
        state["i"] += 1
        v = values[state["i"] % 2]
        for h in disk(center, 2):
            m.terrain[m.index(h)] = v

    benchmark(loop)


def test_flood_fill_10000(benchmark, qapp):
    doc = MapDocument(generated_map())
    start = doc.map.to_axial(10, 10)

    def setup():
        if doc.undo_stack.count():
            doc.undo_stack.undo()
            doc.undo_stack.clear()
        return (), {}

    result = {}

    def fill():
        result["n"] = doc.fill_terrain(start, "forest")

    benchmark.pedantic(fill, setup=setup, rounds=20, iterations=1)
    assert result["n"] == FILL_SIDE * FILL_SIDE


def test_undo_fill_10000(benchmark, qapp):
    doc = MapDocument(generated_map())
    start = doc.map.to_axial(10, 10)

    def setup():
        doc.undo_stack.clear()
        doc.fill_terrain(start, "forest")
        return (), {}

    benchmark.pedantic(doc.undo_stack.undo, setup=setup, rounds=20, iterations=1)
    assert doc.map.terrain_at(start) == "meadow"


def test_baseline_plain_loop_10000(benchmark):
    """Baseline: a plain Python loop writing the same 10,000 indices."""
    m = generated_map()
    indices = [r * WIDTH + c for r in range(FILL_SIDE) for c in range(FILL_SIDE)]
    v = TERRAIN_ID["forest"]

    def loop():
        t = m.terrain
        for i in indices:
            t[i] = v

    benchmark(loop)
